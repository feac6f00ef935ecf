"""`tensorflow.compat.v1.keras` -> `tensorflow.keras`: TensorFlow 1's spelling of its own Keras, gone with Keras 3.

Code written for TensorFlow 1.14-2.x took Keras through the compat module (`from tensorflow.compat.v1.keras.layers
import CuDNNLSTM`, `from tensorflow.compat.v1.keras.initializers import glorot_uniform, he_normal`, `import
tensorflow.compat.v1.keras.backend as K`). Under TensorFlow 1 that module was tf.keras itself, and under TensorFlow 2.0-2.15
tf.keras's TensorFlow 1 API: the same classes and functions but for the layers whose TF 1 version computes
otherwise (`GRU` and `GRUCell`, whose v1 `reset_after` is False where tf.keras's is True). TensorFlow 2.16+ has no
`tensorflow.compat.v1.keras` at all. So the import (or the attribute chain `tf.compat.v1.keras.X`) becomes
`tensorflow.keras`'s, where the names then go through the rules every tf.keras name goes through (a CuDNNLSTM becomes
an LSTM, a backend function keras.ops's, a name Keras 3 lacks is reported); a GRU or GRUCell stays, reported. Every
rule reads the names so already (`names.public`), this one respells them.
"""

from __future__ import annotations

import libcst as cst

from migrate.codemod.names import COMPAT_KERAS as PREFIX
from migrate.codemod.names import V1_ONLY
from migrate.codemod.rule import NAMES, Rule
from migrate.codemod.syntax import code, dotted_expression

V1_GRU = ("tf.compat.v1.keras's GRU is TensorFlow 1's, with reset_after=False (Keras 3's GRU defaults to True, "
          "another formula and weight shape): use keras.layers.GRU(..., reset_after=False)")


def _compat_keras(node: cst.Attribute) -> bool:
    """`X.compat.v1.keras`, spelt so."""
    value = node.value
    return node.attr.value == "keras" and isinstance(value, cst.Attribute) and value.attr.value == "v1" and \
        isinstance(value.value, cst.Attribute) and value.value.attr.value == "compat"


class CompatV1Keras(Rule):
    NAME = "compat_v1_keras"
    ORDER = 3  # before every rule that reads a tf.keras name
    TRIGGERS = ("compat.v1.keras",)
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "tensorflow.compat.v1.keras imports and tf.compat.v1.keras.X -> tensorflow.keras (not GRU/GRUCell)"

    def visit_Module(self, node: cst.Module) -> None:
        self.kept: set[int] = set()  # ids of `X.compat.v1.keras` nodes inside a v1-only name

    def visit_Attribute(self, node: cst.Attribute) -> None:
        if self.qualified_names(node) & V1_ONLY and not (isinstance(node.value, cst.Attribute) and id(node.value) in self.kept):
            self.report(node, V1_GRU)
            chain = node.value
            while isinstance(chain, cst.Attribute):
                self.kept.add(id(chain))
                chain = chain.value

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute) -> cst.BaseExpression:
        if id(original) in self.kept or not _compat_keras(updated) or \
                not any(name == PREFIX for name in self.qualified_names(original)):
            return updated
        self.converted()
        return updated.with_changes(value=updated.value.value.value)

    def leave_ImportFrom(self, original: cst.ImportFrom, updated: cst.ImportFrom) -> cst.ImportFrom:
        module = code(updated.module) if updated.module is not None and not updated.relative else ""
        if module != PREFIX and not module.startswith(PREFIX + "."):
            return updated
        if not isinstance(updated.names, cst.ImportStar) and any(
                f"{module}.{code(alias.name)}" in V1_ONLY for alias in updated.names):
            self.report(original, V1_GRU)
            return updated
        self.converted()
        return updated.with_changes(module=dotted_expression("tensorflow.keras" + module[len(PREFIX):]))

    def leave_Import(self, original: cst.Import, updated: cst.Import) -> cst.Import:
        names = []
        for alias in updated.names:
            name = code(alias.name)
            if (name == PREFIX or name.startswith(PREFIX + ".")) and alias.asname is not None:
                self.converted()
                alias = alias.with_changes(name=dotted_expression("tensorflow.keras" + name[len(PREFIX):]))
            names.append(alias)
        return updated.with_changes(names=names)
