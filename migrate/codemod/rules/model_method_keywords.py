"""Keras 2's keywords of `fit` / `evaluate` / `predict` / `compile` that Keras 3's Model refuses, on any receiver.

Keras 2.3.1's `fit`, `evaluate` and `predict` took the queue of a generator or Sequence (`max_queue_size`,
`workers`, `use_multiprocessing`; Keras 1's `max_q_size`, `nb_worker`, `pickle_safe`); Keras 3 takes them on
`keras.utils.PyDataset(...)` and its methods raise a TypeError on them. They only set how batches were loaded, so
they go, with advice (as `fit_generator_to_fit` does for the *_generator methods). `compile(sample_weight_mode=
'temporal')` let Keras 2 take per-timestep sample weights; Keras 3 takes a 2D `sample_weight` as it is, so it goes
too (advice). `compile(target_tensors=...)` fed the targets from tensors, which Keras 3 does not: reported.
`train_on_batch` / `test_on_batch(reset_metrics=True)` (Keras 2's default: the batch's own metrics) is what Keras 3
returns, and goes; `reset_metrics=False` (metrics summed over the batches since the last reset) is reported.

The last pass checks a method's keywords only on a receiver it knows to be a model (`model = Sequential()`); these
calls were left silent on a model handed in as a parameter (`def train(model, ...)`). A keyword is taken as Keras'
by its name, in a file that imports Keras or TensorFlow: no other `fit` the Python ecosystem has takes these
names (scikit-learn's, XGBoost's, LightGBM's, PyTorch Lightning's). A method of the project's own class with one of
these names is left alone.
"""

from __future__ import annotations

import libcst as cst

from migrate.codemod.rule import Rule
from migrate.codemod.syntax import keyword_arg, user_method_calls, without_keywords

DATA = ("fit", "evaluate", "predict")
QUEUE = {"max_queue_size": "max_queue_size", "workers": "workers", "use_multiprocessing": "use_multiprocessing",
         "max_q_size": "max_queue_size", "nb_worker": "workers", "pickle_safe": "use_multiprocessing"}
DROPPED_FROM_COMPILE = {"sample_weight_mode": "Keras 3 takes a 2D sample_weight (batch, timesteps) as it is",
                        # TF 2.2-2.3's switch between its tf.function loop and the older one: the same steps either way
                        "experimental_run_tf_function": "Keras 3 has one training loop (run_eagerly=True debugs it)"}
REPORTED_ON_COMPILE = {"target_tensors": "Keras 3 feeds targets only through fit(); pass them as y"}
BATCHES = ("train_on_batch", "test_on_batch")


class ModelMethodKeywords(Rule):
    NAME = "model_method_keywords"
    ORDER = 61  # after fit_generator_to_fit (60), which renames the *_generator methods and their own keywords
    TRIGGERS = (*QUEUE, *DROPPED_FROM_COMPILE, *REPORTED_ON_COMPILE, "reset_metrics")
    REQUIRES = ("keras", "tensorflow")
    DESCRIPTION = ("fit/evaluate/predict(workers=, use_multiprocessing=, max_queue_size=) and compile("
                   "sample_weight_mode=, experimental_run_tf_function=) dropped with advice, compile(target_tensors=) reported, "
                   "train_on_batch(reset_metrics=True) dropped")

    def visit_Module(self, node: cst.Module) -> None:
        self.own = user_method_calls(node, {*DATA, *BATCHES, "compile"})

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.Call:
        func = updated.func
        if not isinstance(func, cst.Attribute) or id(original) in self.own:
            return updated
        method = func.attr.value
        if method in DATA:
            dropped = {name: f"{name}= removed: Keras 3 takes it on keras.utils.PyDataset(workers=..., "
                             f"use_multiprocessing=..., max_queue_size=...), not on {method}()" for name in QUEUE}
        elif method == "compile":
            for arg in updated.args:
                if arg.keyword is not None and arg.keyword.value in REPORTED_ON_COMPILE:
                    self.report(original, f"compile({arg.keyword.value}=...): "
                                          f"{REPORTED_ON_COMPILE[arg.keyword.value]}")
            dropped = {name: f"{name}= removed: {why}" for name, why in DROPPED_FROM_COMPILE.items()}
        elif method in BATCHES:
            given = keyword_arg(updated, "reset_metrics")
            if given is None:
                return updated
            if not (isinstance(given.value, cst.Name) and given.value.value == "True"):
                self.report(original, f"{method}(reset_metrics=...): Keras 3 returns the batch's own metrics, as "
                                      "reset_metrics=True did; summing over batches needs your own running mean")
                return updated
            dropped = {"reset_metrics": ""}
        else:
            return updated
        args = without_keywords(updated.args, dropped)
        if len(args) == len(updated.args):
            return updated
        for arg in updated.args:
            if arg.keyword is not None and dropped.get(arg.keyword.value):
                self.report(original, dropped[arg.keyword.value], advice=True)
        self.converted()
        return updated.with_changes(args=args)
