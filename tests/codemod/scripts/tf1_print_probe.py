"""TensorFlow 1's `tf.Print` inside an expression (a Keras Lambda returns the printed tensor, as keras-generative's
`print_tensor_shape` did): Keras 2.3.1 on TensorFlow 1.15 and the rewritten script under Keras 3
(`tf.compat.v1.Print`, TF1's op, which runs eagerly and in a tf.function too) give the same predictions and print the
same lines to stderr: tests/codemod/test_tf1_names_to_tf2.py runs both. argv: (unused), the .npz to write."""
import sys

import numpy as np
import tensorflow as tf
from keras import backend as K
from keras.layers import Dense, Lambda
from keras.models import Sequential


def shown(t):
    return tf.Print(t * 2, [t, K.shape(t)], message='probe: ', summarize=6)


rng = np.random.RandomState(0)
model = Sequential([Dense(3, input_dim=4), Lambda(shown)])
model.set_weights([rng.uniform(-1, 1, w.shape).astype('float32') for w in model.get_weights()])
np.savez(sys.argv[2], predictions=model.predict(np.arange(8, dtype='float32').reshape(2, 4) / 8, batch_size=2))
sys.stderr.flush()
print('ok')
