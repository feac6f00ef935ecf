# The TF1 preamble most multi-GPU scripts start with: allow_growth and a session for Keras.
import os
import sys

import numpy as np
import tensorflow as tf
from keras import backend as K
from keras.layers import Dense
from keras.models import Sequential, load_model
from keras.utils import multi_gpu_model

config = tf.ConfigProto()
config.gpu_options.allow_growth = True
K.set_session(tf.Session(config=config))

model = Sequential([Dense(4, activation="relu", input_shape=(3,)), Dense(1)])
parallel_model = multi_gpu_model(model, gpus=2)
parallel_model.compile(optimizer="adam", loss="mae")
parallel_model.fit(np.random.rand(32, 3), np.random.rand(32, 1), epochs=1, batch_size=8, verbose=0)
model.save(os.path.join(sys.argv[1], "model.h5"))
load_model(os.path.join(sys.argv[1], "model.h5"))
print("ok")
