"""Keras 2 configs -> Keras 3: before/after per table entry."""

import pytest

from migrate.translate import SourceInfo, translate_layer
from migrate.translate.fixes import WeightFix

K2 = SourceInfo("2.3.1", "tensorflow", tf_keras=False)


def test_unchanged_layers_stay_unchanged():
    config = {"name": "d", "units": 3, "activation": "relu", "use_bias": True}
    assert translate_layer("Dense", config, K2, "d").config == config


def test_input_declarations_go_but_embedding_keeps_its_vocabulary():
    dense = translate_layer("Dense", {"name": "d", "units": 3, "batch_input_shape": [None, 8], "input_dim": 8}, K2, "d")
    assert dense.config == {"name": "d", "units": 3}
    embedding = translate_layer("Embedding", {"name": "e", "input_dim": 50, "output_dim": 8, "input_length": 10}, K2, "e")
    assert embedding.config == {"name": "e", "input_dim": 50, "output_dim": 8}


def test_gru_gets_keras2s_reset_after_default():
    layer = translate_layer("GRU", {"name": "g", "units": 4}, K2, "g")
    assert layer.config["reset_after"] is False and layer.notes
    assert translate_layer("GRU", {"name": "g", "units": 4, "reset_after": True}, K2, "g").config["reset_after"] is True


def test_batch_norm_list_axis_becomes_an_int():
    assert translate_layer("BatchNormalization", {"name": "b", "axis": [3]}, K2, "b").config["axis"] == 3


def test_leaky_relu_alpha_is_negative_slope():
    assert translate_layer("LeakyReLU", {"name": "l", "alpha": 0.2}, K2, "l").config == {"name": "l", "negative_slope": 0.2}


def test_thresholded_relu_becomes_relu_with_threshold():
    layer = translate_layer("ThresholdedReLU", {"name": "t", "theta": 0.5}, K2, "t")
    assert (layer.class_name, layer.config) == ("ReLU", {"name": "t", "threshold": 0.5, "negative_slope": 0.0})


def test_wrapped_layers_are_translated_too():
    config = {"name": "td", "layer": {"class_name": "Dense", "config": {"name": "d", "units": 2, "batch_input_shape": [None, 3]}}}
    assert translate_layer("TimeDistributed", config, K2, "td").config["layer"]["config"] == {"name": "d", "units": 2}


@pytest.mark.parametrize("legacy, keras3, extra, fix", [
    ("CuDNNLSTM", "LSTM", {"recurrent_activation": "sigmoid", "activation": "tanh", "use_bias": True}, "cudnn_lstm"),
    ("CuDNNGRU", "GRU", {"recurrent_activation": "sigmoid", "reset_after": True, "use_bias": True}, "cudnn_gru"),
])
def test_cudnn_layers_become_their_plain_twins_with_converted_weights(legacy, keras3, extra, fix):
    layer = translate_layer(legacy, {"name": "r", "units": 4, "return_sequences": True, "time_major": False},
                            SourceInfo("2.4.0", "tensorflow", tf_keras=True), "r")
    assert layer.class_name == keras3 and layer.weight_fixes == [WeightFix(fix)]
    assert {k: layer.config[k] for k in extra} == extra and "time_major" not in layer.config
