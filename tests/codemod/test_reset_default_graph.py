"""reset_default_graph: TF1's graph reset -> Keras 3's clear_session where Keras is used, else compat.v1's."""

from __future__ import annotations

from pathlib import Path

from tests.codemod.helpers import assert_rewrites, assert_unchanged, legacy37, probe_under_both, rewrite

RULE = "reset_default_graph"
SCRIPTS = Path(__file__).parent / "scripts"


def test_in_a_keras_module_the_graph_reset_is_keras_clear_session():
    # matterport Mask_RCNN mrcnn/parallel_model.py (and its copies): the reset before a model is built
    assert_rewrites("""
        import tensorflow as tf
        import tensorflow.keras.layers as KL

        def build_model():
            tf.reset_default_graph()
            return KL.Dense(2)
    """, """
        import tensorflow as tf
        import tensorflow.keras.layers as KL

        def build_model():
            tf.keras.backend.clear_session()
            return KL.Dense(2)
    """, RULE)


def test_through_keras_2_backend_tf_too():
    assert_rewrites("""
        from keras import backend as K

        K.tf.reset_default_graph()
    """, """
        from keras import backend as K

        K.clear_session()
    """, RULE)


def test_in_an_eager_module_without_keras_it_is_compat_v1s():
    assert_rewrites("""
        import tensorflow as tf

        def test_steps():
            tf.reset_default_graph()
            assert tf.reduce_sum(tf.ones(3)) == 3
    """, """
        import tensorflow as tf

        def test_steps():
            tf.compat.v1.reset_default_graph()
            assert tf.reduce_sum(tf.ones(3)) == 3
    """, RULE)


def test_a_graph_program_is_left_to_tf1_graph_program():
    source = """
        import tensorflow as tf

        tf.reset_default_graph()
        x = tf.placeholder(tf.float32)
    """
    assert_unchanged(source, RULE)
    got, _ = rewrite(source)
    assert "tf.compat.v1.reset_default_graph()" in got and "tf.compat.v1.disable_eager_execution()" in got


def test_not_where_a_mixed_precision_policy_is_set_nor_with_arguments():
    # clear_session resets Keras 3's dtype policy, which TF1's graph reset left alone
    assert_unchanged("""
        import tensorflow as tf
        from tensorflow.keras import mixed_precision

        mixed_precision.set_global_policy('mixed_float16')
        tf.reset_default_graph()
    """, RULE)
    assert_unchanged("""
        import tensorflow as tf
        import keras

        tf.compat.v1.reset_default_graph()
        other.reset_default_graph()
    """, RULE)


def test_keras_2_restarted_layer_names_with_the_graph_and_keras_3_does_after_the_rewrite(tmp_path):
    got, target = probe_under_both(legacy37(), SCRIPTS / "reset_default_graph_probe.py", tmp_path / "none", tmp_path,
                                   ("same_names", "predictions"))
    assert got["same_names"] and "tf.keras.backend.clear_session()" in target.read_text()


def test_no_keras_import_is_added_where_the_file_reads_keras_unbound():
    # tsing-cv/tf.keras_Mask_rcnn parallel_model.py reads `keras.optimizers.SGD(lr=...)` with no `keras` bound: an
    # `import keras` written in would make a second run rewrite that call
    assert_rewrites("""
        import tensorflow as tf

        def build_model():
            tf.reset_default_graph()
            return tf.keras.layers.Dense(2)
        optimizer = keras.optimizers.SGD(lr=0.01)
    """, """
        import tensorflow as tf

        def build_model():
            tf.keras.backend.clear_session()
            return tf.keras.layers.Dense(2)
        optimizer = keras.optimizers.SGD(lr=0.01)
    """)
