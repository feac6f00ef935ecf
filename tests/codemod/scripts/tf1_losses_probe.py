"""TensorFlow 1's loss functions as a Keras model's loss and metric (`tf.losses.mean_squared_error`,
`tf.losses.log_loss`), and TF1's three-argument `tf.name_scope(scope, default_name, values)` in a Lambda's function,
as sgryco/keras_tinyimagenet and inception-preprocessing code wrote them. Keras 2.3.1 on TensorFlow 1.15 and the
rewritten script under Keras 3 (compat.v1's functions, eagerly) give the same predictions, loss and metric:
tests/codemod/test_tf1_names_to_tf2.py runs both. argv: (unused), the .npz to write."""
import sys

import numpy as np
import tensorflow as tf
from keras.layers import Dense, Lambda
from keras.models import Sequential


def halved(x, scope=None):
    with tf.name_scope(scope, 'halved', [x]):
        return x * 0.5


rng = np.random.RandomState(0)
model = Sequential([Dense(3, activation='sigmoid', input_dim=4), Lambda(halved)])
model.set_weights([rng.uniform(-1, 1, w.shape).astype('float32') for w in model.get_weights()])
model.compile(optimizer='sgd', loss=tf.losses.mean_squared_error, metrics=[tf.losses.log_loss])
x = rng.normal(size=(16, 4)).astype('float32')
y = rng.uniform(0, 0.5, size=(16, 3)).astype('float32')
found = {'predictions': model.predict(x), 'evaluated': np.array(model.evaluate(x, y, batch_size=16, verbose=0))}
np.savez(sys.argv[2], **found)
print('ok')
