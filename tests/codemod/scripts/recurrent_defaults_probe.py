"""Keras 2's recurrent layers as scripts wrote them, with Keras 2's defaults unwritten: GRUs (the reset gate first),
one over masked embeddings, a ConvLSTM2D (hard_sigmoid gates), an LSTM told 'hard_sigmoid' and one not (Keras 2.3's
sigmoid), 'hard_sigmoid' as a Dense activation and through the backend. Weights come from a seeded generator, as a
script's `load_weights` would give them. Keras 2.3.1 (/tmp/legacy37) and the script rewritten by `migrate code` under
Keras 3 predict the same: tests/codemod/test_recurrent_defaults.py compares them. Writes argv[1] (.npz)."""
import sys

import numpy as np
from keras import backend as K
from keras.layers import GRU, LSTM, ConvLSTM2D, Dense, Embedding, Flatten, Input, Lambda, concatenate
from keras.models import Model, Sequential

rng = np.random.RandomState(0)


def seeded(model):
    weights = np.random.RandomState(1)
    model.set_weights([weights.uniform(-0.8, 0.8, w.shape).astype('float32') for w in model.get_weights()])
    return model


sequences = Input((7, 5))
words = Input((9,))
lstm = LSTM(6, return_sequences=True, recurrent_activation='hard_sigmoid')(LSTM(5, return_sequences=True)(sequences))
gru = GRU(4)(lstm)
embedded = Embedding(20, 5, mask_zero=True)(words)
masked = GRU(3, dropout=0.1)(embedded)
gate = Dense(2, activation='hard_sigmoid')(concatenate([gru, masked]))
hard = Lambda(lambda t: K.hard_sigmoid(3 * t))(gate)
model = seeded(Model([sequences, words], [gru, masked, gate, hard]))
x = rng.uniform(-1, 1, (4, 7, 5)).astype('float32')
w = rng.randint(1, 20, (4, 9))
w[1, 6:] = 0
out = dict(zip(["gru", "masked", "gate", "hard"], model.predict([x, w])))  # noqa: B905 - Python 3.7 runs it too

movie = Sequential()
movie.add(ConvLSTM2D(filters=3, kernel_size=(3, 3), padding='same', input_shape=(4, 6, 6, 2)))
movie.add(Flatten())
out["conv_lstm"] = seeded(movie).predict(rng.uniform(-1, 1, (2, 4, 6, 6, 2)).astype('float32'))
np.savez(sys.argv[1], **out)
print("ok")
