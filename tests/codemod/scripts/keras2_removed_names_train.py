"""Keras 2 names Keras 3 removed, in the shapes real scripts use them (migrate code rewrites them; the test runs the
result under Keras 3):

- `from keras.objectives import *` for the loss: aurora95/Keras-FCN utils/loss_function.py
- K.batch_dot with axes (a gram matrix) and without (NAF's P = L L^T), K.batch_flatten: MathiasGruber/PConv-Keras
  libs/pconv_model.py, keras-rl/keras-rl rl/agents/dqn.py
- len(keras.backend.tensorflow_backend._get_available_gpus()): WeidiXie/VGG-Speaker-Recognition src/main.py
- keras.applications.vgg16.vgg16.WEIGHTS_PATH_NO_TOP: fizyr/keras-retinanet keras_retinanet/models/vgg.py
- `from keras.applications.imagenet_utils import _obtain_input_shape`: Keras 2.1+ application code
- `if hasattr(tf, 'select')` (a dead branch under TensorFlow 2): keras-rl/keras-rl rl/util.py
- `from tensorflow.keras.experimental import CosineDecay`: david8862/keras-YOLOv3-model-set common/model_utils.py
"""
import sys

import keras
import keras.backend as K
import numpy as np
import tensorflow as tf
from keras.applications.imagenet_utils import _obtain_input_shape
from keras.layers import Dense, Input, Lambda, Reshape
from keras.models import Model
from keras.objectives import *  # noqa: F403
from tensorflow.keras.experimental import CosineDecay


def gram(x):
    return K.batch_flatten(K.batch_dot(x, x, axes=2)) / 4.0


def outer(x):
    L = K.expand_dims(x, -1)
    LT = K.expand_dims(x, 1)
    return K.batch_flatten(K.batch_dot(L, LT))


def loss(y_true, y_pred):
    if hasattr(tf, 'select'):
        clipped = tf.select(y_pred > 0, y_pred, y_pred * 0)
    else:
        clipped = y_pred
    return categorical_crossentropy(y_true, clipped)  # noqa: F405


if __name__ == "__main__":
    assert _obtain_input_shape((32, 32, 3), 32, 16, 'channels_last', False) == (32, 32, 3)
    assert keras.applications.vgg16.vgg16.WEIGHTS_PATH_NO_TOP.endswith("vgg16_weights_tf_dim_ordering_tf_kernels_notop.h5")
    gpus = len(keras.backend.tensorflow_backend._get_available_gpus())
    schedule = CosineDecay(0.1, 100, alpha=0.2)
    strategy = tf.distribute.MirroredStrategy() if "mirrored" in sys.argv else tf.distribute.get_strategy()
    with strategy.scope():
        inputs = Input(shape=(12,))
        features = Reshape((3, 4))(Dense(12)(inputs))
        both = keras.layers.concatenate([Lambda(gram)(features), Lambda(outer)(Dense(3)(inputs))])
        outputs = Dense(4, activation="softmax")(both)
        model = Model(inputs, outputs)
        model.compile(optimizer="sgd", loss=loss)
    rng = np.random.RandomState(0)
    x = rng.normal(size=(32, 12)).astype("float32")
    y = np.eye(4)[rng.randint(0, 4, size=32)].astype("float32")
    model.fit(x, y, epochs=2, batch_size=8, verbose=0)
    predicted = model.predict(x[:4], verbose=0)
    print("replicas", strategy.num_replicas_in_sync, "gpus", gpus, "lr at 50", round(float(schedule(50)), 6), "predicted", predicted.shape)
    np.testing.assert_allclose(predicted.sum(axis=1), 1.0, rtol=1e-5)
    print("ok")
    sys.exit(0)
