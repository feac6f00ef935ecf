"""tpu_setup_to_tf2: must-not-change cases first, then before/after."""

import inspect

import tensorflow as tf

from tests.codemod.helpers import assert_rewrites, assert_unchanged, rewrite

RULE = "tpu_setup_to_tf2"


def test_tf2_setup_and_calls_it_cannot_rewrite_faithfully_stay():
    assert_unchanged("""
        import tensorflow as tf

        resolver = tf.distribute.cluster_resolver.TPUClusterResolver(tpu='')
        tf.config.experimental_connect_to_cluster(resolver)
        tf.tpu.experimental.initialize_tpu_system(resolver)
        strategy = tf.distribute.TPUStrategy(resolver)
    """, RULE)
    # steps_per_run= is Keras 3's compile(steps_per_execution=); a resolver that is not a plain name is read twice
    # after the rewrite; a project's own TPUStrategy is not TensorFlow's
    assert_unchanged("""
        import tensorflow as tf
        from myproject.distribute import TPUStrategy

        strategy = tf.contrib.distribute.TPUStrategy(resolver, steps_per_run=100)
        tf.contrib.distribute.initialize_tpu_system(make_resolver())
        mine = TPUStrategy(resolver)
    """, RULE)


def test_tf2_names_written_take_the_arguments_given():
    assert list(inspect.signature(tf.distribute.TPUStrategy).parameters)[0] == "tpu_cluster_resolver"
    assert list(inspect.signature(tf.tpu.experimental.initialize_tpu_system).parameters)[0] == "cluster_resolver"
    assert callable(tf.config.experimental_connect_to_cluster)


def test_colab_tpu_setup():
    # CyberZHG/keras-bert demo/tune/keras_bert_classification_tpu.ipynb, cell 4 (TensorFlow 1.13's Colab TPU setup)
    assert_rewrites("""
        import os
        import tensorflow as tf

        TPU_WORKER = 'grpc://' + os.environ['COLAB_TPU_ADDR']
        resolver = tf.contrib.cluster_resolver.TPUClusterResolver(TPU_WORKER)
        tf.contrib.distribute.initialize_tpu_system(resolver)
        strategy = tf.contrib.distribute.TPUStrategy(resolver)
    """, """
        import os
        import tensorflow as tf

        TPU_WORKER = 'grpc://' + os.environ['COLAB_TPU_ADDR']
        resolver = tf.distribute.cluster_resolver.TPUClusterResolver(TPU_WORKER)
        tf.config.experimental_connect_to_cluster(resolver)
        tf.tpu.experimental.initialize_tpu_system(resolver)
        strategy = tf.distribute.TPUStrategy(resolver)
    """)


def test_keywords_comments_and_a_connection_already_made():
    assert_rewrites("""
        import tensorflow as tf

        def strategy_for(resolver):
            # start the TPUs
            topology = tf.contrib.distribute.initialize_tpu_system(cluster_resolver=resolver)  # once
            return tf.contrib.distribute.TPUStrategy(tpu_cluster_resolver=resolver)
    """, """
        import tensorflow as tf

        def strategy_for(resolver):
            # start the TPUs
            tf.config.experimental_connect_to_cluster(resolver)
            topology = tf.tpu.experimental.initialize_tpu_system(cluster_resolver=resolver)  # once
            return tf.distribute.TPUStrategy(tpu_cluster_resolver=resolver)
    """, RULE)
    assert_rewrites("""
        import tensorflow as tf
        tf.config.experimental_connect_to_cluster(resolver)
        tf.contrib.distribute.initialize_tpu_system(resolver)
    """, """
        import tensorflow as tf
        tf.config.experimental_connect_to_cluster(resolver)
        tf.tpu.experimental.initialize_tpu_system(resolver)
    """, RULE)


def test_the_resolver_is_renamed_in_the_same_run_as_a_table_name_under_contrib():
    """TPUClusterResolver is in TensorFlow's tables; a file whose only TF1 names are under tf.contrib lets the
    table rule in (it did not: the module TF2 lacks is `tf.contrib`, above `cluster_resolver`)."""
    from migrate.codemod.rules.tf1_names_to_tf2 import Tf1NamesToTf2

    text = "import tensorflow as tf\nr = tf.contrib.cluster_resolver.TPUClusterResolver(tpu)\n"
    assert Tf1NamesToTf2.triggered(text.encode())
    assert rewrite(text, "tf1_names_to_tf2")[0] == \
        "import tensorflow as tf\nr = tf.distribute.cluster_resolver.TPUClusterResolver(tpu)\n"
    # TF2's own spelling of two last parts (tf.summary.scalar, tf.nest.flatten) does not let a file in
    assert not Tf1NamesToTf2.triggered(b"import tensorflow as tf\ntf.summary.scalar('a', x)\ny = tf.nest.flatten(x)\n")
