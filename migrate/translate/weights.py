"""Array conversions named by TranslatedLayer.weight_fixes, applied to one layer's weights in order.

Each fix takes the layer's Keras 3 config and its list of arrays and returns the new list, one array
per Keras 3 variable as before. Only the fixes in RESHAPING change shapes (a cuDNN bias of 8 units
per gate becomes 4, a Keras 1 kernel's axes move); weight moving checks those shapes after fixing, every
other one before.
A fix belongs to the layer itself or to a layer it wraps (`WeightFix.within`): a Bidirectional's
forward `layer` owns the first half of its weights, its `backward_layer` the second half, each
converted by its own fixes and its own config.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from migrate.read import WeightInfo
from migrate.translate.fixes import WeightFix
from migrate.translate.semantics import HARD_SIGMOID_SCALE

# Keras 1 stored recurrent weights per gate, (W, U, b) for each gate in this order; Keras 2's loader
# joined them along the last axis in Keras 2's gate order (its preprocess_weights_for_loading).
KERAS1_GATES: dict[str, tuple[str, str]] = {"LSTM": ("icfo", "ifco"), "GRU": ("zrh", "zrh")}

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


def _keras1_th_kernels(config: dict[str, Any], arrays: list[np.ndarray]) -> list[np.ndarray]:
    """A 'th' ConvLSTM2D: its kernel and its recurrent kernel, both (out, in, *spatial)."""
    kernel, recurrent, *rest = arrays
    return [*_keras1_th_kernel(config, [kernel]), *_keras1_th_kernel(config, [recurrent]), *rest]


def _keras1_conv1d(config: dict[str, Any], arrays: list[np.ndarray]) -> list[np.ndarray]:
    """Keras 1 ran Conv1D as a 2D convolution: its kernel is (length, 1, in, out), or in Keras 1.1's
    layout (out, in, length, 1); Keras 2's loader moved the latter and dropped the width axis."""
    kernel, *rest = arrays
    if kernel.ndim != 4:
        return arrays
    length = _first(config.get("kernel_size"))
    if kernel.shape[:2] != (length, 1) or kernel.shape[3] != config.get("filters"):
        kernel = np.transpose(kernel, (2, 3, 1, 0))
    return [np.ascontiguousarray(kernel[:, 0, :, :]), *rest]


def _first(value: Any) -> Any:
    return value[0] if isinstance(value, (list, tuple)) and value else value


def _transposed(order: tuple[int, ...]) -> Fix:
    """The kernel's axes reordered (Keras 2's loader for Keras 1 Deconvolution2D kernels)."""
    def fix(config: dict[str, Any], arrays: list[np.ndarray]) -> list[np.ndarray]:
        kernel, *rest = arrays
        return [np.ascontiguousarray(np.transpose(kernel, order)), *rest]
    return fix


def _cudnn(gates: int, bias: Callable[[np.ndarray], np.ndarray]) -> Fix:
    """cuDNN weights -> LSTM/GRU ones, as Keras 2's `_convert_rnn_weights` did: per gate, the input
    kernel is read in cuDNN's (Fortran) order and the recurrent kernel transposed."""
    def fix(config: dict[str, Any], arrays: list[np.ndarray]) -> list[np.ndarray]:
        kernel, recurrent, biases = arrays
        kernel = np.hstack([k.T.reshape(k.shape, order="F") for k in np.hsplit(kernel, gates)])
        recurrent = np.hstack([k.T for k in np.hsplit(recurrent, gates)])
        return [np.ascontiguousarray(kernel), np.ascontiguousarray(recurrent), bias(biases)]
    return fix


def _instance_norm_kernel(config: dict[str, Any], arrays: list[np.ndarray]) -> list[np.ndarray]:
    """keras-contrib InstanceNormalization's gamma (channels,) as a 1x1 DepthwiseConv2D kernel
    (1, 1, channels, 1); its beta is the bias as it is."""
    return [arrays[0].reshape(1, 1, -1, 1), *arrays[1:]]


FIXES: dict[str, Fix] = {
    "instance_norm_kernel": _instance_norm_kernel,
    "hard_sigmoid_affine": _affine,
    "lstm_gates": _gates("ggcg"),  # i, f, c, o: all but the cell candidate go through the gate activation
    "gru_gates": _gates("ggc"),  # z, r, h
    "theano_flip": _theano_flip,
    "keras1_th_kernel": _keras1_th_kernel,
    "keras1_th_kernels": _keras1_th_kernels,
    "keras1_conv1d": _keras1_conv1d,
    "keras1_deconv_tf": _transposed((0, 1, 3, 2)),  # (rows, cols, stack, filters) -> (rows, cols, filters, stack)
    "keras1_deconv_th": _transposed((2, 3, 0, 1)),  # (filters, stack, rows, cols) -> (rows, cols, filters, stack)
    # cuDNN keeps separate input and recurrent biases: LSTM adds them, GRU (reset_after) keeps both rows
    "cudnn_lstm": _cudnn(4, lambda b: np.sum(np.split(b, 2), axis=0)),
    "cudnn_gru": _cudnn(3, lambda b: np.asarray(b).reshape(2, -1)),
}
RESHAPING = {"instance_norm_kernel", "cudnn_lstm", "cudnn_gru", "keras1_th_kernel", "keras1_th_kernels", "keras1_conv1d", "keras1_deconv_tf",
             "keras1_deconv_th"}


def reshapes(fixes: list[WeightFix]) -> bool:
    """Whether these fixes (the layer's own or a wrapped layer's) change array shapes."""
    return any(fix.name in RESHAPING for fix in fixes)


def apply_fixes(fixes: list[WeightFix], config: dict[str, Any], arrays: list[np.ndarray]) -> list[np.ndarray]:
    """Apply the layer's own fixes in order, then each wrapped layer's fixes to its share of the arrays.

    Bidirectional stores forward weights then backward ones, each half its own layer's: the backward
    half is converted as `backward_layer` says where the config has one, else as a copy of `layer`.
    Other wrappers (TimeDistributed) hold exactly their inner layer's weights.
    """
    for fix in fixes:
        if not fix.within:
            arrays = FIXES[fix.name](config, arrays)
    if not any(fix.within for fix in fixes):
        return arrays
    if not _is_bidirectional(config):
        return _apply_inner(fixes, "layer", config, arrays)
    half = len(arrays) // 2
    backward = "backward_layer" if isinstance(config.get("backward_layer"), dict) else "layer"
    return _apply_inner(fixes, "layer", config, arrays[:half]) + _apply_inner(fixes, backward, config, arrays[half:])


def _apply_inner(fixes: list[WeightFix], key: str, config: dict[str, Any], arrays: list[np.ndarray]) -> list[np.ndarray]:
    """The fixes of the layer held under `key`, applied with its own config."""
    inner = [WeightFix(fix.name, fix.within[1:]) for fix in fixes if fix.within[:1] == (key,)]
    return apply_fixes(inner, config[key]["config"], arrays) if inner else arrays


def _is_bidirectional(config: dict[str, Any]) -> bool:
    return "merge_mode" in config


def keras1_joined(class_name: str, stored: tuple[WeightInfo, ...]) -> tuple[WeightInfo, ...]:
    """A Keras 1 LSTM's 12 (GRU's 9) per-gate weights as the 3 Keras 2 ones, each naming its parts.

    Anything else comes back as it is. Bidirectional layers hold the forward then the backward half.
    """
    gates = KERAS1_GATES.get(class_name)
    if gates is None or len(stored) != 3 * len(gates[0]):
        return stored
    per_gate = {gate: stored[3 * i:3 * i + 3] for i, gate in enumerate(gates[0])}
    joined = []
    for k, what in enumerate(("kernel", "recurrent_kernel", "bias")):
        parts = [per_gate[gate][k] for gate in gates[1]]
        shape = (*parts[0].shape[:-1], sum(part.shape[-1] for part in parts))
        joined.append(WeightInfo(f"{parts[0].name.rsplit('/', 1)[0]}/{what} (Keras 1 per-gate)", parts[0].h5_path,
                                 shape, parts[0].dtype, tuple(part.h5_path for part in parts)))
    return tuple(joined)
