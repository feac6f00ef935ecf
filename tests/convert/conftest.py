"""Conversion fixtures: one converted output per sample, shared by the tests that read them."""

from __future__ import annotations

import pytest

from migrate.convert import ConvertOptions, convert_file
from tests.conftest import SAMPLE_ROWS, sample


@pytest.fixture(scope="session")
def converted_samples(tmp_path_factory):
    """Every sample converted once with its reference: {file name: ConversionResult}."""
    out = tmp_path_factory.mktemp("converted")
    results = {}
    for row in SAMPLE_ROWS:
        source = sample(row["file"])
        options = ConvertOptions(output=out / (source.stem + ".keras"), reference=source.with_suffix(".npz"))
        results[row["file"]] = convert_file(source, options)
    return results
