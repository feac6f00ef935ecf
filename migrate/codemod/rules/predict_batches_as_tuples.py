"""A generator that yields bare input batches to `predict_generator` -> one that yields `(x,)`.

Keras 2's predict_generator took each batch as `x`, `(x, y)` or `(x, y, w)`; Keras 3's `predict`
(which `fit_generator_to_fit` makes of it) stops on a bare array: "the generator must return a tuple,
either (input,) or (inputs, targets)...". When the generator is a function of this file, used only to
feed predict, and none of its `yield`s already gives a tuple, each `yield x` becomes `yield (x,)`.
A generator used elsewhere too is reported, a leftover (failing `--check`): changing what it yields
would change those uses.
"""

from __future__ import annotations

import ast

import libcst as cst
import libcst.matchers as m

from migrate.codemod.outline import Outline
from migrate.codemod.rule import POSITIONS, Rule

PREDICT = m.Call(func=m.Attribute(attr=m.Name("predict_generator") | m.Name("predict")),
                 args=[m.Arg(value=m.Call(func=m.Name()), keyword=None), m.ZeroOrMore()])


class PredictBatchesAsTuples(Rule):
    NAME = "predict_batches_as_tuples"
    ORDER = 55  # before fit_generator_to_fit renames predict_generator
    TRIGGERS = ("yield",)
    METADATA_DEPENDENCIES = POSITIONS
    DESCRIPTION = "generators feeding predict_generator yield (x,) instead of x, as Keras 3's predict requires"

    @classmethod
    def triggered(cls, source: bytes, survey: object = None) -> bool:
        return b"yield" in source and b"predict" in source

    @classmethod
    def relevant(cls, source: bytes, outline: Outline, survey: object = None) -> bool:
        """A `predict_generator(f(...))` or `predict(f(...))` whose first argument calls a function defined at the top
        of the file (`PREDICT`, read from Python's own tree): the only generators the walk rewrites or reports."""
        if outline.tree is None:
            return True
        functions = {s.name for s in outline.tree.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))}
        for node in ast.walk(outline.tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                    node.func.attr in ("predict_generator", "predict") and node.args:
                first = node.args[0].value if isinstance(node.args[0], ast.Starred) else node.args[0]
                if isinstance(first, ast.Call) and isinstance(first.func, ast.Name) and first.func.id in functions:
                    return True
        return False

    def visit_Module(self, node: cst.Module) -> None:
        """Module-level generator functions whose only use is as predict's data, and whose yields are bare."""
        generators = {s.name.value: s for s in node.body if isinstance(s, cst.FunctionDef) and _bare_yields(s)}
        fed = {code_name(call.args[0].value.func): call for call in m.findall(node, PREDICT)}
        self.targets: set[str] = set()
        # an attribute of the same name is no use of the function (DogFaceNet's generator `predict_generator`, fed to
        # `model.predict_generator`: counted as a use, it was rewritten only once a first run had renamed the method)
        attributes = {id(attribute.attr) for attribute in m.findall(node, m.Attribute())}
        for name, call in fed.items():
            if name not in generators:
                continue
            uses = [n for n in m.findall(node, m.Name(name)) if n is not generators[name].name and id(n) not in attributes]
            if len(uses) == sum(code_name(c.args[0].value.func) == name for c in m.findall(node, PREDICT)):
                self.targets.add(name)
            else:
                self.report(call, f"{name}() yields bare batches, which Keras 3's predict refuses, and is used "
                                  "elsewhere too: make it yield (x,) where it feeds predict")
        self.function: list[str] = []

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.function.append(node.name.value)

    def leave_FunctionDef(self, original: cst.FunctionDef, updated: cst.FunctionDef) -> cst.FunctionDef:
        self.function.pop()
        return updated

    def leave_Yield(self, original: cst.Yield, updated: cst.Yield) -> cst.Yield:
        if not self.function or self.function[-1] not in self.targets or updated.value is None:
            return updated
        self.converted()
        return updated.with_changes(value=cst.Tuple([cst.Element(updated.value, comma=cst.Comma())]))


def code_name(func: cst.BaseExpression) -> str:
    return func.value if isinstance(func, cst.Name) else ""


def _bare_yields(function: cst.FunctionDef) -> bool:
    """A generator (its own body, not nested functions) whose every yield gives a value that is no tuple."""
    nested = {id(y) for inner in m.findall(function.body, m.FunctionDef() | m.Lambda())
              for y in m.findall(inner, m.Yield())}
    yields = [y for y in m.findall(function.body, m.Yield()) if id(y) not in nested]
    return bool(yields) and all(y.value is not None and not isinstance(y.value, (cst.Tuple, cst.From))
                                for y in yields)
