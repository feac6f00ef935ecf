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
