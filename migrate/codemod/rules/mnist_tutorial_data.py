"""`input_data.read_data_sets(dir, one_hot=True)` (TF 1's tutorial MNIST reader) -> `tf1_mnist_read_data_sets(...)`,
TF 1.15's reader written into the file.

`from tensorflow.examples.tutorials.mnist import input_data` opened most 2016-2018 TensorFlow and GAN tutorials; TF 2
has no `tensorflow.examples` package and no contrib.learn (where the reader lived). Its code is NumPy over the four
idx files of MNIST, which it downloaded into `train_dir` once: TF 1.15's read_data_sets and DataSet, over NumPy
(`keras2_helpers.MNIST_READ`, `MNIST_DATASET`), give the same images, labels, validation split and, for a seed, the
same next_batch order (TF 1's DataSet seeded NumPy's generator with it; without one, afresh: TF 1 used the graph's
seed there when `tf.set_random_seed` was set, which the copy does not read). `fake_data=True` raises. The import goes
once nothing reads it.
"""

from __future__ import annotations

import libcst as cst
from libcst.codemod.visitors import RemoveImportsVisitor

from migrate.codemod.keras2_helpers import DEPENDS, MNIST_READ, with_helpers
from migrate.codemod.rule import NAMES, Rule

READERS = frozenset({"tensorflow.examples.tutorials.mnist.input_data.read_data_sets",
                     "tensorflow.contrib.learn.python.learn.datasets.mnist.read_data_sets"})


class MnistTutorialData(Rule):
    NAME = "mnist_tutorial_data"
    ORDER = 4  # with the TF 1 rules: a graph program's other names are then judged without this import
    TRIGGERS = ("read_data_sets",)
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "input_data.read_data_sets(...) (TF 1's tutorial MNIST) -> TF 1.15's reader, written into the file"

    def visit_Module(self, node: cst.Module) -> None:
        self.copied: dict[str, str] = {}

    def visit_Import(self, node: cst.Import) -> bool:
        return False  # a name imported is not a read: the import goes once the reads are replaced

    def visit_ImportFrom(self, node: cst.ImportFrom) -> bool:
        return False

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute) -> cst.BaseExpression:
        return self._reader(original, updated)

    def leave_Name(self, original: cst.Name, updated: cst.Name) -> cst.BaseExpression:
        return self._reader(original, updated)

    def _reader(self, original: cst.BaseExpression, updated: cst.BaseExpression) -> cst.BaseExpression:
        """The copied reader's name for a read of TF 1's read_data_sets, else the node."""
        if not self.qualified_names(original) & READERS:
            return updated
        name, source = MNIST_READ
        self.copied.update({name: source, **DEPENDS[name]})
        self.converted()
        RemoveImportsVisitor.remove_unused_import_by_node(self.context, original)
        return cst.Name(name)

    def leave_Module(self, original: cst.Module, updated: cst.Module) -> cst.Module:
        return with_helpers(self.context, updated, self.copied) if self.copied else updated
