"""Arguments legacy Keras (2.x, tf.keras 1.x/2.x) wrote that Keras 3 no longer takes: one table.

Each row names an argument, the classes it is retired on (None: every layer), the value it had when
it meant nothing, and what becomes of it: dropped when it holds that value (or when no value of it
changes what the layer computes: a kernel choice, an eager-mode flag), renamed or converted where
Keras 3 says the same thing another way, refused where a value meant something Keras 3 cannot say.
Each row was checked against the installed Keras 3 constructors (keras/src/layers/...); arguments
Keras 3 still takes (Conv `groups`, GRU `reset_after`, RNN `unroll`, InputLayer `sparse`/`ragged`,
BatchNormalization `renorm`) have no row and pass through.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from migrate.errors import UnsupportedModelError

ANY = object()  # a row whose every value is dropped: the argument never changed the layer's outputs
RNNS = frozenset({"LSTM", "GRU", "SimpleRNN", "RNN"})
CONV_RNNS = frozenset({"ConvLSTM1D", "ConvLSTM2D", "ConvLSTM3D"})
# Conv subclasses that inherited Conv's `groups` in tf.keras 2.x and wrote groups=1; Keras 3's do not take it.
GROUPLESS_CONVS = frozenset({"DepthwiseConv1D", "DepthwiseConv2D", "SeparableConv1D", "SeparableConv2D",
                             "Conv1DTranspose", "Conv2DTranspose", "Conv3DTranspose"})


def policy_name(value: Any) -> Any:
    """tf.keras mixed precision wrote `dtype` as a policy object, {"class_name": "Policy", "config":
    {"name": "mixed_float16"}}; Keras 3 takes the policy by its name."""
    if isinstance(value, dict) and isinstance(value.get("config"), dict):
        return value["config"].get("name", "float32")
    return value


@dataclass(frozen=True)
class Retired:
    """One retired argument: where, its meaningless value, and its Keras 3 form (`rename`, `convert`)
    when it has one. `why` is what the refusal of another value says."""

    argument: str
    classes: frozenset[str] | None
    default: Any = ANY
    rename: str | None = None
    convert: Callable[[Any], Any] | None = None
    why: str = ""

    def applies_to(self, class_name: str) -> bool:
        return self.classes is None or class_name in self.classes


RETIRED: tuple[Retired, ...] = (
    Retired("groups", GROUPLESS_CONVS, 1, why="grouped depthwise, separable or transposed convolutions"),
    Retired("ragged", None, False, why="ragged tensors inside a model (only InputLayer takes ragged)"),
    Retired("implementation", RNNS | CONV_RNNS),  # which kernel computed the same function
    Retired("time_major", RNNS, False,
            why="time-major (time, batch, features) inputs to a recurrent layer"),
    Retired("unroll", CONV_RNNS),  # graph unrolling: the same function
    Retired("fused", frozenset({"BatchNormalization"})),  # which kernel computed the same function
    Retired("virtual_batch_size", frozenset({"BatchNormalization"}), None,
            why="ghost batch normalisation (training only, but Keras 3 cannot train it that way)"),
    Retired("adjustment", frozenset({"BatchNormalization"}), None, why="a BatchNormalization adjustment function"),
    Retired("dynamic", None),  # tf.keras's eager-only flag for the layer
    Retired("input_length", frozenset({"Embedding"})),  # the graph holds the input's shape
    Retired("dtype", None, rename="dtype", convert=policy_name),
)


def translate(layer: Any, name: str) -> None:
    """Apply every row that fits the layer's class: drop, rename or convert, or refuse a value with a
    meaning Keras 3 has no argument for."""
    config = layer.config
    for row in RETIRED:
        if row.argument not in config or not row.applies_to(layer.class_name):
            continue
        value = config.pop(row.argument)
        if row.rename is not None:
            config[row.rename] = row.convert(value) if row.convert else value
        elif row.default is not ANY and value != row.default:
            raise UnsupportedModelError(
                f"{row.argument}={value!r}: Keras 3 {layer.class_name} has no such argument, and {row.why} "
                "cannot be expressed in Keras 3", layer=name)


def harmless(argument: str) -> bool:
    """Whether an argument Keras 3 does not take can be dropped whatever its value (rebuild asks this
    of arguments no row or constructor knows)."""
    return any(row.argument == argument and row.default is ANY and row.rename is None for row in RETIRED)
