# Cross-validation: each fold builds a fresh template, wraps it, trains and saves, inside a loop.
import os
import sys

import numpy as np
from keras import backend as K
from keras.layers import Dense
from keras.models import Sequential, load_model
from keras.utils import multi_gpu_model

OUT = sys.argv[1]
x = np.random.rand(30, 3)
y = np.random.rand(30, 1)
for fold in range(2):
    K.clear_session()
    model = Sequential([Dense(5, activation="relu", input_shape=(3,)), Dense(1)])
    parallel_model = multi_gpu_model(model, gpus=2)
    parallel_model.compile(optimizer="sgd", loss="mse")
    train = np.arange(30) % 2 != fold
    parallel_model.fit(x[train], y[train], epochs=1, batch_size=6, verbose=0)
    model.save(os.path.join(OUT, "fold%d.h5" % fold))
for fold in range(2):
    load_model(os.path.join(OUT, "fold%d.h5" % fold))
print("ok")
