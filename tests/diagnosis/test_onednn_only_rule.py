"""Layers only oneDNN runs on TensorFlow (channels_first convolutions, unequal depthwise strides): stock Keras 3
loads such a file but fails to run it wherever oneDNN is off, so the verdict is 'fails' on every machine
(test_keras3_verdict checks k231_channels_first_mixed.h5 against stock Keras 3 both ways)."""

from __future__ import annotations

from migrate.diagnosis.keras3_rules import Facts, _onednn_only, keras3_verdict
from migrate.graph import build_graph
from migrate.read import LegacyFile


def _facts(*layers: dict) -> Facts:
    config = {"class_name": "Sequential", "config": {"name": "s", "layers": [
        {"class_name": "InputLayer", "config": {"name": "x", "batch_input_shape": [None, 3, 8, 8]}}, *layers]}}
    file = LegacyFile(path="m.h5", format="model", keras_version="2.3.1", backend="tensorflow",
                      model_config=config, training_config=None)
    return Facts(file, build_graph(config, tf_keras=False), ())


def layer(class_name: str, **config) -> dict:
    return {"class_name": class_name, "config": {"name": class_name.lower(), "kernel_size": [3, 3], **config}}


def test_what_tensorflows_own_kernels_refuse_fails_everywhere():
    for refused in (layer("Conv2D", data_format="channels_first"), layer("Conv1D", data_format="channels_first"),
                    layer("Conv2DTranspose", data_format="channels_first"),
                    layer("DepthwiseConv2D", strides=[2, 1], dilation_rate=[1, 1]),
                    layer("SeparableConv2D", strides=[1, 3])):
        verdict, problems = keras3_verdict(_facts(refused))
        assert verdict == "fails" and "only where oneDNN is on" in problems[-1], refused
    wrapped = {"class_name": "TimeDistributed", "config": {"name": "t", "layer": layer("Conv2D", data_format="channels_first")}}
    assert _onednn_only(_facts(wrapped))


def test_what_they_run_is_not_flagged():
    for runs in (layer("Conv2D"), layer("Conv3D", data_format="channels_first"),
                 layer("DepthwiseConv2D", data_format="channels_first", strides=[2, 2]),
                 layer("DepthwiseConv2D", strides=[2, 1], dilation_rate=[2, 2]),  # Keras 3 runs it at stride 1
                 layer("MaxPooling2D", data_format="channels_first"),
                 {"class_name": "BatchNormalization", "config": {"name": "bn", "axis": 1}}):
        assert _onednn_only(_facts(runs)) == [], runs


def test_one_problem_names_the_first_layer_and_counts_the_rest():
    (problem,) = _onednn_only(_facts(layer("Conv2D", data_format="channels_first"),
                                     {**layer("Conv2D", data_format="channels_first"), "config": {
                                         "name": "second", "kernel_size": [3, 3], "data_format": "channels_first"}}))
    assert problem.startswith("layer 'conv2d' (and 1 more) is a channels_first Conv2D")
