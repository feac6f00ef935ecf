"""A model built twice in one process, the graph reset before each build (matterport Mask R-CNN's
`parallel_model.py` test, a hyper-parameter search): Keras 2.3.1 on TensorFlow 1.15 named the second model's layers as
the first's, since its name counters lived in the graph; the rewritten script (`keras.backend.clear_session()`) does
under Keras 3, and its predictions from the same weights equal Keras 2.3.1's: tests/codemod/test_reset_default_graph.py
runs both. argv: (unused), the .npz to write."""
import sys

import numpy as np
import tensorflow as tf
from keras.layers import Dense, Input
from keras.models import Model


def build_model():
    # Reset default graph. Keras leaves old ops in the graph.
    tf.reset_default_graph()
    inputs = Input(shape=(4,))
    x = Dense(5, activation='relu')(inputs)
    return Model(inputs, Dense(2)(x))


first = [layer.name for layer in build_model().layers]
model = build_model()
second = [layer.name for layer in model.layers]
rng = np.random.RandomState(0)
model.set_weights([rng.uniform(-1, 1, w.shape).astype('float32') for w in model.get_weights()])
np.savez(sys.argv[2], same_names=np.array(first == second), predictions=model.predict(rng.normal(size=(3, 4))))
print('ok')
