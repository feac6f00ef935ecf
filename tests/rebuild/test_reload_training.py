"""The training part of the reload check: the written file's compile settings load stock, and its optimizer state
is the converted model's, as a compiled stock `load_model` would restore it. Each way the file can be wrong fails."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import h5py
import keras
import numpy as np
import pytest

from migrate.errors import VerificationError
from migrate.rebuild.pipeline import check_training_reloads, reload_stock, training_expectation
from migrate.verify import digest_array, fingerprint
from migrate.verify.archive import optimizer_digests_in


def _saved(tmp_path: Path) -> tuple[Path, keras.Model]:
    """A compiled model whose optimizer state is not its initial state, saved by stock Keras 3."""
    inputs = keras.Input((3,))
    model = keras.Model(inputs, keras.layers.Dense(2, name="out")(inputs))
    model.compile(optimizer=keras.optimizers.Adam(0.01), loss="mse", metrics=["mae"])
    model.optimizer.build(model.trainable_variables)
    for i, variable in enumerate(model.optimizer.variables):
        variable.assign(np.full(variable.shape, i + 1, variable.dtype))
    model.save(tmp_path / "m.keras")
    return tmp_path / "m.keras", model


def _rewrite(path: Path, change) -> None:
    """Rewrite the zip with `change(member name, bytes) -> bytes` applied to each member."""
    with zipfile.ZipFile(path) as archive:
        members = [(info, archive.read(info)) for info in archive.infolist()]
    with zipfile.ZipFile(path, "w") as archive:
        for info, data in members:
            archive.writestr(info, change(info.filename, data))


def test_a_stock_compiled_load_restores_exactly_what_the_check_reads(tmp_path):
    path, model = _saved(tmp_path)
    expected = training_expectation(model, fingerprint(model, None))
    stock = keras.saving.load_model(path, safe_mode=True)  # compiled: what a user gets by default
    assert optimizer_digests_in(path) == expected.optimizer_digests == tuple(
        digest_array(np.asarray(v)) for v in stock.optimizer.variables)
    reloaded = reload_stock(path, {})
    check_training_reloads(reloaded, path, expected, {})
    assert type(reloaded.optimizer).__name__ == "Adam" and reloaded.loss == "mse"


def test_a_changed_optimizer_slot_is_caught(tmp_path):
    path, model = _saved(tmp_path)
    expected = training_expectation(model, fingerprint(model, None))

    def change(name: str, data: bytes) -> bytes:
        if name != "model.weights.h5":
            return data
        buffer = io.BytesIO(data)
        with h5py.File(buffer, "r+") as h5:
            h5["optimizer/vars/2"][...] = h5["optimizer/vars/2"][()] + 1
        return buffer.getvalue()

    _rewrite(path, change)
    with pytest.raises(VerificationError, match="optimizer state differs"):
        check_training_reloads(reload_stock(path, {}), path, expected, {})


def test_compile_settings_stock_keras_cannot_load_are_caught(tmp_path):
    path, model = _saved(tmp_path)
    expected = training_expectation(model, fingerprint(model, None))

    def change(name: str, data: bytes) -> bytes:
        if name != "config.json":
            return data
        config = json.loads(data)
        config["compile_config"]["loss"] = {"module": "builtins", "class_name": "eval", "config": {}}
        return json.dumps(config).encode()

    _rewrite(path, change)
    with pytest.raises(VerificationError, match="compile settings do not load"):
        check_training_reloads(reload_stock(path, {}), path, expected, {})


def test_other_optimizer_settings_and_lost_settings_are_caught(tmp_path):
    path, model = _saved(tmp_path)
    expected = training_expectation(model, fingerprint(model, None))

    def slower(name: str, data: bytes) -> bytes:
        if name != "config.json":
            return data
        config = json.loads(data)
        config["compile_config"]["optimizer"]["config"]["learning_rate"] = 0.001
        return json.dumps(config).encode()

    _rewrite(path, slower)
    with pytest.raises(VerificationError, match="optimizer settings differ"):
        check_training_reloads(reload_stock(path, {}), path, expected, {})

    def uncompiled(name: str, data: bytes) -> bytes:
        if name != "config.json":
            return data
        config = json.loads(data)
        config["compile_config"] = None
        return json.dumps(config).encode()

    _rewrite(path, uncompiled)
    with pytest.raises(VerificationError, match="lost the compile settings"):
        check_training_reloads(reload_stock(path, {}), path, expected, {})


def test_an_uncompiled_model_must_reload_uncompiled(tmp_path):
    inputs = keras.Input((3,))
    model = keras.Model(inputs, keras.layers.Dense(2)(inputs))
    model.save(tmp_path / "m.keras")
    expected = training_expectation(model, fingerprint(model, None))
    assert expected.optimizer is None
    check_training_reloads(reload_stock(tmp_path / "m.keras", {}), tmp_path / "m.keras", expected, {})
    compiled, _ = _saved(tmp_path)
    with pytest.raises(VerificationError, match="did not have"):
        check_training_reloads(reload_stock(compiled, {}), compiled, expected, {})


def test_a_converted_file_with_optimizer_state_loads_compiled_with_exactly_that_state(tmp_path):
    """What the check reads is what a user's compiled load restores, with no 'Skipping variable loading' warning."""
    import warnings

    from migrate.convert import ConvertOptions, convert_file
    from tests.conftest import sample

    result = convert_file(sample("k231_mgpu2_mlp_adam.h5"), ConvertOptions(output=tmp_path / "m.keras"))
    assert result.status == "converted" and result.rebuild.optimizer_slots > 0, result.error
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        stock = keras.saving.load_model(tmp_path / "m.keras", safe_mode=True)
    assert not [w for w in caught if "Skipping variable loading" in str(w.message)]
    assert int(stock.optimizer.iterations) == result.rebuild.iterations
    assert optimizer_digests_in(tmp_path / "m.keras") == tuple(
        digest_array(np.asarray(v)) for v in stock.optimizer.variables)
