"""`tf.reset_default_graph()` in a program that uses Keras -> `tf.keras.backend.clear_session()`.

Keras 2 kept its state per TensorFlow graph: the counters that name layers (`dense_1`, `dense_2`), and the session.
So TF1 code reset Keras by resetting the graph, between two models built in one process (matterport Mask R-CNN's
`parallel_model.py` test, a hyper-parameter search, a test module): the second model's layers were named as the
first's, which a checkpoint loaded `by_name` and every h5 weight file rely on. TF2 still has compat.v1's
`reset_default_graph`, which runs with eager execution on but leaves Keras 3's state alone: Keras 3 keeps its names
in its own global state, which `keras.backend.clear_session()` resets (and it resets TensorFlow's default graph
too: Keras 3.15's `clear_session` calls compat.v1's function). So, in a module that uses Keras, or that a program
using Keras loads (`Survey.keras_linked`), the call becomes Keras's, spelt through the file's TensorFlow
(`tf.keras.backend.clear_session()`, the same function as `keras.backend.clear_session` under TensorFlow 2.21: no
import is added, which would bind a `keras` a file read unbound, and a second run would then read it) or Keras 2's
backend (`K.tf.reset_default_graph()` -> `K.clear_session()`); in any other module that keeps eager
execution on, compat.v1's (what tf_upgrade_v2 writes: the same graph reset). A TF1 graph program
(`tf1_graph_program`: eager execution off, no Keras) is left to that rule, which spells it compat.v1 too. Not in a
module that sets a mixed-precision policy: Keras 3's `clear_session` resets that policy to float32, which TF1's
graph reset left in place.
"""

from __future__ import annotations

import libcst as cst

from migrate.codemod.factories import uses_keras
from migrate.codemod.rule import NAMES, Rule
from migrate.codemod.rules.tf1_graph_program import graph_program
from migrate.codemod.syntax import code

NAME = "tensorflow.reset_default_graph"


class ResetDefaultGraph(Rule):
    NAME = "reset_default_graph"
    # Before tf1_graph_program and tf1_names_to_tf2 (same ORDER, name first), which would report the call.
    ORDER = 4
    TRIGGERS = ("reset_default_graph",)
    REQUIRES = ("tensorflow", ".tf.", "import tf")
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = ("tf.reset_default_graph() -> tf.keras.backend.clear_session() where Keras is used (Keras 2's layer "
                   "names restarted with the graph), else tf.compat.v1.reset_default_graph()")

    def visit_Module(self, node: cst.Module) -> bool:
        survey = self.context.scratch.get("survey")
        filename = self.context.filename or ""
        self.keras = uses_keras(node.code.encode()) or filename in getattr(survey, "keras_linked", frozenset())
        return "mixed_precision" not in node.code and not graph_program(self, node)

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
        if original.args or not isinstance(original.func, cst.Attribute) or \
                NAME not in self.qualified_names(original.func):
            return updated
        self.converted()
        root = original.func.value
        if self.keras and isinstance(root, cst.Attribute) and root.attr.value == "tf":  # `K.tf`: Keras's backend
            return updated.with_changes(func=cst.Attribute(value=root.value, attr=cst.Name("clear_session")))
        if self.keras:
            return updated.with_changes(func=cst.parse_expression(f"{code(root)}.keras.backend.clear_session"))
        return updated.with_changes(func=cst.parse_expression(f"{code(root)}.compat.v1.reset_default_graph"))
