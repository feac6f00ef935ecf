"""tf1_session_code: reports only; nothing is rewritten."""

from tests.codemod.helpers import assert_unchanged

RULE = "tf1_session_code"


def test_tf2_code_is_not_reported():
    assert assert_unchanged("""
        import tensorflow as tf
        gpus = tf.config.list_physical_devices("GPU")
        session = requests.Session()
    """, RULE) == []


def test_session_code_is_reported_with_replacements():
    findings = assert_unchanged("""
        import tensorflow as tf
        from keras import backend as K

        config = tf.ConfigProto()
        config.gpu_options.allow_growth = True
        K.set_session(tf.Session(config=config))
        sess = tf.compat.v1.Session()
    """, RULE)
    messages = [f.message for f in findings]
    assert [f.line for f in findings] == [5, 7, 7, 8]
    assert "set_memory_growth" in messages[0] and "eagerly" in messages[2]


def test_a_name_bound_to_tf_and_to_compat_v1_is_a_leftover_on_every_run():
    # david8862/keras-YOLOv3-model-set eval.py: `import tensorflow as tf` at the top, `import tensorflow.compat.v1
    # as tf` under a version check; tf.Session was advice or a leftover depending on the run's set order.
    source = """
        import tensorflow as tf

        def predict(model):
            with tf.Session(graph=model) as sess:
                return sess

        if tf.__version__.startswith('2'):
            import tensorflow.compat.v1 as tf
    """
    findings = assert_unchanged(source, RULE)
    assert [(f.line, f.advice) for f in findings] == [(5, False)]
    assert findings[0].message.startswith("tensorflow.Session is TF1-only")


def test_compat_v1_keras_set_session_is_a_leftover():
    # experiencor/keras-yolo3 train.py: tf.compat.v1.keras is Keras 3 under TF 2.16+, with no set_session
    import tensorflow as tf
    assert not hasattr(tf.compat.v1.keras.backend, "set_session")
    findings = assert_unchanged("""
        import tensorflow as tf
        tf.compat.v1.keras.backend.set_session(session)
    """, RULE)
    assert [(f.line, f.advice) for f in findings] == [(3, False)]


def test_get_session_is_reported_with_what_it_was_for():
    # xuannianz/EfficientDet freeze_model.py, robmsmt/KerasDeepSpeech mobile/iOS/create_pb.py: a frozen graph
    frozen = assert_unchanged("""
        from keras import backend as K
        from tensorflow.python.framework import graph_util

        sess = K.get_session()
        constant_graph = graph_util.convert_variables_to_constants(sess, sess.graph.as_graph_def(), names)
    """, RULE)
    assert len(frozen) == 1 and "model.export(path)" in frozen[0].message and \
        "tf.saved_model.save" in frozen[0].message
    # nalnez13/Keras-Object-Detector models/Head.py: FLOPs of the session's graph
    profiled = assert_unchanged("""
        from keras import backend as K
        flops = tf.profiler.profile(graph=K.get_session().graph, run_meta=tf.RunMetadata(), cmd='op')
    """, RULE)
    assert "get_concrete_function" in profiled[0].message
    # qqwweee/keras-yolo3 yolo.py: a session run with placeholders fed
    fed = assert_unchanged("""
        from keras import backend as K
        sess = K.get_session()
        out = sess.run([boxes], feed_dict={image: data})
    """, RULE)
    assert "a call of the model" in fed[0].message
    plain = assert_unchanged("from keras import backend as K\nsess = K.get_session()\n", RULE)
    assert "tensor.numpy()" in plain[0].message
