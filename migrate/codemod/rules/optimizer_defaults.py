"""Keras 2's optimizers whose defaults or step Keras 3 changed -> Keras 3 calls that train as Keras 2's did.

The same class name trains otherwise under Keras 3, with no error and no warning:
- `Adadelta()`: Keras 2's learning rate was 1.0, Keras 3's is 0.001 (Keras's own mnist_cnn.py example, copied into
  countless tutorials, trains a thousand times slower). -> `Adadelta(learning_rate=1.0)`; the step is the same.
- `Adamax()`: 0.002, Keras 3's 0.001. -> `Adamax(learning_rate=0.002)`; the step is the same.
- `Nadam()`: 0.002, Keras 3's 0.001, and Keras 3 fixed the momentum schedule's decay at 1 (its momentum reaches
  beta_1 within a hundred steps, Keras 2's by its `schedule_decay=`, 0.004, took thousands). -> `Keras2Nadam(...)`,
  Keras 3's Nadam with Keras 2's schedule and defaults, written into the file (`keras2_helpers.NADAM`), the call's
  arguments as they were (`schedule_decay=` kept).
- `Adagrad()`: 0.01, Keras 3's 0.001, and Keras 3 starts the accumulators at 0.1 (Keras 2 at zero) and divides by
  sqrt(a + epsilon) (Keras 2 by sqrt(a) + epsilon, a tenfold different step for small gradients). ->
  `Keras2Adagrad(...)` (`keras2_helpers.ADAGRAD`).
- `RMSprop()`: Keras 3 divides by sqrt(a + epsilon), Keras 2 by sqrt(a) + epsilon (threefold for gradients near
  1e-4). -> `Keras2RMSprop(...)` (`keras2_helpers.RMSPROP`), with at most two arguments by position (Keras 2.2 put
  epsilon third, Keras 3 puts momentum there: such a call is reported).
- Every Keras 2 optimizer: `clipnorm=` -> `global_clipnorm=` (Keras 2 clipped by the norm of all the gradients
  together), and `epsilon=None` (Keras 2.2's documented signatures) -> `epsilon=keras.backend.epsilon()`, tf.keras's too.
The copies are registered (`keras2>Keras2Nadam`): a model the file saves whole loads back where the class is defined
(a line of advice says so where the file saves one). A learning rate given stays (for Adadelta and Adamax a call
with one, by keyword or first, is left alone). The compile strings name the same optimizers with their defaults: `compile(optimizer='adadelta')` ->
`optimizer=keras.optimizers.Adadelta(learning_rate=1.0)`, and 'adamax', 'nadam', 'adagrad', 'rmsprop' alike (Keras 2 read
them in any case), in a file that imports Keras 2 (`keras`) and not tf.keras; such a string anywhere else in that
file (an argparse default, a variable later given to compile) is named in a line of advice with what to pass.

Only Keras 2's own classes (`keras.optimizers.X`): tf.keras's (TensorFlow 1.13 to 2.10) had Keras 3's defaults
already, and their Nadam and Adagrad are left as Keras 3's. Runs after the `lr=` and `decay=` rules (a decay's
schedule holds the rate then). Keras 2.3.1's own graph read Nadam's and Adamax's step count racily (before or after
its increment, as with Adam: `backend_training_function`); the copies take the count before the step, as its code
meant (tests/codemod/test_optimizer_defaults.py: Adadelta and Adagrad against Keras 2.3.1's training, Nadam's step
against Keras 2.3.1's formula).
"""

from __future__ import annotations

import re

import libcst as cst
import libcst.matchers as m
from libcst.codemod.visitors import AddImportsVisitor, RemoveImportsVisitor

from migrate.codemod.keras2_helpers import ADAGRAD, NADAM, RMSPROP, with_helpers
from migrate.codemod.names import keras_optimizer
from migrate.codemod.rule import NAMES, Rule
from migrate.codemod.syntax import keyword, saves_a_model

# Keras 2 class -> its default learning rate, where only the default changed.
RATES = {"Adadelta": "1.0", "Adamax": "0.002"}
# Keras 2 class -> the copy that takes its step.
COPIES = {"Nadam": NADAM, "Adagrad": ADAGRAD, "RMSprop": RMSPROP}
# Arguments by position the copy takes as Keras 2 did (Keras2RMSprop is Keras 3's RMSprop: learning rate and rho).
POSITIONAL = {"RMSprop": 2}
# A compile string (lower case: Keras 2 read it so) -> what it meant.
STRINGS = {"adadelta": "keras.optimizers.Adadelta(learning_rate=1.0)",
           "adamax": "keras.optimizers.Adamax(learning_rate=0.002)", "nadam": "Keras2Nadam()",
           "adagrad": "Keras2Adagrad()", "rmsprop": "Keras2RMSprop()"}
_KERAS2 = re.compile(rb"^[ \t]*(?:import[ \t]+keras\b|from[ \t]+keras[\w.]*[ \t]+import\b)", re.M)
_TF_KERAS = re.compile(rb"tensorflow\.keras|tensorflow[ \t]+import[ \t]+keras|tf\.keras")


class OptimizerDefaults(Rule):
    NAME = "optimizer_defaults"
    ORDER = 32  # after optimizer_lr_to_learning_rate (30) and optimizer_decay_to_schedule (31)
    TRIGGERS = ("Adadelta", "Adamax", "Nadam", "Adagrad", "RMSprop", "adadelta", "adamax", "nadam", "adagrad", "rmsprop",
                "epsilon", "clipnorm")
    REQUIRES = ("keras",)
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = ("Keras 2's Adadelta/Adamax() -> their Keras 2 learning rate written out; Nadam/Adagrad/RMSprop -> "
                   "Keras2Nadam/Keras2Adagrad/Keras2RMSprop (Keras 2's step); compile strings alike; clipnorm -> "
                   "global_clipnorm")

    def visit_Module(self, node: cst.Module) -> None:
        self.copied: dict[str, str] = {}
        source = node.code.encode()
        self.strings = _KERAS2.search(source) is not None and _TF_KERAS.search(source) is None
        self.defined = {statement.name.value for statement in node.body
                        if isinstance(statement, (cst.FunctionDef, cst.ClassDef))}
        self.compiled: set[int] = set()  # a compile call's arguments, as written
        self.copy_sites: list[cst.CSTNode] = []  # the calls that became a copy, as written
        self.saves = saves_a_model(source)
        self.callees: set[int] = set()  # the callee of every call
        self.mentioned: list[cst.CSTNode] = []  # names that may be one of the classes, outside imports
        lowered = source.lower()  # the strings Keras 2 read in any case, where the text may hold one
        self.named = [string for string in m.findall(node, m.SimpleString()) if
                      string.evaluated_value.lower() in STRINGS] \
            if self.strings and any(name.encode() in lowered for name in STRINGS) else []

    def visit_Call(self, node: cst.Call) -> None:
        self.callees.add(id(node.func))

    def visit_ImportFrom(self, node: cst.ImportFrom) -> bool:
        return False  # an imported name is not a use of the class

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        self.callees.update(id(base.value) for base in node.bases)  # a subclass (Keras2Nadam's own) is no hand-on

    def visit_Name(self, node: cst.Name) -> None:
        if node.value in RATES or node.value in COPIES:
            self.mentioned.append(node)

    def visit_Attribute(self, node: cst.Attribute) -> None:
        if node.attr.value in RATES or node.attr.value in COPIES:
            self.mentioned.append(node)

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
        if isinstance(original.func, cst.Attribute) and original.func.attr.value == "compile":
            return self._compile(original, updated)
        found = keras_optimizer(self.qualified_names(original.func))
        if found is None or any(arg.star for arg in updated.args):
            return updated
        updated = self._keywords(updated, keras2=found[0] == "keras.optimizers")
        if found[0] != "keras.optimizers":
            return updated
        cls = found[1]
        if cls in RATES and not any(arg.keyword is None or arg.keyword.value in ("learning_rate", "lr")
                                    for arg in updated.args):
            self.converted()
            rate = keyword("learning_rate", cst.Float(RATES[cls])).with_changes(
                comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")) if updated.args else cst.MaybeSentinel.DEFAULT)
            return updated.with_changes(args=[rate, *updated.args])
        if cls in COPIES:
            if sum(arg.keyword is None for arg in updated.args) > POSITIONAL.get(cls, len(updated.args)):
                self.report(original, f"Keras 2's {cls} is called with its arguments by position past the second "
                                      "(Keras 2.2 put epsilon third, Keras 3 puts momentum there): name them and run "
                                      f"again to have Keras 2's step ({COPIES[cls][0]}, written into the file)")
                return updated
            self.converted()
            self.copy_sites.append(original)
            return updated.with_changes(func=cst.Name(self._copy(original.func, COPIES[cls])))
        return updated

    def _keywords(self, call: cst.Call, keras2: bool) -> cst.Call:
        """`epsilon=None` -> `epsilon=keras.backend.epsilon()` (what Keras 2 and tf.keras read it as; Keras 3's
        optimizers fail at their first step on None), and Keras 2's `clipnorm=` -> `global_clipnorm=` (Keras 2 clipped
        by the norm of all the gradients together; Keras 3's clipnorm clips each by its own; tf.keras's did too)."""
        args = list(call.args)
        for index, arg in enumerate(args):
            if arg.keyword is None:
                continue
            if arg.keyword.value == "epsilon" and isinstance(arg.value, cst.Name) and arg.value.value == "None":
                self.converted()
                AddImportsVisitor.add_needed_import(self.context, "keras")
                args[index] = arg.with_changes(value=cst.parse_expression("keras.backend.epsilon()"))
            elif keras2 and arg.keyword.value == "clipnorm":
                self.converted()
                args[index] = arg.with_changes(keyword=cst.Name("global_clipnorm"))
        return call.with_changes(args=args) if args != list(call.args) else call

    def _copy(self, func: cst.BaseExpression, helper: tuple[str, str]) -> str:
        """The copy's name, written into the file once (unless the file defines it: a second run); the import of
        the class it replaces goes once unused."""
        name, source = helper
        if name not in self.defined:
            self.copied[name] = source
        if isinstance(func, cst.Name):
            for qualified in self.qualified_names(func):
                module, _, imported = qualified.rpartition(".")
                RemoveImportsVisitor.remove_unused_import(self.context, module, imported,
                                                          func.value if func.value != imported else None)
        return name

    def _compile(self, original: cst.Call, updated: cst.Call) -> cst.Call:
        """`model.compile(optimizer='adadelta', ...)` (or the string first) -> the optimizer Keras 2 meant."""
        if not self.strings:
            return updated
        self.compiled.update(id(arg.value) for arg in original.args)
        args = list(updated.args)
        for index, arg in enumerate(args):
            keyword = arg.keyword.value if arg.keyword is not None else None
            if keyword == "optimizer" or (keyword is None and index == 0 and
                                          any(a.keyword is not None and a.keyword.value == "loss" for a in args)):
                value = arg.value
                if not isinstance(value, cst.SimpleString) or value.evaluated_value.lower() not in STRINGS:
                    return updated
                meant = STRINGS[value.evaluated_value.lower()]
                self.converted()
                if meant.startswith("keras."):
                    AddImportsVisitor.add_needed_import(self.context, "keras")
                else:
                    name = meant.removesuffix("()")
                    self.copy_sites.append(arg.value)
                    if name not in self.defined:
                        self.copied[name] = next(source for copy, source in COPIES.values() if copy == name)
                args[index] = arg.with_changes(value=cst.parse_expression(meant))
                return updated.with_changes(args=args)
        return updated

    def leave_Module(self, original: cst.Module, updated: cst.Module) -> cst.Module:
        for node in self.mentioned:  # `optimizers = {'nadam': Nadam}`: the class handed on, called elsewhere
            found = None if id(node) in self.callees else keras_optimizer(self.qualified_names(node))
            if found is not None and found[0] == "keras.optimizers" and found[1] in {**RATES, **COPIES} and \
                    not (isinstance(node, cst.Name) and any(id(node) == id(a.attr) for a in self.mentioned
                                                            if isinstance(a, cst.Attribute))):
                meant = f"{COPIES[found[1]][0]}" if found[1] in COPIES else \
                    f"keras.optimizers.{found[1]}(learning_rate={RATES[found[1]]}, ...)"
                self.report(node, f"Keras 2's {found[1]} is handed on here, not called: Keras 3's trains otherwise "
                                  f"(its defaults or its step); where it is called, call {meant} instead", advice=True)
        if self.copy_sites and self.saves:
            self.report(self.copy_sites[0], "a model this file saves whole records its optimizer as keras2>Keras2... "
                                            "(registered where the file defines it): load it where that class is "
                                            "defined too, or with keras.models.load_model(path, compile=False)",
                        advice=True)
        for string in self.named:
            if id(string) not in self.compiled:
                name = string.evaluated_value.lower()
                self.report(string, f"{string.value} names Keras 2's {name} optimizer, which Keras 3 builds otherwise "
                                    f"from the string: where it reaches compile(optimizer=...), pass {STRINGS[name]} "
                                    "(Keras 2's defaults and step) instead", advice=True)
        return with_helpers(self.context, updated, self.copied) if self.copied else updated
