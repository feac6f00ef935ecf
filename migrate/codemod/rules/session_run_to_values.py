"""`with tf.Session() as sess:` used only to evaluate tensors (`sess.run(t)`) -> the block, with the values read eagerly.

TensorFlow 1 tests and small scripts built a few tensors and read their values through a session:

    with tf.Session() as session:
        result = categorical_accuracy_with_variable_timestep(tf.constant(y_true), tf.constant(y_pred))
        accuracy = session.run(result)

(danieljl/keras-image-captioning metrics_test.py). TensorFlow 2 has no session, and runs the ops as they are made:
`session.run(fetches)` gave each tensor of the fetches (one, or a list, tuple or dict of them) as a NumPy value, which
`tf.nest.map_structure(lambda t: t.numpy(), fetches)` gives eagerly. Only where the session is a new one on the
default graph, made without arguments by the `with`, and every use of it in the function (or module) is
`S.run(fetches)` in the block, with the fetches alone (no `feed_dict`), each spelled once (a random tensor run twice
gave two values in TF1, one eagerly) and no variable initializer among them but a statement that only runs one
(`sess.run(tf.global_variables_initializer())`, which goes: TF2 initializes a variable when it makes it): the `with`
goes, its body stays in place. A tensor's `t.eval()` in the block read the block's session, the default one there:
it becomes `keras.ops.convert_to_numpy(t)` (deeplearning.ai's notebooks test their functions so), unless some eval in
the block is fed.
Not where the function (or module) names a TF1 name that needs graph mode (a placeholder, an optimizer's train op:
what such a session runs are graph ops), nor in a program that turns eager execution off (tf1_graph_program's
route). Any other session is left to tf1_session_code's report.

The same session bound to a name (`sess = tf.Session()`, or `tf.InteractiveSession()`), as the `if __name__ ==
'__main__':` checks of yizt/keras-faster-rcnn's layers do (`sess = tf.Session(); print(sess.run(tf.shape(anchors)))`),
goes the same way under the same conditions, its line going with it; and so does a session made and run at once
(`K.get_session().run(inits)`, danieljl/keras-image-captioning word_vectors.py: Keras's session, read through
`keras.tree.map_structure(keras.ops.convert_to_numpy, ...)` since such a file need not import TensorFlow), and a
session asked for and bound (`session = K.get_session()`). A tensor's `t.eval(session=S)` on such a session is one
more value read: `keras.ops.convert_to_numpy(t)` (oarriaga/SSD-keras src/utils/tests/test_loss.py), and so is
`t.eval(session=K.get_session())`, Keras's session asked for in the call (rizkiarm/LipNet's decoders). Its
initializer statements go too. An interactive session (`tf.InteractiveSession()`, bound or a line of its own, as
rcdilorenzo/abfs's u_net.py has it) made itself the default session, which every `t.eval()` of the scope read: each
becomes `keras.ops.convert_to_numpy(t)` and the line goes.
"""

from __future__ import annotations

import ast
from collections import Counter
from collections.abc import Sequence

import libcst as cst
import libcst.matchers as m
from libcst.codemod.visitors import AddImportsVisitor

from migrate.codemod.names import SESSION_OWNERS
from migrate.codemod.outline import Outline
from migrate.codemod.rule import NAMES, Rule
from migrate.codemod.syntax import code, in_place, names_in
from migrate.codemod.tf1_policy import SESSIONS, graph_only, runs_eagerly

# what a name may be bound to: InteractiveSession only adds itself as the default session, for `t.eval()`
INTERACTIVE = ("tensorflow.InteractiveSession", "tensorflow.compat.v1.InteractiveSession")
BOUND = (*SESSIONS, *INTERACTIVE)
INITIALIZER = "initializer"  # global_variables_initializer, variables_initializer...: not a value


def _runs(node: cst.CSTNode, session: str) -> list[cst.Call]:
    """The calls `SESSION.run(...)` in the node."""
    return list(m.findall(node, m.Call(func=m.Attribute(value=m.Name(session), attr=m.Name("run")))))


def _fetches_only(call: cst.Call) -> bool:
    """`S.run(fetches)`: one positional argument, nothing else."""
    return len(call.args) == 1 and call.args[0].keyword is None and not call.args[0].star


def _initializing(line: cst.CSTNode, runs: list[cst.Call]) -> bool:
    """`S.run(tf.global_variables_initializer())` as a statement of its own, one of `runs`: nothing to keep in TF2."""
    return isinstance(line, cst.SimpleStatementLine) and len(line.body) == 1 and isinstance(line.body[0], cst.Expr) \
        and any(line.body[0].value is run for run in runs) and _fetches_only(line.body[0].value) and \
        INITIALIZER in code(line.body[0].value.args[0].value)


def _evaluated_in(call: cst.Call, session: str) -> bool:
    """`t.eval(session=S)` or `t.eval(S)`: one tensor's value, read through the session."""
    return len(call.args) == 1 and not call.args[0].star and \
        (call.args[0].keyword is None or call.args[0].keyword.value == "session") and \
        m.matches(call.args[0].value, m.Name(session))


def _without(body: Sequence[cst.BaseStatement], dropped: set[int]) -> list[cst.BaseStatement]:
    """The statements but the dropped ones, the comments above a dropped one kept above the next."""
    kept, carried = [], []
    for statement in body:
        if id(statement) in dropped:
            carried += statement.leading_lines
            continue
        kept.append(statement.with_changes(leading_lines=[*carried, *statement.leading_lines]) if carried else statement)
        carried = []
    return kept


class SessionRunToValues(Rule):
    NAME = "session_run_to_values"
    ORDER = 5  # before tf1_session_code, which reports the sessions this leaves
    TRIGGERS = ("Session", "get_session")
    REQUIRES = ("tensorflow", "keras")  # tf.Session, or Keras's session
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "with tf.Session() as s: ... s.run(t) (values only) -> the block, s.run(t) read eagerly"

    @classmethod
    def relevant(cls, source: bytes, outline: Outline, survey: object = None) -> bool:
        """A session made without arguments (`X.Session()`, `X.InteractiveSession()`, `X.get_session()`, read from
        Python's own tree) and a `.run(...)` or `.eval(...)` call."""
        if outline.tree is None:
            return True
        made = ran = False
        for node in ast.walk(outline.tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                made = made or (not node.args and not node.keywords and
                                node.func.attr in ("Session", "InteractiveSession", "get_session"))
                ran = ran or node.func.attr in ("run", "eval")
        return made and ran

    def visit_Module(self, node: cst.Module) -> None:
        # A program that runs with eager execution off (tf1_graph_program's route, or its own line) keeps its sessions.
        self.eager = runs_eagerly(node.code, self.context.scratch.get("survey"))
        self.scopes: list[Counter] = [Counter(name.value for name in names_in(node))]
        self.nodes: list[cst.CSTNode] = [node]  # the module and the functions the walk is in
        self.blocks: dict[int, tuple[str, str]] = {}  # id of a With that goes -> (session name, tf's spelling)
        self.fetched: dict[int, str] = {}  # id of an S.run(...) call -> tf's spelling ("" for keras.tree)
        self.dropped: set[int] = set()  # ids of the statement lines that go (a session's binding, its initializers)
        self.evaluated: set[int] = set()  # ids of the `t.eval(session=S)` calls of such sessions
        self.going: set[int] = set()  # the same lines' ids after the walk rebuilt them
        self._bound(node)

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.scopes.append(Counter(name.value for name in names_in(node)))
        self.nodes.append(node)
        self._bound(node.body)

    def leave_FunctionDef(self, original: cst.FunctionDef, updated: cst.FunctionDef) -> cst.FunctionDef:
        self.scopes.pop()
        self.nodes.pop()
        return updated

    def _made(self, made: cst.BaseExpression, kinds: Sequence[str]) -> str | None:
        """tf's spelling (`tf`) where `made` is `tf.Session()` (one of `kinds`) without arguments, else None."""
        if not isinstance(made, cst.Call) or made.args or not isinstance(made.func, cst.Attribute) or \
                not self.qualified_names(made.func) & set(kinds):
            return None
        return code(made.func.value).removesuffix(".compat.v1")

    def _bound(self, body: cst.CSTNode) -> None:
        """The sessions of this scope that only read values, bound to a name or made on a line of their own."""
        if self.eager:
            self._named(body)
            self._interactive(body)

    def _named(self, body: cst.CSTNode) -> None:
        """`S = tf.Session()` (or `S = K.get_session()`, `S = tf.InteractiveSession()`) lines whose session only reads
        values: they, and the initializers run on the session, go; the runs and evals are marked for leave_Call."""
        for line in m.findall(body, m.SimpleStatementLine(body=[m.Assign(targets=[m.AssignTarget(target=m.Name())])])):
            assign = line.body[0]
            tf = self._made(assign.value, BOUND)
            if tf is None and self._keras_session(assign.value):
                tf = ""
            session = assign.targets[0].target.value
            if tf is None or id(line) in self.dropped:
                continue
            runs = _runs(body, session)
            evals = [found for found in m.findall(body, m.Call(func=m.Attribute(attr=m.Name("eval"))))
                     if _evaluated_in(found, session)]
            interactive = self._made(assign.value, INTERACTIVE) is not None
            defaults = self._default_evals(body) if interactive else []
            if interactive and len(defaults) + len(evals) != len(self._evals(body)):
                continue  # `t.eval(feed_dict=...)`: the default session fed, which stays (reported)
            starting = [found for found in m.findall(body, m.SimpleStatementLine()) if _initializing(found, runs)]
            values = [run for run in runs if not any(run is found.body[0].value for found in starting)]
            read = [code(found.func.value) for found in (*evals, *defaults)]
            if (values or evals or defaults) and \
                    self._reads_values(values, 1 + len(runs) + len(evals), session, read) and \
                    not self._graph_mode(self.nodes[-1], [line]):
                self.dropped.update(id(found) for found in (line, *starting))
                self.fetched.update((id(call), tf) for call in values)
                self.evaluated.update(id(call) for call in (*evals, *defaults))

    def _interactive(self, body: cst.CSTNode) -> None:
        """A `tf.InteractiveSession()` line of its own, which only made itself the default session of the scope's
        `t.eval()` calls: it goes where every eval is one of those, unfed, each tensor read once."""
        for line in m.findall(body, m.SimpleStatementLine(body=[m.Expr(m.Call())])):
            if self._made(line.body[0].value, INTERACTIVE) is None or id(line) in self.dropped:
                continue
            defaults = self._default_evals(body)
            read = [code(found.func.value) for found in defaults]
            if len(set(read)) == len(read) and len(defaults) == len(self._evals(body)) and \
                    not self._graph_mode(self.nodes[-1], [line]):
                self.dropped.add(id(line))
                self.evaluated.update(id(call) for call in defaults)

    @staticmethod
    def _evals(body: cst.CSTNode) -> list[cst.Call]:
        """Every `X.eval(...)` call of the scope."""
        return list(m.findall(body, m.Call(func=m.Attribute(attr=m.Name("eval")))))

    @staticmethod
    def _default_evals(body: cst.CSTNode) -> list[cst.Call]:
        """The `t.eval()` calls of the scope, which ran on the default (interactive) session."""
        return list(m.findall(body, m.Call(func=m.Attribute(attr=m.Name("eval")), args=[])))

    def _keras_session(self, made: cst.BaseExpression) -> bool:
        """`K.get_session()`: Keras's session, asked for without arguments."""
        return isinstance(made, cst.Call) and not made.args and \
            any(name.endswith(".get_session") and name.removesuffix("get_session") in SESSION_OWNERS
                for name in self.qualified_names(made.func))

    def _reads_values(self, runs: list[cst.Call], uses: int, session: str, read: Sequence[str] = ()) -> bool:
        """Every use of the session in the scope (`uses` of them) is one of `runs`, each `S.run(fetches)`, or reads
        one of the tensors `read` (`t.eval(session=S)`), with fetches that are distinct and not initializers."""
        fetches = [code(call.args[0].value) for call in runs if _fetches_only(call)]
        return len(fetches) == len(runs) and len(set(fetches + list(read))) == len(fetches) + len(read) and \
            not any(INITIALIZER in fetch for fetch in fetches) and self.scopes[-1][session] == uses

    def visit_With(self, node: cst.With) -> None:
        if not self.eager or len(node.items) != 1 or node.asynchronous is not None:
            return
        item = node.items[0]
        tf = self._made(item.item, SESSIONS)
        if tf is None or item.asname is None or not isinstance(item.asname.name, cst.Name):
            return
        session = item.asname.name.value
        runs = _runs(node.body, session)
        # the block's session is the default one in it: `t.eval()` read through it too (deeplearning.ai's notebooks'
        # `with tf.Session() as test: ... print("loss = " + str(loss.eval()))`), unless some eval is fed
        evals = self._evals(node.body)
        defaults = self._default_evals(node.body) if len(evals) == len(self._default_evals(node.body)) else None
        starting = [found for found in m.findall(node.body, m.SimpleStatementLine()) if _initializing(found, runs)]
        values = [run for run in runs if not any(run is found.body[0].value for found in starting)]
        if defaults is None or not (values or defaults) or self._graph_mode(self.nodes[-1]) or \
                not self._reads_values(values, 1 + len(runs), session, [code(found.func.value) for found in defaults]):
            return
        self.blocks[id(node)] = (session, tf)
        self.dropped.update(id(found) for found in starting)
        self.fetched.update((id(call), tf) for call in values)
        self.evaluated.update(id(call) for call in defaults)

    def visit_Call(self, node: cst.Call) -> None:
        """`tf.Session().run(t)`, `K.get_session().run(t)`: a session made, or Keras's asked for, to read one value;
        `t.eval(session=K.get_session())`, one tensor's value read through Keras's session (rizkiarm/LipNet's
        decoders: `[path.eval(session=K.get_session()) for path in decoded[0]]`)."""
        if not self.eager or self._graph_mode(self.nodes[-1]):
            return
        if m.matches(node.func, m.Attribute(attr=m.Name("eval"))) and len(node.args) == 1 and \
                not node.args[0].star and (node.args[0].keyword is None or node.args[0].keyword.value == "session") and \
                self._keras_session(node.args[0].value):
            self.evaluated.add(id(node))
            return
        if not m.matches(node.func, m.Attribute(value=m.Call(), attr=m.Name("run"))) or \
                not _fetches_only(node) or INITIALIZER in code(node.args[0].value):
            return
        made = node.func.value
        if self._made(made, SESSIONS) is not None:
            self.fetched[id(node)] = self._made(made, SESSIONS)
        elif self._keras_session(made):
            self.fetched[id(node)] = ""

    def _graph_mode(self, scope: cst.CSTNode, ignored: Sequence[cst.CSTNode] = ()) -> bool:
        """Whether the function (or module) names a TF1 name that needs graph mode (`tf1_policy.GRAPH_ONLY`:
        `tf.placeholder`, `tf.train.AdamOptimizer(...).minimize`...) outside the `ignored` nodes (the session's own
        line) and the statements that only run an initializer: what its session ran are then graph ops, not values
        eager execution computes."""
        starting = m.SimpleStatementLine(body=[m.Expr(m.Call(func=m.Attribute(attr=m.Name("run"))))])
        ignored = [*ignored, *(line for line in m.findall(scope, starting) if _initializing(line, [line.body[0].value]))]
        skipped = {id(found) for node in ignored for found in m.findall(node, m.Attribute())}
        for found in m.findall(scope, m.Attribute()):
            if id(found) in skipped:
                continue
            for name in self.qualified_names(found):
                if name.startswith(("tensorflow.", "tensorflow.compat.v1.")) and \
                        graph_only(name.removeprefix("tensorflow.").removeprefix("compat.v1.")) and \
                        name.rpartition(".")[2] not in ("Session", "InteractiveSession"):
                    return True
        return False

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
        if id(original) in self.evaluated:
            self.converted()
            AddImportsVisitor.add_needed_import(self.context, "keras")
            return cst.parse_expression(f"keras.ops.convert_to_numpy({code(updated.func.value)})")
        tf = self.fetched.get(id(original))
        if tf is None:
            return updated
        self.converted()
        if not tf:
            AddImportsVisitor.add_needed_import(self.context, "keras")
            return cst.parse_expression(f"keras.tree.map_structure(keras.ops.convert_to_numpy, "
                                        f"{code(updated.args[0].value)})")
        return cst.parse_expression(f"{tf}.nest.map_structure(lambda t: t.numpy(), {code(updated.args[0].value)})")

    def leave_With(self, original: cst.With, updated: cst.With) -> cst.BaseStatement | cst.FlattenSentinel:
        if id(original) not in self.blocks:
            return updated
        self.converted()
        return in_place(updated.body, updated.leading_lines)

    def leave_SimpleStatementLine(self, original: cst.SimpleStatementLine,
                                  updated: cst.SimpleStatementLine) -> cst.SimpleStatementLine:
        if id(original) in self.dropped:
            self.going.add(id(updated))
        return updated  # removed by the block around it, which keeps the comments above it

    def leave_IndentedBlock(self, original: cst.IndentedBlock, updated: cst.IndentedBlock) -> cst.IndentedBlock:
        return self._drop(original, updated) or updated.with_changes(body=[cst.SimpleStatementLine([cst.Pass()])])

    def leave_Module(self, original: cst.Module, updated: cst.Module) -> cst.Module:
        return self._drop(original, updated)

    def _drop(self, original: cst.Module | cst.IndentedBlock, updated: cst.Module | cst.IndentedBlock):
        """The block without its dropped lines (falsy where that leaves it empty)."""
        if not any(id(statement) in self.going for statement in updated.body):
            return updated
        self.converted()
        body = _without(updated.body, self.going)
        return updated.with_changes(body=body) if body or isinstance(updated, cst.Module) else None
