"""A project's own activation, loss and metric, kept as module-level functions beside its
scripts (a test fixture). Its module-level code writes a file when run: converting a model that names
these with `--from-code` must take the functions alone, never run this module.
"""
from keras import backend as K

MARGIN = 1.0
BETA = 1.5

open("/tmp/migrate-custom-function-payload-ran", "w").write("the module-level code of functions.py ran\n")


def _gate(x):
    return K.sigmoid(BETA * x)


def swish_custom(x):
    return x * _gate(x)


def contrastive_loss(y_true, y_pred):
    squared = K.square(y_pred)
    margin = K.square(K.maximum(MARGIN - y_pred, 0))
    return K.mean(y_true * squared + (1 - y_true) * margin, axis=-1)


def mean_pred(y_true, y_pred):
    return K.mean(y_pred)
