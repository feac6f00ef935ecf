"""tf0_names_to_tf1: must-not-change cases first, then before/after, then executed (TF 0.x's meaning, by its docs)."""

import numpy as np

from tests.codemod.helpers import assert_rewrites, assert_unchanged, rewrite

RULE = "tf0_names_to_tf1"


def test_tf_1_names_and_orders_and_other_modules_names_stay():
    assert_unchanged("""
        import tensorflow as tf
        import numpy as np
        from operator import mul

        c = tf.concat([a, b], 1)
        parts = tf.split(s, 2, 1)
        n = np.concatenate((1, 2))
        x = mul(a, b) + np.pack(c)
        loss = tf.nn.softmax_cross_entropy_with_logits(logits=logits, labels=labels)
        scope = tf.op_scope([x], "name")  # reordered by 1.0, and TF 1 still has it: left to the TF1 rules
        v = tf.get_variable("b", [3], initializer=tf.zeros_initializer())
    """, RULE)


def test_0x_names_keywords_and_orders_become_1_0s():
    # govzhz/dl-gesture-recognition's copy of tensorflow/models (TF 0.12), keras-rl's NAF layer (`tf.concat(1, [...])`)
    assert_rewrites("""
        import tensorflow as tf
        from tensorflow import pack, unpack

        h = tf.mul(x, w) - tf.sub(y, 1.0)
        parts = tf.split(1, 2, tf.pack([h, h]))
        c = tf.concat(1, [parts[0], parts[1]])
        d = tf.concat(-1, [c, c], name="d")
        m = tf.reduce_mean(c, reduction_indices=[1])
        loss = tf.nn.softmax_cross_entropy_with_logits(logits, labels)
        tf.scalar_summary("loss", loss)
        writer = tf.train.SummaryWriter(logdir)
        b = tf.get_variable("b", [3], initializer=tf.zeros_initializer)
        r = tf.batch_matmul(x, w, adj_x=True), tf.initialize_all_variables(), tf.image.per_image_whitening(image)
    """, """
        import tensorflow as tf
        from tensorflow import stack as pack, unstack as unpack

        h = tf.multiply(x, w) - tf.subtract(y, 1.0)
        parts = tf.split(tf.stack([h, h]), 2, 1)
        c = tf.concat([parts[0], parts[1]], 1)
        d = tf.concat([c, c], -1, name="d")
        m = tf.reduce_mean(c, axis=[1])
        loss = tf.nn.softmax_cross_entropy_with_logits(logits=logits, labels=labels)
        tf.summary.scalar("loss", loss)
        writer = tf.summary.FileWriter(logdir)
        b = tf.get_variable("b", [3], initializer=tf.zeros_initializer())
        r = tf.matmul(x, w, adjoint_a=True), tf.global_variables_initializer(), tf.image.per_image_standardization(image)
    """, RULE)


def test_a_0x_name_through_keras_2s_re_export_of_tensorflow():
    # MarvinLiangWW/keras_cap BIAFFECT.py:85 (twenty-ninth corpus): the rename came only on a second run, after
    # backend_functions_to_ops (a later rule) had spelt K.tf as tensorflow
    assert_rewrites("""
        from keras import backend as K

        def fm(pairwise, bias):
            return K.sum(K.tf.pack([pairwise, bias]), axis=0)
    """, """
        from keras import backend as K

        def fm(pairwise, bias):
            return K.sum(K.tf.stack([pairwise, bias]), axis=0)
    """, RULE)


def test_the_rewrite_computes_what_tf_0x_documented():
    """TF 0.12's docs: concat(concat_dim, values), split(split_dim, num_split, value), pack(values) along axis 0,
    mul/sub elementwise, reduction_indices the axes reduced."""
    before = """
        import tensorflow as tf

        def run(a, b):
            s = tf.pack([a, b])
            left, right = tf.split(2, 2, s)
            joined = tf.concat(2, [right, left])
            return tf.reduce_sum(tf.sub(tf.mul(joined, 2.0), 1.0), reduction_indices=[0])
    """
    after, _ = rewrite(before, RULE)
    scope: dict = {}
    exec(compile(after, "example.py", "exec"), scope)  # noqa: S102 - the test's own snippet
    a, b = np.arange(8.0).reshape(2, 4), np.arange(8.0, 16.0).reshape(2, 4)
    s = np.stack([a, b])
    left, right = np.split(s, 2, axis=2)
    expected = (np.concatenate([right, left], axis=2) * 2.0 - 1.0).sum(axis=0)
    np.testing.assert_array_equal(scope["run"](a, b).numpy(), expected)
