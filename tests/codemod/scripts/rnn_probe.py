"""Custom recurrent layers built on Keras 2's `K.rnn`, as attention, memory-network and CRF layers were: a minimal
RNN over masked embeddings (two states, a constant, forwards and backwards, `unroll=True` with input_length), and a
Viterbi backtrack over integer argmax tables (the CRF's `find_path`). Weights come from a seeded generator. Keras
2.3.1 (/tmp/legacy37) and the script rewritten by `migrate code` under Keras 3 compute the same outputs:
tests/codemod/test_backend_functions_to_ops.py compares them. Writes argv[1] (.npz)."""
import sys

import numpy as np
from keras import backend as K
from keras.layers import Embedding, Input, Layer
from keras.models import Model


class MinimalRNN(Layer):
    def __init__(self, units, go_backwards=False, unroll=False, **kwargs):
        super().__init__(**kwargs)
        self.units = units
        self.go_backwards = go_backwards
        self.unroll = unroll
        self.supports_masking = True

    def build(self, input_shape):
        self.kernel = self.add_weight(name='kernel', shape=(input_shape[-1], self.units), initializer='uniform')
        self.recurrent = self.add_weight(name='recurrent', shape=(self.units, self.units), initializer='uniform')
        self.bias = self.add_weight(name='bias', shape=(self.units,), initializer='zeros')
        super().build(input_shape)

    def step(self, x, states):
        h, total, bias = states[0], states[1], states[2]
        output = K.tanh(K.dot(x, self.kernel) + K.dot(h, self.recurrent) + bias)
        return output, [output, total + K.sum(output, axis=-1, keepdims=True)]

    def call(self, inputs, mask=None):
        h0 = K.zeros_like(K.dot(inputs[:, 0], self.kernel))
        total0 = K.zeros_like(inputs[:, 0, :1])
        last, outputs, states = K.rnn(self.step, inputs, [h0, total0], go_backwards=self.go_backwards, mask=mask,
                                      constants=[self.bias], unroll=self.unroll, input_length=K.int_shape(inputs)[1])
        return K.concatenate([outputs, K.repeat(states[1], K.int_shape(inputs)[1])], axis=-1)

    def compute_output_shape(self, input_shape):
        return input_shape[:2] + (self.units + 1,)

    def compute_mask(self, inputs, mask=None):
        return mask


def viterbi_path(argmax_tables, last_best):
    """The CRF's backtrack: from the best last label, each step's argmax table gives the label before it."""
    def find_path(argmax_table, best_idx):
        next_best_idx = K.gather(K.reshape(argmax_table, (-1,)),
                                 K.arange(K.shape(argmax_table)[0]) * K.shape(argmax_table)[1] + best_idx[0][:, 0])
        next_best_idx = K.expand_dims(next_best_idx)
        return next_best_idx, [next_best_idx]

    _, best_paths, _ = K.rnn(find_path, argmax_tables, [last_best], go_backwards=True,
                             input_length=K.int_shape(argmax_tables)[1], unroll=True)
    return K.reverse(best_paths, 1)


rng = np.random.RandomState(0)
words = rng.randint(1, 20, size=(4, 7))
words[1, 5:] = 0
words[2, 3:] = 0
out = {}
for name, backwards, unroll in (("forwards", False, False), ("backwards", True, False), ("unrolled", False, True)):
    inputs = Input((7,))
    embedded = Embedding(20, 5, mask_zero=True)(inputs)
    model = Model(inputs, MinimalRNN(6, go_backwards=backwards, unroll=unroll)(embedded))
    model.set_weights([rng.uniform(-0.5, 0.5, w.shape).astype('float32') for w in model.get_weights()])
    out[name] = model.predict(words)

tables = K.constant(rng.randint(0, 5, size=(3, 6, 5)), dtype='int32')
out["path"] = K.eval(viterbi_path(tables, K.constant([[1], [4], [0]], dtype='int32')))
np.savez(sys.argv[1], **out)
print("ok")
