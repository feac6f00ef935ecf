"""`tf.layers.dense(x, 10, name="fc")` -> `tf1_dense(x, 10, name="fc")`, TF 1's function written into the file.

TF 2 has no `tf.layers`, and under Keras 3 neither has `tf.compat.v1` (its layers were Keras 2's); TF 2 has no
`tf.contrib` either. A TF1 graph program built its network with them: `tf.layers.conv1d` / `conv2d` / `conv3d`,
`conv2d_transpose`, `separable_conv2d`, max and average pooling of each rank, `dense`, `dropout`, `flatten`,
`batch_normalization`, contrib's (and slim's, the same) `fully_connected`, `conv2d`, `flatten`, `max_pool2d`,
`avg_pool2d`, `batch_norm`, `instance_norm`, `dropout`, `repeat`, `conv2d_transpose`, `l2_regularizer`,
contrib.framework's `get_variables`, `get_model_variables` and `arg_scope` (contrib's layers written out read the
arg_scope written with them, as TF 1's add_arg_scope made them, and make model variables). Each call becomes a call of
a function written into the file (`migrate.codemod.tf1_layers`), which computes what TF 1.15's layer did with the same
variables under the same scopes, so the program trains as before and restores the checkpoints TF 1 wrote. Only in a
module that uses no Keras and that no program using Keras loads (`Survey.keras_linked`, the graph route's test: those
functions need a graph, and a Keras program keeps eager execution on), that imports TensorFlow as a module name
(`import tensorflow as tf`) and never turns eager execution on; only calls that pass none of the options the functions
do not write out (`tf1_layers.REFUSED`: an activity regularizer, channels_first, renorm). A layer object
(`tf.layers.Dense(10)`) is `tf_layer_classes_to_keras`'s in a module that uses Keras; elsewhere it stays, and the last
pass reports it.
"""

from __future__ import annotations

import libcst as cst
from libcst.codemod.visitors import RemoveImportsVisitor

from migrate.codemod.keras2_helpers import with_helpers
from migrate.codemod.rule import NAMES, Rule
from migrate.codemod.rules.tf1_graph_program import keras_free
from migrate.codemod.syntax import code
from migrate.codemod.tf1_layers import DEPENDS, FUNCTIONS, HELPERS, REFUSED


class TfLayersToGraphFunctions(Rule):
    NAME = "tf_layers_to_graph_functions"
    ORDER = 4  # with the graph route (tf1_graph_program), before the last pass
    # TensorFlow's layers as files spell them; not the bare `layers.` of every Keras file (`keras.layers.Dense`), which
    # made the real-tree benchmark parse most files for nothing
    TRIGGERS = ("tf.layers.", "tensorflow.layers", "compat.v1.layers", "contrib.layers", "contrib import layers",
                "contrib.framework", "contrib.slim", "contrib import slim")
    REQUIRES = ("tensorflow",)
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "tf.layers.dense(x, 10) -> tf1_dense(x, 10), TF 1's function written into a Keras-free graph module"

    def visit_Module(self, node: cst.Module) -> None:
        self.copied: dict[str, str] = {}
        self.active = keras_free(self, node) and "enable_eager_execution(" not in node.code
        self.callees: set[int] = set()

    def visit_Import(self, node: cst.Import) -> bool:
        return False  # a name imported is not a read: the import goes once nothing reads it

    def visit_ImportFrom(self, node: cst.ImportFrom) -> bool:
        return False

    def visit_Call(self, node: cst.Call) -> None:
        self.callees.add(id(node.func))

    def _helper(self, func: cst.BaseExpression) -> str | None:
        """The function written out for TF 1's function `func` names, or None."""
        return next((FUNCTIONS[name.removeprefix("tensorflow.")] for name in self.qualified_names(func)
                     if name.removeprefix("tensorflow.") in FUNCTIONS), None)

    def _copy(self, helper: str, node: cst.BaseExpression) -> cst.Name:
        """The helper's name for `node`, the helper written in (with what it calls), an import nothing reads now gone."""
        self.copied.update({name: HELPERS[name] for name in (helper, *DEPENDS.get(helper, ()))})
        self.converted()
        RemoveImportsVisitor.remove_unused_import_by_node(self.context, node)
        return cst.Name(helper)

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute) -> cst.BaseExpression:
        """A function handed on (`functools.partial(tf.layers.dense, ...)`, `fc = tf.layers.dense`): the one written
        out, which raises for an option it does not write out, whoever passes it."""
        if not self.active or id(original) in self.callees:
            return updated
        helper = self._helper(original)
        return updated if helper is None else self._copy(helper, original)

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
        if not self.active or not isinstance(original.func, (cst.Name, cst.Attribute)):
            return updated  # (a call's qualified names are its callee's: `initializer(seed=3)([3, 4])` is not one)
        helper = self._helper(original.func)
        if helper is None or any(arg.star for arg in updated.args):
            return updated
        for arg in updated.args:
            allowed = REFUSED[helper].get(arg.keyword.value) if arg.keyword is not None else None
            if allowed is not None and code(arg.value) not in allowed:
                return updated  # an option the function does not write out: reported by the last pass
        return updated.with_changes(func=self._copy(helper, original.func))

    def leave_Module(self, original: cst.Module, updated: cst.Module) -> cst.Module:
        if not self.copied:
            return updated
        return with_helpers(self.context, updated, self.copied)
