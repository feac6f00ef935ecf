"""session_run_to_values: must-not-change cases first, then before/after, then executed."""

import numpy as np

from tests.codemod.helpers import assert_rewrites, assert_unchanged, rewrite

RULE = "session_run_to_values"


def test_sessions_that_do_more_than_read_values_stay():
    assert_unchanged("""
        import tensorflow as tf

        def fed(x, y, value):
            with tf.Session() as sess:
                return sess.run(y, feed_dict={x: value})

        def initialized_only(v):
            with tf.Session() as sess:
                sess.run(tf.global_variables_initializer())

        def twice(noise):
            with tf.Session() as sess:
                return sess.run(noise), sess.run(noise)  # two values in TF1, one eagerly

        def on_a_graph(graph, t):
            with tf.Session(graph=graph) as sess:
                return sess.run(t)

        def kept(t):
            with tf.Session() as sess:
                value = sess.run(t)
            return value, sess

        def restored(saver, t):
            with tf.Session() as sess:
                saver.restore(sess, "model.ckpt")
                return sess.run(t)
    """, RULE)


def test_not_where_the_function_builds_a_graph():
    assert_unchanged("""
        import tensorflow as tf
        import keras

        def train(loss):
            train_op = tf.train.AdamOptimizer(0.1).minimize(loss)
            with tf.Session() as sess:
                return sess.run(train_op)

        def fed_later():
            x = tf.placeholder(tf.float32)
            with tf.Session() as sess:
                return sess.run(x * 2)
    """, RULE)


def test_not_in_a_program_that_turns_eager_execution_off():
    assert_unchanged("""
        import tensorflow as tf
        tf.compat.v1.disable_eager_execution()

        def value(t):
            with tf.compat.v1.Session() as sess:
                return sess.run(t)
    """, RULE)


def test_a_test_reading_a_metric_value():
    # danieljl/keras-image-captioning keras_image_captioning/metrics_test.py:94
    assert_rewrites("""
        import numpy as np
        import tensorflow as tf

        def _assert_accuracy(accuracy_expected, y_true_np, y_pred_np):
            # the metric on constants
            with tf.Session() as session:
                y_true = tf.constant(y_true_np)
                y_pred = tf.constant(y_pred_np)

                result = categorical_accuracy(y_true, y_pred)
                accuracy = session.run(result)
                np.testing.assert_almost_equal(accuracy, accuracy_expected)
    """, """
        import numpy as np
        import tensorflow as tf

        def _assert_accuracy(accuracy_expected, y_true_np, y_pred_np):
            # the metric on constants
            y_true = tf.constant(y_true_np)
            y_pred = tf.constant(y_pred_np)

            result = categorical_accuracy(y_true, y_pred)
            accuracy = tf.nest.map_structure(lambda t: t.numpy(), result)
            np.testing.assert_almost_equal(accuracy, accuracy_expected)
    """, RULE)


def test_a_variable_initialized_in_the_block():
    assert_rewrites("""
        import tensorflow as tf

        def initialized(a):
            v = tf.Variable(a)
            with tf.Session() as sess:
                # TF1 needed this
                sess.run(tf.global_variables_initializer())
                return sess.run(v)
    """, """
        import tensorflow as tf

        def initialized(a):
            v = tf.Variable(a)
            # TF1 needed this
            return tf.nest.map_structure(lambda t: t.numpy(), v)
    """, RULE)


def test_the_values_read_eagerly_are_what_session_run_gave():
    before = """
        import tensorflow as tf

        def values(a):
            with tf.Session() as sess:
                x = tf.constant(a)
                one = sess.run(tf.reduce_sum(x))
                pair = sess.run([x * 2, {"m": tf.reduce_max(x)}])
            return one, pair
    """
    after, _ = rewrite(before, RULE)
    assert "Session" not in after
    scope: dict = {}
    exec(compile(after, "example.py", "exec"), scope)  # noqa: S102 - the test's own snippet
    one, pair = scope["values"](np.array([1.0, 2.0]))
    assert isinstance(one, np.float64 | np.ndarray | np.floating) and float(one) == 3.0
    assert isinstance(pair, list) and isinstance(pair[0], np.ndarray) and isinstance(pair[1], dict)
    np.testing.assert_array_equal(pair[0], [2.0, 4.0])
    assert float(pair[1]["m"]) == 2.0


def test_bound_sessions_that_do_more_than_read_values_stay():
    assert_unchanged("""
        import tensorflow as tf
        import keras.backend as K

        def fed(x, y, value):
            sess = tf.Session()
            return sess.run(y, feed_dict={x: value})

        def restored(saver, t):
            sess = tf.Session()
            saver.restore(sess, "model.ckpt")
            return sess.run(t)

        def configured(config, t):
            sess = tf.Session(config=config)
            return sess.run(t)

        def installed(t):
            sess = tf.Session()
            K.set_session(sess)
            return sess.run(t)

        def twice(noise):
            sess = tf.Session()
            return sess.run(noise), sess.run(noise)

        def graph_ops(loss):
            sess = tf.Session()
            sess.run(tf.global_variables_initializer())
            return sess.run(tf.train.AdamOptimizer(0.1).minimize(loss))

        def fed_once(x, y, value):
            return K.get_session().run(y, feed_dict={x: value})

        def read_twice(noise):
            sess = K.get_session()
            return noise.eval(session=sess), sess.run(noise)
    """, RULE)


def test_a_module_check_through_a_bound_session():
    # yizt/keras-faster-rcnn faster_rcnn/layers/target.py:372 and utils/tf_utils.py:162
    assert_rewrites("""
        import tensorflow as tf

        def main():
            # the session
            sess = tf.Session()
            x = tf.Variable(3.0)
            sess.run(tf.global_variables_initializer())
            print(sess.run(x))
            print(sess.run(tf.maximum(x, 2.0)))

        if __name__ == '__main__':
            session = tf.Session()
            print(session.run(tf.shape(tf.zeros([2, 3]))))
    """, """
        import tensorflow as tf

        def main():
            # the session
            x = tf.Variable(3.0)
            print(tf.nest.map_structure(lambda t: t.numpy(), x))
            print(tf.nest.map_structure(lambda t: t.numpy(), tf.maximum(x, 2.0)))

        if __name__ == '__main__':
            print(tf.nest.map_structure(lambda t: t.numpy(), tf.shape(tf.zeros([2, 3]))))
    """, RULE)


def test_a_value_read_through_keras_session():
    # danieljl/keras-image-captioning keras_image_captioning/word_vectors.py:27
    assert_rewrites("""
        from keras import backend as K

        def initial(initializer, shape):
            inits = initializer(shape=shape)
            return K.get_session().run(inits)
    """, """
        from keras import backend as K
        import keras

        def initial(initializer, shape):
            inits = initializer(shape=shape)
            return keras.tree.map_structure(keras.ops.convert_to_numpy, inits)
    """, RULE)


def test_a_session_of_tensorflow_through_keras_backend():
    # `K.tf.Session()` is TensorFlow's Session (Keras 2's backend re-exported the module): `names.resolve` reads it so
    # for every rule, which found it only where a rule unwrapped `K.tf` itself
    assert_rewrites("""
        from keras import backend as K

        sess = K.tf.Session()
        print(sess.run(K.tf.constant(1)))
    """, """
        from keras import backend as K

        print(K.tf.nest.map_structure(lambda t: t.numpy(), K.tf.constant(1)))
    """, RULE)


def test_values_read_through_bound_and_keras_sessions_are_what_session_run_gave():
    before = """
        import tensorflow as tf
        from keras import backend as K

        def values(a):
            sess = tf.Session()
            v = tf.Variable(a)
            sess.run(tf.global_variables_initializer())
            return sess.run([v * 2, {"m": tf.reduce_max(v)}])

        def total(a):
            return K.get_session().run(tf.reduce_sum(tf.constant(a)))
    """
    after, _ = rewrite(before, RULE)
    assert "Session" not in after and "get_session" not in after
    scope: dict = {}
    exec(compile(after, "example.py", "exec"), scope)  # noqa: S102 - the test's own snippet
    pair, total = scope["values"](np.array([1.0, 2.0])), scope["total"](np.array([1.0, 2.0]))
    np.testing.assert_array_equal(pair[0], [2.0, 4.0])
    assert isinstance(pair[0], np.ndarray) and float(pair[1]["m"]) == 2.0
    assert isinstance(total, np.ndarray | np.floating) and float(total) == 3.0


def test_tensors_evaluated_in_keras_session_asked_for_inline():
    # rizkiarm/LipNet lipnet/core/decoders.py:27
    assert_rewrites("""
        from keras import backend as K

        def decode(y_pred, input_length):
            decoded = decoder(y_pred, input_length)
            paths = [path.eval(session=K.get_session()) for path in decoded[0]]
            logprobs = decoded[1].eval(K.get_session())
            return paths, logprobs
    """, """
        from keras import backend as K
        import keras

        def decode(y_pred, input_length):
            decoded = decoder(y_pred, input_length)
            paths = [keras.ops.convert_to_numpy(path) for path in decoded[0]]
            logprobs = keras.ops.convert_to_numpy(decoded[1])
            return paths, logprobs
    """, RULE)


def test_a_tensor_evaluated_inline_is_what_eval_gave():
    before = """
        import tensorflow as tf
        from keras import backend as K

        def total(a):
            return tf.reduce_sum(tf.constant(a)).eval(session=K.get_session())
    """
    after, _ = rewrite(before, RULE)
    assert "get_session" not in after
    scope: dict = {}
    exec(compile(after, "example.py", "exec"), scope)  # noqa: S102 - the test's own snippet
    total = scope["total"](np.array([1.0, 2.5]))
    assert isinstance(total, np.ndarray | np.floating) and float(total) == 3.5


def test_a_loss_read_through_keras_bound_session():
    # oarriaga/SSD-keras src/utils/tests/test_loss.py:36
    assert_rewrites("""
        from keras import backend as K

        output_1 = K.variable(output_1)
        loss = compute_loss(output_1)
        session = K.get_session()
        keras_loss = loss.eval(session=session)
        print(session.run(output_1), output_2.eval(session))
    """, """
        from keras import backend as K
        import keras

        output_1 = K.variable(output_1)
        loss = compute_loss(output_1)
        keras_loss = keras.ops.convert_to_numpy(loss)
        print(keras.tree.map_structure(keras.ops.convert_to_numpy, output_1), keras.ops.convert_to_numpy(output_2))
    """, RULE)


def test_tensors_read_through_an_interactive_session():
    # rcdilorenzo/abfs abfs/keras/u_net.py:213
    assert_rewrites("""
        import tensorflow as tf

        def scores(tolerances, combined):
            tf.InteractiveSession()
            return f1_scores(tf.constant(tolerances, tf.float32), tf.stack(combined)).eval()

        def bound(a):
            sess = tf.InteractiveSession()
            x = tf.constant(a)
            return sess.run(x * 2), tf.reduce_sum(x).eval()
    """, """
        import tensorflow as tf
        import keras

        def scores(tolerances, combined):
            return keras.ops.convert_to_numpy(f1_scores(tf.constant(tolerances, tf.float32), tf.stack(combined)))

        def bound(a):
            x = tf.constant(a)
            return tf.nest.map_structure(lambda t: t.numpy(), x * 2), keras.ops.convert_to_numpy(tf.reduce_sum(x))
    """, RULE)
    assert_unchanged("""
        import tensorflow as tf

        def fed(x, y, value):
            tf.InteractiveSession()
            return y.eval(feed_dict={x: value}), x.eval()

        def fed_bound(x, y, value):
            sess = tf.InteractiveSession()
            return y.eval(feed_dict={x: value}), sess.run(x)

        def twice(noise):
            tf.InteractiveSession()
            return noise.eval(), noise.eval()
    """, RULE)


def test_tensors_evaluated_in_the_block_of_a_session():
    # yanhann10/deep_learning_use_cases face_recognition_keras/Face_Recognition_v3a.ipynb (deeplearning.ai's course)
    assert_rewrites("""
        import tensorflow as tf

        with tf.Session() as test:
            y_pred = (tf.constant([1.0]), tf.constant([2.0]))
            loss = triplet_loss(None, y_pred)
            print("loss = " + str(loss.eval()))
    """, """
        import tensorflow as tf
        import keras

        y_pred = (tf.constant([1.0]), tf.constant([2.0]))
        loss = triplet_loss(None, y_pred)
        print("loss = " + str(keras.ops.convert_to_numpy(loss)))
    """, RULE)
    assert_unchanged("""
        import tensorflow as tf

        with tf.Session() as test:
            print(y.eval(feed_dict={x: 1.0}), z.eval())
    """, RULE)
