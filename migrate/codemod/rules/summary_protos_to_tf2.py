"""TF1's hand-written TensorBoard logging (`tf.summary.FileWriter` + `tf.Summary` protos) -> TF2's writer, same events.

Keras 2 programs logged their own values to TensorBoard with TensorFlow 1's summary protocol buffers:

    self.writer = tf.summary.FileWriter(log_dir)                    # in __init__
    summary = tf.Summary(value=[tf.Summary.Value(tag='loss', simple_value=logs['loss'])])
    self.writer.add_summary(summary, epoch)                         # in on_epoch_end
    self.writer.flush()

Under TF2, with eager execution on, `tf.compat.v1.summary.FileWriter` raises and TF2's writer
(`tf.summary.create_file_writer`) has no `add_summary`; but the proto itself (`tf.compat.v1.Summary`) builds eagerly,
and `tf.summary.experimental.write_raw_pb(serialized, step=...)` writes any TF1 summary proto verbatim to the
default writer: the same tags, simple values, images and histograms in the event file. So, where every use of
the writer is understood:
- `X = tf.summary.FileWriter(logdir[, graph])` -> `X = tf.summary.create_file_writer(logdir)` (`max_queue`,
  `filename_suffix` kept, `flush_secs` as `flush_millis`); a graph given is dropped, with advice: TF2's writer
  writes none;
- each `X.add_summary(S, step)` alone on its line, S a proto the same function builds with `tf.Summary(...)` (not a
  session's result) -> `with X.as_default(): tf.summary.experimental.write_raw_pb(S.SerializeToString(), step=step)`.
  A step left out or None is written as 0: TF1's FileWriter left the event's step unset, which reads as 0
  (TF2 wants a step). A step that is None only when the program runs makes TF2 raise: not silent;
- `X.flush()` / `X.close()` stay (TF2's writer has both).
X is a name of one function (or of the module), or `self.X` of one class (assigned in `__init__`, used in its other
methods); in a notebook cell only a function's own name (other cells may reach the others). Any other use of X
(`add_graph`, `add_run_metadata`, passed elsewhere, a session's summary written) leaves the writer as it is,
reported by tf1_names_to_tf2. The `tf.Summary` names of each function with a rewritten line become
`tf.compat.v1.Summary`, and all of the module's when every `add_summary` in it was rewritten (a helper may build the
values); those that feed a writer left as it was stay reported. A module with no writer and no `add_summary` at all
builds its protos for another module's writer (`utils.create_summary_epoch(...)`, a callback handed the writer): its
`tf.Summary` names become `tf.compat.v1.Summary`, which builds the same proto eagerly; the write is judged where it is.
Not in a graph program (`tf1_graph_program`, whose compat.v1 spelling runs these in graph mode; a notebook cell is one
where its notebook is), nor in a module that turns eager execution off itself (as that rule's output does: a second run must change nothing).

Each proto is written with `tf.summary.record_if(True)`: TF1's add_summary always wrote, and a Keras 3 TensorBoard with
an `update_freq` of N batches leaves a record_if of its own on during fit, off except every N-th batch.

keras-retinanet's idiom, copied into many detection repositories, writes through a Keras TensorBoard callback's writer:
`if self.tensorboard is not None and self.tensorboard.writer is not None: ... self.tensorboard.writer.add_summary(
summary, epoch)`. Keras 2's TensorBoard made `writer = tf.summary.FileWriter(self.log_dir)` in set_model (events
straight in log_dir, beside its own); Keras 3's keeps private writers under log_dir/train and log_dir/validation and
no `writer`. So for T a name or `self.` attribute spelt with "tensorboard" (the callback), where every `T.writer` of
its function (class) is such a line or the `T.writer is not None` after `T is not None` in an `and`:
- the line -> `if getattr(T, "writer", None) is None: T.writer = tf.summary.create_file_writer(T.log_dir)` (one
  writer per callback, made at its first write: one event file in log_dir, as Keras 2's), the write as above, and
  `T.writer.flush()` (Keras 2's TensorBoard flushed its writer each epoch and closed it at the end of training; this one
  nothing else flushes);
- the `and T.writer is not None` goes (it read an attribute Keras 2 always had by then; `T is not None` stays).
TensorFlow is spelt as the module's `import tensorflow [as tf]`, else as the function's own (the idiom imports it in
its `if`), else `tensorflow`, imported.
Any other use of `T.writer` (a TensorBoard subclass's own `self.writer`, a flush of its own) leaves all of T's as
they are, reported by tf1_names_to_tf2.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import libcst as cst
import libcst.matchers as m
from libcst.codemod.visitors import AddImportsVisitor, RemoveImportsVisitor
from libcst.metadata import ParentNodeProvider, ScopeProvider

from migrate.codemod.outline import Outline
from migrate.codemod.rule import SCOPED, Rule
from migrate.codemod.rules.tf1_graph_program import graph_program
from migrate.codemod.syntax import code, imported_as, other_bindings

WRITERS = frozenset({"tensorflow.summary.FileWriter", "tensorflow.compat.v1.summary.FileWriter"})
PROTOS = ("tensorflow.Summary", "tensorflow.compat.v1.Summary", "tensorflow.summary.Summary",
          "tensorflow.compat.v1.summary.Summary")
BOARDS = frozenset({"keras.callbacks.TensorBoard", "tensorflow.keras.callbacks.TensorBoard"})
KEPT = frozenset({"flush", "close"})  # the writer's methods TF2's has, with the same meaning
# FileWriter keywords -> create_file_writer's (None: dropped, with advice)
KEYWORDS = {"logdir": "logdir", "graph": None, "graph_def": None, "max_queue": "max_queue",
            "flush_secs": "flush_millis", "filename_suffix": "filename_suffix"}
GRAPH_DROPPED = ("the graph given to tf.summary.FileWriter was dropped: TF2's tf.summary.create_file_writer writes "
                 "none (keras.callbacks.TensorBoard(write_graph=True) writes a Keras model's, "
                 "tf.summary.trace_on / trace_export a tf.function's)")
# What stands for a Keras 2 TensorBoard callback's `writer` (T is the callback), before `write`'s lines.
BOARD_WRITER = ('if getattr({t}, "writer", None) is None:  # Keras 3\'s TensorBoard has no .writer (Keras 2\'s wrote in log_dir)\n'
                '    {t}.writer = {root}.summary.create_file_writer({t}.log_dir)\n')
BINDING = (cst.Param, cst.AsName, cst.For, cst.CompFor, cst.AugAssign, cst.AnnAssign, cst.NamedExpr, cst.Global,
           cst.Nonlocal, cst.Element, cst.StarredElement)


@dataclass
class _Writer:
    """One writer's flow: where it is made and every use of it, once all are understood."""

    made: list[cst.Call] = field(default_factory=list)
    written: list[cst.SimpleStatementLine] = field(default_factory=list)  # the `X.add_summary(S, step)` lines


class SummaryProtosToTf2(Rule):
    NAME = "summary_protos_to_tf2"
    ORDER = 4  # before tf1_names_to_tf2 (same ORDER, name first), which reports FileWriter and tf.Summary
    TRIGGERS = ("FileWriter", ".writer.add_summary", "Summary")
    REQUIRES = ("tensorflow",)
    METADATA_DEPENDENCIES = (*SCOPED, ScopeProvider)
    DESCRIPTION = ("tf.summary.FileWriter (or a Keras TensorBoard's .writer) + add_summary(tf.Summary(...), step) -> "
                   "tf.summary.create_file_writer + tf.summary.experimental.write_raw_pb (the same events, eagerly)")

    @classmethod
    def relevant(cls, source: bytes, outline: Outline, survey: object = None) -> bool:
        """A name the file's imports bind to TF1's FileWriter (`tf.summary.FileWriter`, `from tensorflow.summary
        import FileWriter`): the walk starts at its calls; or a `.writer.add_summary` (a TensorBoard callback's); or
        a `tf.Summary` proto, which a module may build for another's writer."""
        return b".writer.add_summary" in source or outline.star or \
            any(name in WRITERS or name.startswith(PROTOS) for names in outline.qualified(survey).values()
                for name in names) or \
            any(path in WRITERS for paths in outline.bindings().values() for path in paths)

    def visit_Module(self, node: cst.Module) -> None:
        self.made: dict[int, cst.Call] = {}  # id of a FileWriter call -> it
        self.written: set[int] = set()  # ids of add_summary lines
        self.protos: set[int] = set()  # ids of tf.Summary chains to spell compat.v1
        # id of a `T.writer.add_summary` line -> it and T (a Keras TensorBoard callback), as code
        self.boards: dict[int, tuple[cst.SimpleStatementLine, str]] = {}
        self.guards: set[int] = set()  # ids of `... and T.writer is not None` whose last test goes
        self.flushed: set[int] = set()  # ids of those lines whose function flushes (or closes) T.writer itself after
        self.module_root: str | None = None
        self.imported = False
        self.cell = ".ipynb:cell" in (self.context.filename or "")
        if graph_program(self, node) or _eager_off(node):  # (a cell, where its notebook is one)
            return
        writers = [writer for writer in self._flows(node) if writer is not None]
        self._boards(node)
        if not writers and not self.boards:
            if not _calls_of(node, "add_summary") and not any(self._writer_call(call) for call in
                                                              m.findall(node, m.Call())):
                self.module_root = self._module_root(node)
                self.protos = self._protos(node)  # built for another module's writer: that one is judged there
            return
        self.module_root = self._module_root(node)
        for writer in writers:
            self.made.update((id(call), call) for call in writer.made)
            self.written.update(id(line) for line in writer.written)
        every = sum(len(writer.written) for writer in writers) + len(self.boards) == len(_calls_of(node, "add_summary"))
        writers.append(_Writer(written=[line for line, _ in self.boards.values()]))
        scopes = [node] if every else \
            list({id(scope): scope for writer in writers for line in writer.written
                  for scope in [self._scope(line, (cst.FunctionDef, cst.Module))] if scope is not node}.values())
        if self.written or self.boards:
            self.protos = {found for scope in scopes for found in self._protos(scope)}

    def _protos(self, scope: cst.CSTNode) -> set[int]:
        """The ids of the `tf.Summary` chains of `scope` not yet spelt compat.v1."""
        return {id(chain) for chain in _chains(scope) if self._proto(chain) and
                not any(name.startswith("tensorflow.compat.") for name in self.qualified_names(chain))}

    # What the flows are

    def _parent(self, node: cst.CSTNode) -> cst.CSTNode | None:
        return self.get_metadata(ParentNodeProvider, node, None)

    def _writer_call(self, value: cst.BaseExpression) -> bool:
        return isinstance(value, cst.Call) and bool(self.qualified_names(value.func) & WRITERS)

    def _proto(self, node: cst.BaseExpression) -> bool:
        """`tf.Summary`, `tf.Summary.Value`... (a chain of attributes, so it can be respelt)."""
        return isinstance(node, cst.Attribute) and any(
            name == proto or name.startswith(proto + ".") for name in self.qualified_names(node) for proto in PROTOS)

    def _flows(self, module: cst.Module) -> list[_Writer | None]:
        """Each writer the module makes, by the name or `self.` attribute it is assigned to: its flow, or None where
        some use of it is not understood."""
        keys: dict[tuple, tuple[tuple, list[cst.Call]]] = {}
        for assign in m.findall(module, m.Assign()):
            if len(assign.targets) != 1 or not self._writer_call(assign.value):
                continue
            key = self._key(assign.targets[0].target)
            if key is not None:  # (by the scope's id: nodes compare and hash by value)
                keys.setdefault((key[0], id(key[1]), key[2]), (key, []))[1].append(assign.value)
        return [self._flow(module, key, made) for key, made in keys.values()]

    def _key(self, target: cst.BaseExpression) -> tuple | None:
        """("name", scope, X) for a name of a function or the module, ("self", class, X) for `self.X` in a method."""
        if isinstance(target, cst.Name):
            return "name", self._scope(target, (cst.FunctionDef, cst.Module)), target.value
        if isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name) and target.value.value == "self":
            method = self._scope(target, (cst.FunctionDef, cst.Module))
            owner = self._parent(self._parent(method)) if isinstance(method, cst.FunctionDef) else None
            if isinstance(owner, cst.ClassDef):
                return "self", owner, target.attr.value
        return None

    def _scope(self, node: cst.CSTNode, kinds: tuple[type, ...]) -> cst.CSTNode | None:
        while node is not None and not isinstance(node, kinds):
            node = self._parent(node)
        return node

    def _flow(self, module: cst.Module, key: tuple, made: list[cst.Call]) -> _Writer | None:
        kind, scope, name = key
        if self.cell and not isinstance(scope, cst.FunctionDef):
            return None  # a notebook's other cells may use a name of its module or an attribute of its objects
        if kind == "name":
            uses = [found for found in m.findall(scope, m.Name()) if found.value == name and not self._label(found)]
        else:  # every `.X` of the module: inside the class and on `self`, or not understood
            uses = [found for found in m.findall(module, m.Attribute()) if found.attr.value == name
                    and not self._other_class(found, scope)]
            if any(self._scope(use, (cst.ClassDef,)) is not scope or not isinstance(use.value, cst.Name)
                   or use.value.value != "self" for use in uses):
                return None
        writer = _Writer(made=[call for call in made if self._arguments(call) is not None])
        if len(writer.made) < len(made):
            return None
        for use in uses:
            if not self._understood(use, made, writer):
                return None
        return writer

    def _other_class(self, use: cst.Attribute, owner: cst.ClassDef) -> bool:
        """`self.X` in a method of another class of the module that neither derives from the writer's class by name nor
        is one of its bases: that class's own attribute (two callbacks with a writer each)."""
        if not (isinstance(use.value, cst.Name) and use.value.value == "self"):
            return False
        other = self._scope(use, (cst.ClassDef,))
        if other is None or other is owner:
            return False
        named = {code(base.value).rpartition(".")[2] for base in other.bases}
        return owner.name.value not in named and \
            other.name.value not in {code(base.value).rpartition(".")[2] for base in owner.bases}

    def _label(self, name: cst.Name) -> bool:
        """A name that is no variable: the attribute of `x.name`, the keyword of `f(name=...)`."""
        parent = self._parent(name)
        return (isinstance(parent, cst.Attribute) and parent.attr is name) or \
            (isinstance(parent, cst.Arg) and parent.keyword is name)

    def _understood(self, use: cst.BaseExpression, made: list[cst.Call], writer: _Writer) -> bool:
        """An assignment of one of the writers made, `X.flush()`, `X.close()`, or an `X.add_summary(S, step)` line that
        `_written` takes (added to the flow)."""
        parent = self._parent(use)
        if isinstance(parent, cst.AssignTarget):
            return any(self._parent(parent).value is call for call in made)
        if not isinstance(parent, cst.Attribute) or parent.value is not use:
            return False
        call = self._parent(parent)
        if not isinstance(call, cst.Call) or call.func is not parent:
            return False
        if parent.attr.value in KEPT:
            return True
        line = self._parent(self._parent(call))
        if parent.attr.value != "add_summary" or not isinstance(self._parent(call), cst.Expr) or \
                not isinstance(line, cst.SimpleStatementLine) or len(line.body) != 1 or \
                isinstance(self._parent(line), cst.SimpleStatementSuite) or _summary_args(call) is None:
            return False
        if not self._built_here(_summary_args(call)[0], call):
            return False
        writer.written.append(line)
        return True

    def _built_here(self, summary: cst.BaseExpression, call: cst.Call) -> bool:
        """`tf.Summary(...)` itself, or a name every binding of which in the function (or module) is
        `S = tf.Summary(...)`: a proto built here, not a session's serialized summary."""
        if isinstance(summary, cst.Call):
            return self._proto(summary.func)
        if not isinstance(summary, cst.Name):
            return False
        scope = self._scope(call, (cst.FunctionDef, cst.Module))
        built = 0
        for name in m.findall(scope, m.Name()):
            if name.value != summary.value:
                continue
            parent = self._parent(name)
            if isinstance(parent, cst.AssignTarget):
                assign = self._parent(parent)
                if len(assign.targets) != 1 or not isinstance(assign.value, cst.Call) or not self._proto(assign.value.func):
                    return False
                built += 1
            elif isinstance(parent, BINDING):
                return False
        return built > 0

    def _boards(self, module: cst.Module) -> None:
        """Each TensorBoard callback T whose `T.writer` the module reads, by `self.T` of a class or a name of a function:
        its add_summary lines and `is not None` tests, where every `T.writer` there is one of them or a `T.writer.flush()`
        (or `close()`) after one of those lines in the same function (the writer is made by then)."""
        groups: dict[tuple, list[cst.Attribute]] = {}
        for use in m.findall(module, m.Attribute(attr=m.Name("writer"))):
            key = self._board_key(module, use.value)
            if key is not None:
                groups.setdefault(key, []).append(use)
        for uses in groups.values():
            lines, guards, writing, flushed = [], [], set(), set()
            for use in uses:
                writer, guard = _Writer(), self._guard(use)
                function = self._scope(use, (cst.FunctionDef, cst.Module))
                if guard is not None:
                    guards.append(guard)
                elif isinstance(self._parent(use), cst.Attribute) and self._parent(use).attr.value in KEPT:
                    if id(function) not in writing or not self._understood(use, [], writer):
                        break
                    flushed.add(id(function))
                elif self._understood(use, [], writer):
                    lines.extend(writer.written)
                    writing.add(id(function))
                else:
                    break
            else:
                if lines:
                    self.boards.update((id(line), (line, code(uses[0].value))) for line in lines)
                    self.guards.update(id(guard) for guard in guards)
                    self.flushed.update(id(line) for line in lines
                                        if id(self._scope(line, (cst.FunctionDef, cst.Module))) in flushed)

    def _board_key(self, module: cst.Module, board: cst.BaseExpression) -> tuple | None:
        """("self", class, T) for `self.T`, ("name", function or module, T) for a name T, where T names a TensorBoard
        callback: "tensorboard" in its name (keras-retinanet's `self.tensorboard`), `self` in a subclass of Keras's
        TensorBoard, or a parameter every call of its function in the module gives a TensorBoard (`write_log(
        callback, name, value, step)`, called with `tensorboard = TensorBoard(log_dir)`); None for anything else."""
        if isinstance(board, cst.Name) and board.value == "self":
            owner = self._scope(board, (cst.ClassDef,))
            if owner is not None and any(self.qualified_names(base.value) & BOARDS for base in owner.bases):
                return "self", id(owner), "self"
            return None
        if isinstance(board, cst.Name):
            name = board.value
        elif isinstance(board, cst.Attribute) and isinstance(board.value, cst.Name) and board.value.value == "self":
            name = board.attr.value
        else:
            return None
        if "tensorboard" not in name.lower() and not (
                isinstance(board, cst.Name) and self._board_parameter(module, board)):
            return None
        kind, scope = ("name", self._scope(board, (cst.FunctionDef, cst.Module))) if isinstance(board, cst.Name) \
            else ("self", self._scope(board, (cst.ClassDef,)))
        return (kind, id(scope), name) if scope is not None else None

    def _board_parameter(self, module: cst.Module, board: cst.Name) -> bool:
        """Whether `board` is a parameter of a module-level function (given by position) that the module calls, each
        time with a name it binds (each time) to a Keras `TensorBoard(...)` for it."""
        function = self._scope(board, (cst.FunctionDef,))
        if function is None or self._parent(function) is not module:
            return False
        names = [param.name.value for param in function.params.params]
        if board.value not in names or function.params.star_arg != cst.MaybeSentinel.DEFAULT or \
                function.params.kwonly_params or function.params.star_kwarg is not None:
            return False
        at = names.index(board.value)
        calls = list(m.findall(module, m.Call(func=m.Name(function.name.value))))
        boards = self.names_made_by(module, BOARDS)
        given = [call.args[at].value for call in calls if len(call.args) > at and
                 all(arg.keyword is None and not arg.star for arg in call.args[:at + 1])]
        return bool(calls) and len(given) == len(calls) and all(
            isinstance(value, cst.Name) and value.value in boards and self._only_boards(module, value.value)
            for value in given)

    def _only_boards(self, module: cst.Module, name: str) -> bool:
        """Whether every binding of `name` in the module's own scope is `name = TensorBoard(...)`. A function's
        parameter or local of that name (`def write_log(callback, ...)` beside `callback = TensorBoard(path)`,
        you359/Keras-FasterRCNN) is another variable, unless a `global` makes it the module's."""
        if any(name == found.name.value for found in m.findall(module, m.NameItem())):
            return False
        made = [assign for assign in m.findall(module, m.Assign(targets=[m.AssignTarget(m.Name(name))], value=m.Call()))
                if self.qualified_names(assign.value.func) & BOARDS and not self._local(assign)]
        local = sum(other_bindings(function, name) for function in self._top_functions(module))
        return len(made) == len(imported_as(module, name)) + other_bindings(module, name) - local

    def _local(self, node: cst.CSTNode) -> bool:
        """Whether `node` is inside a function, class or lambda (its bindings are not the module's)."""
        return self._scope(self._parent(node), (cst.FunctionDef, cst.ClassDef, cst.Lambda)) is not None

    def _top_functions(self, module: cst.Module) -> list[cst.CSTNode]:
        """The outermost functions, classes and lambdas of the module: what they bind in them (their names aside)
        is theirs."""
        found = [node for node in m.findall(module, m.FunctionDef() | m.ClassDef() | m.Lambda())
                 if not self._local(node)]
        return [node.body if isinstance(node, (cst.FunctionDef, cst.ClassDef)) else node for node in found] + \
            [node.params for node in found if isinstance(node, cst.FunctionDef)]

    def _guard(self, use: cst.Attribute) -> cst.BooleanOperation | None:
        """The `A and T.writer is not None` whose A tests `T is not None` (the `and` that goes), for `use` its T.writer."""
        test = self._parent(use)
        if not (isinstance(test, cst.Comparison) and test.left is use and len(test.comparisons) == 1 and
                isinstance(test.comparisons[0].operator, cst.IsNot) and
                m.matches(test.comparisons[0].comparator, m.Name("None"))):
            return None
        chain = self._parent(test)
        if not (isinstance(chain, cst.BooleanOperation) and isinstance(chain.operator, cst.And) and chain.right is test):
            return None
        board = code(use.value)
        return chain if any(m.matches(conjunct, m.Comparison(comparisons=[m.ComparisonTarget(
            operator=m.IsNot(), comparator=m.Name("None"))])) and code(conjunct.left) == board
                            for conjunct in _conjuncts(chain.left)) else None

    def _arguments(self, call: cst.Call) -> list[str] | None:
        """create_file_writer's arguments for a FileWriter call (as code), None for one it cannot take."""
        args: list[str] = []
        logdir = False
        for index, arg in enumerate(call.args):
            if arg.star:
                return None
            keyword = arg.keyword.value if arg.keyword is not None else ("logdir", "graph")[index] if index < 2 else ""
            if keyword not in KEYWORDS:
                return None
            logdir = logdir or keyword == "logdir"
            new = KEYWORDS[keyword]
            if new == "flush_millis":
                args.append(f"flush_millis={_millis(arg.value)}")
            elif new is not None:
                args.append(code(arg.value) if arg.keyword is None else f"{new}={code(arg.value)}")
        return args if logdir else None

    def _module_root(self, module: cst.Module) -> str | None:
        """The module-level name of `import tensorflow [as tf]`, where no other import binds it (a version check that
        binds `tf` to `tensorflow.compat.v1`, whose summary module has no create_file_writer)."""
        for statement in module.body:
            if isinstance(statement, cst.SimpleStatementLine):
                for small in statement.body:
                    if isinstance(small, cst.Import):
                        for alias in small.names:
                            if code(alias.name) == "tensorflow":
                                name = code(alias.asname.name) if alias.asname else "tensorflow"
                                if all(code(other.asname.name if other.asname else other.name) != name or
                                       code(other.name) == "tensorflow" for other in m.findall(module, m.ImportAlias())):
                                    return name
        return None

    def _root(self, node: cst.CSTNode) -> str:
        """How `tensorflow` is spelt at `node`: the module's `import tensorflow [as tf]`; else the function's own (where
        every binding of its name seen there is one, as keras-retinanet's `import tensorflow as tf` in its `if`);
        else `tensorflow`, imported."""
        if self.module_root is not None:
            return self.module_root
        scope = self.get_metadata(ScopeProvider, node, None)
        for alias in m.findall(self._scope(node, (cst.FunctionDef, cst.Module)), m.ImportAlias()):
            if code(alias.name) == "tensorflow" and scope is not None:
                name = code(alias.asname.name) if alias.asname else "tensorflow"
                if scope[name] and all(isinstance(binding.node, cst.Import) and
                                       any(code(other.name) == "tensorflow" and
                                           code(other.asname.name if other.asname else other.name) == name
                                           for other in binding.node.names) for binding in scope[name]):
                    return name
        if not self.imported:
            AddImportsVisitor.add_needed_import(self.context, "tensorflow")
            self.imported = True
        return "tensorflow"

    # The rewrite

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
        if id(original) not in self.made:
            return updated
        self.converted()
        if any(arg.keyword is None and index == 1 or (arg.keyword and arg.keyword.value in ("graph", "graph_def"))
               for index, arg in enumerate(original.args)):
            self.report(original, GRAPH_DROPPED, advice=True)
        if isinstance(original.func, cst.Name):  # `from tensorflow.summary import FileWriter`: gone when unused
            for name in self.qualified_names(original.func) & WRITERS:
                module, _, obj = name.rpartition(".")
                asname = original.func.value if original.func.value != obj else None
                RemoveImportsVisitor.remove_unused_import(self.context, module, obj, asname)
        arguments = ", ".join(self._arguments(original))
        return cst.parse_expression(f"{self._root(original)}.summary.create_file_writer({arguments})")

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute) -> cst.BaseExpression:
        if id(original) not in self.protos:
            return updated
        self.converted()
        name = min(n for n in self.qualified_names(original)
                   for proto in PROTOS if n == proto or n.startswith(proto + "."))
        last = name[name.index(".Summary") + 1:]  # `Summary.Value`
        return cst.parse_expression(f"{self._root(original)}.compat.v1.{last}")

    def leave_BooleanOperation(self, original: cst.BooleanOperation,
                               updated: cst.BooleanOperation) -> cst.BaseExpression:
        """`T is not None and T.writer is not None` -> `T is not None` (a TensorBoard callback's writer made when
        written: Keras 2's always had one by then)."""
        if id(original) not in self.guards:
            return updated
        self.converted()
        return updated.left.with_changes(lpar=updated.lpar, rpar=updated.rpar) if updated.lpar else updated.left

    def leave_SimpleStatementLine(self, original: cst.SimpleStatementLine,
                                  updated: cst.SimpleStatementLine) -> cst.BaseStatement | cst.FlattenSentinel:
        if id(original) not in self.written and id(original) not in self.boards:
            return updated
        self.converted()
        root = self._root(original.body[0])
        call = updated.body[0].value
        summary, step = _summary_args(call)
        step = "0" if step is None or (isinstance(step, cst.Name) and step.value == "None") else code(step)
        serialized = code(summary) if isinstance(summary, (cst.Name, cst.Call)) else f"({code(summary)})"
        writer = code(call.func.value)
        statement = cst.parse_statement(
            f"with {writer}.as_default(), {root}.summary.record_if(True):\n"
            f"    {root}.summary.experimental.write_raw_pb({serialized}.SerializeToString(), step={step})\n")
        inner = statement.body.body[0].with_changes(trailing_whitespace=updated.trailing_whitespace)
        statement = statement.with_changes(body=statement.body.with_changes(body=[inner]))
        if id(original) not in self.boards:
            return statement.with_changes(leading_lines=updated.leading_lines)
        board = self.boards[id(original)][1]
        made = cst.parse_statement(BOARD_WRITER.format(t=board, root=root))
        flush = [] if id(original) in self.flushed else [cst.parse_statement(f"{writer}.flush()\n")]
        return cst.FlattenSentinel([made.with_changes(leading_lines=updated.leading_lines), statement, *flush])


def _eager_off(module: cst.Module) -> bool:
    """Whether the module turns eager execution off (`tf.compat.v1.disable_eager_execution()`, which
    tf1_graph_program's route writes, or TF1's `disable_v2_behavior()`): the writer runs there as it did."""
    return "disable_eager_execution" in module.code or "disable_v2_behavior" in module.code


def _summary_args(call: cst.Call) -> tuple[cst.BaseExpression, cst.BaseExpression | None] | None:
    """(summary, global_step or None) of `X.add_summary(summary, global_step=None)`; None for other arguments."""
    given: dict[str, cst.BaseExpression] = {}
    for index, arg in enumerate(call.args):
        if arg.star:
            return None
        keyword = arg.keyword.value if arg.keyword is not None else ("summary", "global_step")[index] if index < 2 else ""
        if keyword not in ("summary", "global_step") or keyword in given:
            return None
        given[keyword] = arg.value
    return (given["summary"], given.get("global_step")) if "summary" in given else None


def _millis(seconds: cst.BaseExpression) -> str:
    """FileWriter's `flush_secs` as create_file_writer's `flush_millis`."""
    if isinstance(seconds, (cst.Integer, cst.Float)):
        return str(int(float(seconds.value) * 1000))
    return f"int(({code(seconds)}) * 1000)"


def _conjuncts(test: cst.BaseExpression) -> list[cst.BaseExpression]:
    """The tests of `a and b and c` (LibCST nests them from the left), unparenthesized."""
    if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.And) and not test.lpar:
        return [*_conjuncts(test.left), test.right]
    return [test]


def _calls_of(module: cst.Module, method: str) -> list[cst.Call]:
    return m.findall(module, m.Call(func=m.Attribute(attr=m.Name(method))))


def _chains(module: cst.Module) -> list[cst.Attribute]:
    """The outermost chains of attributes down to a name (`tf.Summary.Value`, not its `tf.Summary`)."""
    finder = _Chains()
    module.visit(finder)
    return finder.found


class _Chains(cst.CSTVisitor):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[cst.Attribute] = []

    def visit_Attribute(self, node: cst.Attribute) -> bool:
        value: cst.BaseExpression = node
        while isinstance(value, cst.Attribute):
            value = value.value
        if isinstance(value, cst.Name):
            self.found.append(node)
            return False
        return True
