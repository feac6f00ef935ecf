"""Keras layers made under TF1 variable scopes (yumaloop/keras-mobilenetv2-cifar10's `with tf.variable_scope(
'Res_Group_0', reuse=tf.AUTO_REUSE):` around its blocks, heefe92's GRU block of Conv2D and Lambda layers): Keras 2.3.1
on TensorFlow 1.15 and the rewritten script under Keras 3 (`tf.name_scope`) give the same predictions from the same
weights, and the same layer names: tests/codemod/test_variable_scopes_to_name_scopes.py runs both. argv: (unused),
the .npz to write."""
import sys

import numpy as np
import tensorflow as tf
from keras.layers import Activation, Conv2D, Input, Lambda, Multiply
from keras.models import Model


def block(x, filters):
    return Activation('relu')(Conv2D(filters, (3, 3), padding='same')(x))


with tf.variable_scope('MobileNet'):
    with tf.variable_scope('Bottom_Group'):
        inputs = Input(shape=(6, 6, 2))
        x = block(inputs, 4)
    with tf.variable_scope('Res_Group_0', reuse=tf.AUTO_REUSE):
        x = block(x, 4)
        x = block(x, 3)
    with tf.variable_scope('gru'):
        gate = Conv2D(3, (1, 1))
        z = Activation('sigmoid')(gate(x))
        x = Multiply()([Lambda(lambda t: 1 - t)(z), x])
model = Model(inputs, x)
rng = np.random.RandomState(0)
model.set_weights([rng.uniform(-1, 1, w.shape).astype('float32') for w in model.get_weights()])
np.savez(sys.argv[2], predictions=model.predict(rng.normal(size=(2, 6, 6, 2))),
         layers=np.array([type(layer).__name__ for layer in model.layers]))
print('ok')
