"""Embeddings first in a Sequential, their weights set before the model ever runs, as text classifiers wrote it:
`model.add(Embedding(V, D, input_length=L))` then a pretrained matrix into `model.layers[0]` and the rest seeded,
and `Sequential([Embedding(V, D, mask_zero=True), LSTM(...)])` (Keras 2 made its input `(None,)`). Keras 2.3.1 and the
rewritten script under Keras 3 (the model's `keras.Input` first) give the same predictions and weight counts:
tests/codemod/test_embedding_input_length.py runs both. argv: (unused), the .npz to write."""
import sys

import numpy as np
from keras.layers import LSTM, Dense, Embedding, Flatten
from keras.models import Sequential

rng = np.random.RandomState(0)
matrix = rng.normal(size=(12, 4)).astype('float32')
model = Sequential()
model.add(Embedding(12, 4, input_length=6, trainable=False))
model.add(Flatten())
model.add(Dense(3, activation='softmax'))
model.layers[0].set_weights([matrix])
model.layers[2].set_weights([rng.uniform(-1, 1, w.shape).astype('float32') for w in model.layers[2].get_weights()])
masked = Sequential([Embedding(12, 4, mask_zero=True), LSTM(2)])
masked.set_weights([rng.uniform(-1, 1, w.shape).astype('float32') for w in masked.get_weights()])
words = np.array([[1, 5, 3, 0, 0, 0], [11, 2, 7, 9, 4, 8]])
np.savez(sys.argv[2], flat=model.predict(words), masked=masked.predict(words),
         counts=np.array([len(model.get_weights()), len(masked.get_weights())]))
print('ok')
