"""A Keras 2 CIFAR script as pyimagesearch wrote them (issue 23: reger-men/keras_multi_gpus train.py, and
titu1994/Keras-ResNeXt cifar10.py for the rotation and gen.fit): ImageDataGenerator augmentation fed to
fit_generator, the model built in one branch of an if/else and wrapped by multi_gpu_model in the other, the
optimizer and compile after it, validation on arrays with validation_steps. Tiny random data."""
import sys

import numpy as np
import tensorflow as tf
from keras.layers import Conv2D, Dense, GlobalAveragePooling2D, Input
from keras.models import Model
from keras.optimizers import SGD
from keras.preprocessing.image import ImageDataGenerator
from keras.utils import multi_gpu_model

G = int(sys.argv[1])
rng = np.random.default_rng(0)
trainX = rng.integers(0, 256, (64, 16, 16, 3)).astype("float")
trainY = np.eye(4)[rng.integers(0, 4, 64)]
testX, testY = trainX[:16], trainY[:16]

aug = ImageDataGenerator(rotation_range=15, width_shift_range=0.1,
    height_shift_range=0.1, horizontal_flip=True,
    fill_mode="nearest", rescale=1. / 255)
aug.fit(trainX, seed=0)


def build():
    inputs = Input((16, 16, 3))
    hidden = Conv2D(8, 3, activation="relu")(inputs)
    return Model(inputs, Dense(4, activation="softmax")(GlobalAveragePooling2D()(hidden)))


if G <= 1:
    model = build()
else:
    with tf.device("/cpu:0"):
        model = build()
    model = multi_gpu_model(model, gpus=G)

opt = SGD(lr=0.01, momentum=0.9)
model.compile(loss="categorical_crossentropy", optimizer=opt,
    metrics=["accuracy"])
H = model.fit_generator(aug.flow(trainX, trainY, batch_size=8 * G),
    steps_per_epoch=len(trainX) // (8 * G), epochs=2,
    validation_data=(testX, testY), validation_steps=1, verbose=0)
print("replicas", model.distribute_strategy.num_replicas_in_sync, "epochs", len(H.history["loss"]),
      "val_accuracy" in H.history)
print("ok")
