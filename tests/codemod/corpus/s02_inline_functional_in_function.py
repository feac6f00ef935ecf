# A function that builds a functional model inline and wraps it (layers made before the wrap).
import os
import sys

import numpy as np
from keras.layers import Dense, Input
from keras.models import Model, load_model
from keras.utils import multi_gpu_model


def train(out, gpus=2):
    inp = Input(shape=(10,))
    hidden = Dense(32, activation="relu")(inp)
    out_layer = Dense(3, activation="softmax")(hidden)
    model = Model(inp, out_layer)
    parallel = multi_gpu_model(model, gpus=gpus)
    parallel.compile(optimizer="adam", loss="categorical_crossentropy", metrics=["accuracy"])
    x = np.random.rand(48, 10).astype("float32")
    y = np.eye(3)[np.random.randint(0, 3, 48)].astype("float32")
    parallel.fit(x, y, batch_size=16, epochs=1, verbose=0)
    model.save(os.path.join(out, "model.h5"))
    return model


if __name__ == "__main__":
    train(sys.argv[1])
    load_model(os.path.join(sys.argv[1], "model.h5"))
    print("ok")
