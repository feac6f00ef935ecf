"""`tf.nn.rnn_cell.LSTMCell(64)` -> `Tf1LSTMCell(64)`, TF 1's cell written into the file, in a TF1 graph program.

TF 1 graph programs built their recurrent networks from `tf.nn.rnn_cell`'s (or contrib.rnn's) cells handed to
`tf.nn.dynamic_rnn`, `static_rnn` or `bidirectional_dynamic_rnn`. TF 2 still has those functions in `tf.compat.v1.nn`,
but under Keras 3 no cell: they were Keras 2's layers. Each read of a cell class (`LSTMCell`, `GRUCell`,
`BasicLSTMCell`, `BasicRNNCell`, `MultiRNNCell`, `DropoutWrapper`) or of `LSTMStateTuple` becomes a class written into
the file (`migrate.codemod.tf1_rnn_cells`), which computes what TF 1.15's did with the same variables under the same
scopes, so the program trains as before and restores the checkpoints TF 1 wrote; an import nothing reads any more goes.
Only in a module that takes the graph route's first test (`tf1_graph_program.keras_free`: no Keras, no program using
Keras loads it, TensorFlow imported as a module) and never turns eager execution on; elsewhere the cells stay, and the
last pass reports them.
"""

from __future__ import annotations

import libcst as cst

from migrate.codemod.rule import NAMES, ReadsToHelpers
from migrate.codemod.rules.tf1_graph_program import keras_free
from migrate.codemod.tf1_rnn_cells import CLASSES, DEPENDS, HELPERS


class RnnCellsToGraphClasses(ReadsToHelpers):
    NAME = "rnn_cells_to_graph_classes"
    ORDER = 4  # with the graph route (tf1_graph_program), before the last pass
    TRIGGERS = ("rnn_cell", "contrib.rnn", "contrib import rnn")
    REQUIRES = ("tensorflow",)
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "tf.nn.rnn_cell.LSTMCell(64) -> Tf1LSTMCell(64), TF 1's cell written into a Keras-free graph module"

    def visit_Module(self, node: cst.Module) -> None:
        super().visit_Module(node)
        self.active = keras_free(self, node) and "enable_eager_execution(" not in node.code

    def helper_for(self, names: set[str]) -> tuple[str, dict[str, str]] | None:
        """The class written out for a read of TF 1's cell (with the classes it uses), or None."""
        if not self.active:
            return None
        helper = next((CLASSES[name.removeprefix("tensorflow.")] for name in names
                       if name.removeprefix("tensorflow.") in CLASSES), None)
        if helper is None:
            return None
        return helper, {helper: HELPERS[helper], **{name: HELPERS[name] for name in DEPENDS.get(helper, ())}}
