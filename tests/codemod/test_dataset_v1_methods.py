"""dataset_v1_methods: must-not-change cases first, then before/after, then the rewritten scripts run by TF 2."""

import textwrap

import numpy as np

from tests.codemod.helpers import assert_rewrites, assert_unchanged, legacy37, probe_under_both, rewrite

RULE = "dataset_v1_methods"


def test_other_receivers_and_tensorflow_s_own_names_stay():
    assert_unchanged("""
        import tensorflow as tf

        shapes = layer.output_shapes  # a word of anyone's: no output_types read on it
        it = reader.make_one_shot_iterator(files)  # TF 1's took no argument
        spec = tf.compat.v1.data.Iterator.output_types
        it = tf.compat.v1.data.make_one_shot_iterator(ds)

        class Evaluation:  # MarcBS/multimodal_keras_wrapper's callbacks: attributes of its own
            def __init__(self, output_types, data):
                self.output_types = output_types
                print(self.output_types)
                data.output_types, data.output_classes = output_types, None
                del data.output_types
    """, RULE)


def test_iterators_and_structure_come_from_compat_v1_functions():
    # GuillaumeMougeot/DogFaceNet tmp/dogfacenet_v1.py (forty-ninth hold-out): a reinitializable iterator
    assert_rewrites("""
        import tensorflow as tf

        data_train = data_train.shuffle(1000).batch(BATCH_SIZE)
        iterator = tf.data.Iterator.from_structure(data_train.output_types, data_train.output_shapes)
        one = dataset.make_one_shot_iterator().get_next()
        init = dataset.make_initializable_iterator(shared_name="it")
        classes = dataset.output_classes
    """, """
        import tensorflow as tf

        data_train = data_train.shuffle(1000).batch(BATCH_SIZE)
        iterator = tf.data.Iterator.from_structure(tf.compat.v1.data.get_output_types(data_train), tf.compat.v1.data.get_output_shapes(data_train))
        one = tf.compat.v1.data.make_one_shot_iterator(dataset).get_next()
        init = tf.compat.v1.data.make_initializable_iterator(dataset, shared_name="it")
        classes = tf.compat.v1.data.get_output_classes(dataset)
    """, RULE)


def test_a_module_without_tensorflow_imported_gets_it():
    assert_rewrites("""
        def batches(dataset):
            return dataset.make_one_shot_iterator()
    """, """
        import tensorflow

        def batches(dataset):
            return tensorflow.compat.v1.data.make_one_shot_iterator(dataset)
    """, RULE)


GRAPH_PROBE = textwrap.dedent("""
    import sys
    import numpy as np
    import tensorflow as tf

    x = np.load(sys.argv[1])["x"]
    dataset = tf.data.Dataset.from_tensor_slices(x).batch(2)
    types, shapes = dataset.output_types, dataset.output_shapes
    with tf.Session() as sess:
        first = sess.run(dataset.make_one_shot_iterator().get_next())
    np.savez(sys.argv[2], first=first, rank=np.array(len(shapes)), float=np.array(types == tf.float32))
    print("ok")
""")


def test_a_one_shot_iterator_gives_what_tf_1_15_gave_in_a_graph_program(tmp_path):
    rng = np.random.default_rng(3)
    data = tmp_path / "data.npz"
    np.savez(data, x=rng.normal(size=(5, 3)).astype("float32"))
    probe = tmp_path / "probe.py"
    probe.write_text(GRAPH_PROBE)
    _, target = probe_under_both(legacy37(), probe, data, tmp_path, ("first", "rank", "float"))
    assert "make_one_shot_iterator(dataset)" in target.read_text()


def test_a_one_shot_iterator_runs_eagerly():
    """Outside a graph program the rewritten calls run eagerly: the iterator gives the first batch, the structure is
    the dataset's."""
    import tensorflow as tf

    got, _ = rewrite("""
        import numpy as np
        import tensorflow as tf

        dataset = tf.data.Dataset.from_tensor_slices(np.arange(6.0)).batch(4)
        first = dataset.make_one_shot_iterator().get_next()
        kinds = dataset.output_types
    """, RULE)
    space: dict = {}
    exec(compile(textwrap.dedent(got), "rewritten.py", "exec"), space)  # noqa: S102 - the test's own code
    np.testing.assert_array_equal(space["first"].numpy(), [0.0, 1.0, 2.0, 3.0])
    assert space["kinds"] == tf.float64
