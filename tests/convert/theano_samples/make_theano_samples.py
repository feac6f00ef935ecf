"""Small models saved by real Keras 2.3.1 on the Theano backend, with Theano's own outputs as references.

Run with a Python 3.7 venv holding keras==2.3.1, theano==1.0.5, numpy<1.19, h5py==2.10.0, scipy<1.6:
    KERAS_BACKEND=theano KERAS_HOME=/tmp/kh python make_theano_samples.py OUT_DIR [NAME...]
Writes OUT_DIR/<name>.h5 and OUT_DIR/<name>.npz (in_0, out_0). Not run by CI (see README.md).
"""
import os
import sys

import numpy as np

assert os.environ.get("KERAS_BACKEND") == "theano", "run with KERAS_BACKEND=theano"
import keras  # noqa: E402
from keras import layers as L  # noqa: E402


def conv2d():
    x = L.Input((7, 6, 3))
    h = L.Conv2D(4, (3, 2), padding="same", activation="relu")(x)
    h = L.Conv2DTranspose(2, (3, 3), strides=2)(h)
    h = L.SeparableConv2D(3, (3, 3), depth_multiplier=2)(h)
    h = L.DepthwiseConv2D((2, 3))(h)
    return keras.Model(x, L.Flatten()(h))


def conv2d_strided_same():
    """Theano's 'same' ('half' + crop) differs from TensorFlow's at strides > 1 and for even kernels."""
    x = L.Input((11, 9, 3))
    h = L.Conv2D(3, (3, 3), strides=2, padding="same")(x)
    h = L.SeparableConv2D(4, (3, 3), strides=(2, 1), padding="same")(h)
    h = L.DepthwiseConv2D((2, 2), padding="same")(h)
    h = L.Conv2D(3, (4, 2), strides=2, padding="same", dilation_rate=1)(h)
    h = L.Conv2DTranspose(2, (3, 3), strides=2, padding="same")(h)
    return keras.Model(x, L.Flatten()(h))


def conv2d_channels_first():
    x = L.Input((3, 7, 6))
    h = L.Conv2D(4, (3, 2), data_format="channels_first")(x)
    # stride 1: TensorFlow 2.x's eager NCHW convolution on CPU (oneDNN) miscomputes strided ones, which
    # convert's eager check would report; the saved model (graph mode) is right either way
    h = L.Conv2D(3, (2, 3), padding="same", data_format="channels_first")(h)
    h = L.Conv2DTranspose(2, (2, 3), data_format="channels_first")(h)
    return keras.Model(x, L.Flatten()(h))


def conv1d():
    x = L.Input((9, 3))
    h = L.Conv1D(4, 3, activation="tanh")(x)
    h = L.SeparableConv1D(3, 3, depth_multiplier=2)(h)
    h = L.Conv1D(3, 4, strides=2, padding="same")(h)
    h = L.Conv1D(2, 2, padding="causal", dilation_rate=2)(h)
    return keras.Model(x, L.Flatten()(h))


def conv3d():
    x = L.Input((5, 4, 4, 2))
    h = L.Conv3D(3, (2, 3, 2))(x)
    h = L.Conv3D(2, (3, 2, 3), strides=(2, 1, 1), padding="same")(h)
    return keras.Model(x, L.Flatten()(h))


def recurrent():
    x = L.Input((6, 3))
    h = L.LSTM(4, return_sequences=True)(x)
    h = L.GRU(3, return_sequences=True)(h)
    h = L.GRU(3, reset_after=True, recurrent_activation="sigmoid", return_sequences=True)(h)
    return keras.Model(x, L.SimpleRNN(2)(h))


def conv_lstm():
    x = L.Input((3, 5, 5, 2))
    return keras.Model(x, L.Flatten()(L.ConvLSTM2D(2, (3, 3))(x)))


def time_distributed_strided():
    """Unequal strides in depthwise and separable convolutions inside TimeDistributed (TensorFlow's own CPU kernel
    refuses them). 'valid': a Theano 'same' at strides above 1 inside a wrapper has no exact Keras 3 form."""
    x = L.Input((3, 9, 8, 2))
    h = L.TimeDistributed(L.SeparableConv2D(4, (3, 3), strides=(2, 1)))(x)
    h = L.TimeDistributed(L.DepthwiseConv2D((2, 3), strides=(1, 2), activation="tanh"))(h)
    return keras.Model(x, L.Flatten()(h))


def main(out, only=()):
    os.makedirs(out, exist_ok=True)
    for index, build in enumerate((conv2d, conv2d_strided_same, conv2d_channels_first, conv1d, conv3d, recurrent,
                                     conv_lstm, time_distributed_strided)):
        if only and build.__name__ not in only:
            continue
        np.random.seed(index)
        model = build()
        for weight in model.weights:  # away from initialisers' symmetric values: every weight matters
            weight_value = np.random.uniform(-0.6, 0.6, keras.backend.int_shape(weight)).astype("float32")
            keras.backend.set_value(weight, weight_value)
        shape = (4,) + keras.backend.int_shape(model.input)[1:]
        inputs = np.random.uniform(-1, 1, shape).astype("float32")
        name = "theano_" + build.__name__
        model.save(os.path.join(out, name + ".h5"), include_optimizer=False)
        np.savez(os.path.join(out, name + ".npz"), in_0=inputs, out_0=model.predict(inputs))
        print("ok", name, keras.backend.backend(), shape)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])  # OUT_DIR [NAME...]: only those samples
