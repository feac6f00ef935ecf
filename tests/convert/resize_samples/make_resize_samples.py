"""Real Keras 2.3.1 + TF 1.15 files whose Lambdas resize images (see README.md); run in this folder with the
legacy37 stack's Python."""

import numpy as np
import tensorflow as tf
from keras import backend as K
from keras.layers import Conv2D, Lambda
from keras.models import Sequential

CASES = {
    "rs_bilinear_down": lambda t: tf.image.resize_images(t, (2, 3)),
    "rs_bilinear_odd": lambda t: tf.image.resize_images(t, (7, 5)),
    "rs_bilinear_up": lambda t: tf.image.resize_bilinear(t, [8, 12]),
    "rs_nearest_up": lambda t: tf.image.resize_images(t, (8, 12), method=tf.image.ResizeMethod.NEAREST_NEIGHBOR),
    "rs_nearest_odd": lambda t: tf.image.resize_images(t, (3, 9), method=1),
    "rs_nn_down": lambda t: tf.image.resize_nearest_neighbor(t, (2, 3)),
    "rs_half_pixel": lambda t: tf.image.resize_bilinear(t, (7, 5), half_pixel_centers=True),
    "rs_k_bilinear": lambda t: K.resize_images(t, 2, 3, "channels_last", interpolation="bilinear"),
    "rs_same": lambda t: tf.image.resize(t, (4, 6)),
    "rs_align": lambda t: tf.image.resize_images(t, (7, 5), align_corners=True),
}


def main():
    np.random.seed(0)
    x = np.random.uniform(-1, 1, (2, 4, 6, 3)).astype("float32")
    for name, function in CASES.items():
        model = Sequential([Conv2D(3, 1, input_shape=(4, 6, 3)), Lambda(function)])
        model.save(name + ".h5")
        np.savez(name + ".npz", in_0=x, out_0=model.predict(x))
    # a CarND-style head: normalise, then resize the camera frame (here 40x80 -> 16x50) before the convolutions
    frames = np.random.uniform(0, 255, (2, 40, 80, 3)).astype("float32")
    model = Sequential([Lambda(lambda t: t / 127.5 - 1.0, input_shape=(40, 80, 3)),
                        Lambda(lambda t: tf.image.resize_images(t, (16, 50))), Conv2D(2, 3)])
    model.save("rs_carnd.h5")
    np.savez("rs_carnd.npz", in_0=frames, out_0=model.predict(frames))


if __name__ == "__main__":
    main()
