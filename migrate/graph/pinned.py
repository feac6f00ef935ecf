"""Input dimensions a layer's saved weights pin down where the config left them unknown.

An adapted `Normalization` that was the first layer of a Sequential (or was adapted before its input was
known) saved `batch_input_shape: [None, None]`. tf.keras ran it on whatever came; Keras 3 needs every
axis it keeps known when it builds ("All `axis` values to be kept must have a known shape"). The layer's
own mean and variance have exactly those axes' sizes, so the model's input could only ever have had them:
they are written into the input it reads. Plain data; no Keras.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from migrate.graph.build import batch_shape
from migrate.graph.model import Graph, Layer
from migrate.read.hdf5 import WeightInfo

SHAPE_KEYS = ("batch_input_shape", "batch_shape")


def pin_input_shapes(graph: Graph, layer_weights: Mapping[str, tuple[WeightInfo, ...]]) -> list[str]:
    """Fill unknown input dimensions of `graph` from Normalization weights; a note for each input filled."""
    notes = []
    for layer in graph.layers:
        if layer.class_name != "Normalization" or len(layer.calls) != 1 or len(layer.calls[0]) != 1:
            continue
        source = graph.layer(layer.calls[0][0].layer)
        mean = _mean_shape(layer_weights.get(layer.name, ()))
        shape = batch_shape(source.config) if source.class_name == "InputLayer" else None
        pinned = _pinned(shape, _kept_axes(layer.config), mean) if shape and mean is not None else None
        if pinned is not None and list(pinned) != list(shape):
            for target in (source, layer):
                _set_shape(target, pinned)
            notes.append(f"{source.name}: input shape {list(pinned)} from {layer.name}'s mean (saved as {list(shape)})")
    return notes


def _mean_shape(weights: tuple[WeightInfo, ...]) -> tuple[int, ...] | None:
    found = next((w for w in weights if w.name.split("/")[-1].split(":")[0] == "mean"), None)
    return tuple(found.shape) if found is not None else None


def _kept_axes(config: dict[str, Any]) -> list[int] | None:
    axis = config.get("axis", -1)
    axes = [axis] if isinstance(axis, int) else axis
    return axes if isinstance(axes, list) and all(isinstance(a, int) for a in axes) else None


def _pinned(shape: tuple[Any, ...], axes: list[int] | None, mean: tuple[int, ...]) -> tuple[Any, ...] | None:
    """`shape` with each kept axis given the mean's size there; None when they cannot be matched up."""
    if not axes:
        return None
    sizes = [size for size in mean if size != 1] if len(mean) != len(axes) else list(mean)
    if len(sizes) != len(axes):
        return None
    filled = list(shape)
    for axis, size in zip(axes, sizes, strict=True):
        index = axis + len(shape) if axis < 0 else axis
        if not 0 < index < len(shape) or filled[index] not in (None, size):
            return None
        filled[index] = size
    return tuple(filled)


def _set_shape(layer: Layer, shape: tuple[Any, ...]) -> None:
    for key in SHAPE_KEYS:
        if isinstance(layer.config.get(key), list):
            layer.config = {**layer.config, key: list(shape)}
