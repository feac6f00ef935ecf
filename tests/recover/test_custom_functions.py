"""Custom functions from the training code: an activation, a loss and a metric a file names as strings,
found as module-level functions in the tree, sliced with what they read (and nothing else of their module),
ported, registered, written to `<stem>_custom.py`, used to rebuild and to compile.

The fixture `code/custom_functions/` is a project's folder: `functions.py` (an activation with a helper and
a constant, a contrastive loss, a metric, and module-level code that writes a file) and `train.py`, which
built, trained and saved `k23_custom_functions.h5` with Keras 2.3.1 (/tmp/legacy37) and wrote its reference
(`k23_custom_functions.npz`: outputs, and the loss and metric on labels `y`, from the file reloaded there)."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from migrate.diagnosis.keras3_functions import KERAS3_FUNCTION_NAMES
from migrate.errors import RecoveryError
from migrate.recover.classes import port_classes
from migrate.translate.custom import named_functions
from tests.conftest import ROOT

TREE = Path(__file__).parent / "code" / "custom_functions"
MODEL = TREE / "k23_custom_functions.h5"
PAYLOAD = Path("/tmp/migrate-custom-function-payload-ran")  # what functions.py's module-level code writes


def _migrate(*args: object) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "migrate", *map(str, args)], capture_output=True, text=True,
                          timeout=600, cwd=ROOT)


def test_convert_takes_the_functions_from_the_code_and_the_output_reloads_compiled_with_the_module_alone(tmp_path):
    PAYLOAD.unlink(missing_ok=True)
    out = tmp_path / "out" / "k23.keras"
    done = _migrate("convert", MODEL, "-o", out, "--from-code", TREE)
    assert done.returncode == 0, done.stderr
    assert "custom functions from code: swish_custom (" in done.stdout and "contrastive_loss (" in done.stdout
    assert "from the reference" in done.stdout and "left out of the compile settings" not in done.stdout
    text = (out.parent / "k23_custom.py").read_text()
    assert text.count("@keras.saving.register_keras_serializable(package='k23_custom')") == 3
    assert "BETA = 1.5" in text and "def _gate(" in text and "MARGIN = 1.0" in text  # what they read
    assert "open(" not in text and "K.square" not in text and "keras.ops.square" in text  # sliced, ported
    assert not PAYLOAD.exists()
    reload = textwrap.dedent(f"""
        import json, sys
        sys.path.insert(0, {str(out.parent)!r})
        import numpy as np, keras, k23_custom
        model = keras.saving.load_model({str(out)!r}, safe_mode=True)
        ref = np.load({str(MODEL.with_suffix('.npz'))!r})
        loss, metric = model.evaluate(ref["in_0"], ref["y"], verbose=0)
        print(json.dumps({{"out": float(np.abs(model.predict(ref["in_0"], verbose=0) - ref["out_0"]).max()),
                          "loss": loss - float(ref["loss"]), "metric": metric - float(ref["mean_pred"]),
                          "config": model.get_compile_config()["loss"]["config"],
                          "activation": model.layers[1].activation.__name__, "migrate": "migrate" in sys.modules}}))
    """)
    loaded = subprocess.run([sys.executable, "-I", "-c", reload], capture_output=True, text=True, timeout=300,
                            cwd=tmp_path)
    assert loaded.returncode == 0, loaded.stderr
    found = json.loads(loaded.stdout.splitlines()[-1])
    assert found["out"] <= 1e-5 and abs(found["loss"]) <= 1e-5 and abs(found["metric"]) <= 1e-5
    assert found["config"] == "k23_custom>contrastive_loss" and found["activation"] == "swish_custom"
    assert found["migrate"] is False
    assert not PAYLOAD.exists()


def test_without_the_code_the_activation_it_names_is_refused_by_name(tmp_path):
    done = _migrate("convert", MODEL, "-o", tmp_path / "k23.keras")
    assert done.returncode != 0 and "swish_custom" in done.stdout + done.stderr
    assert not (tmp_path / "k23_custom.py").exists()


def test_the_names_a_file_gives_as_functions_are_its_own_only():
    layers = [((), "Dense", {"activation": "swish_custom", "kernel_initializer": "glorot_uniform",
                             "kernel_constraint": "clip_unit", "units": 3, "name": "relu"}, "d")]
    training = {"loss": {"out": "contrastive_loss"}, "metrics": [["acc", "mean_pred"]], "weighted_metrics": None}
    assert named_functions(layers, training, KERAS3_FUNCTION_NAMES) == [
        "swish_custom", "clip_unit", "contrastive_loss", "mean_pred"]
    assert named_functions([((), "Dense", {"activation": "relu"}, "d")], {"loss": "mse"}, KERAS3_FUNCTION_NAMES) == []


def test_a_function_defined_only_inside_another_or_a_method_is_not_taken(tmp_path):
    (tmp_path / "m.py").write_text(textwrap.dedent("""
        import keras

        class Holder:
            def contrastive_loss(self, y_true, y_pred):
                return y_pred

        def outer():
            def mean_pred(y_true, y_pred):
                return y_pred
            return mean_pred

        def swish_custom(x):
            return x
    """))
    ported = port_classes([], tmp_path, "m_custom", ("contrastive_loss", "mean_pred", "swish_custom"))
    assert [name for name, _, _ in ported.found] == ["swish_custom"] and ported.kinds == "functions"
    assert ported.text.count("register_keras_serializable") == 1 and "class Holder" not in ported.text


def test_a_loss_made_by_a_factory_called_once_with_literals_is_that_call_registered(tmp_path):
    (tmp_path / "nb.py").write_text(textwrap.dedent("""
        from tensorflow.keras import backend as K

        def contrastive_loss_with_margin(margin):
            def contrastive_loss(y_true, y_pred):
                return y_true * K.square(y_pred) + (1 - y_true) * K.square(K.maximum(margin - y_pred, 0))
            return contrastive_loss

        loss = contrastive_loss_with_margin(margin=1)
        model.fit(x, y)
    """))
    ported = port_classes([], tmp_path, "m_custom", ("contrastive_loss",))
    assert ported.text.rstrip().endswith(
        "contrastive_loss = keras.saving.register_keras_serializable(package='m_custom')"
        "(contrastive_loss_with_margin(margin=1))")
    assert "model.fit" not in ported.text and "keras.ops.square" in ported.text


def test_a_factory_called_with_two_margins_is_not_guessed(tmp_path):
    (tmp_path / "nb.py").write_text(textwrap.dedent("""
        def make(margin):
            def contrastive_loss(y_true, y_pred):
                return y_pred - margin
            return contrastive_loss

        first = make(1)
        second = make(2)
    """))
    with pytest.raises(RecoveryError, match="contrastive_loss"):  # which call the model used is not in the file
        port_classes([], tmp_path, "m_custom", ("contrastive_loss",))


SSABRUT = Path("/work/holdout/custom")
SSABRUT_TREE = Path("/work/repos/ssabrut+fashion-similarity-model")


@pytest.mark.skipif(not (SSABRUT / "files" / "ssabrut_siamese_model.h5").is_file() or not SSABRUT_TREE.is_dir(),
                    reason="hold-out file or its repository absent")
def test_ssabrut_siamese_carries_its_contrastive_loss(tmp_path):
    out = tmp_path / "siamese.keras"
    done = _migrate("convert", SSABRUT / "files" / "ssabrut_siamese_model.h5", "-o", out, "--from-code", SSABRUT_TREE,
                    "--reference", SSABRUT / "refs" / "ssabrut_siamese_model.npz")
    assert done.returncode == 0, done.stderr
    assert "contrastive_loss (" in done.stdout and "left out of the compile settings" not in done.stdout
    assert "contrastive_loss_with_margin(margin=1))" in (tmp_path / "siamese_custom.py").read_text()
