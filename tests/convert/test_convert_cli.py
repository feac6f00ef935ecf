"""`migrate convert` as users run it: outputs, refusals, atomicity, exit codes."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import h5py
import pytest

from tests.conftest import ROOT, sample


def user_environment() -> dict[str, str]:
    """This environment less TensorFlow's log level: importing Keras in the test process sets it, and a
    user's shell has none, so migrate's own setting is what the run shows."""
    return {key: value for key, value in os.environ.items() if key != "TF_CPP_MIN_LOG_LEVEL"}


def migrate(*args, cwd=ROOT):
    return subprocess.run([sys.executable, "-m", "migrate", *map(str, args)], capture_output=True, text=True,
                          cwd=cwd, timeout=300, env=user_environment())


def test_convert_prints_what_it_did_and_writes_beside_the_source(tmp_path):
    source = tmp_path / "m.h5"
    shutil.copy(sample("k231_nested3.h5"), source)
    before = source.read_bytes()
    result = migrate("convert", source, "--reference", sample("k231_nested3.npz"))
    assert result.returncode == 0, result.stderr
    for text in ("unwrapped 3 multi_gpu_model level(s), replicas [4, 2, 2]", "template mlp", "optimizer state",
                 "max abs difference", "wrote"):
        assert text in result.stdout, text
    assert (tmp_path / "m.keras").exists() and source.read_bytes() == before
    assert result.stderr.strip() == ""  # TensorFlow's start-up chatter stays out of the user's terminal


def test_existing_output_is_refused_without_force(tmp_path):
    out = tmp_path / "m.keras"
    out.write_text("keep me")
    result = migrate("convert", sample("k231_plain_functional.h5"), "-o", out)
    assert result.returncode == 1 and "--force" in result.stderr and out.read_text() == "keep me"
    assert migrate("convert", sample("k231_plain_functional.h5"), "-o", out, "--force").returncode == 0
    assert out.read_bytes()[:2] == b"PK"


def test_the_source_is_never_the_output(tmp_path):
    source = tmp_path / "m.h5"
    shutil.copy(sample("k231_plain_functional.h5"), source)
    result = migrate("convert", source, "-o", source, "--force")
    assert result.returncode == 1 and "overwrite the source" in result.stderr


def test_failed_verification_leaves_nothing_behind(tmp_path):
    result = migrate("convert", sample("k231_mgpu2_mlp_adam.h5"), "-o", tmp_path / "m.keras",
                     "--reference", sample("k231_mgpu3_multi_io.npz"))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_reference_mismatch_names_the_difference(tmp_path):
    """A reference 2e-4 off is outside the tolerance (1e-4 + 1e-6 * |ref|); --atol widens its absolute part."""
    import numpy as np

    with np.load(sample("k231_mgpu2_mlp_adam.npz")) as bundle:
        arrays = dict(bundle)
    arrays["out_0"] = arrays["out_0"] + 2e-4
    off = tmp_path / "refs" / "off.npz"
    off.parent.mkdir()
    np.savez(off, **arrays)
    out = tmp_path / "out"
    out.mkdir()
    result = migrate("convert", sample("k231_mgpu2_mlp_adam.h5"), "-o", out / "m.keras", "--reference", off)
    assert result.returncode == 1 and "differ from the reference by up to 0.0002" in result.stderr
    assert "allowed 0.0001 + 1e-06 * |ref| per element" in result.stderr
    assert list(out.iterdir()) == []
    widened = migrate("convert", sample("k231_mgpu2_mlp_adam.h5"), "-o", out / "m.keras", "--reference", off,
                      "--atol", "3e-4")
    assert widened.returncode == 0, widened.stderr


def test_weights_only_output(tmp_path):
    result = migrate("convert", sample("k231_mgpu2_mlp_adam.h5"), "-o", tmp_path / "m.weights.h5", "--weights-only")
    assert result.returncode == 0, result.stderr
    with h5py.File(tmp_path / "m.weights.h5", "r") as h5:
        assert "layers" in h5 or "_layer_checkpoint_dependencies" in h5 or len(h5.keys()) > 0


def test_wrapper_checkpoint_with_explicit_architecture(tmp_path):
    source = tmp_path / "ckpt.h5"
    shutil.copy(sample("k231_checkpoint_weights.h5"), source)  # no sidecar beside the copy
    failed = migrate("convert", source)
    assert failed.returncode == 1 and "--architecture" in failed.stderr
    done = migrate("convert", source, "--architecture", sample("k231_checkpoint_weights.json"),
                   "--reference", sample("k231_checkpoint_weights.npz"))
    assert done.returncode == 0, done.stderr


def test_savedmodel_export(tmp_path):
    """`--savedmodel DIR` is `--export savedmodel` written to DIR: exported from the reloaded file and checked in
    TensorFlow against the reference, like every export."""
    result = migrate("convert", sample("k231_plain_functional.h5"), "-o", tmp_path / "m.keras",
                     "--savedmodel", tmp_path / "serving")
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "serving" / "saved_model.pb").exists()
    assert f"export savedmodel: wrote {tmp_path / 'serving'}; matches the reference" in " ".join(result.stdout.split())
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.keras", "serving"]


def test_custom_layer_needs_its_class_and_converts_with_it(tmp_path):
    source = tmp_path / "custom.h5"
    shutil.copy(sample("k231_plain_sequential.h5"), source)
    with h5py.File(source, "r+") as h5:  # a layer class Keras does not have, as users' files carry
        config = json.loads(h5.attrs["model_config"])
        config["config"]["layers"].insert(1, {"class_name": "RandomWeightedAverage",
                                              "config": {"name": "rwa", "trainable": True}})
        h5.attrs["model_config"] = json.dumps(config)
        h5["model_weights"].attrs["layer_names"] = [b"dense_1", b"rwa", b"dense_2"]
        h5["model_weights"].create_group("rwa").attrs["weight_names"] = []
    failed = migrate("convert", source, "-o", tmp_path / "a.keras")
    assert failed.returncode == 1 and "RandomWeightedAverage" in failed.stderr and "--custom-objects" in failed.stderr
    done = migrate("convert", source, "-o", tmp_path / "b.keras", "--custom-objects", "tests.convert.legacy_functions")
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("args", [["convert"], ["convert", "x.h5", "--atol", "abc"],
                                  ["convert", "sample_models/k231_plain_functional.h5", "--lambda", "nonsense"]])
def test_usage_errors_exit_2(args, tmp_path):
    assert migrate(*args, cwd=ROOT).returncode == 2


def test_not_a_keras_file_exits_1_with_one_line(tmp_path):
    bad = tmp_path / "x.h5"
    bad.write_text("nope")
    result = migrate("convert", bad)
    assert result.returncode == 1 and len(result.stderr.strip().splitlines()) == 1 and "not a Keras model file (" in result.stderr


@pytest.mark.parametrize("case", ["text_file", "bad_lambda_spec", "weights_without_architecture"])
def test_refusals_found_before_rebuilding_never_start_tensorflow(tmp_path, case):
    """Unreadable files, usage errors and a missing architecture answer at once: convert reads and plans
    the file before it starts TensorFlow (checked on the interpreter's own import log)."""
    source = tmp_path / "model.h5"
    args = ["convert", source]
    if case == "text_file":
        source.write_text("this is a text file, renamed\n")
    elif case == "bad_lambda_spec":
        shutil.copy(sample("k231_plain_functional.h5"), source)
        args += ["--lambda", "no-equals-sign"]
    else:
        shutil.copy(sample("k231_weights_only.h5"), source)
    result = subprocess.run([sys.executable, "-X", "importtime", "-m", "migrate", *map(str, args)],
                            capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert result.returncode == (2 if case == "bad_lambda_spec" else 1)
    imported = {line.split("|")[-1].strip().split(".")[0] for line in result.stderr.splitlines() if "|" in line}
    assert "migrate" in imported and not imported & {"tensorflow", "keras", "jax", "torch"}
    errors = [line for line in result.stderr.splitlines() if not line.startswith("import time:")]
    assert len(errors) == 1 and errors[0].startswith("error ")
    assert ("--lambda 'no-equals-sign'" if case == "bad_lambda_spec" else str(source)) in errors[0]
    assert not (tmp_path / "model.keras").exists()



def test_warnings_are_printed_and_counted(tmp_path):
    result = migrate("convert", sample("tfk23_mgpu2_bidi_backward.h5"), "-o", tmp_path / "m.keras")
    assert result.returncode == 0, result.stderr
    assert "warning: optimizer state not carried" in result.stdout
    assert "converted with 1 warning(s)" in result.stdout
