"""Layers given Keras 2's `weights=`: run as it is by Keras 2.3.1 (make_keras231_weights_refs.py writes what each
model computes) and, rewritten by `migrate code`, by Keras 3 (test_layer_initial_weights.py compares).

MODELS maps a name to (model, input). Some flags are not literals (`use_bias=not batch_normalize`, a weight list
built at run time), as in the YOLO converters the rule was written for."""

import numpy as np
from keras.layers import (
    GRU,
    LSTM,
    BatchNormalization,
    Conv1D,
    Conv2D,
    Conv2DTranspose,
    Conv3D,
    Dense,
    DepthwiseConv2D,
    Embedding,
    Input,
    PReLU,
    SeparableConv2D,
    SimpleRNN,
    TimeDistributed,
)
from keras.models import Model, Sequential

rng = np.random.RandomState(0)


def random(*shape):
    return rng.uniform(-1.0, 1.0, shape).astype('float32')


def positive(*shape):
    return rng.uniform(0.5, 1.5, shape).astype('float32')


def single(layer, shape):
    inputs = Input(shape)
    return Model(inputs, layer(inputs)), random(2, *shape)


MODELS = {}
MODELS['dense'] = single(Dense(4, activation='relu', weights=[random(3, 4), random(4)]), (3,))
for batch_normalize in (False, True):
    conv_weights = random(3, 3, 3, 4)
    conv_weights = [conv_weights] if batch_normalize else [conv_weights, random(4)]
    MODELS['conv2d_bias_%s' % (not batch_normalize)] = single(
        Conv2D(4, (3, 3), padding='same', use_bias=not batch_normalize, weights=conv_weights), (5, 5, 3))
MODELS['conv1d'] = single(Conv1D(filters=2, kernel_size=3, strides=2, weights=[random(3, 4, 2), random(2)]), (9, 4))
bn_weight_list = [positive(4), random(4), random(4), positive(4)]
MODELS['conv3d'] = single(Conv3D(2, 2, weights=[random(2, 2, 2, 3, 2), random(2)]), (3, 4, 3, 3))
MODELS['conv2d_transpose'] = single(Conv2DTranspose(2, 3, strides=2, weights=[random(3, 3, 2, 3), random(2)]),
                                    (4, 4, 3))
MODELS['prelu'] = single(PReLU(weights=[random(3, 4)]), (3, 4))
MODELS['batchnorm'] = single(BatchNormalization(weights=bn_weight_list), (3, 4))
MODELS['batchnorm_no_scale'] = single(BatchNormalization(scale=False, weights=[random(4), random(4), positive(4)]),
                                      (3, 4))
MODELS['batchnorm_no_center'] = single(BatchNormalization(center=False, weights=[positive(4), random(4), positive(4)]),
                                       (3, 4))
MODELS['depthwise'] = single(DepthwiseConv2D((3, 3), depth_multiplier=2, weights=[random(3, 3, 3, 2), random(6)]),
                             (5, 5, 3))
MODELS['depthwise_no_bias'] = single(DepthwiseConv2D(3, use_bias=False, weights=[random(3, 3, 3, 1)]), (5, 5, 3))
MODELS['separable'] = single(SeparableConv2D(4, 3, weights=[random(3, 3, 3, 1), random(1, 1, 3, 4), random(4)]),
                             (5, 5, 3))
MODELS['lstm'] = single(LSTM(3, return_sequences=True, weights=[random(4, 12), random(3, 12), random(12)]), (6, 4))
MODELS['gru'] = single(GRU(3, return_sequences=True, weights=[random(4, 9), random(3, 9), random(9)]), (6, 4))
MODELS['gru_reset_after'] = single(GRU(3, reset_after=True, weights=[random(4, 9), random(3, 9), random(2, 9)]),
                                   (6, 4))
MODELS['simple_rnn'] = single(SimpleRNN(3, weights=[random(4, 3), random(3, 3), random(3)]), (6, 4))
sequential = Sequential()
sequential.add(Dense(5, input_dim=3, weights=[random(3, 5), random(5)]))
sequential.add(Dense(2, weights=[random(5, 2), random(2)]))
MODELS['sequential'] = sequential, random(2, 3)
embedding = Sequential([Embedding(6, 3, input_length=4, weights=[random(6, 3)])])
MODELS['embedding'] = embedding, rng.randint(0, 6, (2, 4))
# coxlab/prednet kitti_train.py:60: the wrapper itself given weights= (its set_weights is the wrapped layer's)
MODELS['time_distributed'] = single(TimeDistributed(Dense(1, trainable=False), weights=[random(4, 1), np.zeros(1)],
                                                    trainable=False), (3, 4))
