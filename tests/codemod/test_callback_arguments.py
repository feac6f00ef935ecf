"""callback_arguments: must-not-change cases first, then before/after, then what is reported."""

import inspect

import keras

from tests.codemod.helpers import assert_rewrites, assert_unchanged

RULE = "callback_arguments"


def test_keras_3_callbacks_lack_the_keras_2_keywords():
    assert "epsilon" not in inspect.signature(keras.callbacks.ReduceLROnPlateau).parameters
    assert "period" not in inspect.signature(keras.callbacks.ModelCheckpoint).parameters


def test_a_projects_own_callback_and_modern_keywords_stay():
    assert_unchanged("""
        from keras.callbacks import ReduceLROnPlateau
        from mylib import Scheduler
        a = ReduceLROnPlateau(monitor='loss', min_delta=0.01)
        b = Scheduler(epsilon=0.01, period=1)
    """, RULE)


def test_epsilon_and_period_1():
    # experiencor/keras-yolo3 train.py
    assert_rewrites("""
        from keras.callbacks import ReduceLROnPlateau, ModelCheckpoint
        reduce_on_plateau = ReduceLROnPlateau(
            monitor  = 'loss',
            factor   = 0.1,
            epsilon  = 0.01,
            min_lr   = 0
        )
        checkpoint = ModelCheckpoint('w.keras', monitor='loss', period=1)
    """, """
        from keras.callbacks import ReduceLROnPlateau, ModelCheckpoint
        reduce_on_plateau = ReduceLROnPlateau(
            monitor  = 'loss',
            factor   = 0.1,
            min_delta  = 0.01,
            min_lr   = 0
        )
        checkpoint = ModelCheckpoint('w.keras', monitor='loss')
    """, RULE)


def test_tensorboard_arguments_tf2_ignored_go_with_advice():
    # fizyr/keras-retinanet bin/train.py, xuannianz/EfficientDet train.py
    findings = assert_rewrites("""
        import keras
        board = keras.callbacks.TensorBoard(log_dir='logs', batch_size=8, write_grads=False, write_images=False)
    """, """
        import keras
        board = keras.callbacks.TensorBoard(log_dir='logs', write_images=False)
    """, RULE)
    assert [(f.line, f.advice) for f in findings] == [(3, True), (3, True)]


def test_what_has_no_keras_3_keyword_is_reported():
    findings = assert_unchanged("""
        import keras
        checkpoint = keras.callbacks.ModelCheckpoint('w.keras', period=5)
    """, RULE)
    assert [(f.line, f.advice) for f in findings] == [(3, False)]
