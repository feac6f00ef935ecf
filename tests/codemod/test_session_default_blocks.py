"""session_default_blocks: must-not-change cases first, then before/after, then with the preamble rule after it."""

from tests.codemod.helpers import assert_rewrites, assert_unchanged

RULE = "session_default_blocks"


def test_sessions_used_for_more_than_a_default_stay():
    assert_unchanged("""
        import tensorflow as tf

        def ran(t):
            sess = tf.Session()
            with sess.as_default():
                value = t.eval()
            return sess.run(t), value

        def twice(model, x):
            sess = tf.Session()
            sess = tf.Session()
            with sess.as_default():
                return model.predict(x)

        def named(model, x):
            sess = tf.Session()
            with sess.as_default() as default:
                return model.predict(x), default

        def not_a_session(graph, model, x):
            with graph.as_default():
                return model.predict(x)
    """, RULE)
    assert_unchanged("""
        import tensorflow as tf
        tf.compat.v1.disable_eager_execution()
        sess = tf.compat.v1.Session()
        with sess.as_default():
            print(1)
    """, RULE)


def test_a_default_session_around_a_model():
    # killthekitten/kaggle-carvana-2017 ensemble_gpu.py:60
    assert_rewrites("""
        import tensorflow as tf
        from keras import backend as K

        def predictor(q, gpu, pq):
            config = tf.ConfigProto()
            config.gpu_options.allow_growth = True
            sess = tf.Session(config=config)
            K.set_session(sess)
            # the model on this GPU
            with sess.as_default():
                model = create_model(gpu)
                pq.put(model.predict_on_batch(q.get()))
    """, """
        import tensorflow as tf
        from keras import backend as K

        def predictor(q, gpu, pq):
            config = tf.ConfigProto()
            config.gpu_options.allow_growth = True
            sess = tf.Session(config=config)
            K.set_session(sess)
            # the model on this GPU
            model = create_model(gpu)
            pq.put(model.predict_on_batch(q.get()))
    """, RULE)


def test_with_the_preamble_rule_the_session_goes():
    assert_rewrites("""
        import tensorflow as tf

        def predictor(q, gpu):
            config = tf.ConfigProto()
            config.gpu_options.allow_growth = True
            sess = tf.Session(config=config)
            with sess.as_default():
                model = create_model(gpu)
            return model.predict(q)
    """, """
        import tensorflow as tf

        def predictor(q, gpu):
            for _gpu in tf.config.list_physical_devices('GPU'):
                tf.config.experimental.set_memory_growth(_gpu, True)
            model = create_model(gpu)
            return model.predict(q)
    """, RULE, "memory_growth_preamble")
