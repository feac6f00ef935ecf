"""Keras optimizers' `lr=` -> `learning_rate=` (`decay=` is `optimizer_decay_to_schedule`'s).

Keras 2.3 deprecated `lr`; Keras 3 rejects it. Only calls that resolve to a Keras optimizer class are
touched, so a project's own `Adam(lr=...)` stays as it is.
"""

from __future__ import annotations

import libcst as cst

from migrate.codemod.names import keras_optimizer
from migrate.codemod.rule import NAMES, Rule, keyword_pattern

GIVEN = keyword_pattern("lr")


class OptimizerLrToLearningRate(Rule):
    NAME = "optimizer_lr_to_learning_rate"
    ORDER = 30
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "Keras optimizer lr= -> learning_rate="

    @classmethod
    def triggered(cls, source: bytes, survey: object = None) -> bool:
        return GIVEN.search(source) is not None

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.Call:
        if not self._is_optimizer(original):
            return updated
        args = []
        changed = False
        for arg in updated.args:
            if arg.keyword is not None and arg.keyword.value == "lr":
                arg = arg.with_changes(keyword=cst.Name("learning_rate"))
                changed = True
            args.append(arg)
        if changed:
            self.converted()
        return updated.with_changes(args=args)

    def _is_optimizer(self, call: cst.Call) -> bool:
        return keras_optimizer(self.qualified_names(call.func)) is not None
