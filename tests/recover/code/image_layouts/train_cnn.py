"""A legacy Keras 2 MNIST convnet, as people wrote them (JasonDu1993/KerasTest keras_cnn.py): the input shape
is bound at module level in one branch per image layout, from constants unpacked on one line. Saved with
Keras 2.3.1's `save_weights` as cnn_weights.h5 (the build below, run in /tmp/legacy37)."""
import os

import numpy as np
from keras import backend as K
from keras.layers import Conv2D, Dense, Dropout, Flatten, MaxPooling2D
from keras.models import Sequential
from keras.utils import np_utils

# Outside the construction slice: would leave a mark if it ever ran.
with open(os.environ.get("MIGRATE_PAYLOAD", "payload.txt"), "w") as mark:
    mark.write("the training script ran\n")

nb_classes = 10
img_rows, img_cols = 12, 12
data = np.load("mnist.npz")
x_train, y_train = data["x_train"], np_utils.to_categorical(data["y_train"], nb_classes)
if K.image_dim_ordering() == "th":
    x_train = x_train.reshape(x_train.shape[0], 1, img_rows, img_cols)
    input_shape = (1, img_rows, img_cols)
else:
    x_train = x_train.reshape(x_train.shape[0], img_rows, img_cols, 1)
    input_shape = (img_rows, img_cols, 1)

model = Sequential()
model.add(Conv2D(4, (3, 3), padding="same", input_shape=input_shape, name="conv1_1"))
model.add(Conv2D(6, (3, 3), strides=2, padding="valid", activation="relu", name="conv1_2"))
model.add(MaxPooling2D(pool_size=(2, 2)))
model.add(Dropout(0.25))
model.add(Flatten())
model.add(Dense(8, activation="relu"))
model.add(Dense(nb_classes, activation="softmax"))
model.compile(loss="categorical_crossentropy", optimizer="adam")
model.fit(x_train, y_train, epochs=1)
model.save_weights("cnn_weights.h5")
