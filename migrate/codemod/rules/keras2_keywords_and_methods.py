"""Keyword arguments and model methods of Keras 2 that Keras 3's same-named callables lack.

`to_categorical(y, n, dtype='float32')`: Keras 3's takes no dtype (a TypeError) and returns a NumPy array, so the
dtype goes to `.astype(...)`. `Nadam(schedule_decay=0.004)`: Keras 3's Nadam has no schedule_decay; Keras 2's
default goes (what a plain `Nadam()` becomes too), another value is reported. `model._make_predict_function()`
(and the train/test ones), a statement warming the function up before threads use the model: Keras 3 names it
`make_predict_function()`; a use of what it returns is reported. A project's own method of that name is left alone.
`regularizers.l2(l=1e-4)`: Keras 3's l1 / l2 name their parameter l1 / l2; the keyword is renamed, as are
`to_categorical(y=labels)`'s (Keras 3's parameter is x) and `text_to_word_sequence(text=...)`'s / `one_hot(text=...)`'s
(the legacy port in Keras 3's tensorflow.keras names it input_text; hashing_trick kept text).
`vgg16.preprocess_input(x, mode='tf')`: Keras 2's vgg16, vgg19 and resnet50 modules gave keras_applications'
imagenet_utils.preprocess_input itself, which took a mode; Keras 3's are caffe's alone and take none, so the call goes
to `keras.applications.imagenet_utils.preprocess_input`, the same function with the mode (Keras 2.3.1's values).
"""

from __future__ import annotations

import re

import libcst as cst
from libcst.codemod.visitors import AddImportsVisitor, RemoveImportsVisitor
from libcst.metadata import QualifiedNameProvider

from migrate.codemod.names import keras_optimizer
from migrate.codemod.rule import NAMES, Rule
from migrate.codemod.syntax import code, user_method_calls

TO_CATEGORICAL = frozenset({f"{root}.{module}to_categorical" for root in ("keras", "tensorflow.keras")
                            for module in ("utils.", "utils.np_utils.", "")})
# Parameters Keras 3 renamed, same place and meaning: function -> {Keras 2's keyword: Keras 3's}
RENAMED_PARAMETERS = {**{name: {"y": "x"} for name in TO_CATEGORICAL},
                      **{f"{root}.preprocessing.text.{name}": {"text": "input_text"}
                         for root in ("keras", "tensorflow.keras") for name in ("text_to_word_sequence", "one_hot")}}
# Keras 2's `l1(l=0.01)` / `l2(l=0.01)` were `L1L2(l1=l)` / `L1L2(l2=l)`; Keras 3's `l1` / `l2` (the L1 / L2 classes)
# name their one parameter `l1` / `l2`: the same penalty under the new keyword.
REGULARIZERS = {f"{root}.regularizers.{name}": name for root in ("keras", "tensorflow.keras") for name in ("l1", "l2")}
L_KEYWORD = re.compile(rb"[(,][ \t]*l[ \t]*=[^=]")
# Keras 2's application modules whose preprocess_input was imagenet_utils.preprocess_input itself (mode= and a third
# positional argument taken); the others' passed their own mode.
PREPROCESS_WITH_MODE = frozenset({f"{root}.applications.{module}.preprocess_input" for root in ("keras", "tensorflow.keras")
                                  for module in ("vgg16", "vgg19", "resnet50")})
PREPROCESS_MODE = re.compile(rb"preprocess_input\b[^\n]*\bmode\b|preprocess_input\([^,()\n]+,[^,()\n]+,")
PRIVATE_FUNCTIONS = ("_make_train_function", "_make_test_function", "_make_predict_function")
NADAM_DEFAULT_DECAY = ("0.004", "4e-3", ".004")


class Keras2KeywordsAndMethods(Rule):
    NAME = "keras2_keywords_and_methods"
    ORDER = 75  # after legacy_import_paths (70): keras.utils.np_utils.to_categorical is keras.utils' by then
    TRIGGERS = ("to_categorical", "schedule_decay", "_make_train_function", "_make_test_function",
                "_make_predict_function", "text_to_word_sequence", "one_hot")
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = ("to_categorical(dtype=) -> .astype(), Nadam(schedule_decay=) dropped, model._make_*_function() -> "
                   "make_*_function(), regularizers.l2(l=) -> l2=, vgg16.preprocess_input(mode=) -> "
                   "imagenet_utils.preprocess_input")

    @classmethod
    def triggered(cls, source: bytes, survey: object = None) -> bool:
        return super().triggered(source, survey) or (b"regularizers" in source and L_KEYWORD.search(source) is not None) \
            or PREPROCESS_MODE.search(source) is not None

    def visit_Module(self, node: cst.Module) -> None:
        self.own = user_method_calls(node, set(PRIVATE_FUNCTIONS))
        self.statements: set[int] = set()  # calls that are whole statements: what they return is not used

    def visit_Expr(self, node: cst.Expr) -> None:
        self.statements.add(id(node.value))

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
        func = original.func
        if isinstance(func, cst.Attribute) and func.attr.value in PRIVATE_FUNCTIONS and id(original) not in self.own:
            return self._private_function(original, updated)
        if (any(arg.keyword is not None and arg.keyword.value == "mode" for arg in original.args) or
                sum(arg.keyword is None for arg in original.args) > 2) and self.qualified_names(func) & PREPROCESS_WITH_MODE:
            return self._preprocess_input(original, updated)
        if not any(arg.keyword is not None and arg.keyword.value in ("dtype", "schedule_decay", "l", "y", "text")
                   for arg in original.args):
            return updated
        names = self.qualified_names(func)
        renamed = next((RENAMED_PARAMETERS[name] for name in names if name in RENAMED_PARAMETERS), {})
        if any(arg.keyword is not None and arg.keyword.value in renamed for arg in updated.args):
            self.converted()  # `to_categorical(y=labels)`: Keras 3 names the labels x
            updated = updated.with_changes(args=[arg.with_changes(keyword=cst.Name(renamed[arg.keyword.value]))
                                                 if arg.keyword is not None and arg.keyword.value in renamed else arg
                                                 for arg in updated.args])
        penalty = next((REGULARIZERS[name] for name in names if name in REGULARIZERS), None)
        if penalty is not None:  # `regularizers.l2(l=1e-4)` -> `regularizers.l2(l2=1e-4)`
            self.converted()
            return updated.with_changes(args=[arg.with_changes(keyword=cst.Name(penalty))
                                              if arg.keyword is not None and arg.keyword.value == "l" else arg
                                              for arg in updated.args])
        if names & TO_CATEGORICAL:
            if not any(arg.keyword is not None and arg.keyword.value == "dtype" for arg in updated.args):
                return updated
            return self._to_categorical(updated)
        optimizer = keras_optimizer(names)
        if optimizer is not None and optimizer[1] == "Nadam":
            return self._nadam(original, updated)
        return updated

    def _private_function(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
        public = original.func.attr.value.removeprefix("_")
        if id(original) not in self.statements or original.args:
            self.report(original, f"{original.func.attr.value}() is gone in Keras 3: {public}() builds the function, "
                                  "which takes a data iterator, not Keras 2's input lists; rewrite the use of it")
            return updated
        self.converted()
        return updated.with_changes(func=updated.func.with_changes(attr=cst.Name(public)))

    def _preprocess_input(self, original: cst.Call, updated: cst.Call) -> cst.Call:
        """`preprocess_input(img, mode='tf')` (from keras.applications.vgg16) ->
        `keras.applications.imagenet_utils.preprocess_input(img, mode='tf')`; the import goes once unused."""
        self.converted()
        AddImportsVisitor.add_needed_import(self.context, "keras")
        if isinstance(original.func, cst.Name):
            for name in self.get_metadata(QualifiedNameProvider, original.func, set()):
                module, _, obj = name.name.rpartition(".")
                RemoveImportsVisitor.remove_unused_import(self.context, module, obj, original.func.value
                                                          if original.func.value != obj else None)
        return updated.with_changes(func=cst.parse_expression("keras.applications.imagenet_utils.preprocess_input"))

    def _to_categorical(self, updated: cst.Call) -> cst.BaseExpression:
        dtype = next(arg for arg in updated.args if arg.keyword is not None and arg.keyword.value == "dtype")
        args = [arg for arg in updated.args if arg is not dtype]
        if args:
            args[-1] = args[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
        self.converted()
        astype = cst.Attribute(value=updated.with_changes(args=args), attr=cst.Name("astype"))
        return cst.Call(func=astype, args=[cst.Arg(dtype.value)])

    def _nadam(self, original: cst.Call, updated: cst.Call) -> cst.Call:
        decay = next(arg for arg in updated.args if arg.keyword is not None and arg.keyword.value == "schedule_decay")
        if code(decay.value) not in NADAM_DEFAULT_DECAY:
            self.report(original, f"Keras 3's Nadam has no schedule_decay (its momentum schedule is fixed): "
                                  f"schedule_decay={code(decay.value)} cannot be kept; drop it, or write the schedule")
            return updated
        args = [arg for arg in updated.args if arg is not decay]
        if args:
            args[-1] = args[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
        self.converted()
        return updated.with_changes(args=args)
