"""Legacy code migrate leaves for a person: each site is reported on every run, and fails --check."""
import tensorflow as tf
from keras.utils import multi_gpu_model, np_utils

CONVERTERS = {"one_hot": np_utils}  # the module itself passed around: Keras 3 has none


def parallel_or_smaller(model):
    try:
        parallel = multi_gpu_model(model, gpus=2)  # the handler does more than fall back: not moved
    except ValueError:
        parallel = model
        model = shrink(model)
    return parallel


def shrink(model):
    return model


def session_value(tensor):
    with tf.Session() as sess:  # TF2 has no tf.Session
        return sess.run(tensor)
