"""A Sequential whose config leaves its InputLayer out (the first layer declares `batch_input_shape`): stock Keras 3
builds a wrong-rank input from it, whichever Keras 2 wrote it; one whose config lists its InputLayer loads right."""

from __future__ import annotations

from migrate.diagnosis.keras3_rules import Facts, _keras2_sequential_input
from migrate.graph import build_graph
from migrate.read import LegacyFile


def _facts(version: str, layers: list[dict]) -> Facts:
    config = {"class_name": "Sequential", "config": {"name": "sequential_1", "layers": layers}}
    file = LegacyFile(path="m.h5", format="model", keras_version=version, backend="tensorflow",
                      model_config=config, training_config=None)
    return Facts(file, build_graph(config, tf_keras=version.endswith("-tf")), ())


DENSE = {"class_name": "Dense", "config": {"name": "dense_1", "units": 2, "batch_input_shape": [None, 1, 3197]}}


def test_tf_keras_before_2_4_without_an_input_layer_is_refused():
    # Atrylon/Hunting-exoplanets (2.3.0-tf): stock Keras 3 loads it with input (None, None, 1, 3197)
    assert _keras2_sequential_input(_facts("2.3.0-tf", [DENSE]))
    assert _keras2_sequential_input(_facts("2.2.4", [DENSE]))


def test_a_config_that_lists_its_input_layer_is_not():
    declared = {"class_name": "InputLayer", "config": {"name": "dense_1_input", "batch_input_shape": [None, 1, 3197]}}
    dense = {"class_name": "Dense", "config": {"name": "dense_1", "units": 2}}
    assert _keras2_sequential_input(_facts("2.4.0", [declared, dense])) == []
