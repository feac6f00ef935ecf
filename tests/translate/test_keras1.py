"""Keras 1 configs -> Keras 3: renamed classes, renamed and merged arguments."""

import pytest

from migrate.errors import UnsupportedModelError
from migrate.translate import SourceInfo, translate_layer
from migrate.translate.fixes import WeightFix

K1 = SourceInfo("1.2.0", None, tf_keras=False)


def test_convolution2d():
    config = {"name": "c", "nb_filter": 6, "nb_row": 5, "nb_col": 5, "subsample": [2, 2], "border_mode": "valid",
              "dim_ordering": "tf", "init": "glorot_uniform", "W_regularizer": None, "bias": True, "activation": "relu"}
    layer = translate_layer("Convolution2D", config, K1, "c")
    assert layer.class_name == "Conv2D"
    assert layer.config == {"name": "c", "filters": 6, "kernel_size": [5, 5], "strides": [2, 2], "padding": "valid",
                            "data_format": "channels_last", "kernel_initializer": "glorot_uniform",
                            "kernel_regularizer": None, "use_bias": True, "activation": "relu"}
    assert layer.weight_fixes == []


def test_theano_ordering_kernels_are_moved():
    layer = translate_layer("Convolution2D", {"name": "c", "nb_filter": 2, "nb_row": 3, "nb_col": 3,
                                              "dim_ordering": "th"}, K1, "c")
    assert layer.config["data_format"] == "channels_first" and WeightFix("keras1_th_kernel") in layer.weight_fixes


def test_dense_and_dropout():
    assert translate_layer("Dense", {"name": "d", "output_dim": 3, "input_dim": 5}, K1, "d").config == {"name": "d", "units": 3}
    assert translate_layer("Dropout", {"name": "x", "p": 0.5}, K1, "x").config == {"name": "x", "rate": 0.5}


MERGE = {"name": "m", "mode_type": "raw", "concat_axis": -1, "dot_axes": -1, "output_shape": None,
         "output_shape_type": "raw", "output_mask": None, "output_mask_type": "raw", "arguments": {}}


@pytest.mark.parametrize("mode, expected", [
    ("sum", ("Add", {})), ("mul", ("Multiply", {})), ("ave", ("Average", {})), ("max", ("Maximum", {})),
    ("concat", ("Concatenate", {"axis": -1})), ("dot", ("Dot", {"axes": -1})),
])
def test_merge_modes_become_their_keras3_layers(mode, expected):
    layer = translate_layer("Merge", dict(MERGE, mode=mode), K1, "m")
    assert (layer.class_name, layer.config) == (expected[0], {"name": "m", "trainable": True, **expected[1]})
    assert layer.notes == [f"m: Keras 1 Merge(mode={mode!r}) -> {expected[0]}"]


@pytest.mark.parametrize("config", [dict(MERGE, mode="cos"), dict(MERGE, mode="gASV...", mode_type="lambda")],
                         ids=["cos", "user-function"])
def test_merge_modes_without_a_keras3_layer_are_refused_by_name(config):
    with pytest.raises(UnsupportedModelError, match="Merge with mode") as caught:
        translate_layer("Merge", config, K1, "m")
    assert caught.value.layer == "m"


def test_input_dtype_stays_with_the_input():
    """Keras 1 put the input's dtype on the first layer; as the layer's dtype it made int embeddings."""
    config = {"name": "e", "input_dim": 30, "output_dim": 8, "input_dtype": "int32", "batch_input_shape": [None, 10],
              "dropout": 0.0, "init": "uniform"}
    layer = translate_layer("Embedding", config, K1, "e")
    assert layer.config == {"name": "e", "input_dim": 30, "output_dim": 8, "embeddings_initializer": "uniform"}


def test_forget_bias_init_becomes_unit_forget_bias():
    layer = translate_layer("LSTM", {"name": "l", "output_dim": 4, "forget_bias_init": "one",
                                     "inner_activation": "sigmoid"}, K1, "l")
    assert layer.config["unit_forget_bias"] is True and "forget_bias_init" not in layer.config


@pytest.mark.parametrize("legacy, config, fix", [
    ("Deconvolution2D", {"dim_ordering": "tf", "output_shape": [None, 8, 8, 2]}, "keras1_deconv_tf"),
    ("Deconvolution2D", {"dim_ordering": "th", "output_shape": [None, 2, 8, 8]}, "keras1_deconv_th"),
    ("Convolution1D", {"filter_length": 3}, "keras1_conv1d"),
    ("ConvLSTM2D", {"dim_ordering": "th"}, "keras1_th_kernels"),
])
def test_keras1_kernel_layouts_are_moved_as_keras2s_loader_did(legacy, config, fix):
    layer = translate_layer(legacy, {"name": "c", "nb_filter": 2, "nb_row": 3, "nb_col": 3, **config}, K1, "c")
    assert layer.weight_fixes == [WeightFix(fix)] and "output_shape" not in layer.config


def test_keras1_conv1d_kernel_loses_its_width_axis():
    import numpy as np

    from migrate.translate.weights import apply_fixes

    layer = translate_layer("Convolution1D", {"name": "c", "nb_filter": 4, "filter_length": 3}, K1, "c")
    stored = np.arange(3 * 1 * 2 * 4, dtype="float32").reshape(3, 1, 2, 4)  # (length, 1, in, out)
    legacy_11 = np.transpose(stored, (3, 2, 0, 1))  # Keras 1.1: (out, in, length, 1)
    for kernel in (stored, legacy_11):
        (fixed,) = apply_fixes(layer.weight_fixes, layer.config, [kernel])
        np.testing.assert_array_equal(fixed, stored[:, 0])


def test_keras1_regularizers_and_constraints_take_keras3s_form():
    # jeremy-shannon/CarND-Behavioral-Cloning-Project (Keras 1.2.0): W_regularizer=l2(0.001) on every layer
    config = {"name": "c", "nb_filter": 2, "nb_row": 3, "nb_col": 3, "b_regularizer": None,
              "W_regularizer": {"name": "L1L2Regularizer", "l1": 0.0, "l2": 0.0010000000474974513},
              "W_constraint": {"name": "MaxNorm", "m": 2, "axis": 0}, "b_constraint": {"name": "Mystery"}}
    layer = translate_layer("Convolution2D", config, K1, "c")
    assert layer.config["kernel_regularizer"] == {"class_name": "L1L2", "config": {"l1": 0.0, "l2": 0.0010000000474974513}}
    assert layer.config["kernel_constraint"] == {"class_name": "MaxNorm", "config": {"max_value": 2, "axis": 0}}
    assert layer.config["bias_regularizer"] is None and "bias_constraint" not in layer.config
    assert any("'Mystery' dropped" in note for note in layer.notes)


def test_keras1_prelu_init_is_its_alpha_initializer():
    # wolfapple/CarND-Behavioral-Cloning-Project (Keras 1.2.0): PReLU(init='zero') after every convolution
    layer = translate_layer("PReLU", {"name": "p", "trainable": True, "init": "zero"}, K1, "p")
    assert layer.config == {"name": "p", "trainable": True, "alpha_initializer": "zero"}
