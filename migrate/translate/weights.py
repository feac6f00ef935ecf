"""Array conversions named by TranslatedLayer.weight_fixes, applied to one layer's weights in order.

Each fix takes the layer's Keras 3 config and its list of arrays and returns the new list; shapes
never change, so the mapping of arrays to Keras 3 variables stays one to one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from migrate.translate.semantics import HARD_SIGMOID_SCALE

Fix = Callable[[dict[str, Any], list[np.ndarray]], list[np.ndarray]]


def _affine(config: dict[str, Any], arrays: list[np.ndarray]) -> list[np.ndarray]:
    """Scale kernel and bias: hard_sigmoid_k3(1.2 (Wx + b)) == hard_sigmoid_k2(Wx + b)."""
    return [array * np.asarray(HARD_SIGMOID_SCALE, array.dtype) for array in arrays]


def _gates(blocks: str) -> Fix:
    """Scale the gate blocks (along the last axis) that go through the recurrent activation."""
    def fix(config: dict[str, Any], arrays: list[np.ndarray]) -> list[np.ndarray]:
        out = []
        for array in arrays:
            array = array.copy()
            width = array.shape[-1] // len(blocks)
            for index, block in enumerate(blocks):
                if block == "g":
                    array[..., index * width:(index + 1) * width] *= np.asarray(HARD_SIGMOID_SCALE, array.dtype)
            out.append(array)
        return out
    return fix


def _theano_flip(config: dict[str, Any], arrays: list[np.ndarray]) -> list[np.ndarray]:
    """Flip every spatial axis of the kernels (Keras 2's conv_utils.convert_kernel); biases unchanged."""
    out = []
    for array in arrays:
        if array.ndim >= 3:
            spatial = tuple(range(array.ndim - 2))
            array = np.ascontiguousarray(np.flip(array, axis=spatial))
        out.append(array)
    return out


def _keras1_th_kernel(config: dict[str, Any], arrays: list[np.ndarray]) -> list[np.ndarray]:
    """Keras 1 'th' kernels are (out, in, *spatial): move to Keras 2's (*spatial, in, out)."""
    kernel, *rest = arrays
    order = (*range(2, kernel.ndim), 1, 0)
    return [np.ascontiguousarray(np.transpose(kernel, order)), *rest]


FIXES: dict[str, Fix] = {
    "hard_sigmoid_affine": _affine,
    "lstm_gates": _gates("ggcg"),  # i, f, c, o: all but the cell candidate go through the gate activation
    "gru_gates": _gates("ggc"),  # z, r, h
    "theano_flip": _theano_flip,
    "keras1_th_kernel": _keras1_th_kernel,
}


def apply_fixes(fixes: list[str], config: dict[str, Any], arrays: list[np.ndarray]) -> list[np.ndarray]:
    """Apply `fixes` in order; wrapped layers' fixes (`layer:...`) act on the inner layer's share.

    Bidirectional stores forward weights then backward ones, each half the inner layer's.
    """
    own = [fix for fix in fixes if ":" not in fix]
    inner = [fix.split(":", 1)[1] for fix in fixes if fix.startswith("layer:")]
    for fix in own:
        arrays = FIXES[fix](config, arrays)
    if inner:
        inner_config = config["layer"]["config"]
        halves = 2 if _is_bidirectional(config) else 1
        size = len(arrays) // halves
        parts = [arrays[i * size:(i + 1) * size] for i in range(halves)]
        arrays = [a for part in parts for a in apply_fixes(inner, inner_config, part)]
    return arrays


def _is_bidirectional(config: dict[str, Any]) -> bool:
    return "merge_mode" in config
