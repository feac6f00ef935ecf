"""Keras 1 configs -> Keras 3: renamed classes, renamed and merged arguments."""

import pytest

from migrate.errors import UnsupportedModelError
from migrate.translate import SourceInfo, translate_layer

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
    assert layer.config["data_format"] == "channels_first" and "keras1_th_kernel" in layer.weight_fixes


def test_dense_and_dropout():
    assert translate_layer("Dense", {"name": "d", "output_dim": 3, "input_dim": 5}, K1, "d").config == {"name": "d", "units": 3}
    assert translate_layer("Dropout", {"name": "x", "p": 0.5}, K1, "x").config == {"name": "x", "rate": 0.5}


def test_merge_is_refused_with_a_reason():
    with pytest.raises(UnsupportedModelError, match="Merge"):
        translate_layer("Merge", {"name": "m", "mode": "sum"}, K1, "m")
