"""Keras 2 custom layers choosing with K.in_train_phase and no `training=` (anago's CRF layer does), or the learning
phase read into a name and given as `training=`: Keras 2 read its global learning phase, 1 under fit/train_on_batch
and 0 under predict/evaluate. Fixed weights, so Keras 2.3.1 (/tmp/legacy37) and the rewritten script under Keras 3
give the same predictions, evaluation loss and training loss: tests/codemod/test_backend_functions_to_ops.py compares
them. Writes argv[1] (.npz)."""
import sys

import numpy as np
from keras import backend as K
from keras.layers import Dense, Input, Layer
from keras.models import Model


class Shrink(Layer):
    def call(self, inputs):
        return K.in_train_phase(inputs * 0.5, inputs)


class Shift(Layer):
    def call(self, inputs):
        phase = K.learning_phase()  # the phase read by name (ElizavetaKharlova/seq2seq-solar-forecasting)
        return K.in_train_phase(inputs + 1.0, inputs, training=phase)


rng = np.random.RandomState(0)
inputs = Input((4,))
model = Model(inputs, Dense(2, name="out")(Shift()(Shrink()(Dense(3, name="hidden")(inputs)))))
model.set_weights([rng.uniform(-1, 1, size=w.shape).astype("float32") for w in model.get_weights()])
model.compile(optimizer="sgd", loss="mse")
x = rng.normal(size=(8, 4)).astype("float32")
y = rng.normal(size=(8, 2)).astype("float32")
predicted = model.predict(x)
evaluated = model.evaluate(x, y, verbose=0)
trained = model.train_on_batch(x, y)
np.savez(sys.argv[1], predicted=predicted, evaluated=np.float32(evaluated), trained=np.float32(trained))
print("ok")
