"""model_method_keywords: must-not-change cases first, then before/after, then what is reported."""

from __future__ import annotations

import inspect

import keras

from tests.codemod.helpers import assert_rewrites, assert_unchanged

RULE = "model_method_keywords"


def test_keras_3_s_model_methods_lack_the_keras_2_keywords():
    for method in ("fit", "evaluate", "predict"):
        parameters = inspect.signature(getattr(keras.Model, method)).parameters
        assert not {"workers", "use_multiprocessing", "max_queue_size"} & set(parameters), method
    compile_parameters = inspect.signature(keras.Model.compile).parameters
    assert "sample_weight_mode" not in compile_parameters and "target_tensors" not in compile_parameters
    assert "experimental_run_tf_function" not in compile_parameters


def test_other_libraries_keywords_and_a_projects_own_method_stay():
    assert_unchanged("""
        import keras
        booster.fit(x, y, eval_set=[(x, y)], n_jobs=4)
        model.fit(x, y, epochs=3, batch_size=32)
    """, RULE)
    assert_unchanged("""
        import keras
        class Trainer:
            def fit(self, x, workers=1):
                pass
        Trainer().fit(x, workers=4)
    """, RULE)
    assert_unchanged("""
        from sklearn.linear_model import LogisticRegression
        LogisticRegression().fit(x, y, workers=2)
    """, RULE)


def test_queue_keywords_go_from_a_model_handed_in():
    findings = assert_rewrites("""
        import keras
        def train(model, x, y):
            model.compile(loss='mse', optimizer='adam', sample_weight_mode='temporal')
            model.fit(x, y, epochs=2, max_q_size=10, workers=2, use_multiprocessing=True)
            model.predict(x, max_queue_size=10)
            return model.evaluate(x, y,
                                  workers=4)
    """, """
        import keras
        def train(model, x, y):
            model.compile(loss='mse', optimizer='adam')
            model.fit(x, y, epochs=2)
            model.predict(x)
            return model.evaluate(x, y)
    """, RULE)
    assert all(f.advice for f in findings) and len(findings) == 6
    assert "PyDataset" in findings[1].message and "sample_weight" in findings[0].message


def test_tf_2_2_s_loop_switch_goes_from_compile():
    # aboerzel/ALPR-keras train_eager_execution.py:70
    findings = assert_rewrites("""
        import tensorflow as tf
        model = tf.keras.Model(i, o)
        model.compile(loss='mse', optimizer='adam', experimental_run_tf_function=False)
    """, """
        import tensorflow as tf
        model = tf.keras.Model(i, o)
        model.compile(loss='mse', optimizer='adam')
    """, RULE)
    assert [(f.line, f.advice) for f in findings] == [(4, True)]


def test_target_tensors_is_reported():
    findings = assert_unchanged("""
        import keras
        model.compile(loss='mse', optimizer='adam', target_tensors=[y])
    """, RULE)
    assert [(f.line, f.advice) for f in findings] == [(3, False)]


def test_reset_metrics_true_is_what_keras_3_does_and_false_is_reported():
    findings = assert_rewrites("""
        import keras
        d_loss = discriminator.train_on_batch(x, y, reset_metrics=True)
        g_loss = combined.test_on_batch(x, y, reset_metrics=False)
    """, """
        import keras
        d_loss = discriminator.train_on_batch(x, y)
        g_loss = combined.test_on_batch(x, y, reset_metrics=False)
    """, RULE)
    assert [(f.line, f.advice) for f in findings] == [(4, False)]


def test_keras_3_train_on_batch_returns_the_batch_s_own_loss():
    import numpy as np

    model = keras.Sequential([keras.Input((1,)), keras.layers.Dense(1, kernel_initializer="zeros", use_bias=False)])
    model.compile(keras.optimizers.SGD(0.0), "mse")
    assert model.train_on_batch(np.ones((2, 1)), np.ones((2, 1))) == 1.0
    assert model.train_on_batch(np.ones((2, 1)), 3 * np.ones((2, 1))) == 9.0  # not the mean of both, 5.0
