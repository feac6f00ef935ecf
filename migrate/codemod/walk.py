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

`transform(tree, transformer)` walks a transformer the same way and rebuilds only what it changes:
see its docstring.
"""

from __future__ import annotations

import ast
import inspect
import textwrap
from collections.abc import Callable, Iterator, Mapping
from types import FunctionType, MappingProxyType

import libcst as cst
import libcst.matchers._matcher_base as matcher_base
from libcst import CSTNode, CSTTransformer, CSTVisitor, FlattenSentinel, MaybeSentinel, RemovalSentinel
from libcst._batched_visitor import _BatchedCSTVisitor
from libcst._nodes.expression import _BaseParenthesizedNode
from libcst._nodes.internal import CodegenState
from libcst._position import CodePosition, CodeRange
from libcst.metadata.position_provider import NEWLINE_RE, PositionProvider, PositionProvidingCodegenState
from libcst.metadata.scope_provider import _ASSIGNMENT_LIKE_NODES, ScopeVisitor

# LibCST's helpers that visit one child (None or MaybeSentinel for none) or a sequence of them.
ONE = frozenset({"visit_required", "visit_optional", "visit_sentinel"})
MANY = frozenset({"visit_sequence", "visit_iterable", "visit_body_sequence", "visit_body_iterable"})

# How a field is visited: one node (None or MaybeSentinel for none), a sequence, either (a sequence unless
# the value is a node: an import's names or its star), or a sequence that may be None (then not visited).
ONE_NODE, SEQUENCE, EITHER, SEQUENCE_OR_NONE = 0, 1, 2, 3
Fields = tuple[tuple[str, int], ...]  # (field, how it is visited) in the order the class visits them

_original_visit = CSTNode.visit
_fields: dict[type, Fields | None] = {}
_helpers: dict[tuple[type, str], str] = {}  # (class, field) -> the LibCST helper that visits it ("either": see EITHER)
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
        _helpers[cls, keyword.arg] = _helper(keyword.arg, value, aliases) or "either"
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
        if type(value) in (tuple, list):  # the common case, without isinstance's ABC check on CSTNode
            return SEQUENCE
        return ONE_NODE if isinstance(value, CSTNode) else SEQUENCE
    return None if value is None else SEQUENCE


class _Plan:
    """What a read-only walk calls at each node class for visitors of one class, looked up once a process.
    LibCST's CSTVisitor looks `visit_<Node>`, `leave_<Node>` and, at each field, `visit_<Node>_<field>` and
    `leave_<Node>_<field>` up at every node; where a visitor class keeps LibCST's on_visit / on_leave /
    on_visit_attribute / on_leave_attribute, the same functions are found here once per node class (and a
    field whose methods are LibCST's empty ones is not called at all). Where it has its own, that is
    called at every node, as LibCST does; so is everything of a visitor with methods of its own instance's
    (`generic`)."""

    def __init__(self, kind: type, generic: bool = False) -> None:
        self.kind, self.generic = kind, generic
        self.by_name = not generic and kind.on_visit is CSTVisitor.on_visit
        self.leave_by_name = not generic and kind.on_leave is CSTVisitor.on_leave
        self.fields_by_name = not generic and kind.on_visit_attribute is CSTVisitor.on_visit_attribute and \
            kind.on_leave_attribute is CSTVisitor.on_leave_attribute
        self.methods: dict[type, tuple] = {}

    def of(self, node_class: type) -> tuple:
        """(visit, leave, hooks), each called with (visitor, node): hooks None calls on_visit_attribute and
        on_leave_attribute at every field, else {field: (visit, leave)} for the fields with a method of the
        visitor class's own."""
        kind, name = self.kind, node_class.__name__
        visit = _method(kind, f"visit_{name}") if self.by_name else _on_visit
        if self.leave_by_name:
            leave = _method(kind, f"leave_{name}")
        elif not self.generic and kind.on_leave is _scope_on_leave:
            leave = _scope_leave(kind, node_class)
        else:
            leave = _on_leave
        hooks = None
        if self.fields_by_name:
            hooks = {}
            for field, _ in (fields_of(node_class) or ()):
                hook = tuple(_own(kind, f"{when}_{name}_{field}") for when in ("visit", "leave"))
                if hook != (None, None):
                    hooks[field] = hook
        found = self.methods[node_class] = (visit, leave, hooks)
        return found


def _method(kind: type, method: str) -> Callable[[CSTVisitor, CSTNode], object] | None:
    """The class's `method` as a function of (visitor, node), None when it has none."""
    found = getattr(kind, method, None)
    if found is None or isinstance(found, FunctionType):
        return found
    return lambda visitor, node: getattr(visitor, method)(node)  # a static or class method: as LibCST calls it


def _own(kind: type, method: str) -> Callable[[CSTVisitor, CSTNode], object] | None:
    """`_method`, None when it is LibCST's empty one."""
    return _method(kind, method) if getattr(kind, method, None) is not getattr(CSTVisitor, method, None) else None


def _on_visit(visitor: CSTVisitor, node: CSTNode) -> bool:
    return visitor.on_visit(node)


def _on_leave(visitor: CSTVisitor, node: CSTNode) -> None:
    visitor.on_leave(node)


_plans: dict[type, _Plan] = {}


_last_plan: list = [None, None, None]  # the last visitor walked, the names of its attributes then, its plan


def _plan(visitor: CSTVisitor) -> _Plan:
    """The visitor's plan. Scope analysis walks parts of the tree with one visitor, hundreds of times a module
    (`node.visit(self)` in its visit_ methods): the last visitor's plan is kept while its attribute names stay
    the same."""
    own = getattr(visitor, "__dict__", None)
    last, names, plan = _last_plan
    if last is visitor and (own is None or own.keys() == names):
        return plan
    if own is not None and any(name.startswith(("visit_", "leave_", "on_")) for name in own):
        plan = _Plan(type(visitor), generic=True)
    else:
        kind = type(visitor)
        plan = _plans.get(kind)
        if plan is None:
            plan = _plans[kind] = _Plan(kind)
    _last_plan[:] = visitor, (set(own) if own is not None else None), plan
    return plan


def _walk(node: CSTNode, visitor: CSTVisitor, plan: _Plan) -> None:
    """What LibCST's walk calls on a read-only visitor, in the same order, without building anything."""
    found = plan.methods.get(type(node))
    visit, leave, hooks = found if found is not None else plan.of(type(node))
    if visit is None:
        go = True
    elif plan.by_name:
        go = visit(visitor, node) is not False  # CSTVisitor.on_visit: only False skips the children
    else:
        go = visit(visitor, node)
    if go:
        fields = _fields[type(node)] if type(node) in _fields else fields_of(type(node))
        if fields is None:
            node._visit_and_replace_children(visitor)  # LibCST's own walk of this node (its children come back here)
        else:
            for name, many in fields:
                value = getattr(node, name)
                if many > SEQUENCE:
                    many = _kind(many, value)
                    if many is None:
                        continue
                hook = None
                if hooks is None:
                    visitor.on_visit_attribute(node, name)
                elif hooks:
                    hook = hooks.get(name)
                    if hook is not None and hook[0] is not None:
                        hook[0](visitor, node)
                if many:
                    for child in value:
                        _walk(child, visitor, plan)
                elif value is not None and value is not MaybeSentinel.DEFAULT:
                    _walk(value, visitor, plan)
                if hooks is None:
                    visitor.on_leave_attribute(node, name)
                elif hook is not None and hook[1] is not None:
                    hook[1](visitor, node)
    if leave is not None:
        leave(visitor, node)


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


_bits: dict[type, int] = {}  # node class -> its bit in a mask of classes
_below: dict[int, int] = {}  # id(node) -> the mask of the classes in its subtree, itself included
_held: list[CSTNode] = []  # the nodes `_below` has seen, kept alive so that no id is reused while it holds it
HELD_AT_MOST = 2_000_000  # nodes; more (walks outside the engine's files, which forget after each) start afresh


def bit(kind: type) -> int:
    """`kind`'s bit in a mask of node classes (given out as classes are first met)."""
    found = _bits.get(kind)
    if found is None:
        found = _bits[kind] = 1 << len(_bits)
    return found


def classes_below(node: CSTNode) -> int:
    """The classes of `node` and of every node under it, as a mask of `bit`s: a walk whose methods are for
    none of them has nothing to call in that subtree and passes it by. Nodes never change, and a tree's next
    version shares all but the nodes on the way to a change with the one before, so each node's mask is
    worked out once for every rule that walks a file (until `forget_classes`)."""
    found = _below.get(id(node))
    if found is not None:
        return found
    kind = type(node)
    found = _bits[kind] if kind in _bits else bit(kind)
    fields = _fields[kind] if kind in _fields else fields_of(kind)
    if fields is None:
        for child in node.children:
            found |= classes_below(child)
    else:
        for name, many in fields:
            value = getattr(node, name)
            if many > SEQUENCE:
                many = _kind(many, value)
            if many:
                for child in value:
                    found |= classes_below(child)
            elif value is not None and value is not MaybeSentinel.DEFAULT:
                found |= classes_below(value)
    _below[id(node)] = found
    _held.append(node)
    return found


def forget_classes() -> None:
    """Let go of the nodes `classes_below` has seen (the engine calls it after each file)."""
    _below.clear()
    _held.clear()


_interests: dict[type, int] = {}


def _interest(kind: type, own: Callable[[str], Callable | None]) -> int:
    """The mask of the node classes a transformer class has a visit_ or leave_ method for (`own`: the
    method, None where it is LibCST's no-op)."""
    found = _interests.get(kind)
    if found is None:
        found = 0
        for name in dir(kind):
            when, _, node_class = name.partition("_")
            if when in ("visit", "leave") and "_" not in node_class and own(name) is not None:
                node_class = getattr(cst, node_class, None)
                if isinstance(node_class, type) and issubclass(node_class, CSTNode):
                    found |= bit(node_class)
        _interests[kind] = found
    return found


def transform(tree: CSTNode, transformer: CSTTransformer) -> CSTNode | RemovalSentinel | FlattenSentinel:
    """`tree.visit(transformer)`, rebuilding only the nodes on the way from a change to the root.

    The transformer's callbacks are called as in LibCST's pass, in the same order, with the same results
    of its leave_ methods put together as LibCST puts them (a removal, a flattened sequence, an empty
    statement line dropped from a body, the same errors). Where LibCST would rebuild a node whose
    children all came back as they were, the node itself is kept: its `updated` is the original node (a
    copy in LibCST's pass, equal to it), so a rule that changes nothing costs a read-only walk and gives
    back `tree` itself. (A rule reads metadata of original nodes only, as LibCST documents: a copy has
    none.) A node of a shape this module cannot walk goes through LibCST's own pass."""
    result = _transform(tree, transformer, _Callbacks(transformer))
    if isinstance(tree, cst.Module) and isinstance(result, RemovalSentinel):
        return tree.with_changes(body=(), header=(), footer=())  # as Module.visit does
    return result


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
        self.skip: frozenset[type] = frozenset() if self.generic or self.fields else frozenset(
            kind for kind, below in WHITESPACE.items()
            if not any(self._own(f"{when}_{each.__name__}") for each in below for when in ("visit", "leave")))
        # the classes it has methods for: a subtree with none of them is passed by (None: it sees every node)
        self.interest: int | None = None if self.generic or self.fields else _interest(kind, self._own)

    def _own(self, method: str) -> Callable | None:
        """The transformer's `method`, None where it is LibCST's no-op (a visit_ that returns None, a leave_
        that returns the updated node: what a missing method does here)."""
        if getattr(type(self.transformer), method, None) is getattr(CSTTransformer, method, None):
            return None
        return getattr(self.transformer, method, None)

    def of(self, node_class: type) -> tuple:
        found = self.methods.get(node_class)
        if found is None:
            if self.generic:
                found = (self.transformer.on_visit, self.transformer.on_leave, True)
            else:
                name = node_class.__name__
                found = (self._own(f"visit_{name}"), self._own(f"leave_{name}"), False)
            self.methods[node_class] = found
        return found


# Whitespace node classes -> the classes a node of each may hold, itself included (their fields' types: see
# test_walk). Most of a tree's nodes are whitespace (SimpleWhitespace alone is four in ten); a transformer with
# no method for any class below one (and none at fields, no on_visit of its own) passes it by unchanged.
_LINE_PARTS = (cst.SimpleWhitespace, cst.Comment, cst.Newline)
WHITESPACE: dict[type, tuple[type, ...]] = {
    cst.SimpleWhitespace: (cst.SimpleWhitespace,), cst.Comment: (cst.Comment,), cst.Newline: (cst.Newline,),
    cst.TrailingWhitespace: (cst.TrailingWhitespace, *_LINE_PARTS), cst.EmptyLine: (cst.EmptyLine, *_LINE_PARTS),
    cst.ParenthesizedWhitespace: (cst.ParenthesizedWhitespace, cst.TrailingWhitespace, cst.EmptyLine, *_LINE_PARTS),
}


def _transform(node: CSTNode, transformer: CSTTransformer, callbacks: _Callbacks):
    visit, leave, generic = callbacks.of(type(node))
    if generic:
        go = visit(node)
    else:
        go = visit is None or visit(node) is not False
    updated = node
    if go:
        fields = _fields[type(node)] if type(node) in _fields else fields_of(type(node))
        if fields is None:
            updated = node._visit_and_replace_children(transformer)  # LibCST's own pass below this node
        else:
            changes = _transform_fields(node, fields, transformer, callbacks)
            if changes:
                updated = node.with_changes(**changes)  # the class's constructor, as LibCST builds it
    if leave is None:
        return updated
    result = leave(node, updated)
    if result is not updated and not isinstance(result, (CSTNode, RemovalSentinel, FlattenSentinel)):  # (an ABC check: slow)
        raise cst.CSTValidationError("Expected a node of type CSTNode or a RemovalSentinel, "
                                     + f"but got a return value of {type(result).__name__}")
    return result


def _transform_fields(node: CSTNode, fields: Fields, transformer: CSTTransformer, callbacks: _Callbacks) -> dict:
    """The fields of `node` whose value the transformer changed, with their new values."""
    changes = {}
    listening, interest = callbacks.fields, callbacks.interest
    kind = type(node)
    for name, many in fields:
        value = getattr(node, name)
        if many > SEQUENCE:
            many = _kind(many, value)
            if many is None:
                continue
        if listening:
            transformer.on_visit_attribute(node, name)
        if many:
            if value:  # (most sequences are a name's empty parentheses)
                new = _transform_sequence(value, transformer, callbacks, _helpers[kind, name] == "visit_body_sequence")
                if new is not None:
                    changes[name] = new
        elif value is not None and value is not MaybeSentinel.DEFAULT and type(value) not in callbacks.skip and (
                interest is None or classes_below(value) & interest):
            new = _transform(value, transformer, callbacks)
            if new is not value:
                helper = _helpers[kind, name]
                changes[name] = _one(value, new, "visit_required" if helper == "either" else helper)
        if listening:
            transformer.on_leave_attribute(node, name)
    return changes


def _one(child: CSTNode, new: object, helper: str) -> object:
    """What LibCST's visit_required / visit_optional / visit_sentinel make of a child's new value."""
    if isinstance(new, RemovalSentinel) and helper == "visit_required":
        raise TypeError(f"We got a RemovalSentinel while visiting a {type(child).__name__}. This "
                        + "node's parent does not allow it to be removed.")
    if isinstance(new, FlattenSentinel):
        raise TypeError(f"We got a FlattenSentinel while visiting a {type(child).__name__}. This "
                        + "node's parent does not allow for it to be it to be replaced with a sequence.")
    if isinstance(new, RemovalSentinel):
        return None if helper == "visit_optional" else MaybeSentinel.DEFAULT
    return new


def _transform_sequence(children, transformer: CSTTransformer, callbacks: _Callbacks, body: bool) -> tuple | None:
    """A sequence field's new children as LibCST's visit_sequence (visit_body_sequence for a body) makes
    them; None when every child came back as it was."""
    out: list | None = None
    skip, interest = callbacks.skip, callbacks.interest
    for index, child in enumerate(children):
        if type(child) in skip or (interest is not None and not classes_below(child) & interest):
            new = child
        else:
            new = _transform(child, transformer, callbacks)
        if new is child and out is None:
            continue
        if out is None:
            out = list(children[:index])
        if isinstance(new, RemovalSentinel):
            continue
        for each in (new if isinstance(new, FlattenSentinel) else (new,)):
            if body and not child._is_removable() and each._is_removable():
                continue  # a statement line emptied by a removal below it goes too
            out.append(each)
    return tuple(out) if out is not None else None


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
        _walk(self, visitor, _plan(visitor))
    return self


def _only_at(batched: _BatchedCSTVisitor, node: CSTNode) -> bool:
    """Whether a batched walk has methods for `node`'s own visit and leave only: LibCST's providers of
    scopes, qualified names, parents and expression contexts do their work in `visit_Module`, each with a
    walk of its own, and the batched walk that calls them finds nothing else to call below the module."""
    own = (f"visit_{type(node).__name__}", f"leave_{type(node).__name__}")
    return batched.before_visit is None and batched.after_leave is None and all(
        name in own for name in batched.visitor_methods)


_assignment_like: dict[type, bool] = {}
_scope_leaves: dict[tuple[type, type], Callable[[CSTVisitor, CSTNode], object] | None] = {}
_original_scope_on_leave = ScopeVisitor.on_leave


def _scope_leave(kind: type, node_class: type) -> Callable[[ScopeVisitor, CSTNode], None]:
    """`_scope_on_leave` for one class of node, what it looks up done once (what a read-only walk calls)."""
    like = isinstance(node_class, type) and issubclass(node_class, _ASSIGNMENT_LIKE_NODES)
    method = _method(kind, f"leave_{node_class.__name__}")

    def leave(visitor: ScopeVisitor, node: CSTNode) -> None:
        visitor.provider._computed[node] = visitor.scope  # set_metadata
        if like:
            visitor.scope._assignment_count += 1
        if method is not None:
            method(visitor, node)

    return leave


def _scope_on_leave(self: ScopeVisitor, original_node: CSTNode) -> None:
    """LibCST's ScopeVisitor.on_leave, with its isinstance test against a tuple of node classes (abstract ones
    among them: Python's slowest kind of check, at every node of every scope analysis) answered once per node
    class. Whether a node is an instance of those classes depends on its class alone. Its `leave_<Node>`
    method (CSTVisitor.on_leave looks it up by name at every node) is looked up once per class too."""
    self.provider._computed[original_node] = self.scope  # set_metadata
    kind = type(original_node)
    like = _assignment_like.get(kind)
    if like is None:
        like = _assignment_like[kind] = isinstance(original_node, _ASSIGNMENT_LIKE_NODES)
    if like:
        self.scope._assignment_count += 1
    key = (type(self), kind)
    if key in _scope_leaves:
        leave = _scope_leaves[key]
    else:
        leave = _scope_leaves[key] = _method(type(self), f"leave_{kind.__name__}")
    if leave is not None:
        leave(self, original_node)


class _NoPosition:
    """LibCST's CodegenState.record_syntactic_position as a class: a context that does nothing. LibCST's is a
    generator made into a context manager, entered at most nodes each time a module is printed (a third of
    printing's time)."""

    __slots__ = ()

    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> bool:
        return False


_NO_POSITION = _NoPosition()


def _no_position(self: CodegenState, node: CSTNode, *, start_node: CSTNode | None = None,
                 end_node: CSTNode | None = None) -> _NoPosition:
    return _NO_POSITION


class _Position:
    """LibCST's PositionProvidingCodegenState.record_syntactic_position as a class: the node's range from where
    printing stood on entering to where it stands on leaving (or its start or end node's), recorded on leaving
    whether or not printing failed, as LibCST's `finally` does."""

    __slots__ = ("state", "node", "start_node", "end_node", "start")

    def __init__(self, state: PositionProvidingCodegenState, node: CSTNode, start_node: CSTNode | None,
                 end_node: CSTNode | None) -> None:
        self.state, self.node, self.start_node, self.end_node = state, node, start_node, end_node

    def __enter__(self) -> None:
        self.start = CodePosition(self.state.line, self.state.column)

    def __exit__(self, *exc: object) -> bool:
        state = self.state
        computed = state.provider._computed
        start = computed[self.start_node].start if self.start_node is not None else self.start
        end = computed[self.end_node].end if self.end_node is not None else CodePosition(state.line, state.column)
        computed[self.node] = CodeRange(start, end)
        return False


def _position(self: PositionProvidingCodegenState, node: CSTNode, *, start_node: CSTNode | None = None,
              end_node: CSTNode | None = None) -> _Position:
    return _Position(self, node, start_node, end_node)


_original_no_position = CodegenState.record_syntactic_position
_original_position = PositionProvidingCodegenState.record_syntactic_position
_original_parenthesize = _BaseParenthesizedNode._parenthesize
_original_positions = PositionProvider._gen


def install() -> None:
    """Walk read-only visitors without copying the tree, look scope analysis's node kinds up once per class,
    print without generator context managers, keep positions as token counts until read, and search with
    matchers only at the node classes they can match (idempotent)."""
    CSTNode.visit = _visit
    ScopeVisitor.on_leave = _scope_on_leave
    CodegenState.record_syntactic_position = _no_position
    PositionProvidingCodegenState.record_syntactic_position = _position
    _BaseParenthesizedNode._parenthesize = _parenthesize
    PositionProvider._gen = _positions
    matcher_base._find_or_extract_all = _find_or_extract_all


def preorder(tree: CSTNode, wanted: int = -1) -> Iterator[CSTNode]:
    """Every node of `tree`, itself first, in the order a walk visits them (children in field order); with
    `wanted` (a mask of `bit`s), only the subtrees holding a node of one of those classes."""
    pending = [tree]
    every = wanted == -1
    while pending:
        node = pending.pop()
        yield node
        fields = _fields[type(node)] if type(node) in _fields else fields_of(type(node))
        if fields is None:
            pending.extend(child for child in reversed(node.children) if every or classes_below(child) & wanted)
            continue
        children: list[CSTNode] = []
        for name, many in fields:
            value = getattr(node, name)
            if many > SEQUENCE:
                many = _kind(many, value)
            if many:
                if every:
                    children.extend(value)
                else:
                    children.extend(child for child in value if classes_below(child) & wanted)
            elif value is not None and value is not MaybeSentinel.DEFAULT and (every or classes_below(value) & wanted):
                children.append(value)
        children.reverse()
        pending.extend(children)


_original_find_or_extract_all = matcher_base._find_or_extract_all
_matcher_kinds: dict[type, bool] = {}


def _kinds(matcher: object) -> frozenset[str] | None:
    """The node class names a matcher can match when it is a node matcher (`m.Call(...)`) or a OneOf of
    them: LibCST's `_node_matches` answers None for a node of any other class (it compares class names
    first). None for any other matcher (MatchIfTrue, metadata, DoesNotMatch, AllOf...): it may match anything."""
    options = matcher.options if type(matcher) is matcher_base.OneOf else (matcher,)
    names = []
    for option in options:
        kind = type(option)
        plain = _matcher_kinds.get(kind)
        if plain is None:
            node_class = getattr(cst, kind.__name__, None)
            plain = _matcher_kinds[kind] = kind.__module__ == "libcst.matchers" and \
                isinstance(option, matcher_base.BaseMatcherNode) and \
                not isinstance(option, (matcher_base.OneOf, matcher_base.AllOf, matcher_base.TypeOf)) and \
                isinstance(node_class, type) and issubclass(node_class, CSTNode)
        if not plain:
            return None
        names.append(kind.__name__)
    return frozenset(names)


def _find_or_extract_all(tree, matcher, *, metadata_resolver=None):
    """LibCST's `findall` / `extractall` search: the same nodes and captures in the same order, without
    asking the matcher at nodes of a class it cannot match (a search for `m.Call()` over a module asked
    every one of its nodes: most of a rule's `findall` cost)."""
    kinds = _kinds(matcher) if isinstance(tree, CSTNode) and isinstance(matcher, matcher_base.BaseMatcherNode) else None
    if kinds is None:
        return _original_find_or_extract_all(tree, matcher, metadata_resolver=metadata_resolver)
    if metadata_resolver is None:
        fetcher = matcher_base._construct_metadata_fetcher_null()
    elif isinstance(metadata_resolver, cst.MetadataWrapper):
        fetcher = matcher_base._construct_metadata_fetcher_wrapper(metadata_resolver)
    else:
        fetcher = matcher_base._construct_metadata_fetcher_dependent(metadata_resolver)
    found, extracted = [], []
    matches = matcher_base._matches
    if len(_held) > HELD_AT_MOST:
        forget_classes()
    wanted = 0
    for name in kinds:
        wanted |= bit(getattr(cst, name))
    for node in preorder(tree, wanted):
        if type(node).__name__ in kinds:
            match = matches(node, matcher, fetcher)
            if match is not None:
                found.append(node)
                extracted.append(match)
    return found, extracted


class _Parens:
    """LibCST's `_BaseParenthesizedNode._parenthesize` as a class (a generator context manager at every
    expression printed): the left parentheses, the expression inside its syntactic position, then the right
    ones; on an error the position is still recorded and the right parentheses are not printed, as LibCST's."""

    __slots__ = ("node", "state", "position")

    def __init__(self, node: CSTNode, state: CodegenState) -> None:
        self.node, self.state = node, state

    def __enter__(self) -> None:
        for lpar in self.node.lpar:
            lpar._codegen(self.state)
        self.position = self.state.record_syntactic_position(self.node)
        self.position.__enter__()

    def __exit__(self, kind: object, error: object, trace: object) -> bool:
        self.position.__exit__(kind, error, trace)
        if kind is None:
            for rpar in self.node.rpar:
                rpar._codegen(self.state)
        return False


def _parenthesize(self: CSTNode, state: CodegenState) -> _Parens:
    return _Parens(self, state)


class _IndexState(CodegenState):
    """Printing that records where each node starts and ends as counts of tokens printed (what LibCST's
    PositionProvidingCodegenState records as line and column, worked out at every token and kept as two
    CodePositions per node); `_Ranges` turns a count into a line and column when a position is read."""

    __slots__ = ("ranges", "starts")

    def __init__(self, module: cst.Module) -> None:
        super().__init__(default_indent=module.default_indent, default_newline=module.default_newline)
        self.ranges: dict[CSTNode, tuple[int, int]] = {}
        self.starts: list[int] = []

    def before_codegen(self, node: CSTNode) -> None:
        self.starts.append(len(self.tokens))

    def after_codegen(self, node: CSTNode) -> None:
        start = self.starts.pop()
        if node not in self.ranges:  # a syntactic position recorded inside is kept, as LibCST keeps it
            self.ranges[node] = (start, len(self.tokens))

    def pop_trailing_newline(self) -> None:
        """Kept: LibCST's positions count the module's last newline before it is taken off the code."""

    def record_syntactic_position(self, node: CSTNode, *, start_node: CSTNode | None = None,
                                  end_node: CSTNode | None = None) -> _Span:
        return _Span(self, node, start_node, end_node)


class _Span:
    """`_Position` in token counts."""

    __slots__ = ("state", "node", "start_node", "end_node", "start")

    def __init__(self, state: _IndexState, node: CSTNode, start_node: CSTNode | None, end_node: CSTNode | None) -> None:
        self.state, self.node, self.start_node, self.end_node = state, node, start_node, end_node

    def __enter__(self) -> None:
        self.start = len(self.state.tokens)

    def __exit__(self, *exc: object) -> bool:
        ranges = self.state.ranges
        start = ranges[self.start_node][0] if self.start_node is not None else self.start
        end = ranges[self.end_node][1] if self.end_node is not None else len(self.state.tokens)
        ranges[self.node] = (start, end)
        return False


class _Ranges(Mapping):
    """PositionProvider's table: a node's CodeRange, from the token counts, when it is read. Lines and columns
    are worked out token by token as LibCST's `_update_position` does (a token's newlines, `\\r\\n`, `\\r` or
    `\\n`, each start a line; a token without one moves the column)."""

    def __init__(self, ranges: dict[CSTNode, tuple[int, int]], tokens: list[str]) -> None:
        self.ranges, self.tokens = ranges, tokens
        self.lines: list[int] | None = None
        self.columns: list[int] = []

    def _at(self, count: int) -> CodePosition:
        if self.lines is None:
            lines, columns = [1], [0]
            line, column = 1, 0
            for token in self.tokens:
                if "\n" in token or "\r" in token:
                    segments = NEWLINE_RE.split(token)
                    line += len(segments) - 1
                    column = len(segments[-1])
                else:
                    column += len(token)
                lines.append(line)
                columns.append(column)
            self.lines, self.columns = lines, columns
        return CodePosition(self.lines[count], self.columns[count])

    def __getitem__(self, node: CSTNode) -> CodeRange:
        start, end = self.ranges[node]
        return CodeRange(self._at(start), self._at(end))

    def __contains__(self, node: object) -> bool:
        return node in self.ranges

    def __iter__(self) -> Iterator[CSTNode]:
        return iter(self.ranges)

    def __len__(self) -> int:
        return len(self.ranges)


def _positions(self: PositionProvider, wrapper: cst.MetadataWrapper) -> Mapping[CSTNode, CodeRange]:
    """PositionProvider's `_gen` (it depends on no other provider): the module printed once, positions kept
    as token counts and made into CodeRanges when read (a report reads one or two of a module's thousands)."""
    state = _IndexState(wrapper.module)
    wrapper.module._codegen(state)
    return MappingProxyType(_Ranges(state.ranges, state.tokens))


def _no_checks(self: CSTNode) -> None:
    """CSTNode.__post_init__ while the parser builds a tree: see `parse_module`."""


def parse_module(source: bytes | str) -> cst.Module:
    """`cst.parse_module`, without checking each node the parser builds (`_validate`: a fifth of a parse).
    LibCST's native parser builds only nodes its grammar allows; the checks are for trees built by hand
    (LibCST's own note at `CSTNode.__post_init__`: "avoid validating the tree when parsing a file"). Nodes
    built later, by a rule, are checked as always."""
    CSTNode.__post_init__ = _no_checks
    try:
        return cst.parse_module(source)
    finally:
        CSTNode.__post_init__ = _original_post_init


_original_post_init = CSTNode.__post_init__
