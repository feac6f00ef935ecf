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
gave two values in TF1, one eagerly) and no variable initializer among them: the `with` goes, its body stays in place.
Not where the function (or module) names a TF1 name that needs graph mode (a placeholder, an optimizer's train op:
what such a session runs are graph ops), nor in a program that turns eager execution off (tf1_graph_program's
route). Any other session is left to tf1_session_code's report.
"""

from __future__ import annotations

import ast
from collections import Counter

import libcst as cst
import libcst.matchers as m

from migrate.codemod.outline import Outline
from migrate.codemod.rule import NAMES, Rule
from migrate.codemod.syntax import code, names_in
from migrate.codemod.tf1_policy import graph_only

SESSIONS = ("tensorflow.Session", "tensorflow.compat.v1.Session")
INITIALIZER = "initializer"  # global_variables_initializer, variables_initializer...: not a value


def _runs(node: cst.CSTNode, session: str) -> list[cst.Call]:
    """The calls `SESSION.run(...)` in the node."""
    return list(m.findall(node, m.Call(func=m.Attribute(value=m.Name(session), attr=m.Name("run")))))


def _fetches_only(call: cst.Call) -> bool:
    """`S.run(fetches)`: one positional argument, nothing else."""
    return len(call.args) == 1 and call.args[0].keyword is None and not call.args[0].star


class SessionRunToValues(Rule):
    NAME = "session_run_to_values"
    ORDER = 5  # before tf1_session_code, which reports the sessions this leaves
    TRIGGERS = ("Session",)
    REQUIRES = ("tensorflow",)
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "with tf.Session() as s: ... s.run(t) (values only) -> the block, s.run(t) read eagerly"

    @classmethod
    def relevant(cls, source: bytes, outline: Outline, survey: object = None) -> bool:
        """A `with X.Session() as name:` (read from Python's own tree), where visit_With starts."""
        if outline.tree is None:
            return True
        return any(isinstance(node, ast.With) and len(node.items) == 1 and node.items[0].optional_vars is not None and
                   isinstance(node.items[0].context_expr, ast.Call) and
                   isinstance(node.items[0].context_expr.func, ast.Attribute) and
                   node.items[0].context_expr.func.attr == "Session" for node in ast.walk(outline.tree))

    def visit_Module(self, node: cst.Module) -> None:
        # A program that runs with eager execution off (tf1_graph_program's route, or its own line) keeps its sessions.
        self.eager = "disable_eager_execution(" not in node.code and "disable_v2_behavior(" not in node.code
        self.scopes: list[Counter] = [Counter(name.value for name in names_in(node))]
        self.nodes: list[cst.CSTNode] = [node]  # the module and the functions the walk is in
        self.blocks: dict[int, tuple[str, str]] = {}  # id of a With that goes -> (session name, tf's spelling)
        self.fetched: dict[int, str] = {}  # id of an S.run(...) call -> tf's spelling

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.scopes.append(Counter(name.value for name in names_in(node)))
        self.nodes.append(node)

    def leave_FunctionDef(self, original: cst.FunctionDef, updated: cst.FunctionDef) -> cst.FunctionDef:
        self.scopes.pop()
        self.nodes.pop()
        return updated

    def visit_With(self, node: cst.With) -> None:
        if not self.eager or len(node.items) != 1 or node.asynchronous is not None:
            return
        item = node.items[0]
        made = item.item
        if not isinstance(made, cst.Call) or made.args or item.asname is None or \
                not isinstance(item.asname.name, cst.Name) or not isinstance(made.func, cst.Attribute):
            return
        if not self.qualified_names(made.func) & set(SESSIONS):
            return
        session = item.asname.name.value
        runs = _runs(node.body, session)
        fetches = [code(call.args[0].value) for call in runs if _fetches_only(call)]
        if not runs or len(fetches) != len(runs) or len(set(fetches)) != len(fetches) or \
                any(INITIALIZER in fetch for fetch in fetches) or self.scopes[-1][session] != 1 + len(runs):
            return
        if self._graph_mode(self.nodes[-1]):
            return
        tf = code(made.func.value).removesuffix(".compat.v1")
        self.blocks[id(node)] = (session, tf)
        self.fetched.update((id(call), tf) for call in runs)

    def _graph_mode(self, scope: cst.CSTNode) -> bool:
        """Whether the function (or module) names a TF1 name that needs graph mode (`tf1_policy.GRAPH_ONLY`:
        `tf.placeholder`, `tf.train.AdamOptimizer(...).minimize`...): what its session ran are then graph ops, not
        values eager execution computes."""
        for found in m.findall(scope, m.Attribute()):
            for name in self.qualified_names(found):
                if name.startswith(("tensorflow.", "tensorflow.compat.v1.")) and \
                        graph_only(name.removeprefix("tensorflow.").removeprefix("compat.v1.")) and \
                        name.rpartition(".")[2] != "Session":
                    return True
        return False

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
        tf = self.fetched.get(id(original))
        if tf is None:
            return updated
        self.converted()
        return cst.parse_expression(f"{tf}.nest.map_structure(lambda t: t.numpy(), {code(updated.args[0].value)})")

    def leave_With(self, original: cst.With, updated: cst.With) -> cst.BaseStatement | cst.FlattenSentinel:
        if id(original) not in self.blocks:
            return updated
        self.converted()
        body = updated.body
        statements = list(body.body) if isinstance(body, cst.IndentedBlock) else [cst.SimpleStatementLine(body.body)]
        statements[0] = statements[0].with_changes(leading_lines=[*updated.leading_lines, *statements[0].leading_lines])
        return cst.FlattenSentinel(statements)
