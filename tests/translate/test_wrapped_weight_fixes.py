"""Fixes of wrapped layers land on their own share of the weights: a Bidirectional's backward layer is
converted by its own fixes (not its forward layer's), a TimeDistributed's inner layer by its fixes."""

import numpy as np

from migrate.translate import SourceInfo, translate_layer
from migrate.translate.fixes import WeightFix
from migrate.translate.semantics import HARD_SIGMOID_SCALE
from migrate.translate.weights import apply_fixes

TF_KERAS = SourceInfo("2.4.0", "tensorflow", tf_keras=True)
UNITS, FEATURES = 2, 3


def lstm(name, recurrent_activation, go_backwards=False):
    return {"class_name": "LSTM", "config": {"name": name, "units": UNITS, "recurrent_activation": recurrent_activation,
                                             "go_backwards": go_backwards}}


def lstm_arrays():
    return [np.ones((FEATURES, 4 * UNITS), "float32"), np.ones((UNITS, 4 * UNITS), "float32"),
            np.ones(4 * UNITS, "float32")]


def gate_scales(kernel):
    """The scale applied to each of the i, f, c, o blocks."""
    return [float(block[0, 0]) for block in np.hsplit(kernel, 4)]


SCALE = float(np.float32(HARD_SIGMOID_SCALE))
GATED = [SCALE, SCALE, 1.0, SCALE]


def test_must_not_change_a_bidirectional_whose_both_layers_use_sigmoid():
    config = {"name": "b", "merge_mode": "concat", "layer": lstm("f", "sigmoid"),
              "backward_layer": lstm("bw", "sigmoid", go_backwards=True)}
    layer = translate_layer("Bidirectional", config, TF_KERAS, "b")
    assert layer.weight_fixes == []


def test_each_half_of_a_bidirectional_gets_its_own_layers_fixes():
    config = {"name": "b", "merge_mode": "concat", "layer": lstm("f", "hard_sigmoid"),
              "backward_layer": lstm("bw", "sigmoid", go_backwards=True)}
    layer = translate_layer("Bidirectional", config, TF_KERAS, "b")
    assert layer.weight_fixes == [WeightFix("lstm_gates", ("layer",))]
    forward, _, _, backward, _, _ = apply_fixes(layer.weight_fixes, layer.config, lstm_arrays() + lstm_arrays())
    assert gate_scales(forward) == GATED
    assert gate_scales(backward) == [1.0] * 4  # was scaled like the forward layer before


def test_a_backward_layer_alone_needing_a_fix_gets_it():
    config = {"name": "b", "merge_mode": "sum", "layer": lstm("f", "sigmoid"),
              "backward_layer": lstm("bw", "hard_sigmoid", go_backwards=True)}
    layer = translate_layer("Bidirectional", config, TF_KERAS, "b")
    assert layer.weight_fixes == [WeightFix("lstm_gates", ("backward_layer",))]
    forward, _, _, backward, _, _ = apply_fixes(layer.weight_fixes, layer.config, lstm_arrays() + lstm_arrays())
    assert gate_scales(forward) == [1.0] * 4
    assert gate_scales(backward) == GATED  # was never applied before


def test_without_a_backward_layer_both_halves_follow_the_forward_one():
    config = {"name": "b", "merge_mode": "concat", "layer": lstm("f", "hard_sigmoid")}
    layer = translate_layer("Bidirectional", config, TF_KERAS, "b")
    forward, _, _, backward, _, _ = apply_fixes(layer.weight_fixes, layer.config, lstm_arrays() + lstm_arrays())
    assert gate_scales(forward) == gate_scales(backward) == GATED


def test_a_time_distributed_inner_layer_gets_its_fix_on_all_its_weights():
    inner = {"class_name": "Dense", "config": {"name": "d", "units": 2, "activation": "hard_sigmoid"}}
    layer = translate_layer("TimeDistributed", {"name": "t", "layer": inner}, TF_KERAS, "t")
    assert layer.weight_fixes == [WeightFix("hard_sigmoid_affine", ("layer",))]
    kernel, bias = apply_fixes(layer.weight_fixes, layer.config, [np.ones((3, 2), "float32"), np.ones(2, "float32")])
    assert float(kernel[0, 0]) == float(bias[0]) == np.float32(HARD_SIGMOID_SCALE)
