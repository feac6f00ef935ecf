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
- Keras 1's documented custom initializer, `def my_init(shape, name=None): return initializations.normal(shape,
  scale=0.01, name=name)`, given to layers (`init=my_init`, which keras1_arguments makes `kernel_initializer=`) and
  called nowhere in the file -> `def my_init(shape, name=None, dtype=None): return
  keras.initializers.RandomNormal(mean=0.0, stddev=0.01)(shape, dtype=dtype)`: Keras 3 calls an initializer with
  `dtype=` and takes the tensor it returns (Keras 1's normal and uniform drew from N(0, scale) and U(-scale, scale),
  scale 0.05 by default; zero and one are Zeros and Ones).
Keras 1's initializer functions called otherwise (`initializations.uniform(shape, scale=...)` for a variable) are
left, and the import that reads them is reported.
"""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m
from libcst.codemod.visitors import AddImportsVisitor

from migrate.codemod.rule import NAMES, Rule
from migrate.codemod.syntax import code, with_parameter

GETTERS = frozenset({"keras.initializations.get"})
# Keras 1's initializer functions a custom initializer returned, by their Keras 1 bodies (the scale's default 0.05)
# -> the Keras 3 initializer that draws from the same distribution
DRAWN = {"normal": "keras.initializers.RandomNormal(mean=0.0, stddev={scale})",
         "uniform": "keras.initializers.RandomUniform(minval=-{scale}, maxval={scale})",
         "zero": "keras.initializers.Zeros()", "one": "keras.initializers.Ones()"}
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
        self.custom = self._custom_initializers(node)  # id of a def -> its return's Keras 3 expression
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

    def _custom_initializers(self, module: cst.Module) -> dict[int, str]:
        """Keras 1's documented custom initializer, `def my_init(shape, name=None): return
        initializations.normal(shape, scale=0.01, name=name)` (tgjeon/Keras-Tutorials), given to layers by name
        and called nowhere in the file: a Keras 3 layer calls it `my_init(shape, dtype=dtype)` and wants a tensor,
        which the Keras 3 initializer of the same distribution gives."""
        found = {}
        for function in m.findall(module, m.FunctionDef()):
            params = function.params
            if len(params.params) not in (1, 2) or params.star_arg is not cst.MaybeSentinel.DEFAULT and \
                    params.star_arg is not None or params.kwonly_params or params.star_kwarg is not None or \
                    params.params[0].default is not None:
                continue
            if len(params.params) == 2 and params.params[1].name.value != "name":
                continue
            body = function.body.body
            if len(body) != 1 or not m.matches(body[0], m.SimpleStatementLine(body=[m.Return(value=m.Call())])):
                continue
            expression = self._drawn(body[0].body[0].value, params.params[0].name.value)
            uses = [name for name in m.findall(module, m.Name(function.name.value)) if name is not function.name]
            called = {id(call.func) for call in m.findall(module, m.Call(func=m.Name(function.name.value)))}
            if expression is not None and uses and not any(id(name) in called for name in uses):
                found[id(function)] = f"{expression}({params.params[0].name.value}, dtype=dtype)"
        return found

    def _drawn(self, call: cst.Call, shape: str) -> str | None:
        """The Keras 3 initializer of `initializations.normal(shape, scale=S, name=name)` (or uniform, zero, one)."""
        kind = next((name.rpartition(".")[2] for name in self.qualified_names(call.func)
                     if name.startswith("keras.initializations.")), None)
        positional = [arg for arg in call.args if arg.keyword is None]
        keywords = {arg.keyword.value: arg.value for arg in call.args if arg.keyword is not None}
        if kind not in DRAWN or any(arg.star for arg in call.args) or not positional or \
                not m.matches(positional[0].value, m.Name(shape)) or len(positional) > 2 or \
                set(keywords) - {"scale", "name"} or (len(positional) == 2 and "scale" in keywords):
            return None
        scale = positional[1].value if len(positional) == 2 else keywords.get("scale")
        if kind in ("zero", "one") and scale is not None:
            return None
        return DRAWN[kind].format(scale=code(scale) if scale is not None else "0.05")

    def leave_FunctionDef(self, original: cst.FunctionDef, updated: cst.FunctionDef) -> cst.FunctionDef:
        expression = self.custom.get(id(original))
        if expression is None:
            return updated
        self.converted()
        AddImportsVisitor.add_needed_import(self.context, "keras")
        line = updated.body.body[0]
        returned = line.with_changes(body=[line.body[0].with_changes(value=cst.parse_expression(expression))])
        return with_parameter(updated.with_changes(body=updated.body.with_changes(body=[returned])), "dtype")

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
