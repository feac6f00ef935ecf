"""A Keras 2 script of foamliu/Image-Captioning train.py's shape (issue 31): in a function, the `if num_gpu >= 2`
branch builds `model` on the CPU and wraps it as `new_model` (a callback keeps `model`), the `else` builds
`new_model` itself; compile and fit after the if/else use `new_model`. Tiny random data."""
import sys

import keras
import numpy as np
import tensorflow as tf
from keras.layers import Dense, Input
from keras.models import Model
from keras.utils import multi_gpu_model


def build_model():
    inputs = Input((4,))
    return Model(inputs, Dense(2, activation="softmax")(Dense(8, activation="relu")(inputs)))


class Saver(keras.callbacks.Callback):
    def __init__(self, model):
        keras.callbacks.Callback.__init__(self)
        self.model_to_save = model


def train(num_gpu):
    rng = np.random.default_rng(0)
    x = rng.normal(size=(32, 4)).astype("float32")
    y = np.eye(2)[rng.integers(0, 2, 32)].astype("float32")
    callbacks = []
    if num_gpu >= 2:
        with tf.device("/cpu:0"):
            model = build_model()
        new_model = multi_gpu_model(model, gpus=num_gpu)
        callbacks.append(Saver(model))
    else:
        new_model = build_model()
    new_model.compile(optimizer=keras.optimizers.Adam(lr=1e-3), loss="categorical_crossentropy")
    history = new_model.fit(x, y, batch_size=8, epochs=2, verbose=0, callbacks=callbacks)
    print("replicas", new_model.distribute_strategy.num_replicas_in_sync, "epochs", len(history.history["loss"]))


train(int(sys.argv[1]))
print("ok")
