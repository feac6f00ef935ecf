"""Keras 2.x (standalone, TensorFlow or Theano backend) configs -> Keras 3.

Keras 2 stored per-layer input declarations and defaults that Keras 3 either rejects or reads
differently. The tables say, per class, which arguments go and which values change.
"""

from __future__ import annotations

from typing import Any

from migrate.translate.fixes import WeightFix

# Arguments Keras 3 does not take on any layer; the graph already holds what they meant.
DROPPED_EVERYWHERE = ("batch_input_shape", "input_shape", "batch_size", "input_dtype")
# input_dim declared the input of a first layer, except on Embedding, where it is the vocabulary size.
KEEPS_INPUT_DIM = ("Embedding",)

# class -> {Keras 2 argument: Keras 3 argument}
ARGUMENT_RENAMES: dict[str, dict[str, str]] = {
    "LeakyReLU": {"alpha": "negative_slope"},
    "ThresholdedReLU": {"theta": "threshold"},
}
# class -> (Keras 3 class, extra arguments that make it mean the same)
CLASS_RENAMES: dict[str, tuple[str, dict[str, Any]]] = {
    "ThresholdedReLU": ("ReLU", {"negative_slope": 0.0}),
    # cuDNN's fused kernels: tanh cell, sigmoid gates, always biased; its GRU applies the reset gate
    # after the recurrent matmul. Its weights need converting too (CLASS_WEIGHT_FIXES).
    "CuDNNLSTM": ("LSTM", {"activation": "tanh", "recurrent_activation": "sigmoid", "use_bias": True}),
    "CuDNNGRU": ("GRU", {"activation": "tanh", "recurrent_activation": "sigmoid", "use_bias": True,
                         "reset_after": True}),
}
# class -> the weight fix its renamed class needs (see weights.py), as Keras 2's loader applied it
CLASS_WEIGHT_FIXES: dict[str, str] = {"CuDNNLSTM": "cudnn_lstm", "CuDNNGRU": "cudnn_gru"}

# class -> arguments to drop, because Keras 3 reads them differently and the meaning is carried elsewhere;
# arguments Keras 3 no longer takes at all are in arguments.py's table
DROPPED_BY_CLASS: dict[str, tuple[str, ...]] = {
    "BatchNormalization": ("renorm_clipping", "renorm_momentum"),  # with renorm, dropped below
}

# class -> {argument: value Keras 2 used when the argument was absent from the config}
KERAS2_DEFAULTS: dict[str, dict[str, Any]] = {
    "GRU": {"reset_after": False},
    "LSTM": {"recurrent_activation": "hard_sigmoid"},
    "SimpleRNN": {},
}


def translate(layer: Any, name: str) -> None:
    """Drop what Keras 3 rejects, fill Keras 2 defaults that Keras 3 changed, normalise values."""
    config = layer.config
    for key in DROPPED_EVERYWHERE + DROPPED_BY_CLASS.get(layer.class_name, ()):
        config.pop(key, None)
    if layer.class_name not in KEEPS_INPUT_DIM:
        config.pop("input_dim", None)
    for old, new in ARGUMENT_RENAMES.get(layer.class_name, {}).items():
        if old in config:
            config[new] = config.pop(old)
    if layer.class_name in CLASS_RENAMES:
        new_class, extra = CLASS_RENAMES[layer.class_name]
        fix = CLASS_WEIGHT_FIXES.get(layer.class_name)
        layer.notes.append(f"{name}: {layer.class_name} -> {new_class}" + (" (weights converted from cuDNN's layout)" if fix else ""))
        if fix:
            layer.weight_fixes.append(WeightFix(fix))
        layer.class_name = new_class
        config.update(extra)
    for key, value in KERAS2_DEFAULTS.get(layer.class_name, {}).items():
        if key not in config:
            config[key] = value
            layer.notes.append(f"{name}: {key}={value!r} made explicit (the Keras 2 default; Keras 3's differs)")
    if layer.class_name == "BatchNormalization":
        _scalar_axis(layer, name)
        if config.pop("renorm", False):
            layer.notes.append(f"{name}: batch renormalisation dropped (inference is unchanged)")


def _scalar_axis(layer: Any, name: str) -> None:
    axis = layer.config.get("axis")
    if isinstance(axis, list):
        if len(axis) != 1:
            return
        layer.config["axis"] = axis[0]
