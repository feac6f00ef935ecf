"""`x._keras_shape` (Keras 2) and `x._shape_val` (TensorFlow 1) -> `x.shape`: both private attributes are gone.

Keras 2 put the static shape of every tensor a layer made on it as `_keras_shape`, a tuple with None for
an unknown axis, and projects read it (ssd_keras' `predictor_sizes`, its AnchorBoxes layer, squeeze-excite's
`_tensor_shape`); TensorFlow 1 kept a tensor's TensorShape in `_shape_val`. Under Keras 3 neither exists, and the
script stops with an AttributeError. `.shape` is the same value: a tuple on a Keras 3 symbolic tensor, a
TensorShape (ints and None, indexed and sliced alike) on a TensorFlow tensor inside `call`. The attribute is
recognised by its name, which only Keras and TensorFlow used; `getattr(x, '_keras_shape')` with no default
counts too. Setting it (`x._keras_shape = s`) meant something only to Keras 2 and is reported.
"""

from __future__ import annotations

import libcst as cst

from migrate.codemod.rule import NAMES, Rule
from migrate.codemod.syntax import code

PRIVATE = ("_keras_shape", "_shape_val")


class KerasShapeAttributes(Rule):
    NAME = "keras_shape_attributes"
    ORDER = 50
    TRIGGERS = PRIVATE
    METADATA_DEPENDENCIES = NAMES  # only for getattr: Python's own, not a project's
    DESCRIPTION = "x._keras_shape / x._shape_val (also through getattr) -> x.shape"

    def visit_Module(self, node: cst.Module) -> None:
        self.set_here: set[int] = set()  # attributes assigned to: reported, not rewritten

    def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
        self._targets(node.target)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self._targets(node.target)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        self._targets(node.target)

    def _targets(self, target: cst.BaseExpression) -> None:
        values = [element.value for element in target.elements] if isinstance(target, (cst.Tuple, cst.List)) \
            else [target]
        for value in values:
            if isinstance(value, cst.Attribute) and value.attr.value in PRIVATE:
                self.set_here.add(id(value))
                self.report(value, f"{code(value)} = ... set Keras 2's private shape, which Keras 3 neither has "
                                   "nor reads: remove the line (Keras 3 infers shapes through compute_output_shape)")

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute) -> cst.BaseExpression:
        if original.attr.value not in PRIVATE or id(original) in self.set_here:
            return updated
        self.converted()
        return updated.with_changes(attr=cst.Name("shape"))

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
        """`getattr(x, '_keras_shape')` -> `x.shape` (with a default, getattr means "may be missing": left)."""
        if not (isinstance(original.func, cst.Name) and original.func.value == "getattr" and len(original.args) == 2
                and not any(arg.keyword or arg.star for arg in original.args)
                and "builtins.getattr" in self.qualified_names(original.func)):
            return updated
        name = original.args[1].value
        if not (isinstance(name, cst.SimpleString) and name.evaluated_value in PRIVATE):
            return updated
        self.converted()
        owner = updated.args[0].value
        if not isinstance(owner, (cst.Name, cst.Attribute, cst.Call, cst.Subscript)):
            owner = cst.parse_expression(f"({code(owner)})")
        return cst.Attribute(value=owner, attr=cst.Name("shape"))
