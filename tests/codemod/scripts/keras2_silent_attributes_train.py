"""Keras 2 code whose breakage under Keras 3 no name check sees (an untyped receiver, a positional argument, a
keyword on a model handed in): migrate code rewrites it, and the test trains the result under Keras 3, alone and under
MirroredStrategy over two logical CPUs. Under Keras 2.3.1 and TensorFlow 1.15 it prints the same line.

- a TF1 optimizer given to compile: `head.compile(tf.train.AdamOptimizer(0.01), ...)` (TensorFlow 1's tutorials)
- `int(x.get_shape()[-1])` in a squeeze-excite block (a Keras 3 symbolic tensor has no TensorShape)
- `self.add_weight('W', shape, ...)`, Keras 2.1-2.3's positional order, in a custom layer
- `model.layers[-1].output_shape` and `layer.output_shape` over `model.layers`
- `fit(workers=, use_multiprocessing=)` on a model handed to a function
- `LambdaCallback(on_batch_end=)` and `self.model.optimizer.lr` read in a callback
- a stateful LSTM given `batch_input_shape` as a Sequential's first layer
"""
import sys

import numpy as np
import tensorflow as tf
from keras import backend as K
from keras.callbacks import Callback, LambdaCallback
from keras.layers import LSTM, Conv2D, Dense, Flatten, GlobalAveragePooling2D, Input, Layer, Multiply, Reshape
from keras.models import Model, Sequential
from keras.optimizers import Adam


class Scale(Layer):
    def build(self, input_shape):
        self.W = self.add_weight('W', (int(input_shape[-1]),), initializer='ones')
        super().build(input_shape)

    def call(self, x):
        return x * self.W


class ShowRate(Callback):
    def on_epoch_end(self, epoch, logs=None):
        self.rate = float(K.get_value(self.model.optimizer.lr))


def squeeze_excite(x):
    channels = int(x.get_shape()[-1])
    s = GlobalAveragePooling2D()(x)
    s = Dense(channels, activation='sigmoid')(s)
    return Multiply()([x, Reshape((1, 1, channels))(s)])


def train(model, x, y, callbacks):
    return model.fit(x, y, epochs=2, batch_size=8, verbose=0, callbacks=callbacks, workers=2,
                     use_multiprocessing=False)


if __name__ == "__main__":
    strategy = tf.distribute.MirroredStrategy() if "mirrored" in sys.argv else tf.distribute.get_strategy()
    with strategy.scope():
        inputs = Input(shape=(6, 6, 3))
        x = Conv2D(4, (3, 3), activation='relu')(inputs)
        x = squeeze_excite(x)
        outputs = Dense(2, activation='softmax')(Scale()(Flatten()(x)))
        model = Model(inputs, outputs)
        model.compile(Adam(lr=0.01), loss='categorical_crossentropy')
        head = Sequential([Dense(2, activation='softmax', input_shape=(4,))])
        head.compile(tf.train.AdamOptimizer(0.01), loss='categorical_crossentropy')
    shapes = [layer.output_shape for layer in model.layers]
    assert shapes[0] == (None, 6, 6, 3) and model.layers[-1].output_shape == (None, 2), shapes
    rng = np.random.RandomState(0)
    data = rng.normal(size=(32, 6, 6, 3)).astype('float32')
    labels = np.eye(2)[rng.randint(0, 2, size=32)].astype('float32')
    batches = []
    rate = ShowRate()
    train(model, data, labels, [LambdaCallback(on_batch_end=lambda batch, logs: batches.append(batch)), rate])
    train(head, data[:, 0, 0, :].repeat(2, axis=1)[:, :4], labels, [])

    stateful = Sequential()
    stateful.add(LSTM(3, batch_input_shape=(2, 1, 4), stateful=True))
    stateful.add(Dense(1))
    series = rng.normal(size=(4, 1, 4)).astype('float32')
    first = stateful.predict(series[:2], batch_size=2)
    again = stateful.predict(series[:2], batch_size=2)
    print("replicas", strategy.num_replicas_in_sync, "batches", len(batches), "rate", round(rate.rate, 6),
          "stateful", bool(np.abs(first - again).max() > 0))
    print("ok")
