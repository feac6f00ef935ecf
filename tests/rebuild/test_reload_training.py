"""The training part of the reload check: the written file's compile settings load stock, and its optimizer state
is the converted model's, as a compiled stock `load_model` would restore it. Each way the file can be wrong fails."""

from __future__ import annotations

import io
import json
import re
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


def _datasets(path: Path) -> dict[str, tuple[str, tuple[int, ...], bytes, dict]]:
    """Every dataset of a written .keras file's model.weights.h5: dtype, shape, bytes and attributes, by path."""
    found = {}
    with zipfile.ZipFile(path) as archive, h5py.File(io.BytesIO(archive.read("model.weights.h5")), "r") as h5:
        def visit(name, item):
            if isinstance(item, h5py.Dataset):
                found[name] = (item.dtype.str, item.shape, item[()].tobytes(), dict(item.attrs))
        h5.visititems(visit)
    return found


def _config(path: Path) -> str:
    """A written file's config.json, less what differs between any two conversions of one file: the ids Keras
    serializes shared objects under (object addresses) and the optimizer's auto-numbered name (rm_sprop_1)."""
    with zipfile.ZipFile(path) as archive:
        text = archive.read("config.json").decode()
    text = re.sub(r'"shared_object_id": [0-9]+', '"shared_object_id": 0', text)
    config = json.loads(text)
    config["compile_config"]["optimizer"]["config"].pop("name")
    return json.dumps(config)


OPTIMIZER_SAMPLES = [("k231_mgpu2_mlp_adam.h5", "Adam"), ("k231_mgpu4_seq_conv_bn.h5", "SGD"),
                     ("k231_mgpu8_rnn.h5", "RMSprop"), ("tfk23_plain_sequential.h5", "RMSprop"),
                     ("faceclf_tiny_XCEPTION_KDEF.h5", "Adam")]


@pytest.mark.parametrize(("name", "optimizer"), OPTIMIZER_SAMPLES, ids=[name for name, _ in OPTIMIZER_SAMPLES])
def test_the_optimizer_state_written_is_byte_for_byte_what_a_keras_built_optimizer_writes(tmp_path, monkeypatch, name,
                                                                                          optimizer):
    """Converting builds the optimizer's slots as NumPy arrays (Keras's own build, no backend variable per slot).
    The file written is the one the optimizer built through Keras writes: every dataset of model.weights.h5 (the
    optimizer's step, learning rate and slots carried from the legacy file, and the model's weights) and the config,
    byte for byte; and a compiled stock load restores exactly that state, with no 'Skipping variable loading'."""
    import warnings

    from migrate.convert import ConvertOptions, convert_file
    from migrate.rebuild import training
    from tests.conftest import real, sample

    path = sample(name) if not name.startswith("faceclf") else real(name)
    arrays = convert_file(path, ConvertOptions(output=tmp_path / "arrays.keras"))
    monkeypatch.setattr(training, "build_with_array_slots", lambda optimizer, variables: optimizer.build(variables))
    built = convert_file(path, ConvertOptions(output=tmp_path / "built.keras"))
    assert arrays.status == built.status == "converted", (arrays.error, built.error)
    assert arrays.rebuild.optimizer == optimizer
    if not name.startswith("faceclf"):  # its legacy slots do not fit (the Keras 2 file's order): zeros, 104 of them
        assert arrays.rebuild.optimizer_slots > 0
    assert arrays.rebuild.optimizer_slots == built.rebuild.optimizer_slots
    written, reference = _datasets(tmp_path / "arrays.keras"), _datasets(tmp_path / "built.keras")
    assert sorted(written) == sorted(reference)
    assert len([key for key in written if key.startswith("optimizer/vars/")]) > 2  # the step, the rate and slots
    assert [key for key in written if written[key] != reference[key]] == []
    assert _config(tmp_path / "arrays.keras") == _config(tmp_path / "built.keras")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        stock = keras.saving.load_model(tmp_path / "arrays.keras", safe_mode=True)
    assert not [w for w in caught if "Skipping variable loading" in str(w.message)]
    assert [np.asarray(v).tobytes() for v in stock.optimizer.variables] == [
        reference[f"optimizer/vars/{i}"][2] for i in range(len(stock.optimizer.variables))]
