"""LibCST's ExpressionContextProvider without its visitors: the same table, filled by one recursive function.

Scope analysis asks it first (is a name stored, loaded or deleted?), and it was a quarter of a scope analysis:
LibCST's ExpressionContextVisitor starts a new visitor, and a new walk, at every assignment target, attribute,
subscript, parameter and definition name. `install()` makes `ExpressionContextProvider.visit_Module` call
`_walk` instead, which does at each node what the visitor's `visit_<Node>` does there (the same children, in
the same order, with the same context; a node with no such method: its children in LibCST's order, with the
same context), so every node gets the context, in the order, that LibCST's provider gives it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import libcst as cst
from libcst import CSTNode, MaybeSentinel
from libcst.metadata.expression_context_provider import ExpressionContext, ExpressionContextProvider

from migrate.codemod.walk import SEQUENCE, WHITESPACE, _fields, _kind, fields_of

LOAD, STORE, DEL = ExpressionContext.LOAD, ExpressionContext.STORE, ExpressionContext.DEL
Table = dict[CSTNode, ExpressionContext]


def _children(node: CSTNode, context: ExpressionContext, table: Table) -> None:
    """A node without a method of the visitor's: its children, in the order LibCST visits them."""
    fields = _fields[type(node)] if type(node) in _fields else fields_of(type(node))
    if fields is None:
        for child in node.children:
            _walk(child, context, table)
        return
    for name, many in fields:
        value = getattr(node, name)
        if many > SEQUENCE:
            many = _kind(many, value)
            if many is None:
                continue
        if many:
            for child in value:
                if type(child) not in WHITESPACE:
                    _walk(child, context, table)
        elif value is not None and value is not MaybeSentinel.DEFAULT and type(value) not in WHITESPACE:
            _walk(value, context, table)


def _walk(node: CSTNode, context: ExpressionContext, table: Table) -> None:
    """What `node.visit(ExpressionContextVisitor(provider, context))` records in `table`."""
    special = _SPECIAL.get(type(node))
    if special is None:
        _children(node, context, table)
    else:
        special(node, context, table)


def _name(node: cst.Name, context: ExpressionContext, table: Table) -> None:
    table[node] = context


def _assign(node: cst.Assign, context: ExpressionContext, table: Table) -> None:
    for target in node.targets:
        _walk(target, STORE, table)
    _walk(node.value, context, table)


def _ann_assign(node: cst.AnnAssign, context: ExpressionContext, table: Table) -> None:
    _walk(node.target, STORE, table)
    _walk(node.annotation, context, table)
    if node.value:
        _walk(node.value, context, table)


def _target_value(node: cst.AugAssign | cst.NamedExpr, context: ExpressionContext, table: Table) -> None:
    _walk(node.target, STORE, table)
    _walk(node.value, context, table)


def _as_name(node: cst.AsName, context: ExpressionContext, table: Table) -> None:
    _walk(node.name, STORE, table)


def _comp_for(node: cst.CompFor, context: ExpressionContext, table: Table) -> None:
    _walk(node.target, STORE, table)
    _walk(node.iter, context, table)
    for condition in node.ifs:
        _walk(condition, context, table)
    if node.inner_for_in:
        _walk(node.inner_for_in, context, table)


def _for(node: cst.For, context: ExpressionContext, table: Table) -> None:
    _walk(node.target, STORE, table)
    _walk(node.iter, context, table)
    _walk(node.body, context, table)
    if node.orelse:
        _walk(node.orelse, context, table)


def _del(node: cst.Del, context: ExpressionContext, table: Table) -> None:
    _walk(node.target, DEL, table)


def _attribute(node: cst.Attribute, context: ExpressionContext, table: Table) -> None:
    table[node] = context
    _walk(node.value, LOAD, table)  # (not the attribute's name: it has no context)


def _subscript(node: cst.Subscript, context: ExpressionContext, table: Table) -> None:
    table[node] = context
    _walk(node.value, LOAD, table)
    if isinstance(node.slice, Sequence):
        for element in node.slice:
            _walk(element, LOAD, table)
    else:
        _walk(node.slice, LOAD, table)


def _container(node: cst.Tuple | cst.List | cst.StarredElement, context: ExpressionContext, table: Table) -> None:
    table[node] = context
    _children(node, context, table)


def _class_def(node: cst.ClassDef, context: ExpressionContext, table: Table) -> None:
    _walk(node.name, STORE, table)
    _walk(node.body, context, table)
    for each in (*node.bases, *node.keywords, *node.decorators):
        _walk(each, context, table)


def _function_def(node: cst.FunctionDef, context: ExpressionContext, table: Table) -> None:
    _walk(node.name, STORE, table)
    _walk(node.params, context, table)
    _walk(node.body, context, table)
    for decorator in node.decorators:
        _walk(decorator, context, table)
    if node.returns:
        _walk(node.returns, context, table)


def _param(node: cst.Param, context: ExpressionContext, table: Table) -> None:
    _walk(node.name, STORE, table)
    if node.annotation:
        _walk(node.annotation, context, table)
    if node.default:
        _walk(node.default, context, table)


# ExpressionContextVisitor's visit_<Node> methods, as functions of (node, context, table).
_SPECIAL: dict[type, Callable[[CSTNode, ExpressionContext, Table], None]] = {
    cst.Assign: _assign, cst.AnnAssign: _ann_assign, cst.AugAssign: _target_value, cst.NamedExpr: _target_value,
    cst.Name: _name, cst.AsName: _as_name, cst.CompFor: _comp_for, cst.For: _for, cst.Del: _del,
    cst.Attribute: _attribute, cst.Subscript: _subscript, cst.Tuple: _container, cst.List: _container,
    cst.StarredElement: _container, cst.ClassDef: _class_def, cst.FunctionDef: _function_def, cst.Param: _param,
}


def _visit_module(self: ExpressionContextProvider, node: cst.Module) -> None:
    _walk(node, LOAD, self._computed)  # set_metadata, for every node the visitor would set


# LibCST's batched walk finds a provider's methods by their __name__ (BatchableCSTVisitor.get_visitors): under
# another name this one would never be called, and every name would be left without a context (scope analysis then
# records no `x = ...` as an assignment: a local that shadows an import reads as the import).
_visit_module.__name__ = "visit_Module"


def install() -> None:
    """ExpressionContextProvider fills its table with `_walk` (idempotent)."""
    ExpressionContextProvider.visit_Module = _visit_module
