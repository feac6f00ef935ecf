"""The reader on real files of every generation, and on every kind of broken file."""

from __future__ import annotations

import shutil

import h5py
import numpy as np
import pytest

from migrate.errors import MalformedFileError, MigrateError, MissingPathError, NotKerasFileError
from migrate.read import read_legacy_file
from tests.conftest import real, real_params, sample, sample_params


@pytest.mark.parametrize("row", sample_params())
def test_reads_every_sample_with_its_version_and_format(row):
    file = read_legacy_file(sample(row["file"]))
    assert file.format == row["format"]
    assert file.keras_version == row["keras"]
    assert file.backend == (None if row["keras"].startswith("1.") else "tensorflow")  # Keras 1 wrote none
    assert (file.model_config is None) == (row["format"] == "weights")


@pytest.mark.parametrize("path", real_params())
def test_reads_every_real_model(path):
    file = read_legacy_file(path)
    assert file.format == ("weights" if "weights_only" in path.name else "model")
    assert file.weight_count > 0 or path.name == "dl4j_space_to_depth_graph_tf2.h5"


@pytest.mark.parametrize("name", ["k231_mgpu2_mlp_adam.h5", "k122_rnn_layouts.h5", "tfk23_plain_sequential.h5"])
def test_weight_headers_are_what_h5py_datasets_say(name):
    file = read_legacy_file(sample(name))
    with h5py.File(sample(name), "r") as h5:
        for info in [*(w for ws in file.layer_weights.values() for w in ws), *file.optimizer_weights]:
            dataset = h5[info.h5_path]
            assert (info.h5_path, info.shape, info.dtype) == (dataset.name, dataset.shape, str(dataset.dtype))


def test_compiled_files_carry_optimizer_state_and_uncompiled_ones_do_not():
    slots = [w.name for w in read_legacy_file(sample("k231_mgpu2_mlp_adam.h5")).optimizer_weights]
    # Keras 2.3.1's Adam: iterations, then m, v and vhat (kept even without amsgrad) per weight
    assert len(slots) == 1 + 3 * 4 and slots[0] == "Adam/iterations:0"
    assert read_legacy_file(sample("k231_mgpu_ids_nomerge.h5")).optimizer_weights == ()


def test_wrapper_weights_live_under_the_replica_group():
    file = read_legacy_file(sample("k231_mgpu2_mlp_adam.h5"))
    holding = {name: [w.name for w in weights] for name, weights in file.layer_weights.items() if weights}
    assert holding == {"mlp": ["hidden/kernel:0", "hidden/bias:0", "probs/kernel:0", "probs/bias:0"]}
    assert file.layer_weights["mlp"][0].shape == (8, 16)


def test_non_trainable_weights_follow_trainable_ones_in_the_replica_group():
    names = [w.name for w in read_legacy_file(sample("k231_mgpu4_seq_conv_bn.h5")).layer_weights["convnet"]]
    assert names.index("bn/moving_mean:0") > names.index("head/bias:0")
    assert names.index("conv_frozen/kernel:0") > names.index("head/bias:0")


def test_chunked_layer_names_are_joined_in_order():
    with h5py.File(sample("k231_chunked_names.h5"), "r") as h5:
        assert "layer_names1" in h5["model_weights"].attrs  # Keras itself chunked it
    names = list(read_legacy_file(sample("k231_chunked_names.h5")).layer_weights)
    assert len(names) == 361
    assert names[0].endswith("_first") and names[-1].endswith("_359")


def test_weights_only_file_lists_its_groups_at_the_root():
    file = read_legacy_file(sample("k216_weights_only_seq.h5"))
    assert list(file.layer_weights) == ["dense_1_input", "lambda_1", "lambda_2", "sequential_1", "dense_2"]
    assert file.weight_bytes == 147 * 4


@pytest.mark.parametrize("name, version, backend", [
    ("dl4j_bilstm_theano2.h5", "2.1.3", "theano"),
    ("bc_davinderc.h5", "1.2.0", None),
    ("dl4j_deepfm.h5", "2.2.4-tf", "tensorflow"),
])
def test_theano_keras1_and_tf_keras_files_keep_their_backend_and_version(name, version, backend):
    file = read_legacy_file(real(name))
    assert (file.keras_version, file.backend) == (version, backend)


# ---------------------------------------------------------------- malformed input (hand-built files)


def test_missing_file(tmp_path):
    with pytest.raises(MissingPathError, match="no such file"):
        read_legacy_file(tmp_path / "absent.h5")


def test_not_hdf5(tmp_path):
    path = tmp_path / "model.h5"
    path.write_text("just text")
    with pytest.raises(NotKerasFileError, match=r"not a Keras model file \(no HDF5 signature\)") as info:
        read_legacy_file(path)
    assert str(path) in str(info.value)


def test_a_keras3_archive_is_told_apart(tmp_path):
    """A .keras file given where a legacy one is expected: say what it is and what to do with it."""
    import keras

    path = tmp_path / "modern.keras"
    keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)]).save(path)
    with pytest.raises(NotKerasFileError, match="needs no migration") as info:
        read_legacy_file(path)
    assert "--architecture" in str(info.value) and str(path) in str(info.value)


def test_truncated_hdf5(tmp_path):
    path = tmp_path / "cut.h5"
    data = sample("k231_mgpu2_mlp_adam.h5").read_bytes()
    path.write_bytes(data[: len(data) // 3])
    with pytest.raises(MigrateError):
        read_legacy_file(path)


def test_hdf5_that_is_not_keras(tmp_path):
    path = tmp_path / "data.h5"
    with h5py.File(path, "w") as h5:
        h5["x"] = np.arange(3)
    with pytest.raises(NotKerasFileError, match="not a Keras model file"):
        read_legacy_file(path)


def _copy(tmp_path, name="k231_mgpu2_mlp_adam.h5"):
    path = tmp_path / name
    shutil.copy(sample(name), path)
    return path


def _set_attr(key, value):
    return lambda h5: h5.attrs.__setitem__(key, value)


def _delete(name):
    return lambda h5: h5.__delitem__(name)


@pytest.mark.parametrize("damage, message", [
    (_set_attr("model_config", '{"class_name": "Model", "config": {'), "model_config.*not valid JSON"),
    (_set_attr("model_config", "[1, 2, 3]"), "should be a JSON object"),
    (_delete("model_weights/mlp"), "'mlp'"),
    (_delete("model_weights/mlp/hidden/kernel:0"), "hidden/kernel:0"),
    (_set_attr("model_config", np.arange(4)), "should be text"),
    (lambda h5: (h5.__delitem__("model_weights/mlp/hidden/kernel:0"),
                 h5.create_group("model_weights/mlp/hidden/kernel:0")), "lists weight 'hidden/kernel:0' but holds no"),
], ids=["config-not-json", "config-not-object", "layer-group-missing", "weight-dataset-missing",
        "attribute-not-text", "weight-is-a-group"])
def test_damaged_files_are_malformed_with_what_is_wrong(tmp_path, damage, message):
    path = _copy(tmp_path)
    with h5py.File(path, "r+") as h5:
        damage(h5)
    with pytest.raises(MalformedFileError, match=message):
        read_legacy_file(path)


def test_sources_are_never_modified(tmp_path):
    path = _copy(tmp_path)
    before = path.read_bytes()
    read_legacy_file(path)
    assert path.read_bytes() == before
