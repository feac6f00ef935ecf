"""TensorFlow Addons 0.13 normalizations on TF 2.3.4 (see README.md)."""

import numpy as np
import tensorflow as tf
import tensorflow_addons as tfa
from tensorflow import keras

np.random.seed(0)
tf.random.set_seed(0)
x = np.random.uniform(-1, 1, (2, 8, 8, 3)).astype("float32")
m = keras.Sequential([keras.layers.Conv2D(4, 3, padding="same", input_shape=(8, 8, 3)), tfa.layers.InstanceNormalization(),
                      keras.layers.Activation("relu"), keras.layers.Conv2D(4, 3, padding="same"),
                      tfa.layers.GroupNormalization(groups=2, epsilon=1e-5, center=False), keras.layers.Activation("tanh")])
m.layers[1].set_weights([np.random.uniform(0.5, 1.5, 4).astype("float32"), np.random.uniform(-0.5, 0.5, 4).astype("float32")])
m.save("tfa_norms.h5")
np.savez("tfa_norms.npz", in_0=x, out_0=m.predict(x))
