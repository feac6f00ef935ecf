"""Keras 1.2.2 files with the kernel layouts Keras 1 wrote convert with no options and reproduce Keras 1."""

from __future__ import annotations

from pathlib import Path

import pytest

from migrate.convert import ConvertOptions, convert_file

SAMPLES = Path(__file__).parent / "keras1_samples"


@pytest.mark.parametrize("path", sorted(SAMPLES.glob("*.h5")), ids=lambda p: p.stem)
def test_keras1_layouts_reproduce_keras1s_outputs(path, tmp_path):
    result = convert_file(path, ConvertOptions(output=tmp_path / "out.keras"))
    assert result.status == "converted", result.error
    assert result.max_abs_diff is not None and result.max_abs_diff <= 1e-5
    assert result.rebuild.weights_fixed >= 2  # a Keras 1 layout converted in each
