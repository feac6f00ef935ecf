"""LibCST's read-only walks without the copy: a CSTVisitor sees the same calls, in the same order.

`CSTNode.visit` walks a tree through each node's `_visit_and_replace_children`, which builds a new node
from the visited children even for a visitor that changes nothing (LibCST's own TODO: "provide
traversal where children are not replaced"). Every metadata provider (expression contexts, scopes,
qualified names, parents), every matcher search and the leftover scan is such a read-only walk, and the
copying is most of their cost. `install()` makes a CSTVisitor's walk call `on_visit`, `on_visit_attribute`,
`on_leave_attribute` and `on_leave` exactly as LibCST does, in the order each node class visits its
fields, and build nothing; transformers walk as before.

Each class's field order is read from its own `_visit_and_replace_children` (a `return Node(field=
visit_*(self, "field", self.field, visitor), ...)`, with the two conditional fields LibCST writes: an
import's names, one node or a sequence, and an f-string's format spec, a sequence or None); a class whose
method has any other shape walks through LibCST's code, so a LibCST release that changes one keeps its
behaviour here.

`unchanged_by(tree, transformer)` walks a transformer the same way, read-only, to learn whether its
real (copying) pass would change anything: see its docstring.
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

# How a field is visited: one node (None or MaybeSentinel for none), a sequence, either (a sequence unless
# the value is a node: an import's names or its star), or a sequence that may be None (then not visited).
ONE_NODE, SEQUENCE, EITHER, SEQUENCE_OR_NONE = 0, 1, 2, 3
Fields = tuple[tuple[str, int], ...]  # (field, how it is visited) in the order the class visits them

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
    aliases = {}  # `names = self.names` before the return: a local that stands for a field
    while body and isinstance(body[0], ast.Assign) and len(body[0].targets) == 1 and \
            isinstance(body[0].targets[0], ast.Name) and ast.unparse(body[0].value) == f"self.{body[0].targets[0].id}":
        aliases[body[0].targets[0].id] = body[0].value
        body = body[1:]
    if len(body) != 1 or not isinstance(body[0], ast.Return):
        return None
    built = body[0].value
    if ast.unparse(built) == "self":
        return ()  # a leaf: whitespace, a comment, a newline
    if not isinstance(built, ast.Call) or built.args or ast.unparse(built.func) not in (cls.__name__, "self.__class__"):
        return None
    found: list[tuple[str, int]] = []
    for keyword in built.keywords:
        value = keyword.value
        if ast.unparse(value) == f"self.{keyword.arg}":
            continue  # a plain value (a name's text, an operator's spelling): nothing to visit
        kind = _field_kind(keyword.arg, value, aliases)
        if kind is None:
            return None
        found.append((keyword.arg, kind))
    return tuple(found)


def _field_kind(field: str, value: ast.expr, aliases: dict[str, ast.expr]) -> int | None:
    """How the expression LibCST builds `field` from visits it (see ONE_NODE...); None: another shape."""
    helper = _helper(field, value, aliases)
    if helper is not None:
        return SEQUENCE if helper in MANY else ONE_NODE
    if not isinstance(value, ast.IfExp):
        return None
    body, orelse = _helper(field, value.body, aliases), _helper(field, value.orelse, aliases)
    test = ast.unparse(value.test)
    if body in ONE and orelse in MANY and test.startswith(f"isinstance({field}, ") and field in aliases:
        return EITHER  # `visit_required(...) if isinstance(names, ImportStar) else visit_sequence(...)`
    if body in MANY and ast.unparse(value.orelse) == "None" and test == f"{field} is not None" and field in aliases:
        return SEQUENCE_OR_NONE  # `visit_sequence(...) if format_spec is not None else None`
    return None


def _helper(field: str, value: ast.expr, aliases: dict[str, ast.expr]) -> str | None:
    """The name of LibCST's visit helper when `value` is `visit_*(self, "field", self.field, visitor)`."""
    if not (isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in ONE | MANY
            and len(value.args) == 4 and not value.keywords and ast.unparse(value.args[0]) == "self"
            and isinstance(value.args[1], ast.Constant) and value.args[1].value == field
            and ast.unparse(value.args[3]) == "visitor"):
        return None
    read = ast.unparse(value.args[2])
    if read != f"self.{field}" and not (read == field and field in aliases):
        return None
    return value.func.id


def _kind(kind: int, value: object) -> int | None:
    """ONE_NODE or SEQUENCE for a field's value; None when LibCST would not visit the field at all."""
    if kind == EITHER:
        return ONE_NODE if isinstance(value, CSTNode) else SEQUENCE
    return None if value is None else SEQUENCE


class _Reader:
    """A read-only visitor's callbacks for each node class, looked up once a walk. LibCST's CSTVisitor looks
    `visit_<Node>`, `leave_<Node>` and, at each field, `visit_<Node>_<field>` and `leave_<Node>_<field>` up
    at every node; where the visitor keeps LibCST's on_visit / on_leave / on_visit_attribute /
    on_leave_attribute, the same methods are found here once per node class (and a field whose methods
    are LibCST's empty ones is not called at all). Where it has its own, that is called at every node, as
    LibCST does."""

    def __init__(self, visitor: CSTVisitor) -> None:
        self.visitor = visitor
        kind = type(visitor)
        plain = not any(name.startswith(("visit_", "leave_", "on_")) for name in getattr(visitor, "__dict__", {}))
        self.by_name = plain and kind.on_visit is CSTVisitor.on_visit
        self.leave_by_name = plain and kind.on_leave is CSTVisitor.on_leave
        self.fields_by_name = plain and kind.on_visit_attribute is CSTVisitor.on_visit_attribute and \
            kind.on_leave_attribute is CSTVisitor.on_leave_attribute
        self.methods: dict[type, tuple] = {}

    def of(self, node_class: type) -> tuple:
        """(visit, leave, hooks): hooks None calls on_visit_attribute / on_leave_attribute at every field;
        else {field: (visit, leave)} for the fields with a method of the visitor's own."""
        visitor, name = self.visitor, node_class.__name__
        visit = getattr(visitor, f"visit_{name}", None) if self.by_name else visitor.on_visit
        leave = getattr(visitor, f"leave_{name}", None) if self.leave_by_name else visitor.on_leave
        hooks = None
        if self.fields_by_name:
            hooks = {}
            for field, _ in (fields_of(node_class) or ()):
                hook = tuple(getattr(visitor, f"{when}_{name}_{field}")
                             if getattr(type(visitor), f"{when}_{name}_{field}", None) is not
                             getattr(CSTVisitor, f"{when}_{name}_{field}", None) else None
                             for when in ("visit", "leave"))
                if hook != (None, None):
                    hooks[field] = hook
        found = self.methods[node_class] = (visit, leave, hooks)
        return found


def _walk(node: CSTNode, reader: _Reader) -> None:
    """What LibCST's walk calls on a read-only visitor, in the same order, without building anything."""
    found = reader.methods.get(type(node))
    visit, leave, hooks = found if found is not None else reader.of(type(node))
    if visit is None:
        go = True
    elif reader.by_name:
        go = visit(node) is not False  # CSTVisitor.on_visit: only False skips the children
    else:
        go = visit(node)
    if go:
        fields = _fields[type(node)] if type(node) in _fields else fields_of(type(node))
        if fields is None:
            node._visit_and_replace_children(reader.visitor)  # LibCST's own walk of this node (its children come back here)
        else:
            for name, many in fields:
                value = getattr(node, name)
                if many > SEQUENCE:
                    many = _kind(many, value)
                    if many is None:
                        continue
                hook = None
                if hooks is None:
                    reader.visitor.on_visit_attribute(node, name)
                elif hooks:
                    hook = hooks.get(name)
                    if hook is not None and hook[0] is not None:
                        hook[0](node)
                if many:
                    for child in value:
                        _walk(child, reader)
                elif value is not None and value is not MaybeSentinel.DEFAULT:
                    _walk(value, reader)
                if hooks is None:
                    reader.visitor.on_leave_attribute(node, name)
                elif hook is not None and hook[1] is not None:
                    hook[1](node)
    if leave is not None:
        leave(node)


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
            if many > SEQUENCE:
                many = _kind(many, value)
            if many:
                pending.extend(value)
            elif value is not None and value is not MaybeSentinel.DEFAULT:
                pending.append(value)


class _Changed(Exception):
    """A transformer's leave_ gave back another node than the one it was given."""


def unchanged_by(tree: CSTNode, transformer: CSTTransformer) -> bool:
    """Whether `transformer.visit(tree)` would give back a tree equal to `tree`, learnt by walking it
    read-only: the transformer's callbacks are called as its real pass calls them, in the same order, each
    node given as both the original and the updated node, until a leave_ returns anything else.

    While every leave_ has returned the node it was given, the real pass would have handed the same
    callbacks equal nodes (copies of them: the only difference is that a copy has no metadata, which
    LibCST gives only for original nodes), so the calls made so far are the ones it would make. True: it
    would change nothing, and what the callbacks recorded is what it would record. False: the real pass
    must run, on a fresh transformer (this one has been called part of the way). A node of a shape this
    module cannot walk without copying also gives False."""
    try:
        _dry_walk(tree, transformer, _Callbacks(transformer))
    except _Changed:
        return False
    return True


class _Callbacks:
    """A transformer's visit_ and leave_ method for each node class, looked up once a walk (LibCST looks
    both up at every node); its own on_visit / on_leave, when it overrides LibCST's, at every node."""

    def __init__(self, transformer: CSTTransformer) -> None:
        self.transformer = transformer
        kind = type(transformer)
        own = getattr(transformer, "__dict__", {})
        self.generic = kind.on_visit is not CSTTransformer.on_visit or kind.on_leave is not CSTTransformer.on_leave \
            or any(name.startswith(("visit_", "leave_")) for name in own)
        self.fields = listens_to_fields(transformer)
        self.methods: dict[type, tuple] = {}

    def of(self, node_class: type) -> tuple:
        found = self.methods.get(node_class)
        if found is None:
            if self.generic:
                found = (self.transformer.on_visit, self.transformer.on_leave, True)
            else:
                name = node_class.__name__
                found = (getattr(self.transformer, f"visit_{name}", None),
                         getattr(self.transformer, f"leave_{name}", None), False)
            self.methods[node_class] = found
        return found


def _dry_walk(node: CSTNode, transformer: CSTTransformer, callbacks: _Callbacks) -> None:
    visit, leave, generic = callbacks.of(type(node))
    if generic:
        go = visit(node)
    else:
        go = visit is None or visit(node) is not False
    if go:
        fields = _fields[type(node)] if type(node) in _fields else fields_of(type(node))
        if fields is None:
            raise _Changed  # not walkable without LibCST's copying walk: let the real pass run
        listening = callbacks.fields
        for name, many in fields:
            value = getattr(node, name)
            if many > SEQUENCE:
                many = _kind(many, value)
                if many is None:
                    continue
            if listening:
                transformer.on_visit_attribute(node, name)
            if many:
                for child in value:
                    _dry_walk(child, transformer, callbacks)
            elif value is not None and value is not MaybeSentinel.DEFAULT:
                _dry_walk(value, transformer, callbacks)
            if listening:
                transformer.on_leave_attribute(node, name)
    if leave is not None and leave(node, node) is not node:
        raise _Changed


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
    else:
        _walk(self, _Reader(visitor))
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
