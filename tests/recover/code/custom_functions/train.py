"""Builds, trains and saves the model with Keras 2.3.1 (a test fixture: the script a repository keeps beside
its functions), then writes the reference outputs of the saved file, loaded back with its custom objects,
and its loss and metric on labels `y`.

Made with /tmp/legacy37 (Python 3.7, TensorFlow 1.15.5, Keras 2.3.1): `cd` here, `python train.py`.
"""
import numpy as np
from keras.layers import Dense, Input
from keras.models import Model, load_model

from functions import contrastive_loss, mean_pred, swish_custom

np.random.seed(0)
inputs = Input((5,))
hidden = Dense(8, activation=swish_custom)(inputs)
output = Dense(1, activation="sigmoid")(hidden)
model = Model(inputs, output)
model.compile("adam", loss=contrastive_loss, metrics=[mean_pred])
model.fit(np.random.uniform(-1, 1, (32, 5)), np.random.randint(0, 2, (32, 1)), epochs=2, verbose=0)
model.save("k23_custom_functions.h5")

objects = {"swish_custom": swish_custom, "contrastive_loss": contrastive_loss,
           "mean_pred": mean_pred}
reloaded = load_model("k23_custom_functions.h5", custom_objects=objects)
x = np.random.uniform(-2, 2, (16, 5)).astype("float32")
y = np.random.randint(0, 2, (16, 1)).astype("float32")
loss, metric = reloaded.evaluate(x, y, verbose=0)  # what the compile settings compute: a reload must match
np.savez("k23_custom_functions.npz", in_0=x, out_0=reloaded.predict(x), y=y, loss=loss, mean_pred=metric)
