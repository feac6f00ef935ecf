"""A Keras 2 script using what Keras 3 keeps only in its tensorflow.keras namespace (issue 31): an
ImageDataGenerator that centers, normalizes, flips, rescales, rotates and shifts (no exact preprocessing layer for
featurewise statistics; Keras2ImageDataGenerator after the rewrite) fed to fit_generator through multi_gpu_model,
a project's own Iterator subclass for the evaluation, a ThresholdedReLU layer, and text/sequence helpers
(Tokenizer, TimeseriesGenerator). Tiny random data."""
import sys

import numpy as np
import tensorflow as tf
from keras.layers import Conv2D, Dense, GlobalAveragePooling2D, Input, ThresholdedReLU
from keras.models import Model
from keras.optimizers import SGD
from keras.preprocessing.image import ImageDataGenerator, Iterator
from keras.preprocessing.sequence import TimeseriesGenerator, pad_sequences
from keras.preprocessing.text import Tokenizer
from keras.utils import multi_gpu_model

G = int(sys.argv[1])
rng = np.random.default_rng(0)
trainX = rng.integers(0, 256, (64, 16, 16, 3)).astype("float")
trainY = np.eye(4)[rng.integers(0, 4, 64)]
testX, testY = trainX[:16], trainY[:16]


class ArrayIterator(Iterator):
    """Batches of (x, y) in the Iterator's order, as projects subclassed it."""

    def __init__(self, x, y, batch_size):
        self.x, self.y = x / 255., y
        super(ArrayIterator, self).__init__(len(x), batch_size, False, None)  # noqa: UP008 - as Keras 2 code wrote it

    def _get_batches_of_transformed_samples(self, index_array):
        return self.x[index_array], self.y[index_array]


aug = ImageDataGenerator(featurewise_center=True, featurewise_std_normalization=True,
    horizontal_flip=True, vertical_flip=True, rescale=1. / 255, rotation_range=15, width_shift_range=0.1)
aug.fit(trainX)


def build():
    inputs = Input((16, 16, 3))
    hidden = ThresholdedReLU(theta=0.1)(Conv2D(8, 3)(inputs))
    return Model(inputs, Dense(4, activation="softmax")(GlobalAveragePooling2D()(hidden)))


if G <= 1:
    model = build()
else:
    with tf.device("/cpu:0"):
        model = build()
    model = multi_gpu_model(model, gpus=G)

model.compile(loss="categorical_crossentropy", optimizer=SGD(lr=0.01), metrics=["accuracy"])
H = model.fit_generator(aug.flow(trainX, trainY, batch_size=8 * G, seed=1),
    steps_per_epoch=len(trainX) // (8 * G), epochs=2, verbose=0)
loss = model.evaluate_generator(ArrayIterator(testX, testY, 8), steps=2, verbose=0)

tokenizer = Tokenizer(num_words=10, oov_token="?")
tokenizer.fit_on_texts(["the cat sat", "the dog sat down"])
padded = pad_sequences(tokenizer.texts_to_sequences(["the cat ran", "a dog"]), maxlen=4)
series = TimeseriesGenerator(np.arange(20.), np.arange(20.), length=3, batch_size=4)
print("replicas", model.distribute_strategy.num_replicas_in_sync, "epochs", len(H.history["loss"]),
      "loss", np.isfinite(loss).all(), "padded", padded.tolist(), "series", len(series), series[0][0].shape)
print("ok")
