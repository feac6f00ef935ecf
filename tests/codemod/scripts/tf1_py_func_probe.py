"""TensorFlow 1's `tf.py_func` in a Keras Lambda (a NumPy step inside a model, its static shape set afterwards, as
keras-yolo3 and CTC decoders wrote it) and in a tf.data map. Keras 2.3.1 on TensorFlow 1.15 and the rewritten script
under Keras 3 (`tf.numpy_function`, the same function under TF2's name) give the same predictions and mapped batch:
tests/codemod/test_tf1_names_to_tf2.py runs both. argv: (unused), the .npz to write."""
import sys

import numpy as np
import tensorflow as tf
from keras.layers import Dense, Lambda
from keras.models import Sequential


def clipped_cube(x):
    return np.clip(x, -0.5, 0.5).astype(np.float32) ** 3


def numpy_step(x):
    y = tf.py_func(clipped_cube, [x], tf.float32)
    y.set_shape(x.get_shape())
    return y


rng = np.random.RandomState(0)
model = Sequential([Dense(3, input_dim=4), Lambda(numpy_step)])
model.set_weights([rng.uniform(-1, 1, w.shape).astype('float32') for w in model.get_weights()])
x = rng.normal(size=(8, 4)).astype('float32')
data = tf.data.Dataset.from_tensor_slices(x).map(lambda row: tf.py_func(clipped_cube, [row], tf.float32,
                                                                        stateful=False)).batch(8)
batch = tf.data.experimental.get_single_element(data)
mapped = batch.numpy() if tf.executing_eagerly() else tf.compat.v1.Session().run(batch)
np.savez(sys.argv[2], predictions=model.predict(x), mapped=mapped)
print('ok')
