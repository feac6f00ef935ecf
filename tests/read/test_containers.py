"""Reading by content: every container (HDF5, `.keras` zip, SavedModel directory) into the same record,
whatever the file is called, with no Keras and no TensorFlow."""

from __future__ import annotations

import io
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import h5py
import numpy as np
import pytest

from migrate.errors import MalformedFileError, NotKerasFileError
from migrate.read import detect_container, read_model_file
from migrate.read.keras_zip import snake_case
from migrate.read.protobuf import fields, message
from migrate.read.store import open_weights
from migrate.read.tensor_bundle import read_bundle_index
from tests.conftest import ROOT, sample

FIXTURES = Path(__file__).parent / "containers"
SAVEDMODEL = FIXTURES / "tfkeras_savedmodel"
NESTED_ZIP = FIXTURES / "tfkeras_nested.keras"
AN_HDF5 = sample("k231_nested3.h5")


def test_the_container_is_told_by_content_not_by_the_name(tmp_path):
    shutil.copy(AN_HDF5, tmp_path / "looks_like.keras")
    shutil.copy(NESTED_ZIP, tmp_path / "looks_like.h5")
    (tmp_path / "plain.h5").write_bytes(b"not a model at all")
    (tmp_path / "folder").mkdir()
    assert detect_container(tmp_path / "looks_like.keras") == "hdf5"
    assert detect_container(tmp_path / "looks_like.h5") == "keras_zip"
    assert detect_container(SAVEDMODEL) == "savedmodel"
    assert detect_container(tmp_path / "plain.h5") is None
    assert detect_container(tmp_path / "folder") is None
    assert read_model_file(tmp_path / "looks_like.keras").model_config == read_model_file(AN_HDF5).model_config
    assert read_model_file(tmp_path / "looks_like.h5").container == "keras_zip"


def test_what_is_not_a_model_says_what_it_is(tmp_path):
    (tmp_path / "folder").mkdir()
    with zipfile.ZipFile(tmp_path / "other.keras", "w") as archive:
        archive.writestr("readme.txt", "hello")
    with pytest.raises(NotKerasFileError, match="not a SavedModel"):
        read_model_file(tmp_path / "folder")
    with pytest.raises(NotKerasFileError, match="without config.json"):
        read_model_file(tmp_path / "other.keras")
    with pytest.raises(NotKerasFileError, match="no such file"):
        read_model_file(tmp_path / "missing.h5")


def test_a_savedmodel_reads_its_config_and_weights_in_layer_order():
    file = read_model_file(SAVEDMODEL)
    assert (file.container, file.format, file.keras_version) == ("savedmodel", "model", "2.21.0")
    assert file.model_config["class_name"] == "Sequential"
    shapes = {name: [w.shape for w in weights] for name, weights in file.layer_weights.items() if weights}
    assert list(shapes) == ["dense", "batch_normalization", "dense_1"]
    assert shapes["dense"] == [(12, 8), (8,)]
    assert [w.name for w in file.layer_weights["batch_normalization"]] == [
        f"batch_normalization/{n}:0" for n in ("gamma", "beta", "moving_mean", "moving_variance")]
    assert file.training_config["loss"] == "sparse_categorical_crossentropy"
    assert len(file.optimizer_weights) == 1 + 2 * 6  # the step, then m and v of each trainable weight


def test_the_pure_python_bundle_reader_agrees_with_tensorflow():
    import tensorflow as tf

    prefix = SAVEDMODEL / "variables" / "variables"
    reader = tf.train.load_checkpoint(str(prefix))
    file = read_model_file(SAVEDMODEL)
    with open_weights(file) as store:
        for weights in file.layer_weights.values():
            for weight in weights:
                np.testing.assert_array_equal(store[weight.h5_path][()], reader.get_tensor(weight.h5_path))
    assert set(read_bundle_index(prefix)) == set(reader.get_variable_to_shape_map()) | {"_CHECKPOINTABLE_OBJECT_GRAPH"}


def test_a_keras2_zip_finds_every_weight_by_its_tracking_path():
    file = read_model_file(NESTED_ZIP)
    assert (file.container, file.keras_version) == ("keras_zip", "2.21.0")
    paths = {name: [w.h5_path for w in weights] for name, weights in file.layer_weights.items() if weights}
    assert paths["lstm"] == [f"/layers/lstm/cell/vars/{i}" for i in range(3)]
    assert paths["bidirectional"][0].startswith("/layers/bidirectional/forward_layer/cell/vars/0")
    assert paths["bidirectional"][3].startswith("/layers/bidirectional/backward_layer/cell/vars/0")
    head = [p.replace("/layers/sequential/layers/", "") for p in paths["head"]]
    # a nested model's group, as Keras 2 listed it: every trainable weight, then the BatchNormalization statistics
    assert head == ["dense/vars/0", "dense/vars/1", "batch_normalization/vars/0", "batch_normalization/vars/1",
                    "dense_1/vars/0", "dense_1/vars/1", "batch_normalization/vars/2", "batch_normalization/vars/3"]


def test_windows_backslash_paths_in_a_zip_are_read_all_the_same(tmp_path):
    mangled = tmp_path / "windows.keras"
    with zipfile.ZipFile(NESTED_ZIP) as archive:
        buffer = io.BytesIO(archive.read("model.weights.h5"))
        with h5py.File(buffer, "r") as src, h5py.File(tmp_path / "w.h5", "w") as dst:
            def copy(name, item):  # Keras 2.15 on Windows: the first separator written as a backslash
                if isinstance(item, h5py.Dataset):
                    dst.create_dataset(name.replace("/", "\\", 1), data=item[()])

            src.visititems(copy)
        with zipfile.ZipFile(mangled, "w") as out:
            for name in ("metadata.json", "config.json"):
                out.writestr(name, archive.read(name))
            out.write(tmp_path / "w.h5", "model.weights.h5")
    original, windows = read_model_file(NESTED_ZIP), read_model_file(mangled)
    assert {k: [w.shape for w in v] for k, v in windows.layer_weights.items()} == \
        {k: [w.shape for w in v] for k, v in original.layer_weights.items()}
    assert "\\" in windows.layer_weights["lstm"][0].h5_path
    with open_weights(windows) as store:
        assert store[windows.layer_weights["lstm"][0].h5_path].shape == (2, 16)


def test_tracking_names_follow_keras_snake_case():
    assert [snake_case(c) for c in ("Dense", "BatchNormalization", "Conv1D", "AveragePooling1D", "LSTM", "GRU")] == [
        "dense", "batch_normalization", "conv1d", "average_pooling1d", "lstm", "gru"]


@pytest.mark.parametrize("damage, message_part", [
    (lambda data: data[:-8] + b"\0" * 8, "not an SSTable"),
    (lambda data: data[:20], "not an SSTable"),
], ids=["no-magic", "truncated"])
def test_a_damaged_checkpoint_index_is_a_malformed_file(tmp_path, damage, message_part):
    copy = tmp_path / "model"
    shutil.copytree(SAVEDMODEL, copy)
    index = copy / "variables" / "variables.index"
    index.write_bytes(damage(index.read_bytes()))
    with pytest.raises(MalformedFileError, match=message_part):
        read_model_file(copy)


def test_a_savedmodel_without_keras_metadata_is_not_a_keras_model(tmp_path):
    copy = tmp_path / "exported"
    shutil.copytree(SAVEDMODEL, copy)
    (copy / "keras_metadata.pb").unlink()
    with pytest.raises(NotKerasFileError, match="without keras_metadata.pb"):
        read_model_file(copy)


def test_a_flattened_savedmodel_reads_its_variables_beside_saved_model_pb(tmp_path):
    # Real uploads (231450471formanite/Potato-Disease-End-to-End-Deep-Learning-Project) commit
    # variables.index and variables.data-* beside saved_model.pb, without the variables/ folder.
    copy = tmp_path / "flat"
    shutil.copytree(SAVEDMODEL, copy)
    for part in list((copy / "variables").iterdir()):
        part.rename(copy / part.name)
    (copy / "variables").rmdir()
    flat, nested = read_model_file(copy), read_model_file(SAVEDMODEL)
    weights = [w for group in nested.layer_weights.values() for w in group]
    assert flat.layer_weights == nested.layer_weights and weights
    with open_weights(flat) as store, open_weights(nested) as expected:
        for weight in weights:
            assert np.array_equal(np.asarray(store[weight.h5_path]), np.asarray(expected[weight.h5_path]))


def test_a_savedmodel_committed_without_its_variables_says_so(tmp_path):
    copy = tmp_path / "no_weights"
    shutil.copytree(SAVEDMODEL, copy)
    shutil.rmtree(copy / "variables")
    with pytest.raises(MalformedFileError, match="no variables/ folder: its weights were not saved"):
        read_model_file(copy)


def test_protobuf_fields_are_decoded_as_data():
    assert list(fields(b"\x08\x96\x01\x12\x03abc")) == [(1, 0, 150), (2, 2, b"abc")]
    assert message(b"\x08\x01\x08\x02") == {1: [1, 2]}
    with pytest.raises(MalformedFileError):
        list(fields(b"\x12\x05ab"))
    with pytest.raises(MalformedFileError):
        list(fields(b"\x08" + b"\xff" * 12))


def test_inspecting_every_container_imports_neither_keras_nor_tensorflow():
    script = (f"import sys; from migrate.diagnosis import inspect_file\n"
              f"for path in {[str(SAVEDMODEL), str(NESTED_ZIP), str(AN_HDF5)]!r}: inspect_file(path)\n"
              "assert not {'keras', 'tensorflow', 'tf_keras'} & set(sys.modules), sorted(sys.modules)\nprint('ok')")
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert result.stdout.strip() == "ok", result.stderr[-2000:]


def test_a_keras3_lambda_is_put_in_the_legacy_function_form():
    from migrate.read.keras_archive import legacy_form

    tensor = {"class_name": "__keras_tensor__", "config": {"keras_history": ["x", 0, 0]}}
    config = {"class_name": "Functional", "config": {"name": "m", "input_layers": [["x", 0, 0]], "output_layers": [["f", 0, 0], ["g", 0, 0]],
              "layers": [{"class_name": "InputLayer", "name": "x", "config": {"name": "x"}, "inbound_nodes": []},
                         {"class_name": "Lambda", "name": "f", "inbound_nodes": [{"args": [tensor], "kwargs": {}}],
                          "config": {"name": "f", "function": {"class_name": "__lambda__",
                                                               "config": {"code": "YWJj", "defaults": None, "closure": None}}}},
                         {"class_name": "Lambda", "name": "g", "inbound_nodes": [{"args": [tensor], "kwargs": {}}],
                          "config": {"name": "g", "function": {"module": "builtins", "class_name": "function",
                                                               "config": "sampling", "registered_name": "function"}}}]}}
    layers = {layer["name"]: layer["config"] for layer in legacy_form(config)["config"]["layers"]}
    assert (layers["f"]["function"], layers["f"]["function_type"]) == (["YWJj", None, None], "lambda")
    assert (layers["g"]["function"], layers["g"]["function_type"], layers["g"]["module"]) == ("sampling", "function", "builtins")
