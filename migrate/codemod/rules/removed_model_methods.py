"""Model methods Keras 3 removed whose Keras 2 bodies are a few lines over methods it kept.

- `model.predict_classes(x)` (Keras 2's Sequential; gone since TensorFlow 2.6) -> `keras2_predict_classes(model, x)`,
  a function written into the file (`keras2_helpers.PREDICT_CLASSES`): Keras 2.3.1's body, the argmax of the
  predictions or, for one output, the prediction thresholded at 0.5.
- `model.predict_proba(x)` on a model the file made -> `model.predict(x, verbose=0)` (scikit-learn's predict_proba
  stays): Keras 2.3.1's predict_proba was predict (it warned when
  the values were not probabilities), with verbose 0 by default where Keras 3's predict prints a progress bar.
- `model.reset_states()` on a model the file made (`Sequential(...)`, `Model(...)`, `load_model(...)`, bound to a
  name or to an attribute of `self` the file sets to nothing else) ->
  `keras2_reset_states(model)` (`keras2_helpers.RESET_STATES`): Keras 2's Model reset every stateful layer; Keras 3's
  models have no such method (its RNN layers still do, so a layer's `lstm.reset_states()` is left as it is).

A project's own method of one of these names (`user_method_calls`) is left alone.
"""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from migrate.codemod.keras2_helpers import PREDICT_CLASSES, RESET_STATES, with_helpers
from migrate.codemod.names import MODEL_MAKERS
from migrate.codemod.rule import NAMES, Rule
from migrate.codemod.syntax import code, receiver_first, user_method_calls

METHODS = frozenset({"predict_classes", "predict_proba", "reset_states"})


class RemovedModelMethods(Rule):
    NAME = "removed_model_methods"
    ORDER = 58  # before fit_generator_to_fit (60), which reads predict calls
    TRIGGERS = tuple(sorted(METHODS))
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = ("model.predict_classes(x) -> keras2_predict_classes(model, x), model.predict_proba(x) -> "
                   "model.predict(x, verbose=0), model.reset_states() -> keras2_reset_states(model)")

    def visit_Module(self, node: cst.Module) -> None:
        self.own = user_method_calls(node, set(METHODS))
        self.models = self.names_made_by(node, MODEL_MAKERS) | self._attributes_made(node)
        self.copied: dict[str, str] = {}

    def _attributes_made(self, module: cst.Module) -> set[str]:
        """`self.model` where every assignment of it in the file is a model made (`self.model =
        keras.models.load_model(path)`: Bipinoli/Music-Generation-with-LSTM's chord model)."""
        made: dict[str, bool] = {}
        for assign in m.findall(module, m.Assign(targets=[m.AssignTarget(target=m.Attribute(value=m.Name("self")))])):
            name = code(assign.targets[0].target)
            made[name] = made.get(name, True) and isinstance(assign.value, cst.Call) and \
                bool(self.qualified_names(assign.value.func) & MODEL_MAKERS)
        for target in m.findall(module, m.AssignTarget() | m.AugAssign()):
            inner = target.target
            for element in m.findall(inner, m.Attribute(value=m.Name("self"))):  # `self.model, x = ...`
                if inner is not element and code(element) in made:
                    made[code(element)] = False
        return {name for name, only in made.items() if only}

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
        func = updated.func
        if not isinstance(func, cst.Attribute) or func.attr.value not in METHODS or id(original) in self.own or \
                any(arg.star for arg in updated.args):
            return updated
        method = func.attr.value
        known = isinstance(func.value, (cst.Name, cst.Attribute)) and code(func.value) in self.models
        if method in ("predict_proba", "reset_states") and not known:  # scikit-learn's predict_proba, a layer's reset
            return updated
        if method == "predict_proba":
            self.converted()
            args = list(updated.args)
            if len([arg for arg in args if arg.keyword is None]) < 3 and \
                    not any(arg.keyword is not None and arg.keyword.value == "verbose" for arg in args):
                if args:
                    args[-1] = args[-1].with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
                args.append(cst.Arg(cst.Integer("0"), keyword=cst.Name("verbose"),
                                    equal=cst.AssignEqual(cst.SimpleWhitespace(""), cst.SimpleWhitespace(""))))
            return updated.with_changes(func=func.with_changes(attr=cst.Name("predict")), args=args)
        if method == "reset_states" and updated.args:
            return updated
        name, source = PREDICT_CLASSES if method == "predict_classes" else RESET_STATES
        self.copied[name] = source
        self.converted()
        return receiver_first(updated, name)

    def leave_Module(self, original: cst.Module, updated: cst.Module) -> cst.Module:
        return with_helpers(self.context, updated, self.copied) if self.copied else updated
