"""session_variable_values: must-not-change cases first, then before/after, then TF1's load/eval against what
they become."""

import numpy as np

from tests.codemod.helpers import assert_rewrites, assert_unchanged, rewrite

RULE = "session_variable_values"


def test_a_session_used_for_more_and_a_projects_own_get_session_stay():
    assert_unchanged("""
        from keras import backend as K
        from myproject import get_session

        def on_epoch_begin(self, epoch, logs=None):
            sess = K.get_session()
            self.model.beta.load(0.5, sess)
            sess.run(self.update)

        def own(self):
            sess = get_session()
            self.model.beta.load(0.5, sess)
    """, RULE)
    _, findings = rewrite("""
        from keras import backend as K

        def on_epoch_begin(self, epoch, logs=None):
            sess = K.get_session()
            self.model.beta.load(0.5, sess)
            sess.run(self.update)
    """)
    assert [(f.line, f.rule) for f in findings if not f.advice] == [(5, "tf1_session_code")]


def test_a_session_only_loading_and_reading_variables_goes():
    # uzh-rpg/rpg_public_dronet log_utils.py:28 and :50 (loss weights changed between epochs)
    findings = assert_rewrites("""
        import numpy as np
        from keras import backend as K

        class MyCallback(keras.callbacks.Callback):
            def on_epoch_begin(self, epoch, logs=None):

                # Decrease weight for binary cross-entropy loss
                sess = K.get_session()
                self.model.beta.load(np.maximum(0.0, 1.0-np.exp(-1.0/10.0*(epoch-10))), sess)
                self.model.alpha.load(1.0, sess)

                print(self.model.alpha.eval(sess))
                print(self.model.beta.eval(session=sess))

            def on_epoch_end(self, epoch, logs={}):
                if logs:
                    sess = K.get_session()
    """, """
        import numpy as np
        from keras import backend as K
        import keras

        class MyCallback(keras.callbacks.Callback):
            def on_epoch_begin(self, epoch, logs=None):

                # Decrease weight for binary cross-entropy loss
                self.model.beta.assign(np.maximum(0.0, 1.0-np.exp(-1.0/10.0*(epoch-10))))
                self.model.alpha.assign(1.0)

                print(keras.ops.convert_to_numpy(self.model.alpha))
                print(keras.ops.convert_to_numpy(self.model.beta))

            def on_epoch_end(self, epoch, logs={}):
                if logs:
                    pass
    """, RULE)
    assert findings == []


def test_load_and_eval_in_a_tf1_session_did_what_assign_and_convert_to_numpy_do():
    import keras
    import tensorflow as tf

    values = {"float32": np.maximum(0.0, 1.0 - np.exp(-1.0 / 10.0 * (25 - 10))), "int32": int(np.round(17.6))}
    graph = tf.Graph()
    with graph.as_default():
        variables = {dtype: tf.compat.v1.Variable(1, trainable=False, dtype=dtype) for dtype in values}
        with tf.compat.v1.Session(graph=graph) as sess:
            sess.run(tf.compat.v1.global_variables_initializer())
            for dtype, value in values.items():
                variables[dtype].load(value, sess)
            loaded = {dtype: variable.eval(sess) for dtype, variable in variables.items()}
    for dtype, value in values.items():
        variable = tf.Variable(1, trainable=False, dtype=dtype)
        variable.assign(value)
        got = keras.ops.convert_to_numpy(variable)
        assert got.dtype == loaded[dtype].dtype and got == loaded[dtype], dtype
    assert loaded["float32"] != 1 and loaded["int32"] == 18
