"""The expression IR a Lambda's bytecode is read into: a few frozen records, no behaviour.

An expression is a tree over the Lambda's input tensors. Calls keep both the name the user wrote
(`K.mean`, `tf.nn.relu`) for showing the function back as source, and the canonical operation it
denotes (`mean`, `relu`), or None when migrate does not know the callee; deciding what can be built
from it is the lowering's job (`migrate/translate/lambdas.py`), not the reader's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from migrate.lift.callees import operation


@dataclass(frozen=True)
class Input:
    """The layer's `index`-th input tensor (0 for a Lambda called on one tensor)."""

    index: int


@dataclass(frozen=True)
class Const:
    """A constant: a number, a string, None, or a tuple of constants."""

    value: Any


@dataclass(frozen=True)
class Call:
    """`written(*args, **kwargs)`: `path` is the callee resolved (`keras.backend.mean` for `K.mean`)."""

    written: str
    path: str
    args: tuple[Expr, ...]
    kwargs: tuple[tuple[str, Expr], ...] = ()

    @property
    def op(self) -> str | None:
        """The canonical operation, None for a callee migrate does not know."""
        return operation(self.path)


@dataclass(frozen=True)
class BinOp:
    """`left OP right` with OP one of + - * / // ** % @ (the Python operator as written)."""

    op: str
    left: Expr
    right: Expr


@dataclass(frozen=True)
class UnaryOp:
    """`OP operand` with OP one of - + ~."""

    op: str
    operand: Expr


@dataclass(frozen=True)
class Subscript:
    """`value[index]`: index is a tuple of ints, `slice`s of ints/None, None (newaxis) and Ellipsis."""

    value: Expr
    index: tuple[Any, ...]


@dataclass(frozen=True)
class Sequence:
    """A tuple or list of expressions (what `concatenate` and `stack` take)."""

    items: tuple[Expr, ...]
    kind: str = "list"


Expr = Input | Const | Call | BinOp | UnaryOp | Subscript | Sequence


@dataclass(frozen=True)
class LiftedFunction:
    """A decoded Lambda: its parameters, the expression it returns, and which Python wrote it."""

    params: tuple[str, ...]  # as written; those after the first are read as constants into `body`
    inputs: int  # how many tensors the Lambda is called on (more than one: a list)
    body: Expr
    python: str  # the Pythons whose bytecode reads this way, e.g. '3.6-3.7'
    name: str
