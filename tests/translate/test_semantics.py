"""Where Keras 3 means something else: the weight fixes keep outputs exact."""

import numpy as np
import pytest

from migrate.errors import UnsupportedModelError
from migrate.translate import SourceInfo, translate_layer
from migrate.translate.fixes import WeightFix
from migrate.translate.weights import apply_fixes

K2 = SourceInfo("2.2.4", "tensorflow", tf_keras=False)
THEANO = SourceInfo("2.1.3", "theano", tf_keras=False)


def keras2_hard_sigmoid(x):
    return np.clip(0.2 * x + 0.5, 0.0, 1.0)


def keras3_hard_sigmoid(x):
    return np.clip(x + 3.0, 0.0, 6.0) / 6.0  # relu6(x + 3) / 6


def test_the_scale_identity_behind_the_fix():
    x = np.linspace(-10, 10, 10001)
    np.testing.assert_allclose(keras3_hard_sigmoid(1.2 * x), keras2_hard_sigmoid(x), atol=1e-12)
    assert np.abs(keras3_hard_sigmoid(x) - keras2_hard_sigmoid(x)).max() > 0.03  # the problem is real


def test_dense_hard_sigmoid_scales_kernel_and_bias():
    layer = translate_layer("Dense", {"name": "d", "units": 2, "activation": "hard_sigmoid"}, K2, "d")
    kernel, bias = np.ones((3, 2), "float32"), np.full(2, 2.0, "float32")
    fixed = apply_fixes(layer.weight_fixes, layer.config, [kernel, bias])
    np.testing.assert_array_equal(fixed[0], kernel * np.float32(1.2))
    np.testing.assert_array_equal(fixed[1], bias * np.float32(1.2))


def test_lstm_scales_only_the_gates_not_the_candidate():
    layer = translate_layer("LSTM", {"name": "l", "units": 2, "recurrent_activation": "hard_sigmoid"}, K2, "l")
    kernel = np.ones((3, 8), "float32")
    fixed = apply_fixes(layer.weight_fixes, layer.config, [kernel, kernel.copy(), np.ones(8, "float32")])
    scale = np.array([1.2, 1.2, 1.2, 1.2, 1.0, 1.0, 1.2, 1.2], "float32")  # i, f, c, o blocks of 2
    for array in fixed:
        np.testing.assert_array_equal(array[..., :], np.broadcast_to(scale, array.shape))


def test_lstm_without_hard_sigmoid_is_left_alone():
    assert translate_layer("LSTM", {"name": "l", "units": 2, "recurrent_activation": "sigmoid"}, K2, "l").weight_fixes == []


def test_gru_scales_update_and_reset_gates():
    layer = translate_layer("GRU", {"name": "g", "units": 1, "recurrent_activation": "hard_sigmoid"}, K2, "g")
    (bias,) = apply_fixes(layer.weight_fixes, layer.config, [np.ones(3, "float32")])
    np.testing.assert_array_equal(bias, np.array([1.2, 1.2, 1.0], "float32"))


def test_standalone_hard_sigmoid_activation_is_refused():
    with pytest.raises(UnsupportedModelError, match="hard_sigmoid"):
        translate_layer("Activation", {"name": "a", "activation": "hard_sigmoid"}, K2, "a")


def test_theano_kernels_are_flipped_like_keras2s_convert_kernel():
    layer = translate_layer("Conv2D", {"name": "c", "filters": 2, "kernel_size": [3, 3]}, THEANO, "c")
    kernel = np.arange(3 * 3 * 1 * 2, dtype="float32").reshape(3, 3, 1, 2)
    flipped, bias = apply_fixes(layer.weight_fixes, layer.config, [kernel, np.zeros(2, "float32")])
    np.testing.assert_array_equal(flipped, kernel[::-1, ::-1, :, :])
    np.testing.assert_array_equal(bias, np.zeros(2))


def test_theano_dense_is_not_flipped():
    assert translate_layer("Dense", {"name": "d", "units": 2}, THEANO, "d").weight_fixes == []


def test_bidirectional_fixes_both_halves():
    config = {"name": "b", "merge_mode": "concat",
              "layer": {"class_name": "LSTM", "config": {"name": "l", "units": 1, "recurrent_activation": "hard_sigmoid"}}}
    layer = translate_layer("Bidirectional", config, K2, "b")
    arrays = [np.ones(4, "float32") for _ in range(6)]
    fixed = apply_fixes(layer.weight_fixes, layer.config, arrays)
    assert len(fixed) == 6 and all(np.array_equal(a, np.array([1.2, 1.2, 1.0, 1.2], "float32")) for a in fixed)


@pytest.mark.parametrize("config, rewritten", [
    ({"kernel_size": [3, 3], "strides": [1, 1], "padding": "same"}, False),  # Theano's 'half' is TF's 'same'
    ({"kernel_size": [3, 3], "strides": [2, 2], "padding": "same"}, True),
    ({"kernel_size": [3, 2], "strides": [1, 1], "padding": "same"}, True),
    ({"kernel_size": [2, 2], "strides": [1, 1], "padding": "same", "dilation_rate": [2, 2]}, False),  # keff 3
    ({"kernel_size": [3, 2], "strides": [1, 1], "padding": "valid"}, False),
])
def test_theano_same_padding_is_rewritten_where_it_differs(config, rewritten):
    layer = translate_layer("Conv2D", {"name": "c", "filters": 2, **config}, THEANO, "c")
    assert (layer.call_padding is not None) == rewritten
    assert layer.config["padding"] == ("valid" if rewritten else config["padding"])


def test_theano_same_pads_half_and_crops_to_ceil():
    from migrate.translate.semantics import TheanoSame

    same = TheanoSame(kernel=(3, 4), strides=(2, 2), channels_first=False, transposed=False)
    assert same.pads() == ((1, 1), (2, 2))
    # odd: nothing to drop; even: n=8 padded to 12 gives floor(8/2)+1 = 5 outputs, Theano kept ceil(8/2) = 4
    assert same.crops((7, 8)) == ((0, 0), (0, 1))
    assert same.crops((7, 7)) == ((0, 0), (0, 0))
    assert same.crops((7, None)) is None
    assert TheanoSame((2,), (1,), False, False).crops((None,)) == ((0, 1),)
    assert TheanoSame((3, 3), (2, 2), False, True).crops((5, 5)) == ((1, 0), (1, 0))


@pytest.mark.parametrize("class_name, config", [
    ("ConvLSTM2D", {"filters": 2, "kernel_size": [2, 2]}),
    ("Conv2DTranspose", {"filters": 2, "kernel_size": [3, 3], "strides": [2, 2], "padding": "same",
                         "output_padding": [1, 1]}),
    ("Conv1D", {"filters": 2, "kernel_size": [2], "padding": "same", "data_format": "channels_first"}),
])
def test_theano_padding_without_an_exact_form_is_refused(class_name, config):
    with pytest.raises(UnsupportedModelError, match="Theano"):
        translate_layer(class_name, {"name": "c", **config}, THEANO, "c")


def test_theano_same_inside_a_wrapper_is_refused():
    inner = {"class_name": "Conv2D", "config": {"name": "c", "filters": 2, "kernel_size": [3, 3], "strides": [2, 2],
                                                "padding": "same"}}
    with pytest.raises(UnsupportedModelError, match="wrapper"):
        translate_layer("TimeDistributed", {"name": "t", "layer": inner}, THEANO, "t")


def test_theano_depthwise_kernels_are_not_flipped():
    """Keras's Theano backend flipped depthwise kernels itself before Theano flipped them back."""
    layer = translate_layer("DepthwiseConv2D", {"name": "d", "kernel_size": [3, 3]}, THEANO, "d")
    assert WeightFix("theano_flip") not in layer.weight_fixes


def test_cntk_kernels_are_stored_like_tensorflows():
    """CNTK computed correlations as TensorFlow does (Keras 2's _need_convert_kernel): nothing to flip, and
    no Theano padding to redo."""
    cntk = SourceInfo("2.1.6", "cntk", tf_keras=False)
    layer = translate_layer("Conv2D", {"name": "c", "filters": 2, "kernel_size": [4, 4], "strides": [2, 2],
                                       "padding": "same"}, cntk, "c")
    assert layer.weight_fixes == [] and layer.call_padding is None and layer.config["padding"] == "same"
