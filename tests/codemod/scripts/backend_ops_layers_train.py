"""Keras 2 layers and a loss written with the backend functions real repositories used (issue 31): a step-wise
dropout (datalogue/keras-attention), a capsule layer (XifengGuo/CapsNet-Keras's map_fn over batch_dot, yongzhuo/
Keras-TextClassification's conv1d and local_conv1d), an attention of an expression (shaoanlu/faceswap-GAN), a
boundary-weighted loss (petrosgk/Kaggle-Carvana's pool2d), parameters counted and optimizer weights read. Trained
on two GPUs (multi_gpu_model) and predicted: the rewrite must run under Keras 3 and MirroredStrategy."""

import numpy as np
from keras import backend as K
from keras.layers import Dense, Input, Lambda, Layer, Permute, Reshape
from keras.models import Model
from keras.utils import multi_gpu_model


class StepDropout(Layer):
    def call(self, x, training=None):
        ones = K.ones_like(x[:, 0, :])
        matrix = K.dropout(ones, 0.5)
        expanded = K.repeat(matrix, K.shape(x)[1])
        return K.in_train_phase(x * expanded, x, training=training)


class Capsule(Layer):
    def __init__(self, share_weights, **kwargs):
        super().__init__(**kwargs)
        self.share_weights = share_weights

    def build(self, input_shape):
        shape = (1, input_shape[-1], 8) if self.share_weights else (input_shape[1], input_shape[-1], 8)
        self.W = self.add_weight(name='W', shape=shape, initializer='glorot_uniform')
        self.V = self.add_weight(name='V', shape=(2, 8, 8), initializer='glorot_uniform')
        super().build(input_shape)

    def call(self, u_vecs):
        if self.share_weights:
            u_hat_vecs = K.conv1d(u_vecs, self.W, data_format='channels_last')
        else:
            u_hat_vecs = K.local_conv1d(u_vecs, self.W, [1], [1])
        tiled = K.tile(K.expand_dims(u_hat_vecs, 1), [1, 2, 1, 1])
        return K.map_fn(lambda x: K.batch_dot(x, self.V, [2, 2]), elems=tiled)

    def compute_output_shape(self, input_shape):
        return (input_shape[0], 2, input_shape[1], 8)


def boundary_loss(y_true, y_pred):
    averaged = K.pool2d(y_true, pool_size=(3, 3), strides=(1, 1), padding='same', pool_mode='avg')
    border = K.cast(K.greater(averaged, 0.005), 'float32') * K.cast(K.less(averaged, 0.995), 'float32')
    return K.mean(K.square(y_true - y_pred) * (1. + border))


def build():
    inputs = Input((6, 4))
    dropped = StepDropout()(inputs)
    shared = Capsule(True)(dropped)
    local = Capsule(False)(dropped)
    flat = Reshape((12, 8))(Lambda(lambda x: x[0] + x[1])([shared, local]))
    attention = Lambda(lambda x: K.batch_dot(x[0], Permute((2, 1))(x[1])))([flat, flat])
    image = Reshape((12, 12, 1))(attention)
    return Model(inputs, Dense(1)(image))


model = build()
parallel_model = multi_gpu_model(model, gpus=2)
parallel_model.compile('adam', boundary_loss)
x = np.random.RandomState(0).uniform(size=(8, 6, 4)).astype('float32')
y = (np.random.RandomState(1).uniform(size=(8, 12, 12, 1)) > 0.5).astype('float32')
parallel_model.fit(x, y, epochs=1, batch_size=4, verbose=0)
first, second = model.predict(x, verbose=0), model.predict(x, verbose=0)
np.testing.assert_allclose(first, second)
counted = int(np.sum([K.count_params(p) for p in model.trainable_weights]))
assert counted == model.count_params(), (counted, model.count_params())
weights = parallel_model.optimizer.variables if hasattr(parallel_model.optimizer, 'variables') else \
    parallel_model.optimizer.weights
values = K.batch_get_value(weights)
assert len(values) > 1 and [np.shape(v) for v in values] == [K.int_shape(w) for w in weights]
dropped_values = K.eval(model.layers[1](K.constant(x), training=True))
assert set(np.unique(dropped_values)) <= set(np.unique(np.concatenate([[0.0], 2 * x.ravel()])))
assert (dropped_values[:, 1:, :] == 0).sum() == 5 * (dropped_values[:, 0, :] == 0).sum()
print('trained', first.shape, counted)
print('ok')
