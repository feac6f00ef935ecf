"""`Dense(8, batch_input_shape=(None, 16))` -> `Dense(8, input_shape=(16,))`: Keras 2's layers took the shape of the
model's input, batch size first, as `batch_input_shape=`; Keras 3's take only `input_shape=` (a Sequential makes
its input from the first layer's), and refuse the other keyword. InputLayer keeps it: Keras 3's still reads it.

The batch size goes. Where it is `None` that is the same model. Where it is a number or a name (a fixed batch), a
Keras 3 model takes any batch size, which a working script never noticed; the report says so, and says what keeps
it (`keras.Input(batch_shape=...)` first). A layer given `stateful=True` needs that batch size: it is reported, not
rewritten. A shape that is not a tuple or list written out becomes `tuple(shape)[1:]`.
"""

from __future__ import annotations

import libcst as cst

from migrate.codemod.rule import NAMES, Rule
from migrate.codemod.syntax import code

LAYER_MODULES = ("keras.layers.", "tensorflow.keras.layers.", "tensorflow.python.keras.layers.")
KEPT_BY = ("InputLayer", "Input")  # Keras 3's InputLayer reads batch_input_shape= itself
KEYWORD = "batch_input_shape"


class LayerBatchInputShape(Rule):
    NAME = "layer_batch_input_shape"
    ORDER = 38  # after keras1_arguments (35), which turns Keras 1's batch_input_shape spellings into this one
    TRIGGERS = (KEYWORD,)
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "Layer(batch_input_shape=(None, 16)) -> Layer(input_shape=(16,)); a fixed batch size is named"

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.Call:
        given = next((arg for arg in updated.args if arg.keyword is not None and arg.keyword.value == KEYWORD), None)
        if given is None:
            return updated
        layer = next((name.rsplit(".", 1)[-1] for name in sorted(self.qualified_names(original.func))
                      if name.startswith(LAYER_MODULES)), None)
        if layer is None or layer in KEPT_BY:
            return updated
        if any(arg.keyword is not None and arg.keyword.value == "stateful" and code(arg.value) != "False"
               for arg in updated.args):
            self.report(original, f"{layer}(batch_input_shape=...): Keras 3's layers take no batch size, and a stateful "
                                  "layer needs one: put keras.Input(batch_shape=...) (or InputLayer(batch_shape=...)) "
                                  "before this layer and drop the keyword")
            return updated
        shape, batch = _without_batch(given.value)
        self.converted()
        if batch is not None and batch != "None":
            self.report(original, f"{layer}(batch_input_shape=...) -> input_shape=: Keras 3's layers take no batch "
                                  f"size, so the model's fixed batch size ({batch}) is not kept and it takes any; to "
                                  "keep it, put keras.Input(batch_shape=...) before this layer", advice=True)
        return updated.with_changes(args=[arg.with_changes(keyword=cst.Name("input_shape"), value=shape)
                                          if arg is given else arg for arg in updated.args])


def _without_batch(shape: cst.BaseExpression) -> tuple[cst.BaseExpression, str | None]:
    """The shape without its first element, and that element's code (`tuple(shape)[1:]` and the code of
    `shape[0]` when the shape is not written out)."""
    if isinstance(shape, (cst.Tuple, cst.List)) and shape.elements and \
            not any(isinstance(element, cst.StarredElement) for element in shape.elements):
        first, *rest = shape.elements
        elements = [element.with_changes(comma=cst.MaybeSentinel.DEFAULT) for element in rest]
        if len(elements) == 1:
            elements[0] = elements[0].with_changes(comma=cst.Comma())
        return cst.Tuple(elements), code(first.value)
    rest = cst.Subscript(value=cst.Call(func=cst.Name("tuple"), args=[cst.Arg(shape)]),
                         slice=[cst.SubscriptElement(cst.Slice(lower=cst.Integer("1"), upper=None))])
    return rest, f"{code(shape)}[0]"
