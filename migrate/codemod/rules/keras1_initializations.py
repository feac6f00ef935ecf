"""Keras 1's `initializations` module in a custom layer -> Keras 3's `initializers` and `add_weight`.

Keras 1 custom layers took an initializer by name, `self.init = initializations.get(init)` (Keras 2 renamed the
module `initializers`), and made each variable by calling it, `self.W = self.init(shape, name='...')`: a Keras 1
initializer returned a variable, which the layer then listed in `self.trainable_weights`. A Keras 3 initializer
returns a tensor and takes no `name`, and a layer's variables come from `add_weight`. So:
- `initializations.get(X)` -> `keras.initializers.get(X)`: Keras 3 knows every name Keras 1 did ('zero', 'one',
  'uniform' and 'normal' with Keras 1's scale 0.05, 'glorot_uniform', 'he_normal', 'orthogonal'...);
- `self.W = self.init(shape, name=N)`, in a class deriving from a Keras layer where `self.init` was set from
  `initializations.get(...)` -> `self.W = self.add_weight(shape=shape, initializer=self.init, name=N)`;
  `layer_weight_lists` then removes the `self.trainable_weights = [...]` that listed it. A variable listed among
  `non_trainable_weights` is left (reported with the module).
The values drawn are Keras 3's (a random initialization; the distributions are the ones Keras 2 gave these names).
Keras 1's initializer functions called directly (`initializations.uniform(shape, scale=...)`) are left, and the import
that reads them is reported.
"""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m
from libcst.codemod.visitors import AddImportsVisitor

from migrate.codemod.rule import NAMES, Rule

GETTERS = frozenset({"keras.initializations.get"})
LAYERS = ("keras.engine.topology.Layer", "keras.engine.Layer", "keras.layers.Layer", "keras.layers.core.Layer",
          "keras.engine.base_layer.Layer")


class Keras1Initializations(Rule):
    NAME = "keras1_initializations"
    ORDER = 40  # before layer_weight_lists (45), which then sees the add_weight calls
    TRIGGERS = ("initializations",)
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = ("initializations.get(X) -> keras.initializers.get(X); self.W = self.init(shape, name=...) in a "
                   "Keras 1 layer -> self.add_weight(shape=..., initializer=self.init, name=...)")

    def visit_Module(self, node: cst.Module) -> None:
        self.makers: set[int] = set()  # ids of the `self.W = self.init(...)` value calls to rewrite
        for klass in m.findall(node, m.ClassDef()):
            if any(self.qualified_names(base.value) & set(LAYERS) for base in klass.bases):
                self._makers(klass)

    def _makers(self, klass: cst.ClassDef) -> None:
        """The calls in `klass` of an initializer it set from `initializations.get` that make one of its variables."""
        getters = {target.target.attr.value for assign in m.findall(klass, m.Assign()) for target in assign.targets
                   if m.matches(target.target, m.Attribute(value=m.Name("self"))) and
                   isinstance(assign.value, cst.Call) and self.qualified_names(assign.value.func) & GETTERS}
        listed = {element.value.attr.value for assign in m.findall(klass, m.Assign()) for target in assign.targets
                  if m.matches(target.target, m.Attribute(value=m.Name("self"), attr=m.Name("non_trainable_weights")))
                  and isinstance(assign.value, (cst.List, cst.Tuple)) for element in assign.value.elements
                  if m.matches(element.value, m.Attribute(value=m.Name("self")))}
        for assign in m.findall(klass, m.Assign(targets=[m.AssignTarget(m.Attribute(value=m.Name("self")))],
                                                value=m.Call(func=m.Attribute(value=m.Name("self"))))):
            call = assign.value
            if call.func.attr.value in getters and assign.targets[0].target.attr.value not in listed and \
                    _shape_and_name(call) is not None:
                self.makers.add(id(call))

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
        if id(original) in self.makers:
            shape, name = _shape_and_name(updated)
            self.converted()
            equal = cst.AssignEqual(cst.SimpleWhitespace(""), cst.SimpleWhitespace(""))
            args = [cst.Arg(shape, keyword=cst.Name("shape"), equal=equal),
                    cst.Arg(updated.func, keyword=cst.Name("initializer"), equal=equal)]
            if name is not None:
                args.append(cst.Arg(name, keyword=cst.Name("name"), equal=equal))
            spaced = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
            args = [arg.with_changes(comma=spaced) for arg in args[:-1]] + args[-1:]
            return cst.Call(func=cst.parse_expression("self.add_weight"), args=args)
        if self.qualified_names(original.func) & GETTERS:
            self.converted()
            AddImportsVisitor.add_needed_import(self.context, "keras")
            return updated.with_changes(func=cst.parse_expression("keras.initializers.get"))
        return updated


def _shape_and_name(call: cst.Call) -> tuple[cst.BaseExpression, cst.BaseExpression | None] | None:
    """A Keras 1 initializer call's shape and `name=`: `init(shape)`, `init(shape, name=N)` (Keras 1's signature
    `(shape, name=None)`; dim_ordering is not taken here)."""
    positional = [arg for arg in call.args if arg.keyword is None and not arg.star]
    keywords = {arg.keyword.value: arg.value for arg in call.args if arg.keyword is not None}
    if len(positional) + len(keywords) != len(call.args) or len(positional) > 2 or set(keywords) - {"shape", "name"}:
        return None
    shape = positional[0].value if positional else keywords.get("shape")
    name = positional[1].value if len(positional) > 1 else keywords.get("name")
    return (shape, name) if shape is not None else None
