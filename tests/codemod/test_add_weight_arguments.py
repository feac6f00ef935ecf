"""add_weight_arguments: must-not-change cases first, then before/after, then the layer built under Keras 3."""

from __future__ import annotations

import textwrap

import keras
import numpy as np

from tests.codemod.helpers import assert_rewrites, assert_unchanged, rewrite

RULE = "add_weight_arguments"


def test_keywords_and_keras_3_s_own_order_stay():
    assert_unchanged("""
        import keras
        class A(keras.layers.Layer):
            def build(self, input_shape):
                self.w = self.add_weight(name='w', shape=(3,), initializer='zeros')
                self.v = self.add_weight((input_shape[-1], 1), 'glorot_uniform', name='v')
                self.u = self.add_weight(shape, **options)
                self.t = layer.add_weight('t', (3,))
    """, RULE)


def test_a_name_first_call_and_a_keras_2_0_call_with_its_name_third_become_keywords():
    assert_rewrites("""
        import keras
        class Attention(keras.layers.Layer):
            def build(self, input_shape):
                self.W = self.add_weight('W', (input_shape[-1], 1), initializer='glorot_uniform')
                self.b = self.add_weight('{}_b'.format(self.name), (1,), None, 'zeros')
                self.c = self.add_weight((1,), 'zeros', self.name + '_c', False)
    """, """
        import keras
        class Attention(keras.layers.Layer):
            def build(self, input_shape):
                self.W = self.add_weight(name='W', shape=(input_shape[-1], 1), initializer='glorot_uniform')
                self.b = self.add_weight(name='{}_b'.format(self.name), shape=(1,), dtype=None, initializer='zeros')
                self.c = self.add_weight(shape=(1,), initializer='zeros', name=self.name + '_c', trainable=False)
    """, RULE)


def test_the_rewritten_layer_builds_its_weights_under_keras_3():
    got, _ = rewrite("""
        import keras
        class Scale(keras.layers.Layer):
            def build(self, input_shape):
                self.W = self.add_weight('W', (input_shape[-1],), initializer='ones')
                self.c = self.add_weight((1,), 'zeros', 'c', False)

            def call(self, x):
                return x * self.W + self.c
    """, RULE)
    space: dict = {}
    exec(compile(textwrap.dedent(got), "rewritten.py", "exec"), space)  # noqa: S102 - the test's own code
    layer = space["Scale"]()
    out = layer(np.ones((2, 3), "float32"))
    assert [w.name for w in layer.weights] == ["W", "c"] and [w.trainable for w in layer.weights] == [True, False]
    np.testing.assert_allclose(keras.ops.convert_to_numpy(out), np.ones((2, 3)))
