"""contrib_slim_to_tf_slim: must-not-change cases first, then before/after, then the table, then a TF 1.15 slim program
against its whole rewrite under TensorFlow 2 with tf-slim."""

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.codemod.helpers import assert_rewrites, assert_unchanged, legacy37, legacy_env, rewrite

RULE = "contrib_slim_to_tf_slim"
ROOT = Path(__file__).parents[2]


def test_a_module_reading_a_slim_name_tf_slim_lacks_or_contribs_layers_stays():
    assert_unchanged("""
        import tensorflow as tf
        import tensorflow.contrib.slim as slim
        column = slim.feature_column.real_valued_column('age')
        net = slim.conv2d(x, 8, 3)
    """, RULE)
    assert_unchanged("""
        import tensorflow as tf
        from tensorflow.contrib.slim.nets import resnet_v1
        net, _ = resnet_v1.resnet_v1_50(x, 10)
    """, RULE)  # its arg_scope's batch_norm needs tf_keras's old layer path, which TF 2.21 cannot load
    assert_unchanged("""
        import tensorflow as tf
        import tensorflow.contrib.slim as slim
        net = slim.conv2d(x, 8, 3)
        net = tf.contrib.layers.flatten(net)
    """, RULE)
    assert_unchanged("""
        import tensorflow as tf
        from tensorflow.contrib import slim, layers
        net = slim.conv2d(x, 8, 3)
    """, RULE)
    assert_unchanged("""
        import mylib.contrib.slim as slim
        net = slim.conv2d(x, 8, 3)
    """, RULE)
    assert_unchanged("""
        import tensorflow as tf
        import tensorflow.contrib.slim as slim
        from keras.layers import Input
        net = slim.conv2d(Input((8, 8, 3)), 8, 3)
    """, RULE)  # slim's layers on Keras 3's tensors: contrib stays, reported


def test_what_other_rules_write_out_is_left_to_them():
    # a Keras-free graph module whose slim names tf_layers_to_graph_functions writes out: TF 1's functions in the file
    got, _ = rewrite("""
        import tensorflow as tf
        import tensorflow.contrib.slim as slim
        x = tf.placeholder(tf.float32, [None, 8, 8, 3])
        net = slim.conv2d(x, 8, [3, 3], scope='conv1')
    """)
    assert "tf1_contrib_conv2d(x, 8, [3, 3], scope='conv1')" in got and "tf_slim" not in got, got
    # a Keras module reading slim's initializers alone: Keras 3's (contrib_initializers_to_keras)
    got, _ = rewrite("""
        import tensorflow.contrib.slim as slim
        from keras.layers import Dense
        d = Dense(3, kernel_initializer=slim.xavier_initializer())
    """)
    assert "kernel_initializer=keras.initializers.GlorotUniform()" in got and "slim" not in got, got


def test_every_spelling_of_slim_becomes_tf_slims():
    findings = assert_rewrites("""
        import tensorflow as tf
        import tensorflow.contrib.slim as slim
        import tensorflow.contrib.slim.nets
        from tensorflow.contrib.slim.nets import vgg
        from tensorflow.contrib.slim.python.slim.learning import train_step
        net = slim.fully_connected(slim.flatten(x), 10)
        logits, _ = vgg.vgg_16(images)
        every = tf.contrib.slim.get_variables_to_restore()
    """, """
        import tensorflow as tf
        import tf_slim as slim
        import tf_slim.nets
        from tf_slim.nets import vgg
        from tf_slim.learning import train_step
        import tf_slim

        net = slim.fully_connected(slim.flatten(x), 10)
        logits, _ = vgg.vgg_16(images)
        every = tf_slim.get_variables_to_restore()
    """, RULE)
    assert [(f.line, f.advice) for f in findings] == [(3, True)], findings  # once a module: install tf-slim
    assert_rewrites("""
        from tensorflow.contrib import slim as sl
        loss = sl.losses.softmax_cross_entropy(logits, labels)
    """, """
        import tf_slim as sl
        loss = sl.losses.softmax_cross_entropy(logits, labels)
    """, RULE)


def test_a_module_level_alias_of_tf_contrib_slim_is_read_through():
    # diabetic-retinopathy-analysis's inception_resnet.py, resnet.py (fifty-ninth hold-out): `slim = tf.contrib.slim`
    assert_rewrites("""
        import tensorflow as tf
        slim = tf.contrib.slim

        def block(net):
            return slim.conv2d(net, 32, 1, scope='Conv2d_1x1')
    """, """
        import tensorflow as tf
        import tf_slim

        slim = tf_slim

        def block(net):
            return slim.conv2d(net, 32, 1, scope='Conv2d_1x1')
    """, RULE)
    assert_unchanged("""
        import tensorflow as tf
        slim = tf.contrib.slim
        column = slim.feature_column.real_valued_column('age')
    """, RULE)


def test_the_table_is_what_the_installed_tf_slim_has(tmp_path):
    pytest.importorskip("tf_slim")
    fresh = tmp_path / "tf_slim_names.py"
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "tf_slim_names_table.py"), str(fresh)],
                          capture_output=True, text=True, timeout=600, env=dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3"))
    assert done.returncode == 0, done.stderr[-2000:]
    assert fresh.read_text() == (ROOT / "migrate" / "codemod" / "data" / "tf_slim_names.py").read_text()


# A TF 1 slim graph program: layers under arg_scope with a regularizer, slim's losses and create_train_op (names
# tf_layers_to_graph_functions does not write out), trained four steps in a session.
SLIM_PROGRAM = """
    import numpy as np
    import tensorflow as tf
    import tensorflow.contrib.slim as slim

    images = tf.placeholder(tf.float32, [None, 8, 8, 3])
    labels = tf.placeholder(tf.float32, [None, 4])
    with slim.arg_scope([slim.conv2d, slim.fully_connected], weights_initializer=tf.constant_initializer(0.05),
                        weights_regularizer=slim.l2_regularizer(0.01), biases_initializer=tf.constant_initializer(0.01)):
        net = slim.conv2d(images, 6, [3, 3], scope='conv1')
        net = slim.max_pool2d(net, [2, 2], scope='pool1')
        net = slim.flatten(net)
        logits = slim.fully_connected(net, 4, activation_fn=None, scope='logits')
    slim.losses.softmax_cross_entropy(logits, labels)
    total = slim.losses.get_total_loss()
    train = slim.learning.create_train_op(total, tf.train.GradientDescentOptimizer(0.1))
    x = np.linspace(-1.0, 1.0, 2 * 8 * 8 * 3, dtype='float32').reshape(2, 8, 8, 3)
    y = np.eye(4, dtype='float32')[[1, 3]]
    with tf.Session() as session:
        session.run(tf.global_variables_initializer())
        for _ in range(4):
            print('%.6f' % session.run(train, {images: x, labels: y}))
        print(sorted(v.op.name for v in slim.get_model_variables()))
"""


def test_the_rewritten_slim_program_trains_as_tensorflow_1_15_did(tmp_path):
    pytest.importorskip("tf_slim")
    legacy = legacy37()
    program = textwrap.dedent(SLIM_PROGRAM)
    got, findings = rewrite(program)
    assert "import tf_slim as slim" in got and "contrib" not in got, got
    assert not [f for f in findings if not f.advice], findings
    outputs = {}
    for name, text, python in (("old.py", program, str(legacy)), ("new.py", got, sys.executable)):
        (tmp_path / name).write_text(text)
        done = subprocess.run([python, str(tmp_path / name)], capture_output=True, text=True, env=legacy_env(),
                              timeout=300)
        assert done.returncode == 0, done.stderr[-2500:]
        outputs[name] = done.stdout.strip().splitlines()[-5:]
    assert outputs["new.py"] == outputs["old.py"]
    assert outputs["old.py"][0] == "1.393119" and "'conv1/weights'" in outputs["old.py"][-1]
