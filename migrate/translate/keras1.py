"""Keras 1.x configs -> Keras 2 vocabulary (keras2.py and semantics.py take it on from there).

The tables follow Keras 2's own `legacy/interfaces.py` conversions: renamed classes, renamed
arguments, and argument pairs that became one tuple. The model-level quirks of Keras 1 configs live
here too, as functions over plain config data that the graph builder asks: a Sequential that starts
with a `Merge` of branch Sequentials, `input_dtype` for `dtype`, and `input_dim`/`input_length` as a
layer's declared input shape.
"""

from __future__ import annotations

from typing import Any

from migrate.errors import MalformedFileError, UnsupportedModelError
from migrate.translate.fixes import WeightFix

CLASS_RENAMES = {
    "Convolution1D": "Conv1D", "Convolution2D": "Conv2D", "Convolution3D": "Conv3D",
    "AtrousConvolution1D": "Conv1D", "AtrousConvolution2D": "Conv2D",
    "Deconvolution2D": "Conv2DTranspose", "SeparableConvolution2D": "SeparableConv2D",
}

COMMON_RENAMES = {
    "output_dim": "units", "init": "kernel_initializer", "inner_init": "recurrent_initializer",
    "W_regularizer": "kernel_regularizer", "b_regularizer": "bias_regularizer",
    "U_regularizer": "recurrent_regularizer", "W_constraint": "kernel_constraint",
    "b_constraint": "bias_constraint", "U_constraint": "recurrent_constraint", "bias": "use_bias",
    "nb_filter": "filters", "subsample": "strides", "subsample_length": "strides", "border_mode": "padding",
    "dim_ordering": "data_format", "filter_length": "kernel_size", "pool_length": "pool_size",
    "stride": "strides", "dropout_W": "dropout", "dropout_U": "recurrent_dropout", "inner_activation":
    "recurrent_activation", "consume_less": "implementation", "atrous_rate": "dilation_rate",
}

CLASS_RENAMES_OF_ARGS = {
    "Embedding": {"init": "embeddings_initializer", "W_regularizer": "embeddings_regularizer",
                  "W_constraint": "embeddings_constraint", "output_dim": "output_dim"},
    "Dropout": {"p": "rate"}, "SpatialDropout1D": {"p": "rate"}, "SpatialDropout2D": {"p": "rate"},
    "GaussianDropout": {"p": "rate"}, "GaussianNoise": {"sigma": "stddev"},
    "BatchNormalization": {"beta_init": "beta_initializer", "gamma_init": "gamma_initializer"},
    "PReLU": {"init": "alpha_initializer"},
}

# Keras 1 Merge(mode=...) -> the Keras 3 layer for that mode, and the arguments it keeps (renamed)
MERGE_MODES: dict[str, tuple[str, dict[str, str]]] = {
    "sum": ("Add", {}), "mul": ("Multiply", {}), "ave": ("Average", {}), "max": ("Maximum", {}),
    "concat": ("Concatenate", {"concat_axis": "axis"}), "dot": ("Dot", {"dot_axes": "axes"}),
}

DIM_ORDERING = {"tf": "channels_last", "th": "channels_first", "default": "channels_last"}
IMPLEMENTATION = {"cpu": 0, "mem": 1, "gpu": 2}
DROPPED = ("mode_type", "cache_enabled", "trainable_weights", "activity_regularizer")
# Keras 1 wrote a regularizer or constraint as `{"name": CLASS, ...its arguments}`; Keras 2 and 3 read
# `{"class_name": CLASS, "config": {...}}`. Keras 1 name -> (Keras 3 class, argument renames).
PENALTIES: dict[str, tuple[str, dict[str, str]]] = {
    "L1L2Regularizer": ("L1L2", {}), "WeightRegularizer": ("L1L2", {}),
    "MaxNorm": ("MaxNorm", {"m": "max_value"}), "NonNeg": ("NonNeg", {}), "UnitNorm": ("UnitNorm", {}),
    "MinMaxNorm": ("MinMaxNorm", {"low": "min_value", "high": "max_value"}),
}


def merged_branches(entry: Any) -> tuple[list[list[Any]], dict[str, Any]] | None:
    """A Keras 1 Sequential's first entry `Merge([branch, ...])` of branch Sequentials: each branch's
    layer entries, and the Merge's own config without its branches. None for any other entry."""
    if not isinstance(entry, dict) or entry.get("class_name") != "Merge" or not isinstance(entry.get("config"), dict) \
            or not isinstance(entry["config"].get("layers"), list):
        return None
    config = dict(entry["config"])
    branches = []
    for branch in config.pop("layers"):
        if not isinstance(branch, dict) or branch.get("class_name") != "Sequential":
            raise UnsupportedModelError("Keras 1 Merge of models other than Sequential ones is not converted",
                                        layer=str(config.get("name")))
        body = branch.get("config")
        entries = body if isinstance(body, list) else (body or {}).get("layers")
        if not isinstance(entries, list) or not entries:
            raise MalformedFileError("a Merge branch has no layers", layer=str(config.get("name")))
        branches.append(entries)
    return branches, config


def input_dtype(config: dict[str, Any]) -> Any:
    """The dtype an input declares: `dtype`, or Keras 1's `input_dtype`."""
    return config.get("dtype") or config.get("input_dtype")


def declared_input_shape(config: dict[str, Any]) -> tuple[int | None, ...] | None:
    """A Keras 1 Dense or Embedding declared its input with `input_dim` (and `input_length` for the
    sequence an Embedding reads); the shape with its batch dimension, or None."""
    if not isinstance(config.get("input_dim"), int):
        return None
    return (None, config["input_dim"]) if "input_length" not in config else (None, config["input_length"])


def translate(layer: Any, name: str) -> None:
    """Rename the class and its arguments, then merge split arguments into Keras 2's tuples."""
    if layer.class_name == "Merge":
        translate_merge(layer, name)
        return
    if layer.class_name == "BatchNormalization" and layer.config.get("mode", 0) != 0:
        raise UnsupportedModelError("Keras 1 BatchNormalization mode != 0 has no Keras 3 equivalent", layer=name)
    original = layer.class_name
    layer.class_name = CLASS_RENAMES.get(original, original)
    renames = {**COMMON_RENAMES, **CLASS_RENAMES_OF_ARGS.get(layer.class_name, {})}
    config = {renames.get(key, key): value for key, value in layer.config.items() if key not in DROPPED}
    _merge_kernel_size(config)
    _translate_penalties(config, layer, name)
    if "data_format" in config:
        config["data_format"] = DIM_ORDERING.get(config["data_format"], config["data_format"])
    if isinstance(config.get("implementation"), str):
        config["implementation"] = IMPLEMENTATION.get(config["implementation"], 1)
    config.pop("mode", None)
    if layer.class_name == "Conv2DTranspose":  # Keras 2's interfaces dropped it: the layer computes its shape
        config.pop("output_shape", None)
    if "forget_bias_init" in config:  # Keras 2's interfaces: 'one' became unit_forget_bias=True
        config["unit_forget_bias"] = config.pop("forget_bias_init") in ("one", "ones")
    if layer.class_name == "Embedding" and "dropout" in config:
        if config.pop("dropout"):
            layer.notes.append(f"{name}: Keras 1 Embedding dropout dropped (training only; inference is unchanged)")
    layer.config = config
    if original != layer.class_name:
        layer.notes.append(f"{name}: Keras 1 {original} -> {layer.class_name}")
    fix = _kernel_layout(layer.class_name, config.get("data_format") == "channels_first")
    if fix:
        layer.weight_fixes.append(WeightFix(fix))


def _translate_penalties(config: dict[str, Any], layer: Any, name: str) -> None:
    """Keras 1 regularizers and constraints in Keras 3's form; one Keras 3 has no class for is dropped with a
    note (both act in training only: predictions are the same without them)."""
    for key, value in list(config.items()):
        if not (key.endswith(("_regularizer", "_constraint")) and isinstance(value, dict)) or "class_name" in value:
            continue
        arguments = {k: v for k, v in value.items() if k != "name"}
        known = PENALTIES.get(str(value.get("name")))
        if known is None:
            del config[key]
            layer.notes.append(f"{name}: Keras 1 {key} {value.get('name')!r} dropped (no Keras 3 class; training only)")
            continue
        class_name, renames = known
        config[key] = {"class_name": class_name, "config": {renames.get(k, k): v for k, v in arguments.items()}}


def _kernel_layout(class_name: str, channels_first: bool) -> str | None:
    """The fix (weights.py) that moves a Keras 1 kernel to Keras 2's layout, as Keras 2's loader did:
    a Conv1D was stored as a 2D kernel of width 1; a Deconvolution2D with its filters and stack swapped;
    'th' kernels (and a 'th' ConvLSTM2D's recurrent kernel) as (filters, stack, *spatial)."""
    if class_name == "Conv1D":
        return "keras1_conv1d"
    if class_name == "Conv2DTranspose":
        return "keras1_deconv_th" if channels_first else "keras1_deconv_tf"
    if channels_first and class_name in ("Conv2D", "Conv3D"):
        return "keras1_th_kernel"
    if channels_first and class_name == "ConvLSTM2D":
        return "keras1_th_kernels"
    return None


def translate_merge(layer: Any, name: str) -> None:
    """Merge(mode=...) -> Add, Multiply, Average, Maximum, Concatenate or Dot, for Keras 1 and for Keras
    2.0-2.1, which kept the class (and its config) in `keras.legacy`. A mode given as a function is the
    user's code (never run); `cos` had a shape no Keras 3 layer gives."""
    mode = layer.config.get("mode")
    if layer.config.get("mode_type", "raw") != "raw" or not isinstance(mode, str) or mode not in MERGE_MODES:
        raise UnsupportedModelError(
            f"Keras 1 Merge with mode {mode!r} has no Keras 3 layer; rebuild that merge by hand", layer=name)
    new_class, kept = MERGE_MODES[mode]
    config = {"name": layer.config.get("name", name.split("/")[-1]), "trainable": layer.config.get("trainable", True)}
    config.update({new: layer.config[old] for old, new in kept.items() if old in layer.config})
    layer.class_name, layer.config = new_class, config
    layer.notes.append(f"{name}: Keras 1 Merge(mode={mode!r}) -> {new_class}")


def _merge_kernel_size(config: dict[str, Any]) -> None:
    """nb_row/nb_col (and Conv3D's kernel_dim1..3) -> kernel_size; pool_length already renamed."""
    if "nb_row" in config:
        config["kernel_size"] = [config.pop("nb_row"), config.pop("nb_col")]
    if "kernel_dim1" in config:
        config["kernel_size"] = [config.pop("kernel_dim1"), config.pop("kernel_dim2"), config.pop("kernel_dim3")]
