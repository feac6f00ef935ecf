"""mirrored_strategy_lints: reports only, and only in code that uses (or will use) MirroredStrategy."""

from tests.codemod.helpers import assert_unchanged

RULE = "mirrored_strategy_lints"


def test_single_device_code_is_not_linted():
    assert assert_unchanged("""
        from keras.optimizers import Adam
        from keras.layers import BatchNormalization
        model.fit(x, y, batch_size=30)
        opt = Adam()
    """, RULE) == []


def test_batch_size_that_does_not_divide_and_products():
    findings = assert_unchanged("""
        from keras.utils import multi_gpu_model
        parallel = multi_gpu_model(model, gpus=4)
        parallel.fit(x, y, batch_size=30)
        parallel.fit(x, y, batch_size=64 * 4)
        parallel.fit(x, y, batch_size=32)
    """, RULE)
    assert [(f.line, f.message.split(" ")[0]) for f in findings] == [(4, "batch_size=30"), (5, "batch_size")]


def test_optimizer_outside_scope_and_batch_norm():
    findings = assert_unchanged("""
        import tensorflow as tf
        import keras

        strategy = tf.distribute.MirroredStrategy()
        opt = keras.optimizers.Adam()
        with strategy.scope():
            inside = keras.optimizers.Adam()
            model = keras.Sequential([keras.layers.BatchNormalization(), keras.layers.BatchNormalization(synchronized=True)])
        schedule = keras.optimizers.schedules.CosineDecay(0.1, 100)  # holds no variable: anywhere will do
    """, RULE)
    assert [f.line for f in findings] == [6, 9]
    assert "outside strategy.scope()" in findings[0].message and "synchronized=True" in findings[1].message
    assert [f.advice for f in findings] == [False, True]  # the optimizer stops Keras 3's fit; the rest is a lint


def test_an_optimizer_the_rewrite_moves_into_the_scope_is_not_reported():
    """Lints judge the code as it will be: the multi_gpu_model rewrite puts this optimizer under the scope."""
    from tests.codemod.helpers import rewrite

    _, findings = rewrite("""
        from keras.optimizers import SGD
        from keras.utils import multi_gpu_model
        model = build()
        parallel = multi_gpu_model(model, gpus=2)
        sgd = SGD(learning_rate=0.01, momentum=0.9)
        parallel.compile(loss="mse", optimizer=sgd)
    """)
    assert not [f for f in findings if "outside strategy.scope()" in f.message]


def test_an_optimizer_after_the_if_else_holding_the_wrapper_is_not_reported():
    """reger-men/keras_multi_gpus: the rewrite puts the compile after the if/else under the model's strategy."""
    from tests.codemod.helpers import rewrite

    got, findings = rewrite("""
        import tensorflow as tf
        from keras.optimizers import SGD
        from keras.utils import multi_gpu_model
        if G <= 1:
            model = build()
        else:
            model = build()
            model = multi_gpu_model(model, gpus=G)
        opt = SGD(learning_rate=0.01, momentum=0.9)
        model.compile(loss="mse", optimizer=opt)
    """)
    assert "with model.distribute_strategy.scope():\n    opt = SGD(" in got
    assert not [f for f in findings if "outside strategy.scope()" in f.message]
    _, findings = rewrite(got)  # a second run reads the with block as a scope
    assert not [f for f in findings if "outside strategy.scope()" in f.message]
