"""A Keras 2 segmentation script as real ones were written (issue 23): backend functions in the loss, a custom
layer with hand-listed weights, Keras 1 keywords, a Sequence of lists, TF1 names and a callback's old keywords.
Each shape is one the rewrite met in a real repository (named in tests/codemod/test_executed_patterns.py)."""
import os
import sys

import numpy as np
import tensorflow as tf
from keras import backend as K
from keras.callbacks import ModelCheckpoint, ReduceLROnPlateau
from keras.engine.topology import Layer
from keras.layers import Conv2D, Input
from keras.models import Model
from keras.optimizers import Adam
from keras.utils import Sequence, multi_gpu_model

config = tf.ConfigProto(gpu_options=tf.GPUOptions(per_process_gpu_memory_fraction=0.9))
config.gpu_options.allow_growth = True
session = tf.Session(config=config)
K.set_session(session)

OUT = sys.argv[1]
SMOOTH = 1.0


def dice_coef(y_true, y_pred):
    y_true_f = K.flatten(y_true)
    y_pred_f = K.flatten(y_pred)
    intersection = K.sum(y_true_f * y_pred_f)
    return (2. * intersection + SMOOTH) / (K.sum(y_true_f) + K.sum(y_pred_f) + SMOOTH)


def dice_coef_loss(y_true, y_pred):
    loss = -dice_coef(y_true, y_pred)
    loss = tf.Print(loss, [loss], message='dice loss ')
    return loss


class Scale(Layer):
    def __init__(self, axis=-1, **kwargs):
        self.axis = axis
        super().__init__(**kwargs)

    def build(self, input_shape):
        shape = (int(input_shape[self.axis]),)
        self.gamma = K.variable(np.ones(shape), name=f'{self.name}_gamma')
        self.beta = K.variable(np.zeros(shape), name=f'{self.name}_beta')
        self.trainable_weights = [self.gamma, self.beta]

    def call(self, x, mask=None):
        return x * self.gamma + self.beta


class Batches(Sequence):
    def __init__(self, images, masks, batch_size):
        self.images, self.masks, self.batch_size = images, masks, batch_size

    def __len__(self):
        return len(self.images) // self.batch_size

    def __getitem__(self, index):
        part = slice(index * self.batch_size, (index + 1) * self.batch_size)
        X = [self.images[part]]
        return X, self.masks[part]


def get_unet():
    axis = 1 if K.image_dim_ordering() == 'th' else -1
    inputs = Input((16, 16, 1))
    x = Conv2D(8, (3, 3), activation='relu', padding='same', bias=False)(inputs)
    x = Scale(axis=axis)(x)
    outputs = Conv2D(1, (1, 1), activation='sigmoid')(x)
    return Model(inputs=[inputs], outputs=[outputs])


def main():
    rng = np.random.RandomState(0)
    images = rng.rand(32, 16, 16, 1).astype("float32")
    masks = (images > 0.5).astype("float32")
    tf.gfile.MakeDirs(OUT)
    weights_file = os.path.join(OUT, "unet.h5")
    model = get_unet()
    parallel_model = multi_gpu_model(model, gpus=2)
    parallel_model.compile(optimizer=Adam(lr=1e-3), loss=dice_coef_loss, metrics=['accuracy'])
    checkpoint = ModelCheckpoint(weights_file, monitor='loss', save_weights_only=True, period=1)
    plateau = ReduceLROnPlateau(monitor='loss', factor=0.5, patience=1, epsilon=0.01)
    history = parallel_model.fit_generator(Batches(images, masks, 8), epochs=2, verbose=0,
                                           callbacks=[checkpoint, plateau])
    model.load_weights(weights_file)
    K.set_learning_phase(0)
    predicted = model.predict(images[:4])
    print("accuracy", history.history['acc'][-1], "predicted", predicted.shape)
    print("ok")


if __name__ == '__main__':
    main()
