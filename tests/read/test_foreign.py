"""Files no Keras reader takes are refused in one line that names what they are, told by their bytes:
pickles (never unpickled), PyTorch zips, TensorFlow checkpoints, Keras 0.x and Keras 3 weights files."""

from __future__ import annotations

import pickle
import shutil
import zipfile
from pathlib import Path

import h5py
import numpy as np
import pytest

from migrate.errors import NotKerasFileError
from migrate.read import read_model_file
from tests.cli.test_inspect_cli import migrate

FOREIGN = Path(__file__).parent / "foreign"
CHECKPOINT = FOREIGN / "tf_checkpoint"


def refusal(path: Path) -> str:
    with pytest.raises(NotKerasFileError) as info:
        read_model_file(path)
    return str(info.value)


def test_a_pickled_keras_model_named_dot_keras_is_a_pickle_not_a_zip(tmp_path, monkeypatch):
    """The wild case: a `model.keras` that is a pickle wrapping a .keras zip. zipfile finds the zip inside,
    which once made it 'a zip archive ... needs no migration'; it is a pickle, and it is never unpickled."""
    path = tmp_path / "model.keras"
    shutil.copy(FOREIGN / "pickled_tfkeras.keras", path)
    monkeypatch.setattr(pickle, "loads", lambda *a, **k: pytest.fail("unpickled"))
    monkeypatch.setattr(pickle, "load", lambda *a, **k: pytest.fail("unpickled"))
    said = refusal(path)
    assert said.startswith(f"{path}: not a Keras model file (a Python pickle wrapping a .keras zip archive: ")
    assert "never unpickles" in said and "model.save('model.keras')" in said and "no migration" not in said


def test_a_plain_pickle_under_a_model_name(tmp_path):
    path = tmp_path / "weights.h5"
    path.write_bytes(pickle.dumps({"w": [1.0, 2.0]}, protocol=2))
    assert "(a Python pickle: migrate never unpickles" in refusal(path)


def test_a_pytorch_zip_is_named_whatever_its_suffix(tmp_path):
    for name, member in (("model.pt", "archive/data.pkl"), ("model.h5", "data.pkl"), ("m.keras", "m/data.pkl")):
        path = tmp_path / name
        with zipfile.ZipFile(path, "w") as archive:
            archive.writestr(member, pickle.dumps({}, protocol=2))
            archive.writestr(member.replace("data.pkl", "version"), "3\n")
        assert "(a PyTorch checkpoint, a torch.save zip holding data.pkl: migrate converts Keras models only)" in refusal(path)


@pytest.mark.parametrize("part", ["ckpt-1.index", "ckpt-1.data-00000-of-00001", "checkpoint", "."])
def test_a_tensorflow_checkpoint_says_how_to_get_a_model_from_it(part):
    said = refusal(CHECKPOINT / part)
    assert "a TensorFlow checkpoint, variables with no Keras config: build the model with the training code" in said
    assert "model.load_weights(PREFIX)" in said


def test_an_index_file_that_is_not_a_table_is_not_called_a_checkpoint(tmp_path):
    path = tmp_path / "x.index"
    path.write_bytes(b"\x00" * 40)
    assert refusal(path).endswith("(no HDF5 signature)")


def test_a_keras0_weights_file_is_told_from_other_hdf5(tmp_path):
    """Keras 0.x `save_weights`: `nb_layers`, then `layer_K` groups of `param_N` (a Graph: `graph` with nb_params)."""
    sequential, graph = tmp_path / "k0.h5", tmp_path / "k0_graph.h5"
    with h5py.File(sequential, "w") as h5:
        h5.attrs["nb_layers"] = 2
        h5.create_group("layer_0").attrs["nb_params"] = 2
        h5["layer_0/param_0"], h5["layer_0/param_1"] = np.zeros((3, 4)), np.zeros(4)
        h5.create_group("layer_1").attrs["nb_params"] = 0
    with h5py.File(graph, "w") as h5:
        h5.create_group("graph").attrs["nb_params"] = 1
        h5["graph/param_0"] = np.zeros(3)
    for path in (sequential, graph):
        assert "(a Keras 0.x weights file: groups layer_0, layer_1, ..." in refusal(path)


def test_a_keras3_weights_file_needs_no_migration(tmp_path):
    import keras

    path = tmp_path / "m.weights.h5"
    keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)]).save_weights(path)
    assert "(a Keras 3 weights file, as model.save_weights writes .weights.h5: it needs no migration" in refusal(path)


def test_numpy_files_and_unknown_zips(tmp_path):
    np.save(tmp_path / "a.npy", np.zeros(3))
    np.savez(tmp_path / "b.npz", x=np.zeros(3))
    with zipfile.ZipFile(tmp_path / "c.keras", "w") as archive:
        archive.writestr("readme.txt", "hello")
    assert "(a NumPy array file (.npy)" in refusal(tmp_path / "a.npy")
    assert "(a NumPy archive (.npz)" in refusal(tmp_path / "b.npz")
    assert refusal(tmp_path / "c.keras").endswith("(a zip archive without config.json: not a .keras file)")


def test_the_cli_says_it_in_one_line_with_exit_1(tmp_path):
    path = tmp_path / "model.keras"
    shutil.copy(FOREIGN / "pickled_tfkeras.keras", path)
    result = migrate("inspect", path)
    assert result.returncode == 1
    assert [line for line in result.stderr.splitlines() if line.strip()] == [
        f"error {path}: " + refusal(path).split(": ", 1)[1]]


def test_a_pickle_is_no_architecture_either(tmp_path):
    """`--architecture model.keras`: zipfile would read the config inside the pickle; it is refused the same way."""
    from migrate.read.architecture import read_architecture

    with pytest.raises(NotKerasFileError, match="a Python pickle wrapping a .keras zip archive"):
        read_architecture(FOREIGN / "pickled_tfkeras.keras")


LFS_TEXT = ("version https://git-lfs.github.com/spec/v1\n"
            "oid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\nsize 12345\n")


def test_a_git_lfs_pointer_says_to_pull_the_file(tmp_path):
    """Committed in place of the model (3 of ~100 repositories in the wild audit): a file, or a SavedModel's parts."""
    (tmp_path / "model.h5").write_text(LFS_TEXT)
    (tmp_path / "saved" / "variables").mkdir(parents=True)
    (tmp_path / "saved" / "saved_model.pb").write_text(LFS_TEXT)
    (tmp_path / "saved" / "variables" / "variables.index").write_text(LFS_TEXT)
    assert refusal(tmp_path / "model.h5").endswith("(a Git LFS pointer, not the model itself (the repository keeps "
                                                   "its files in Git LFS): run `git lfs pull` in the repository, then "
                                                   "convert the file it downloads)")
    assert "(its saved_model.pb is a Git LFS pointer, not the model itself" in refusal(tmp_path / "saved")


def test_a_savedmodel_whose_pb_is_not_a_protobuf_holds_no_keras_metadata(tmp_path):
    (tmp_path / "saved").mkdir()
    (tmp_path / "saved" / "saved_model.pb").write_bytes(b"\x0e\x0f garbage, wire type 6")
    assert "a SavedModel without keras_metadata.pb, and none in saved_model.pb" in refusal(tmp_path / "saved")
