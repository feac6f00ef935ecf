"""TF 2.0-2.4 SavedModels, whose Keras metadata is only in saved_model.pb's object graph, read without
TensorFlow and convert to reproduce TF 2.3's own outputs; an adapted Normalization saved with an unknown
input width gets it from its mean."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from migrate.convert import ConvertOptions, convert_file
from migrate.errors import NotKerasFileError
from migrate.graph import build_graph
from migrate.graph.pinned import pin_input_shapes
from migrate.read import read_model_file
from tests.conftest import ROOT

TF23 = Path(__file__).parents[1] / "read" / "containers" / "tf23"


def test_the_keras_metadata_comes_from_the_object_graph():
    file = read_model_file(TF23 / "tf23_mlp")
    assert (file.container, file.format, file.keras_version, file.backend) == ("savedmodel", "model", "2.4.0",
                                                                              "tensorflow")
    assert [layer["class_name"] for layer in file.model_config["config"]["layers"]] == [
        "InputLayer", "Dense", "BatchNormalization", "Dense"]
    shapes = {name: [w.shape for w in weights] for name, weights in file.layer_weights.items() if weights}
    assert shapes == {"dense": [(4, 6), (6,)], "batch_normalization": [(6,)] * 4, "dense_1": [(6, 3), (3,)]}
    assert file.training_config["loss"] == "mse"
    assert len(file.optimizer_weights) == 1 + 2 * 6


def test_a_normalization_that_lists_no_variables_gives_its_own():
    """TF 2.3's Normalization node has no `variables` child: mean, variance and count are its children."""
    file = read_model_file(TF23 / "tf23_norm")
    assert [w.name for w in file.layer_weights["normalization"]] == [
        "normalization/mean:0", "normalization/variance:0", "normalization/count:0"]


def test_reading_imports_no_tensorflow():
    code = ("import sys; from migrate.read import read_model_file; read_model_file(sys.argv[1]); "
            "assert 'tensorflow' not in sys.modules and 'keras' not in sys.modules")
    done = subprocess.run([sys.executable, "-c", code, str(TF23 / "tf23_mlp")], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr


def test_a_savedmodel_with_no_keras_object_is_still_refused(tmp_path):
    (tmp_path / "sm").mkdir()
    (tmp_path / "sm" / "saved_model.pb").write_bytes(b"")
    with pytest.raises(NotKerasFileError, match="a SavedModel without keras_metadata.pb, and none in saved_model.pb"):
        read_model_file(tmp_path / "sm")


@pytest.mark.parametrize("name", ["tf23_mlp", "tf23_norm", "tf23_norm_seq"])
def test_a_tf23_savedmodel_reproduces_tf23(name, tmp_path):
    source = TF23 / name
    result = convert_file(source, ConvertOptions(output=tmp_path / "out.keras", reference=source.with_suffix(".npz")))
    assert result.status == "converted", result.error
    assert result.max_abs_diff is not None and result.max_abs_diff <= 1e-5


def test_an_unknown_input_width_is_taken_from_the_normalizations_mean():
    file = read_model_file(TF23 / "tf23_norm_seq")
    graph = build_graph(file.model_config, tf_keras=True)
    first = graph.layers[0]
    assert first.class_name == "InputLayer" and first.config["batch_input_shape"] == [None, None]
    notes = pin_input_shapes(graph, file.layer_weights)
    assert first.config["batch_input_shape"] == [None, 4]
    assert graph.layer("normalization_1").config["batch_input_shape"] == [None, 4]
    assert notes == ["normalization_1_input: input shape [None, 4] from normalization_1's mean (saved as [None, None])"]
    assert pin_input_shapes(graph, file.layer_weights) == []  # known now: nothing left to fill
