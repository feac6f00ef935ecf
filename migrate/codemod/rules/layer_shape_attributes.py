"""`model.layers[-1].output_shape` (Keras 2) -> `model.layers[-1].output.shape`: Keras 3's layers have no
`output_shape` or `input_shape`.

Keras 2's Layer had both as properties: the shape of the tensor the layer made (took) where it was called once, a
tuple with None for the batch. Keras 3 kept them on models only; on a layer they are an AttributeError, on a receiver
the last pass cannot type (an item of `model.layers`). `layer.output.shape` / `layer.input.shape` is the same tuple
for a layer called once (Keras 2 raised for a layer called on several shapes, and gave a list for several outputs:
`.output` is then a list, and the line fails as plainly). Only where the receiver is a layer by how it is reached:
an item of some `X.layers` (`X.layers[i]`, the variable of `for layer in X.layers` or `enumerate(X.layers)`, in a
statement or a comprehension), or
`X.get_layer(...)`; a file that defines or sets an `output_shape` / `input_shape` of its own is left alone.
"""

from __future__ import annotations

import re

import libcst as cst
import libcst.matchers as m

from migrate.codemod.rule import Rule

SHAPES = {"output_shape": "output", "input_shape": "input"}
# the attribute read, `.output_shape` (however spaced or continued): most Keras files have `input_shape=` only
READ = re.compile(rb"\.\s*(?:\\\s*)*(?:in|out)put_shape\b")


class LayerShapeAttributes(Rule):
    NAME = "layer_shape_attributes"
    ORDER = 50
    TRIGGERS = tuple(SHAPES)
    REQUIRES = ("keras",)
    DESCRIPTION = "model.layers[i].output_shape / input_shape (a layer's, gone in Keras 3) -> .output.shape / .input.shape"

    @classmethod
    def triggered(cls, source: bytes, survey: object = None) -> bool:
        """A shape attribute read after a dot: the word alone is in nearly every Keras file, as the `input_shape=`
        of its first layer, which is no work (over 19 real repositories, 113 files parsed for this rule, 2 changed)."""
        return super().triggered(source, survey) and READ.search(source) is not None

    def visit_Module(self, node: cst.Module) -> None:
        self.own = _defines_shapes(node)
        # the shape attributes read on a loop's layer variable, in the loop's body or the comprehension
        self.on_loop_layers: set[int] = set()
        shapes = m.Attribute(attr=m.OneOf(*(m.Name(name) for name in SHAPES)))
        for loop in m.findall(node, m.For()):
            names = _layer_variables(loop) - _assigned_in(loop.body)
            self.on_loop_layers |= {id(read) for read in m.findall(loop.body, shapes)
                                    if isinstance(read.value, cst.Name) and read.value.value in names}
        for comprehension in m.findall(node, m.ListComp() | m.GeneratorExp() | m.SetComp() | m.DictComp()):
            names = _comprehension_variables(comprehension.for_in)
            self.on_loop_layers |= {id(read) for read in m.findall(comprehension, shapes)
                                    if isinstance(read.value, cst.Name) and read.value.value in names}

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute) -> cst.BaseExpression:
        if self.own or original.attr.value not in SHAPES or not (
                id(original) in self.on_loop_layers or _a_layer(original.value)):
            return updated
        self.converted()
        tensor = cst.Attribute(value=updated.value, attr=cst.Name(SHAPES[original.attr.value]))
        return cst.Attribute(value=tensor, attr=cst.Name("shape"))


def _a_layer(value: cst.BaseExpression) -> bool:
    """Whether `value` is a layer by how it is reached: `X.layers[i]` or `X.get_layer(...)`."""
    return m.matches(value, m.Subscript(value=m.Attribute(attr=m.Name("layers")))) or \
        m.matches(value, m.Call(func=m.Attribute(attr=m.Name("get_layer"))))


def _layer_variables(loop: cst.For | cst.CompFor) -> set[str]:
    """`layer` of `for layer in X.layers[...]:` and of `for i, layer in enumerate(X.layers):`."""
    layers = m.OneOf(m.Attribute(attr=m.Name("layers")), m.Subscript(value=m.Attribute(attr=m.Name("layers"))))
    if m.matches(loop.iter, layers) and isinstance(loop.target, cst.Name):
        return {loop.target.value}
    if m.matches(loop.iter, m.Call(func=m.Name("enumerate"), args=[m.Arg(layers)])) and \
            m.matches(loop.target, m.Tuple(elements=[m.Element(), m.Element(m.Name())])):
        return {loop.target.elements[1].value.value}
    return set()


def _comprehension_variables(loop: cst.CompFor | None) -> set[str]:
    """The layer variables of a comprehension's `for` clauses (`[layer.output_shape for layer in model.layers]`)."""
    names: set[str] = set()
    while loop is not None:
        names |= _layer_variables(loop)
        loop = loop.inner_for_in
    return names


def _assigned_in(body: cst.CSTNode) -> set[str]:
    """Names a loop's body binds again (the loop variable then may not be a layer any more)."""
    return {target.target.value for target in m.findall(body, m.AssignTarget(target=m.Name()))}


def _defines_shapes(module: cst.Module) -> bool:
    """Whether the file has an `output_shape` / `input_shape` of its own: a method or property of that name, or
    an attribute set (`self.output_shape = ...`)."""
    names = m.OneOf(*(m.Name(name) for name in SHAPES))
    return bool(m.findall(module, m.FunctionDef(name=names)) or
                m.findall(module, m.AssignTarget(target=m.Attribute(attr=names))))
