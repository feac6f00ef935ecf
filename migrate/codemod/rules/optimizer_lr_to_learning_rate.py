"""Keras optimizers' `lr=` -> `learning_rate=` (`decay=` is `optimizer_decay_to_schedule`'s), and their `lr`
attribute -> `learning_rate`.

Keras 2.3 deprecated `lr`; Keras 3 rejects it. Only calls that resolve to a Keras optimizer class are
touched, so a project's own `Adam(lr=...)` stays as it is.

A Keras 3 optimizer has no `lr` attribute either: `self.model.optimizer.lr` in a callback (printed, read with
`K.eval`, set: `model.optimizer.lr = 0.01`) is an AttributeError, or an attribute set that nothing reads. Its
`learning_rate` is the same variable, and setting it assigns the variable as Keras 2's `K.set_value` did. Read
where the owner is named as an optimizer (`X.optimizer.lr`, `optimizer.lr`, `opt.lr`), as the backend rewrite of
`K.get_value(model.optimizer.lr)` reads it.
"""

from __future__ import annotations

import libcst as cst

from migrate.codemod.names import keras_optimizer
from migrate.codemod.rule import NAMES, Rule, keyword_pattern

GIVEN = keyword_pattern("lr")
OWNERS = ("optimizer", "opt")  # the last part of an owner named as an optimizer


class OptimizerLrToLearningRate(Rule):
    NAME = "optimizer_lr_to_learning_rate"
    ORDER = 30
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "Keras optimizer lr= -> learning_rate=, model.optimizer.lr -> model.optimizer.learning_rate"

    @classmethod
    def triggered(cls, source: bytes, survey: object = None) -> bool:
        return GIVEN.search(source) is not None or any(f"{owner}.lr".encode() in source for owner in OWNERS)

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute) -> cst.Attribute:
        """`model.optimizer.lr` -> `model.optimizer.learning_rate`."""
        owner = original.value
        named = owner.value if isinstance(owner, cst.Name) else owner.attr.value if isinstance(owner, cst.Attribute) \
            else None
        if original.attr.value != "lr" or named not in OWNERS:
            return updated
        self.converted()
        return updated.with_changes(attr=cst.Name("learning_rate"))

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
