"""dataset_drop_remainder: must-not-change cases first, then before/after, then TF 1.15's batches."""

from pathlib import Path

import numpy as np

from tests.codemod.helpers import assert_rewrites, assert_unchanged, legacy37, probe_under_both

RULE = "dataset_drop_remainder"
SCRIPTS = Path(__file__).parent / "scripts"


def test_other_transformations_and_unwritten_arguments_stay():
    assert_unchanged("""
        import tensorflow as tf
        from mydata import batch_and_drop_remainder

        a = dataset.apply(batch_and_drop_remainder(8))  # the project's own
        b = dataset.apply(tf.contrib.data.batch_and_drop_remainder(*sizes))
        c = dataset.apply(tf.contrib.data.map_and_batch(parse, 8))
        transformation = tf.contrib.data.batch_and_drop_remainder(8)
    """, RULE)


def test_the_transformation_becomes_the_keyword():
    # a TPU input pipeline of 2018: dataset.apply(tf.contrib.data.batch_and_drop_remainder(batch_size))
    assert_rewrites("""
        import tensorflow as tf
        from tensorflow.contrib.data import padded_batch_and_drop_remainder

        dataset = dataset.apply(tf.contrib.data.batch_and_drop_remainder(batch_size))
        chained = (tf.data.TFRecordDataset(files)
                   .map(parse)
                   .apply(tf.contrib.data.batch_and_drop_remainder(256)))
        padded = dataset.apply(padded_batch_and_drop_remainder(8, shapes, padding_values=-1))
    """, """
        import tensorflow as tf
        from tensorflow.contrib.data import padded_batch_and_drop_remainder

        dataset = dataset.batch(batch_size, drop_remainder=True)
        chained = (tf.data.TFRecordDataset(files)
                   .map(parse)
                   .batch(256, drop_remainder=True))
        padded = dataset.padded_batch(8, shapes, padding_values=-1, drop_remainder=True)
    """, RULE)


def test_the_batches_are_tf_1_15s(tmp_path):
    weights = tmp_path / "none.npz"
    np.savez(weights, none=np.zeros(1))
    got, target = probe_under_both(legacy37(), SCRIPTS / "contrib_drop_remainder_probe.py", weights, tmp_path,
                                   ("batches", "padded"))
    assert "contrib" not in target.read_text() and got["batches"].shape == (3, 3)
