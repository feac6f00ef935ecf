"""`tf.layers.Dense(10)` -> `tf.keras.layers.Dense(10)` in a module that uses Keras: the Keras class it was.

TF 1's layer classes were Keras's, naming their variables by scope; TF 1.x eager code built a `tf.keras.Model`'s layers
with them. TF 2 has no `tf.layers`, and under Keras 3 `tf.compat.v1` has no layers either: in a module that uses Keras
(where eager execution stays on and nothing reads the variables by scope) each becomes tf.keras's class. TF 1's Dropout
took its rate by default (0.5); Keras's needs it given, so it is written out. TF 1's base class `tf.layers.Layer` (with
variable scopes) is not Keras's and stays; in a Keras-free module, `tf_layers_to_graph_functions` takes TF 1's
functions and the last pass reports a layer object.
"""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from migrate.codemod.factories import uses_keras
from migrate.codemod.rule import NAMES, Rule
from migrate.codemod.syntax import keyword

# TF 1's layer classes (`tf.layers.Dense`), Keras's with variables named by scope: in a Keras module, Keras's own.
KERAS_CLASSES = frozenset({"Dense", "Conv1D", "Conv2D", "Conv3D", "Conv2DTranspose", "SeparableConv2D",
                           "BatchNormalization", "Dropout", "Flatten", "MaxPooling1D", "MaxPooling2D", "MaxPooling3D",
                           "AveragePooling1D", "AveragePooling2D", "AveragePooling3D"})


class TfLayerClassesToKeras(Rule):
    NAME = "tf_layer_classes_to_keras"
    ORDER = 4  # with tf_layers_to_graph_functions, before the last pass
    TRIGGERS = ("tf.layers.", "tensorflow.layers", "compat.v1.layers")
    REQUIRES = ("tensorflow",)
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "tf.layers.Dense(10) -> tf.keras.layers.Dense(10) in a module that uses Keras"

    def visit_Module(self, node: cst.Module) -> None:
        self.active = uses_keras(node.code.encode())

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
        func = updated.func
        if not self.active or not isinstance(func, cst.Attribute) or func.attr.value not in KERAS_CLASSES or \
                not isinstance(func.value, cst.Attribute) or func.value.attr.value != "layers" or \
                not any(name.removeprefix("tensorflow.").removeprefix("compat.v1.") == f"layers.{func.attr.value}"
                        for name in self.qualified_names(original.func)):
            return updated
        self.converted()
        head = func.value.value
        if m.matches(head, m.Attribute(attr=m.Name("v1"), value=m.Attribute(attr=m.Name("compat")))):
            head = head.value.value  # `tf.compat.v1.layers.Dense`: tf.keras's own
        keras_layers = cst.Attribute(cst.Attribute(head, cst.Name("keras")), cst.Name("layers"))
        return updated.with_changes(func=func.with_changes(value=keras_layers), args=_with_rate(func.attr.value, updated))


def _with_rate(name: str, call: cst.Call) -> list[cst.Arg]:
    """The call's arguments, with `rate=0.5` first for a Dropout given no rate: TF 1's default, which Keras lacks."""
    args = list(call.args)
    if name == "Dropout" and not any(arg.keyword is None or arg.keyword.value == "rate" for arg in args):
        rate = keyword("rate", cst.Float("0.5"))
        args.insert(0, rate.with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))) if args else rate)
    return args
