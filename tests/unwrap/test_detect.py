"""Wrapper detection: every real wrapper at every depth, by structure, never by names."""

from __future__ import annotations

import copy
import json

import pytest

from migrate.graph import build_graph
from migrate.read import read_legacy_file
from migrate.unwrap import classify_lambdas, unwrap
from tests.conftest import real_params, sample, sample_params


def _unwrapped(path, mutate=None):
    file = read_legacy_file(path)
    config = copy.deepcopy(file.model_config)
    if mutate:
        mutate(config)
    graph = build_graph(config, tf_keras=file.is_tf_keras)
    return graph, unwrap(graph)


@pytest.mark.parametrize("row", sample_params(lambda row: row["format"] == "model"))
def test_depth_and_replicas_of_every_sample(row):
    _, unwrapped = _unwrapped(sample(row["file"]))
    assert (unwrapped.depth, unwrapped.replicas) == (row["wrapper_depth"], row["replicas"])


@pytest.mark.parametrize("path", real_params())
def test_real_models_are_plain(path):
    if read_legacy_file(path).format == "model":
        assert _unwrapped(path)[1].depth == 0


def test_template_and_weight_group_of_a_three_level_nesting():
    _, unwrapped = _unwrapped(sample("k231_nested3.h5"))
    assert unwrapped.template.name == "mlp"
    assert [layer.name for layer in unwrapped.template.layers] == ["features", "hidden", "probs"]
    assert unwrapped.weights_group == "model_1"


def _rename_everything(config):
    """Every layer and model renamed, references too: detection must not care."""
    text = json.dumps(config)
    for old in ["features", "lambda_1", "lambda_2", "mlp", "probs", "model_1"]:
        text = text.replace(f'"{old}"', f'"zz_{old[::-1]}"')
    config.clear()
    config.update(json.loads(text))


def test_detection_ignores_names():
    _, unwrapped = _unwrapped(sample("k231_mgpu2_mlp_adam.h5"), _rename_everything)
    assert (unwrapped.depth, unwrapped.replicas) == (1, [2])


def _lambdas(config):
    return [layer for layer in config["config"]["layers"] if layer["class_name"] == "Lambda"]


@pytest.mark.parametrize("keys", [("idx", "parts"), ("part", "n_gpus")])
def test_community_slicer_argument_variants(keys):
    def rename_arguments(config):
        for layer in _lambdas(config):
            args = layer["config"]["arguments"]
            layer["config"]["arguments"] = {keys[0]: args["i"], keys[1]: args["parts"]}
    _, unwrapped = _unwrapped(sample("k231_mgpu3_multi_io.h5"), rename_arguments)
    assert unwrapped.replicas == [3]


def test_keras1_merge_concat_counts_as_the_merge():
    def to_merge(config):
        for layer in config["config"]["layers"]:
            if layer["class_name"] == "Concatenate":
                layer["class_name"] = "Merge"
                layer["config"] = {"name": layer["name"], "mode": "concat", "concat_axis": 0}
    assert _unwrapped(sample("k231_mgpu2_mlp_adam.h5"), to_merge)[1].replicas == [2]


@pytest.mark.parametrize("break_it", [
    lambda c: next(layer for layer in c["config"]["layers"] if layer["class_name"] == "Concatenate")["config"].update(axis=1),
    lambda c: _lambdas(c)[0]["config"].update(arguments={"i": 0, "parts": 3}),
    lambda c: _lambdas(c)[1]["config"].update(arguments={"i": 0, "parts": 2}),
    lambda c: _lambdas(c)[0]["config"].update(arguments={"i": 0, "parts": 2, "extra": 1}),
])
def test_near_wrappers_are_not_wrappers(break_it):
    _, unwrapped = _unwrapped(sample("k231_mgpu2_mlp_adam.h5"), break_it)
    assert unwrapped.depth == 0


def test_swapped_replica_inputs_are_not_a_wrapper():
    def swap(config):
        for layer in config["config"]["layers"]:
            if layer["class_name"] == "Model":
                layer["inbound_nodes"].reverse()
    assert _unwrapped(sample("k231_mgpu2_mlp_adam.h5"), swap)[1].depth == 0


@pytest.mark.parametrize("name, band", [
    ("k231_mgpu2_mlp_adam.h5", "3.4-3.7"), ("tfk23_mgpu2_mlp_adam.h5", "3.8-3.10"), ("k224_mgpu2_mlp_adam.h5", "3.4-3.7"),
])
def test_slicers_are_classified_with_their_bytecode_python(name, band):
    graph, unwrapped = _unwrapped(sample(name))
    infos = classify_lambdas(graph, set(unwrapped.slicer_paths))
    assert {(i.kind, i.bytecode_python, i.function_name) for i in infos} == {("multi_gpu_slice", band, "get_slice")}


def test_user_lambdas_stay_user_lambdas():
    from tests.conftest import real
    file = read_legacy_file(real("dl4j_model_lambda.h5"))
    graph = build_graph(file.model_config)
    infos = classify_lambdas(graph, set(unwrap(graph).slicer_paths))
    assert [(i.kind, i.bytecode_python) for i in infos] == [("user", "2.7"), ("user", "2.7")]
