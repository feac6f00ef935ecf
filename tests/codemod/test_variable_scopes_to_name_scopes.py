"""variable_scopes_to_name_scopes: must-not-change cases first, then before/after, then the values."""

import textwrap

import numpy as np
import pytest

from migrate.codemod.registry import all_rules
from tests.codemod.helpers import assert_rewrites, assert_unchanged, rewrite

RULE = "variable_scopes_to_name_scopes"


def test_scopes_that_may_make_variables_or_are_not_plain_stay():
    assert_unchanged("""
        import tensorflow as tf
        from keras.layers import Dense

        def dense(x, name):
            with tf.variable_scope(name):
                w = tf.get_variable('w', [3, 3])
                return tf.matmul(x, w)

        def head(x, name):
            with tf.variable_scope(name, reuse=tf.AUTO_REUSE):
                return tf.abs(x)

        def block(x, scope):
            with tf.variable_scope(scope) as vs:
                return Dense(3)(x)

        def layer(x):
            with tf.variable_scope('head'):
                return Dense(3)(x)

        def later(x):
            with tf.variable_scope('later'):
                def inner(y):
                    return tf.abs(y)
            return inner(x)
    """, RULE)
    assert_unchanged("""
        import tensorflow as tf
        tf.compat.v1.disable_eager_execution()

        def leaky(x, name='LeakyRelu'):
            with tf.variable_scope(name):
                return tf.abs(x)
    """, RULE)


def test_a_scope_around_ops_alone_becomes_a_name_scope():
    # Adamdad/keras-YOLOv3-mobilenet yolo3/model_Mobilenet.py: a leaky ReLU's ops named for TensorBoard
    assert_rewrites("""
        import tensorflow as tf
        from keras.layers import Conv2D

        def leakyRelu(x, leak=0.2, name="LeakyRelu"):
            with tf.variable_scope(name):
                f1 = 0.5 * (1 + leak)
                f2 = 0.5 * (1 - leak)
                return f1 * x + f2 * tf.abs(x)

        def gate(x):
            with tf.compat.v1.variable_scope('gate'):
                return tf.sigmoid(x) * x
    """, """
        import tensorflow as tf
        from keras.layers import Conv2D

        def leakyRelu(x, leak=0.2, name="LeakyRelu"):
            with tf.name_scope(name):
                f1 = 0.5 * (1 + leak)
                f2 = 0.5 * (1 - leak)
                return f1 * x + f2 * tf.abs(x)

        def gate(x):
            with tf.name_scope('gate'):
                return tf.sigmoid(x) * x
    """, RULE)


def test_nested_plain_scopes_become_name_scopes_in_one_run():
    # jkamalu/keras_tacotron components.py: the outer scope's body held only the inner scope, a call spelt
    # `variable_scope`; the first run changed the inner one and a second run the outer
    source = """
        import tensorflow as tf
        from keras.layers import Add

        def cells(x, y):
            with tf.variable_scope("decoder-cells"):
                with tf.variable_scope("cell-1"):
                    a = tf.identity(x) + y
                with tf.variable_scope("cell-2"):
                    b = tf.abs(a)
            with tf.variable_scope("mel-frames"):
                with tf.variable_scope("inner"):
                    c = tf.Variable(b)
            return c
    """
    assert_rewrites(source, """
        import tensorflow as tf
        from keras.layers import Add

        def cells(x, y):
            with tf.name_scope("decoder-cells"):
                with tf.name_scope("cell-1"):
                    a = tf.identity(x) + y
                with tf.name_scope("cell-2"):
                    b = tf.abs(a)
            with tf.variable_scope("mel-frames"):
                with tf.variable_scope("inner"):
                    c = tf.Variable(b)
            return c
    """, RULE)
    first, _ = rewrite(textwrap.dedent(source), RULE)
    assert rewrite(first, RULE)[0] == first


def test_with_every_rule_nothing_is_left_and_the_values_are_the_ops():
    tf = pytest.importorskip("tensorflow")
    source = """
        import tensorflow as tf
        from keras.layers import Input

        def leakyRelu(x, leak=0.2, name="LeakyRelu"):
            with tf.variable_scope(name):
                f1 = 0.5 * (1 + leak)
                f2 = 0.5 * (1 - leak)
                return f1 * x + f2 * tf.abs(x)
    """
    got, findings = rewrite(textwrap.dedent(source), *[rule.NAME for rule in all_rules()])
    assert not findings and "tf.name_scope(name)" in got
    namespace: dict = {}
    exec(compile(got, "<rewritten>", "exec"), namespace)  # the rewritten test source, run as a user would
    x = np.linspace(-2, 2, 9).astype("float32")
    np.testing.assert_allclose(namespace["leakyRelu"](tf.constant(x)).numpy(), np.where(x > 0, x, 0.2 * x), rtol=1e-6)
