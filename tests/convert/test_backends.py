"""Portable outputs: every converted sample and real-corpus model reproduces its legacy reference on Keras 3's
JAX backend too, loaded by stock Keras in a fresh process (safe mode, no custom objects, no migrate).

The conversion runs on TensorFlow, as migrate does; the JAX process only loads what it wrote. Files whose
conversion needs the user's own functions (--lambda) are converted with the functions a user would write
(tests/convert/legacy_functions.py, in keras.ops) and loaded with exactly those as custom objects."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from migrate.convert import ConvertOptions, convert_file
from tests.conftest import REAL, REAL_FILES, ROOT, SAMPLE_ROWS, SAMPLES, skip_without_corpus
from tests.convert.test_real_models import LAMBDAS

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
    pairs = {row["file"]: (converted_samples[row["file"]].output, SAMPLES / row["file"].replace(".h5", ".npz"), ())
             for row in SAMPLE_ROWS if converted_samples[row["file"]].status == "converted"}
    assert len(pairs) == len(SAMPLE_ROWS)
    assert_reproduced(run_backend(backend, pairs, tmp_path), pairs)


@pytest.mark.parametrize("backend", BACKENDS)
def test_every_converted_corpus_model_reproduces_on(backend, tmp_path):
    if not REAL_FILES:
        skip_without_corpus()
    pairs = {}
    for path in REAL_FILES:
        reference = REAL / "refs" / f"{path.stem}.npz"
        if not reference.exists():
            continue
        lambdas = LAMBDAS.get(path.name, ())
        result = convert_file(path, ConvertOptions(output=tmp_path / f"{path.stem}.keras", reference=reference,
                                                   lambdas=lambdas))
        assert result.status == "converted", result.error
        pairs[path.name] = (result.output, reference, [spec.rsplit(":", 1)[1] for spec in lambdas])
    assert len(pairs) == sum(1 for path in REAL_FILES if (REAL / "refs" / f"{path.stem}.npz").exists())
    assert_reproduced(run_backend(backend, pairs, tmp_path), pairs)
