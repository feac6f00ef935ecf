"""An expression read from bytecode, written back as Python source: what the user sees in inspect,
in convert's refusal and in the `<stem>_lambdas.py` file it leaves for review."""

from __future__ import annotations

from typing import Any

from migrate.lift.ir import BinOp, Call, Const, Expr, Input, LiftedFunction, Sequence, Subscript, UnaryOp

_PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2, "//": 2, "%": 2, "@": 2, "**": 4}
_UNARY_PRECEDENCE = 3


def function_source(function: LiftedFunction) -> str:
    """`lambda x: x / 255.0 - 0.5`, with the parameters the function was written with."""
    params = function.params or ("x",)
    return f"lambda {', '.join(params)}: {expression_source(function.body, params[0], function.inputs)}"


def expression_source(expr: Expr, param: str = "x", inputs: int = 1) -> str:
    return _Writer(param, inputs).write(expr)


class _Writer:
    def __init__(self, param: str, inputs: int) -> None:
        self.param = param
        self.inputs = inputs

    def write(self, expr: Expr, outer: int = 0, right: bool = False) -> str:
        if isinstance(expr, Input):
            return self.param if self.inputs == 1 else f"{self.param}[{expr.index}]"
        if isinstance(expr, Const):
            return constant_source(expr.value)
        if isinstance(expr, BinOp):
            own = _PRECEDENCE.get(expr.op, 1)
            text = f"{self.write(expr.left, own)} {expr.op} {self.write(expr.right, own, right=True)}"
            wrap = own < outer or (own == outer and (right or expr.op == "**"))
            return f"({text})" if wrap else text
        if isinstance(expr, UnaryOp):
            text = f"{expr.op}{self.write(expr.operand, _UNARY_PRECEDENCE)}"
            return f"({text})" if outer > _UNARY_PRECEDENCE else text
        if isinstance(expr, Call):
            parts = [self.write(arg) for arg in expr.args] + [f"{key}={self.write(value)}" for key, value in expr.kwargs]
            return f"{expr.written}({', '.join(parts)})"
        if isinstance(expr, Subscript):
            return f"{self.write(expr.value, 9)}[{', '.join(_index_source(item) for item in expr.index)}]"
        if isinstance(expr, Sequence):
            items = ", ".join(self.write(item) for item in expr.items)
            return f"({items}{',' if len(expr.items) == 1 else ''})" if expr.kind == "tuple" else f"[{items}]"
        raise TypeError(f"not an expression: {expr!r}")


def constant_source(value: Any) -> str:
    if isinstance(value, slice):
        return f"slice({value.start!r}, {value.stop!r}, {value.step!r})"
    if value is Ellipsis:
        return "..."
    return repr(value)


def _index_source(item: Any) -> str:
    if isinstance(item, slice):
        text = f"{'' if item.start is None else item.start}:{'' if item.stop is None else item.stop}"
        return text + (f":{item.step}" if item.step is not None else "")
    if item is Ellipsis:
        return "..."
    return repr(item)
