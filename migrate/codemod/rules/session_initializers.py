"""A session used only to initialize variables (`sess = K.get_session(); sess.run(init_op)`) -> gone.

Keras 2 code that built part of a model with TensorFlow 1 ops initialized the new variables itself:

    sess = K.get_session()
    uninitialized = set(i.decode('ascii') for i in sess.run(tf.report_uninitialized_variables()))
    init_op = tf.variables_initializer([v for v in tf.global_variables() if v.name.split(':')[0] in uninitialized])
    sess.run(init_op)

(CyberZHG/keras-bert's TPU notebook). TensorFlow 2 initializes a variable when it is created and has no session,
so these lines do nothing there: where every use of the session in the block (a module, a notebook cell or a
function) is `S.run(X)`, X a TF1 variable initializer (`global_variables_initializer()`, `variables_initializer(...)`,
`local_variables_initializer()`, `tables_initializer()`) or a name assigned one there and used nowhere else, or a
`S.run(tf.report_uninitialized_variables(...))` inside an assignment whose name only those initializers read, all
of them go. The one-line `K.get_session().run(tf.variables_initializer(...))` is tf1_names_to_tf2's. A session that
does anything else is left to tf1_session_code's report.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import libcst as cst
import libcst.matchers as m

from migrate.codemod.names import SESSION_OWNERS
from migrate.codemod.rule import NAMES, DropsStatements
from migrate.codemod.syntax import assigned, mentions, names_in

INITIALIZERS = ("global_variables_initializer", "variables_initializer", "local_variables_initializer",
                "tables_initializer")
REPORT = "report_uninitialized_variables"
TF = ("tensorflow.", "tensorflow.compat.v1.")


def _run_of(line: cst.BaseStatement, session: str) -> cst.BaseExpression | None:
    """The argument of `SESSION.run(X)` alone on its line."""
    if not isinstance(line, cst.SimpleStatementLine) or len(line.body) != 1 or not isinstance(line.body[0], cst.Expr):
        return None
    return _run_argument(line.body[0].value, session)


def _run_argument(call: cst.BaseExpression, session: str) -> cst.BaseExpression | None:
    if isinstance(call, cst.Call) and m.matches(call.func, m.Attribute(value=m.Name(session), attr=m.Name("run"))) \
            and len(call.args) == 1 and call.args[0].keyword is None and not call.args[0].star:
        return call.args[0].value
    return None


class SessionInitializers(DropsStatements):
    NAME = "session_initializers"
    ORDER = 4  # before tf1_names_to_tf2 and tf1_session_code, which would report the lines that go
    TRIGGERS = ("initializer",)
    REQUIRES = ("Session", "get_session")
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "sess = K.get_session() used only to run variable initializers -> gone (TF2 initializes when it creates)"

    def visit_Module(self, node: cst.Module) -> None:
        self._drop_in(node.body, node)

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        if isinstance(node.body, cst.IndentedBlock):
            self._drop_in(node.body.body, node.body)

    def _tf(self, func: cst.BaseExpression, names: Sequence[str]) -> bool:
        return any(name.removeprefix(owner) in names for name in self.qualified_names(func) for owner in TF
                   if name.startswith(owner))

    def _initializer(self, value: cst.BaseExpression) -> bool:
        return isinstance(value, cst.Call) and self._tf(value.func, INITIALIZERS)

    def _session(self, value: cst.BaseExpression) -> bool:
        """`K.get_session()`, or a new `tf.Session()` (nothing else can reach it)."""
        if not isinstance(value, cst.Call) or value.args:
            return False
        names = self.qualified_names(value.func)
        return any(name.endswith(".get_session") and name.removesuffix("get_session") in SESSION_OWNERS
                   for name in names) or self._tf(value.func, ("Session",))

    def _drop_in(self, lines: Sequence[cst.BaseStatement], scope: cst.CSTNode) -> None:
        """The lines of one block that only make a session and initialize variables in it (module docstring)."""
        counts = Counter(name.value for name in names_in(scope))
        made_by = {found[0]: (line, found[1]) for line in lines if (found := assigned(line)) is not None}
        for session, (made, value) in made_by.items():
            if not self._session(value):
                continue
            dropped, uses = [made], 1
            for line in lines:
                argument = _run_of(line, session)
                if argument is None:
                    continue
                if self._initializer(argument):
                    dropped.append(line)
                elif isinstance(argument, cst.Name) and argument.value in made_by and counts[argument.value] == 2 and \
                        self._initializer(made_by[argument.value][1]):
                    dropped += [line, made_by[argument.value][0]]
                else:
                    return
                uses += 1
            uses += self._queries(lines, session, dropped, counts, made_by)
            if len(dropped) > 1 and counts[session] == uses:
                self.dropped.update(id(line) for line in dropped)

    def _queries(self, lines: Sequence[cst.BaseStatement], session: str, dropped: list[cst.BaseStatement],
                 counts: Counter, assigned: dict) -> int:
        """`U = ...S.run(tf.report_uninitialized_variables())...` lines whose U only the dropped lines read: added to
        `dropped`; the number of session uses they hold."""
        added = 0
        for name, (line, value) in assigned.items():
            runs = [call for call in m.findall(value, m.Call()) if _run_argument(call, session) is not None]
            if len(runs) != 1 or not self._tf(getattr(_run_argument(runs[0], session), "func", cst.Name("x")), (REPORT,)):
                continue
            read = sum(mentions(kept, name) for kept in dropped)
            if counts[name] == 1 + read and read > 0:
                dropped.append(line)
                added += 1
        return added
