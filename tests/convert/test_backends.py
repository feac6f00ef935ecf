"""Portable outputs: every converted sample and real-corpus model reproduces its legacy reference on Keras 3's
JAX backend too, loaded by stock Keras in a fresh process (safe mode, no custom objects, no migrate).

The conversion runs on TensorFlow, as migrate does; the JAX process only loads what it wrote. User Lambdas
are lifted to built-in layers and keras.ops, so every file loads with no custom objects."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from migrate.convert import ConvertOptions, convert_file
from tests.conftest import REAL_FILES, ROOT, SAMPLE_ROWS, sample, skip_without_corpus
from tests.convert.test_real_models import reference_for

BACKENDS = ["jax"]


def run_backend(backend, pairs, tmp_path):
    listing = tmp_path / "pairs.json"
    listing.write_text(json.dumps({name: [str(model), str(reference), list(functions)]
                                   for name, (model, reference, functions) in pairs.items()}))
    env = {**os.environ, "KERAS_BACKEND": backend}
    done = subprocess.run([sys.executable, "-m", "tests.convert.backend_check", str(listing)], capture_output=True,
                          text=True, cwd=ROOT, env=env, timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["backend"] == backend
    return report["results"]


def assert_reproduced(results, expected_names):
    assert set(results) == set(expected_names)
    wrong = {name: value for name, value in results.items() if not (isinstance(value, float) and value <= 1e-4)}
    assert not wrong, wrong


@pytest.mark.parametrize("backend", BACKENDS)
def test_every_converted_sample_reproduces_on(backend, converted_samples, tmp_path):
    pairs = {row["file"]: (converted_samples[row["file"]].output, sample(row["file"].replace(".h5", ".npz")), ())
             for row in SAMPLE_ROWS if converted_samples[row["file"]].status == "converted"}
    assert len(pairs) == len([row for row in SAMPLE_ROWS if row.get("converts", True)])
    assert_reproduced(run_backend(backend, pairs, tmp_path), pairs)


@pytest.mark.parametrize("backend", BACKENDS)
def test_every_converted_corpus_model_reproduces_on(backend, tmp_path):
    if not REAL_FILES:
        skip_without_corpus()
    pairs = {}
    for path in REAL_FILES:
        reference = reference_for(path)
        if reference is None:
            continue
        result = convert_file(path, ConvertOptions(output=tmp_path / f"{path.stem}.keras", reference=reference))
        assert result.status == "converted", result.error
        pairs[path.name] = (result.output, reference, ())
    assert len(pairs) == sum(1 for path in REAL_FILES if reference_for(path))
    assert_reproduced(run_backend(backend, pairs, tmp_path), pairs)
