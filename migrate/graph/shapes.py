"""Output shapes of a Graph, inferred from configs alone so that inspect never needs Keras.

Table-driven: each layer class maps to a function of (config, input shapes). A class not in the
table, or any unknown input, yields None: inspect shows '?' rather than a guess.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from migrate.errors import MigrateError
from migrate.graph.build import batch_shape
from migrate.graph.model import Graph, Layer, TensorRef
from migrate.lift import read_lambda
from migrate.translate.lambdas import lower

Shape = tuple[int | None, ...]
ShapeFn = Callable[[dict[str, Any], list[Shape]], Shape | list[Shape] | None]

_SAME = """Activation Dropout BatchNormalization LeakyReLU PReLU ELU ReLU Softmax ThresholdedReLU GaussianNoise
GaussianDropout AlphaDropout SpatialDropout1D SpatialDropout2D SpatialDropout3D Masking ActivityRegularization
LayerNormalization UnitNormalization Identity""".split()
_MERGE_SAME = "Add Subtract Multiply Average Maximum Minimum".split()


def output_shapes(graph: Graph) -> list[Shape | None]:
    """The shape of each of `graph`'s outputs (batch dimension first), None where unknown."""
    memo: dict[tuple[str, int], list[Shape] | None] = {}
    return [_tensor(graph, ref, memo) for ref in graph.outputs]


def tensor_shapes(graph: Graph, refs: list[TensorRef] | tuple[TensorRef, ...]) -> list[Shape | None]:
    """The shape of each tensor `refs` names (batch dimension first), None where unknown."""
    memo: dict[tuple[str, int], list[Shape] | None] = {}
    return [_tensor(graph, ref, memo) for ref in refs]


def _tensor(graph: Graph, ref: TensorRef, memo: dict[tuple[str, int], list[Shape] | None]) -> Shape | None:
    _resolve(graph, (ref.layer, ref.call), memo)
    shapes = memo[(ref.layer, ref.call)]
    return shapes[ref.tensor] if shapes is not None and ref.tensor < len(shapes) else None


def _resolve(graph: Graph, target: tuple[str, int], memo: dict[tuple[str, int], list[Shape] | None]) -> None:
    """Fill memo for `target` and everything it reads, without recursion (graphs can be 10,000 deep)."""
    stack, pending = [target], {target}
    while stack:
        key = stack[-1]
        layer = graph.layer(key[0])
        reads = [] if layer.class_name == "InputLayer" or key[1] >= len(layer.calls) else layer.calls[key[1]]
        missing = [(r.layer, r.call) for r in reads if (r.layer, r.call) not in memo and (r.layer, r.call) not in pending]
        if missing:
            stack.extend(missing)
            pending.update(missing)
            continue
        stack.pop()
        pending.discard(key)
        memo[key] = _call_shapes(layer, key[1], reads, memo)


def _call_shapes(layer: Layer, call: int, reads: tuple[TensorRef, ...] | list[TensorRef],
                 memo: dict[tuple[str, int], list[Shape] | None]) -> list[Shape] | None:
    if layer.class_name == "InputLayer":
        shape = batch_shape(layer.config)
        return [tuple(shape)] if shape else None
    if call >= len(layer.calls):
        return None
    inputs = []
    for ref in reads:
        shapes = memo.get((ref.layer, ref.call))
        if shapes is None or ref.tensor >= len(shapes):
            return None
        inputs.append(shapes[ref.tensor])
    return _apply(layer, inputs)


def _apply(layer: Layer, inputs: list[Shape]) -> list[Shape] | None:
    if layer.model is not None:
        shapes = output_shapes(layer.model)
        return None if any(s is None for s in shapes) else shapes
    fn = _TABLE.get(layer.class_name)
    if fn is None:
        return None
    try:
        out = fn(layer.config, inputs)
    except (KeyError, TypeError, ValueError, IndexError, ZeroDivisionError):
        return None
    if out is None:
        return None
    return out if isinstance(out, list) else [out]


def _dense(config: dict[str, Any], inputs: list[Shape]) -> Shape:
    return (*inputs[0][:-1], config.get("units", config.get("output_dim")))


def _flatten(config: dict[str, Any], inputs: list[Shape]) -> Shape:
    rest = inputs[0][1:]
    return (inputs[0][0], None if None in rest else math.prod(rest))


def _reshape(config: dict[str, Any], inputs: list[Shape]) -> Shape:
    target = list(config["target_shape"])
    if -1 in target:
        known = math.prod(d for d in target if d != -1)
        total = None if None in inputs[0][1:] else math.prod(inputs[0][1:])
        target[target.index(-1)] = None if total is None else total // known
    return (inputs[0][0], *target)


def _embedding(config: dict[str, Any], inputs: list[Shape]) -> Shape:
    return (*inputs[0], config["output_dim"])


def _recurrent(config: dict[str, Any], inputs: list[Shape]) -> Shape | list[Shape]:
    batch, steps = inputs[0][0], inputs[0][1]
    units = config.get("units", config.get("output_dim"))
    out = (batch, steps, units) if config.get("return_sequences") else (batch, units)
    if not config.get("return_state"):
        return out
    return [out, (batch, units), (batch, units)]


def _spatial(config: dict[str, Any], inputs: list[Shape], *, kernel_key: str, filters: int | None) -> Shape:
    """Convolutions and poolings: each spatial dim from size, window, stride, padding, dilation."""
    shape = inputs[0]
    first = config.get("data_format") == "channels_first"
    spatial = shape[2:] if first else shape[1:-1]
    rank = len(spatial)
    window = _tuple(config[kernel_key], rank)
    strides = _tuple(config.get("strides") or config[kernel_key], rank)
    dilation = _tuple(config.get("dilation_rate", 1), rank)
    padding = config.get("padding", "valid")
    dims = tuple(_conv_length(n, w, s, d, padding) for n, w, s, d in zip(spatial, window, strides, dilation, strict=False))
    channels = filters if filters is not None else (shape[1] if first else shape[-1])
    return (shape[0], channels, *dims) if first else (shape[0], *dims, channels)


def _conv_length(size: int | None, window: int, stride: int, dilation: int, padding: str) -> int | None:
    if size is None:
        return None
    span = (window - 1) * dilation + 1
    if padding == "same":
        return -(-size // stride)
    return (size - span) // stride + 1


def _tuple(value: Any, rank: int) -> tuple[int, ...]:
    return tuple(value) if isinstance(value, list) else (int(value),) * rank


def _conv(config: dict[str, Any], inputs: list[Shape]) -> Shape:
    return _spatial(config, inputs, kernel_key="kernel_size", filters=config["filters"])


def _pool(config: dict[str, Any], inputs: list[Shape]) -> Shape:
    return _spatial(config, inputs, kernel_key="pool_size", filters=None)


def _global_pool(config: dict[str, Any], inputs: list[Shape]) -> Shape:
    shape = inputs[0]
    channels = shape[1] if config.get("data_format") == "channels_first" else shape[-1]
    return (shape[0], channels)


def _concatenate(config: dict[str, Any], inputs: list[Shape]) -> Shape:
    axis = config.get("axis", -1)
    out = list(inputs[0])
    sizes = [shape[axis] for shape in inputs]
    out[axis] = None if None in sizes else sum(sizes)
    return tuple(out)


def _keras1_merge(config: dict[str, Any], inputs: list[Shape]) -> Shape | None:
    """Keras 1 Merge: elementwise modes keep the shape, concat joins on concat_axis, dot of two
    vectors gives one value per sample; other modes (cos, a user function) are left unknown."""
    mode = config.get("mode")
    if mode in ("sum", "mul", "ave", "max"):
        return inputs[0]
    if mode == "concat":
        return _concatenate({"axis": config.get("concat_axis", -1)}, inputs)
    if mode == "dot" and all(len(shape) == 2 for shape in inputs):
        return (inputs[0][0], 1)
    return None


def _repeat(config: dict[str, Any], inputs: list[Shape]) -> Shape:
    return (inputs[0][0], config["n"], inputs[0][1])


def _bidirectional(config: dict[str, Any], inputs: list[Shape]) -> Shape | None:
    inner = config["layer"]
    shape = _recurrent(inner["config"], inputs)
    if isinstance(shape, list):
        return None
    if config.get("merge_mode", "concat") == "concat":
        return (*shape[:-1], shape[-1] * 2)
    return shape


def _time_distributed(config: dict[str, Any], inputs: list[Shape]) -> Shape | None:
    inner = config["layer"]
    fn = _TABLE.get(inner.get("class_name"))
    if fn is None:
        return None
    shape = inputs[0]
    out = fn(inner["config"], [(shape[0], *shape[2:])])
    return None if isinstance(out, list) or out is None else (shape[0], shape[1], *out[1:])


def _same(config: dict[str, Any], inputs: list[Shape]) -> Shape:
    return inputs[0]


def _lambda(config: dict[str, Any], inputs: list[Shape]) -> Shape | None:
    """The declared output shape, else the shape of what the Lambda lifts to (read as data, never run)."""
    declared = config.get("output_shape")
    if isinstance(declared, list) and all(d is None or isinstance(d, int) for d in declared):
        return (inputs[0][0], *declared)
    reading = read_lambda(config, len(inputs))
    if reading.function is None:
        return None
    try:
        return lower(reading.function, inputs).output.shape
    except MigrateError:
        return None


_TABLE: dict[str, ShapeFn] = {
    **{name: _same for name in _SAME + _MERGE_SAME},
    "Dense": _dense, "Flatten": _flatten, "Reshape": _reshape, "Embedding": _embedding,
    "LSTM": _recurrent, "GRU": _recurrent, "SimpleRNN": _recurrent, "CuDNNLSTM": _recurrent, "CuDNNGRU": _recurrent,
    "Conv1D": _conv, "Conv2D": _conv, "Conv3D": _conv, "SeparableConv2D": _conv, "SeparableConv1D": _conv,
    "MaxPooling1D": _pool, "MaxPooling2D": _pool, "MaxPooling3D": _pool,
    "AveragePooling1D": _pool, "AveragePooling2D": _pool, "AveragePooling3D": _pool,
    "GlobalAveragePooling1D": _global_pool, "GlobalAveragePooling2D": _global_pool,
    "GlobalMaxPooling1D": _global_pool, "GlobalMaxPooling2D": _global_pool,
    "Concatenate": _concatenate, "RepeatVector": _repeat, "Bidirectional": _bidirectional,
    "TimeDistributed": _time_distributed, "Lambda": _lambda, "Merge": _keras1_merge,
}
