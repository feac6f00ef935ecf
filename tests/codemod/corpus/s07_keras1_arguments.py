# Keras 1 argument names that Keras 2 still accepted: init=, nb_epoch=, output_dim=.
import os
import sys

import numpy as np
from keras.layers import Dense
from keras.models import Sequential, load_model
from keras.utils import multi_gpu_model

model = Sequential()
model.add(Dense(output_dim=12, input_dim=4, init="uniform", activation="relu"))
model.add(Dense(1, init="uniform", activation="sigmoid"))
parallel_model = multi_gpu_model(model, gpus=2)
parallel_model.compile(loss="binary_crossentropy", optimizer="adam")
parallel_model.fit(np.random.rand(32, 4), np.random.randint(0, 2, (32, 1)), nb_epoch=1, batch_size=8, verbose=0)
model.save(os.path.join(sys.argv[1], "model.h5"))
load_model(os.path.join(sys.argv[1], "model.h5"))
print("ok")
