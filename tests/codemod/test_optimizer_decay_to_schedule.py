"""optimizer_decay_to_schedule: must-not-change cases first, then before/after."""

from tests.codemod.helpers import assert_rewrites, assert_unchanged

RULE = "optimizer_decay_to_schedule"


def test_other_decays_stay():
    assert_unchanged("""
        from myproject.optim import SGD
        from keras.optimizers import Adam
        a = SGD(lr=0.01, decay=1e-6)
        b = Adam(learning_rate=0.001, weight_decay=1e-4)
        c = Adam(*args, decay=1e-6)
    """, RULE)


def test_decay_becomes_keras_2s_inverse_time_schedule():
    """Keras 3 ignores decay= with a warning: the script would train at a constant rate."""
    assert_rewrites("""
        from keras.optimizers import SGD, Adam
        import tensorflow as tf
        a = SGD(learning_rate=0.01, decay=1e-6, momentum=0.9, nesterov=True)
        b = Adam(decay=0.001)
        c = tf.keras.optimizers.RMSprop(lr=0.002, decay=0.0)
    """, """
        from keras.optimizers import SGD, Adam
        import tensorflow as tf
        from keras.optimizers.schedules import InverseTimeDecay

        a = SGD(learning_rate=InverseTimeDecay(0.01, decay_steps=1, decay_rate=1e-6), momentum=0.9, nesterov=True)
        b = Adam(learning_rate=InverseTimeDecay(0.001, decay_steps=1, decay_rate=0.001))
        c = tf.keras.optimizers.RMSprop(lr=0.002)
    """, RULE)


def test_a_call_laid_out_in_columns_keeps_its_lines():
    # ChihebTrabelsi/deep_complex_networks scripts/training.py:611: `decay    = d.decay` was no work for the trigger
    # words "decay=" / "decay =", and Keras 3 ignores decay; the rewrite keeps the other arguments' lines
    assert_rewrites("""
        from keras.optimizers import SGD, Adam
        opt = SGD    (lr       = d.lr,
                      momentum = d.momentum,
                      decay    = d.decay,
                      clipnorm = d.clipnorm)
        last = SGD(momentum=0.9,
                   decay=1e-6,
                   )
        optimizer = Adam(
            lr=0.1,
            epsilon=0.001,
            decay=0.0
        )
    """, """
        from keras.optimizers import SGD, Adam
        from keras.optimizers.schedules import InverseTimeDecay

        opt = SGD    (learning_rate=InverseTimeDecay(d.lr, decay_steps=1, decay_rate=d.decay),
                      momentum = d.momentum,
                      clipnorm = d.clipnorm)
        last = SGD(momentum=0.9,
                   learning_rate=InverseTimeDecay(0.01, decay_steps=1, decay_rate=1e-6),
                   )
        optimizer = Adam(
            lr=0.1,
            epsilon=0.001
        )
    """, RULE)
