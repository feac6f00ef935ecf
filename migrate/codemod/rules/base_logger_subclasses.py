"""`class TrainingMonitor(BaseLogger)` -> `class TrainingMonitor(keras.callbacks.Callback)`, where the class uses none of
BaseLogger's own work.

pyimagesearch's TrainingMonitor (copied with its book's code into many repositories) subclassed Keras 2's BaseLogger
to plot the history at each epoch's end. Keras 3 has no BaseLogger: Keras 2 put it first in every fit's callbacks
to average the batches' metrics into the epoch's `logs`, and Keras 3's fit gives `on_epoch_end` those averages
itself. What a subclass inherited from BaseLogger beyond `keras.callbacks.Callback` was that averaging: the running
`self.seen` / `self.totals` its `on_epoch_begin` and `on_batch_end` kept, and the `logs` its `on_epoch_end` rewrote.
A subclass that reads neither, whose `on_epoch_end` (if it has one) does not call BaseLogger's, and whose
`super().__init__()` passes nothing (BaseLogger's `stateful_metrics`), does with Callback what it did: its base
becomes `keras.callbacks.Callback`. Any other use of BaseLogger stays for the last pass to report. Runs before
`unread_gone_imports`, which then drops the import nothing reads.
"""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m
from libcst.codemod.visitors import AddImportsVisitor

from migrate.codemod.rule import NAMES, Rule

BASE_LOGGER = frozenset(f"{root}.{module}BaseLogger"
                        for root in ("keras", "tensorflow.keras", "tensorflow.python.keras")
                        for module in ("callbacks.", "callbacks.callbacks."))
# what BaseLogger kept and did: its counters, and its own hooks called from a subclass
INHERITED = ("seen", "totals", "stateful_metrics")
HOOKS = ("on_epoch_begin", "on_batch_end", "on_epoch_end")


def _uses_base_logger_work(node: cst.ClassDef) -> bool:
    """Whether the class reads BaseLogger's counters, calls one of its hooks through super() or the base, or passes
    arguments to its __init__."""
    if any(m.findall(node, m.Attribute(value=m.Name("self"), attr=m.OneOf(*[m.Name(name) for name in INHERITED])))):
        return True
    for call in m.findall(node, m.Call(func=m.Attribute())):
        owner, method = call.func.value, call.func.attr.value
        through_super = m.matches(owner, m.Call(func=m.Name("super")))
        through_base = m.matches(owner, m.Name("BaseLogger"))  # `BaseLogger.__init__(self, ...)`: self comes first
        if not (through_super or through_base):
            continue
        if method in HOOKS or (method == "__init__" and len(call.args) > (1 if through_base else 0)):
            return True
    return False


class BaseLoggerSubclasses(Rule):
    NAME = "base_logger_subclasses"
    ORDER = 36  # before unread_gone_imports (65), which drops the import, and legacy_import_paths (70)
    TRIGGERS = ("BaseLogger",)
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = ("class X(BaseLogger) using none of BaseLogger's averaging -> class X(keras.callbacks.Callback) "
                   "(pyimagesearch's TrainingMonitor)")

    def leave_ClassDef(self, original: cst.ClassDef, updated: cst.ClassDef) -> cst.ClassDef:
        bases = [base for base in original.bases if self.qualified_names(base.value) & BASE_LOGGER]
        if len(bases) != 1 or bases[0].keyword is not None or _uses_base_logger_work(original):
            return updated
        self.converted()
        AddImportsVisitor.add_needed_import(self.context, "keras")
        index = list(original.bases).index(bases[0])
        new = [*updated.bases]
        new[index] = new[index].with_changes(value=cst.parse_expression("keras.callbacks.Callback"))
        return updated.with_changes(bases=new)
