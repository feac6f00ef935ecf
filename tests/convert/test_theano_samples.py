"""Files written by Keras 2.3.1 on Theano convert with no options and reproduce Theano's outputs."""

from __future__ import annotations

from pathlib import Path

import pytest

from migrate.convert import ConvertOptions, convert_file

SAMPLES = Path(__file__).parent / "theano_samples"


@pytest.mark.parametrize("path", sorted(SAMPLES.glob("*.h5")), ids=lambda p: p.stem)
def test_theano_file_reproduces_theanos_outputs(path, tmp_path):
    result = convert_file(path, ConvertOptions(output=tmp_path / "out.keras"))
    assert result.status == "converted", result.error
    assert result.max_abs_diff is not None and result.max_abs_diff <= 1e-5


def test_strided_same_padding_is_rebuilt_as_theano_padded_it(tmp_path):
    result = convert_file(SAMPLES / "theano_conv2d_strided_same.h5", ConvertOptions(output=tmp_path / "o.keras"))
    assert result.status == "converted", result.error
    assert sum("Theano's padding='same' kept exact" in note for note in result.rebuild.notes) == 5
