"""`with graph.as_default():` on TF1's default graph -> its body; the graph's name, and a session only installed, go.

Keras 2 serving code (Flask, threads) of 2018-2019 kept the process's default graph and entered it in each request:

    graph = tf.get_default_graph()
    model = load_model('model.h5')
    def predict(x):
        global graph
        with graph.as_default():
            return model.predict(x)

In TensorFlow 1 this made the default graph the current thread's default. TensorFlow 2 runs eagerly and has nothing
to enter: inside `tf.compat.v1.get_default_graph().as_default()` eager execution is off, and Keras 3's `predict`
stops ("tf.data.Dataset only supports Python-style iteration in eager mode"). So a `with` item
`G.as_default()` without `as`, G the default graph (`tf.get_default_graph()`, `tf.compat.v1.get_default_graph()`,
`K.get_session().graph`, or a name, or a `self.attr` of a class, every assignment of which is one of those and
which nothing else reads), goes: the `with` is replaced by its body (or keeps its other items). The assignments
and `global` declarations of such a name go with it, and so does a session made without arguments
(`tf.Session()`, `K.get_session()`) whose only use is `set_session(sess)` lines (the TF 1.14 variant), once a
`with` went in the module. A graph name read otherwise (`graph.get_tensor_by_name(...)`, `graph.finalize()`, an
`as` target) is TF1 graph code: its `with` is reported here, at its line, and left; `tf.Graph()` is not the
default graph and is left to the others.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import libcst as cst
import libcst.matchers as m
from libcst.codemod.visitors import RemoveImportsVisitor

from migrate.codemod.names import SESSION_OWNERS
from migrate.codemod.rule import NAMES, Rule
from migrate.codemod.syntax import mentions, other_bindings
from migrate.codemod.tf1_policy import SESSIONS

GET_DEFAULT_GRAPH = ("tensorflow.get_default_graph", "tensorflow.compat.v1.get_default_graph")
LEFT = ("enters TF1's default graph, where TF2 turns eager execution off: Keras 3 cannot predict or fit in the block. "
        "Left because the graph is also TF1 graph code here (read otherwise, assigned another graph, or bound by `as`): "
        "remove the `with` and keep its body once nothing needs the graph")


@dataclass
class _Holder:
    """A name (or `self.attr` of a class) that `with` items enter: its assignments, and how often it is bound or read
    otherwise."""

    assigns: list[cst.Assign] = field(default_factory=list)
    others: int = 0  # assignments of anything else, other bindings, reads besides the `with` items
    items: list[cst.WithItem] = field(default_factory=list)

    def default(self, rule: DefaultGraphContexts) -> bool:
        """Whether every assignment is the default graph (and there is one)."""
        return bool(self.assigns) and all(rule.default_graph(assign.value) for assign in self.assigns)


def _entered(item: cst.WithItem) -> cst.BaseExpression | None:
    """G of a `with` item `G.as_default()`."""
    call = item.item
    if isinstance(call, cst.Call) and not call.args and m.matches(call.func, m.Attribute(attr=m.Name("as_default"))):
        return call.func.value
    return None


def _single(assign: cst.Assign) -> cst.BaseExpression | None:
    """The target of `TARGET = VALUE` (one target)."""
    return assign.targets[0].target if len(assign.targets) == 1 else None


def _self_attribute(node: cst.BaseExpression | None) -> str | None:
    """`attr` of `self.attr`."""
    return node.attr.value if node is not None and m.matches(node, m.Attribute(value=m.Name("self"))) else None


class DefaultGraphContexts(Rule):
    NAME = "default_graph_contexts"
    ORDER = 4  # before tf1_names_to_tf2 (same ORDER, name first) and tf1_session_code, which rename or report what goes
    TRIGGERS = ("as_default",)
    REQUIRES = ("get_default_graph", "get_session")
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "with graph.as_default() on TF1's default graph -> its body (TF2 runs eagerly; Keras 3 predicts there)"

    def default_graph(self, node: cst.BaseExpression) -> bool:
        """`tf.get_default_graph()`, `tf.compat.v1.get_default_graph()`, `K.get_session().graph`; through Keras 2's
        re-export of TensorFlow too (`from keras.backend import tf`, `K.tf`: tf1_names_to_tf2 spells it `tf` in the
        same run, and a second run would then take the `with` away)."""
        if isinstance(node, cst.Call) and not node.args:
            return bool(self.qualified_names(node.func) & set(GET_DEFAULT_GRAPH))
        if m.matches(node, m.Attribute(value=m.Call(args=[]), attr=m.Name("graph"))):
            return self._get_session(node.value)
        return False

    def _get_session(self, node: cst.BaseExpression) -> bool:
        """`K.get_session()` of Keras 2's backend (no arguments)."""
        return isinstance(node, cst.Call) and not node.args and any(
            name.endswith(".get_session") and name.removesuffix("get_session") in SESSION_OWNERS
            for name in self.qualified_names(node.func))

    def visit_Module(self, node: cst.Module) -> None:
        self.flatten: set[int] = set()  # `with` statements that go, their body in their place
        self.items: set[int] = set()  # `with` items that go from a `with` that stays
        self.drops: set[int] = set()  # assignments and set_session(...) expressions that go
        self.globals: set[str] = set()  # names whose `global` declarations go
        self.emptied: set[int] = set()  # lines all of whose statements went
        self.module = node
        self._plan(node)

    def _plan(self, module: cst.Module) -> None:
        """Which `with` items, assignments, `global` names and sessions go; the `with` items left on the default graph
        are reported."""
        withs = list(m.findall(module, m.With()))
        gone: list[cst.WithItem] = []
        for key, holder in self._holders(module, withs, gone).items():
            if isinstance(key, str):
                self._read_name(module, key, holder)
            elif isinstance(key, tuple):
                self._read_attribute(module, key, holder)
            gone += self._decide(key, holder)
        self._remove(withs, gone)
        if gone:
            self._sessions(module)

    def _holders(self, module: cst.Module, withs: Sequence[cst.With], gone: list[cst.WithItem]) -> dict[object, _Holder]:
        """The `with` items on a default graph spelled in place go (into `gone`); the others are gathered by what they
        enter: a name, a class's `self.attr` ((id of the class, attr)), or an item bound by `as` (its id)."""
        holders: dict[object, _Holder] = {}
        for statement in withs:
            for item in statement.items:
                entered = _entered(item)
                if entered is None:
                    continue
                if self.default_graph(entered) and item.asname is None:
                    gone.append(item)
                    self._unimport_graph(entered)
                elif self.default_graph(entered):
                    holders[id(item)] = _Holder(others=1, items=[item])
                elif isinstance(entered, cst.Name):
                    holders.setdefault(entered.value, _Holder()).items.append(item)
                elif _self_attribute(entered) is not None:
                    key = (id(self._class_of(module, item)), _self_attribute(entered))
                    holders.setdefault(key, _Holder()).items.append(item)
        return holders

    def _decide(self, key: object, holder: _Holder) -> list[cst.WithItem]:
        """The holder's `with` items that go (its assignments and `global` names noted as going too), or none: those
        on another graph silently, those that may be on the default graph reported."""
        if not isinstance(key, int) and not any(self.default_graph(assign.value) for assign in holder.assigns):
            return []  # another graph (`tf.Graph()`, `sess.graph`): TF1 graph code, not this rule's
        if isinstance(key, int) or not holder.default(self) or holder.others or \
                any(item.asname is not None for item in holder.items):
            for item in holder.items:
                self.report(item, f"{self._spelling(item)} {LEFT}")
            return []
        if isinstance(key, str) and self._shared(key):
            return holder.items  # the `with` goes, the name stays for the files (or cells) that read it
        self.drops.update(id(assign) for assign in holder.assigns)
        for assign in holder.assigns:
            self._unimport_graph(assign.value)
        if isinstance(key, str):
            self.globals.add(key)
        return holder.items

    def _shared(self, name: str) -> bool:
        """Whether another file of the run may read the name from this module (`from app import graph`, `app.graph`:
        `Survey.taken`), or later cells of a notebook may."""
        filename = self.context.filename or "<string>.py"
        return ".ipynb" in filename or filename == "<preamble>" or self.taken_elsewhere(name)

    def _spelling(self, item: cst.WithItem) -> str:
        return f"`with {self.module.code_for_node(item.item).strip()}`"

    def _remove(self, withs: Sequence[cst.With], gone: Sequence[cst.WithItem]) -> None:
        """The `with` statements all of whose items go (flattened) and the items that go from the others."""
        going = {id(item) for item in gone}
        for statement in withs:
            if all(id(item) in going for item in statement.items):
                self.flatten.add(id(statement))
            else:
                self.items.update(id(item) for item in statement.items if id(item) in going)
        self.converted(len(gone))

    def _class_of(self, module: cst.Module, item: cst.WithItem) -> cst.ClassDef | None:
        """The innermost class whose body holds the `with` item."""
        found = None
        for klass in m.findall(module, m.ClassDef()):
            if any(other is item for other in m.findall(klass, m.WithItem())):
                found = klass  # findall walks outer classes first: the last one holding it is the innermost
        return found

    def _read_name(self, module: cst.Module, name: str, holder: _Holder) -> None:
        """A name's assignments in the module, and whether anything but them, `global` and the `with` items reads or
        binds it (a name of one function is the same word as a module's: both are counted, which only refuses more)."""
        holder.assigns = [assign for assign in m.findall(module, m.Assign())
                          if m.matches(_single(assign), m.Name(name))]
        declared = sum(1 for statement in m.findall(module, m.Global()) for item in statement.names
                       if item.name.value == name)
        spelled = mentions(module, name)
        bindings = other_bindings(module, name)  # (a two-target `a = graph = ...` is one of them, not an assignment)
        holder.others = bindings - len(holder.assigns) + spelled - bindings - declared - len(holder.items)

    def _read_attribute(self, module: cst.Module, key: tuple[int, str], holder: _Holder) -> None:
        """`self.attr`'s assignments in its class, and whether anything else in the module spells `.attr` (another
        object's may be this one: a caller's `app.graph`)."""
        klass = next((found for found in m.findall(module, m.ClassDef()) if id(found) == key[0]), None)
        if klass is None:
            holder.others += 1
            return
        attribute = key[1]
        holder.assigns = [assign for assign in m.findall(klass, m.Assign())
                          if _self_attribute(_single(assign)) == attribute]
        expected = {id(_single(assign)) for assign in holder.assigns} | {id(_entered(item)) for item in holder.items}
        for found in m.findall(module, m.Attribute(attr=m.Name(attribute))):
            if id(found) not in expected and not (attribute == "graph" and self.default_graph(found)):
                holder.others += 1

    def _sessions(self, module: cst.Module) -> None:
        """`sess = tf.Session()` (or `K.get_session()`), no arguments, whose only uses are `set_session(sess)` lines and
        `global sess`: all go, once a `with` went (the TF 1.14+ variant of the serving idiom)."""
        for name in {assign.targets[0].target.value for assign in m.findall(module, m.Assign())
                     if m.matches(_single(assign), m.Name()) and self._new_session(assign.value)}:
            assigns = [assign for assign in m.findall(module, m.Assign()) if m.matches(_single(assign), m.Name(name))]
            installs = [expression for expression in m.findall(module, m.Expr(value=m.Call(args=[m.Arg(m.Name(name))])))
                        if self._set_session(expression.value)]
            declared = sum(1 for statement in m.findall(module, m.Global()) for item in statement.names
                           if item.name.value == name)
            spelled = mentions(module, name)
            if self._shared(name) or not all(self._new_session(assign.value) for assign in assigns) or \
                    other_bindings(module, name) != len(assigns) or spelled != len(assigns) + len(installs) + declared:
                continue
            self.drops.update(id(found) for found in [*assigns, *installs])
            self.globals.add(name)
            for call in [assign.value for assign in assigns] + [expression.value for expression in installs]:
                self._unimport(call.func)

    def _unimport_graph(self, graph: cst.BaseExpression) -> None:
        """A bare `get_default_graph` or `get_session` imported from TensorFlow or Keras goes with its last call."""
        call = graph.value if isinstance(graph, cst.Attribute) else graph
        if isinstance(call, cst.Call):
            self._unimport(call.func)

    def _new_session(self, value: cst.BaseExpression) -> bool:
        return isinstance(value, cst.Call) and not value.args and (
            bool(self.qualified_names(value.func) & set(SESSIONS)) or self._get_session(value))

    def _set_session(self, call: cst.Call) -> bool:
        arg = call.args[0]
        return arg.keyword is None and not arg.star and any(
            name.endswith(".set_session") and name.removesuffix("set_session") in SESSION_OWNERS
            for name in self.qualified_names(call.func))

    def _unimport(self, func: cst.BaseExpression) -> None:
        """`from keras.backend import set_session` goes once nothing calls it (Keras 3 has none)."""
        if isinstance(func, cst.Name):
            for name in self.qualified_names(func):
                module, _, obj = name.rpartition(".")
                RemoveImportsVisitor.remove_unused_import(self.context, module, obj)

    def leave_Assign(self, original: cst.Assign, updated: cst.Assign) -> cst.Assign | cst.RemovalSentinel:
        return cst.RemovalSentinel.REMOVE if id(original) in self.drops else updated

    def leave_Expr(self, original: cst.Expr, updated: cst.Expr) -> cst.Expr | cst.RemovalSentinel:
        return cst.RemovalSentinel.REMOVE if id(original) in self.drops else updated

    def leave_Global(self, original: cst.Global, updated: cst.Global) -> cst.Global | cst.RemovalSentinel:
        """`global graph` goes; `global model, graph` keeps `global model`."""
        kept = [item for item in updated.names if item.name.value not in self.globals]
        if len(kept) == len(updated.names):
            return updated
        if not kept:
            return cst.RemovalSentinel.REMOVE
        return updated.with_changes(names=[*kept[:-1], kept[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)])

    def leave_With(self, original: cst.With, updated: cst.With) -> cst.With:
        if id(original) in self.flatten:
            self.flatten.add(id(updated))
            return updated
        kept = [new for old, new in zip(original.items, updated.items, strict=True) if id(old) not in self.items]
        if len(kept) == len(updated.items):
            return updated
        return updated.with_changes(items=[*kept[:-1], kept[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)])

    def leave_SimpleStatementLine(self, original: cst.SimpleStatementLine,
                                  updated: cst.SimpleStatementLine) -> cst.SimpleStatementLine:
        """A line all of whose statements went is kept until its block is left (`_flattened`), which gives its
        blank lines to the next one."""
        if original.body and not updated.body:
            self.emptied.add(id(original))
            return original
        return updated

    def leave_IndentedBlock(self, original: cst.IndentedBlock, updated: cst.IndentedBlock) -> cst.IndentedBlock:
        body, footer = self._flattened(updated.body, updated.footer)
        return updated.with_changes(body=body or [cst.SimpleStatementLine([cst.Pass()])], footer=footer)

    def leave_Module(self, original: cst.Module, updated: cst.Module) -> cst.Module:
        body, footer = self._flattened(updated.body, updated.footer)
        return updated.with_changes(body=body, footer=footer)

    def _flattened(self, statements: Sequence[cst.BaseStatement],
                   footer: Sequence[cst.EmptyLine]) -> tuple[list[cst.BaseStatement], list[cst.EmptyLine]]:
        """A block with each flattened `with` replaced by its body: the `with`'s own comments (above it, on its line,
        after its last statement) go to the lines that now stand there. An emptied line goes, and the blank lines
        above it go to the next statement that has none (its comments, on what went, go with it)."""
        body: list[cst.BaseStatement] = []
        pending: list[cst.EmptyLine] = []  # comments waiting for the next statement
        blank: list[cst.EmptyLine] = []  # the blank lines of an emptied line
        for statement in statements:
            if id(statement) in self.emptied:
                blank = blank or [line for line in statement.leading_lines if line.comment is None]
                continue
            if id(statement) not in self.flatten or not isinstance(statement, cst.With):
                body.append(_led(statement, pending, blank))
                pending, blank = [], []
                continue
            inner, header, trailing = _body_of(statement)
            pending = [*pending, *statement.leading_lines, *header]
            for line in inner:
                body.append(_led(line, pending, blank))
                pending, blank = [], []
            pending += trailing
        return body, [*pending, *footer]


def _led(statement: cst.BaseStatement, lines: Sequence[cst.EmptyLine], blank: Sequence[cst.EmptyLine]) -> cst.BaseStatement:
    """The statement with `lines` above its own, and `blank` above all where it had no lines above it."""
    above = [*lines, *statement.leading_lines] or list(blank)
    return statement.with_changes(leading_lines=above) if above != list(statement.leading_lines) else statement


def _body_of(statement: cst.With) -> tuple[list[cst.BaseStatement], list[cst.EmptyLine], list[cst.EmptyLine]]:
    """A `with`'s statements, the comment of its own line, and the comments after its last statement."""
    body = statement.body
    if isinstance(body, cst.SimpleStatementSuite):
        return [cst.SimpleStatementLine(body=body.body)] if body.body else [], _comment(body.trailing_whitespace), []
    return list(body.body), _comment(body.header), [line for line in body.footer if line.comment is not None]


def _comment(whitespace: cst.TrailingWhitespace) -> list[cst.EmptyLine]:
    return [cst.EmptyLine(comment=whitespace.comment)] if whitespace.comment is not None else []
