"""Keras 2 callback arguments Keras 3 refuses: `ReduceLROnPlateau(epsilon=)` -> `min_delta=`, `ModelCheckpoint(period=1)` dropped.

Keras 3's callbacks take no **kwargs, so a keyword it lacks is a TypeError at the line that builds the
callback. `epsilon` is Keras 2.0's name for ReduceLROnPlateau's `min_delta`; `period=1` is what
ModelCheckpoint does by default (`save_freq='epoch'`). `period=N` (every N epochs) has no Keras 3 keyword:
reported. `save_freq=N * steps_per_epoch` is not the same: it saves at the end of a batch, before validation,
so a `val_` monitor (Keras 3 then saves every time, best or not) or `{val_loss}` in the path (a KeyError;
both in qqwweee/keras-yolo3's train.py) finds nothing there. TensorBoard's `write_grads` and `batch_size`, which TensorFlow 2's
Keras already ignored, are removed (advice). Only calls that resolve to a Keras callback class are touched.
"""

from __future__ import annotations

import libcst as cst

from migrate.codemod.rule import NAMES, Rule
from migrate.codemod.syntax import code

MODULES = ("keras.callbacks.", "tensorflow.keras.callbacks.")
RENAMES = {"ReduceLROnPlateau": {"epsilon": "min_delta"}}
DROPPED = {"ModelCheckpoint": {"period": "1"}}
# Dropped whatever their value, with advice: TensorFlow 2's Keras already ignored them (with a warning).
IGNORED = {"TensorBoard": ("write_grads", "batch_size")}
REPORTED = {"ModelCheckpoint": {"period": "Keras 3 saves every epoch (save_freq='epoch') or every N batches "
                                          "(save_freq=N); save_freq=N * steps_per_epoch is no substitute, it saves at "
                                          "a batch end, before validation, where no val_ metric is in the logs (a "
                                          "val_ monitor falls back to saving every time, a {val_...} path fails): "
                                          "drop period= to save "
                                          "every epoch, or save every N epochs from a callback of your own"}}


class CallbackArguments(Rule):
    NAME = "callback_arguments"
    ORDER = 36
    TRIGGERS = ("epsilon=", "epsilon =", "period=", "period =", "write_grads", "batch_size")

    @classmethod
    def triggered(cls, source: bytes, survey: object = None) -> bool:
        """An argument word and a callback the rule knows, by name: `batch_size` alone is in most training
        scripts, and the rule acts only on calls of these classes (aliases and star imports still name them)."""
        return super().triggered(source, survey) and any(
            name.encode() in source for name in {*RENAMES, *DROPPED, *REPORTED, *IGNORED})
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "ReduceLROnPlateau(epsilon=) -> min_delta=, ModelCheckpoint(period=1) dropped; others reported"

    def _callback(self, call: cst.Call) -> str | None:
        for name in sorted(self.qualified_names(call.func)):  # sorted: one answer whatever the hash seed
            for module in MODULES:
                if name.startswith(module) and name.removeprefix(module) in {*RENAMES, *DROPPED, *REPORTED, *IGNORED}:
                    return name.removeprefix(module)
        return None

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.Call:
        callback = self._callback(original)
        if callback is None:
            return updated
        args, changed = [], False
        for before, arg in zip(original.args, updated.args, strict=True):
            keyword = arg.keyword.value if arg.keyword is not None else None
            if keyword in RENAMES.get(callback, {}):
                arg = arg.with_changes(keyword=cst.Name(RENAMES[callback][keyword]))
                changed = True
            elif keyword in DROPPED.get(callback, {}) and code(arg.value) == DROPPED[callback][keyword]:
                changed = True
                continue
            elif keyword in IGNORED.get(callback, ()):
                self.report(before, f"{callback}({keyword}=...) removed: TensorFlow 2's Keras ignored it already, "
                                    "Keras 3 refuses it", advice=True)
                changed = True
                continue
            elif keyword in REPORTED.get(callback, {}):
                self.report(before, f"{callback}({keyword}=...): {REPORTED[callback][keyword]}")
            args.append(arg)
        if not changed:
            return updated
        self.converted()
        if args and updated.args[-1].comma is cst.MaybeSentinel.DEFAULT:
            args[-1] = args[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
        return updated.with_changes(args=args)
