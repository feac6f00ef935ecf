"""A project's own layers, as a training repository keeps them beside its scripts (a test fixture).

Its module-level code writes a file when run: converting a model that uses these classes with
`--from-code` must take the classes alone, never run this module.
"""
import tensorflow as tf
from tensorflow.keras import backend as K
from tensorflow.keras.layers import Layer

EPSILON = 1e-3

open("/tmp/migrate-custom-class-payload-ran", "w").write("the module-level code of layers.py ran\n")


def shifted(x, gain):
    return x * gain + EPSILON


class Pairwise(Layer):
    """A base class of the project's: layers over a pair of tensors."""

    def compute_output_shape(self, input_shape):
        return input_shape[0]


class AbsDiff(Pairwise):
    def call(self, inputs):
        left, right = inputs
        return tf.math.abs(left - right)


class GainLayer(Layer):
    def __init__(self, scale=2.0, **kwargs):
        super(GainLayer, self).__init__(**kwargs)
        self.scale = scale

    def build(self, input_shape):
        self.gain = self.add_weight(name="gain", shape=(input_shape[-1],), initializer="ones", trainable=True)
        super(GainLayer, self).build(input_shape)

    def call(self, x):
        return K.tanh(shifted(x, self.gain)) * self.scale

    def get_config(self):
        config = super(GainLayer, self).get_config()
        config["scale"] = self.scale
        return config
