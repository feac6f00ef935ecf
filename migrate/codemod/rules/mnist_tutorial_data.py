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

from migrate.codemod.keras2_helpers import DEPENDS, MNIST_READ
from migrate.codemod.rule import NAMES, ReadsToHelpers

READERS = frozenset({"tensorflow.examples.tutorials.mnist.input_data.read_data_sets",
                     "tensorflow.contrib.learn.python.learn.datasets.mnist.read_data_sets"})


class MnistTutorialData(ReadsToHelpers):
    NAME = "mnist_tutorial_data"
    ORDER = 4  # with the TF 1 rules: a graph program's other names are then judged without this import
    TRIGGERS = ("read_data_sets",)
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "input_data.read_data_sets(...) (TF 1's tutorial MNIST) -> TF 1.15's reader, written into the file"

    def helper_for(self, names: set[str]) -> tuple[str, dict[str, str]] | None:
        """The copied reader, with the DataSet it makes, for TF 1's read_data_sets."""
        if not names & READERS:
            return None
        name, source = MNIST_READ
        return name, {name: source, **DEPENDS[name]}
