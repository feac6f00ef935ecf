"""tf1_optimizers_to_keras: must-not-change cases first, then before/after, then one model trained under TensorFlow
1.15's tf.keras with each TF1 optimizer and under Keras 3 with the rewrite: the same weights."""

from __future__ import annotations

import textwrap

import numpy as np

from tests.codemod.helpers import assert_rewrites, assert_unchanged, legacy37, probe_under_both

RULE = "tf1_optimizers_to_keras"


def test_optimizers_keras_is_not_given_stay():
    assert_unchanged("""
        import tensorflow as tf
        train_op = tf.train.AdamOptimizer(0.001).minimize(loss)
        model.compile(optimizer='adam', loss='mse')
    """, RULE)
    assert_unchanged("""
        import tensorflow as tf
        opt = tf.train.AdamOptimizer(0.001)
        model.compile(optimizer=opt, loss='mse')
        train_op = opt.minimize(loss)
    """, RULE)
    assert_unchanged("""
        import tensorflow as tf
        model.compile(tf.train.RMSPropOptimizer(0.001), loss='mse')
        model.compile(tf.train.AdamOptimizer(0.001, use_locking=True), loss='mse')
        model.compile(tf.train.AdamOptimizer(**options), loss='mse')
    """, RULE)


def test_tf1_optimizers_given_to_compile_become_keras_3_s():
    # Somendratripathi/Movielens_2 training_embeddings.ipynb: model.compile(tf.train.AdamOptimizer(0.001), ...)
    assert_rewrites("""
        import tensorflow as tf
        model.compile(
            tf.train.AdamOptimizer(0.001),
            loss='MSE',
        )
        model.compile(optimizer=tf.train.GradientDescentOptimizer(learning_rate=0.1), loss='mse')
        sgd = tf.train.MomentumOptimizer(0.01, 0.9, use_nesterov=True)
        model.compile(loss='mse', optimizer=sgd)
        model.compile(tf.train.AdamOptimizer(), loss='mse')
    """, """
        import tensorflow as tf
        model.compile(
            tf.keras.optimizers.Adam(learning_rate=0.001, epsilon=1e-08),
            loss='MSE',
        )
        model.compile(optimizer=tf.keras.optimizers.SGD(learning_rate=0.1), loss='mse')
        sgd = tf.keras.optimizers.SGD(learning_rate=0.01, momentum=0.9, nesterov=True)
        model.compile(loss='mse', optimizer=sgd)
        model.compile(tf.keras.optimizers.Adam(learning_rate=0.001, epsilon=1e-08), loss='mse')
    """, RULE)


def test_through_compat_v1_the_optimizer_is_spelt_from_keras():
    assert_rewrites("""
        import tensorflow.compat.v1 as tf
        model.compile(tf.train.AdamOptimizer(1e-4, 0.5), loss='mse')
    """, """
        import tensorflow.compat.v1 as tf
        import keras

        model.compile(keras.optimizers.Adam(learning_rate=1e-4, beta_1=0.5, epsilon=1e-08), loss='mse')
    """, RULE)


PROBE = textwrap.dedent("""
    import sys
    import numpy as np
    import tensorflow as tf

    weights, out = np.load(sys.argv[1]), sys.argv[2]
    x, y = weights["x"], weights["y"]
    results = {}

    def built():
        model = tf.keras.Sequential([tf.keras.layers.Dense(3, activation="tanh", input_shape=(4,)),
                                     tf.keras.layers.Dense(1)])
        model.set_weights([weights["k1"], weights["b1"], weights["k2"], weights["b2"]])
        return model

    def fitted(model):
        model.fit(x, y, batch_size=8, epochs=3, shuffle=False, verbose=0)
        return np.concatenate([w.ravel() for w in model.get_weights()])

    model = built()
    model.compile(tf.train.AdamOptimizer(0.01), loss="mse")
    results["adam"] = fitted(model)
    model = built()
    model.compile(optimizer=tf.train.AdamOptimizer(0.02, 0.5, 0.9), loss="mse")
    results["adam_beta"] = fitted(model)
    model = built()
    model.compile(tf.train.GradientDescentOptimizer(0.1), "mse")
    results["sgd"] = fitted(model)
    momentum = tf.train.MomentumOptimizer(0.05, 0.9)
    model = built()
    model.compile(momentum, loss="mse")
    results["momentum"] = fitted(model)
    model = built()
    model.compile(tf.train.MomentumOptimizer(0.05, momentum=0.8, use_nesterov=True), loss="mse")
    results["nesterov"] = fitted(model)
    np.savez(out, **results)
    print("ok")
""")


def test_the_rewrite_trains_as_tensorflow_1_did(tmp_path):
    rng = np.random.default_rng(0)
    weights = tmp_path / "weights.npz"
    np.savez(weights, x=rng.normal(size=(32, 4)).astype("float32"), y=rng.normal(size=(32, 1)).astype("float32"),
             k1=rng.normal(size=(4, 3)).astype("float32"), b1=np.zeros(3, "float32"),
             k2=rng.normal(size=(3, 1)).astype("float32"), b2=np.zeros(1, "float32"))
    probe = tmp_path / "probe.py"
    probe.write_text(PROBE)
    got, target = probe_under_both(legacy37(), probe, weights, tmp_path,
                                   ("adam", "adam_beta", "sgd", "momentum", "nesterov"))
    assert "tf.train" not in target.read_text()
