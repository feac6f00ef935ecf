# tf.keras (TensorFlow 1.x's own Keras): a functional model, a save_weights_only checkpoint with an
# f-string .hdf5 path per epoch, and the best weights loaded back into a fresh template.
import os
import sys

import numpy as np
import tensorflow as tf
from tensorflow.keras.callbacks import ModelCheckpoint
from tensorflow.keras.layers import Dense, Dropout, Input
from tensorflow.keras.models import Model

OUT = sys.argv[1]


def build():
    inputs = Input(shape=(12,))
    x = Dense(16, activation="relu")(inputs)
    x = Dropout(0.2)(x)
    outputs = Dense(2, activation="softmax")(x)
    return Model(inputs, outputs)


model = build()
parallel = tf.keras.utils.multi_gpu_model(model, gpus=2)
parallel.compile(optimizer="adam", loss="categorical_crossentropy", metrics=["accuracy"])
x = np.random.rand(40, 12).astype("float32")
y = np.eye(2)[np.random.randint(0, 2, 40)].astype("float32")
checkpoint = ModelCheckpoint(f"{OUT}/weights-last.hdf5", save_weights_only=True)
parallel.fit(x, y, batch_size=10, epochs=1, verbose=0, callbacks=[checkpoint])
fresh = build()
fresh.load_weights(f"{OUT}/weights-last.hdf5")
assert np.allclose(fresh.predict(x[:4]), model.predict(x[:4]), atol=1e-5)
print("ok")
