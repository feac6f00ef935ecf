"""`Dense(8, batch_input_shape=(None, 16))` -> `Dense(8, input_shape=(16,))`: Keras 2's layers took the shape of the
model's input, batch size first, as `batch_input_shape=`; Keras 3's take only `input_shape=` (a Sequential makes
its input from the first layer's), and refuse the other keyword. InputLayer keeps it: Keras 3's still reads it.

The batch size goes. Where it is `None` that is the same model. Where it is a number or a name (a fixed batch), a
Keras 3 model takes any batch size, which a working script never noticed; the report says so, and says what keeps
it (`keras.Input(batch_shape=...)` first). A layer given `stateful=True` needs that batch size: it is reported, not
rewritten, except as the first layer of a Sequential the file makes (`model = Sequential()` and the first statement
naming `model` after it, `model.add(LSTM(..., batch_input_shape=S, stateful=True))`, or the first naming it in each
branch of an if/elif/else that follows, or the first element of
`Sequential([...])`, as stateful LSTM tutorials wrote it): `keras.Input(batch_shape=S)` goes first, which is how Keras 3
gives a stateful layer its batch size, and the layer loses the keyword. A shape that is not a tuple or list written out
becomes `tuple(shape)[1:]`.

Keras 2 also took the batch size apart, `LSTM(batch_size=B, input_shape=S)` (batch_input_shape=(B,) + S): the
keyword goes as batch_input_shape's batch size does, and a stateful layer so given it is reported, or, first in a
Sequential, given `keras.Input(batch_shape=(B, *S))` before it as above (stateful_lstm.py of the Keras examples, which
tutorials copied). Without input_shape=
or input_dim= Keras 2 read none, and the keyword just goes.
"""

from __future__ import annotations

import libcst as cst

from migrate.codemod.names import LAYER_PATHS
from migrate.codemod.outline import Outline
from migrate.codemod.rule import NAMES, SequentialInputFirst
from migrate.codemod.syntax import code, keyword_arg, without_keywords

KEPT_BY = ("InputLayer", "Input")  # Keras 3's InputLayer reads batch_input_shape= itself
KEYWORD = "batch_input_shape"
SHAPES = frozenset({"input_shape", "input_dim"})  # with batch_size=, Keras 2's other spelling of batch_input_shape
RECURRENT = frozenset({"LSTM", "GRU", "SimpleRNN", "ConvLSTM2D", "Bidirectional", "RNN", "CuDNNLSTM"})


class LayerBatchInputShape(SequentialInputFirst):
    NAME = "layer_batch_input_shape"
    ORDER = 38  # after keras1_arguments (35), which turns Keras 1's batch_input_shape spellings into this one
    TRIGGERS = (KEYWORD, "batch_size")
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "Layer(batch_input_shape=(None, 16)) -> Layer(input_shape=(16,)); a fixed batch size is named"
    KEYWORDS = frozenset({KEYWORD, "batch_size", "input_shape"})  # what a stateful first layer's input is made of

    @classmethod
    def relevant(cls, source: bytes, outline: Outline, survey: object = None) -> bool:
        """A call given batch_input_shape=, or batch_size= beside input_shape= or input_dim= (how Keras 2's layers
        took a batch size), or to a class (a layer: a `fit(batch_size=...)` is not this rule's)."""
        return any(KEYWORD in call.keywords or "batch_size" in call.keywords and
                   (call.keywords & SHAPES or (call.callee or "_").rpartition(".")[2][:1].isupper())
                   for call in outline.calls)

    def input_for(self, layer: cst.BaseExpression) -> str | None:
        """`keras.Input(batch_shape=S)` for a stateful recurrent layer given batch_input_shape=S, else None."""
        # by the last part: Keras 2's module paths too (`keras.layers.recurrent.LSTM`, which legacy_import_paths moves
        # later in the run: a second run would otherwise find what the first did not)
        if not isinstance(layer, cst.Call) or not any(
                name.startswith(LAYER_PATHS) and name.rpartition(".")[2] in RECURRENT
                for name in self.qualified_names(layer.func)):
            return None
        stateful = keyword_arg(layer, "stateful")
        if stateful is None or code(stateful.value) in ("False", "0"):
            return None
        given = keyword_arg(layer, KEYWORD)
        if given is not None:
            return f"keras.Input(batch_shape={code(given.value)})"
        batch, shape = keyword_arg(layer, "batch_size"), keyword_arg(layer, "input_shape")
        if batch is None or shape is None or keyword_arg(layer, "input_dim") is not None:
            return None
        return f"keras.Input(batch_shape={_with_batch(code(batch.value), shape.value)})"

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.Call:
        first = self.input_first(original, updated)  # a stateful first layer: keras.Input(batch_shape=...) before it
        if first is not None:
            return first
        given = next((arg for arg in updated.args if arg.keyword is not None and arg.keyword.value == KEYWORD), None)
        if given is None:
            return self._batch_size(original, updated)
        layer = next((name.rsplit(".", 1)[-1] for name in sorted(self.qualified_names(original.func))
                      if name.startswith(LAYER_PATHS)), None)
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

    def _batch_size(self, original: cst.Call, updated: cst.Call) -> cst.Call:
        """`LSTM(batch_size=B, input_shape=S, ...)`: Keras 2's batch_input_shape=(B,) + S, spelled apart
        (edniemeyer/keras_timeseries). Not stateful, the batch size goes as batch_input_shape's does; stateful, it is
        reported: the layer needs keras.Input(batch_shape=...) before it."""
        keywords = {arg.keyword.value: arg for arg in updated.args if arg.keyword is not None}
        if "batch_size" not in keywords:
            return updated
        layer = next((name.rsplit(".", 1)[-1] for name in sorted(self.qualified_names(original.func))
                      if name.startswith(LAYER_PATHS)), None)
        if layer is None or layer in KEPT_BY or layer == "InputLayer":
            return updated
        if not keywords.keys() & SHAPES:
            # no shape beside it: Keras 2's Layer took the keyword and read nothing from it (msaspeech/MSA-Speech-
            # Recognition's second CuDNNLSTM), Keras 3's refuses it
            self.converted()
            return updated.with_changes(args=without_keywords(updated.args, {"batch_size"}))
        stateful = keywords.get("stateful")
        if stateful is not None and code(stateful.value) != "False":
            self.report(original, f"{layer}(batch_size=...): Keras 3's layers take no batch size, and a stateful layer "
                                  "needs one: put keras.Input(batch_shape=(batch_size, *input_shape)) before this "
                                  "layer and drop batch_size= and input_shape=")
            return updated
        self.converted()
        batch = code(keywords["batch_size"].value)
        if batch != "None":
            self.report(original, f"{layer}(batch_size=...) dropped: Keras 3's layers take no batch size, so the "
                                  f"model's fixed batch size ({batch}) is not kept and it takes any; to keep it, put "
                                  "keras.Input(batch_shape=...) before this layer", advice=True)
        return updated.with_changes(args=without_keywords(updated.args, {"batch_size"}))


def _with_batch(batch: str, shape: cst.BaseExpression) -> str:
    """`(B, 10, 3)` for batch_size=B beside input_shape=(10, 3): Keras 2's batch_input_shape; `(B, *shape)` for a
    shape not written out."""
    if isinstance(shape, (cst.Tuple, cst.List)) and \
            not any(isinstance(element, cst.StarredElement) for element in shape.elements):
        return f"({', '.join([batch, *(code(element.value) for element in shape.elements)])}{',' if not shape.elements else ''})"
    return f"({batch}, *{code(shape)})"


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
