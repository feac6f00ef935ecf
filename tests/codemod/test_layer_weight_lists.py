"""layer_weight_lists: must-not-change cases first, then before/after, then what is reported."""

import keras
import numpy as np
import pytest

from tests.codemod.helpers import assert_rewrites, assert_unchanged

RULE = "layer_weight_lists"


def test_keras_3_refuses_the_list_and_tracks_the_variables():
    class Scale(keras.layers.Layer):
        def build(self, input_shape):
            self.gamma = keras.Variable(np.ones(3, "float32"))

    layer = Scale()
    layer.build((None, 3))
    assert len(layer.trainable_weights) == 1
    with pytest.raises(AttributeError):
        layer.trainable_weights = [layer.gamma]


def test_other_classes_stay():
    assert_unchanged("""
        class Holder(object):
            def build(self):
                self.w = K.variable(1.0)
                self.trainable_weights = [self.w]
    """, RULE)


def test_the_list_of_the_layers_own_variables_goes():
    # flyyufelix/cnn_finetune custom_layers/scale_layer.py, pierluigiferrari/ssd_keras L2Normalization
    assert_rewrites("""
        from keras.engine.topology import Layer
        from keras import backend as K

        class Scale(Layer):
            def build(self, input_shape):
                self.gamma = K.variable(self.gamma_init(shape), name='{}_gamma'.format(self.name))
                self.beta = K.variable(self.beta_init(shape), name='{}_beta'.format(self.name))
                self.trainable_weights = [self.gamma, self.beta]

        class L2Normalization(Layer):
            def build(self, input_shape):
                self.gamma = K.variable(init_gamma, name='{}_gamma'.format(self.name))
                self.trainable_weights = [self.gamma]
                super(L2Normalization, self).build(input_shape)
    """, """
        from keras.engine.topology import Layer
        from keras import backend as K

        class Scale(Layer):
            def build(self, input_shape):
                self.gamma = K.variable(self.gamma_init(shape), name='{}_gamma'.format(self.name))
                self.beta = K.variable(self.beta_init(shape), name='{}_beta'.format(self.name))

        class L2Normalization(Layer):
            def build(self, input_shape):
                self.gamma = K.variable(init_gamma, name='{}_gamma'.format(self.name))
                super(L2Normalization, self).build(input_shape)
    """, RULE)


def test_a_list_of_weights_made_elsewhere_is_reported():
    findings = assert_unchanged("""
        from keras.layers import Layer

        class Wrapper(Layer):
            def build(self, input_shape):
                self.trainable_weights = self.inner.trainable_weights
    """, RULE)
    assert [(f.line, f.advice) for f in findings] == [(6, False)]
