"""`Sequential([Embedding(V, D, input_length=L), ...])` -> `Sequential([keras.Input(shape=(L,)), Embedding(V, D), ...])`:
Keras 2's model had its weights where it was made; Keras 3's waits for data.

Keras 2's Embedding turned `input_length` into the input shape, `(L,)` (`(None,)` without it), where no `input_shape=`
was given: a Sequential whose first layer it was had an input and weights at once, which scripts read before training
(`model.summary()`, `model.load_weights(path)`, `model.set_weights(...)`, `model.layers[0].set_weights([matrix])`).
Keras 3's Embedding ignores `input_length` (with a warning), and a Sequential without an input has no weights until
it first runs: `get_weights()` is empty, and a weights file loaded into it fits nothing. So where an Embedding is the
first layer of a Sequential the file makes (the first element of any `Sequential([...])`, or the first line naming
`model` after `model = Sequential()`, `model.add(Embedding(...))`, on each branch of an if that follows), the model's
input goes first, `keras.Input(shape=(L,))`, as layer_batch_input_shape puts a batch shape there, and the keyword
goes. An Embedding given its shape otherwise (`input_shape=`, `input_dim=`... by position past the second) is left
to the rules that read those; elsewhere `input_length` stays (Keras 3 ignores it; the input's shape is the model's).
"""

from __future__ import annotations

import libcst as cst

from migrate.codemod.names import LAYER_PATHS
from migrate.codemod.rule import NAMES, SequentialInputFirst
from migrate.codemod.syntax import code, keyword_arg

SHAPED = frozenset({"input_shape", "batch_input_shape", "batch_shape", "input_dim", "batch_size"})


class EmbeddingInputLength(SequentialInputFirst):
    NAME = "embedding_input_length"
    ORDER = 38  # beside layer_batch_input_shape (38), which reads the other shape keywords
    TRIGGERS = ("Embedding",)
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "a Sequential's first Embedding(..., input_length=L) -> keras.Input(shape=(L,)) first"
    KEYWORDS = frozenset({"input_length"})

    def input_for(self, layer: cst.BaseExpression) -> str | None:
        """`keras.Input(shape=(L,))` for an Embedding whose input Keras 2 made from input_length (`(None,)` without)."""
        if not isinstance(layer, cst.Call) or not any(
                name.startswith(LAYER_PATHS) and name.rpartition(".")[2] == "Embedding"
                for name in self.qualified_names(layer.func)):
            return None
        keywords = {arg.keyword.value for arg in layer.args if arg.keyword is not None}
        if keywords & SHAPED or any(arg.star for arg in layer.args) or \
                sum(arg.keyword is None for arg in layer.args) > 2:
            return None
        length = keyword_arg(layer, "input_length")
        return f"keras.Input(shape=({code(length.value) if length is not None else 'None'},))"

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.Call:
        return self.input_first(original, updated) or updated
