"""Writes keras231_layer_weights_refs.npz: what each model of keras2_layer_weights.py computes under Keras 2.3.1.

Run by the legacy stack (Python 3.7, TF 1.15, Keras 2.3.1): `/tmp/legacy37/bin/python make_keras231_weights_refs.py`.
Also checks what the rule's advice says of a layer inside TimeDistributed or Bidirectional: Keras 2.3.1 builds it
without calling it, so its weights= never reached it."""

import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from keras.layers import LSTM, Bidirectional, Dense, Input, TimeDistributed  # noqa: E402
from keras2_layer_weights import MODELS  # noqa: E402

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
np.savez_compressed(os.path.join(os.path.dirname(os.path.abspath(__file__)), 'keras231_layer_weights_refs.npz'),
                    **refs)
print('wrote', len(MODELS), 'references')
