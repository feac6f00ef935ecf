"""Portable outputs: every converted sample and real-corpus model reproduces its legacy reference on each of
Keras 3's backends, loaded by stock Keras in a fresh process (safe mode, no custom objects, no migrate):
JAX, PyTorch, and TensorFlow with oneDNN off (TensorFlow's own CPU kernels, which refuse channels_first
convolutions: what a CPU without AVX-512, or a user who sets TF_ENABLE_ONEDNN_OPTS=0, gets).

Besides sample_models/ and the corpus, the files the other conversion tests convert in-process: the Theano and
Keras 1.2.2 samples (a Theano separable convolution with strides (2, 1), which TensorFlow's own kernel refuses)
and every wild file and container with a reference.

These conversions run on TensorFlow (Keras's default); each backend's process only loads what they wrote, one
process per backend for all files. A user's `migrate convert` runs on the backend they set: the last test
converts a few files on JAX and on PyTorch, each in a fresh process. User Lambdas are lifted to built-in layers and keras.ops, so every file
loads with no custom objects. Outputs come back as files and are judged here by migrate.verify's tolerance."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from migrate.convert import ConvertOptions, convert_file
from migrate.verify import compare
from tests.conftest import REAL_FILES, ROOT, SAMPLE_ROWS, sample, skip_without_corpus
from tests.convert.test_real_models import reference_for
from tests.convert.test_wild_containers import CONTAINERS, OPEN
from tests.convert.test_wild_models import FILES as WILD_FILES
from tests.convert.test_wild_models import WILD
from tests.convert.test_wild_models import reference_for as wild_reference_for

CONVERT_TESTS = Path(__file__).parent

BACKENDS = ["jax", "torch", "tensorflow"]
# TensorFlow as a plain CPU without AVX-512 runs it: no oneDNN, so no NCHW convolution kernels.
BACKEND_ENVIRONMENT = {"tensorflow": {"TF_ENABLE_ONEDNN_OPTS": "0"}}


def run_backend(backend, pairs, tmp_path):
    """Outputs of every model on `backend`, from one fresh process: {name: list of arrays, or error text}."""
    if backend == "torch":
        pytest.importorskip("torch")
    outputs = {name: tmp_path / f"{backend}_{i}.npz" for i, name in enumerate(pairs)}
    listing = tmp_path / f"{backend}_pairs.json"
    listing.write_text(json.dumps({name: [str(model), str(reference), list(functions), str(outputs[name])]
                                   for name, (model, reference, functions) in pairs.items()}))
    env = {**os.environ, "KERAS_BACKEND": backend, **BACKEND_ENVIRONMENT.get(backend, {})}
    done = subprocess.run([sys.executable, "-m", "tests.convert.backend_check", str(listing)], capture_output=True,
                          text=True, cwd=ROOT, env=env, timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["backend"] == backend
    return {name: error or _arrays(outputs[name], "arr_") for name, error in report["results"].items()}


def _arrays(path, prefix):
    with np.load(path) as bundle:
        return [bundle[f"{prefix}{i}"] for i in range(sum(key.startswith(prefix) for key in bundle.files))]


def assert_reproduced(results, pairs):
    """Every model ran, and every output element is within the one tolerance of its reference."""
    assert set(results) == set(pairs)
    wrong = {}
    for name, got in results.items():
        if isinstance(got, str):
            wrong[name] = got
            continue
        comparison = compare(got, _arrays(pairs[name][1], "out_"))
        if not comparison.within:
            wrong[name] = f"max abs difference {comparison.max_abs_diff:.3g}"
    assert not wrong, wrong


@pytest.mark.parametrize("backend", BACKENDS)
def test_every_converted_sample_reproduces_on(backend, converted_samples, tmp_path):
    pairs = {row["file"]: (converted_samples[row["file"]].output, sample(row["file"].replace(".h5", ".npz")), ())
             for row in SAMPLE_ROWS if converted_samples[row["file"]].status == "converted"}
    assert len(pairs) == len([row for row in SAMPLE_ROWS if row.get("converts", True)])
    assert_reproduced(run_backend(backend, pairs, tmp_path), pairs)


@pytest.fixture(scope="module")
def converted_corpus(tmp_path_factory):
    """Every corpus model with a reference converted once, for all backends: {name: (output, reference, ())}."""
    if not REAL_FILES:
        skip_without_corpus()
    out = tmp_path_factory.mktemp("corpus")
    pairs = {}
    for path in REAL_FILES:
        reference = reference_for(path)
        if reference is None:
            continue
        result = convert_file(path, ConvertOptions(output=out / f"{path.stem}.keras", reference=reference))
        assert result.status == "converted", result.error
        pairs[path.name] = (result.output, reference, ())
    assert len(pairs) == sum(1 for path in REAL_FILES if reference_for(path))
    return pairs


@pytest.mark.parametrize("backend", BACKENDS)
def test_every_converted_corpus_model_reproduces_on(backend, converted_corpus, tmp_path):
    assert_reproduced(run_backend(backend, converted_corpus, tmp_path), converted_corpus)


def _legacy_and_wild_sources() -> dict[str, tuple[Path, Path]]:
    """name -> (file, reference): the Theano and Keras 1 samples, and the wild files and containers that have one."""
    sources = {path.name: (path, path.with_suffix(".npz"))
               for folder in ("theano_samples", "keras1_samples") for path in sorted((CONVERT_TESTS / folder).glob("*.h5"))}
    for name in [*WILD_FILES, *(name for name in CONTAINERS if name not in OPEN)]:
        stem = name if (WILD / "files" / name).is_dir() else Path(name).stem
        reference = wild_reference_for(name) or (WILD / "refs" / f"{stem}.npz")
        if (WILD / "files" / name).exists() and reference.is_file():
            sources[name] = (WILD / "files" / name, reference)
    return sources


@pytest.fixture(scope="module")
def converted_legacy_and_wild(tmp_path_factory):
    """Each of those converted once, for all backends: {name: (output, reference, ())}."""
    out = tmp_path_factory.mktemp("legacy_and_wild")
    pairs = {}
    for index, (name, (source, reference)) in enumerate(_legacy_and_wild_sources().items()):
        result = convert_file(source, ConvertOptions(output=out / f"{index}.keras", reference=reference))
        assert result.status == "converted", f"{name}: {result.error}"
        pairs[name] = (result.output, reference, ())
    return pairs


@pytest.mark.parametrize("backend", BACKENDS)
def test_every_converted_theano_keras1_and_wild_file_reproduces_on(backend, converted_legacy_and_wild, tmp_path):
    assert any(name.startswith("theano_conv2d_strided_same") for name in converted_legacy_and_wild)
    assert_reproduced(run_backend(backend, converted_legacy_and_wild, tmp_path), converted_legacy_and_wild)


# A multi_gpu_model wrapper three levels deep with Adam's slots and step, user Lambdas lifted to built-in layers,
# and channels_first convolutions run channels_last between Permutes: {name: (optimizer slots, Lambdas lifted)}.
ON_BACKEND = {"k231_nested3.h5": (8, 0), "k231_lambda_math.h5": (0, 21), "k231_channels_first_mixed.h5": (0, 0)}
BACKEND_NAMES = {"jax": "JAX", "torch": "PyTorch"}


@pytest.mark.parametrize("backend", ["jax", "torch"])
def test_convert_runs_and_verifies_on(backend, tmp_path):
    """migrate itself on the user's KERAS_BACKEND (a fresh process, as the CLI): each file converts, verified on
    that backend against its reference with its optimizer state carried, and the file it wrote reproduces the
    reference here (TensorFlow) too."""
    if backend == "torch":
        pytest.importorskip("torch")
    jobs = {name: [str(sample(name)), str(sample(name.replace(".h5", ".npz"))), str(tmp_path / f"{i}.keras")]
            for i, name in enumerate(ON_BACKEND)}
    listing = tmp_path / "jobs.json"
    listing.write_text(json.dumps(jobs))
    done = subprocess.run([sys.executable, "-m", "tests.convert.convert_on_backend", str(listing)], capture_output=True,
                          text=True, cwd=ROOT, env={**os.environ, "KERAS_BACKEND": backend}, timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "absl::InitializeLog" not in done.stderr  # TensorFlow's native start-up lines stay muted
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["backend"] == backend
    import keras

    for name, record in report["results"].items():
        assert record["status"] == "converted", f"{name}: {record['error']}"
        assert record["verified_on"] == f"CPU, Keras on {BACKEND_NAMES[backend]}", name
        assert record["max_abs_diff"] is not None and record["max_abs_diff"] < 1e-4, name
        assert (record["optimizer_slots"], record["lambdas_lifted"]) == ON_BACKEND[name], name
        assert not any("not carried" in warning for warning in record["warnings"]), record["warnings"]
        inputs, expected = (_arrays(jobs[name][1], prefix) for prefix in ("in_", "out_"))
        model = keras.saving.load_model(jobs[name][2], safe_mode=True)
        outputs = model(inputs if len(inputs) > 1 else inputs[0], training=False)
        outputs = [keras.ops.convert_to_numpy(o) for o in (outputs if isinstance(outputs, (list, tuple)) else [outputs])]
        assert compare(outputs, expected).within, name


BLOCK_TENSORFLOW = """
import importlib.abc, importlib.machinery, sys
class NoTensorFlow(importlib.abc.MetaPathFinder):  # as on a machine with JAX alone: `import tensorflow` fails
    def find_spec(self, name, path, target=None):
        if name.split(".")[0] == "tensorflow":
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
sys.meta_path.insert(0, NoTensorFlow())
sys.argv = ["convert_on_backend", sys.argv[1]]
import runpy
runpy.run_module("tests.convert.convert_on_backend", run_name="__main__")
"""


def test_convert_runs_on_jax_where_tensorflow_is_not_installed(tmp_path):
    """Keras 3 runs on JAX without TensorFlow (a GPU machine with JAX alone): migrate converts there too, instead
    of stopping on its own import of TensorFlow."""
    name = "k231_nested3.h5"
    jobs = {name: [str(sample(name)), str(sample(name.replace(".h5", ".npz"))), str(tmp_path / "out.keras")]}
    listing = tmp_path / "jobs.json"
    listing.write_text(json.dumps(jobs))
    done = subprocess.run([sys.executable, "-c", BLOCK_TENSORFLOW, str(listing)], capture_output=True, text=True,
                          cwd=ROOT, env={**os.environ, "KERAS_BACKEND": "jax"}, timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    record = json.loads(done.stdout.strip().splitlines()[-1])["results"][name]
    assert record["status"] == "converted", record["error"]
    assert record["max_abs_diff"] < 1e-4
