"""Files written by Keras 2.3.1 on Theano convert with no options and reproduce Theano's outputs."""

from __future__ import annotations

from pathlib import Path

import pytest

from migrate.convert import ConvertOptions, convert_file
from migrate.rebuild.strides import NOTE

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


def test_unequal_strides_inside_time_distributed_are_rebuilt_for_every_cpu(tmp_path):
    """A separable and a depthwise convolution with strides (2, 1) and (1, 2) inside TimeDistributed: TensorFlow's
    own kernel refuses them (CI's run with oneDNN off is the one that would fail)."""
    result = convert_file(SAMPLES / "theano_time_distributed_strided.h5", ConvertOptions(output=tmp_path / "o.keras"))
    assert result.status == "converted", result.error
    assert [note.split(":")[0] for note in result.rebuild.notes if NOTE in note] == \
        ["time_distributed_1", "time_distributed_2"]
