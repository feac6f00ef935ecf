"""Saving in Keras 3: `save_weights('w.h5')` fails (it wants `.weights.h5`); `.h5` model saves are legacy.

`save_weights` paths and weights-only ModelCheckpoint paths that are string literals ending in `.h5`
get `.weights.h5`; whole-model `.h5` saves keep working in Keras 3 and are reported with the modern
`.keras` alternative.
"""

from __future__ import annotations

import libcst as cst

from migrate.codemod.names import MODEL_CHECKPOINT
from migrate.codemod.rule import NAMES, Rule

H5 = (".h5", ".hdf5")


def _literal_path(node: cst.BaseExpression) -> str | None:
    if isinstance(node, cst.SimpleString):
        return node.evaluated_value if isinstance(node.evaluated_value, str) else None
    return None


def _weights_path(node: cst.SimpleString) -> cst.SimpleString:
    text = node.value
    quote = text[-1]
    body = text[: -1]
    for suffix in H5:
        if body.endswith(suffix) and not body.endswith(".weights" + suffix):
            return node.with_changes(value=body[: -len(suffix)] + ".weights.h5" + quote)
    return node


class H5SavesToKeras3(Rule):
    NAME = "h5_saves_to_keras3"
    ORDER = 25
    TRIGGERS = (".h5", ".hdf5")
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "save_weights('x.h5') -> 'x.weights.h5' (Keras 3 requires it); whole-model .h5 saves reported"

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.Call:
        func = updated.func
        if isinstance(func, cst.Attribute) and func.attr.value in ("save_weights", "save") and updated.args:
            path = _literal_path(updated.args[0].value)
            if path and path.endswith(H5) and not path.endswith(".weights.h5"):
                if func.attr.value == "save_weights":
                    self.converted()
                    first = updated.args[0].with_changes(value=_weights_path(updated.args[0].value))
                    return updated.with_changes(args=[first, *updated.args[1:]])
                self.report(original, f"save('{path}') writes the legacy HDF5 format; Keras 3's own is "
                                      f"'{path.rsplit('.', 1)[0]}.keras'")
            return updated
        if self.qualified_names(original.func) & MODEL_CHECKPOINT and updated.args:
            return self._checkpoint(original, updated)
        return updated

    def _checkpoint(self, original: cst.Call, updated: cst.Call) -> cst.Call:
        weights_only = any(a.keyword is not None and a.keyword.value == "save_weights_only"
                           and isinstance(a.value, cst.Name) and a.value.value == "True" for a in updated.args)
        path = _literal_path(updated.args[0].value)
        if not path or not path.endswith(H5) or path.endswith(".weights.h5"):
            return updated
        if weights_only:
            self.converted()
            return updated.with_changes(args=[updated.args[0].with_changes(value=_weights_path(updated.args[0].value)),
                                              *updated.args[1:]])
        self.report(original, f"ModelCheckpoint('{path}') writes legacy HDF5; Keras 3's own format is .keras")
        return updated
