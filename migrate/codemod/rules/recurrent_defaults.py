"""Keras 2's recurrent layers, whose defaults Keras 3 changed -> the same layers with Keras 2's defaults written out.

Nothing fails where a default changed: a script that rebuilds its model in code and loads Keras 2's weights
(`load_weights('gru.h5')`) predicts other numbers, or its weights no longer fit. For Keras 2's own layers
(`keras.layers.GRU`, ...; tf.keras's are left: TensorFlow 2's had Keras 3's defaults):
- `GRU` / `GRUCell` without `reset_after` -> `reset_after=False`: every Keras 2 applied the reset gate before the
  recurrent product, Keras 3 after (with two bias rows);
- `ConvLSTM2D` without `recurrent_activation` -> `recurrent_activation=keras2_hard_sigmoid`: every Keras 2 gated it with
  hard_sigmoid, Keras 2's clip(0.2 x + 0.5, 0, 1) (Keras 3's hard_sigmoid is clip(x / 6 + 0.5, 0, 1) and its
  ConvLSTM2D gates with sigmoid); the function is written into the file (`keras2_helpers.HARD_SIGMOID`, registered as
  `keras2>keras2_hard_sigmoid` so that a model saved whole loads back where it is defined: a line of advice says so
  where the file saves one);
- `'hard_sigmoid'` given to any Keras 2 or tf.keras layer as an activation (`LSTM(recurrent_activation='hard_sigmoid')`,
  `Dense(1, activation='hard_sigmoid')`, `Activation('hard_sigmoid')`, `activation=keras.activations.hard_sigmoid`)
  and `K.hard_sigmoid(x)` / `keras.activations.hard_sigmoid(x)` -> the same function: tf.keras's hard_sigmoid was
  Keras 2's until Keras 3.
`LSTM` / `GRU` without `recurrent_activation` stay: Keras 2.3 gated them with sigmoid, as Keras 3 does (the legacy stack
this project checks against), but Keras 2.0 to 2.2 with hard_sigmoid, and the code does not say which it ran on: one
line of advice per file says what to pass where the weights came from Keras 2.2 or older.
A call with `*args` or `**kwargs` is left as it is, reported as advice (what they hold is not seen here). A layer
spelled `CuDNNGRU` / `CuDNNLSTM` (Keras 2's cuDNN layers, which legacy_import_paths imports as `GRU as CuDNNGRU`) is
left: cuDNN gated with sigmoid and reset after, Keras 3's defaults.
tests/codemod/test_recurrent_defaults.py: models of each, from the same weights, predict what Keras 2.3.1 predicted.
"""

from __future__ import annotations

import libcst as cst
from libcst.codemod.visitors import RemoveImportsVisitor

from migrate.codemod.keras2_helpers import HARD_SIGMOID, with_helpers
from migrate.codemod.rule import NAMES, Rule
from migrate.codemod.syntax import keyword, saves_a_model

# Keras 2 layer -> the position of its recurrent_activation among the arguments given by position
GATED = {"LSTM": 2, "GRU": 2, "LSTMCell": 2, "GRUCell": 2, "ConvLSTM2D": 7}
RESET = frozenset({"GRU", "GRUCell"})
HARD_GATES = frozenset({"ConvLSTM2D"})  # hard_sigmoid by default in every Keras 2 (LSTM and GRU until 2.2)
HARD = "keras2_hard_sigmoid"
# Keras 2's and tf.keras's hard_sigmoid functions, clip(0.2 x + 0.5) all (keras.activations' name is Keras 3's too,
# with Keras 3's meaning)
FUNCTIONS = frozenset({f"{root}.{module}.hard_sigmoid" for root in ("keras", "tensorflow.keras")
                       for module in ("backend", "activations")})
LAYER_MODULES = ("keras.layers", "tensorflow.keras.layers", "tensorflow.python.keras.layers")


def _hard_sigmoid(value: cst.BaseExpression) -> bool:
    return isinstance(value, cst.SimpleString) and value.evaluated_value == "hard_sigmoid"


class RecurrentDefaults(Rule):
    NAME = "recurrent_defaults"
    ORDER = 36  # after keras1_arguments (35), whose inner_activation= is recurrent_activation= then
    TRIGGERS = ("LSTM", "GRU", "hard_sigmoid")
    REQUIRES = ("keras",)
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = ("Keras 2's GRU -> reset_after=False, ConvLSTM2D -> recurrent_activation=keras2_hard_sigmoid "
                   "written out; 'hard_sigmoid' -> Keras 2's function")

    def visit_Module(self, node: cst.Module) -> None:
        self.copied: dict[str, str] = {}
        self.defined = {statement.name.value for statement in node.body
                        if isinstance(statement, (cst.FunctionDef, cst.ClassDef))}
        self.sites: list[cst.CSTNode] = []
        self.saves = saves_a_model(node.code.encode())
        self.told = False  # the advice on LSTM's and GRU's Keras 2.0-2.2 gates, once a file

    def _layer(self, func: cst.BaseExpression) -> tuple[str, bool] | None:
        """(the layer class, whether Keras 2's own) for Keras 2's or tf.keras's layer `func` names
        (`keras.layers.LSTM`, `keras.layers.recurrent.LSTM`, `tf.keras.layers.Dense`), or None (not for a layer made and
        called at once, `LSTM(6)(x)`: the outer call is the layer's)."""
        if not isinstance(func, (cst.Name, cst.Attribute)):
            return None
        spelled = func.value if isinstance(func, cst.Name) else func.attr.value
        if spelled.startswith("CuDNN"):  # `GRU as CuDNNGRU` (legacy_import_paths' substitute): cuDNN's gates were
            return None  # sigmoid and its GRU reset after, as Keras 3's defaults are
        for name in self.qualified_names(func):
            module, _, cls = name.rpartition(".")
            for root in LAYER_MODULES:
                if module == root or module.startswith(root + "."):
                    return cls, root == "keras.layers"
        return None

    def _function(self) -> cst.Name:
        if HARD not in self.defined:
            self.copied[HARD] = HARD_SIGMOID[1]
        return cst.Name(HARD)

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
        if self.qualified_names(original.func) & FUNCTIONS and len(updated.args) == 1 and \
                updated.args[0].keyword is None and not updated.args[0].star:
            self.converted()  # `K.hard_sigmoid(x)`: Keras 2's function, keras.ops' is another
            if isinstance(original.func, cst.Name):
                for name in self.qualified_names(original.func) & FUNCTIONS:
                    RemoveImportsVisitor.remove_unused_import(self.context, name.rpartition(".")[0], "hard_sigmoid")
            return updated.with_changes(func=self._function())
        found = self._layer(original.func)
        if found is None:
            return updated
        cls, keras2 = found
        args = list(updated.args)
        changed = False
        for index, arg in enumerate(args):  # 'hard_sigmoid' as an activation, by keyword or `Activation('hard_sigmoid')`
            named = arg.keyword is not None and arg.keyword.value in ("activation", "recurrent_activation")
            first = arg.keyword is None and index == 0 and cls == "Activation"
            gated = arg.keyword is None and index == GATED.get(cls)
            if (named or first or gated) and (_hard_sigmoid(arg.value) or isinstance(arg.value, (cst.Name, cst.Attribute))
                                              and self.qualified_names(original.args[index].value) & FUNCTIONS):
                args[index] = arg.with_changes(value=self._function())
                changed = True
        if cls in GATED and keras2:
            if any(arg.star for arg in args):
                if cls in RESET | HARD_GATES:
                    default = "reset_after=False" if cls in RESET else f"recurrent_activation={HARD} (Keras 2's hard_sigmoid)"
                    self.report(original, f"Keras 2's {cls} defaulted to {default}, Keras 3's does not: where the *args "
                                          "/ **kwargs here do not set it, pass it", advice=True)
                return updated.with_changes(args=args) if changed else updated
            given = {arg.keyword.value for arg in args if arg.keyword is not None}
            positional = sum(arg.keyword is None for arg in args)
            extra = []
            unsaid = "recurrent_activation" not in given and positional <= GATED[cls]
            if unsaid and cls in HARD_GATES:
                extra.append(keyword("recurrent_activation", self._function()))
            elif unsaid and not self.told:
                self.told = True
                self.report(original, f"Keras 2.3 gated {cls} with sigmoid, as Keras 3 does, but Keras 2.0 to 2.2 with "
                                      "hard_sigmoid, clip(0.2 x + 0.5, 0, 1): where this file's recurrent layers load "
                                      "weights trained under Keras 2.2 or older, pass recurrent_activation= a function "
                                      "computing that (Keras 3's hard_sigmoid is clip(x / 6 + 0.5, 0, 1))", advice=True)
            if cls in RESET and "reset_after" not in given:
                extra.append(keyword("reset_after", cst.Name("False")))
            if extra:
                if args and args[-1].comma == cst.MaybeSentinel.DEFAULT:
                    args[-1] = args[-1].with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
                args += [arg.with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
                         for arg in extra[:-1]] + extra[-1:]
                changed = True
        if not changed:
            return updated
        self.converted()
        self.sites.append(original)
        return updated.with_changes(args=args)

    def leave_Module(self, original: cst.Module, updated: cst.Module) -> cst.Module:
        if self.sites and self.saves and HARD in self.copied:
            self.report(self.sites[0], f"a model this file saves whole records its gates as keras2>{HARD} (registered "
                                       "where the file defines it): load it where that function is defined too",
                        advice=True)
        return with_helpers(self.context, updated, self.copied) if self.copied else updated
