"""A Keras 2 script in the shape of the Darknet -> Keras converters (qqwweee/keras-yolo3 convert.py,
david8862/keras-YOLOv3-model-set tools/model_converter/convert.py): each layer gets the weights read for it through
`weights=`, a convolution's bias only when no batch normalization follows (`use_bias=not batch_normalize`); then a
Sequential model given weights= and built only when fit starts, and a subclassed model whose layers are built while
Keras traces its call. Wrapped by multi_gpu_model, trained one epoch, saved, reloaded. Tiny random weights; prints
what it checks, then ok."""
import sys

import numpy as np
import tensorflow as tf
from keras.layers import BatchNormalization, Conv2D, Dense, Flatten, Input, LeakyReLU
from keras.models import Model, Sequential, load_model
from keras.utils import multi_gpu_model

n_gpus, out = int(sys.argv[1]), sys.argv[2]
rng = np.random.RandomState(0)


def darknet_weights(filters, size, channels, batch_normalize):
    """What the converters read from the .weights file, in Keras order."""
    conv_bias = rng.uniform(-0.1, 0.1, filters).astype('float32')
    kernel = rng.uniform(-0.5, 0.5, (size, size, channels, filters)).astype('float32')
    bn_weight_list = [rng.uniform(0.5, 1.5, filters).astype('float32'), conv_bias,
                      rng.uniform(-0.1, 0.1, filters).astype('float32'), rng.uniform(0.5, 1.5, filters).astype('float32')]
    conv_weights = [kernel] if batch_normalize else [kernel, conv_bias]
    return conv_weights, bn_weight_list


def convert():
    inputs = prev_layer = Input((8, 8, 3))
    channels = 3
    for filters, batch_normalize in ((4, True), (6, False)):
        conv_weights, bn_weight_list = darknet_weights(filters, 3, channels, batch_normalize)
        conv_layer = (Conv2D(
            filters, (3, 3),
            use_bias=not batch_normalize,
            weights=conv_weights,
            padding='same'))(prev_layer)
        if batch_normalize:
            conv_layer = (BatchNormalization(
                weights=bn_weight_list))(conv_layer)
        prev_layer = LeakyReLU(alpha=0.1)(conv_layer)
        channels = filters
    fc_weights = [rng.uniform(-0.1, 0.1, (8 * 8 * 6, 2)).astype('float32'), np.zeros(2, 'float32')]
    return Model(inputs, Dense(2, weights=fc_weights)(Flatten()(prev_layer))), conv_weights


with tf.device('/cpu:0'):
    single, last_conv = convert()
model = multi_gpu_model(single, gpus=n_gpus) if n_gpus > 1 else single
x = rng.uniform(-1, 1, (8, 8, 8, 3)).astype('float32')
before = model.predict(x)
print('weights set', np.array_equal(single.layers[-4].get_weights()[0], last_conv[0]))
model.compile(optimizer='sgd', loss='mse')
model.fit(x, np.zeros((8, 2), 'float32'), batch_size=4, epochs=1, verbose=0)
single.save(out + '.h5')
reloaded = load_model(out + '.h5')
print('reloaded', all(np.array_equal(a, b) for a, b in zip(reloaded.get_weights(), single.get_weights())))  # noqa: B905 (Python 3.7 too)

kernel, bias = rng.uniform(-1, 1, (3, 2)).astype('float32'), rng.uniform(-1, 1, 2).astype('float32')
late = Sequential([Dense(2, weights=[kernel, bias])])
late.compile(optimizer='sgd', loss='mse')
late.fit(x[:, 0, 0], np.zeros((8, 2), 'float32'), epochs=1, verbose=0)  # the first SGD step from the given weights
start = x[:, 0, 0] @ kernel + bias
expected = kernel - 0.01 * x[:, 0, 0].T @ (2 * start / start.size)
print('built by fit', np.allclose(late.layers[0].get_weights()[0], expected, atol=1e-5))


class Head(Model):
    def __init__(self):
        super().__init__()
        self.dense = Dense(2, weights=[kernel, bias])

    def call(self, inputs):
        return self.dense(inputs)


print('subclassed', np.allclose(Head().predict(x[:, 0, 0]), start, atol=1e-5))
print('ok')
