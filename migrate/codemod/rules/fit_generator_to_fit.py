"""`fit_generator` / `evaluate_generator` / `predict_generator` -> `fit` / `evaluate` / `predict`.

Keras 3 removed the *_generator methods; `fit` takes generators itself. Positional arguments after the
first become keywords (their positions differ between the old and new signatures), `generator=`
becomes `x=`, and the queue arguments Keras 3 moved onto `keras.utils.PyDataset` are removed and reported
(advice: the call is converted and runs). Keras 1's keywords are renamed first, as Keras 2's legacy interface did
(`max_q_size`, `nb_worker`, `pickle_safe` -> the queue arguments; `samples_per_epoch`, `val_samples` ->
`steps_per_epoch`, `steps`, with advice: Keras 2 read them as batches). A call with more positional arguments than the method ever took
is left and reported as a leftover, failing `--check`. `validation_steps` next to `validation_data=(x, y)` goes
(advice): fit_generator read it only from a generator and evaluated arrays whole, where Keras 3's fit stops
after that many batches. A method of the project's own class with one of
these names (`self.fit_generator()` in a class defining it) is not Keras' and is left alone.
"""

from __future__ import annotations

import libcst as cst

from migrate.codemod.rule import POSITIONS, Rule
from migrate.codemod.syntax import user_method_calls

RENAMED = {"fit_generator": "fit", "evaluate_generator": "evaluate", "predict_generator": "predict"}
LEGACY_SIGNATURES = {
    "fit_generator": ("generator", "steps_per_epoch", "epochs", "verbose", "callbacks", "validation_data",
                      "validation_steps", "validation_freq", "class_weight", "max_queue_size", "workers",
                      "use_multiprocessing", "shuffle", "initial_epoch"),
    "evaluate_generator": ("generator", "steps", "callbacks", "max_queue_size", "workers", "use_multiprocessing",
                           "verbose"),
    "predict_generator": ("generator", "steps", "callbacks", "max_queue_size", "workers", "use_multiprocessing",
                          "verbose"),
}
# Keras 1's keywords, as Keras 2's legacy interface renamed them (`legacy_generator_methods_support`), before Keras 3's
# own renames: `max_q_size=`, `nb_worker=` and `pickle_safe=` then go with the queue arguments below.
KEYWORD_RENAMES = {"generator": "x", "nb_epoch": "epochs", "nb_val_samples": "validation_steps",
                   "samples_per_epoch": "steps_per_epoch", "val_samples": "steps", "max_q_size": "max_queue_size",
                   "nb_worker": "workers", "pickle_safe": "use_multiprocessing"}
# Keras 1 counted these in samples; Keras 2 took the number as batches (it warned so): the script ran that way.
COUNTED_IN_SAMPLES = ("samples_per_epoch", "val_samples", "nb_val_samples")
MOVED_TO_PYDATASET = ("max_queue_size", "workers", "use_multiprocessing")


class FitGeneratorToFit(Rule):
    NAME = "fit_generator_to_fit"
    ORDER = 60
    TRIGGERS = ("fit_generator", "evaluate_generator", "predict_generator")  # RENAMED's keys
    METADATA_DEPENDENCIES = POSITIONS
    DESCRIPTION = "fit_generator/evaluate_generator/predict_generator -> fit/evaluate/predict, arguments renamed"

    def visit_Module(self, node: cst.Module) -> None:
        self.own = user_method_calls(node, set(RENAMED))

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.Call:
        func = updated.func
        if not isinstance(func, cst.Attribute) or func.attr.value not in RENAMED or id(original) in self.own:
            return updated
        method = func.attr.value
        if sum(arg.keyword is None and arg.star == "" for arg in updated.args) > len(LEGACY_SIGNATURES[method]):
            self.report(original, f"{method}: more positional arguments than it ever took; review this call")
            return updated
        args = []
        arrays = method == "fit_generator" and _validates_on_arrays(updated)
        for index, arg in enumerate(updated.args):
            name = arg.keyword.value if arg.keyword else None
            if name is None and index > 0 and arg.star == "":
                name = LEGACY_SIGNATURES[method][index]
                arg = arg.with_changes(keyword=cst.Name(name), equal=cst.AssignEqual(
                    whitespace_before=cst.SimpleWhitespace(""), whitespace_after=cst.SimpleWhitespace("")))
            if arrays and KEYWORD_RENAMES.get(name, name) == "validation_steps":
                self.report(original, f"{name}= removed: validation_data is arrays, which fit_generator evaluated "
                                      "whole (it read the steps only from a generator); Keras 3's fit would stop "
                                      "after that many batches of 32", advice=True)
                continue
            if KEYWORD_RENAMES.get(name, name) in MOVED_TO_PYDATASET:
                self.report(original, f"{name}= removed: Keras 3 takes it on keras.utils.PyDataset(workers=..., "
                                      "use_multiprocessing=..., max_queue_size=...), not on fit()", advice=True)
                continue
            if name in COUNTED_IN_SAMPLES:
                self.report(original, f"{name}= -> {KEYWORD_RENAMES[name]}=, as Keras 2 read it: a number of batches "
                                      "(Keras 1 counted samples); divide by the batch size if samples were meant",
                            advice=True)
            if name in KEYWORD_RENAMES:
                arg = arg.with_changes(keyword=cst.Name(KEYWORD_RENAMES[name]))
            args.append(arg)
        if args:  # removed arguments must not leave a dangling comma behind
            args[-1] = args[-1].with_changes(comma=updated.args[-1].comma)
        self.converted()
        return updated.with_changes(func=func.with_changes(attr=cst.Name(RENAMED[method])), args=args)


def _validates_on_arrays(call: cst.Call) -> bool:
    """`validation_data=(x, y)` (or a list), by keyword or in fit_generator's sixth place: arrays, not a generator."""
    for index, arg in enumerate(call.args):
        named = arg.keyword is not None and arg.keyword.value == "validation_data"
        placed = arg.keyword is None and not arg.star and index == LEGACY_SIGNATURES["fit_generator"].index("validation_data")
        if named or placed:
            return isinstance(arg.value, (cst.Tuple, cst.List))
    return False
