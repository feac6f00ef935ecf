"""Keras 2's optimizer `decay=` -> a Keras 3 learning-rate schedule that means the same.

Keras 2 scaled the learning rate by 1 / (1 + decay * iterations) at every step; Keras 3 ignores `decay`
with a warning, so a script silently trains at a constant rate. `InverseTimeDecay(lr, decay_steps=1,
decay_rate=decay)` computes Keras 2's rate (what `migrate convert` does for saved optimizers). `lr`
not given means Keras 2's default for that optimizer; `decay=0` is simply dropped.
"""

from __future__ import annotations

from collections.abc import Sequence

import libcst as cst
from libcst.codemod.visitors import AddImportsVisitor

from migrate.codemod.names import OPTIMIZER_DEFAULT_LR, keras_optimizer
from migrate.codemod.rule import NAMES, Rule, keyword_pattern
from migrate.codemod.syntax import code

RATE = ("learning_rate", "lr")


GIVEN = keyword_pattern("decay")


class OptimizerDecayToSchedule(Rule):
    NAME = "optimizer_decay_to_schedule"
    ORDER = 31  # after optimizer_lr_to_learning_rate
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "Keras optimizer decay= -> learning_rate=InverseTimeDecay(lr, 1, decay), Keras 2's meaning"

    @classmethod
    def triggered(cls, source: bytes, survey: object = None) -> bool:
        return GIVEN.search(source) is not None

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.Call:
        found = keras_optimizer(self.qualified_names(original.func))
        keywords = {arg.keyword.value: arg for arg in updated.args if arg.keyword is not None}
        if found is None or "decay" not in keywords or any(arg.keyword is None for arg in updated.args):
            return updated
        module, cls = found
        decay = keywords["decay"].value
        rate = next((keywords[k].value for k in RATE if k in keywords), None)
        rate = rate if rate is not None else cst.Float(repr(OPTIMIZER_DEFAULT_LR[cls]))
        self.converted()
        if code(decay) in ("0", "0.0", "0."):
            return updated.with_changes(args=_in_place(updated.args, ("decay",), None))
        schedules = "tensorflow.keras.optimizers.schedules" if module.startswith("tensorflow") else \
            "keras.optimizers.schedules"
        AddImportsVisitor.add_needed_import(self.context, schedules, "InverseTimeDecay")
        schedule = cst.parse_expression(f"InverseTimeDecay({code(rate)}, decay_steps=1, decay_rate={code(decay)})")
        new = cst.Arg(schedule, keyword=cst.Name("learning_rate"), equal=cst.AssignEqual(
            whitespace_before=cst.SimpleWhitespace(""), whitespace_after=cst.SimpleWhitespace("")))
        return updated.with_changes(args=_in_place(updated.args, ("decay", *RATE), new))


def _in_place(args: Sequence[cst.Arg], dropped: tuple[str, ...], new: cst.Arg | None) -> list[cst.Arg]:
    """The call's arguments less the `dropped` keywords, `new` standing where the first of them stood (with its
    comma): the others keep their own commas and lines (a call laid out one keyword a line, in columns, stays
    so), and the last argument ends as the call's last did (its comma, the line break before the parenthesis)."""
    kept: list[cst.Arg] = []
    for arg in args:
        if arg.keyword.value not in dropped:
            kept.append(arg)
        elif new is not None:
            kept.append(new.with_changes(comma=arg.comma))
            new = None
    kept[-1:] = [kept[-1].with_changes(comma=args[-1].comma, whitespace_after_arg=args[-1].whitespace_after_arg)] \
        if kept else []
    return kept
