"""A TensorFlow 1 optimizer given to a Keras `compile` -> Keras 3's optimizer with the same update.

tf.keras under TensorFlow 1 took `tf.train` optimizers (TensorFlow's own tutorials wrote
`model.compile(optimizer=tf.train.AdamOptimizer(0.001), ...)`): Keras wrapped them and let them apply the
gradients. TensorFlow 2 keeps them only in `tf.compat.v1`, as graph-mode optimizers Keras 3 refuses. Keras 3 has
the same three updates:
- `AdamOptimizer(learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1e-08)` -> `Adam(learning_rate=..., beta_1=...,
  beta_2=..., epsilon=...)`. Both step by `lr * sqrt(1 - beta2^t) / (1 - beta1^t) * m / (sqrt(v) + epsilon)`;
  TensorFlow 1's epsilon defaulted to 1e-08 and Keras 3's to 1e-07, so epsilon is always written.
- `GradientDescentOptimizer(learning_rate)` -> `SGD(learning_rate=...)`.
- `MomentumOptimizer(learning_rate, momentum, use_nesterov=False)` -> `SGD(learning_rate=..., momentum=...,
  nesterov=...)`: TensorFlow 1 kept `a = momentum * a + g` and stepped by `lr * a`, Keras 3 keeps `v = momentum * v -
  lr * g` and steps by `v`: the same steps for a constant learning rate.
tests/codemod/test_tf1_optimizers_to_keras.py trains one model under TensorFlow 1.15's tf.keras with each and under
Keras 3 with the rewrite: the same weights.

Only an optimizer Keras is given: the call written as `compile`'s optimizer (its first argument or `optimizer=`), or
assigned once to a name that is read only there. Other TF1 optimizers (`minimize` in a graph, RMSProp, whose TF1
form starts its mean square at one and adds epsilon inside the square root, Adagrad, Adadelta) are left to the TF1
rules' report. A call with `use_locking` other than False, or with arguments it cannot see (`*args`, `**kwargs`), is
left too. The new name is spelt from the file's `tensorflow` (`tf.keras.optimizers.Adam`), or from `keras` where the
optimizer came through `tensorflow.compat.v1`.
"""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m
from libcst.codemod.visitors import AddImportsVisitor

from migrate.codemod.rule import NAMES, Rule
from migrate.codemod.syntax import code, reads

MODULES = ("tensorflow.train.", "tensorflow.compat.v1.train.")
# TF1 optimizer -> (Keras 3 optimizer, TF1's parameters in order -> Keras 3's keyword (None: dropped when False),
# keywords Keras 3 must be given where TF1's call left them out: TF1's defaults that differ from Keras 3's)
OPTIMIZERS = {
    "AdamOptimizer": ("Adam", {"learning_rate": "learning_rate", "beta1": "beta_1", "beta2": "beta_2",
                               "epsilon": "epsilon", "use_locking": None, "name": "name"},
                      {"learning_rate": "0.001", "epsilon": "1e-08"}),
    "GradientDescentOptimizer": ("SGD", {"learning_rate": "learning_rate", "use_locking": None, "name": "name"}, {}),
    "MomentumOptimizer": ("SGD", {"learning_rate": "learning_rate", "momentum": "momentum", "use_locking": None,
                                  "name": "name", "use_nesterov": "nesterov"}, {}),
}


class Tf1OptimizersToKeras(Rule):
    NAME = "tf1_optimizers_to_keras"
    ORDER = 2  # before tf1_names_to_tf2 (4), which reports tf.train's optimizers as TF1 graph-mode names
    TRIGGERS = tuple(OPTIMIZERS)
    REQUIRES = ("compile",)
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = ("model.compile(tf.train.AdamOptimizer(...)) / GradientDescentOptimizer / MomentumOptimizer -> "
                   "tf.keras.optimizers.Adam / SGD with the same update (TF1's epsilon written out)")

    def visit_Module(self, node: cst.Module) -> None:
        self.given: set[int] = set()  # ids of the optimizer calls Keras is given
        compiles = m.findall(node, m.Call(func=m.Attribute(attr=m.Name("compile"))))
        optimizers = [argument for call in compiles if (argument := _optimizer_argument(call)) is not None]
        self.given |= {id(value) for value in optimizers if isinstance(value, cst.Call)}
        for name in {value.value for value in optimizers if isinstance(value, cst.Name)}:
            call = _assigned_once(node, name, sum(1 for value in optimizers
                                                  if isinstance(value, cst.Name) and value.value == name))
            if call is not None:
                self.given.add(id(call))

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
        if id(original) not in self.given:
            return updated
        found = self._optimizer(original.func)
        if found is None:
            return updated
        spelt, tf1 = found
        target, parameters, defaults = OPTIMIZERS[tf1]
        args = _keywords(updated.args, parameters)
        if args is None:
            return updated
        given = {arg.keyword.value for arg in args}
        args += [_keyword(keyword, cst.parse_expression(value)) for keyword, value in defaults.items()
                 if keyword not in given]
        self.converted()
        root = code(original.func).rsplit(".train.", 1)[0] if spelt.startswith("tensorflow.train.") else None
        if root is None or not isinstance(original.func, cst.Attribute):
            AddImportsVisitor.add_needed_import(self.context, "keras")
            root = None
        func = cst.parse_expression(f"{root}.keras.optimizers.{target}" if root else f"keras.optimizers.{target}")
        return updated.with_changes(func=func, args=_laid_out(args))

    def _optimizer(self, func: cst.BaseExpression) -> tuple[str, str] | None:
        """(the qualified name, the TF1 optimizer) this callee names, or None."""
        for name in sorted(self.qualified_names(func)):
            for module in MODULES:
                if name.startswith(module) and name.removeprefix(module) in OPTIMIZERS:
                    return name, name.removeprefix(module)
        return None


def _optimizer_argument(call: cst.Call) -> cst.BaseExpression | None:
    """What `compile` is given as its optimizer: `optimizer=`, else its first positional argument."""
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == "optimizer":
            return arg.value
    first = call.args[0] if call.args else None
    return first.value if first is not None and first.keyword is None and not first.star else None


def _assigned_once(module: cst.Module, name: str, given: int) -> cst.Call | None:
    """The call assigned to `name` where the file assigns it once, by a plain `name = CALL`, and reads it only as
    `compile`'s optimizer (`given` times): what Keras alone is given."""
    assigns = [assign for assign in m.findall(module, m.Assign())
               if any(isinstance(t.target, cst.Name) and t.target.value == name for t in assign.targets)]
    bound = len(reads(module, name))
    if len(assigns) != 1 or len(assigns[0].targets) != 1 or not isinstance(assigns[0].value, cst.Call):
        return None
    if bound != given + 1 or any(m.findall(module, m.OneOf(m.AugAssign(target=m.Name(name)),
                                                          m.Param(name=m.Name(name)), m.Global(), m.Nonlocal()))):
        return None
    return assigns[0].value


def _keywords(args: tuple[cst.Arg, ...], parameters: dict[str, str | None]) -> list[cst.Arg] | None:
    """The TF1 call's arguments as Keras 3 keywords (positional ones by TF1's order); None where one cannot be
    carried over (a star argument, an unknown keyword, `use_locking` other than False)."""
    order = list(parameters)
    out: list[cst.Arg] = []
    for index, arg in enumerate(args):
        if arg.star:
            return None
        tf1 = arg.keyword.value if arg.keyword is not None else (order[index] if index < len(order) else None)
        if tf1 not in parameters:
            return None
        keras3 = parameters[tf1]
        if keras3 is None:
            if not (isinstance(arg.value, cst.Name) and arg.value.value == "False"):
                return None
            continue
        out.append(_keyword(keras3, arg.value))
    return out


def _keyword(keyword: str, value: cst.BaseExpression) -> cst.Arg:
    return cst.Arg(value, keyword=cst.Name(keyword),
                   equal=cst.AssignEqual(cst.SimpleWhitespace(""), cst.SimpleWhitespace("")))


def _laid_out(args: list[cst.Arg]) -> list[cst.Arg]:
    """The arguments on one line, `, ` between them."""
    spaced = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
    return [arg.with_changes(comma=spaced if index < len(args) - 1 else cst.MaybeSentinel.DEFAULT)
            for index, arg in enumerate(args)]
