# Weights saved as .h5 by the template and by a save_weights_only checkpoint.
import os
import sys

import numpy as np
from keras.callbacks import ModelCheckpoint
from keras.layers import Dense
from keras.models import Sequential
from keras.utils import multi_gpu_model

OUT = sys.argv[1]


def make():
    model = Sequential()
    model.add(Dense(8, activation="relu", input_dim=6))
    model.add(Dense(1))
    return model


model = make()
parallel_model = multi_gpu_model(model, gpus=2)
parallel_model.compile(optimizer="adam", loss="mse")
checkpoint = ModelCheckpoint(os.path.join(OUT, "best.h5"), save_weights_only=True)
parallel_model.fit(np.random.rand(32, 6), np.random.rand(32, 1), epochs=1, batch_size=8, verbose=0,
                   callbacks=[checkpoint])
model.save_weights(os.path.join(OUT, "final.h5"))
again = make()
again.load_weights(os.path.join(OUT, "final.h5"))
print("ok")
