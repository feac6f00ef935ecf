"""A recurrent layer written on Keras 2.0-2.1's abstract `Recurrent` (as attention decoders, RWA and NTM layers were):
build sets `self.states` and the weights, step(inputs, states) returns (output, new states). Over masked embeddings
forwards and backwards, with its sequences and states returned, and stateful across two batches and a reset. Keras 2.1.6
on TensorFlow 1.15 and the rewritten script under Keras 3 (Keras 2's class copied in) give the same predictions:
tests/codemod/test_legacy_import_paths.py runs both. argv: (unused), the .npz to write."""
import sys

import numpy as np
from keras import backend as K
from keras.engine import InputSpec
from keras.layers import Dense, Embedding, Input, Recurrent
from keras.models import Model, Sequential


class GatedRNN(Recurrent):
    def __init__(self, units, **kwargs):
        super(GatedRNN, self).__init__(**kwargs)  # noqa: UP008 - as Keras 2 code wrote it
        self.units = units

    def build(self, input_shape):
        self.input_spec = [InputSpec(shape=input_shape)]
        self.states = [None, None]
        if self.stateful:
            self.reset_states()
        self.kernel = self.add_weight(shape=(input_shape[2], self.units * 2), name='kernel',
                                      initializer='glorot_uniform')
        self.recurrent_kernel = self.add_weight(shape=(self.units, self.units * 2), name='recurrent_kernel',
                                                initializer='orthogonal')
        self.built = True

    def step(self, inputs, states):
        h, c = states[0], states[1]
        z = K.dot(inputs, self.kernel) + K.dot(h, self.recurrent_kernel)
        gate = K.sigmoid(z[:, :self.units])
        c = gate * c + (1 - gate) * K.tanh(z[:, self.units:])
        h = K.tanh(c)
        return h, [h, c]

    def get_config(self):
        config = {'units': self.units}
        base_config = super(GatedRNN, self).get_config()  # noqa: UP008
        return dict(list(base_config.items()) + list(config.items()))


def seeded(model, seed):
    rng = np.random.RandomState(seed)
    model.set_weights([rng.uniform(-0.5, 0.5, w.shape).astype('float32') for w in model.get_weights()])
    return model


words = np.array([[3, 1, 4, 1, 5, 0, 0], [2, 7, 1, 8, 2, 8, 1], [9, 0, 0, 0, 0, 0, 0]])
stacked = seeded(Sequential([Embedding(10, 5, input_length=7, mask_zero=True), GatedRNN(6, return_sequences=True),
                             GatedRNN(4, go_backwards=True), Dense(2)]), 0)
inputs = Input(shape=(7, 5))
outputs = GatedRNN(3, return_sequences=True, return_state=True)(inputs)
states = seeded(Model(inputs, outputs), 1)
batch = Input(batch_shape=(3, 4, 5))
stateful = Model(batch, GatedRNN(3, stateful=True)(batch))
seeded(stateful, 2)
x = np.random.RandomState(3).normal(size=(3, 7, 5)).astype('float32')
first = stateful.predict(x[:, :4], batch_size=3)
second = stateful.predict(x[:, 3:], batch_size=3)
stateful.reset_states()
again = stateful.predict(x[:, :4], batch_size=3)
sequences, h, c = states.predict(x)
np.savez(sys.argv[2], stacked=stacked.predict(words), sequences=sequences, h=h, c=c, first=first, second=second,
         again=again)
print('ok')
