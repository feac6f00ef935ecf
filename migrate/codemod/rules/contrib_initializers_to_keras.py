"""TensorFlow 1's contrib initializers and regularizers, outside a graph program -> Keras 3's, with the same values.

`tf.contrib.layers` is gone from TensorFlow 2, and tf_upgrade_v2 rewrites these six; so does this rule, exactly:
- `xavier_initializer(uniform=True, seed=None, dtype=tf.float32)` (and `xavier_initializer_conv2d`, the same
  function) -> `keras.initializers.GlorotUniform(seed=...)`: both draw from +-sqrt(6 / (fan_in + fan_out)).
- `variance_scaling_initializer(factor=2.0, mode='FAN_IN', uniform=False, ...)` -> `keras.initializers.
  VarianceScaling(scale=..., mode='fan_in', distribution=...)`. Uniform: both draw from +-sqrt(3 * factor / n).
  Normal: contrib drew a normal of stddev sqrt(1.3 * factor / n) cut at two of them; Keras 3 cuts at two a normal of
  stddev sqrt(scale / n) / 0.87962566103423978, so its scale is `1.3 * 0.87962566103423978 ** 2 * factor` (the
  same stddev; tf_upgrade_v2 writes `scale=factor` there, 0.3% wider). Both count fans alike (a kernel's receptive
  field times its channels).
- `l1_regularizer(scale)` -> `keras.regularizers.L1(scale)`; `l2_regularizer(scale)` -> `keras.regularizers.L2(0.5 *
  scale)` (TF 1's was `scale * tf.nn.l2_loss(w)`, half the sum of squares); `l1_l2_regularizer(scale_l1=1.0,
  scale_l2=1.0)` -> `keras.regularizers.L1L2(l1=scale_l1, l2=0.5 * scale_l2)`. A `scope=` only named TF 1's op.
Keras's objects are callables of (shape, dtype) and of a weight, as TF 1's were, so `tf.compat.v1.get_variable(...,
initializer=..., regularizer=...)` takes them too. A graph program's calls are the graph route's (`tf1_layers`'
helpers, written before this rule runs); one it leaves stays, reported: a program with eager execution off must not
import Keras 3. A call this cannot read (`*args`, a mode or `uniform` that is not written
out, another dtype than float32) is left for the last pass to report. Runs before `unread_gone_imports` (65), which
then drops `from tensorflow.contrib.layers import xavier_initializer` once nothing reads it.
"""

from __future__ import annotations

import libcst as cst
from libcst.codemod.visitors import AddImportsVisitor

from migrate.codemod.rule import NAMES, Rule
from migrate.codemod.rules.tf1_graph_program import DISABLE
from migrate.codemod.syntax import bound_arguments, code

# (tf_slim's are contrib's, the same code: contrib_slim_to_tf_slim may have spelt slim so by now)
MODULES = ("tensorflow.contrib.layers.", "tensorflow.contrib.slim.", "tensorflow.contrib.layers.python.layers.initializers.",
           "tensorflow.contrib.layers.python.layers.regularizers.", "tf_slim.", "tf_slim.layers.")
PARAMETERS = {  # TF 1's parameters, in order, and their defaults
    "xavier_initializer": {"uniform": "True", "seed": "None", "dtype": "None"},
    "xavier_initializer_conv2d": {"uniform": "True", "seed": "None", "dtype": "None"},
    "variance_scaling_initializer": {"factor": "2.0", "mode": "'FAN_IN'", "uniform": "False", "seed": "None",
                                     "dtype": "None"},
    "l1_regularizer": {"scale": None, "scope": "None"},
    "l2_regularizer": {"scale": None, "scope": "None"},
    "l1_l2_regularizer": {"scale_l1": "1.0", "scale_l2": "1.0", "scope": "None"},
}
TRUNCATED = "1.3 * 0.87962566103423978 ** 2"  # Keras 3's truncated normal divides its stddev by 0.8796...
MODES = {"FAN_IN": "fan_in", "FAN_OUT": "fan_out", "FAN_AVG": "fan_avg"}


def _bound(call: cst.Call, parameters: dict[str, str | None]) -> dict[str, cst.BaseExpression] | None:
    """The call's arguments by TF 1's parameter names, its defaults filled in; None where that cannot be read."""
    given = bound_arguments(call, list(parameters))
    if given is None:
        return None
    for name, default in parameters.items():
        if name not in given:
            if default is None:
                return None
            given[name] = cst.parse_expression(default)
    return given


def _literal(node: cst.BaseExpression) -> object:
    """True / False / a string's value / None (the word), else the node itself (not written out)."""
    if isinstance(node, cst.Name) and node.value in ("True", "False", "None"):
        return {"True": True, "False": False, "None": None}[node.value]
    if isinstance(node, cst.SimpleString):
        return node.evaluated_value
    return node


def _times(factor: str, value: cst.BaseExpression) -> str:
    text = code(value)
    return f"{factor} * {text}" if isinstance(value, (cst.Name, cst.Attribute, cst.Integer, cst.Float, cst.Call,
                                                      cst.Subscript)) else f"{factor} * ({text})"


def replacement(function: str, bound: dict[str, cst.BaseExpression]) -> str | None:
    """Keras 3's call for TF 1's `function` given `bound`, spelt from `keras`; None where it cannot be written."""
    dtype = bound.get("dtype")
    if dtype is not None and _literal(dtype) is not None and not code(dtype).endswith("float32"):
        return None
    seed = bound.get("seed")
    seeded = "" if seed is None or _literal(seed) is None else f", seed={code(seed)}"
    if function in ("xavier_initializer", "xavier_initializer_conv2d", "variance_scaling_initializer"):
        uniform = _literal(bound["uniform"])
        mode = _literal(bound.get("mode", cst.SimpleString("'FAN_AVG'")))
        if not isinstance(uniform, bool) or mode not in MODES:
            return None
        if function != "variance_scaling_initializer" and uniform:
            return f"keras.initializers.GlorotUniform({seeded.removeprefix(', ')})"
        factor = bound.get("factor", cst.Float("1.0"))
        scale = code(factor) if uniform else _times(TRUNCATED, factor)
        distribution = "uniform" if uniform else "truncated_normal"
        return f"keras.initializers.VarianceScaling(scale={scale}, mode='{MODES[mode]}', distribution='{distribution}'{seeded})"
    if function == "l1_regularizer":
        return f"keras.regularizers.L1({code(bound['scale'])})"
    if function == "l2_regularizer":
        return f"keras.regularizers.L2({_times('0.5', bound['scale'])})"
    return f"keras.regularizers.L1L2(l1={code(bound['scale_l1'])}, l2={_times('0.5', bound['scale_l2'])})"


class ContribInitializersToKeras(Rule):
    NAME = "contrib_initializers_to_keras"
    ORDER = 37  # after the graph route (4), before unread_gone_imports (65), which drops the imports left unread
    TRIGGERS = tuple(PARAMETERS)
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = ("tf.contrib.layers.xavier_initializer / variance_scaling_initializer / l1_regularizer / l2_regularizer "
                   "/ l1_l2_regularizer -> keras.initializers.GlorotUniform / VarianceScaling / keras.regularizers.L1 / "
                   "L2(0.5 * scale) / L1L2, the same values")

    def visit_Module(self, node: cst.Module) -> None:
        # a graph program (the route's line, or the program's own, is in it) must not run Keras 3: what is left of
        # contrib there is reported
        self.graph = f"{DISABLE}()" in node.code

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
        if self.graph:
            return updated
        function = self._contrib(original.func)
        if function is None:
            return updated
        bound = _bound(updated, PARAMETERS[function])
        written = replacement(function, bound) if bound is not None else None
        if written is None:
            return updated
        self.converted()
        AddImportsVisitor.add_needed_import(self.context, "keras")
        return cst.parse_expression(written).with_changes(lpar=updated.lpar, rpar=updated.rpar)

    def _contrib(self, func: cst.BaseExpression) -> str | None:
        """The contrib function this callee names, or None."""
        for name in self.qualified_names(func):
            for module in MODULES:
                if name.startswith(module) and name.removeprefix(module) in PARAMETERS:
                    return name.removeprefix(module)
        return None
