"""The graph records: a model is layers, each layer has calls, each call reads tensors of other calls."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from migrate.read.classes import MODEL_CLASSES

__all__ = ["MODEL_CLASSES", "OP_LAMBDA_CLASSES", "Graph", "KeywordTensor", "Layer", "TensorRef"]

# tf.keras 2.4+'s layers for raw TensorFlow calls on Keras tensors (`tf.math.truediv(x, y=z)`)
OP_LAMBDA_CLASSES = frozenset({"TFOpLambda", "SlicingOpLambda"})


@dataclass(frozen=True)
class TensorRef:
    """Output `tensor` of call `call` (0-based, in the order the layer was called) of layer `layer`."""

    layer: str
    call: int
    tensor: int


@dataclass(frozen=True)
class KeywordTensor:
    """A keyword argument of a call whose value is a tensor: the call's `index`-th TensorRef (tf.keras
    2.4+ wrote them inside the kwargs of an inbound entry, `{"y": ["lambda", 0, 0]}`)."""

    index: int


@dataclass
class Layer:
    """One layer of a model; `model` is set when the layer is itself a nested model."""

    name: str
    class_name: str
    config: dict[str, Any]
    calls: list[tuple[TensorRef, ...]] = field(default_factory=list)  # positional tensors, then keyword ones
    call_kwargs: list[dict[str, Any]] = field(default_factory=list)
    model: Graph | None = None


@dataclass
class Graph:
    """A functional view of any legacy model, Sequential ones included."""

    name: str
    class_name: str
    layers: list[Layer]
    inputs: list[TensorRef]
    outputs: list[TensorRef]
    sequential_form: str | None = None  # 'list' (Keras <= 2.2.2), 'dict', or None for functional
    _index: dict[str, Layer] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self._index = {layer.name: layer for layer in self.layers}

    def layer(self, name: str) -> Layer:
        return self._index[name]

    def has_layer(self, name: str) -> bool:
        return name in self._index

    def walk(self) -> Iterator[tuple[tuple[str, ...], Layer]]:
        """Every layer at every depth, with the names of the models that hold it."""
        for layer in self.layers:
            yield (self.name,), layer
            if layer.model is not None:
                for path, inner in layer.model.walk():
                    yield (self.name, *path), inner
