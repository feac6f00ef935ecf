"""session_initializers: must-not-change cases first, then before/after."""

from tests.codemod.helpers import assert_rewrites, assert_unchanged

RULE = "session_initializers"


def test_a_session_that_does_anything_else_stays():
    assert_unchanged("""
        import tensorflow as tf
        from keras import backend as K

        sess = K.get_session()
        sess.run(tf.global_variables_initializer())
        print(sess.run(y, feed_dict={x: 1}))
    """, RULE)
    # the initializer is read elsewhere; a session made with a config; a project's own run()
    assert_unchanged("""
        import tensorflow as tf
        from keras import backend as K

        def build():
            sess = K.get_session()
            init_op = tf.global_variables_initializer()
            sess.run(init_op)
            return init_op

        def configured(config):
            sess = tf.Session(config=config)
            sess.run(tf.global_variables_initializer())

        def mine(runner):
            sess = runner.session()
            sess.run(tf.global_variables_initializer())
    """, RULE)


def test_initializing_the_uninitialized_variables_goes():
    # CyberZHG/keras-bert demo/tune/keras_bert_classification_tpu.ipynb, cell 9
    findings = assert_rewrites("""
        import tensorflow as tf
        import tensorflow.keras.backend as K

        sess = K.get_session()
        uninitialized_variables = set([i.decode('ascii') for i in sess.run(tf.report_uninitialized_variables())])
        init_op = tf.variables_initializer(
            [v for v in tf.global_variables() if v.name.split(':')[0] in uninitialized_variables]
        )
        sess.run(init_op)
    """, """
        import tensorflow as tf
        import tensorflow.keras.backend as K
    """)
    assert not [finding for finding in findings if not finding.advice]


def test_a_function_that_initializes_in_its_own_session_or_keras_one():
    assert_rewrites("""
        import tensorflow as tf
        from keras import backend as K

        def build(model):
            sess = K.get_session()
            sess.run(tf.global_variables_initializer())
            sess.run(tf.local_variables_initializer())
            return model

        def tables():
            session = tf.Session()
            session.run(tf.tables_initializer())
    """, """
        import tensorflow as tf
        from keras import backend as K

        def build(model):
            return model

        def tables():
            pass
    """, RULE)
