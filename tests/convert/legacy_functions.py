"""What users would pass with --lambda: their own versions of the Lambdas in the real-model corpus.

Each mirrors the original Lambda's code (read with `dis` in the Python that wrote it, by a developer;
migrate never reads or runs a Lambda's code).
"""

import keras
from keras import ops


def mean_over_fields_keepdims(x):
    return ops.mean(x, axis=1, keepdims=True)


def mean_over_fields(x):
    return ops.mean(x, axis=1, keepdims=False)


def sum_over_fields(x):
    return ops.sum(x, axis=1)


def square(x):
    return ops.square(x)


def half(x):
    return x * 0.5


def space_to_depth_x2(x):
    """tf.nn.space_to_depth(x, 2) in keras.ops, so the converted model runs on every backend: each 2x2
    block's pixels become channels, (dy * 2 + dx) * channels + c."""
    _, height, width, channels = x.shape
    blocks = ops.reshape(x, (-1, height // 2, 2, width // 2, 2, channels))
    return ops.reshape(ops.transpose(blocks, (0, 1, 3, 2, 4, 5)), (-1, height // 2, width // 2, 4 * channels))


def normalize_pixels(x):
    return x / 255.0 - 0.5


def squared(x):
    return x ** 2


def tripled(x):
    return 3 * x


class RandomWeightedAverage(keras.layers.Layer):
    """A stand-in custom layer for the --custom-objects tests: the identity on its input."""

    def call(self, inputs):
        return inputs


def sampling_mean(inputs):
    """halimelsaputra's `sampling` (z_mean + exp(z_log_var / 2) * noise, in its notebook) without the noise."""
    z_mean, _ = inputs
    return z_mean
