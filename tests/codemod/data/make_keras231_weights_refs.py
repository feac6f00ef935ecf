"""Writes keras231_layer_weights_refs.npz: what each model of keras2_layer_weights.py computes under Keras 2.3.1.

Run by the legacy stack (Python 3.7, TF 1.15, Keras 2.3.1): `/tmp/legacy37/bin/python make_keras231_weights_refs.py`.
Also checks what the advice of layer_initial_weights says of a layer inside TimeDistributed or Bidirectional (Keras
2.3.1 builds it without calling it, so its weights= never reached it; TF 1.15's tf.keras set it inside TimeDistributed
only), and what layer_keywords says of DepthwiseConv2D/SeparableConv2D(kernel_*=): unused, by both."""

import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import keras  # noqa: E402
import keras.layers as keras_layers  # noqa: E402
from keras.layers import LSTM, Bidirectional, Dense, Input, TimeDistributed  # noqa: E402
from keras2_layer_weights import MODELS  # noqa: E402


def layers_model(layers, layer):
    """A model of `layer` alone on a 5x5x3 input, with the Input and Model of the same Keras as `layers`."""
    inputs = layers.Input((5, 5, 3))
    return (keras.models.Model if layers is keras_layers else tf_keras.models.Model)(inputs, layer(inputs))


refs = {}
for name, (model, inputs) in sorted(MODELS.items()):
    refs[name + '_input'] = inputs
    refs[name] = model.predict(inputs)

kernel = np.ones((3, 4), 'float32')
inner = Dense(4, weights=[kernel, np.zeros(4, 'float32')])
TimeDistributed(inner)(Input((2, 3)))
assert not np.array_equal(inner.get_weights()[0], kernel), 'TimeDistributed applied weights='
inner = LSTM(2, weights=[np.ones((3, 8)), np.ones((2, 8)), np.ones(8)])
layer = Bidirectional(inner)
layer(Input((4, 3)))
assert not np.array_equal(layer.forward_layer.get_weights()[0], np.ones((3, 8))), 'Bidirectional applied weights='
# TF 1.15's tf.keras set it inside TimeDistributed, and not inside Bidirectional
from tensorflow import keras as tf_keras  # noqa: E402

inner = tf_keras.layers.Dense(4, weights=[kernel, np.zeros(4, 'float32')])
tf_keras.layers.TimeDistributed(inner)(tf_keras.layers.Input((2, 3)))
assert np.array_equal(tf_keras.backend.get_value(inner.kernel), kernel), 'tf.keras TimeDistributed ignored weights='
layer = tf_keras.layers.Bidirectional(tf_keras.layers.LSTM(2, weights=[np.ones((3, 8)), np.ones((2, 8)), np.ones(8)]))
layer(tf_keras.layers.Input((4, 3)))
assert not np.array_equal(tf_keras.backend.get_value(layer.forward_layer.cell.kernel), np.ones((3, 8)))
# layer_keywords: kernel_*= on a depthwise or separable convolution did nothing in either (no loss, no initial value,
# no constraint): Keras 2 handed them to Conv2D, which stored them unused
for layers in (keras_layers, tf_keras.layers):
    for layer in (layers.DepthwiseConv2D(3, kernel_initializer='zeros', kernel_regularizer='l2', kernel_constraint='non_neg'),
                  layers.SeparableConv2D(4, 3, kernel_initializer='zeros', kernel_regularizer='l2', kernel_constraint='non_neg')):
        model = layers_model(layers, layer)
        assert not model.losses and not np.all(layer.get_weights()[0] == 0), layer
        assert all(getattr(weight, 'constraint', None) is None for weight in layer.weights), layer

np.savez_compressed(os.path.join(os.path.dirname(os.path.abspath(__file__)), 'keras231_layer_weights_refs.npz'),
                    **refs)
print('wrote', len(MODELS), 'references')
