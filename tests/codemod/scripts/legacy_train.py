"""A legacy-style training script, as users wrote them for Keras 2 with multi_gpu_model."""
import sys

import numpy as np
import tensorflow as tf
from keras.layers.core import Dense, Dropout
from keras.models import Sequential
from keras.optimizers import Adam
from keras.utils import multi_gpu_model

G = 2
OUT = sys.argv[1]


def build_model():
    model = Sequential()
    model.add(Dense(16, activation="relu", input_shape=(8,)))
    model.add(Dropout(0.1))
    model.add(Dense(1))
    return model


def batches(x, y, size):
    while True:
        for start in range(0, len(x), size):
            yield x[start:start + size], y[start:start + size]


def main():
    rng = np.random.RandomState(0)
    x = rng.rand(256, 8).astype("float32")
    y = x.sum(axis=1, keepdims=True)
    with tf.device('/cpu:0'):
        model = build_model()
    parallel_model = multi_gpu_model(model, gpus=G)
    parallel_model.compile(optimizer=Adam(lr=0.01), loss='mse')
    parallel_model.fit_generator(batches(x, y, 32 * G), steps_per_epoch=4, epochs=3, verbose=0, workers=1)
    loss = parallel_model.evaluate(x, y, verbose=0)
    model.save(OUT)
    print("replicas", tf.distribute.get_strategy().num_replicas_in_sync, "loss", loss)


if __name__ == "__main__":
    main()
