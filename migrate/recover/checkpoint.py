"""What a weights-only file says about the model that wrote it, and whether a config fits it.

A checkpoint holds no architecture, but its group names (`dense_3`, `conv2d_1`: the layer's class and
its creation counter) and weight shapes pin the model down closely: enough to tell the right `to_json()`
file or builder function from the wrong ones, and to read back the numbers a builder took from data.
Everything here is plain data; no Keras.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from migrate.errors import MigrateError
from migrate.read import LegacyFile

Shape = tuple[int, ...]

# Keras 1 and 2 spelled some classes' automatic names differently from Keras 3 (which names a layer
# after its snake-cased class): the kinds that are one layer.
KIND_ALIASES = {
    "convolution1d": "conv1d", "convolution2d": "conv2d", "convolution3d": "conv3d",
    "maxpooling1d": "max_pooling1d", "maxpooling2d": "max_pooling2d", "maxpooling3d": "max_pooling3d",
    "averagepooling1d": "average_pooling1d", "averagepooling2d": "average_pooling2d",
    "max_pool2d": "max_pooling2d", "avg_pool2d": "average_pooling2d", "input": "input_layer",
    "batchnormalization": "batch_normalization", "cu_dnnlstm": "lstm", "cu_dnngru": "gru",
    "functional": "model", "deconvolution2d": "conv2d_transpose", "upsampling2d": "up_sampling2d",
    "zeropadding2d": "zero_padding2d", "globalaveragepooling2d": "global_average_pooling2d",
    "leakyrelu": "leaky_re_lu", "prelu": "p_re_lu", "timedistributed": "time_distributed",
}
# The config argument each class's first weight's last axis (kernel, embedding matrix) has the size of;
# classes not here (RNNs with their gate blocks, wrappers) are matched by name alone.
OUTPUT_WIDTH = {"Dense": "units", "Conv1D": "filters", "Conv2D": "filters", "Conv3D": "filters",
                "Embedding": "output_dim", "Convolution1D": "nb_filter", "Convolution2D": "nb_filter"}


# Classes that always hold weights: a config with one the checkpoint has no weights for is not its architecture.
ALWAYS_WEIGHTED = {"Dense", "Conv1D", "Conv2D", "Conv3D", "Convolution1D", "Convolution2D", "Convolution3D",
                   "Embedding", "LSTM", "GRU", "SimpleRNN", "BatchNormalization"}


@dataclass(frozen=True)
class Checkpoint:
    """A weights-only file's layers in file order: each group's name and its weights' shapes."""

    layers: tuple[tuple[str, tuple[Shape, ...]], ...]
    weight_names: tuple[tuple[str, ...], ...] = ()  # per layer, its weights' stored names (`dense_1/kernel:0`)

    @property
    def holding(self) -> tuple[tuple[str, tuple[Shape, ...]], ...]:
        """The layers with weights: the ones a config must have, in the file's order."""
        return tuple(layer for layer in self.layers if layer[1])

    def names(self) -> set[str]:
        return {name for name, _ in self.layers}


def checkpoint_of(file: LegacyFile) -> Checkpoint:
    """The signature of a weights-only file, from the h5py read alone."""
    items = file.layer_weights.items()
    return Checkpoint(tuple((name, tuple(w.shape for w in weights)) for name, weights in items),
                      tuple(tuple(w.name for w in weights) for _, weights in items))


def kind_of(name: str) -> str:
    """`conv2d_12` -> `conv2d`, `convolution2d_1` -> `conv2d`: what class an automatic name says a layer is."""
    base = re.sub(r"_\d+$", "", name).lower()
    return KIND_ALIASES.get(base, base)


def counter_of(name: str) -> int:
    """The creation counter of an automatic name (`dense` is 0, `dense_3` is 3): the order layers were made."""
    found = re.search(r"_(\d+)$", name)
    return int(found.group(1)) if found else 0


def config_layers(config: dict[str, Any]) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """Every layer of a model config, nested models' own layers after the nested model, as
    (name, class_name, config); Keras 1's list-style Sequential configs too."""
    inner = config.get("config")
    layers = inner if isinstance(inner, list) else inner.get("layers", []) if isinstance(inner, dict) else []
    for layer in layers:
        if not isinstance(layer, dict):
            continue
        layer_config = layer.get("config") if isinstance(layer.get("config"), dict) else {}
        name = layer.get("name") or layer_config.get("name") or ""
        yield str(name), str(layer.get("class_name", "")), layer_config
        if isinstance(layer.get("config"), list) or "layers" in layer_config:
            yield from config_layers(layer)


def fits(config: dict[str, Any], checkpoint: Checkpoint) -> bool:
    """Whether a model config is the checkpoint's architecture: every group holding weights names a layer
    of the config, each such layer's width (units, filters, output_dim) is its last weight axis and a Dense
    kernel's rows its input's width where the config's shapes tell it, and every layer of the config that
    must hold weights holds some in the checkpoint. Generic names (`dense_1`, `merge_1`) are in every Keras
    project: an architecture from another project shares them, not its shapes and not all its layers."""
    layers = {name: (class_name, layer) for name, class_name, layer in config_layers(config)}
    if not checkpoint.holding:
        return False
    model_name = config.get("config", {}).get("name") if isinstance(config.get("config"), dict) else None
    if len(checkpoint.holding) == 1 and checkpoint.holding[0][0] == model_name:
        return _template_fits(layers, checkpoint)
    widths = dense_input_widths(config)
    for name, shapes in checkpoint.holding:
        if name not in layers:
            return False
        if not _width_agrees(*layers[name], shapes) or not _rows_agree(widths.get(name), shapes):
            return False
    return all(_holds_weights(checkpoint, name) for name, (class_name, _) in layers.items()
               if class_name in ALWAYS_WEIGHTED)


def dense_input_widths(config: dict[str, Any]) -> dict[str, int]:
    """Each Dense layer's input width where the config's own shapes give it (graph/shapes.py, as data)."""
    from migrate.graph.build import build_graph
    from migrate.graph.shapes import tensor_shapes

    try:
        graph = build_graph(config)
    except MigrateError:
        return {}
    widths = {}
    for layer in graph.layers:
        if layer.class_name == "Dense" and len(layer.calls) == 1 and len(layer.calls[0]) == 1:
            shape = tensor_shapes(graph, layer.calls[0])[0]
            if shape and isinstance(shape[-1], int):
                widths[layer.name] = shape[-1]
    return widths


def _rows_agree(width: int | None, shapes: tuple[Shape, ...]) -> bool:
    return width is None or not shapes or len(shapes[0]) != 2 or shapes[0][0] == width


def _holds_weights(checkpoint: Checkpoint, name: str) -> bool:
    """A layer's weights are in its own group, or inside a nested model's group named `name/kernel:0`."""
    if any(group == name for group, _ in checkpoint.holding):
        return True
    return any(weight.startswith((f"{name}/", f"{name}_")) for names in checkpoint.weight_names for weight in names)


def _template_fits(layers: dict[str, tuple[str, dict[str, Any]]], checkpoint: Checkpoint) -> bool:
    """A wrapper's checkpoint keeps the template's weights in one group named after it, each weight named
    `inner_layer/kernel:0`: every inner layer must be the config's, its first weight as wide as it says."""
    index = [name for name, _ in checkpoint.layers].index(checkpoint.holding[0][0])
    names = checkpoint.weight_names[index] if index < len(checkpoint.weight_names) else ()
    seen: set[str] = set()
    for weight, shape in zip(names, checkpoint.holding[0][1], strict=False):
        parts = weight.split("/")
        layer = parts[-2] if len(parts) >= 2 else ""
        if layer not in layers:
            return False
        if layer not in seen and not _width_agrees(*layers[layer], (shape,)):
            return False
        seen.add(layer)
    return bool(names)


def _width_agrees(class_name: str, layer: dict[str, Any], shapes: tuple[Shape, ...]) -> bool:
    """A Dense's units, a Conv's filters, an Embedding's output_dim is the size of its first weight's last
    axis (its kernel or matrix); other classes agree with anything."""
    value = layer.get(OUTPUT_WIDTH.get(class_name, ""))
    if not isinstance(value, int) or not shapes or not shapes[0]:
        return True
    return shapes[0][-1] == value
