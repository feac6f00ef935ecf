"""`x.get_shape()` -> `x.shape`, `x.get_shape().as_list()` / `x.shape.as_list()` -> `list(x.shape)`, and
`x.shape[i].value` -> `x.shape[i]`.

TensorFlow 1 and tf.keras 2 code read a tensor's static shape through TensorFlow's TensorShape: `x.get_shape()`
(TF1's spelling of `x.shape`), then `.as_list()`, an index, or `int(...)` of one. A Keras 3 symbolic tensor (what a
layer returns while a functional model is built: `x = Conv2D(...)(inputs)`) has neither `get_shape` nor a TensorShape:
its `shape` is a tuple, so `x.get_shape()[-1]` and `x.shape.as_list()` are AttributeErrors the last pass cannot see
(no import types `x`). `x.shape` is TensorShape's own alias on a TensorFlow tensor (inside a layer's `call`, a loss)
and the tuple on a Keras one; `list(x.shape)` is `as_list()` on both (TensorFlow 2's TensorShape iterates its
dimensions as ints and None). An index or `int()` of either reads the same numbers; TF1's index gave a
Dimension, whose `.value` was that number, and TF2's and Keras 3's give the number, so `.value` after an index goes
(`feature_model.output.shape[-1].value`). Any other method of the TensorShape (`.ndims`, `.num_elements()`) is left
after `.shape`: it works where it worked before on a TensorFlow tensor. Only in files that import Keras or
TensorFlow, and not on a receiver the file defines `get_shape` for.
"""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from migrate.codemod.rule import Rule


class TensorShapeMethods(Rule):
    NAME = "tensor_shape_methods"
    ORDER = 50
    TRIGGERS = ("get_shape(", "as_list(", "].value")
    REQUIRES = ("keras", "tensorflow")
    DESCRIPTION = "x.get_shape() -> x.shape, x.get_shape().as_list() / x.shape.as_list() -> list(x.shape) (Keras 3 " \
                  "tensors have no TensorShape)"

    def visit_Module(self, node: cst.Module) -> None:
        self.own = bool(m.findall(node, m.FunctionDef(name=m.Name("get_shape"))))

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
        if self.own or updated.args:
            return updated
        if m.matches(updated.func, m.Attribute(attr=m.Name("get_shape"))):
            self.converted()
            return cst.Attribute(value=updated.func.value, attr=cst.Name("shape"))
        if m.matches(updated.func, m.Attribute(value=m.Attribute(attr=m.Name("shape")), attr=m.Name("as_list"))) and \
                (m.matches(original.func.value, m.Attribute(attr=m.Name("shape"))) or
                 m.matches(original.func.value, m.Call(func=m.Attribute(attr=m.Name("get_shape")), args=[]))):
            self.converted()
            return cst.Call(func=cst.Name("list"), args=[cst.Arg(updated.func.value)])
        return updated

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute) -> cst.BaseExpression:
        """`x.shape[-1].value` -> `x.shape[-1]`: TF1's TensorShape gave a Dimension, whose `value` was the int (or
        None); TF2's and Keras 3's shapes give the int itself, which has no `value`."""
        if self.own or not m.matches(updated, m.Attribute(value=m.Subscript(value=m.Attribute(attr=m.Name("shape")),
                                                                             slice=[m.SubscriptElement(m.Index())]),
                                                          attr=m.Name("value"))):
            return updated
        self.converted()
        return updated.value
