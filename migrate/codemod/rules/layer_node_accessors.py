"""`layer.get_output_at(0)` -> `layer.output`: Keras 2's accessors of a layer's first call, which Keras 3 names so.

Keras 2 kept a layer's calls as nodes and read each with `get_input_at(i)` / `get_output_at(i)` /
`get_input_shape_at(i)` / `get_output_shape_at(i)`; its `layer.input` and `layer.output` raised for a layer called
more than once. Keras 3's layers have no `get_*_at`, and their `input` and `output` are always the first call's
(`Operation._get_node_attribute_at_index(0, ...)`): so node 0 (the literal `0`) is `input` / `output`, and its shape
is theirs (`.shape`, a tuple with None for the batch, as Keras 2's was). Another node has no public Keras 3 spelling:
left as it is, the last pass reports it. A project's own method of one of these names (`user_method_calls`) is left
alone.
"""

from __future__ import annotations

import libcst as cst

from migrate.codemod.rule import Rule
from migrate.codemod.syntax import user_method_calls

# accessor -> (the Keras 3 attribute, whether its shape is read)
ACCESSORS = {"get_input_at": ("input", False), "get_output_at": ("output", False),
             "get_input_shape_at": ("input", True), "get_output_shape_at": ("output", True)}


class LayerNodeAccessors(Rule):
    NAME = "layer_node_accessors"
    ORDER = 58
    TRIGGERS = tuple(sorted(ACCESSORS))
    DESCRIPTION = "layer.get_output_at(0) -> layer.output (get_input_at, get_*_shape_at(0) -> .input/.output(.shape))"

    def visit_Module(self, node: cst.Module) -> None:
        self.own = user_method_calls(node, set(ACCESSORS))

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
        func = updated.func
        if not isinstance(func, cst.Attribute) or func.attr.value not in ACCESSORS or id(original) in self.own:
            return updated
        args = updated.args
        if len(args) != 1 or args[0].star or (args[0].keyword is not None and args[0].keyword.value != "node_index") \
                or not (isinstance(args[0].value, cst.Integer) and args[0].value.evaluated_value == 0):
            return updated  # another node: no Keras 3 spelling
        attribute, shape = ACCESSORS[func.attr.value]
        self.converted()
        read = cst.Attribute(value=func.value, attr=cst.Name(attribute))
        return cst.Attribute(value=read, attr=cst.Name("shape")) if shape else read
