"""Values no weight shape holds (an activation, a rate), read from the code that passes them in.

A method's `self.act` was set in `__init__` from a parameter; the class is instantiated somewhere in the
tree with that argument, often a module-level constant of a settings file (`ACTIVATION = 'tanh'` in
`parameters.py`). A builder function's parameter likewise. Only literals are taken: a value computed at
run time stays a hole, for `--set`.
"""

from __future__ import annotations

import ast
from typing import Any

import libcst as cst
import libcst.matchers as m

from migrate.codemod.syntax import code
from migrate.recover.slicing import Hole, Site
from migrate.recover.sources import CodeUnit

NOT_FOUND = object()


def module_literals(units: list[CodeUnit]) -> dict[str, Any]:
    """`NAME = <literal>` at module level across the tree; a name given different values is left out."""
    found: dict[str, Any] = {}
    clashing: set[str] = set()
    for unit in units:
        for statement in unit.module.body:
            for name, value in _bound_literals(statement):
                if name in found and found[name] != value:
                    clashing.add(name)
                found[name] = value
    return {name: value for name, value in found.items() if name not in clashing}


def _bound_literals(statement: cst.BaseStatement) -> list[tuple[str, Any]]:
    """The literals one module statement binds: `NAME = 3`, and `rows, cols = 28, 28` element by element."""
    if not m.matches(statement, m.SimpleStatementLine(body=[m.Assign(targets=[m.AssignTarget()])])):
        return []
    target, value = statement.body[0].targets[0].target, literal(statement.body[0].value)
    if value is NOT_FOUND:
        return []
    if isinstance(target, cst.Name):
        return [(target.value, value)]
    names = [element.value for element in target.elements] if isinstance(target, cst.Tuple) else []
    if names and all(isinstance(name, cst.Name) for name in names) and isinstance(value, tuple) \
            and len(value) == len(names):
        return [(name.value, item) for name, item in zip(names, value, strict=True)]
    return []


def literal(node: cst.BaseExpression) -> Any:
    """A node's value when it is a Python literal; NOT_FOUND otherwise."""
    try:
        return ast.literal_eval(code(node))
    except (ValueError, SyntaxError, TypeError, RecursionError):
        return NOT_FOUND


def resolve_hole(hole: Hole, site: Site, units: list[CodeUnit], literals: dict[str, Any]) -> Any:
    """The literal value a hole stands for, followed through `__init__` and the calls that pass it; NOT_FOUND."""
    if hole.text.startswith("self.") and site.owner is not None:
        return _attribute_value(site.owner, hole.text.removeprefix("self."), units, literals)
    if site.functions and "." not in hole.text:
        return _argument_value(site.functions[-1], hole.text, units, literals)
    return NOT_FOUND


def _attribute_value(owner: cst.ClassDef, attribute: str, units: list[CodeUnit], literals: dict[str, Any]) -> Any:
    """`self.attribute = value` in the class's `__init__`: a literal, or the parameter it came from."""
    init = next((s for s in owner.body.body if isinstance(s, cst.FunctionDef) and s.name.value == "__init__"), None)
    if init is None:
        return NOT_FOUND
    setter = m.Assign(targets=[m.AssignTarget(m.Attribute(value=m.Name("self"), attr=m.Name(attribute)))])
    for assign in m.findall(init, setter):
        value = literal(assign.value)
        if value is not NOT_FOUND:
            return value
        if isinstance(assign.value, cst.Name):
            return _argument_value(init, assign.value.value, units, literals, callee=owner.name.value)
    return NOT_FOUND


def _argument_value(function: cst.FunctionDef, parameter: str, units: list[CodeUnit], literals: dict[str, Any],
                    callee: str | None = None) -> Any:
    """The literal every call of `callee` (the function, or the class for `__init__`) passes as `parameter`."""
    names = [p.name.value for p in function.params.params]
    if parameter not in names:
        return NOT_FOUND
    position = names.index(parameter) - (1 if names and names[0] == "self" else 0)
    callee = callee or function.name.value
    calls = m.Call(func=m.Name(callee) | m.Attribute(attr=m.Name(callee)))
    values = {repr(value): value for unit in units for call in m.findall(unit.module, calls)
              if (value := _passed(call, position, parameter, literals)) is not NOT_FOUND}
    return next(iter(values.values())) if len(values) == 1 else NOT_FOUND


def _passed(call: cst.Call, position: int, parameter: str, literals: dict[str, Any]) -> Any:
    """What one call passes for a parameter: a literal, or a module constant's literal."""
    keyword = next((arg for arg in call.args if arg.keyword and arg.keyword.value == parameter), None)
    positional = [arg for arg in call.args if arg.keyword is None and not arg.star]
    arg = keyword or (positional[position] if 0 <= position < len(positional) else None)
    if arg is None:
        return NOT_FOUND
    if isinstance(arg.value, cst.Name):
        return literals.get(arg.value.value, NOT_FOUND)
    return literal(arg.value)


def module_shapes(name: str, site: Site, literals: dict[str, Any]) -> list[tuple[int, ...]]:
    """The shapes a module-level `name = (rows, cols, 1)` binds in the site's file, in every branch (the
    `if K.image_dim_ordering() == 'th'` pair of layouts), each element a literal or a module constant;
    a branch that computes anything else is left out."""
    assign = m.Assign(targets=[m.AssignTarget(m.Name(name))], value=m.Tuple())
    found = []
    for statement in site.unit.module.body:
        if isinstance(statement, cst.FunctionDef | cst.ClassDef):
            continue
        for node in m.findall(statement, assign):
            values = [_element_value(element.value, literals) for element in node.value.elements]
            if values and all(isinstance(value, int) and not isinstance(value, bool) for value in values):
                found.append(tuple(values))
    return list(dict.fromkeys(found))


def _element_value(node: cst.BaseExpression, literals: dict[str, Any]) -> Any:
    """One element of a shape tuple: a literal, or a module constant's literal."""
    if isinstance(node, cst.Name):
        return literals.get(node.value, NOT_FOUND)
    return literal(node)


def called_value(function: cst.FunctionDef, parameter: str, units: list[CodeUnit], literals: dict[str, Any]) -> Any:
    """The literal every call of a builder function in the tree that passes `parameter` passes; NOT_FOUND."""
    return _argument_value(function, parameter, units, literals)
