"""Recovering from code end to end: the slice runs alone in a child process with Keras 3, its data values are
solved from the checkpoint's shapes (or given with --set), and the pipeline converts the file with the
result. The training script around the slice never runs: its payload never appears."""

from __future__ import annotations

import subprocess
import sys

import h5py
import numpy as np
import pytest

from migrate.errors import RecoveryError
from migrate.read import read_legacy_file
from migrate.recover import RecoverOptions, recover
from tests.conftest import ROOT
from tests.recover.conftest import dense, write_checkpoint
from tests.recover.test_slicing import CODE

TEXT_LAYERS = [("embedding_1", [("embeddings", (57, 16))]), ("global_average_pooling1d_1", []),
               dense("dense_1", 16, 4)]


def _recover(tmp_path, layers, code, *settings, version="2.2.4"):
    write_checkpoint(tmp_path / "weights.h5", layers, version)
    return recover(read_legacy_file(tmp_path / "weights.h5"), RecoverOptions(from_code=code, settings=settings))


def test_a_script_is_recovered_with_its_data_values_solved_and_its_payload_never_runs(tmp_path, monkeypatch):
    payload = tmp_path / "payload.txt"
    monkeypatch.setenv("MIGRATE_PAYLOAD", str(payload))
    recovery = _recover(tmp_path, TEXT_LAYERS, CODE / "train_text.py")
    assert recovery.kind == "code" and recovery.path == CODE / "train_text.py"
    assert dict(recovery.values) == {"len(tokenizer.word_index) + 1": 57, "num_classes": 4}
    assert [layer["config"]["name"] for layer in recovery.config["config"]["layers"]][1:] == \
        ["embedding_1", "global_average_pooling1d_1", "dense_1"]
    assert recovery.describe().startswith(f"architecture from code: {CODE / 'train_text.py'}:27-30 (values: ")
    assert not payload.exists()


def test_a_notebook_builder_is_recovered(tmp_path):
    layers = [dense("dense_1", 7, 24), ("dropout_1", []), dense("dense_2", 24, 3)]
    recovery = _recover(tmp_path, layers, CODE / "mlp.ipynb", version="2.2.4-tf")
    assert dict(recovery.values) == {"x_train.shape[1]": 7}


def test_a_directory_is_searched_and_values_are_read_from_the_callers(tmp_path):
    """build(X.shape[1], HIDDEN, ACTIVATION) in train.py, the constants in settings.py: the activation no
    shape holds is read from there; the widths from the shapes."""
    layers = [("input_1", []), dense("dense_1", 5, 12), ("dropout_1", []), dense("dense_2", 12, 1)]
    recovery = _recover(tmp_path, layers, CODE / "project")
    assert recovery.path == CODE / "project" / "models.py"
    assert dict(recovery.values) == {"activation": "tanh", "n_features": 5, "n_hidden": 12}
    hidden = next(layer for layer in recovery.config["config"]["layers"] if layer["config"]["name"] == "dense_1")
    assert hidden["config"]["activation"] == "tanh"


def test_an_unsolvable_value_names_the_set_that_fixes_it_and_set_does(tmp_path):
    layers = [dense("dense_1", 5, 8), dense("dense_2", 8, 2)]
    with pytest.raises(RecoveryError, match=r"cannot solve the value 'activation' .*pass --set 'activation=VALUE'"):
        _recover(tmp_path, layers, CODE / "unsolvable.py")
    recovery = _recover(tmp_path, layers, CODE / "unsolvable.py", "activation=relu")
    assert dict(recovery.values) == {"activation": "relu", "classes": 2}


def test_code_that_builds_another_model_is_refused(tmp_path):
    with pytest.raises(RecoveryError, match="no code under"):
        _recover(tmp_path, [("conv2d_1", [("kernel", (3, 3, 1, 8)), ("bias", (8,))])], CODE / "project")


def test_convert_from_code_writes_a_model_stock_keras_loads_with_the_checkpoint_weights(tmp_path, monkeypatch):
    payload = tmp_path / "payload.txt"
    monkeypatch.setenv("MIGRATE_PAYLOAD", str(payload))
    written = write_checkpoint(tmp_path / "text_weights.h5", TEXT_LAYERS)
    out = tmp_path / "text.keras"
    done = subprocess.run([sys.executable, "-m", "migrate", "convert", str(tmp_path / "text_weights.h5"),
                           "--from-code", str(CODE / "train_text.py"), "-o", str(out)],
                          capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert done.returncode == 0, done.stderr
    assert "architecture from code:" in done.stdout and "num_classes=4" in done.stdout
    check = ("import keras, numpy as np, sys\n"
             f"m = keras.saving.load_model({str(out)!r}, safe_mode=True)\n"
             "np.savez(sys.argv[1], **{l.name + '.' + str(i): np.asarray(w) for l in m.layers "
             "for i, w in enumerate(l.weights)})\n")
    subprocess.run([sys.executable, "-c", check, str(tmp_path / "w.npz")], check=True, timeout=600)
    loaded = np.load(tmp_path / "w.npz")
    for name, arrays in written.items():
        for index, array in enumerate(arrays):
            assert np.array_equal(loaded[f"{name}.{index}"], array)
    assert not payload.exists()
    with h5py.File(tmp_path / "text_weights.h5") as f:  # the source is never written
        names = [name.decode() if isinstance(name, bytes) else name for name in f.attrs["layer_names"]]
        assert names == [name for name, _ in TEXT_LAYERS]


def _k3_tensor(layer, node=0):
    return {"class_name": "__keras_tensor__", "config": {"shape": [None, 4], "dtype": "float32",
                                                         "keras_history": [layer, node, 0]}}


def test_a_keras_3_config_with_a_nested_sequential_is_put_in_the_legacy_numbering():
    """Keras 3 numbers a nested model's first call 0; legacy configs, which the graph reads, number it 1
    (EibrielInv's memory network: three nested Sequentials, refused as 'reads call -1' before)."""
    from migrate.graph import build_graph
    from migrate.recover.solve import legacy_config

    inner = {"class_name": "Sequential", "config": {"name": "encoder", "layers": [
        {"class_name": "InputLayer", "config": {"name": "inner_in", "batch_shape": [None, 4], "dtype": "float32"}},
        {"class_name": "Dense", "config": {"name": "dense_1", "units": 4}}]},
        "name": "encoder", "inbound_nodes": [{"args": [_k3_tensor("input_1")], "kwargs": {"mask": None}}]}
    config = {"class_name": "Functional", "config": {"name": "model", "layers": [
        {"class_name": "InputLayer", "config": {"name": "input_1", "batch_shape": [None, 4], "dtype": "float32"},
         "name": "input_1", "inbound_nodes": []},
        inner,
        {"class_name": "Activation", "config": {"name": "act", "activation": "relu"}, "name": "act",
         "inbound_nodes": [{"args": [_k3_tensor("encoder")], "kwargs": {}}]}],
        "input_layers": [["input_1", 0, 0]], "output_layers": [["act", 0, 0]]}}
    legacy = legacy_config(config)
    assert "keras_version" not in legacy
    graph = build_graph(legacy)
    assert graph.layer("act").calls[0][0].layer == "encoder" and graph.layer("act").calls[0][0].call == 0


def test_an_image_input_shape_is_read_from_the_module_branch_of_the_checkpoint_layout(tmp_path, monkeypatch):
    """No placeholder width can stand for an image's rows and columns (they reach the first Dense only through
    the convolutions): the shape is the module-level tuple of the branch whose channels, last, are the first
    kernel's input channels, its elements constants unpacked on one line. A real Keras 2.3.1 checkpoint."""
    payload = tmp_path / "payload.txt"
    monkeypatch.setenv("MIGRATE_PAYLOAD", str(payload))
    folder = CODE / "image_layouts"
    recovery = recover(read_legacy_file(folder / "cnn_weights.h5"), RecoverOptions(from_code=folder / "train_cnn.py"))
    assert recovery.kind == "code" and dict(recovery.values)["input_shape"] == (12, 12, 1)
    first = recovery.config["config"]["layers"][0]["config"]
    assert first.get("batch_input_shape", first.get("batch_shape")) == [None, 12, 12, 1]
    assert not payload.exists()


def test_a_python2_builder_is_run_as_its_caller_calls_it_with_its_loop(tmp_path, monkeypatch):
    """A Python 2 builder (its `print model.summary()` read as a call, not blanked with the function) that adds
    hidden layers in a loop is run with what its one caller passes (`hidden_layers=2, dropout_rate=0.1`), not
    its defaults; the loop's variable is bound by the loop, no hole. A real Keras 2.3.1 checkpoint."""
    payload = tmp_path / "payload.txt"
    monkeypatch.setenv("MIGRATE_PAYLOAD", str(payload))
    folder = CODE / "py2_loop"
    recovery = recover(read_legacy_file(folder / "mlp_weights.h5"), RecoverOptions(from_code=folder / "mnist_mlp.py"))
    assert recovery.kind == "code" and recovery.values == ()
    assert [layer["class_name"] for layer in recovery.config["config"]["layers"]][-5:] == \
        ["Dropout", "Dense", "Dense", "Dense", "Dense"]
    assert not payload.exists()
