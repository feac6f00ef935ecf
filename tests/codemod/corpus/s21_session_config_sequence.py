# The TF1 session preamble with allow_growth and a memory fraction, and a keras.utils.Sequence fed to
# fit_generator with worker settings.
import os
import sys

import numpy as np
import keras
import tensorflow as tf
from keras import backend as K
from keras.utils import multi_gpu_model

config = tf.ConfigProto()
config.gpu_options.allow_growth = True
config.gpu_options.per_process_gpu_memory_fraction = 0.9
K.set_session(tf.Session(config=config))


class Batches(keras.utils.Sequence):
    def __len__(self):
        return 3

    def __getitem__(self, index):
        return np.random.rand(6, 4), np.random.rand(6, 2)


model = keras.models.Sequential([keras.layers.Dense(2, input_shape=(4,))])
parallel_model = multi_gpu_model(model, 2)
parallel_model.compile(optimizer="adam", loss="mae")
parallel_model.fit_generator(Batches(), epochs=1, workers=1, use_multiprocessing=False, verbose=0)
model.save(os.path.join(sys.argv[1], "model.h5"))
keras.models.load_model(os.path.join(sys.argv[1], "model.h5"))
print("ok")
