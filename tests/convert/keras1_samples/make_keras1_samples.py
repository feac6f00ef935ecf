"""Small Keras 1.2.2 models (Theano backend) whose convolution kernels Keras 1 laid out differently.

Run with a Python 3.7 venv holding keras==1.2.2, theano==1.0.5, numpy<1.19, h5py==2.10.0, scipy<1.6:
    KERAS_BACKEND=theano KERAS_HOME=/tmp/kh python make_keras1_samples.py OUT_DIR
Keras 1 wrote no `backend` attribute, so a reader cannot know the kernels are Theano's (flipped); Keras 2's
loader did not flip them, nor does migrate. Every kernel here is made symmetric under that flip, so the
references test the layouts alone. Writes OUT_DIR/<name>.h5 and <name>.npz (in_0, out_0).
"""
import os
import sys

import keras
import numpy as np
from keras.layers import Convolution1D, Convolution2D, Deconvolution2D, Flatten, Input
from keras.models import Model


def conv_th():
    x = Input((3, 8, 7))
    h = Convolution2D(4, 3, 2, dim_ordering="th")(x)
    h = Deconvolution2D(2, 3, 3, output_shape=(None, 2, 8, 8), dim_ordering="th")(h)
    return Model(x, Flatten()(h))


def conv_tf():
    x = Input((8, 7, 3))
    h = Convolution2D(4, 3, 2, dim_ordering="tf")(x)
    h = Deconvolution2D(2, 3, 3, output_shape=(None, 8, 8, 2), dim_ordering="tf")(h)
    return Model(x, Flatten()(h))


def conv1d():
    x = Input((9, 3))
    return Model(x, Flatten()(Convolution1D(4, 3)(x)))


def symmetric(value, th):
    """Equal to itself flipped along its spatial axes (the last ones in 'th' kernels, the first in 'tf')."""
    axes = tuple(range(2, value.ndim)) if th else tuple(range(value.ndim - 2))
    return (value + np.flip(value, axes)) / 2


def main(out):
    os.makedirs(out, exist_ok=True)
    for index, build in enumerate((conv_th, conv_tf, conv1d)):
        np.random.seed(index)
        model = build()
        for layer in model.layers:
            values = [np.random.uniform(-0.6, 0.6, w.shape).astype("float32") for w in layer.get_weights()]
            th = getattr(layer, "dim_ordering", "tf") == "th"
            if values:
                layer.set_weights([symmetric(v, th) if v.ndim >= 3 else v for v in values])
        shape = (4,) + model.input_shape[1:]
        inputs = np.random.uniform(-1, 1, shape).astype("float32")
        name = "keras1_" + build.__name__
        model.save(os.path.join(out, name + ".h5"))
        np.savez(os.path.join(out, name + ".npz"), in_0=inputs, out_0=model.predict(inputs))
        print("ok", name, keras.backend.backend(), shape)


if __name__ == "__main__":
    main(sys.argv[1])
