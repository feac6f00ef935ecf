"""`with tf.variable_scope(name):` around ops that make no variable -> `with tf.name_scope(name):`.

Keras-era code wrapped small activation functions in a scope to name their ops in TensorBoard's graph
(Adamdad/keras-YOLOv3-mobilenet's `leakyRelu`: `with tf.variable_scope(name): ... return f1 * x + f2 * tf.abs(x)`).
TF1's variable scope did two things: it opened a name scope of the same name for the ops made in it, and it gave
`tf.get_variable` (and the TF1 layers) a prefix and reuse rules. TF2 has no `tf.variable_scope`; its compat.v1 spelling
is graph-mode machinery. Where the body makes no variable (no `get_variable`, `Variable`, TF1 layer, template or
contrib call, nothing of Keras, no function or class defined), only the first use was at work, and TF2's
`tf.name_scope(name)` is that: the ops and the values they compute are the same (eagerly, a name scope names
nothing at all). Only the plain form is rewritten: one scope given only its name (a string or a name), not bound by
`as`, in a module with eager execution on and not a graph program (`tf1_graph_program`, whose compat.v1 spelling keeps
the scope); anything else is left to the last pass, which reports it.
"""

from __future__ import annotations

import re

import libcst as cst
import libcst.matchers as m

from migrate.codemod.outline import Outline
from migrate.codemod.rule import SCOPED, Rule
from migrate.codemod.rules.summary_protos_to_tf2 import _eager_off
from migrate.codemod.rules.tf1_graph_program import graph_program
from migrate.codemod.syntax import code

SCOPES = frozenset({"tensorflow.variable_scope", "tensorflow.compat.v1.variable_scope"})
# A call in the body that may make a variable or a layer (by its spelling): the scope then stays.
MAKES_VARIABLES = re.compile(r"variable|Variable|layers|Layer|template|contrib|keras|Dense|Conv|BatchNorm|Embedding")


class VariableScopesToNameScopes(Rule):
    NAME = "variable_scopes_to_name_scopes"
    ORDER = 4  # after tf1_graph_program (same ORDER, name first), whose route keeps every scope; tf1_names_to_tf2
    # leaves variable_scope (graph-only) to the last pass
    TRIGGERS = ("variable_scope",)
    REQUIRES = ("tensorflow",)
    METADATA_DEPENDENCIES = SCOPED
    DESCRIPTION = "with tf.variable_scope(name): around ops making no variable -> with tf.name_scope(name):"

    @classmethod
    def relevant(cls, source: bytes, outline: Outline, survey: object = None) -> bool:
        """A `with` on a call spelt `variable_scope(`: the walk checks it is TensorFlow's."""
        return b"with" in source and any(call.callee is not None and call.callee.endswith("variable_scope")
                                         for call in outline.calls)

    def visit_Module(self, node: cst.Module) -> None:
        self.off = graph_program(self, node) or _eager_off(node)

    def leave_With(self, original: cst.With, updated: cst.With) -> cst.With:
        if self.off or len(original.items) != 1 or original.items[0].asname is not None:
            return updated
        if not self._plain_scope(original):
            return updated
        self.converted()
        new = updated.items[0].item
        func = new.func.with_changes(attr=cst.Name("name_scope"))
        if code(func.value).endswith(".compat.v1"):  # tf.compat.v1.variable_scope -> tf.name_scope
            func = func.with_changes(value=func.value.value.value)
        return updated.with_changes(items=[updated.items[0].with_changes(item=new.with_changes(func=func))])


    def _plain_scope(self, block: cst.With) -> bool:
        """Whether a `with` is one variable scope given only its name, around a body that makes no variable."""
        if len(block.items) != 1 or block.items[0].asname is not None:
            return False
        call = block.items[0].item
        return isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and \
            bool(self.qualified_names(call.func) & SCOPES) and _only_a_name(call) and not self._makes_variables(block)

    def _makes_variables(self, block: cst.With) -> bool:
        """Whether the body may make a variable or a layer: a call spelt like one, or a def or class (whose calls run
        later, under whatever scope is then open). A plain scope nested in it is no such call: it becomes a name
        scope in the same run (else the outer one would change only in a second run)."""
        if m.findall(block.body, m.FunctionDef() | m.ClassDef() | m.Lambda()):
            return True
        nested = {id(inner.items[0].item) for inner in m.findall(block.body, m.With()) if self._plain_scope(inner)}
        return any(MAKES_VARIABLES.search(code(call.func)) for call in m.findall(block.body, m.Call())
                   if id(call) not in nested)


def _only_a_name(call: cst.Call) -> bool:
    """`variable_scope('name')` / `variable_scope(name)` / `variable_scope(name_or_scope=...)`: a string or a name
    (not a scope object, whose reuse would carry), nothing else."""
    if len(call.args) != 1 or call.args[0].star:
        return False
    arg = call.args[0]
    return (arg.keyword is None or arg.keyword.value == "name_or_scope") and \
        isinstance(arg.value, (cst.SimpleString, cst.FormattedString, cst.Name, cst.ConcatenatedString))

