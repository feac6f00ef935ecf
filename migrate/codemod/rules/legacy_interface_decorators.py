"""`@interfaces.legacy_*_support` on a custom layer's `__init__` -> gone, with its `from keras.legacy import interfaces`.

Keras 2.0-2.3 decorated its layers' constructors with `keras.legacy.interfaces` wrappers that took Keras 1's keyword
names (`dim_ordering='tf'`, `output_dim=`, `init=`) and gave the constructor Keras 2's, warning; custom layers copied
from Keras (segmentation_models' ResizeImage with `@interfaces.legacy_upsampling2d_support`, LSTM-FCN's AttentionLSTM
with `legacy_recurrent_support`) kept the decorator. Keras 3 has no `keras.legacy`, so the import fails. A call that
gives the constructor Keras 2's names (what the decorator passed through unchanged) computes the same without it, so
the decorator goes, and the import with its last use; a call that still gives a Keras 1 name (which keras1_arguments
does not rewrite for a class of the project) then fails with a TypeError naming it, as Keras 3's own layers do: the
advice says so. A decorator on anything but `__init__` (an optimizer's `legacy_get_updates_support`: Keras 2's
optimizer interface, which Keras 3 does not call) is left for the import's report.
"""

from __future__ import annotations

import libcst as cst
from libcst.codemod.visitors import RemoveImportsVisitor

from migrate.codemod.rule import NAMES, Rule

MODULES = ("keras.legacy.interfaces.", "tensorflow.keras.legacy.interfaces.")


class LegacyInterfaceDecorators(Rule):
    NAME = "legacy_interface_decorators"
    ORDER = 68  # before legacy_import_paths (70), which reports a keras.legacy import left
    TRIGGERS = ("legacy_",)
    REQUIRES = ("keras",)
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "@interfaces.legacy_*_support on a layer's __init__ -> removed (Keras 1 keywords it took: advice)"

    def leave_FunctionDef(self, original: cst.FunctionDef, updated: cst.FunctionDef) -> cst.FunctionDef:
        if original.name.value != "__init__":
            return updated
        kept = [decorator for decorator, before in zip(updated.decorators, original.decorators, strict=True)
                if not any(name.startswith(MODULES) and name.rpartition(".")[2].startswith("legacy_")
                           for name in self.qualified_names(before.decorator))]
        if len(kept) == len(updated.decorators):
            return updated
        self.converted()
        self.report(original, "Keras 2's legacy-interface decorator removed (keras.legacy is gone in Keras 3): it only "
                              "renamed Keras 1 keywords given to this constructor (dim_ordering=, output_dim=...); a "
                              "call still giving one now fails with a TypeError naming it", advice=True)
        for module in ("keras.legacy", "tensorflow.keras.legacy"):
            RemoveImportsVisitor.remove_unused_import(self.context, module, "interfaces")
        leading = updated.decorators[0].leading_lines
        if kept:
            kept[0] = kept[0].with_changes(leading_lines=leading)
            return updated.with_changes(decorators=kept)
        return updated.with_changes(decorators=[], leading_lines=[*leading, *updated.leading_lines])
