# The common shape: template built on the CPU, wrapped, compiled, trained (module level).
import os
import sys

import numpy as np
import tensorflow as tf
from keras.layers import Dense, Dropout
from keras.models import Sequential, load_model
from keras.optimizers import Adam
from keras.utils import multi_gpu_model

OUT = sys.argv[1]
x = np.random.rand(64, 8).astype("float32")
y = x.sum(axis=1, keepdims=True)

with tf.device("/cpu:0"):
    model = Sequential()
    model.add(Dense(16, activation="relu", input_shape=(8,)))
    model.add(Dropout(0.1))
    model.add(Dense(1))

parallel_model = multi_gpu_model(model, gpus=2)
parallel_model.compile(optimizer=Adam(lr=0.001), loss="mse")
parallel_model.fit(x, y, batch_size=16, epochs=1, verbose=0)
model.save(os.path.join(OUT, "model.h5"))
load_model(os.path.join(OUT, "model.h5"))
print("ok")
