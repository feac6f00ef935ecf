"""optimizer_lr_to_learning_rate: must-not-change cases first, then before/after."""

import pytest

from tests.codemod.helpers import assert_rewrites, assert_unchanged

RULE = "optimizer_lr_to_learning_rate"


def test_a_projects_own_optimizer_and_other_lr_keywords_stay():
    assert_unchanged("""
        from myproject.optim import Adam

        opt = Adam(lr=0.1)
        scheduler = make_scheduler(lr=0.1)
    """, RULE)


def test_keras_and_tf_keras_optimizers():
    # e: TF 2's tf.optimizers, tf.keras.optimizers under another name (rolczynski/Automatic-Speech-Recognition)
    assert_rewrites("""
        import keras
        import tensorflow as tf
        from keras.optimizers import Adam, SGD
        from tensorflow.keras import optimizers

        a = Adam(lr=1e-3)
        b = SGD(lr=0.01, momentum=0.9)
        c = optimizers.RMSprop(lr=0.001, rho=0.9)
        d = keras.optimizers.Adagrad(learning_rate=0.01)
        e = tf.optimizers.Adam(lr=1e-4, beta_1=0.9)
    """, """
        import keras
        import tensorflow as tf
        from keras.optimizers import Adam, SGD
        from tensorflow.keras import optimizers

        a = Adam(learning_rate=1e-3)
        b = SGD(learning_rate=0.01, momentum=0.9)
        c = optimizers.RMSprop(learning_rate=0.001, rho=0.9)
        d = keras.optimizers.Adagrad(learning_rate=0.01)
        e = tf.optimizers.Adam(learning_rate=1e-4, beta_1=0.9)
    """, RULE)


def test_keras2_lower_case_aliases_are_the_same_optimizers():
    """`keras.optimizers.adam` was Keras 2's alias of Adam: its `lr=` is renamed in the same run as the alias
    (legacy_import_paths runs later), or a second run would still change the file (keras-fcos's train.py)."""
    assert_rewrites("""
        import keras
        from keras import optimizers

        a = keras.optimizers.adam(lr=1e-5)
        b = optimizers.sgd(lr=0.1, momentum=0.9)
        c = optimizers.rmsprop(lr=0.001, decay=1e-6)
    """, """
        import keras
        from keras import optimizers
        from keras.optimizers.schedules import InverseTimeDecay

        a = keras.optimizers.Adam(learning_rate=1e-5)
        b = optimizers.SGD(learning_rate=0.1, momentum=0.9)
        c = optimizers.RMSprop(learning_rate=InverseTimeDecay(0.001, decay_steps=1, decay_rate=1e-6))
    """, "optimizer_lr_to_learning_rate", "optimizer_decay_to_schedule", "legacy_import_paths")


def test_a_call_laid_out_in_columns_is_work_too():
    # ChihebTrabelsi/deep_complex_networks scripts/training.py:611: `lr       = d.lr`, the keywords aligned, which
    # the trigger words "lr=" / "lr =" missed: the call was left to fail in Keras 3
    assert_rewrites("""
        from keras.optimizers import SGD

        opt = SGD    (lr       = d.lr,
                      momentum = d.momentum)
        same = lr  == 0.1
    """, """
        from keras.optimizers import SGD

        opt = SGD    (learning_rate       = d.lr,
                      momentum = d.momentum)
        same = lr  == 0.1
    """, RULE)


def test_an_optimizers_lr_attribute_becomes_learning_rate():
    # Keras 2 learning-rate callbacks: print(self.model.optimizer.lr), model.optimizer.lr = 0.01 after load_model
    assert_rewrites("""
        import keras
        print(self.model.optimizer.lr)
        model.optimizer.lr = 0.01
        rate = optimizer.lr * 2
        other = schedule.lr
    """, """
        import keras
        print(self.model.optimizer.learning_rate)
        model.optimizer.learning_rate = 0.01
        rate = optimizer.learning_rate * 2
        other = schedule.lr
    """, RULE)


def test_setting_learning_rate_under_keras_3_is_what_set_value_did():
    import keras

    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.compile(keras.optimizers.SGD(learning_rate=0.1), "mse")
    assert not hasattr(model.optimizer, "lr")
    model.optimizer.learning_rate = 0.01
    assert float(keras.ops.convert_to_numpy(model.optimizer.learning_rate)) == pytest.approx(0.01)
