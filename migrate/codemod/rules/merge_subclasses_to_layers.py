"""A layer subclassing Keras 2's private merge base (`class RandomWeightedAverage(_Merge)` with a `_merge_function`)
-> a `keras.layers.Layer` whose `call` is that function.

keras-contrib's improved_wgan.py example mixed real and generated samples for its gradient penalty with

    class RandomWeightedAverage(_Merge):
        def _merge_function(self, inputs):
            weights = K.random_uniform((BATCH_SIZE, 1, 1, 1))
            return (weights * inputs[0]) + ((1 - weights) * inputs[1])

and the WGAN-GP code of many projects copied it, importing `_Merge` from `keras.layers.merge`, which Keras 3 does not
have (its merge base is private to `keras.src`). Keras 2.3.1's `_Merge.call(inputs)` returned
`self._merge_function(inputs)` for inputs of one rank (it reshaped them first only where their ranks differ), so where
the class defines `_merge_function` and no `call` of its own, and nothing else in the module names `_merge_function`,
the class subclasses `keras.layers.Layer` and the function is its `call`; Keras 3 infers the output's shape by
calling it on symbolic tensors, as Keras 2's `compute_output_shape` broadcast the inputs' shapes. The import goes with
its last use. Inputs of different ranks (which Keras 2 expanded to one rank first) are not checked: the class's
callers give it tensors of one shape.
"""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m
from libcst.codemod.visitors import AddImportsVisitor, RemoveImportsVisitor

from migrate.codemod.rule import NAMES, Rule

BASES = frozenset({"keras.layers.merge._Merge", "tensorflow.keras.layers.merge._Merge",
                   "tensorflow.python.keras.layers.merge._Merge"})
MODULES = ("keras.layers.merge", "tensorflow.keras.layers.merge", "tensorflow.python.keras.layers.merge")


class MergeSubclassesToLayers(Rule):
    NAME = "merge_subclasses_to_layers"
    ORDER = 36  # before backend_functions_to_ops (40) rewrites the function's K calls, and the last pass's report
    TRIGGERS = ("_Merge",)
    REQUIRES = ("keras",)
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "class X(_Merge) with _merge_function(self, inputs) -> class X(keras.layers.Layer) with call(self, inputs)"

    def visit_Module(self, node: cst.Module) -> None:
        # `_merge_function` named anywhere but by the definitions this rule renames (a super() call, another
        # class's call reading it) keeps every class as it is
        self.named = len(m.findall(node, m.Name("_merge_function") | m.Attribute(attr=m.Name("_merge_function"))))

    def leave_ClassDef(self, original: cst.ClassDef, updated: cst.ClassDef) -> cst.ClassDef:
        if len(original.bases) != 1 or original.bases[0].keyword is not None or \
                not self.qualified_names(original.bases[0].value) & BASES:
            return updated
        methods = {statement.name.value: index for index, statement in enumerate(updated.body.body)
                   if isinstance(statement, cst.FunctionDef)}
        if "_merge_function" not in methods or "call" in methods or self.named != 1:
            return updated
        self.converted()
        AddImportsVisitor.add_needed_import(self.context, "keras")
        for module in MODULES:
            RemoveImportsVisitor.remove_unused_import(self.context, module, "_Merge")
        body = list(updated.body.body)
        index = methods["_merge_function"]
        body[index] = body[index].with_changes(name=cst.Name("call"))
        base = updated.bases[0].with_changes(value=cst.parse_expression("keras.layers.Layer"))
        return updated.with_changes(bases=[base], body=updated.body.with_changes(body=body))
