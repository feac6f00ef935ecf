"""Recognise `multi_gpu_model` wrappers by their shape and peel them off, however deeply nested.

A wrapper level is a functional model made of exactly:
- its input layers, one per template input;
- P slicer Lambdas per input (P >= 2), each reading that input, with arguments index 0..P-1 of P;
- one nested model, called P times, call j reading the index-j slice of every input, in order;
- one merge per template output: Concatenate(axis=0), or Keras 1's Merge(mode='concat',
  concat_axis=0), reading that output of all P calls in order; these are the wrapper's outputs.
Layer names are never consulted: users renamed layers, and Keras' own names shifted by version.
The nested model is the next level, or the template when it is not itself a wrapper.
"""

from __future__ import annotations

from dataclasses import dataclass

from migrate.graph import Graph, Layer, TensorRef
from migrate.unwrap.lambdas import slice_arguments


@dataclass(frozen=True)
class WrapperLevel:
    """One wrapper level: its model's name, the replica count, and its own layers."""

    model_name: str
    replicas: int
    replica_layer: str
    slicers: tuple[str, ...]
    mergers: tuple[str, ...]


@dataclass(frozen=True)
class Unwrapped:
    """The levels peeled off (outermost first) and the template left inside them.

    `weights_group` is the top-level layer whose weight group holds the template's weights (the
    outermost replica layer), or None for a plain model, whose weights sit one group per layer.
    """

    levels: tuple[WrapperLevel, ...]
    template: Graph
    weights_group: str | None
    slicer_paths: frozenset[tuple[tuple[str, ...], str]]

    @property
    def depth(self) -> int:
        return len(self.levels)

    @property
    def replicas(self) -> list[int]:
        return [level.replicas for level in self.levels]


def unwrap(graph: Graph) -> Unwrapped:
    """Peel every wrapper level off `graph`; a plain model comes back with no levels."""
    levels: list[WrapperLevel] = []
    slicer_paths: set[tuple[tuple[str, ...], str]] = set()
    path: tuple[str, ...] = ()
    current = graph
    while (level := detect_level(current)) is not None:
        levels.append(level)
        path = (*path, current.name)
        slicer_paths.update((path, name) for name in level.slicers)
        current = current.layer(level.replica_layer).model
    return Unwrapped(tuple(levels), current, levels[0].replica_layer if levels else None, frozenset(slicer_paths))


def detect_level(graph: Graph) -> WrapperLevel | None:
    """The wrapper level `graph` is, or None when it is anything else."""
    inputs = [ref.layer for ref in graph.inputs]
    replica_layers = [layer for layer in graph.layers if layer.model is not None]
    if len(replica_layers) != 1 or len(set(inputs)) != len(inputs):
        return None
    replica = replica_layers[0]
    parts = len(replica.calls)
    slicers = _slicers_by_index(graph, inputs, parts)
    if parts < 2 or slicers is None:
        return None
    expected_calls = [tuple(TensorRef(slicers[j][k], 0, 0) for k in range(len(inputs))) for j in range(parts)]
    if replica.calls != expected_calls:
        return None
    mergers = _mergers(graph, replica, parts)
    if mergers is None:
        return None
    accounted = set(inputs) | {name for row in slicers for name in row} | {replica.name} | set(mergers)
    if accounted != {layer.name for layer in graph.layers}:
        return None
    return WrapperLevel(graph.name, parts, replica.name, tuple(n for row in slicers for n in row), tuple(mergers))


def _slicers_by_index(graph: Graph, inputs: list[str], parts: int) -> list[list[str]] | None:
    """slicers[j][k]: the Lambda taking slice j of input k; None unless every one exists exactly once."""
    table: dict[tuple[int, int], str] = {}
    for layer in graph.layers:
        if layer.class_name != "Lambda":
            continue
        found = slice_arguments(layer.config)
        if found is None or found[1] != parts or len(layer.calls) != 1 or len(layer.calls[0]) != 1:
            return None
        source = layer.calls[0][0]
        if source.layer not in inputs or source.call != 0 or source.tensor != 0:
            return None
        key = (found[0], inputs.index(source.layer))
        if key in table:
            return None
        table[key] = layer.name
    if len(table) != parts * len(inputs):
        return None
    return [[table[(j, k)] for k in range(len(inputs))] for j in range(parts)]


def _mergers(graph: Graph, replica: Layer, parts: int) -> list[str] | None:
    """The merge layer of each template output, in output order; None unless they are exactly that."""
    names = []
    for tensor, ref in enumerate(graph.outputs):
        layer = graph.layer(ref.layer)
        expected = tuple(TensorRef(replica.name, j, tensor) for j in range(parts))
        if not is_batch_concat(layer) or ref.call != 0 or layer.calls != [expected]:
            return None
        names.append(layer.name)
    return names


def is_batch_concat(layer: Layer) -> bool:
    """Concatenate(axis=0) of Keras 2, or Merge(mode='concat', concat_axis=0) of Keras 1."""
    if layer.class_name == "Concatenate":
        return layer.config.get("axis") == 0
    if layer.class_name == "Merge":
        return layer.config.get("mode") == "concat" and layer.config.get("concat_axis") == 0
    return False
