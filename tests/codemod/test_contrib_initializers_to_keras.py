"""contrib_initializers_to_keras: must-not-change cases first, then before/after, then TensorFlow 1.15's contrib
functions against the rewrite's Keras 3 objects on the same weights and shapes."""

import json
import subprocess
import sys

import pytest

from tests.codemod.helpers import assert_rewrites, assert_unchanged, legacy37, legacy_env, rewrite

RULE = "contrib_initializers_to_keras"


def test_what_cannot_be_read_or_is_not_tensorflows_stays():
    assert_unchanged("""
        from mylib import xavier_initializer, l2_regularizer
        a = xavier_initializer()
        b = l2_regularizer(0.1)
    """, RULE)
    assert_unchanged("""
        import tensorflow as tf
        a = tf.contrib.layers.xavier_initializer(uniform=flag)
        b = tf.contrib.layers.variance_scaling_initializer(mode=mode)
        c = tf.contrib.layers.xavier_initializer(dtype=tf.float16)
        d = tf.contrib.layers.l2_regularizer(*scales)
        e = tf.contrib.layers.l2_regularizer()
        f = tf.contrib.layers.l1_regularizer(0.1, scope='l1', extra=1)
    """, RULE)


def test_each_becomes_keras_3s_with_the_same_values():
    assert_rewrites("""
        import tensorflow as tf
        from tensorflow.contrib.layers import xavier_initializer, l2_regularizer
        import tensorflow.contrib.slim as slim
        w = tf.get_variable('w', [3, 4], initializer=xavier_initializer(), regularizer=l2_regularizer(1e-4))
        a = tf.contrib.layers.xavier_initializer(seed=1)
        b = tf.contrib.layers.xavier_initializer(False)
        c = tf.contrib.layers.xavier_initializer_conv2d(uniform=True, dtype=tf.float32)
        d = tf.contrib.layers.variance_scaling_initializer()
        e = slim.variance_scaling_initializer(factor=1.0, mode='FAN_AVG', uniform=True)
        f = tf.contrib.layers.l1_regularizer(scale=0.1, scope='l1')
        g = tf.contrib.layers.l1_l2_regularizer(scale_l2=rate + 1)
    """, """
        import tensorflow as tf
        from tensorflow.contrib.layers import xavier_initializer, l2_regularizer
        import tensorflow.contrib.slim as slim
        import keras

        w = tf.get_variable('w', [3, 4], initializer=keras.initializers.GlorotUniform(), regularizer=keras.regularizers.L2(0.5 * 1e-4))
        a = keras.initializers.GlorotUniform(seed=1)
        b = keras.initializers.VarianceScaling(scale=1.3 * 0.87962566103423978 ** 2 * 1.0, mode='fan_avg', distribution='truncated_normal')
        c = keras.initializers.GlorotUniform()
        d = keras.initializers.VarianceScaling(scale=1.3 * 0.87962566103423978 ** 2 * 2.0, mode='fan_in', distribution='truncated_normal')
        e = keras.initializers.VarianceScaling(scale=1.0, mode='fan_avg', distribution='uniform')
        f = keras.regularizers.L1(0.1)
        g = keras.regularizers.L1L2(l1=1.0, l2=0.5 * (rate + 1))
    """, RULE)


KERAS_SCRIPT = """
    import tensorflow as tf
    from tensorflow.contrib.layers import xavier_initializer
    from keras.layers import Dense, Input
    from keras.models import Model

    x = Input((3,))
    y = Dense(2, kernel_initializer=xavier_initializer(), kernel_regularizer=tf.contrib.layers.l2_regularizer(1e-4))(x)
"""


def test_the_whole_run_leaves_no_contrib_in_a_keras_script():
    got, findings = rewrite(KERAS_SCRIPT)
    assert "contrib" not in got, got
    assert not [f for f in findings if not f.advice], findings


# Each function's values for fixed weights (regularizers) and large kernels (initializers: the bounds, the spread)
PROBE = """
import json, sys
import numpy as np
{imports}
w = np.linspace(-2.0, 3.0, 24, dtype="float32").reshape(4, 6)
out = {{}}
for name, regularizer in (("l1", {l1}), ("l2", {l2}), ("l1_l2", {l1_l2})):
    out[name] = float(evaluate(regularizer(tf.constant(w))))
for name, initializer in (("xavier", {xavier}), ("xavier_normal", {xavier_normal}), ("he", {he}),
                          ("avg_uniform", {avg_uniform})):
    values = np.asarray(evaluate(initializer([3, 3, 512, 512], tf.float32)))
    out[name] = [float(np.abs(values).max()), float(values.std())]
print(json.dumps(out))
"""
TF1 = dict(imports="import tensorflow as tf\nsess = tf.Session()\nevaluate = sess.run",
           l1="tf.contrib.layers.l1_regularizer(0.01)", l2="tf.contrib.layers.l2_regularizer(0.01)",
           l1_l2="tf.contrib.layers.l1_l2_regularizer(0.02, 0.03)",
           xavier="tf.contrib.layers.xavier_initializer()", xavier_normal="tf.contrib.layers.xavier_initializer(False)",
           he="tf.contrib.layers.variance_scaling_initializer()",
           avg_uniform="tf.contrib.layers.variance_scaling_initializer(1.0, 'FAN_AVG', True)")


def test_keras_3s_objects_give_tensorflow_1_15s_values(tmp_path):
    legacy = legacy37()
    (tmp_path / "old.py").write_text(PROBE.format(**TF1))
    keras3 = {name: rewrite(f"import tensorflow as tf\nx = {call}\n", RULE)[0].split("x = ", 1)[1].strip()
              for name, call in TF1.items() if name != "imports"}
    (tmp_path / "new.py").write_text(PROBE.format(imports="import keras\nimport tensorflow as tf\nevaluate = np.asarray",
                                                  **keras3))
    outputs = {}
    for script, run in (("old.py", str(legacy)), ("new.py", sys.executable)):
        done = subprocess.run([run, str(tmp_path / script)], capture_output=True, text=True, env=legacy_env(), timeout=300)
        assert done.returncode == 0, done.stderr[-2000:]
        outputs[script] = json.loads(done.stdout.strip().splitlines()[-1])
    old, new = outputs["old.py"], outputs["new.py"]
    for name in ("l1", "l2", "l1_l2"):
        assert new[name] == pytest.approx(old[name], rel=1e-6), name
    for name in ("xavier", "xavier_normal", "he", "avg_uniform"):
        (old_max, old_std), (new_max, new_std) = old[name], new[name]
        assert new_std == pytest.approx(old_std, rel=0.003), name  # 2,359,296 draws each
        # the bound (the limit, or two stddevs), which so many draws come within 1e-4 of: tf_upgrade_v2's scale would
        # put a truncated normal's 0.3% further out
        assert new_max == pytest.approx(old_max, rel=0.001), name


def test_a_graph_program_is_left_to_the_graph_route():
    # a program with eager execution off must not import Keras 3: what the route does not write out stays, reported
    got, findings = rewrite("""
        import tensorflow as tf

        x = tf.placeholder(tf.float32, [None, 3])
        w = tf.get_variable("w", [3, 2], regularizer=tf.contrib.layers.l1_regularizer(0.1))
    """)
    assert "import keras" not in got and "tf.contrib.layers.l1_regularizer(0.1)" in got
    assert any("l1_regularizer" in f.message for f in findings if not f.advice), findings
