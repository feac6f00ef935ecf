"""TensorFlow 1's tf.contrib.image projective transforms in a Keras Lambda (data augmentation inside a model, as
2018-2019 detection and classification code wrote it): rotations by a batch of angles and by one (BILINEAR and NEAREST),
a translation, a shear through `transform` with a matrix built by hand and an output shape, on a batch of images,
one image and a single-channel image. Keras 2.3.1 on TensorFlow 1.15 and the rewritten script under Keras 3 (TF 1.15's
functions copied in) give the same arrays: tests/codemod/test_contrib_image_ops.py runs both. argv: (unused), the .npz
to write."""
import math
import sys

import numpy as np
import tensorflow as tf
from keras.layers import Lambda
from keras.models import Sequential
from tensorflow.contrib.image import translate

ANGLES = np.array([0.3, -math.pi / 7, 1.2], dtype='float32')
SHEAR = [1.0, 0.25, -2.0, 0.1, 1.0, 1.5, 0.0, 0.0]


def augmented(images):
    rotated = tf.contrib.image.rotate(images, ANGLES, interpolation='BILINEAR')
    moved = translate(rotated, [2.0, -1.5])
    sheared = tf.contrib.image.transform(moved, SHEAR, interpolation='BILINEAR')
    return tf.contrib.image.rotate(sheared, 0.5)


rng = np.random.RandomState(0)
images = rng.uniform(0, 255, size=(3, 12, 10, 3)).astype('float32')
model = Sequential([Lambda(augmented, input_shape=(12, 10, 3))])
transforms = tf.contrib.image.angles_to_projective_transforms(ANGLES, 12.0, 10.0)
one = tf.contrib.image.rotate(images[0], 0.7, interpolation='BILINEAR')
gray = tf.contrib.image.transform(images[0, :, :, 0], SHEAR, output_shape=[8, 14])
moves = tf.contrib.image.translations_to_projective_transforms([[1.0, 2.0], [-3.0, 0.5]])
values = [transforms, one, gray, moves]
values = [v.numpy() for v in values] if tf.executing_eagerly() else tf.compat.v1.Session().run(values)
np.savez(sys.argv[2], predictions=model.predict(images), transforms=values[0], one=values[1], gray=values[2],
         moves=values[3])
print('ok')
