"""`sess = K.get_session()` used only to set and read variables -> `v.assign(x)` and `convert_to_numpy(v)`.

Keras 2 callbacks often changed a loss weight between epochs through the backend's session:
`sess = K.get_session(); self.model.beta.load(value, sess); print(self.model.beta.eval(sess))`. TensorFlow 2 has
no session to ask for, and a variable sets and gives its value itself: `load(value, sess)` wrote `value`
(converted to the variable's dtype) without adding to the graph, which `assign(value)` does eagerly, and
`eval(sess)` read it, which `keras.ops.convert_to_numpy(v)` does. Only where every use of the session in the
function is one of these two is anything rewritten, the `get_session()` line going (the comments above it
stay); otherwise
`tf1_session_code` reports the session as before.
"""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m
from libcst.codemod.visitors import AddImportsVisitor

from migrate.codemod.names import SESSION_OWNERS
from migrate.codemod.rule import NAMES, DropsStatements
from migrate.codemod.syntax import code, mentions


class SessionVariableValues(DropsStatements):
    NAME = "session_variable_values"
    ORDER = 5  # before tf1_session_code, which reports the get_session() calls this leaves
    TRIGGERS = ("get_session",)
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "sess = K.get_session() only for v.load(x, sess) / v.eval(sess) -> v.assign(x) / convert_to_numpy(v)"

    def visit_Module(self, node: cst.Module) -> None:
        self.calls: dict[int, str] = {}  # id of a load/eval call -> "load" or "eval"

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        sessions = {}  # session name -> its get_session() statements
        for line in m.findall(node.body, m.SimpleStatementLine()):
            assign = line.body[0] if len(line.body) == 1 else None
            if isinstance(assign, cst.Assign) and len(assign.targets) == 1 and \
                    isinstance(assign.targets[0].target, cst.Name) and isinstance(assign.value, cst.Call) and \
                    not assign.value.args and self._get_session(assign.value.func):
                sessions.setdefault(assign.targets[0].target.value, []).append(line)
        for name, lines in sessions.items():
            uses = [found for found in m.findall(node.body, m.Call(func=m.Attribute(attr=m.Name("load") | m.Name("eval"))))
                    if self._through(found, name)]
            if mentions(node.body, name) == len(lines) + len(uses):
                self.dropped.update(id(line) for line in lines)
                self.calls.update((id(found), found.func.attr.value) for found in uses)

    def _get_session(self, func: cst.BaseExpression) -> bool:
        return any(name.endswith(".get_session") and name.removesuffix("get_session") in SESSION_OWNERS
                   for name in self.qualified_names(func))

    @staticmethod
    def _through(call: cst.Call, session: str) -> bool:
        """`v.load(value, sess)`, `v.eval(sess)` or `v.eval(session=sess)` with `session` the session."""
        args = call.args
        if call.func.attr.value == "load":
            return len(args) == 2 and all(arg.keyword is None and not arg.star for arg in args) and \
                isinstance(args[1].value, cst.Name) and args[1].value.value == session
        return len(args) == 1 and not args[0].star and (args[0].keyword is None or args[0].keyword.value == "session") \
            and isinstance(args[0].value, cst.Name) and args[0].value.value == session

    def leave_SimpleStatementLine(self, original: cst.SimpleStatementLine,
                                  updated: cst.SimpleStatementLine) -> cst.SimpleStatementLine:
        return updated  # removed by leave_IndentedBlock, which keeps the comments above it

    def leave_IndentedBlock(self, original: cst.IndentedBlock, updated: cst.IndentedBlock) -> cst.IndentedBlock:
        """The get_session() lines go; the comments above one stay, above the next statement."""
        if not any(id(statement) in self.dropped for statement in original.body):
            return updated
        body, carried = [], []
        for before, after in zip(original.body, updated.body, strict=True):
            if id(before) in self.dropped:
                self.converted()
                carried += after.leading_lines
                continue
            body.append(after.with_changes(leading_lines=[*carried, *after.leading_lines]) if carried else after)
            carried = []
        return updated.with_changes(body=body or [cst.SimpleStatementLine([cst.Pass()])])

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
        kind = self.calls.get(id(original))
        if kind is None:
            return updated
        self.converted()
        variable = updated.func.value
        if kind == "load":
            return updated.with_changes(func=updated.func.with_changes(attr=cst.Name("assign")),
                                        args=[updated.args[0].with_changes(comma=cst.MaybeSentinel.DEFAULT)])
        AddImportsVisitor.add_needed_import(self.context, "keras")
        return cst.parse_expression(f"keras.ops.convert_to_numpy({code(variable)})")
