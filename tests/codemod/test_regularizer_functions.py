"""regularizer_functions: must-not-change cases first, then before/after, then the penalties computed: Keras 3's
activity penalty against Keras 1.2.2's formula, and l1_l2's defaults against Keras 2.3.1's signature."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import keras
import numpy as np
import pytest

from migrate.codemod.rules.regularizer_functions import DEFAULT
from tests.codemod.helpers import assert_rewrites, assert_unchanged, legacy_env, rewrite

RULE = "regularizer_functions"
LEGACY37 = Path(os.environ.get("MIGRATE_LEGACY37", "/tmp/legacy37")) / "bin" / "python"


def test_keras_3_names_with_their_arguments_and_a_projects_own_stay():
    assert_unchanged("""
        from keras import regularizers
        from mylib.regularizers import activity_l1
        a = Dense(3, activity_regularizer=regularizers.l1(1e-4), kernel_regularizer=regularizers.l1_l2(0.1, 0.2))
        b = Dense(3, kernel_regularizer=regularizers.l1_l2(l2=0.1, l1=0.0), bias_regularizer=activity_l1(0.1))
        c = regularizers.l1_l2(**penalties)
    """, RULE)


def test_keras_1_activity_regularizers_become_keras_3_penalties():
    # mzaradzki/neuralnets autoencoder notebooks: Dense(..., activity_regularizer=regularizers.activity_l1(10e-5));
    # hexiangnan/neural_collaborative_filtering: from keras.regularizers import l1l2, activity_l2
    assert_rewrites("""
        from keras import regularizers
        from keras.regularizers import activity_l2, l1l2
        a = Dense(32, activation='relu', activity_regularizer=regularizers.activity_l1(10e-5))
        b = Dense(3, activity_regularizer=activity_l2(l=0.1), kernel_regularizer=l1l2(l1=0.1))
        c = Dense(3, activity_regularizer=regularizers.activity_l1l2())
    """, """
        from keras import regularizers
        import keras

        a = Dense(32, activation='relu', activity_regularizer=regularizers.l1(10e-5))
        b = Dense(3, activity_regularizer=keras.regularizers.l2(l2=0.1), kernel_regularizer=keras.regularizers.l1_l2(l1=0.1, l2=0.01))
        c = Dense(3, activity_regularizer=regularizers.l1_l2(l1=0.01, l2=0.01))
    """, RULE, "unread_gone_imports")


def test_keras_2_l1_l2_gets_the_defaults_keras_3_changed():
    assert_rewrites("""
        from keras.regularizers import l1_l2
        import tensorflow as tf
        a = Dense(3, kernel_regularizer=l1_l2(l2=1e-4))
        b = Dense(3, kernel_regularizer=tf.keras.regularizers.l1_l2(0.1))
        c = Dense(3, bias_regularizer=l1_l2())
    """, """
        from keras.regularizers import l1_l2
        import tensorflow as tf
        a = Dense(3, kernel_regularizer=l1_l2(l2=1e-4, l1=0.01))
        b = Dense(3, kernel_regularizer=tf.keras.regularizers.l1_l2(0.1, l2=0.01))
        c = Dense(3, bias_regularizer=l1_l2(l1=0.01, l2=0.01))
    """, RULE)


def test_keras_3_divides_an_activity_penalty_by_the_batch_as_keras_1_did():
    """Keras 1.2.2's ActivityRegularizer added `l1 * sum(mean(|output|, axis=0))` + `l2 * sum(mean(output ** 2,
    axis=0))`: what Keras 3's layer adds for l1(l) / l2(l) / l1_l2 as an activity regularizer."""
    x = np.random.default_rng(0).normal(size=(5, 4)).astype("float32")
    for penalty, keras1 in ((keras.regularizers.l1(0.3), lambda out: 0.3 * np.sum(np.mean(np.abs(out), axis=0))),
                            (keras.regularizers.l2(0.2), lambda out: 0.2 * np.sum(np.mean(out ** 2, axis=0))),
                            (keras.regularizers.l1_l2(l1=0.1, l2=0.05),
                             lambda out: 0.1 * np.sum(np.mean(np.abs(out), axis=0)) +
                             0.05 * np.sum(np.mean(out ** 2, axis=0)))):
        layer = keras.layers.Dense(3, activity_regularizer=penalty)
        out = keras.ops.convert_to_numpy(layer(x))
        np.testing.assert_allclose(keras.ops.convert_to_numpy(layer.losses[0]), keras1(out), rtol=1e-5)


def test_the_defaults_written_are_keras_2s_and_keras_3s_are_not():
    import inspect

    assert {name: p.default for name, p in inspect.signature(keras.regularizers.l1_l2).parameters.items()} == \
        {"l1": 0.0, "l2": 0.0}
    if not LEGACY37.exists():
        pytest.skip("the Keras 2.3.1 stack (/tmp/legacy37) is absent")
    done = subprocess.run([str(LEGACY37), "-c", "import inspect, keras; print(sorted((n, p.default) for n, p in "
                           "inspect.signature(keras.regularizers.l1_l2).parameters.items()))"],
                          capture_output=True, text=True, env=legacy_env(), timeout=300)
    assert done.stdout.strip().splitlines()[-1] == f"[('l1', {DEFAULT}), ('l2', {DEFAULT})]"
    assert rewrite("from keras.regularizers import l1_l2\nr = l1_l2()\n", RULE)[0].endswith(
        f"r = l1_l2(l1={DEFAULT}, l2={DEFAULT})\n")
