# A Keras 1 era CNN that Keras 2 still ran: Convolution2D(nb_filter, nb_row, nb_col), border_mode,
# subsample, W_regularizer, dim_ordering, keras.layers.core / .convolutional imports, nb_epoch.
import os
import sys

import numpy as np
from keras.layers.convolutional import Convolution2D, MaxPooling2D
from keras.layers.core import Activation, Dense, Flatten
from keras.models import Sequential, load_model
from keras.regularizers import l2
from keras.utils import multi_gpu_model

model = Sequential()
model.add(Convolution2D(4, 3, 3, border_mode="same", subsample=(1, 1), W_regularizer=l2(1e-4),
                        dim_ordering="tf", input_shape=(8, 8, 1)))
model.add(Activation("relu"))
model.add(MaxPooling2D(pool_size=(2, 2), border_mode="valid"))
model.add(Flatten())
model.add(Dense(output_dim=2, init="he_normal"))
model.add(Activation("softmax"))
parallel = multi_gpu_model(model, gpus=2)
parallel.compile(loss="categorical_crossentropy", optimizer="adadelta")
parallel.fit(np.random.rand(12, 8, 8, 1), np.eye(2)[np.random.randint(0, 2, 12)], nb_epoch=1, batch_size=4,
             verbose=0)
model.save(os.path.join(sys.argv[1], "model.h5"))
load_model(os.path.join(sys.argv[1], "model.h5"))
print("ok")
