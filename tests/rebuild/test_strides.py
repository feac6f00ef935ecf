"""Depthwise and separable 2D convolutions with unequal strides, rebuilt at stride 1 and subsampled: which layers,
and that the rebuilt call reproduces the strided layer on TensorFlow with or without oneDNN (whose own kernel
refuses unequal strides). The reference is JAX's convolution (jax.lax), which runs any strides on any CPU."""

from __future__ import annotations

import jax
import keras
import numpy as np
import pytest

from migrate.rebuild.layout import ChannelsLastCall, channels_last_twin
from migrate.rebuild.strides import AS_WRITTEN, NOTE, SubsampledCall, stride_one_form
from migrate.translate import TranslatedLayer


def form(class_name="DepthwiseConv2D", **config):
    return stride_one_form(TranslatedLayer(class_name, {"name": "c", "kernel_size": (3, 3), **config}))


def test_only_unequal_undilated_strides_of_depthwise_and_separable_2d_get_a_form():
    assert form(strides=(2, 1)).layer.config["strides"] == (1, 1)
    assert form("SeparableConv2D", strides=[1, 3], padding="same").layer.config["padding"] == "valid"
    assert form(strides=(2, 2)) is None and form(strides=1) is None and form() is None
    assert form(strides=(2, 1), dilation_rate=(2, 1)) is None  # Keras 3 runs those at stride 1 itself
    assert form("Conv2D", strides=(2, 1)) is None and form("DepthwiseConv1D", kernel_size=3, strides=2) is None


@pytest.mark.parametrize("n", [7, 8, 9])
def test_same_pads_what_tensorflow_pads_at_those_strides(n):
    # TensorFlow's 'same': ceil(n / s) outputs, (out - 1) * s + k - n zeros, the odd one after
    assert form(strides=(2, 1), padding="same").pads((n, n)) == ({7: (1, 1), 8: (0, 1), 9: (1, 1)}[n], (1, 1))
    assert form(kernel_size=(4, 1), strides=(3, 1), padding="same").pads((n, 5)) == \
        ({7: (1, 2), 8: (1, 1), 9: (0, 1)}[n], (0, 0))
    assert form(strides=(2, 1), padding="valid").pads((None, None)) == ((0, 0), (0, 0))
    assert form(strides=(2, 1), padding="same").pads((None, 4)) is None


def _jax_depthwise(x, depthwise, strides, padding):
    """The legacy strided depthwise convolution, computed by JAX (NHWC, one group per input channel)."""
    kh, kw, channels, multiplier = depthwise.shape
    return np.asarray(jax.lax.conv_general_dilated(
        x, depthwise.reshape(kh, kw, 1, channels * multiplier), strides, padding.upper(),
        dimension_numbers=("NHWC", "HWIO", "NHWC"), feature_group_count=channels,
        precision=jax.lax.Precision.HIGHEST))


@pytest.mark.parametrize("class_name", ["DepthwiseConv2D", "SeparableConv2D"])
@pytest.mark.parametrize("padding", ["valid", "same"])
@pytest.mark.parametrize(("size", "kernel", "strides"), [((8, 7), (3, 3), (2, 1)), ((9, 10), (2, 4), (1, 3)),
                                                         ((7, 6), (1, 1), (3, 2))])
def test_the_subsampled_call_reproduces_the_strided_layer(class_name, padding, size, kernel, strides):
    rng = np.random.default_rng(0)
    x = rng.uniform(-1, 1, (2, *size, 3)).astype("float32")
    config = {"kernel_size": kernel, "strides": strides, "padding": padding, "name": "legacy", "activation": "tanh"}
    if class_name == "SeparableConv2D":
        config["filters"] = 4
    subsampled = stride_one_form(TranslatedLayer(class_name, config))
    layer = getattr(keras.layers, class_name)(**subsampled.layer.config)
    notes: list[str] = []
    inputs = keras.Input(size + (3,))
    model = keras.Model(inputs, SubsampledCall(layer, subsampled, "legacy", notes, set())(inputs))
    weights = [rng.uniform(-1, 1, w.shape).astype("float32") for w in layer.get_weights()]
    layer.set_weights(weights)
    expected = _jax_depthwise(x, weights[0], strides, padding)
    if class_name == "SeparableConv2D":  # the pointwise step, then the bias
        expected = expected @ weights[1][0, 0]
    expected = np.tanh(expected + weights[-1])
    got = np.asarray(model(x))
    assert got.shape == expected.shape == (2, *getattr(keras.layers, class_name)(**config).compute_output_shape(
        (2, *size, 3))[1:])
    np.testing.assert_allclose(got, expected, atol=1e-6)
    assert notes == [f"legacy: {NOTE}"]
    assert [type(stock).__name__ for stock in model.layers[1:]][-2:] == [class_name, "MaxPooling2D"]


def test_a_same_layer_on_an_open_size_is_kept_as_written():
    subsampled = form(strides=(2, 1), padding="same")
    layer = keras.layers.DepthwiseConv2D(**subsampled.layer.config)
    notes: list[str] = []
    inputs = keras.Input((None, 6, 3))
    model = keras.Model(inputs, SubsampledCall(layer, subsampled, "c", notes, set())(inputs))
    assert layer.get_config()["strides"] == (2, 1) and layer.get_config()["padding"] == "same"
    assert [type(stock).__name__ for stock in model.layers[1:]] == ["DepthwiseConv2D"]
    assert notes == [f"c: {AS_WRITTEN}"]


def test_a_channels_first_one_is_subsampled_between_the_permutes():
    """The channels_last twin is what gets the stride-1 form: the subsampling runs channels_last too."""
    translated = TranslatedLayer("DepthwiseConv2D", {"name": "legacy", "kernel_size": (3, 2), "strides": (1, 2),
                                                      "padding": "same", "data_format": "channels_first"})
    twin = channels_last_twin(translated)
    subsampled = stride_one_form(twin.layer)
    layer = keras.layers.DepthwiseConv2D(**subsampled.layer.config)
    taken: set[str] = set()
    inputs = keras.Input((3, 6, 7))
    model = keras.Model(inputs, ChannelsLastCall(SubsampledCall(layer, subsampled, "legacy", [], taken), twin, taken)(inputs))
    rng = np.random.default_rng(1)
    weights = [rng.uniform(-1, 1, w.shape).astype("float32") for w in layer.get_weights()]
    layer.set_weights(weights)
    x = rng.uniform(-1, 1, (2, 3, 6, 7)).astype("float32")
    expected = _jax_depthwise(x.transpose(0, 2, 3, 1), weights[0], (1, 2), "same") + weights[1]
    np.testing.assert_allclose(np.asarray(model(x)), expected.transpose(0, 3, 1, 2), atol=1e-6)
    assert [stock.name for stock in model.layers[1:]] == ["legacy_to_channels_last", "legacy_same_padding", "legacy",
                                                          "legacy_subsample", "legacy_to_channels_first"]


@pytest.mark.parametrize("padding", ["valid", "same"])
def test_inside_time_distributed_each_step_is_subsampled_as_the_strided_layer(padding):
    """The wrapper keeps the stride-1 convolution; the padding and the subsampling get a TimeDistributed each."""
    inner = {"class_name": "DepthwiseConv2D", "config": {"name": "dw", "kernel_size": (3, 2), "strides": (2, 1),
                                                         "padding": padding}}
    subsampled = stride_one_form(TranslatedLayer("TimeDistributed", {"name": "legacy", "layer": inner}))
    assert subsampled.time_distributed and subsampled.layer.config["layer"]["config"]["strides"] == (1, 1)
    layer = keras.layers.TimeDistributed(keras.layers.DepthwiseConv2D(**subsampled.layer.config["layer"]["config"]),
                                         name="legacy")
    inputs = keras.Input((3, 7, 6, 2))
    model = keras.Model(inputs, SubsampledCall(layer, subsampled, "legacy", [], set())(inputs))
    rng = np.random.default_rng(2)
    weights = [rng.uniform(-1, 1, w.shape).astype("float32") for w in layer.get_weights()]
    layer.set_weights(weights)
    x = rng.uniform(-1, 1, (2, 3, 7, 6, 2)).astype("float32")
    expected = _jax_depthwise(x.reshape(6, 7, 6, 2), weights[0], (2, 1), padding) + weights[1]
    np.testing.assert_allclose(np.asarray(model(x)), expected.reshape(2, 3, *expected.shape[1:]), atol=1e-6)
    assert [(type(stock).__name__, type(getattr(stock, "layer", None)).__name__) for stock in model.layers[1:]][-1] == \
        ("TimeDistributed", "MaxPooling2D")
    stock = keras.layers.TimeDistributed(keras.layers.DepthwiseConv2D(**inner["config"]))
    assert model.output.shape == stock.compute_output_shape((None, 3, 7, 6, 2))


def test_a_channels_first_one_inside_time_distributed_keeps_its_strides():
    inner = {"class_name": "SeparableConv2D", "config": {"name": "s", "filters": 2, "kernel_size": 3,
                                                         "strides": (1, 2), "data_format": "channels_first"}}
    assert stride_one_form(TranslatedLayer("TimeDistributed", {"name": "t", "layer": inner})) is None
    equal = {"class_name": "DepthwiseConv2D", "config": {"name": "d", "kernel_size": 3, "strides": 2}}
    assert stride_one_form(TranslatedLayer("TimeDistributed", {"name": "t", "layer": equal})) is None
