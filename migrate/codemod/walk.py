"""LibCST's read-only walks without the copy: a CSTVisitor sees the same calls, in the same order.

`CSTNode.visit` walks a tree through each node's `_visit_and_replace_children`, which builds a new node
from the visited children even for a visitor that changes nothing (LibCST's own TODO: "provide
traversal where children are not replaced"). Every metadata provider (expression contexts, scopes,
qualified names, parents), every matcher search and the leftover scan is such a read-only walk, and the
copying is most of their cost. `install()` makes a CSTVisitor's walk call `on_visit`, `on_visit_attribute`,
`on_leave_attribute` and `on_leave` exactly as LibCST does, in the order each node class visits its
fields, and build nothing; transformers walk as before.

Each class's field order is read from its own `_visit_and_replace_children` (a `return Node(field=
visit_*(self, "field", self.field, visitor), ...)`); a class whose method has any other shape walks
through LibCST's code, so a LibCST release that changes one keeps its behaviour here.
"""

from __future__ import annotations

import ast
import inspect
import textwrap
from collections.abc import Iterator

import libcst as cst
from libcst import CSTNode, CSTTransformer, CSTVisitor, MaybeSentinel
from libcst._batched_visitor import _BatchedCSTVisitor

# LibCST's helpers that visit one child (None or MaybeSentinel for none) or a sequence of them.
ONE = frozenset({"visit_required", "visit_optional", "visit_sentinel"})
MANY = frozenset({"visit_sequence", "visit_iterable", "visit_body_sequence", "visit_body_iterable"})

Fields = tuple[tuple[str, bool], ...]  # (field, is a sequence) in the order the class visits them

_original_visit = CSTNode.visit
_fields: dict[type, Fields | None] = {}
_visitors: dict[type, bool] = {}
_listening: dict[type, bool] = {}  # a visitor's class -> whether it does anything at fields


def fields_of(cls: type) -> Fields | None:
    """The fields `cls._visit_and_replace_children` visits, in order; None when it is not the plain shape."""
    if cls not in _fields:
        _fields[cls] = _read_fields(cls)
    return _fields[cls]


def _read_fields(cls: type) -> Fields | None:
    method = cls._visit_and_replace_children
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(method)))
    except (OSError, TypeError, SyntaxError):
        return None
    body = tree.body[0].body if tree.body and isinstance(tree.body[0], ast.FunctionDef) else []
    body = [s for s in body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
    if len(body) != 1 or not isinstance(body[0], ast.Return):
        return None
    built = body[0].value
    if ast.unparse(built) == "self":
        return ()  # a leaf: whitespace, a comment, a newline
    if not isinstance(built, ast.Call) or built.args or ast.unparse(built.func) not in (cls.__name__, "self.__class__"):
        return None
    found: list[tuple[str, bool]] = []
    for keyword in built.keywords:
        value = keyword.value
        if ast.unparse(value) == f"self.{keyword.arg}":
            continue  # a plain value (a name's text, an operator's spelling): nothing to visit
        if not (isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in ONE | MANY
                and len(value.args) == 4 and not value.keywords and ast.unparse(value.args[0]) == "self"
                and isinstance(value.args[1], ast.Constant) and value.args[1].value == keyword.arg
                and ast.unparse(value.args[2]) == f"self.{keyword.arg}" and ast.unparse(value.args[3]) == "visitor"):
            return None
        found.append((keyword.arg, value.func.id in MANY))
    return tuple(found)


def _walk(node: CSTNode, visitor: CSTVisitor) -> None:
    if visitor.on_visit(node):
        fields = _fields[type(node)] if type(node) in _fields else fields_of(type(node))
        if fields is None:
            node._visit_and_replace_children(visitor)  # LibCST's own walk of this node (its children come back here)
        else:
            for name, many in fields:
                visitor.on_visit_attribute(node, name)
                value = getattr(node, name)
                if many:
                    for child in value:
                        _walk(child, visitor)
                elif value is not None and value is not MaybeSentinel.DEFAULT:
                    _walk(value, visitor)
                visitor.on_leave_attribute(node, name)
    visitor.on_leave(node)


def _walk_nodes(node: CSTNode, visitor: CSTVisitor) -> None:
    """`_walk` for a visitor that does nothing at fields (see `listens_to_fields`)."""
    if visitor.on_visit(node):
        fields = _fields[type(node)] if type(node) in _fields else fields_of(type(node))
        if fields is None:
            node._visit_and_replace_children(visitor)
        else:
            for name, many in fields:
                value = getattr(node, name)
                if many:
                    for child in value:
                        _walk_nodes(child, visitor)
                elif value is not None and value is not MaybeSentinel.DEFAULT:
                    _walk_nodes(value, visitor)
    visitor.on_leave(node)


def listens_to_fields(visitor: CSTVisitor | CSTTransformer) -> bool:
    """Whether a visitor does anything when LibCST enters or leaves a node's field: a `visit_<Node>_<field>`
    or `leave_<Node>_<field>` method other than LibCST's empty ones, or `on_visit_attribute` /
    `on_leave_attribute` of its own. Most do not, and LibCST looks both up at every field of every node."""
    kind = type(visitor)
    if kind is _BatchedCSTVisitor:
        return any(name.count("_") > 1 for name in visitor.visitor_methods)
    own = getattr(visitor, "__dict__", {})
    return _class_listens(kind) or any(name.startswith(("visit_", "leave_", "on_")) for name in own)


def _class_listens(kind: type) -> bool:
    if kind not in _listening:
        base = CSTVisitor if issubclass(kind, CSTVisitor) else CSTTransformer if issubclass(kind, CSTTransformer) else None
        _listening[kind] = base is None or any(
            getattr(kind, name) is not getattr(base, name, None) for name in dir(kind)
            if name in ("on_visit_attribute", "on_leave_attribute")
            or (name.startswith(("visit_", "leave_")) and name.count("_") > 1))
    return _listening[kind]


def quiet_fields(transformer: CSTTransformer) -> None:
    """Spare a transformer that does nothing at fields (`listens_to_fields`) LibCST's two method lookups
    at each field of each node."""
    if not listens_to_fields(transformer):
        transformer.on_visit_attribute = transformer.on_leave_attribute = _nothing


def _nothing(node: CSTNode, attribute: str) -> None:
    return None


def nodes(tree: CSTNode) -> Iterator[CSTNode]:
    """Every node of `tree`, itself included, each once (in no particular order)."""
    pending = [tree]
    while pending:
        node = pending.pop()
        yield node
        fields = _fields[type(node)] if type(node) in _fields else fields_of(type(node))
        if fields is None:
            pending.extend(node.children)
            continue
        for name, many in fields:
            value = getattr(node, name)
            if many:
                pending.extend(value)
            elif value is not None and value is not MaybeSentinel.DEFAULT:
                pending.append(value)


def _visit(self: CSTNode, visitor: cst.CSTVisitorT):
    kind = type(visitor)
    read_only = _visitors.get(kind)
    if read_only is None:
        read_only = _visitors[kind] = isinstance(visitor, CSTVisitor)
    if not read_only:
        return _original_visit(self, visitor)
    if kind is _BatchedCSTVisitor and _only_at(visitor, self):
        visitor.on_visit(self)  # the rest of the walk would call nothing
        visitor.on_leave(self)
    elif listens_to_fields(visitor):
        _walk(self, visitor)
    else:
        _walk_nodes(self, visitor)
    return self


def _only_at(batched: _BatchedCSTVisitor, node: CSTNode) -> bool:
    """Whether a batched walk has methods for `node`'s own visit and leave only: LibCST's providers of
    scopes, qualified names, parents and expression contexts do their work in `visit_Module`, each with a
    walk of its own, and the batched walk that calls them finds nothing else to call below the module."""
    own = (f"visit_{type(node).__name__}", f"leave_{type(node).__name__}")
    return batched.before_visit is None and batched.after_leave is None and all(
        name in own for name in batched.visitor_methods)


def install() -> None:
    """Walk read-only visitors without copying the tree (idempotent)."""
    CSTNode.visit = _visit
