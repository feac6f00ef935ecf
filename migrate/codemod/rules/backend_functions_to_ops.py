"""Keras 2 backend functions (`K.sum`, `K.cast`, `K.concatenate`...) -> `keras.ops`, which Keras 3 moved them to.

Keras 3's `keras.backend` keeps a dozen functions (`epsilon`, `floatx`, `image_data_format`,
`clear_session`...); every other `K.*` call fails there with an AttributeError, so a loss written with
`K.sum(K.flatten(y_true) * ...)` stops the script at its first batch. A call that resolves (through the
file's imports) to `keras.backend` or `tensorflow.keras.backend` is rewritten from the table below, and
where the two signatures disagree on a default the Keras 2 one is written out (`K.concatenate(xs)`
joins on the last axis, `keras.ops.concatenate(xs)` on the first; `K.argmax(x)` reduces the last axis,
`keras.ops.argmax(x)` the flattened tensor). `K.shape` becomes `tf.shape` (a tensor, as Keras 2's was;
`keras.ops.shape` is a tuple, on which `* 2` repeats). `K.image_dim_ordering() == 'th'` becomes
`K.image_data_format() == 'channels_first'`. Anything else Keras 3 lacks (a placeholder, the learning
phase, `K.function`, a use whose meaning changed) is reported with what to use: a leftover. The session
functions are `tf1_session_code`'s.
"""

from __future__ import annotations

import re

import libcst as cst
from libcst.codemod.visitors import AddImportsVisitor, RemoveImportsVisitor
from libcst.metadata import QualifiedNameProvider

from migrate.codemod.rule import NAMES, DropsStatements
from migrate.codemod.rules.tf1_session_code import REPLACEMENTS as SESSION_FUNCTIONS
from migrate.codemod.syntax import code

BACKENDS = ("keras.backend.", "tensorflow.keras.backend.")
# What keras.backend still has in Keras 3.
KEPT = frozenset({"backend", "clear_session", "epsilon", "floatx", "get_uid", "image_data_format", "is_float_dtype",
                  "is_int_dtype", "is_keras_tensor", "result_type", "set_epsilon", "set_floatx",
                  "set_image_data_format", "standardize_dtype"})

# Keras 2 function -> (keras.ops function, {keyword: value written out when the call leaves it to its default,
# with the number of positional arguments that would have given it}).
SAME = ("sum", "mean", "max", "min", "prod", "std", "var", "any", "all", "cast", "reshape", "stack", "squeeze",
        "sigmoid", "softmax", "exp", "log", "sqrt", "square", "abs", "round", "sign", "maximum", "minimum", "equal",
        "not_equal", "greater", "greater_equal", "less", "less_equal", "ones_like", "zeros_like", "tile", "clip",
        "tanh", "transpose", "cumsum", "cumprod", "stop_gradient", "softplus", "elu", "binary_crossentropy",
        "categorical_crossentropy", "sparse_categorical_crossentropy", "logsumexp", "cos", "sin", "floor", "ceil",
        "one_hot", "ones", "zeros",
        "dot")  # Keras 2's dot was numpy's (a tensordot over x's last axis and y's second to last): keras.ops.dot's
OPS: dict[str, tuple[str, dict[str, tuple[int, str]]]] = {name: (name, {}) for name in SAME}
OPS.update({
    "concatenate": ("concatenate", {"axis": (2, "-1")}),
    "argmax": ("argmax", {"axis": (2, "-1")}),
    "argmin": ("argmin", {"axis": (2, "-1")}),
    "expand_dims": ("expand_dims", {"axis": (2, "-1")}),
    "arange": ("arange", {"dtype": (4, "'int32'")}),
    "pow": ("power", {}),
    "permute_dimensions": ("transpose", {}),
    "gather": ("take", {"axis": (3, "0")}),
    "get_value": ("convert_to_numpy", {}),
    "eval": ("convert_to_numpy", {}),
    "constant": ("convert_to_tensor", {"dtype": (2, "keras.backend.floatx()")}),
    "repeat_elements": ("repeat", {}),
})
# Keras 2 functions whose Keras 3 counterpart is not in keras.ops: (callable, most positional arguments,
# keyword arguments written out when absent). K.variable(1) was a float32 variable, keras.Variable(1) an int32 one.
OTHERS = {"variable": ("keras.Variable", 1, {"dtype": "keras.backend.floatx()"})}
# One-argument functions whose Keras 3 spelling is an expression of the argument ({x}: parenthesized if need be).
SHAPES = {"flatten": "keras.ops.reshape({x}, (-1,))", "int_shape": "tuple({x}.shape)",
          "dtype": "keras.backend.standardize_dtype({x}.dtype)", "ndim": "len({x}.shape)",
          "cast_to_floatx": "numpy.asarray({arg}, dtype=keras.backend.floatx())", "relu": "keras.ops.relu({arg})"}
# Keras 2 arguments the Keras 3 function has no counterpart for: such a call is reported.
UNSUPPORTED = {"constant": {"shape", "name"}, "ones": {"name"}, "zeros": {"name"}, "variable": {"constraint"}}
ORDERINGS = {"th": "channels_first", "tf": "channels_last"}
# What to use instead, for the functions reported.
ADVICE = {
    "image_dim_ordering": "compare keras.backend.image_data_format() with 'channels_first' / 'channels_last'",
    "set_image_dim_ordering": "keras.backend.set_image_data_format('channels_first' or 'channels_last')",
    "placeholder": "use keras.Input (a model input) or pass the value as an argument",
    "learning_phase": "Keras 3 has no global learning phase: pass training=True/False to the layer or model call",
    "set_learning_phase": "Keras 3 has no global learning phase: pass training=False to the model call "
                          "(model.predict already does)",
    "function": "call the model (or a keras.Model built on the tensors) instead",
    "variable": "use keras.Variable(value, dtype=..., name=...) (or self.add_weight in a layer)",
    "set_value": "call .assign(value) on the variable",
    "in_train_phase": "pass training= to the layer's call and choose with it",
    "resize_images": "use keras.layers.UpSampling2D or keras.ops.image.resize",
    "gradients": "use tf.GradientTape",
    "control_flow_ops": "use keras.ops.cond / keras.ops.while_loop or tf.cond",
    "switch": "use keras.ops.where(condition, x, y) where the condition has x's rank (Keras 2 tiled a lower-rank "
              "condition over x's last axes, keras.ops.where broadcasts it from the right), keras.ops.cond for a "
              "scalar condition",
    "l2_normalize": "use tf.math.l2_normalize(x, axis=...) (what Keras 2 called)",
    "dot": "use keras.ops.matmul (or keras.ops.tensordot for more than two dimensions)",
    "device_lib.list_local_devices": "use tf.config.list_logical_devices() (names like '/device:GPU:0')",
}
_OPS_ALIAS = re.compile(r"^import tensorflow as (\w+)\s*$", re.M)


def _arg(value: str, keyword: str | None = None) -> cst.Arg:
    return cst.Arg(value=cst.parse_expression(value), keyword=cst.Name(keyword) if keyword else None,
                   equal=cst.AssignEqual(cst.SimpleWhitespace(""), cst.SimpleWhitespace("")) if keyword else
                   cst.MaybeSentinel.DEFAULT)


class BackendFunctionsToOps(DropsStatements):
    NAME = "backend_functions_to_ops"
    ORDER = 40
    TRIGGERS = ("backend",)
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "Keras 2 backend functions (K.sum, K.cast, K.concatenate...) -> keras.ops; the rest reported"

    def visit_Module(self, node: cst.Module) -> None:
        found = _OPS_ALIAS.search(node.code)
        self.tf = found.group(1) if found else None
        self.orderings: set[int] = set()  # the image_dim_ordering() calls a comparison rewrites
        self.inference = self.dropped  # the K.set_learning_phase(0) statements removed, and their calls
        # module constants set once to a literal (`TEST_PHASE = 0`), for the learning phase given by name
        values: dict[str, list[str]] = {}
        for statement in node.body:
            for small in getattr(statement, "body", ()) if isinstance(statement, cst.SimpleStatementLine) else ():
                if isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name):
                    values.setdefault(small.targets[0].target.value, []).append(code(small.value))
        self.constants = {name: found[0] for name, found in values.items() if len(found) == 1}

    def visit_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> None:
        """`K.set_learning_phase(0)` on a line of its own: Keras 3 layers infer unless called with training=True
        (fit does), so the statement has nothing left to do and goes. A learning phase of 1 is reported."""
        if len(node.body) != 1 or not isinstance(node.body[0], cst.Expr) or not isinstance(node.body[0].value, cst.Call):
            return
        call = node.body[0].value
        phase = code(call.args[0].value) if len(call.args) == 1 else None
        if self._function(call.func) == "set_learning_phase" and call.args[0].keyword is None and \
                self.constants.get(phase, phase) in ("0", "False"):
            self.inference.add(id(call))
            self.inference.add(id(node))

    def visit_ImportFrom(self, node: cst.ImportFrom) -> bool:
        return False  # `from keras.backend import sum`: the uses are rewritten, the import goes once unused

    def _function(self, node: cst.BaseExpression) -> str | None:
        """The Keras 2 backend function `node` names, or None. LibCST's own names only: a star import's
        guess would take Python's `sum` for keras.backend's."""
        if not isinstance(node, (cst.Name, cst.Attribute)):
            return None
        for name in self.get_metadata(QualifiedNameProvider, node, set()):
            for prefix in BACKENDS:
                function = name.name.removeprefix(prefix)
                if function != name.name and function.split(".")[0] not in KEPT | {"tf"}:
                    return function  # `device_lib.list_local_devices`: a module Keras 2 exposed, reported
        return None

    def visit_Comparison(self, node: cst.Comparison) -> None:
        left = node.left
        if not (isinstance(left, cst.Call) and not left.args and isinstance(left.func, cst.Attribute)
                and self._function(left.func) == "image_dim_ordering" and len(node.comparisons) == 1):
            return
        target = node.comparisons[0]
        literal = target.comparator
        if isinstance(target.operator, (cst.Equal, cst.NotEqual)) and isinstance(literal, cst.SimpleString) \
                and literal.evaluated_value in ORDERINGS:
            self.orderings.add(id(left))

    def leave_Comparison(self, original: cst.Comparison, updated: cst.Comparison) -> cst.BaseExpression:
        """`K.image_dim_ordering() == 'th'` -> `K.image_data_format() == 'channels_first'`."""
        if id(original.left) not in self.orderings:
            return updated
        self.converted()
        literal = original.comparisons[0].comparator
        quote = literal.quote
        func = updated.left.func.with_changes(attr=cst.Name("image_data_format"))
        return updated.with_changes(left=updated.left.with_changes(func=func), comparisons=[
            updated.comparisons[0].with_changes(
                comparator=cst.SimpleString(f"{quote}{ORDERINGS[literal.evaluated_value]}{quote}"))])

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
        function = self._function(original.func)
        if function is None or any(part.removesuffix("()") in SESSION_FUNCTIONS for part in function.split(".")):
            return updated
        if id(original) in self.orderings or id(original) in self.inference:
            return updated  # rewritten by leave_Comparison, removed by leave_SimpleStatementLine
        if function == "set_image_dim_ordering":
            return self._set_ordering(original, updated)
        keywords = {arg.keyword.value for arg in original.args if arg.keyword is not None}
        starred = any(arg.star for arg in original.args)
        if function in SHAPES and len(original.args) == 1 and not keywords and not starred:
            return self._rewritten(original, cst.parse_expression(
                SHAPES[function].format(x=self._operand(updated.args[0].value), arg=code(updated.args[0].value))))
        if function == "set_value" and len(original.args) == 2 and not keywords and not starred:
            target = self._operand(self._learning_rate(updated.args[0].value))
            return self._rewritten(original, cst.parse_expression(f"{target}.assign({code(updated.args[1].value)})"))
        if function == "get_value" and len(original.args) == 1 and not keywords and not starred:
            updated = updated.with_changes(args=[updated.args[0].with_changes(
                value=self._learning_rate(updated.args[0].value))])
        if function == "relu" and len(original.args) == 2 and keywords == {"max_value"} and \
                code(original.args[1].value) in ("6", "6.", "6.0"):
            return self._rewritten(original, updated.with_changes(func=cst.parse_expression("keras.ops.relu6"),
                                                                  args=[updated.args[0].with_changes(comma=cst.MaybeSentinel.DEFAULT)]))
        if function in OTHERS and not starred and not keywords & UNSUPPORTED.get(function, set()):
            target, most, defaults = OTHERS[function]
            if sum(arg.keyword is None for arg in original.args) <= most:
                args = list(updated.args)
                for keyword, value in defaults.items():
                    if keyword not in keywords:
                        args[-1] = args[-1].with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
                        args.append(_arg(value, keyword))
                return self._rewritten(original, updated.with_changes(func=cst.parse_expression(target), args=args))
        if function == "l2_normalize" and len(original.args) == 2 and not starred and keywords <= {"axis"}:
            # Keras 2's TensorFlow backend: tf.nn.l2_normalize(x, axis=axis), exactly
            return self._rewritten(original, updated.with_changes(
                func=cst.parse_expression(f"{self._tf()}.math.l2_normalize")))
        if function == "switch" and not starred:
            return self._switch(original, updated)
        if function == "in_train_phase" and not starred:
            return self._in_train_phase(original, updated)
        if function == "shape" and len(original.args) == 1 and not keywords and not starred:
            return self._rewritten(original, updated.with_changes(func=cst.parse_expression(f"{self._tf()}.shape")))
        if function in OPS and not starred and not keywords & UNSUPPORTED.get(function, set()):
            target, defaults = OPS[function]
            args = list(updated.args)
            for keyword, (position, value) in defaults.items():
                if keyword not in keywords and len(args) < position:
                    if args:
                        args[-1] = args[-1].with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
                    args.append(_arg(value, keyword))
            return self._rewritten(original, updated.with_changes(func=cst.parse_expression(f"keras.ops.{target}"),
                                                                  args=args))
        self._report(original, function)
        return updated

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute) -> cst.BaseExpression:
        """`K.tf.convert_to_tensor(...)`: Keras 2's backend re-exported the tensorflow module as `tf`."""
        if original.attr.value != "tf" or not isinstance(original.value, (cst.Name, cst.Attribute)):
            return updated
        names = {name.name for name in self.get_metadata(QualifiedNameProvider, original, set())}
        if not names & {prefix + "tf" for prefix in BACKENDS}:
            return updated
        self.converted()
        return cst.parse_expression(self._tf())

    def visit_Arg(self, node: cst.Arg) -> None:
        """A backend function Keras 3 lacks, passed on rather than called (`loss=K.binary_crossentropy`)."""
        function = self._function(node.value)
        if function is not None and not any(part.removesuffix("()") in SESSION_FUNCTIONS
                                                for part in function.split(".")):
            self._report(node.value, function)

    def _report(self, node: cst.CSTNode, function: str) -> None:
        advice = ADVICE.get(function, "find its keras.ops or TensorFlow counterpart")
        self.report(node, f"keras.backend.{function} is gone in Keras 3 (keras.backend keeps only floatx, epsilon, "
                          f"image_data_format and a few more): {advice}")

    def _set_ordering(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
        literal = original.args[0].value if len(original.args) == 1 else None
        if not (isinstance(updated.func, cst.Attribute) and isinstance(literal, cst.SimpleString)
                and literal.evaluated_value in ORDERINGS):
            self._report(original, "set_image_dim_ordering")
            return updated
        self.converted()
        quote = literal.quote
        return updated.with_changes(func=updated.func.with_changes(attr=cst.Name("set_image_data_format")), args=[
            updated.args[0].with_changes(value=cst.SimpleString(f"{quote}{ORDERINGS[literal.evaluated_value]}{quote}"))])

    def _switch(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
        """`K.switch(c, lambda: a, lambda: b)` -> `keras.ops.cond(c, ...)` (Keras 2's scalar-condition path,
        tf.cond; a condition that is not a scalar stops loudly). `K.switch(c, a, b)` -> `keras.ops.where(c, a,
        b)`, exact where the condition has the values' rank (a mask of them, as in YOLO losses) or is a scalar;
        advice says what to do where it has fewer axes (Keras 2 lined those up with the leading axes)."""
        args = _arguments(updated, ("condition", "then_expression", "else_expression"))
        if args is None:
            self._report(original, "switch")
            return updated
        condition, then, otherwise = args
        lambdas = [_thunk(then), _thunk(otherwise)]
        if any(isinstance(x, cst.Lambda) and body is None for x, body in zip((then, otherwise), lambdas, strict=True)):
            self._report(original, "switch")  # a function of arguments: not a branch
            return updated
        if any(body is not None for body in lambdas):  # tf.cond's idiom: a scalar condition (else cond says so)
            then, otherwise = (x if body is not None else cst.parse_expression(f"lambda: {code(x)}")
                               for x, body in zip((then, otherwise), lambdas, strict=True))
            return self._rewritten(original, cst.parse_expression(
                f"keras.ops.cond({code(condition)}, {code(then)}, {code(otherwise)})"))
        self.report(original, "K.switch -> keras.ops.where: if the condition has fewer axes than the values, "
                              "give it their trailing axes (keras.ops.expand_dims): Keras 2 aligned it with the "
                              "leading ones", advice=True)
        return self._rewritten(original, cst.parse_expression(
            f"keras.ops.where({code(condition)}, {code(then)}, {code(otherwise)})"))

    def _in_train_phase(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
        """`K.in_train_phase(x, alt, training=training)` -> `(x if training else alt)`, a `lambda: x` called
        in place: Keras 3 passes the layer's call a Python `training` (True in fit). Without `training=`,
        Keras 2 read its global learning phase, which Keras 3 does not have: reported."""
        args = _arguments(updated, ("x", "alt", "training"))
        if args is None or args[2] is None:
            self._report(original, "in_train_phase")
            return updated
        x, alt, training = args
        if any(isinstance(value, cst.Lambda) and _thunk(value) is None for value in (x, alt)):
            self._report(original, "in_train_phase")
            return updated
        x, alt = (_thunk(value) or value for value in (x, alt))
        return self._rewritten(original, cst.parse_expression(
            f"({code(x)} if {code(training)} else {code(alt)})"))

    def _rewritten(self, original: cst.Call, replacement: cst.BaseExpression) -> cst.BaseExpression:
        self.converted()
        if "keras." in code(replacement):
            AddImportsVisitor.add_needed_import(self.context, "keras")
        if "numpy." in code(replacement):
            AddImportsVisitor.add_needed_import(self.context, "numpy")
        if isinstance(original.func, cst.Name):  # `from keras.backend import sum as ksum`: the import goes once unused
            for name in self.get_metadata(QualifiedNameProvider, original.func, set()):
                module, _, obj = name.name.rpartition(".")
                RemoveImportsVisitor.remove_unused_import(self.context, module, obj, original.func.value
                                                          if original.func.value != obj else None)
        return replacement

    def _tf(self) -> str:
        if self.tf is None:
            AddImportsVisitor.add_needed_import(self.context, "tensorflow")
            return "tensorflow"
        return self.tf

    @staticmethod
    def _learning_rate(node: cst.BaseExpression) -> cst.BaseExpression:
        """`model.optimizer.lr` -> `model.optimizer.learning_rate`: Keras 3 optimizers have no `lr`."""
        if isinstance(node, cst.Attribute) and node.attr.value == "lr" and \
                code(node.value).rsplit(".", 1)[-1] in ("optimizer", "opt"):
            return node.with_changes(attr=cst.Name("learning_rate"))
        return node

    @staticmethod
    def _operand(node: cst.BaseExpression) -> str:
        text = code(node)
        simple = isinstance(node, (cst.Name, cst.Attribute, cst.Subscript, cst.Call))
        return text if simple else f"({text})"


def _arguments(call: cst.Call, names: tuple[str, ...]) -> list[cst.BaseExpression | None] | None:
    """The call's arguments in `names`' order (positional or by keyword; the last may be absent: None), or
    None when they are not all there or one is not known."""
    found: list[cst.BaseExpression | None] = [None] * len(names)
    for index, arg in enumerate(call.args):
        if arg.keyword is None:
            if index >= len(names):
                return None
            found[index] = arg.value
        elif arg.keyword.value in names:
            found[names.index(arg.keyword.value)] = arg.value
        else:
            return None
    return None if any(value is None for value in found[:-1]) else found


def _thunk(value: cst.BaseExpression) -> cst.BaseExpression | None:
    """The body of `lambda: body` (no parameters), or None."""
    if isinstance(value, cst.Lambda) and not value.params.params and not value.params.posonly_params \
            and not value.params.kwonly_params and value.params.star_arg is cst.MaybeSentinel.DEFAULT \
            and value.params.star_kwarg is None:
        return value.body
    return None
