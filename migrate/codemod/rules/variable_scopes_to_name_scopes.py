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

Keras layers are no such variables (yumaloop/keras-mobilenetv2-cifar10's `with tf.variable_scope('Res_Group_0',
reuse=tf.AUTO_REUSE):` around its blocks, heefe92's `Conv2D(...)` made in one): a Keras 2 layer made its weights with
`tf.Variable`, which a variable scope only named (its `reuse` was get_variable's), and the layer's own name, which its
h5 weights are found by, never took the scope. So in a module that uses Keras a body may make Keras layers
(`keras.layers.X`, `keras.Input`, through the file's imports) and the scope may be given `reuse=` beside its name, which
goes: the same layers compute the same, Keras 3 names their weights by layer, not by TensorFlow's scopes.
"""

from __future__ import annotations

import re

import libcst as cst
import libcst.matchers as m

from migrate.codemod.factories import uses_keras
from migrate.codemod.names import LAYER_PATHS
from migrate.codemod.outline import Outline
from migrate.codemod.rule import SCOPED, Rule
from migrate.codemod.rules.summary_protos_to_tf2 import _eager_off
from migrate.codemod.rules.tf1_graph_program import graph_program
from migrate.codemod.syntax import code

SCOPES = frozenset({"tensorflow.variable_scope", "tensorflow.compat.v1.variable_scope"})
# A call in the body that may make a variable or a layer (by its spelling): the scope then stays.
INPUTS = frozenset({"keras.Input", "keras.layers.Input", "tensorflow.keras.Input", "tensorflow.keras.layers.Input"})
MAKES_VARIABLES = re.compile(r"variable|Variable|layers|Layer|template|contrib|keras|Dense|Conv|BatchNorm|Embedding")


class VariableScopesToNameScopes(Rule):
    NAME = "variable_scopes_to_name_scopes"
    ORDER = 4  # after tf1_graph_program (same ORDER, name first), whose route keeps every scope; tf1_names_to_tf2
    # leaves variable_scope (graph-only) to the last pass
    TRIGGERS = ("variable_scope",)
    REQUIRES = ("tensorflow", ".tf.")  # `K.tf.variable_scope`: Keras 2's re-export of TensorFlow
    METADATA_DEPENDENCIES = SCOPED
    DESCRIPTION = "with tf.variable_scope(name): around ops making no variable -> with tf.name_scope(name):"

    @classmethod
    def relevant(cls, source: bytes, outline: Outline, survey: object = None) -> bool:
        """A `with` on a call spelt `variable_scope(`: the walk checks it is TensorFlow's."""
        return b"with" in source and any(call.callee is not None and call.callee.endswith("variable_scope")
                                         for call in outline.calls)

    def visit_Module(self, node: cst.Module) -> None:
        self.off = graph_program(self, node) or _eager_off(node)
        self.keras = uses_keras(node.code.encode())

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
        # (`K.tf.variable_scope` -> `K.tf.name_scope`, which backend_functions_to_ops then spells `tf.name_scope`)
        args = [arg for arg in new.args if arg.keyword is None or arg.keyword.value != "reuse"]
        args[-1] = args[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
        return updated.with_changes(items=[updated.items[0].with_changes(item=new.with_changes(func=func, args=args))])


    def _plain_scope(self, block: cst.With) -> bool:
        """Whether a `with` is one variable scope given only its name, around a body that makes no variable."""
        if len(block.items) != 1 or block.items[0].asname is not None:
            return False
        call = block.items[0].item
        return isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and \
            bool(self.qualified_names(call.func) & SCOPES) and \
            _only_a_name(call, self.keras) and \
            not self._makes_variables(block)

    def _makes_variables(self, block: cst.With) -> bool:
        """Whether the body may make a variable or a layer: a call spelt like one, or a def or class (whose calls run
        later, under whatever scope is then open). A plain scope nested in it is no such call: it becomes a name
        scope in the same run (else the outer one would change only in a second run)."""
        # (a lambda given to a Keras layer, `Lambda(lambda x: 1 - x)`, runs at the layer's call: its calls are below)
        if m.findall(block.body, m.FunctionDef() | m.ClassDef()) or \
                (not self.keras and m.findall(block.body, m.Lambda())):
            return True
        nested = {id(inner.items[0].item) for inner in m.findall(block.body, m.With()) if self._plain_scope(inner)}
        return any(MAKES_VARIABLES.search(code(call.func)) and not self._keras_layer(call)
                   for call in m.findall(block.body, m.Call()) if id(call) not in nested)

    def _keras_layer(self, call: cst.Call) -> bool:
        """A Keras layer made (`Conv2D(320, (1, 1))`, `keras.layers.Dense(8)`) or an input, in a module using Keras:
        a scope named its weights only (see the module's docstring). Its call on a tensor (`Conv2D(...)(x)`) is
        another call, of the layer: spelt like none of MAKES_VARIABLES but for the inner one, which is this."""
        names = self.qualified_names(call.func)
        return self.keras and bool(names) and all(name.startswith(LAYER_PATHS) or name in INPUTS for name in names)


def _only_a_name(call: cst.Call, keras: bool = False) -> bool:
    """`variable_scope('name')` / `variable_scope(name)` / `variable_scope(self.name)` /
    `variable_scope(name_or_scope=...)`: a string, a name or an object's `name` (not a scope object, whose reuse
    would carry), nothing else; in a module using Keras, `reuse=` beside it too
    (get_variable's, which the body does not call: it goes)."""
    args = [arg for arg in call.args if not (keras and arg.keyword is not None and arg.keyword.value == "reuse")]
    if len(args) != 1 or args[0].star:
        return False
    arg = args[0]
    return (arg.keyword is None or arg.keyword.value == "name_or_scope") and \
        (isinstance(arg.value, (cst.SimpleString, cst.FormattedString, cst.Name, cst.ConcatenatedString)) or
         m.matches(arg.value, m.Attribute(attr=m.Name("name"))))  # `self.name`: a layer's name, a string

