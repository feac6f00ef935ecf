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
import libcst.matchers as m
from libcst.codemod.visitors import AddImportsVisitor

from migrate.codemod.rule import NAMES, Rule
from migrate.codemod.syntax import (
    added_layer,
    assigned,
    code,
    first_on_each_branch,
    keyword_arg,
    mentions,
    without_keywords,
)

LAYER_MODULES = ("keras.layers.", "tensorflow.keras.layers.", "tensorflow.python.keras.layers.")
SEQUENTIAL = frozenset(f"{root}.{module}Sequential" for root in ("keras", "tensorflow.keras")
                       for module in ("", "models.", "models.sequential."))
SHAPED = frozenset({"input_shape", "batch_input_shape", "batch_shape", "input_dim", "batch_size"})


class EmbeddingInputLength(Rule):
    NAME = "embedding_input_length"
    ORDER = 38  # beside layer_batch_input_shape (38), which reads the other shape keywords
    TRIGGERS = ("Embedding",)
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "a Sequential's first Embedding(..., input_length=L) -> keras.Input(shape=(L,)) first"

    def visit_Module(self, node: cst.Module) -> None:
        self.first: dict[int, str] = {}  # id of a first layer's Embedding call -> the input's shape, as code
        self.added: dict[int, str] = {}  # id of the line `model.add(Embedding(...))` -> `model`
        for call in m.findall(node, m.Call(args=[m.Arg(value=m.List() | m.Tuple(), keyword=None), m.ZeroOrMore()])):
            if call.args[0].value.elements and self.qualified_names(call.func) & SEQUENTIAL:  # `Sequential([...])`
                self._embedding_first(call.args[0].value.elements[0].value)
        for block in [node, *m.findall(node, m.IndentedBlock())]:
            self._first_layers(block.body)

    def _first_layers(self, body: tuple[cst.BaseStatement, ...]) -> None:
        """The Embeddings added first to a Sequential made empty in `body` (`model = Sequential()`)."""
        for index, statement in enumerate(body):
            made = assigned(statement)
            if made is None or not isinstance(made[1], cst.Call) or made[1].args or \
                    not self.qualified_names(made[1].func) & SEQUENTIAL:
                continue
            name, _ = made
            following = next((later for later in body[index + 1:] if mentions(later, name)), None)
            for first in first_on_each_branch(following, name):
                added = added_layer(first, name)
                if added is not None and self._embedding_first(added):
                    self.added[id(first)] = name

    def _embedding_first(self, layer: cst.BaseExpression) -> bool:
        """Whether `layer` is an Embedding call whose input Keras 2 made from input_length (noted in `self.first`)."""
        if not isinstance(layer, cst.Call) or not any(
                name.startswith(LAYER_MODULES) and name.rpartition(".")[2] == "Embedding"
                for name in self.qualified_names(layer.func)):
            return False
        keywords = {arg.keyword.value for arg in layer.args if arg.keyword is not None}
        if keywords & SHAPED or any(arg.star for arg in layer.args) or \
                sum(arg.keyword is None for arg in layer.args) > 2:
            return False
        length = keyword_arg(layer, "input_length")
        self.first[id(layer)] = f"({code(length.value) if length is not None else 'None'},)"
        return True

    def leave_SimpleStatementLine(self, original: cst.SimpleStatementLine,
                                  updated: cst.SimpleStatementLine) -> cst.BaseStatement | cst.FlattenSentinel:
        name = self.added.get(id(original))
        if name is None:
            return updated
        layer = original.body[0].value.args[0].value
        AddImportsVisitor.add_needed_import(self.context, "keras")
        line = cst.parse_statement(f"{name}.add(keras.Input(shape={self.first[id(layer)]}))")
        return cst.FlattenSentinel([line.with_changes(leading_lines=updated.leading_lines),
                                    updated.with_changes(leading_lines=())])

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.Call:
        if id(original) in self.first:  # its input goes before it
            self.converted()
            return updated.with_changes(args=without_keywords(updated.args, {"input_length"}))
        layers = original.args[0].value if original.args and isinstance(original.args[0].value, (cst.List, cst.Tuple)) \
            else None
        if layers is None or not layers.elements or id(layers.elements[0].value) not in self.first:
            return updated
        AddImportsVisitor.add_needed_import(self.context, "keras")
        element = cst.Element(cst.parse_expression(f"keras.Input(shape={self.first[id(layers.elements[0].value)]})"),
                              comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
        listed = updated.args[0].value
        return updated.with_changes(args=[updated.args[0].with_changes(
            value=listed.with_changes(elements=[element, *listed.elements])), *updated.args[1:]])
