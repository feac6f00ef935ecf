"""variable_scopes_to_name_scopes: must-not-change cases first, then before/after, then the values."""

import textwrap
from pathlib import Path

import numpy as np
import pytest

from migrate.codemod.registry import all_rules
from tests.codemod.helpers import assert_rewrites, assert_unchanged, legacy37, probe_under_both, rewrite

RULE = "variable_scopes_to_name_scopes"
SCRIPTS = Path(__file__).parent / "scripts"


def test_scopes_that_may_make_variables_or_are_not_plain_stay():
    assert_unchanged("""
        import tensorflow as tf
        from keras.layers import Dense

        def dense(x, name):
            with tf.variable_scope(name):
                w = tf.get_variable('w', [3, 3])
                return tf.matmul(x, w)

        def block(x, scope):
            with tf.variable_scope(scope) as vs:
                return Dense(3)(x)

        def held(x, block):
            with tf.variable_scope(block.scope):  # a scope object: its reuse would carry
                return tf.abs(x)

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

        class Unpool(Layer):  # zeeshanalipanhwar/Semantic-Segmentation-Keras Utils/custom_layers.py:40
            def call(self, x):
                with tf.variable_scope(self.name):
                    return tf.reshape(x, [-1])
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

        class Unpool(Layer):  # zeeshanalipanhwar/Semantic-Segmentation-Keras Utils/custom_layers.py:40
            def call(self, x):
                with tf.name_scope(self.name):
                    return tf.reshape(x, [-1])
    """, RULE)


def test_a_scope_through_keras_2s_re_export_of_tensorflow():
    # liuminghao0830/crack-segmentation-keras Models/layers.py:58 (forty-sixth hold-out, read after its measurement)
    assert_rewrites("""
        from keras import backend as K
        from keras.layers import Layer

        class MaxUnpooling2D(Layer):
            def call(self, inputs):
                with K.tf.variable_scope(self.name):
                    return K.tf.shape(inputs[0], out_type='int32')
    """, """
        from keras import backend as K
        from keras.layers import Layer

        class MaxUnpooling2D(Layer):
            def call(self, inputs):
                with K.tf.name_scope(self.name):
                    return K.tf.shape(inputs[0], out_type='int32')
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


def test_keras_layers_under_a_scope_and_its_reuse_in_a_keras_module():
    # yumaloop/keras-mobilenetv2-cifar10 models.py, heefe92/keras-mobilenetv2-objectdetection Detector.py: a Keras 2
    # layer's weights were tf.Variables the scope only named (reuse was get_variable's); its own name never took it
    assert_rewrites("""
        import tensorflow as tf
        from keras.layers import Conv2D, Input, Lambda

        with tf.variable_scope('Res_Group_0', reuse=tf.AUTO_REUSE):
            inputs = Input(shape=(8, 8, 3))
            x = Conv2D(4, (3, 3))(inputs)
            x = Lambda(lambda t: 1 - t)(x)
            x = self._inverted_res_block(x, filters=16)
    """, """
        import tensorflow as tf
        from keras.layers import Conv2D, Input, Lambda

        with tf.name_scope('Res_Group_0'):
            inputs = Input(shape=(8, 8, 3))
            x = Conv2D(4, (3, 3))(inputs)
            x = Lambda(lambda t: 1 - t)(x)
            x = self._inverted_res_block(x, filters=16)
    """, RULE)


def test_not_where_the_module_uses_no_keras_nor_around_a_tf1_variable():
    for source in ("""
        import tensorflow as tf

        with tf.variable_scope('d', reuse=tf.AUTO_REUSE):
            y = tf.nn.relu(x)
    """, """
        import tensorflow as tf
        from keras.layers import Dense

        def head(x, name):
            with tf.variable_scope(name, reuse=tf.AUTO_REUSE):
                return tf.layers.dense(x, 3)
    """, """
        import tensorflow as tf
        from keras.layers import Dense

        with tf.variable_scope('d', reuse=tf.AUTO_REUSE):
            w = tf.get_variable('w', [3])
            y = Dense(2)(x)
    """, """
        import tensorflow as tf

        with tf.variable_scope('d'):
            y = tf.layers.dense(x, 2)
    """):
        assert_unchanged(source, RULE)


def test_keras_layers_built_under_scopes_predict_as_keras_2_did(tmp_path):
    got, target = probe_under_both(legacy37(), SCRIPTS / "keras_variable_scopes_probe.py", tmp_path / "none", tmp_path,
                                   ("predictions",))
    assert target.read_text().count("with tf.name_scope(") == 4 and got["layers"].tolist()[0] == "InputLayer"
