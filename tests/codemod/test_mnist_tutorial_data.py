"""mnist_tutorial_data: must-not-change cases first, then before/after, then TF 1.15's arrays."""

import gzip
import struct
from pathlib import Path

import numpy as np

from tests.codemod.helpers import assert_unchanged, legacy37, probe_under_both, rewrite

RULE = "mnist_tutorial_data"
SCRIPTS = Path(__file__).parent / "scripts"


def test_a_projects_own_reader_stays():
    assert_unchanged("""
        from data import input_data

        mnist = input_data.read_data_sets('MNIST_data', one_hot=True)
    """, RULE)


def test_the_tutorial_reader_becomes_tf_1_15s_written_into_the_file():
    # Jcduhdt/GAN_TF_Keras DataProcess/ReadMNIST.py, andreiqv/keras_training_classifier tf_mnist_3_slim.py
    got, _ = rewrite("""
        import tensorflow as tf
        from tensorflow.examples.tutorials.mnist import input_data

        mnist = input_data.read_data_sets("MNIST_data/", one_hot=True)
        batch_x, batch_y = mnist.train.next_batch(128)
    """, RULE)
    assert "tensorflow.examples" not in got and 'mnist = tf1_mnist_read_data_sets("MNIST_data/", one_hot=True)' in got
    assert "class Tf1MnistDataSet(object):" in got and "def tf1_mnist_read_data_sets(" in got
    assert "import urllib.request\n" in got and "import numpy\n" in got and "import gzip\n" in got
    again, _ = rewrite(got, RULE)
    assert again == got


def _idx(path: Path, magic: int, data: np.ndarray) -> None:
    """An MNIST idx file, gzipped: the magic number, each dimension, then the bytes."""
    with gzip.open(path, "wb") as f:
        f.write(struct.pack(">I", magic) + b"".join(struct.pack(">I", d) for d in data.shape) + data.tobytes())


def test_the_rewritten_reader_gives_tensorflow_1_15s_batches(tmp_path):
    rng = np.random.RandomState(0)
    data = tmp_path / "mnist"
    data.mkdir()
    for prefix, n in (("train", 13), ("t10k", 5)):
        _idx(data / f"{prefix}-images-idx3-ubyte.gz", 2051, rng.randint(0, 256, (n, 28, 28)).astype(np.uint8))
        _idx(data / f"{prefix}-labels-idx1-ubyte.gz", 2049, rng.randint(0, 10, n).astype(np.uint8))
    got, target = probe_under_both(legacy37(), SCRIPTS / "mnist_tutorial_probe.py", data, tmp_path,
                                   ("images", "labels", "validation", "test_labels", "epochs", "raw", "raw_labels",
                                    "unshuffled", "count"))
    assert got["images"].shape == (5, 4, 784) and got["epochs"] == 1 and got["count"] == 10
    assert "tensorflow.examples" not in target.read_text().split('"""', 2)[2]
