"""`migrate inspect` as users run it: a real process, real files, exit codes, and no TensorFlow."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import h5py
import pytest

from tests.conftest import ROOT, SAMPLES, sample

GOLDEN = Path(__file__).resolve().parent.parent / "golden"


def migrate(*args, cwd=ROOT):
    env = dict(os.environ, COLUMNS="100")
    return subprocess.run([sys.executable, "-m", "migrate", *map(str, args)], capture_output=True, text=True,
                          cwd=cwd, env=env, timeout=120)


def test_json_matches_the_golden_file():
    result = migrate("inspect", "--json", "sample_models/k231_nested3.h5", "sample_models/k231_weights_only.h5")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == json.loads((GOLDEN / "inspect_nested3_and_weights.json").read_text())


def test_json_has_the_documented_fields_for_every_sample():
    result = migrate("inspect", "--json", *sorted(SAMPLES.glob("*.h5")))
    assert result.returncode == 0, result.stderr
    for report in json.loads(result.stdout):
        assert {"path", "format", "keras_version", "backend", "wrapper", "template", "lambdas",
                "keras3_loadable", "problems"} <= set(report)
        assert set(report["template"]) >= {"name", "class_name", "inputs", "outputs", "layers", "params"}
        assert report["wrapper"]["depth"] == len(report["wrapper"]["replicas"])


def test_human_output_shows_levels_template_and_verdict():
    result = migrate("inspect", "sample_models/k231_nested3.h5")
    assert result.returncode == 0
    for text in ("3 level(s)", "level 1: 4 replicas", "level 3: 2 replicas", "template mlp", "212 parameters",
                 "Adam(", "optimizer state: 13 tensors", "8 multi-GPU slicer(s)", "cannot load or run it"):
        assert text in result.stdout, text


def test_a_bad_file_among_good_ones_exits_1_with_one_line(tmp_path):
    bad = tmp_path / "broken.h5"
    bad.write_bytes(b"\x89HDF\r\n\x1a\n" + b"\0" * 100)
    result = migrate("inspect", sample("k231_plain_functional.h5"), bad)
    assert result.returncode == 1
    assert "Traceback" not in result.stdout + result.stderr
    errors = [line for line in result.stderr.splitlines() if line.startswith("error")]
    assert len(errors) == 1 and str(bad) in errors[0]


def test_json_error_entry(tmp_path):
    bad = tmp_path / "notes.h5"
    bad.write_text("not a model")
    result = migrate("inspect", "--json", bad)
    assert result.returncode == 1
    assert json.loads(result.stdout) == [{"path": str(bad), "error": f"{bad}: not a Keras model file (no HDF5 signature)"}]


@pytest.mark.parametrize("args", [[], ["inspect"], ["inspect", "--no-such-option", "x.h5"], ["frobnicate"]])
def test_usage_errors_exit_2(args):
    assert migrate(*args).returncode == 2


def test_hdf5_that_is_not_keras_is_refused_and_nothing_is_written(tmp_path):
    path = tmp_path / "data.h5"
    with h5py.File(path, "w") as h5:
        h5["x"] = [1, 2, 3]
    before = sorted(tmp_path.iterdir())
    result = migrate("inspect", path, cwd=tmp_path)
    assert result.returncode == 1 and "not a Keras model file" in result.stderr
    assert sorted(tmp_path.iterdir()) == before


@pytest.mark.parametrize("args", [["--help"], ["inspect", "--json", "sample_models/k231_nested3.h5"]])
def test_never_imports_tensorflow_or_keras(args):
    result = subprocess.run([sys.executable, "-X", "importtime", "-m", "migrate", *args], capture_output=True,
                            text=True, cwd=ROOT, timeout=120)
    assert result.returncode == 0
    imported = {line.split("|")[-1].strip().split(".")[0] for line in result.stderr.splitlines() if "|" in line}
    assert "migrate" in imported
    assert not imported & {"tensorflow", "keras", "tf_keras", "jax", "torch"}


def test_help_and_code_do_not_import_numpy(tmp_path):
    """The tolerance's numbers in the help come from `migrate.bounds`, not NumPy's `migrate.verify`: `--help` and
    `migrate code` start without it (it was half the CLI's import time)."""
    script = tmp_path / "train.py"
    script.write_text("import keras\nmodel = keras.Sequential()\n")
    for args in (["--help"], ["code", "--check", str(script)]):
        result = subprocess.run([sys.executable, "-X", "importtime", "-m", "migrate", *args], capture_output=True,
                                text=True, cwd=ROOT, timeout=120)
        assert result.returncode == 0, result.stderr[-2000:]
        imported = {line.split("|")[-1].strip().split(".")[0] for line in result.stderr.splitlines() if "|" in line}
        assert "migrate" in imported and "numpy" not in imported


def test_output_to_a_pipe_is_never_hard_wrapped():
    """A log or a pipe gets each line whole, so grep finds it (rich assumes 80 columns off a terminal)."""
    result = migrate("inspect", "sample_models/k231_nested3.h5")
    verdict = [line for line in result.stdout.splitlines() if "slicer Lambda(s)" in line]
    assert len(verdict) == 1 and verdict[0].rstrip().endswith("cannot read it") and len(verdict[0]) > 120
    assert all(line == line.rstrip() for line in result.stdout.splitlines())


@pytest.mark.parametrize("command", ["inspect", "convert", "zoo", "code"])
def test_help_has_no_type_clutter(command):
    """Plain metavars in --help: no `<bool>` on flags, no `{source}` in the usage line."""
    result = migrate(command, "--help")
    assert result.returncode == 0 and "Usage:" in result.stdout
    assert "<bool>" not in result.stdout and "{" not in result.stdout
