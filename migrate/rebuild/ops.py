"""Computations that are not layers: keras.ops calls for tf.keras's TensorFlowOpLayers, and additions
written so that Keras 3 computes what they say.

Keras 3's TensorFlow `add` takes a (batch, 1) operand for a bias when, in an eager call, the batch
size equals the other operand's width, and applies tf.nn.bias_add along the wrong axis (measured 0.43
off on k231_plain_broadcast_add at batch 8; traced calls such as predict() are right). A broadcasting
addition is therefore written as x - (-y): negation and subtraction are exact, so it is the same sum.
"""

from __future__ import annotations

from typing import Any

import keras

from migrate.translate.tf_ops import OpCall, TensorArg

BROADCAST_ADD_NOTE = ("broadcasting add written as x - (-y): Keras 3's add mistakes a (batch, 1) operand for a "
                      "bias when the batch size equals the width")


def apply_op(call: OpCall, tensors: list[Any]) -> tuple[Any, str | None]:
    """keras.ops.<function> on the call's arguments, each TensorArg replaced by that inbound tensor;
    and a note when the op had to be written another way to compute the same."""
    def fill(value: Any) -> Any:
        if isinstance(value, TensorArg):
            return tensors[value.index]
        if isinstance(value, list):
            return [fill(item) for item in value]
        return value

    args = [fill(arg) for arg in call.args]
    if call.function == "add" and broadcasts(*args):
        return broadcasting_add(args), BROADCAST_ADD_NOTE
    return getattr(keras.ops, call.function)(*args, **call.kwargs), None


def broadcasting_add(tensors: list[Any], name: str | None = None, mean: bool = False) -> Any:
    """x1 + x2 + ... as x1 - (-x2) - ... (divided by the count for an Average, as Keras does). For a
    merge layer, it ends in an Identity layer under the layer's own name so that outputs keep theirs."""
    total = tensors[0]
    for tensor in tensors[1:]:
        total = keras.ops.subtract(total, keras.ops.negative(tensor))
    if mean:
        total = keras.ops.divide(total, len(tensors))
    return keras.layers.Identity(name=name)(total) if name else total


def broadcasts(x: Any, y: Any) -> bool:
    """Whether a binary op between these two would broadcast one of them (both must be tensors)."""
    shapes = [getattr(value, "shape", None) for value in (x, y)]
    return None not in shapes and tuple(shapes[0]) != tuple(shapes[1])
