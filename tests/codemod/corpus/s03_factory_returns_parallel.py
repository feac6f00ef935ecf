# A factory that returns the wrapper; the caller compiles and trains it.
import os
import sys

import numpy as np
import keras
from keras.utils import multi_gpu_model


def build(gpus):
    model = keras.models.Sequential([
        keras.layers.Dense(8, activation="tanh", input_shape=(4,)),
        keras.layers.Dense(1, activation="sigmoid"),
    ])
    return model, multi_gpu_model(model, gpus=gpus)


template, parallel = build(2)
parallel.compile(optimizer=keras.optimizers.SGD(lr=0.1), loss="binary_crossentropy")
x = np.random.rand(32, 4).astype("float32")
parallel.fit(x, (x.sum(axis=1) > 2).astype("float32"), batch_size=8, epochs=1, verbose=0)
template.save(os.path.join(sys.argv[1], "model.h5"))
keras.models.load_model(os.path.join(sys.argv[1], "model.h5"))
print("ok")
