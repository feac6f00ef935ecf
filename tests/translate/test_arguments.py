"""The table of arguments Keras 3 no longer takes: one case per row, each checked against Keras 3 itself."""

import inspect

import pytest

from migrate.errors import UnsupportedModelError
from migrate.translate import SourceInfo, translate_layer
from migrate.translate.arguments import ANY, RETIRED

TF24 = SourceInfo("2.4.0", "tensorflow", tf_keras=True)

# row argument -> (a class it is retired on, a base config, a value that means something Keras 3 cannot say)
CASES = {
    "groups": ("DepthwiseConv2D", {"kernel_size": [3, 3]}, 2),
    "ragged": ("Dense", {"units": 2}, True),
    "implementation": ("LSTM", {"units": 2}, None),
    "time_major": ("GRU", {"units": 2, "reset_after": True}, True),
    "unroll": ("ConvLSTM2D", {"filters": 2, "kernel_size": [3, 3]}, None),
    "fused": ("BatchNormalization", {"axis": 3}, None),
    "virtual_batch_size": ("BatchNormalization", {"axis": 3}, 8),
    "adjustment": ("BatchNormalization", {"axis": 3}, "a function"),
    "dynamic": ("Dense", {"units": 2}, None),
    "input_length": ("Embedding", {"input_dim": 5, "output_dim": 2}, None),
    "dtype": ("Dense", {"units": 2}, None),
}
MEANINGLESS = {"implementation": 2, "unroll": True, "fused": True, "dynamic": True, "input_length": 7}


def _row_params():
    return [pytest.param(row, id=row.argument) for row in RETIRED]


def test_every_row_has_a_case():
    assert {row.argument for row in RETIRED} == set(CASES)


@pytest.mark.parametrize("row", _row_params())
def test_row_is_an_argument_keras3_does_not_take(row):
    """The table is only right while Keras 3 really lacks the argument; a renamed or converted one is
    taken under its new name (dtype: the base Layer's, by policy name)."""
    import keras
    class_name = CASES[row.argument][0]
    parameters = {*inspect.signature(getattr(keras.layers, class_name).__init__).parameters,
                  *inspect.signature(keras.layers.Layer.__init__).parameters}
    assert row.argument not in parameters or row.rename == row.argument
    assert row.rename is None or row.rename in parameters


@pytest.mark.parametrize("row", _row_params())
def test_row_drops_or_converts_its_meaningless_value(row):
    class_name, base, _ = CASES[row.argument]
    value = MEANINGLESS.get(row.argument, row.default)
    if row.rename:
        value = {"class_name": "Policy", "config": {"name": "mixed_float16"}}
    layer = translate_layer(class_name, {"name": "x", **base, row.argument: value}, TF24, "x")
    if row.rename:
        assert layer.config[row.rename] == "mixed_float16"
    else:
        assert row.argument not in layer.config
    assert {k: layer.config[k] for k in base} == base


@pytest.mark.parametrize("row", [pytest.param(row, id=row.argument) for row in RETIRED
                                 if row.default is not ANY and not row.rename])
def test_row_refuses_a_value_with_no_keras3_meaning(row):
    class_name, base, value = CASES[row.argument]
    with pytest.raises(UnsupportedModelError, match=f"{row.argument}={value!r}"):
        translate_layer(class_name, {"name": "x", **base, row.argument: value}, TF24, "x")


@pytest.mark.parametrize("class_name, argument, value", [
    ("Conv2D", "groups", 2), ("Conv1D", "groups", 4), ("GRU", "reset_after", True), ("LSTM", "unroll", True),
    ("SimpleRNN", "unroll", True),
])
def test_arguments_keras3_still_takes_pass_through(class_name, argument, value):
    import keras
    assert argument in inspect.signature(getattr(keras.layers, class_name).__init__).parameters
    layer = translate_layer(class_name, {"name": "x", argument: value}, TF24, "x")
    assert layer.config[argument] == value


def test_teachable_machine_depthwise_config_translates_to_what_keras3_builds():
    """A tf.keras 2.4 DepthwiseConv2D config as Teachable Machine wrote it (groups=1 from Conv)."""
    import keras
    config = {"name": "expanded_conv_depthwise", "trainable": True, "dtype": "float32", "kernel_size": [3, 3],
              "strides": [1, 1], "padding": "same", "data_format": "channels_last", "dilation_rate": [1, 1],
              "groups": 1, "activation": "linear", "use_bias": False, "depth_multiplier": 1}
    layer = translate_layer("DepthwiseConv2D", config, TF24, "d")
    assert keras.layers.DepthwiseConv2D(**layer.config).get_config()["kernel_size"] == (3, 3)
