"""A tf.keras LSTM(activation="relu") saved as HDF5 under a `.keras` name (what TF 2.10-2.12 users wrote), with
weights large enough that migrate's synthetic check inputs overflow it to inf and NaN. Run with tf_keras 2.21
(/tmp/tfkeras): `TF_USE_LEGACY_KERAS=1 /tmp/tfkeras/bin/python make_lstm_relu_overflow.py` in this folder."""

import os

os.environ["TF_USE_LEGACY_KERAS"] = "1"
import tf_keras as keras  # noqa: E402

layers = keras.layers
model = keras.Sequential([layers.LSTM(64, activation="relu", input_shape=(64, 3)), layers.Dense(2)])
model.layers[0].set_weights([w * 400 for w in model.layers[0].get_weights()])
model.save("lstm_relu_overflow.keras", save_format="h5")
