"""Keras optimizers' `lr=` -> `learning_rate=`; `decay=` is reported (Keras 3 optimizers have none).

Keras 2.3 deprecated `lr`; Keras 3 rejects it. Only calls that resolve to a Keras optimizer class are
touched, so a project's own `Adam(lr=...)` stays as it is.
"""

from __future__ import annotations

import libcst as cst

from migrate.codemod.names import OPTIMIZER_MODULES
from migrate.codemod.rule import NAMES, Rule

OPTIMIZERS = {"SGD", "Adam", "RMSprop", "Adagrad", "Adadelta", "Adamax", "Nadam", "Ftrl"}


class OptimizerLrToLearningRate(Rule):
    NAME = "optimizer_lr_to_learning_rate"
    ORDER = 30
    TRIGGERS = ("lr", "decay")
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "Keras optimizer lr= -> learning_rate=; decay= reported (use a LearningRateSchedule)"

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.Call:
        if not self._is_optimizer(original):
            return updated
        args = []
        changed = False
        for arg in updated.args:
            if arg.keyword is not None and arg.keyword.value == "lr":
                arg = arg.with_changes(keyword=cst.Name("learning_rate"))
                changed = True
            elif arg.keyword is not None and arg.keyword.value == "decay":
                self.report(original, "decay= is gone in Keras 3: pass learning_rate="
                                      "keras.optimizers.schedules.InverseTimeDecay(lr, decay_steps=1, decay_rate=decay)"
                                      " (what Keras 2's decay computed)")
            args.append(arg)
        if changed:
            self.converted()
        return updated.with_changes(args=args)

    def _is_optimizer(self, call: cst.Call) -> bool:
        for name in self.qualified_names(call.func):
            module, _, cls = name.rpartition(".")
            if cls in OPTIMIZERS and (module + ".").startswith(OPTIMIZER_MODULES):
                return True
        return False
