# GPU ids chosen on the command line ("--gpus 0,1"), turned into a list for multi_gpu_model.
import argparse
import os
import sys

import numpy as np
from keras.layers import Dense
from keras.models import Sequential, load_model
from keras.utils import multi_gpu_model

parser = argparse.ArgumentParser()
parser.add_argument("out")
parser.add_argument("--gpus", default="0,1")
args = parser.parse_args()
model = Sequential([Dense(3, activation="softmax", input_shape=(5,))])
parallel_model = multi_gpu_model(model, gpus=[int(g) for g in args.gpus.split(",")])
parallel_model.compile(optimizer="rmsprop", loss="categorical_crossentropy")
parallel_model.fit(np.random.rand(20, 5), np.eye(3)[np.random.randint(0, 3, 20)], epochs=1, batch_size=4, verbose=0)
model.save(os.path.join(args.out, "model.h5"))
load_model(os.path.join(args.out, "model.h5"))
print("ok")
