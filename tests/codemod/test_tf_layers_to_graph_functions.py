"""tf_layers_to_graph_functions: must-not-change cases first, then before/after, then the rewritten network run by
TF 2 from TF 1.15's checkpoint."""

import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np

from migrate.codemod.tf1_layers import HELPERS
from tests.codemod.helpers import assert_unchanged, legacy37, legacy_env, probe_under_both, rewrite

RULE = "tf_layers_to_graph_functions"
SCRIPTS = Path(__file__).parent / "scripts"


def test_keras_modules_layer_objects_and_options_not_written_out_stay():
    assert_unchanged("""
        import tensorflow as tf
        from keras.layers import Dense

        h = tf.layers.dense(x, 10)  # a Keras module keeps eager execution on: no graph to make variables in
    """, RULE)
    assert_unchanged("""
        import tensorflow as tf

        layer = tf.layers.Dense(10)  # a layer object: reported by the last pass
        h = tf.layers.conv2d(x, 8, 3, data_format="channels_first")
        h = tf.layers.dense(x, 10, activity_regularizer=tf.nn.l2_loss)
        h = tf.layers.batch_normalization(x, renorm=True)
        h = tf.layers.conv3d_transpose(x, 8, 3)  # no function written out for it
        h = tf.layers.conv1d(x, 8, 3, data_format="channels_first")
        h = tf.layers.dense(*args)
    """, RULE)
    assert_unchanged("""
        import tensorflow as tf

        tf.enable_eager_execution()
        h = tf.layers.dense(x, 10)
    """, RULE)


def test_a_graph_module_s_layers_become_tf_1_s_functions_written_into_it():
    source = """
        import tensorflow as tf

        def net(x, training):
            h = tf.layers.conv2d(x, 32, 3, padding="same", data_format="channels_last", activation=tf.nn.relu)
            h = tf.layers.max_pooling2d(h, 2, 2)
            h = tf.layers.dropout(tf.layers.flatten(h), rate=0.5, training=training)
            return tf.compat.v1.layers.dense(h, 10, name="logits")
    """
    got, findings = rewrite(source, RULE)
    assert findings == []
    assert got.endswith(textwrap.dedent("""
        def net(x, training):
            h = tf1_conv2d(x, 32, 3, padding="same", data_format="channels_last", activation=tf.nn.relu)
            h = tf1_max_pooling2d(h, 2, 2)
            h = tf1_dropout(tf1_flatten(h), rate=0.5, training=training)
            return tf1_dense(h, 10, name="logits")
    """))
    written = [name for name in HELPERS if f"\ndef {name}(" in got]
    # the function handed on, as megvii-research/tf-tutorials' notebooks did (fifty-fourth hold-out)
    assert rewrite("""
        import functools
        import tensorflow as tf

        fc_layer = functools.partial(tf.layers.dense, bias_initializer=tf.zeros_initializer())
        variables = tf.contrib.framework.get_variables
    """, RULE)[0].endswith("fc_layer = functools.partial(tf1_dense, bias_initializer=tf.zeros_initializer())\n"
                           "variables = tf1_get_variables\n")
    assert written == ["tf1_dense", "tf1_conv2d", "tf1_max_pooling2d", "tf1_dropout", "tf1_flatten"]
    assert all(HELPERS[name].strip() in got for name in written)  # TF 1's, as written in tf1_layers
    assert rewrite(got, RULE)[0] == got


def test_every_function_written_out_is_a_fixed_point_of_the_whole_run():
    # each helper is written in the spelling every other rule leaves as it is: a second run changes nothing
    got, _ = rewrite("""
        import tensorflow as tf

        x = tf.placeholder(tf.float32, [None, 8, 8, 1])
        h = tf.layers.average_pooling2d(tf.layers.max_pooling2d(tf.layers.conv2d(x, 4, 3), 2, 2), 2, 1)
        h = tf.layers.batch_normalization(tf.layers.dropout(tf.layers.flatten(h)), training=True)
        y = tf.layers.dense(h, 2)
        c = tf.contrib.layers.flatten(tf.contrib.layers.conv2d(x, 4, 3, scope="c"))
        d = tf.contrib.layers.fully_connected(c, 2, weights_regularizer=tf.contrib.layers.l2_regularizer(1e-4),
                                              weights_initializer=tf.contrib.layers.xavier_initializer(uniform=False))
        w = tf.get_variable("w", [3], initializer=tf.contrib.layers.variance_scaling_initializer(seed=1))
        drawn = tf.contrib.layers.variance_scaling_initializer(seed=3)([3, 4])
        s = tf.layers.conv1d(tf.layers.average_pooling1d(tf.layers.max_pooling1d(h[..., None], 2, 1), 2, 1), 2, 2)
        v = tf.layers.average_pooling3d(tf.layers.max_pooling3d(tf.layers.conv3d(x[..., None], 2, 3), 2, 1), 2, 1)
        u = tf.layers.separable_conv2d(tf.layers.conv2d_transpose(x, 2, 3, strides=2), 4, 3)
        p = tf.contrib.layers.avg_pool2d(tf.contrib.layers.max_pool2d(x, [2, 2]), 2)
        kernels = tf.contrib.framework.get_variables("c", suffix="weights")
        b = tf.contrib.layers.batch_norm(x, is_training=True, updates_collections=None, scope="bn")
        i = tf.contrib.layers.instance_norm(x)
        with tf.contrib.framework.arg_scope([tf.contrib.layers.conv2d], padding="VALID"):
            j = tf.contrib.layers.conv2d(x, 4, 3)
        k = tf.contrib.layers.dropout(tf.contrib.layers.repeat(x, 2, tf.contrib.layers.conv2d, 2, 3), 0.5)
        t = tf.contrib.layers.conv2d_transpose(k, 2, 3, stride=2)
        model_variables = tf.contrib.framework.get_model_variables()
        sizes = tf.contrib.slim.model_analyzer.analyze_vars(model_variables)
    """)
    assert "tf1_variance_scaling_initializer(seed=3)([3, 4])" in got
    assert all(f"\ndef {name}(" in got or f"\nclass {name}:" in got for name in HELPERS)
    assert rewrite(got)[0] == got


def test_the_network_restores_tf_1_15_s_checkpoint_and_computes_what_it_did(tmp_path):
    rng = np.random.default_rng(0)
    data = tmp_path / "data.npz"
    np.savez(data, images=rng.normal(size=(6, 8, 8, 2)).astype("float32"),
             features=rng.normal(size=(6, 4)).astype("float32"), labels=np.array([0, 1, 2, 0, 1, 2], "int32"))
    got, target = probe_under_both(legacy37(), SCRIPTS / "tf1_layers_probe.py", data, tmp_path,
                                   ("inference", "regularization", "training", "stacked", "after", "moving",
                                    "truncated", "uniform", "xavier", "sequence1d", "volume3d", "up", "up_same",
                                    "separable", "contrib_pooled", "step", "contrib_moving_mean",
                                    "contrib_moving_variance", "slim_scoped", "repeated", "transposed"))
    reference = np.load(tmp_path / "keras2.npz")
    assert list(got["names"]) == list(reference["names"])  # TF 1's variable names: the checkpoint restored
    assert {"net/bn_features/moving_variance:0", "net/Conv/weights:0", "net/fully_connected/biases:0",
            "shapes/volume/kernel:0", "shapes/conv2d_transpose_1/kernel:0",
            "shapes/separable_conv2d/pointwise_kernel:0", "net/g_bn0/gamma:0", "net/BatchNorm/moving_mean:0",
            "net/BatchNorm_1/beta:0", "net/InstanceNorm/gamma:0", "net/in2/gamma:0", "shapes/s1/BatchNorm/beta:0",
            "shapes/s2/BatchNorm/moving_mean:0", "shapes/s_fc/weights:0"} <= set(got["names"])
    # every contrib layer's variables are model variables, as TF 1 made them; slim.repeat's scopes are TF 1's
    assert list(got["model_variables"]) == list(reference["model_variables"]) and len(got["model_variables"]) > 20
    assert list(got["repeat_weights"]) == ["shapes/rep/rep_1/weights:0", "shapes/rep/rep_2/weights:0"]
    assert {"shapes/Repeat/convolution2d_2/biases:0", "shapes/Conv2d_transpose/weights:0",
            "shapes/t2/BatchNorm/moving_mean:0"} <= set(got["names"]) and got["transposed"].shape == (6, 17, 17, 2)
    assert got["slim_scoped"].shape == (6, 5) and "import tensorflow.contrib.slim" not in target.read_text()
    assert got["up"].shape == (6, 17 * 17 * 3)
    assert list(got["scoped"]) == list(reference["scoped"]) and len(got["scoped"]) == 6
    assert not re.search(r"tf\.layers\.\w+\(", target.read_text()) and "def tf1_batch_normalization(" in target.read_text()


def test_an_arg_scope_reaches_the_functions_another_module_calls_within_it(tmp_path):
    # TF 1 kept one arg_scope stack for the process: a scope entered in one module set the defaults of contrib's layers
    # another module called within it (slim's nets: `with slim.arg_scope(resnet_arg_scope()): resnet_v2_50(...)`)
    (tmp_path / "nets.py").write_text(textwrap.dedent("""
        import tensorflow as tf

        def build(x):
            return tf.contrib.layers.conv2d(x, 2, 3)  # SAME and relu by default
    """))
    (tmp_path / "train.py").write_text(textwrap.dedent("""
        import numpy as np
        import tensorflow as tf
        import tensorflow.contrib.slim as slim

        import nets

        x = tf.placeholder(tf.float32, [1, 8, 8, 1])
        with slim.arg_scope([slim.conv2d], padding="VALID", activation_fn=None) as scope:
            valid = nets.build(x)
        same = nets.build(x)
        with slim.arg_scope(scope):
            again = nets.build(x)
        print(valid.shape.as_list(), same.shape.as_list(), again.shape.as_list())
    """))
    run = subprocess.run([sys.executable, "-m", "migrate", "code", "--write", str(tmp_path)], capture_output=True,
                         text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert not re.search(r"slim\.|import tensorflow.contrib", (tmp_path / "train.py").read_text())
    out = subprocess.run([sys.executable, "train.py"], capture_output=True, text=True, cwd=tmp_path, timeout=300,
                         env={**os.environ, "TF_CPP_MIN_LOG_LEVEL": "3"})
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip().splitlines()[-1] == "[1, 6, 6, 2] [1, 8, 8, 2] [1, 6, 6, 2]"


# carpedm20/DCGAN-tensorflow's utils.show_all_variables, copied by many GAN projects (WGAN-GP-tensorflow's
# tensorflow_utils.py, fifty-fourth hold-out)
ANALYZED = """
    import tensorflow as tf
    import tensorflow.contrib.slim as slim

    def show_all_variables():
        model_vars = tf.trainable_variables()
        return slim.model_analyzer.analyze_vars(model_vars, print_info=True)

    with tf.variable_scope("generator"):
        tf.get_variable("w", [3, 3, 4, 8])
        tf.get_variable("b", [8], dtype=tf.float64)
    print(show_all_variables())
"""


def test_slims_variable_summary_prints_what_tf_1_15_printed(tmp_path):
    got, findings = rewrite(ANALYZED)
    assert "return tf1_analyze_vars(model_vars, print_info=True)" in got and "import tensorflow.contrib" not in got
    assert [f for f in findings if not f.advice] == []
    printed = {}
    for name, python, source in (("old", str(legacy37()), textwrap.dedent(ANALYZED)), ("new", sys.executable, got)):
        (tmp_path / f"{name}.py").write_text(source)
        done = subprocess.run([python, f"{name}.py"], cwd=tmp_path, capture_output=True, text=True, timeout=300,
                              env=legacy_env())  # (TF 1.15 reads TF2_BEHAVIOR, which TF 2 sets here, as "run eagerly")
        assert done.returncode == 0, done.stderr[-2000:]
        printed[name] = done.stdout.replace("_ref ", " ")  # TF 1's variables were reference-typed, TF 2's are resources
    assert printed["new"] == printed["old"]
    assert "generator/w:0 (float32 3x3x4x8) [288, bytes: 1152]" in printed["old"] and "(296, 1216)" in printed["old"]
