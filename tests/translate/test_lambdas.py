"""Lowering lifted expressions to built-in forms, as plain data (no Keras): which layer or keras.ops call
each pattern becomes, with what config and shape, and what is refused and why."""

from __future__ import annotations

import pytest

from migrate.errors import UnsupportedModelError
from migrate.lift.ir import BinOp, Call, Const, Input, LiftedFunction, Sequence, Subscript, UnaryOp
from migrate.translate.lambdas import ViaLayer, ViaOp, lower, reachable

X = Input(0)


def _lower(body, *shapes):
    inputs = len(shapes) or 1
    return lower(LiftedFunction(("x",), inputs, body, "3.6-3.7", "<lambda>"), list(shapes) or [(None, 8, 8, 3)])


def _k(name, *args, **kwargs):
    return Call(f"K.{name}", f"keras.backend.{name}", tuple(args), tuple((k, Const(v)) for k, v in kwargs.items()))


# ------------------------------------------------------------------ refused first


@pytest.mark.parametrize(("body", "shape", "words"), [
    (_k("mean", X, axis=0), (None, 4), "over the batch axis"),
    (_k("sum", X), (None, 4), "all axes"),
    (Subscript(X, (0,)), (None, 4), "indexes the batch axis"),
    (_k("reshape", X, Const((8, 4))), (None, 32), "batch axis must stay first"),
    (_k("permute_dimensions", X, Const((1, 0, 2))), (None, 3, 4), "batch axis must stay first"),
    (Call("tf.image.resize_bilinear", "tensorflow.image.resize_bilinear", (X, Const((4, 4)), Const(True))),
     (None, 2, 2, 1), "never aligns corners"),
    (Call("tf.image.resize_images", "tensorflow.image.resize_images", (X, Const((4, 4)), Const("bicubic"))),
     (None, 2, 2, 1), "method 'bicubic'"),
    (Call("tf.image.resize", "tensorflow.image.resize", (X, Const((4, 4)))), (None, 2, 2, 1),
     "TF 1 sampled it without half-pixel centres and TF 2 with them"),
    (Call("tf.image.resize_images", "tensorflow.image.resize_images", (X, Const((4, 4)))), (None, None, None, 1),
     "known height and width"),
    (Call("K.resize_images", "keras.backend.resize_images", (X, Const(2), Const(2), Const("channels_last"),
                                                             Const("bilinear"))), (None, None, 2, 1),
     "bilinear interpolation of an image of unknown height"),
    (Call("tf.space_to_depth", "tensorflow.space_to_depth", (X, Const(2))), (None, 5, 4, 1), "5x4 image"),
    (Call("my_helper", "my_helper", (X,)), (None, 4), "'my_helper'"),
    (Call("tf.tile", "tensorflow.tile", (X, Const([2, 1]))), (None, 4), "repeating the batch axis"),
    (Call("tf.tile", "tensorflow.tile", (X, Const([1, 2, 2]))), (None, 4), "one constant per axis"),
    (Const(3.0), (None, 4), "not a tensor"),
])
def test_what_has_no_exact_built_in_form_is_refused_with_the_reason(body, shape, words):
    with pytest.raises(UnsupportedModelError, match=words):
        _lower(body, shape)


# ------------------------------------------------------------------ lowered


def test_scalar_affine_maps_merge_into_one_rescaling():
    lowered = _lower(BinOp("-", BinOp("/", X, Const(255.0)), Const(0.5)))
    assert lowered.forms == ("Rescaling",)
    assert lowered.output.config == {"scale": pytest.approx(1 / 255), "offset": -0.5}
    assert lowered.output.inputs[0].index == 0


def test_negation_and_reversed_subtraction_are_affine():
    lowered = _lower(BinOp("-", Const(1.0), UnaryOp("-", X)))
    assert lowered.output.config == {"scale": 1.0, "offset": 1.0}


def test_static_spatial_slices_are_croppings():
    cropped = _lower(Subscript(X, (slice(None), slice(2, -2), slice(1, None), slice(None))), (None, 8, 8, 3))
    assert (cropped.forms, cropped.output.config) == (("Cropping2D",), {"cropping": ((2, 2), (1, 0))})
    assert cropped.output.shape == (None, 4, 7, 3)
    one_d = _lower(Subscript(X, (slice(None), slice(1, 3))), (None, 6, 4))
    assert one_d.output.config == {"cropping": (1, 3)}


def test_other_static_slices_are_exact_slices():
    lowered = _lower(Subscript(X, (slice(None), slice(None), slice(1, 3))), (None, 6, 4))
    assert lowered.forms == ("a static slice",) and lowered.output.shape == (None, 6, 2)
    indexed = _lower(Subscript(X, (slice(None), 0)), (None, 6, 4))
    assert indexed.output.shape == (None, 4)


def test_space_to_depth_is_a_reshape_permute_chain():
    lowered = _lower(Call("tf.space_to_depth", "tensorflow.space_to_depth", (X,), (("block_size", Const(2)),)),
                     (None, 8, 6, 16))
    kinds = [node.class_name for node in reachable(lowered.output)]
    assert kinds == ["Reshape", "Permute", "Reshape"] and lowered.output.shape == (None, 4, 3, 64)


def test_keras_2_hard_sigmoid_is_keras_3_hard_sigmoid_of_1_2_x():
    lowered = _lower(_k("hard_sigmoid", X), (None, 4))
    scaled, activation = reachable(lowered.output)
    assert scaled.config == {"scale": 1.2, "offset": 0.0} and activation.config == {"activation": "hard_sigmoid"}


def test_reductions_keep_their_axes_and_shapes():
    lowered = _lower(Call("tf.reduce_mean", "tensorflow.reduce_mean", (X,), (("axis", Const([1, 2])),
                                                                            ("keep_dims", Const(True)))),
                     (None, 5, 6, 3))
    assert isinstance(lowered.output, ViaOp) and lowered.output.function == "mean"
    assert dict(lowered.output.kwargs) == {"axis": (1, 2), "keepdims": True}
    assert lowered.output.shape == (None, 1, 1, 3)


def test_tensor_arithmetic_between_inputs():
    same = _lower(BinOp("-", Input(0), Input(1)), (None, 4), (None, 4))
    assert isinstance(same.output, ViaLayer) and same.output.class_name == "Subtract"
    broadcast = _lower(BinOp("+", Input(0), Input(1)), (None, 4), (None, 1))
    assert [node.function for node in reachable(broadcast.output)] == ["negative", "subtract"]


def test_concatenate_and_stack():
    cat = _lower(_k("concatenate", Sequence((Input(0), Input(1))), axis=-1), (None, 3), (None, 5))
    assert cat.output.class_name == "Concatenate" and cat.output.shape == (None, 8)
    stacked = _lower(_k("stack", Sequence((Input(0), Input(1))), axis=1), (None, 3), (None, 3))
    assert stacked.output.shape == (None, 2, 3) and stacked.forms == ("Reshape", "Concatenate")


def test_an_identity_lambda_keeps_its_place():
    assert _lower(X, (None, 4)).forms == ("Identity",)


def test_tile_is_keras_ops_tile_with_the_same_multiples():
    """halimelsaputra's conditional encoder: `lambda x: tf.tile(x, [1, 28, 28, 1])` on a (None, 1, 1, 10) label."""
    lowered = _lower(Call("tf.tile", "tensorflow.tile", (X, Sequence((Const(1), Const(28), Const(28), Const(1))))),
                     (None, 1, 1, 10))
    assert isinstance(lowered.output, ViaOp) and lowered.output.function == "tile"
    assert lowered.output.args[1] == [1, 28, 28, 1] and lowered.output.shape == (None, 28, 28, 10)
    keyword = _lower(_k("tile", X, n=[1, 3]), (None, 4))
    assert keyword.output.shape == (None, 12)
