# The GPU count taken from CUDA_VISIBLE_DEVICES, as cluster scripts did.
import os
import sys

import numpy as np
from keras.layers import Dense
from keras.models import Sequential, load_model
from keras.utils import multi_gpu_model

G = len(os.environ.get("CUDA_VISIBLE_DEVICES", "0,1").split(","))
model = Sequential([Dense(4, activation="relu", input_shape=(2,)), Dense(1)])
if G > 1:
    model_to_train = multi_gpu_model(model, gpus=G)
else:
    model_to_train = model
model_to_train.compile(optimizer="adam", loss="mse")
model_to_train.fit(np.random.rand(24, 2), np.random.rand(24, 1), epochs=1, batch_size=G * 4, verbose=0)
model.save(os.path.join(sys.argv[1], "model.h5"))
load_model(os.path.join(sys.argv[1], "model.h5"))
print("ok")
