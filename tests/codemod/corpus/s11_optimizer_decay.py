# An optimizer with Keras 2's decay= (and lr=), compiled on the wrapper.
import os
import sys

import numpy as np
from keras.layers import Dense
from keras.models import Sequential, load_model
from keras.optimizers import SGD
from keras.utils import multi_gpu_model

model = Sequential([Dense(6, activation="relu", input_shape=(3,)), Dense(1)])
parallel_model = multi_gpu_model(model, gpus=2)
sgd = SGD(lr=0.01, decay=1e-6, momentum=0.9, nesterov=True)
parallel_model.compile(loss="mse", optimizer=sgd)
parallel_model.fit(np.random.rand(32, 3), np.random.rand(32, 1), epochs=1, batch_size=8, verbose=0)
model.save(os.path.join(sys.argv[1], "model.h5"))
load_model(os.path.join(sys.argv[1], "model.h5"))
print("ok")
