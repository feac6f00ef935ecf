"""The wild sample's containers (../shared/wild_models, when present): every `.keras` zip, misnamed HDF5,
SavedModel and Keras 3 HDF5 converts and reproduces its reference, or, for files Keras 3 wrote, stock
Keras 3's own outputs; custom classes convert once their stub is filled in."""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path

import keras
import numpy as np
import pytest

from migrate.convert import ConvertOptions, convert_file
from tests.conftest import ROOT

WILD = ROOT.parent / "shared" / "wild_models"
MANIFEST = json.loads((WILD / "manifest.json").read_text()) if (WILD / "manifest.json").is_file() else []
CONTAINERS = [row["name"] for row in MANIFEST
              if row["container"] != "hdf5" or row.get("misnamed") or str(row.get("keras_version", "")).startswith("3.")]
# Files that do not convert, each with what stands in the way (strict: one that starts converting fails the run).
OPEN = {
    "AlgoDM-Fall2023-Team2__Visual-Search-Using-Variational-Autoencoders__model.keras":
        "a subclassed model (class VAE): its .keras config holds no layers, the architecture is only in code",
    "halimelsaputra__Kelompok7_Variational-Autoencoder_handwriting-generator__conditional_encoder.h5":
        "a Lambda calling the module function 'sampling' by name: the file holds no code for it, so it needs "
        "--lambda z=MODULE:CALLABLE (the `tf.tile` Lambda beside it is lifted)",
}
TOLERANCE = (1e-4, 1e-6)  # |out - ref| <= 1e-4 + 1e-6 * |ref|


def _params():
    if not MANIFEST:
        return [pytest.param(None, marks=pytest.mark.skip(reason="../shared/wild_models is absent"), id="no-wild")]
    return [pytest.param(name, id=name.split("__")[0],
                         marks=[pytest.mark.xfail(reason=OPEN[name], strict=True)] if name in OPEN else [])
            for name in CONTAINERS]


def stock_model(source: Path, row: dict) -> keras.Model | None:
    """What stock Keras 3 loads from a file (safe mode), or None; uncompiled where compiling is what it
    refuses (AdilJabbar's `keras.metrics.mse`): its architecture and weights are still the reference."""
    suffix = ".keras" if row["container"] == "keras_zip" else ".h5"
    with tempfile.TemporaryDirectory() as folder:
        linked = Path(folder) / f"model{suffix}"
        linked.symlink_to(source.resolve())
        for compile_it in (True, False):
            try:
                return keras.saving.load_model(linked, safe_mode=True, compile=compile_it)
            except Exception:
                continue
    return None


def inputs_for(model: keras.Model) -> list[np.ndarray]:
    rng = np.random.default_rng(0)
    return [rng.normal(size=(3, *tensor.shape[1:])).astype("float32") for tensor in model.inputs]


def assert_close(mine: list[np.ndarray], reference: list[np.ndarray]) -> float:
    worst = 0.0
    for out, ref in zip(mine, reference, strict=True):
        diff = np.abs(np.asarray(out, np.float64) - np.asarray(ref, np.float64))
        assert np.all(diff <= TOLERANCE[0] + TOLERANCE[1] * np.abs(ref)), float(diff.max())
        worst = max(worst, float(diff.max()))
    return worst


def as_list(outputs) -> list[np.ndarray]:
    return list(outputs) if isinstance(outputs, (list, tuple)) else [outputs]


@pytest.mark.parametrize("name", _params())
def test_every_wild_container_converts_and_reproduces_its_reference(name, tmp_path):
    row = next(r for r in MANIFEST if r["name"] == name)
    source = WILD / "files" / name
    stem = Path(name).stem if row["container"] != "savedmodel" else name
    reference = WILD / "refs" / f"{stem}.npz"
    result = convert_file(source, ConvertOptions(output=tmp_path / "out.keras",
                                                 reference=reference if reference.is_file() else None))
    assert result.status == "converted", result.error
    converted = keras.saving.load_model(tmp_path / "out.keras", safe_mode=True)
    if reference.is_file():
        bundle = np.load(reference)
        ins = [bundle[f"in_{i}"] for i in range(sum(k.startswith("in_") for k in bundle.files))]
        outs = [bundle[f"out_{i}"] for i in range(sum(k.startswith("out_") for k in bundle.files))]
        assert_close(as_list(converted.predict(ins if len(ins) > 1 else ins[0], verbose=0)), outs)
        return
    stock = stock_model(source, row)
    if stock is None:  # neither a reference nor stock Keras 3: the Keras 2.x zip saved on Windows
        assert row["keras_version"].startswith("2.") and result.rebuild.weights_moved > 0
        return
    ins = inputs_for(stock)
    feed = ins if len(ins) > 1 else ins[0]
    assert_close(as_list(converted.predict(feed, verbose=0)), as_list(stock.predict(feed, verbose=0)))


def test_a_wild_custom_layer_converts_once_its_stub_is_filled_in(tmp_path):
    """bryanongwx's VAE encoder names a `Sampling` layer (z_mean + exp(z_log_var / 2) * noise, app.py); with
    its noise left out the stub's `call` is deterministic, so the result is checked to hold z_mean."""
    source = WILD / "files" / "bryanongwx__sketch_vae__Models__encoder.h5"
    if not source.is_file():
        pytest.skip("../shared/wild_models is absent")
    output = tmp_path / "out" / "encoder.keras"
    failed = convert_file(source, ConvertOptions(output=output))
    assert failed.status == "failed" and "'Sampling'" in failed.error
    stub = output.parent / f"{source.stem}_custom.py"
    text = stub.read_text()
    text = text.replace(text[text.index("raise NotImplementedError"):text.index("\n", text.index("raise NotImplementedError"))],
                        "z_mean, z_log_var = inputs\n        return z_mean")
    stub.write_text(text)
    result = convert_file(source, ConvertOptions(output=output, custom_objects=(str(stub),)))
    assert result.status == "converted", result.error
    assert result.rebuild.weights_moved > 0
    shutil.rmtree(output.parent)


HALIM = "halimelsaputra__Kelompok7_Variational-Autoencoder_handwriting-generator__conditional_encoder.h5"


def test_a_module_function_lambda_fails_in_one_line_and_the_tile_beside_it_is_lifted(tmp_path):
    """halimelsaputra's Keras 3.12 encoder: `Lambda(lambda x: tf.tile(x, [1, 28, 28, 1]))` (Python 3.12 bytecode)
    is lifted to keras.ops.tile; `Lambda(sampling)` names a module function whose code the file does not hold:
    refused in one line naming it, with the review file, and converted once the user's function is given."""
    source = WILD / "files" / HALIM
    if not source.is_file():
        pytest.skip("../shared/wild_models is absent")
    output = tmp_path / "out.keras"
    failed = convert_file(source, ConvertOptions(output=output))
    assert failed.status == "failed" and "\n" not in failed.error
    assert "layer 'z'" in failed.error and "'sampling'" in failed.error and "tf.tile" not in failed.error
    review = next(tmp_path.glob("*_lambdas.py")).read_text()
    assert "def z(x):" in review and "def lambda" not in review
    result = convert_file(source, ConvertOptions(output=output, lambdas=("z=tests.convert.legacy_functions:sampling_mean",)))
    assert result.status == "converted", result.error
    assert result.rebuild.lambdas_lifted == 1


def test_a_subclassed_model_is_refused_in_one_line_that_says_what_to_do(tmp_path):
    """AlgoDM's Keras 2.14 zip holds `{"class_name": "VAE", "config": {}}`: no layers to rebuild."""
    source = WILD / "files" / "AlgoDM-Fall2023-Team2__Visual-Search-Using-Variational-Autoencoders__model.keras"
    if not source.is_file():
        pytest.skip("../shared/wild_models is absent")
    failed = convert_file(source, ConvertOptions(output=tmp_path / "out.keras"))
    assert failed.status == "failed" and "\n" not in failed.error
    assert "'VAE' is a subclassed model" in failed.error and "--from-code" in failed.error
    assert "--custom-objects" not in failed.error  # it would not help: the file holds no layers to rebuild
