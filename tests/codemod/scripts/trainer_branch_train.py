"""A Keras 2 script with the shapes issue 31 found left broken or silent after the rewrite: the model built by a
function returning (model, shape), on one device in the `if` branch and wrapped by multi_gpu_model under another
name in the `else` (`single` -> `model`), the compile after the if/else; weights saved through a method of the
script's own Trainer class called with 'trainer_weights.h5'; `from keras.models import Input`,
`keras.layers.normalization`, `keras.losses.mse`, `keras.utils.generic_utils`, multi_gpu_model from TF 1's
generated API package. Tiny random data."""
import sys

import keras
import numpy as np
import tensorflow as tf
from keras.layers import Dense, Flatten
from keras.layers.normalization import BatchNormalization
from keras.models import Input, Model
from keras.utils.generic_utils import Progbar
from tensorflow._api.v1.keras.utils import multi_gpu_model

n_gpus = int(sys.argv[1])
rng = np.random.default_rng(0)
x = rng.normal(size=(32, 6, 4)).astype("float32")
y = np.eye(3)[rng.integers(0, 3, 32)].astype("float32")


def build(units):
    inputs = Input((6, 4))
    hidden = BatchNormalization()(Flatten()(inputs))
    return Model(inputs, Dense(3, activation="softmax")(Dense(units, activation="relu")(hidden))), (6, 4)


class Trainer:
    def __init__(self, model):
        self.model = model

    def save(self, path):
        self.model.save_weights(path)


if n_gpus <= 1:
    model, shape = build(8)
else:
    with tf.device('/cpu:0'):
        single, shape = build(8)
    model = multi_gpu_model(single, gpus=n_gpus)
model.compile(optimizer="adam", loss=keras.losses.mse, metrics=["accuracy"])
history = model.fit(x, y, batch_size=8, epochs=2, verbose=0)
Progbar(1).update(1)
Trainer(model).save("trainer_weights.h5")
print("replicas", model.distribute_strategy.num_replicas_in_sync, "epochs", len(history.history["loss"]))
print("ok")
