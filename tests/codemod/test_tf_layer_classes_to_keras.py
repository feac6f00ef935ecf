"""tf_layer_classes_to_keras: must-not-change cases first, then before/after, run as Keras 3 runs it."""

import textwrap

import numpy as np

from tests.codemod.helpers import assert_rewrites, assert_unchanged, rewrite

RULE = "tf_layer_classes_to_keras"


def test_keras_free_modules_functions_and_tf_1_s_base_class_stay():
    assert_unchanged("""
        import tensorflow as tf

        layer = tf.layers.Dense(10)  # no Keras here: a graph program's, reported by the last pass
    """, RULE)
    assert_unchanged("""
        import tensorflow as tf
        from tensorflow import keras

        h = tf.layers.dense(x, 10)  # a function, not a class
        base = tf.layers.Layer()  # TF 1's base class, with variable scopes: not Keras's
        mine = layers.Dense(3)  # not TensorFlow's layers
        other = tf.keras.layers.Dense(3)
    """, RULE)


def test_a_keras_module_s_tf_1_layer_classes_become_tf_keras_s():
    # GuillaumeMougeot/DogFaceNet dogfacenet-dev/models.py (forty-ninth hold-out): a tf.keras.Model's layers
    source = """
        import tensorflow as tf

        class Net(tf.keras.Model):
            def __init__(self, n):
                super(Net, self).__init__()
                self.dense = tf.layers.Dense(n, activation="softmax")
                self.drop = tf.layers.Dropout()
                self.bn = tf.compat.v1.layers.BatchNormalization(momentum=0.9)
                self.cell = tf.layers.Layer()  # TF 1's base class, with variable scopes: not Keras's

            def call(self, x):
                return self.dense(self.drop(self.bn(x)))
    """
    got = assert_rewrites(source, source.replace("tf.layers.Dense", "tf.keras.layers.Dense")
                          .replace("tf.layers.Dropout()", "tf.keras.layers.Dropout(rate=0.5)")
                          .replace("tf.compat.v1.layers.BatchNormalization", "tf.keras.layers.BatchNormalization"), RULE)
    assert got == []
    space: dict = {}
    exec(compile(textwrap.dedent(rewrite(source, RULE)[0]).replace("        self.cell = tf.layers.Layer()", "        pass"),
                 "rewritten.py", "exec"), space)  # noqa: S102 - the test's own code
    out = space["Net"](3)(np.ones((2, 4), "float32"))
    np.testing.assert_allclose(np.asarray(out).sum(axis=1), [1.0, 1.0], rtol=1e-6)
