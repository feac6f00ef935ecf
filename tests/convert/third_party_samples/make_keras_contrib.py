"""keras-contrib's InstanceNormalization on Keras 2.3.1 + TF 1.15 (see README.md)."""

import numpy as np
from keras.layers import Activation, Conv2D
from keras.models import Sequential
from keras_contrib.layers import InstanceNormalization

np.random.seed(0)
x = np.random.uniform(-1, 1, (2, 8, 8, 3)).astype("float32")
m = Sequential([Conv2D(4, 3, padding="same", input_shape=(8, 8, 3)), InstanceNormalization(axis=-1), Activation("relu"),
                Conv2D(3, 3, padding="same"), InstanceNormalization(axis=3, epsilon=1e-5, center=False), Activation("tanh")])
m.layers[1].set_weights([np.random.uniform(0.5, 1.5, 4).astype("float32"), np.random.uniform(-0.5, 0.5, 4).astype("float32")])
m.save("in_generator.h5")
np.savez("in_generator.npz", in_0=x, out_0=m.predict(x))
