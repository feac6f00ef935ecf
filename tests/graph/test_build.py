"""Config -> Graph on real configs of every generation, and on broken ones."""

from __future__ import annotations

import copy

import pytest

from migrate.errors import MalformedFileError, UnsupportedModelError
from migrate.graph import TensorRef, build_graph
from migrate.read import read_legacy_file
from tests.conftest import ROOT, real, real_params, sample, sample_params


def _config(path):
    return read_legacy_file(path).model_config


def _graph(path):
    file = read_legacy_file(path)
    return build_graph(file.model_config, tf_keras=file.is_tf_keras)


@pytest.mark.parametrize("row", sample_params(lambda row: row["format"] == "model"))
def test_every_sample_builds(row):
    assert _graph(sample(row["file"])).layers


@pytest.mark.parametrize("path", real_params())
def test_every_real_model_builds(path):
    if read_legacy_file(path).format == "model":
        assert _graph(path).outputs


def test_list_sequential_gets_the_input_keras_made_for_it():
    graph = _graph(sample("k216_plain_sequential.h5"))
    assert graph.sequential_form == "list"
    assert graph.inputs == [TensorRef("dense_1_input", 0, 0)]
    assert graph.layer("dense_2").calls == [(TensorRef("dense_1", 0, 0),)]


def test_dict_sequential_and_tf_keras_input_layer():
    assert _graph(sample("k231_plain_sequential.h5")).sequential_form == "dict"
    graph = _graph(sample("tfk23_plain_sequential.h5"))
    assert graph.layers[0].class_name == "InputLayer" and graph.inputs == [TensorRef("dense_input", 0, 0)]


@pytest.mark.parametrize("name", ["k216_plain_submodel.h5", "k231_plain_submodel.h5", "tfk23_plain_submodel.h5"])
def test_nested_model_calls_are_counted_from_zero(name):
    # the file says ["encoder", 1, 0, {}]: Keras counted the model's own creation node first
    assert '["encoder", 1, 0, {}]' in str(_config(sample(name))).replace("'", '"')
    assert _graph(sample(name)).layer("regress").calls == [(TensorRef("encoder", 0, 0),)]


def test_sequential_led_by_a_nested_model_takes_that_models_input():
    graph = _graph(real("hk_gan_nested.h5"))
    assert graph.inputs == [TensorRef("thief_input", 0, 0)]
    assert graph.layer("police").calls == [(TensorRef("thief", 0, 0),)]


def test_keras1_three_element_inbound_entries():
    config = {"class_name": "Model", "config": {
        "name": "k1", "input_layers": [["in", 0, 0]], "output_layers": [["out", 0, 0]],
        "layers": [
            {"name": "in", "class_name": "InputLayer", "config": {"name": "in", "batch_input_shape": [None, 3]},
             "inbound_nodes": []},
            {"name": "out", "class_name": "Dense", "config": {"name": "out", "output_dim": 2},
             "inbound_nodes": [[["in", 0, 0]]]},
        ]}}
    assert build_graph(config).layer("out").calls == [(TensorRef("in", 0, 0),)]


def _mutated(path, mutate):
    config = copy.deepcopy(_config(path))
    mutate(config["config"]["layers"])
    return config


def test_dangling_reference_names_the_layer():
    config = _mutated(sample("k231_plain_functional.h5"), lambda layers: layers[-1]["inbound_nodes"][0][0].__setitem__(0, "ghost"))
    with pytest.raises(MalformedFileError, match="'ghost'") as info:
        build_graph(config)
    assert info.value.layer is not None


def test_reference_to_a_call_that_does_not_exist():
    config = _mutated(sample("k231_plain_functional.h5"), lambda layers: layers[-1]["inbound_nodes"][0][0].__setitem__(1, 5))
    with pytest.raises(MalformedFileError, match="call 5"):
        build_graph(config)


def test_cycle_is_rejected():
    def feed_output_back(layers):
        first_dense = next(layer for layer in layers if layer["class_name"] == "Dense")
        first_dense["inbound_nodes"] = [[[layers[-1]["name"], 0, 0, {}]]]
    with pytest.raises(MalformedFileError, match="cyclic"):
        build_graph(_mutated(sample("k231_plain_functional.h5"), feed_output_back))


def test_duplicate_layer_names():
    config = _mutated(sample("k231_plain_functional.h5"), lambda layers: layers[-1].__setitem__("name", layers[-2]["name"]))
    with pytest.raises(MalformedFileError, match="two layers named"):
        build_graph(config)


@pytest.mark.parametrize("shape", [[None, -4], [None, 2**40], [None, "eight"], [None, 1.5]])
def test_absurd_input_shapes(shape):
    config = _mutated(sample("k231_plain_functional.h5"), lambda layers: layers[0]["config"].__setitem__("batch_input_shape", shape))
    with pytest.raises(MalformedFileError, match="impossible input shape"):
        build_graph(config)


def test_extremely_deep_nesting_is_refused_not_recursed():
    inner = _config(sample("k231_plain_functional.h5"))
    for _ in range(200):
        inner = {"class_name": "Model", "config": {"name": "m", "layers": [
            {"name": "in", "class_name": "InputLayer", "config": {"batch_input_shape": [None, 8]}, "inbound_nodes": []},
            {"name": "m", **inner, "inbound_nodes": [[["in", 0, 0, {}]]]}],
            "input_layers": [["in", 0, 0]], "output_layers": [["m", 1, 0]]}}
    with pytest.raises(UnsupportedModelError, match="nested more than"):
        build_graph(inner)


@pytest.mark.parametrize("bad", [None, 3, "Model", {"class_name": 4}, {"class_name": "Dense", "config": {}},
                                 {"class_name": "Model", "config": {"layers": "x"}},
                                 {"class_name": "Sequential", "config": []}])
def test_wrong_types_at_the_top(bad):
    with pytest.raises(MalformedFileError):
        build_graph(bad)


WILD = ROOT.parent / "shared" / "wild_models"


def _op_lambda_model(call):
    """A tf.keras 2.4 functional config: Input, a Dense, and a TFOpLambda called as `call` says."""
    return {"class_name": "Functional", "config": {"name": "m", "layers": [
        {"class_name": "InputLayer", "name": "x", "config": {"name": "x", "batch_input_shape": [None, 3]},
         "inbound_nodes": []},
        {"class_name": "Dense", "name": "d", "config": {"name": "d", "units": 3}, "inbound_nodes": [[["x", 0, 0, {}]]]},
        {"class_name": "TFOpLambda", "name": "tf.math.truediv", "config": {"name": "tf.math.truediv",
                                                                          "function": "math.truediv"},
         "inbound_nodes": [call]}],
        "input_layers": [["x", 0, 0]], "output_layers": [["tf.math.truediv", 0, 0]]}}


def test_op_lambda_call_on_one_tensor_with_a_keyword_tensor():
    """tf.keras 2.4 wrote `tf.math.truediv(x, y=d)` as x's entry itself, with y among its kwargs (21skar4)."""
    from migrate.graph import KeywordTensor

    graph = build_graph(_op_lambda_model(["x", 0, 0, {"y": ["d", 0, 0], "name": None}]), tf_keras=True)
    layer = graph.layer("tf.math.truediv")
    assert layer.calls == [(TensorRef("x", 0, 0), TensorRef("d", 0, 0))]
    assert layer.call_kwargs == [{"y": KeywordTensor(1), "name": None}]


def test_op_lambda_keyword_naming_no_layer_stays_a_constant():
    graph = build_graph(_op_lambda_model(["x", 0, 0, {"y": ["q", 0, 0]}]), tf_keras=True)
    assert graph.layer("tf.math.truediv").call_kwargs == [{"y": ["q", 0, 0]}]


def test_a_flat_entry_is_refused_on_other_layers():
    config = _op_lambda_model(["x", 0, 0, {}])
    config["config"]["layers"][2]["class_name"] = "Dense"
    with pytest.raises(MalformedFileError, match="should be"):
        build_graph(config, tf_keras=True)


def test_wild_sar_despeckling_keyword_inbound_builds():
    path = WILD / "files" / "21skar4__SAR-despeckling__model__model.h5"
    if not path.exists():
        pytest.skip("../shared/wild_models is absent")
    layer = _graph(path).layer("tf.math.truediv")
    assert [ref.layer for ref in layer.calls[0]] == ["input_1", "lambda"]
