# Wrap when GPUs are there, fall back to the template when they are not.
import os
import sys

import numpy as np
from keras.layers import Dense
from keras.models import Sequential, load_model
from keras.utils import multi_gpu_model

model = Sequential([Dense(5, activation="relu", input_shape=(7,)), Dense(2, activation="softmax")])
try:
    parallel_model = multi_gpu_model(model, gpus=2)
    print("Training using multiple GPUs..")
except ValueError:
    parallel_model = model
    print("Training using single GPU or CPU..")
parallel_model.compile(loss="categorical_crossentropy", optimizer="adam")
parallel_model.fit(np.random.rand(30, 7), np.eye(2)[np.random.randint(0, 2, 30)], epochs=1, verbose=0)
model.save(os.path.join(sys.argv[1], "model.h5"))
load_model(os.path.join(sys.argv[1], "model.h5"))
print("ok")
