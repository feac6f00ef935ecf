"""tf1_names_to_tf2: must-not-change cases first, then before/after, then what is reported."""

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import tensorflow as tf

from migrate.codemod.tf1_policy import CASTS, RENAMES
from tests.codemod.helpers import (
    assert_rewrites,
    assert_unchanged,
    legacy37,
    legacy_env,
    probe_under_both,
    rewrite,
    rewritten_copy,
)

RULE = "tf1_names_to_tf2"
SCRIPTS = Path(__file__).parent / "scripts"


def _exists(dotted: str) -> bool:
    obj = tf
    for part in dotted.split("."):
        if not hasattr(obj, part):
            return False
        obj = getattr(obj, part)
    return True


def test_every_tf2_name_written_exists_in_the_installed_tensorflow_and_the_tf1_one_does_not():
    assert all(_exists(new) for new in RENAMES.values()) and all(_exists(dtype) for dtype in CASTS.values())
    assert not any(_exists(old) for old in [*RENAMES, *CASTS])
    # a version check rebinding tf to compat.v1 gets the same spelling, which exists there too
    assert all(_exists(f"compat.v1.{new}") for new in RENAMES.values())


def test_tf2_code_a_projects_own_names_and_a_default_graph_session_stay():
    assert_unchanged("""
        import tensorflow as tf
        from myproject import gfile

        with gfile.GFile(path) as f:
            pass
        x = tf.cast(y, tf.float32)
        sess = tf.Session()
        s = tf.compat.v1.Session(graph=g)
    """, RULE)


def test_frozen_graph_inference():
    # david8862/keras-YOLOv3-model-set eval.py: load a frozen .pb and run it in a session on that graph
    assert_rewrites("""
        import tensorflow as tf

        def load_graph(model_path):
            with tf.gfile.GFile(model_path, "rb") as f:
                graph_def = tf.GraphDef()
                graph_def.ParseFromString(f.read())
            with tf.Graph().as_default() as graph:
                tf.import_graph_def(graph_def, name="graph")
            return graph

        def predict(model, output_tensors, image_input, image_data):
            with tf.Session(graph=model) as sess:
                return sess.run(output_tensors, feed_dict={image_input: image_data})
    """, """
        import tensorflow as tf

        def load_graph(model_path):
            with tf.io.gfile.GFile(model_path, "rb") as f:
                graph_def = tf.compat.v1.GraphDef()
                graph_def.ParseFromString(f.read())
            with tf.Graph().as_default() as graph:
                tf.import_graph_def(graph_def, name="graph")
            return graph

        def predict(model, output_tensors, image_input, image_data):
            with tf.compat.v1.Session(graph=model) as sess:
                return sess.run(output_tensors, feed_dict={image_input: image_data})
    """, RULE)


def test_casts_and_moved_ops():
    # experiencor/keras-yolo2 frontend.py and backend.py
    assert_rewrites("""
        import tensorflow as tf

        cell_x = tf.to_float(tf.reshape(tf.tile(tf.range(w), [h]), (1, h, w, 1, 1)))
        mask = tf.to_int32(x > 0)
        y = tf.space_to_depth(x, block_size=2)
        tf.train.write_graph(graph_def, "out", "model.pb", as_text=False)
    """, """
        import tensorflow as tf

        cell_x = tf.cast(tf.reshape(tf.tile(tf.range(w), [h]), (1, h, w, 1, 1)), tf.float32)
        mask = tf.cast(x > 0, tf.int32)
        y = tf.nn.space_to_depth(x, block_size=2)
        tf.io.write_graph(graph_def, "out", "model.pb", as_text=False)
    """, RULE)


def test_a_cast_named_keeps_its_name_and_one_tf1_did_not_take_stays_reported():
    # Detecting-diabetic-retinopathy's mnist_dense.py (fifty-ninth hold-out): `tf.to_float(optimizer.lr, name='ToFloat')`
    assert_rewrites("""
        import tensorflow as tf

        a = tf.to_float(lr, name='ToFloat')
        b = tf.to_int64(x=steps)
        c = tf.to_double(v, 'd')
    """, """
        import tensorflow as tf

        a = tf.cast(lr, tf.float32, name='ToFloat')
        b = tf.cast(steps, tf.int64)
        c = tf.cast(v, tf.float64, name='d')
    """, RULE)
    got, findings = rewrite("""
        import tensorflow as tf
        a = tf.to_float(lr, dtype=tf.float16)
        b = tf.to_float(*args)
    """, RULE)
    assert got.count("tf.to_float(") == 2 and [f.line for f in findings] == [3, 4], findings


def test_a_name_bound_to_tf_and_to_compat_v1_gets_a_spelling_for_both():
    assert_rewrites("""
        import tensorflow as tf

        def load(path):
            global tf
            if tf.__version__.startswith('2'):
                import tensorflow.compat.v1 as tf
                tf.disable_eager_execution()
            return tf.GraphDef()
    """, """
        import tensorflow as tf

        def load(path):
            global tf
            if tf.__version__.startswith('2'):
                import tensorflow.compat.v1 as tf
                tf.disable_eager_execution()
            return tf.compat.v1.GraphDef()
    """, RULE)


def test_graph_mode_names_are_reported():
    findings = assert_unchanged("""
        import tensorflow as tf

        x = tf.placeholder(tf.float32)
        saver = tf.train.Saver()
        y = tf.compat.v1.placeholder(tf.float32)
        summary = tf.Summary()
    """, RULE)
    assert [(f.line, f.message.split(" is TF1")[0], f.advice) for f in findings] == [
        (4, "tf.placeholder", False), (5, "tf.train.Saver", False), (7, "tf.Summary", False)]
    assert "tf.train.Checkpoint" in findings[1].message


def test_a_tf1_name_in_a_branch_only_tensorflow_1_enters_is_advice():
    # xuannianz/EfficientDet eval/pascal.py: the TF1 summary sits under a version check, TF2's in the else
    findings = assert_unchanged("""
        import tensorflow as tf

        if tf.version.VERSION < '2.0.0' and self.tensorboard.writer is not None:
            summary = tf.Summary()
            self.tensorboard.writer.add_summary(summary, epoch)
        else:
            tf.summary.scalar('mAP', self.mean_ap, epoch)
        if tf.__version__.startswith('1.'):
            saver = tf.train.Saver()
    """, RULE)
    assert [(f.line, f.advice) for f in findings] == [(5, True), (10, True)]
    assert "only TensorFlow 1 enters" in findings[0].message


def test_a_tf1_name_under_any_other_test_or_in_the_else_is_a_leftover():
    findings = assert_unchanged("""
        import tensorflow as tf
        from mylib import version

        if tf.version.VERSION >= '2.0.0':
            summary = tf.Summary()
        if version.VERSION < '2.0.0' or ready:
            saver = tf.train.Saver()
        if tf.version.VERSION < '2.0.0':
            pass
        else:
            x = tf.placeholder(tf.float32)
        if tf.version.VERSION < '2.0.0' or ready:
            y = tf.placeholder(tf.float32)
    """, RULE)
    assert [(f.line, f.advice) for f in findings] == [(6, False), (8, False), (12, False), (14, False)]


def test_the_session_rule_then_sees_compat_v1_as_advice():
    _, findings = rewrite("""
        import tensorflow as tf
        import keras  # a Keras-free module is a graph program (tf1_graph_program), whose sessions are not advice
        sess = tf.Session(graph=g)
    """)
    assert [(f.rule, f.advice) for f in findings if "Session" in f.message] == [("tf1_session_code", True)]


def test_a_debugging_print_on_the_loss_becomes_tf_print():
    # experiencor/keras-yolo3 yolo.py, experiencor/keras-yolo2 frontend.py
    findings = assert_rewrites("""
        import tensorflow as tf

        def loss(y_true, y_pred):
            loss = tf.reduce_sum(y_pred)
            loss = tf.Print(loss, [grid_h, avg_obj], message='avg_obj \\t\\t', summarize=1000)
            current_recall = tf.Print(current_recall, values)
            other = tf.Print(loss, [loss])
            return loss
    """, """
        import tensorflow as tf

        def loss(y_true, y_pred):
            loss = tf.reduce_sum(y_pred)
            tf.print('avg_obj \\t\\t', grid_h, avg_obj, summarize=1000)
            tf.print(*values)
            other = tf.compat.v1.Print(loss, [loss])
            return loss
    """, RULE)
    assert findings == []


def test_tf_print_inside_an_expression_is_compat_v1s_op_which_runs_eagerly_too():
    # leosampaio/keras-generative models/layers.py, abracadabrac/keras_attention_c: the printed tensor is returned, or
    # passed on in a lambda; compat.v1's Print is TF1's op, which prints and returns its input eagerly, in a
    # tf.function and in a Keras 3 Lambda alike (the probe below prints TF 1.15's lines)
    assert_rewrites("""
        import tensorflow as tf
        from keras import backend as K

        def _tensor_shape(input):
            return K.tf.Print(input, [input.shape])
        tfPrint = lambda d, T: tf.Print(input_=T, data=[T, tf.shape(T)], message=d, first_n=2)
    """, """
        import tensorflow as tf
        from keras import backend as K

        def _tensor_shape(input):
            return K.tf.compat.v1.Print(input, [input.shape])
        tfPrint = lambda d, T: tf.compat.v1.Print(input_=T, data=[T, tf.shape(T)], message=d, first_n=2)
    """, RULE)


def test_a_function_that_builds_and_returns_a_session_for_set_session():
    # keras-retinanet's train.py, GlassyWing/text-detection-ocr's utils.py: the session goes to K.set_session alone
    # (the leftover there), in the same file or another of the run; a config option TF2 has no call for keeps
    # memory_growth_preamble out
    findings = assert_rewrites("""
        import tensorflow as tf
        from keras import backend as K

        def get_session():
            config = tf.ConfigProto()
            config.gpu_options.visible_device_list = '0'
            return tf.Session(config=config)

        def main():
            K.set_session(get_session())
    """, """
        import tensorflow as tf
        from keras import backend as K

        def get_session():
            config = tf.compat.v1.ConfigProto()
            config.gpu_options.visible_device_list = '0'
            return tf.compat.v1.Session(config=config)

        def main():
            K.set_session(get_session())
    """)
    assert [(f.line, f.rule, f.advice) for f in findings if "ession" in f.message] == \
        [(8, "tf1_session_code", True), (11, "tf1_session_code", False)]


def test_a_returned_session_run_by_its_receiver_is_reported():
    # danieljl/keras-image-captioning losses_test.py: a pytest fixture whose tests call session.run(tensor); a
    # compat.v1 session's default graph is empty under TF2 (the file uses Keras, so eager execution stays on).
    # Likewise a caller that runs tensors with it, and a function no line of the run calls.
    for source in ("""
        import keras
        import pytest
        import tensorflow as tf

        @pytest.fixture
        def session():
            return tf.Session()

        def test_sum(session):
            assert session.run(keras.ops.sum(tf.constant([1.0, 2.0]))) == 3.0
    """, """
        import keras
        import tensorflow as tf

        def get_session():
            return tf.Session()

        def main():
            sess = get_session()
            print(sess.run(keras.ops.sum(tf.constant([1.0, 2.0]))))
    """, """
        import keras
        import tensorflow as tf

        def get_session():
            return tf.Session()
    """):
        findings = assert_unchanged(source)
        assert [(f.line, f.rule, f.advice) for f in findings if "Session" in f.message] == \
            [(source.count("\n", 0, source.index("tf.Session")) + 1, "tf1_session_code", False)]


def test_a_returned_session_kept_runs_and_a_reported_one_failed_under_tensorflow_2(tmp_path):
    # What the old rewrite made of the fixture fails on TF2; the set_session factory's compat.v1 session is made.
    script = tmp_path / "script.py"
    script.write_text(textwrap.dedent("""
        import tensorflow as tf

        def session():
            return tf.compat.v1.Session()

        def get_session():
            config = tf.compat.v1.ConfigProto()
            config.gpu_options.visible_device_list = '0'
            return tf.compat.v1.Session(config=config)

        get_session()
        try:
            session().run(tf.reduce_sum(tf.constant([1.0, 2.0])))
        except RuntimeError as error:
            print(error)
    """))
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=300,
                          env={**os.environ, "TF_CPP_MIN_LOG_LEVEL": "3"})
    assert done.returncode == 0, done.stderr
    assert "graph is empty" in done.stdout


def test_initializing_variables_through_the_keras_session_goes():
    # david8862/keras-YOLOv3-model-set yolo2/postprocess.py
    findings = assert_rewrites("""
        import tensorflow as tf
        from tensorflow.keras import backend as K

        def postprocess(boxes, scores, max_boxes):
            max_boxes_tensor = K.constant(max_boxes, dtype='int32')
            K.get_session().run(tf.variables_initializer([max_boxes_tensor]))
            return tf.image.non_max_suppression(boxes, scores, max_boxes_tensor)

        def only():
            K.get_session().run(tf.global_variables_initializer())
    """, """
        import tensorflow as tf
        from tensorflow.keras import backend as K

        def postprocess(boxes, scores, max_boxes):
            max_boxes_tensor = K.constant(max_boxes, dtype='int32')
            return tf.image.non_max_suppression(boxes, scores, max_boxes_tensor)

        def only():
            pass
    """, RULE)
    assert findings == []


def test_a_default_graph_session_beside_import_graph_def_runs_the_frozen_graph_in_compat_v1():
    # xuannianz/EfficientDet inference_frozen_graph.py: a frozen .pb imported into the default graph and run by a
    # tf.Session() made in the same function
    assert_rewrites("""
        import tensorflow as tf

        def main():
            sess = tf.Session()
            graph = get_frozen_graph(model_path)
            tf.import_graph_def(graph, name='')
            boxes = sess.graph.get_tensor_by_name('boxes:0')
            return sess.run([boxes], {'input_1:0': batch})
    """, """
        import tensorflow as tf

        def main():
            sess = tf.compat.v1.Session()
            graph = get_frozen_graph(model_path)
            tf.import_graph_def(graph, name='')
            boxes = sess.graph.get_tensor_by_name('boxes:0')
            return sess.run([boxes], {'input_1:0': batch})
    """, RULE)


def test_a_method_session_counts_its_class_graph_import():
    # the shape of david8862/keras-YOLOv3-model-set deep_sort generate_detections.py's ImageEncoder
    assert_rewrites("""
        import tensorflow as tf

        class ImageEncoder(object):
            def __init__(self, checkpoint_filename):
                self.session = tf.Session()
                self.load(checkpoint_filename)

            def load(self, checkpoint_filename):
                with tf.gfile.GFile(checkpoint_filename, "rb") as file_handle:
                    graph_def = tf.GraphDef()
                    graph_def.ParseFromString(file_handle.read())
                tf.import_graph_def(graph_def, None, None, "")
    """, """
        import tensorflow as tf

        class ImageEncoder(object):
            def __init__(self, checkpoint_filename):
                self.session = tf.compat.v1.Session()
                self.load(checkpoint_filename)

            def load(self, checkpoint_filename):
                with tf.io.gfile.GFile(checkpoint_filename, "rb") as file_handle:
                    graph_def = tf.compat.v1.GraphDef()
                    graph_def.ParseFromString(file_handle.read())
                tf.import_graph_def(graph_def, None, None, "")
    """, RULE)


def test_a_default_graph_session_elsewhere_or_beside_a_projects_own_import_graph_def_stays():
    assert_unchanged("""
        import tensorflow as tf
        from myproject import import_graph_def

        def load():
            tf.import_graph_def(graph_def, name='')

        def main():
            sess = tf.Session()

        def other():
            sess = tf.Session()
            import_graph_def(graph_def, name='')

        def prefixed():  # deep_sort's name="net": TF1 names the operations net/..., eager execution does not
            sess = tf.Session()
            tf.import_graph_def(graph_def, name="net")

        def default_prefix():  # TF1's default prefix is import/
            sess = tf.Session()
            tf.import_graph_def(graph_def)
    """, RULE)


def test_the_rewritten_frozen_graph_inference_runs_under_tensorflow_2(tmp_path):
    # the rewrite's claim: with eager execution on (a fresh process, as the script runs), TF2 imports a GraphDef
    # into the default graph and compat.v1's Session runs it, fed by tensor name, as TF1's did
    graph = tf.Graph()
    with graph.as_default():
        x = tf.compat.v1.placeholder(tf.float32, [None, 3], name="x")
        tf.identity(x * 2.0 + 1.0, name="y")
    (tmp_path / "frozen.pb").write_bytes(graph.as_graph_def().SerializeToString())
    source, _ = rewrite("""
        import tensorflow as tf

        def main():
            sess = tf.Session()
            with tf.gfile.GFile('frozen.pb', 'rb') as f:
                graph_def = tf.GraphDef()
                graph_def.ParseFromString(f.read())
            tf.import_graph_def(graph_def, name='')
            y = sess.graph.get_tensor_by_name('y:0')
            print(tf.executing_eagerly(), sess.run([y], {'x:0': [[1.0, 2.0, 3.0]]})[0].tolist())

        main()
    """)
    (tmp_path / "infer.py").write_text(source)
    run = subprocess.run([sys.executable, "infer.py"], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.split("\n")[-2] == "True [[3.0, 5.0, 7.0]]"


# ---------------------------------------------------------------- TensorFlow's own tf_upgrade_v2 tables


def test_tf_upgrade_v2_tables_keyword_renames_reorders_and_symbols():
    """From tensorflow/tools/compatibility (read as data): keyword renames, positional arguments TF2 reordered
    made keywords, a TF2 name with the same meaning (tf.random.set_seed, tf.math.count_nonzero) before
    tf.compat.v1 (tf.div, whose integer division TF2's divide does not do), and compat.v1 for resize_images
    (TF2's tf.image.resize samples at half-pixel centers: other pixels)."""
    findings = assert_rewrites("""
        import tensorflow as tf
        tf.set_random_seed(1)
        a = tf.div(x, y)
        b = tf.count_nonzero(x, axis=1)
        c = tf.reduce_max(x, reduction_indices=[1], keep_dims=True)
        d = tf.squeeze(x, squeeze_dims=[1])
        e = tf.image.resize_images(img, (3, 3))
        i = tf.argmax(x, 1, "top", dimension=None)
        m = tf.expand_dims(x, dim=1)
    """, """
        import tensorflow as tf
        tf.random.set_seed(1)
        a = tf.compat.v1.div(x, y)
        b = tf.math.count_nonzero(x, axis=1)
        c = tf.reduce_max(x, axis=[1], keepdims=True)
        d = tf.squeeze(x, axis=[1])
        e = tf.compat.v1.image.resize_images(img, (3, 3))
        i = tf.argmax(x, 1, name="top", axis=None)
        m = tf.expand_dims(x, axis=1)
    """, RULE)
    assert findings == []
    assert _exists("random.set_seed") and _exists("math.count_nonzero") and _exists("compat.v1.div")


def test_graph_mode_names_and_conflicting_keywords_are_left_for_the_report():
    assert_unchanged("""
        import tensorflow as tf
        w = tf.get_variable("w", [3])
        x = tf.placeholder_with_default(y, [3])
        h = tf.reduce_sum(x, 1, reduction_indices=[2], axis=1)
        t = tf.random.set_seed(3)
    """, RULE)
    _, findings = rewrite("""
        import tensorflow as tf
        from tensorflow import keras  # a Keras-free module is a graph program (tf1_graph_program)
        w = tf.get_variable("w", [3])
    """)
    assert [(f.line, f.rule) for f in findings] == [(4, "unresolved_api")]
    assert "tf.Variable" in findings[0].message


def test_a_tf1_name_read_rather_than_called_takes_the_tables_tf2_name():
    """voxelmorph's neuron layers.py picks `fft = tf.fft` (tf.fft2d, tf.fft3d) and calls it later; its utils.py
    tests `isinstance(shape, (tf.Dimension, tf.TensorShape))`: only calls were renamed, so both were left
    (AttributeError under TF 2). A name whose calls the tables reorder or rename keywords of, or a graph-mode
    one, is not renamed where it is only read (the call that would need it is not in view)."""
    assert_rewrites("""
        import tensorflow as tf
        from keras import backend as K

        def pick(ndims):
            if ndims == 1:
                return tf.fft
            return tf.fft2d if ndims == 2 else tf.spectral.ifft3d

        def known(v):
            return isinstance(v.shape, (tf.Dimension, tf.TensorShape))
    """, """
        import tensorflow as tf
        from keras import backend as K

        def pick(ndims):
            if ndims == 1:
                return tf.signal.fft
            return tf.signal.fft2d if ndims == 2 else tf.signal.ifft3d

        def known(v):
            return isinstance(v.shape, (tf.compat.v1.Dimension, tf.TensorShape))
    """, RULE)
    assert_unchanged("""
        import tensorflow as tf
        from keras import backend as K
        make = tf.placeholder
        arg = tf.arg_max
        seed = tf.random.set_seed
    """, RULE)
    # TF 1.15's tf.fft2d and tf.ifft on this input (legacy stack)
    x = (np.arange(8, dtype="float32").reshape(2, 4) +
         1j * np.array([[0, 1, 0, -1], [2, 0, 1, 0]], dtype="float32")).astype("complex64")
    np.testing.assert_allclose(tf.signal.fft2d(x).numpy(), [[28 + 3j, -2 + 5j, -4 + 3j, -6 - 3j],
                                                            [-16 - 3j, 2 - 1j, 0 - 3j, -2 - 1j]], atol=1e-5)
    np.testing.assert_allclose(tf.signal.ifft(x).numpy(), [[1.5, -1 - 0.5j, -0.5, 0.5j],
                                                           [5.5 + 0.75j, -0.5 - 0.25j, -0.5 + 0.75j, -0.5 + 0.75j]],
                               atol=1e-6)


def test_a_read_of_a_name_whose_tf2_twin_is_tf1s_own_function_takes_that_spelling():
    """image-to-images-translation's tfimage.py (sixty-first hold-out) hands `tf.image.resize_images` to a helper that
    calls it with keywords: TF2's tf.image.resize takes others, compat.v1's is TF1's function itself."""
    assert_rewrites("""
        import tensorflow as tf

        downscale = create_op(func=tf.image.resize_images, method=tf.image.ResizeMethod.AREA)
    """, """
        import tensorflow as tf

        downscale = create_op(func=tf.compat.v1.image.resize_images, method=tf.image.ResizeMethod.AREA)
    """, RULE)


def test_a_reordered_function_keeps_positional_arguments_tf2_binds_the_same():
    """tf.while_loop is in the reorder table, but TF2 takes cond, body, loop_vars in the same places: the call
    stays as written (a rewrite another rule produced then changes nothing on a second run)."""
    assert_unchanged("""
        import tensorflow as tf
        _, mask = tf.while_loop(lambda b, *args: b < m, loop_body, [0, ignore_mask])
    """, RULE)


def test_a_common_keyword_the_tables_rename_lets_a_file_in_beside_its_functions_call():
    """vuptran/graph-representation-learning longae/models/ae.py: `tf.nn.weighted_cross_entropy_with_logits(targets=
    ..., logits=..., pos_weight=...)` in a file with no other TF1 name: `targets=` is too common a word to let a file
    in alone, so the file was never parsed and the last pass reported what tf_upgrade_v2 renames."""
    from migrate.codemod.rules.tf1_names_to_tf2 import Tf1NamesToTf2

    source = """
        import tensorflow as tf
        loss = tf.nn.weighted_cross_entropy_with_logits(
                targets=y_true,
                logits=y_pred,
                pos_weight=ratio
        )
    """
    got, findings = rewrite(source, RULE)
    assert "targets=" not in got and "labels=y_true," in got and findings == []
    assert not Tf1NamesToTf2.triggered(b"import tensorflow as tf\nloss = my_loss(targets=y)\n")


def test_a_table_name_lets_a_file_in_only_after_tensorflow_or_the_module_the_table_names_it_in():
    """`math.ceil(` in a file importing TensorFlow is Python's: no parse for it (9 of the 19 real trees' files
    were parsed for that alone); `tf.ceil(`, an alias's `tfc.ceil(`, `image.resize_images(` let the file in."""
    from migrate.codemod.rules.tf1_names_to_tf2 import Tf1NamesToTf2

    def let_in(text: str) -> bool:
        return Tf1NamesToTf2.triggered(text.encode())

    assert not let_in("import math\nimport tensorflow as tf\nn = math.ceil(x / 2)\n")
    assert not let_in("import tensorflow as tf\nfrom keras import backend as K\ny = K.resize_images(x, 2, 2, 'channels_last')\n")
    assert let_in("import math\nimport tensorflow as tf\nn = tf.ceil(x / 2)\n")
    assert let_in("import tensorflow.compat.v1 as tfc\nn = tfc.ceil(x)\n")
    assert let_in("import tensorflow as tf\ny = tf.image.resize_images(x, (2, 2))\n")
    assert let_in("import tensorflow as tf\ny = tf.reduce_sum(x, keep_dims=True)\n")
    assert let_in("import tensorflow as tf\nfft = tf.fft if n == 1 else tf.fft2d\n")  # read, not called
    assert not let_in("import math\nimport tensorflow as tf\nf = math.ceil\n")
    assert rewrite("import math\nimport tensorflow as tf\nn = tf.ceil(x)\n", "tf1_names_to_tf2")[0] == \
        "import math\nimport tensorflow as tf\nn = tf.math.ceil(x)\n"


def test_names_reached_through_keras_backends_tf_are_renamed_in_the_same_run():
    """`K.tf.image.resize_bilinear` is TensorFlow's name (Keras 2's backend re-exported the module): renamed in
    the first run, as `tf.` would be, not only once backend_functions_to_ops has spelt it `tf.` (Golbstein's
    deeplab utils.py changed again on a second run)."""
    assert_rewrites("""
        import keras.backend as K
        from keras.layers import Lambda

        x = Lambda(lambda t: K.tf.image.resize_bilinear(t, size=(8, 8)))(x)
        n = K.tf.count_nonzero(x, keep_dims=True)
    """, """
        import keras.backend as K
        from keras.layers import Lambda
        import tensorflow

        x = Lambda(lambda t: tensorflow.compat.v1.image.resize_bilinear(t, size=(8, 8)))(x)
        n = tensorflow.math.count_nonzero(x, keepdims=True)
    """)


def test_tensorflow_imported_from_keras_backend_is_tensorflow_under_the_files_name():
    """`from keras.backend import tf as ktf` (Keras 2.0-2.2's backend re-exported the module; dhkim0225's
    keras-image-segmentation pspnet.py:375): its names are TensorFlow's, renamed in the same run, and the import
    becomes TensorFlow's own (backend_functions_to_ops)."""
    assert_rewrites("""
        def Interp(x, shape):
            from keras.backend import tf as ktf
            new_height, new_width = shape
            resized = ktf.image.resize_images(x, [int(new_height), int(new_width)], align_corners=True)
            return resized
    """, """
        def Interp(x, shape):
            import tensorflow as ktf
            new_height, new_width = shape
            resized = ktf.compat.v1.image.resize_images(x, [int(new_height), int(new_width)], align_corners=True)
            return resized
    """)


def test_a_namedtuple_feature_a_tf1_only_module_and_a_name_imported_from_tensorflow():
    # kermitt2/delft sequenceLabelling/preprocess.py:865 (tf.FixedLenFeature, a namedtuple class whose signature is
    # not read: by position only), shenweichen/DeepCTR examples/gen_tfrecords.py:13 (the file's only TF1 name, under
    # python_io, a module TF2 lacks), delft textClassification/data_generator.py:6 (the file's only TF1 name)
    assert_rewrites("""
        import tensorflow as tf
        f = {"input_ids": tf.FixedLenFeature([seq_length], tf.int64)}
    """, """
        import tensorflow as tf
        f = {"input_ids": tf.io.FixedLenFeature([seq_length], tf.int64)}
    """, RULE)
    assert_rewrites("""
        import tensorflow as tf

        def write_tfrecord(filename):
            writer = tf.python_io.TFRecordWriter(filename)
    """, """
        import tensorflow as tf

        def write_tfrecord(filename):
            writer = tf.io.TFRecordWriter(filename)
    """, RULE)
    assert_rewrites("""
        from tensorflow import set_random_seed
        set_random_seed(7)
    """, """
        from tensorflow.random import set_seed as set_random_seed
        set_random_seed(7)
    """, RULE)
    # tf.contrib.signal and contrib.util's TensorProto helpers, which TF2 keeps and the tables do not name
    assert_rewrites("""
        import tensorflow as tf
        from tensorflow.contrib.util import make_ndarray, make_tensor_proto
        spec = tf.abs(tf.contrib.signal.stft(pcm, frame_length=1024, frame_step=256))
        mfcc = tf.contrib.signal.mfccs_from_log_mel_spectrograms(log_mel)
    """, """
        import tensorflow as tf
        from tensorflow import make_ndarray, make_tensor_proto
        spec = tf.abs(tf.signal.stft(pcm, frame_length=1024, frame_step=256))
        mfcc = tf.signal.mfccs_from_log_mel_spectrograms(log_mel)
    """, RULE)
    # contrib.framework's checkpoint readers, tf.train's in TF2
    assert_rewrites("""
        import tensorflow as tf
        from tensorflow.contrib.framework import list_variables
        names = [name for name, _ in list_variables(path)]
        kernel = tf.contrib.framework.load_variable(path, "dense/kernel")
    """, """
        import tensorflow as tf
        from tensorflow.train import list_variables
        names = [name for name, _ in list_variables(path)]
        kernel = tf.train.load_variable(path, "dense/kernel")
    """, RULE)
    # a TF1 module imported whole, each name read from it moved by the tables into one TF2 module under its own name
    assert_rewrites("""
        from tensorflow import python_io
        with python_io.TFRecordWriter(path) as writer:
            writer.write(record)
    """, """
        from tensorflow import io as python_io
        with python_io.TFRecordWriter(path) as writer:
            writer.write(record)
    """, RULE)
    assert_unchanged("""
        from tensorflow import python_io
        records = python_io.tf_record_iterator(path)  # compat.v1's only: left (reported)
        handed = wrap(python_io)
    """, RULE)
    # from a module TF2 lacks: the tables' TF2 name, under the file's name where the two differ
    assert_rewrites("""
        from tensorflow.contrib.util import constant_value
        from tensorflow.python_io import TFRecordWriter
        print(constant_value(x), TFRecordWriter(path))
    """, """
        from tensorflow import get_static_value as constant_value
        from tensorflow.io import TFRecordWriter
        print(constant_value(x), TFRecordWriter(path))
    """, RULE)
    # an import with a name only compat.v1 has stays (reported); a namedtuple feature's keywords are its `__new__`'s,
    # which tf.io.FixedLenFeature takes
    assert_rewrites("""
        import tensorflow as tf
        from tensorflow import set_random_seed, Session
        f = tf.FixedLenFeature(shape=[3], dtype=tf.int64)
    """, """
        import tensorflow as tf
        from tensorflow import set_random_seed, Session
        f = tf.io.FixedLenFeature(shape=[3], dtype=tf.int64)
    """, RULE)


def test_keywords_the_tables_remove_go_where_tf2_behaves_as_they_said():
    # ybabakhin/kaggle_salt_bes_phalanx losses.py: tf.cond(..., strict=True); rossumai/keras-multi-gpu optimizers.py:
    # tf.gradients(..., colocate_gradients_with_ops=True); strict=False (singleton outputs unpacked) is TF1's cond,
    # which compat.v1 keeps
    findings = assert_rewrites("""
        import tensorflow as tf
        y = tf.cond(pred, lambda: a, lambda: b, strict=True)
        z = tf.cond(pred, lambda: a, lambda: b, strict=False)
        g = tf.gradients(loss, params, colocate_gradients_with_ops=True)
        e = tf.nn.embedding_lookup(table, ids, validate_indices=False)
    """, """
        import tensorflow as tf
        y = tf.cond(pred, lambda: a, lambda: b)
        z = tf.compat.v1.cond(pred, lambda: a, lambda: b, strict=False)
        g = tf.gradients(loss, params)
        e = tf.nn.embedding_lookup(table, ids)
    """, RULE)
    assert findings == []


def test_a_tf2_name_whose_call_only_tf1_takes_is_compat_v1s_and_tf1_loss_functions_compute_eagerly(tmp_path):
    """`tf.name_scope(scope, 'distort_color', [image])` (TF1's default_name and values: TF2's name_scope takes a name
    alone) -> compat.v1's, as tf_upgrade_v2 writes it; TF1's loss functions (not the loss collection) -> compat.v1's,
    called or handed to Keras: both run eagerly, and the values are TensorFlow 1.15's."""
    assert_rewrites("""
        import tensorflow as tf

        def distort(image, scope=None):
            with tf.name_scope(scope, 'distort_color', [image]):
                with tf.name_scope(values=[image], name=scope, default_name='decode'):
                    with tf.name_scope('plain'):
                        return tf.losses.mean_squared_error(image, image * 2)

        metrics = ['accuracy', tf.losses.log_loss]
    """, """
        import tensorflow as tf

        def distort(image, scope=None):
            with tf.compat.v1.name_scope(scope, 'distort_color', [image]):
                with tf.compat.v1.name_scope(values=[image], name=scope, default_name='decode'):
                    with tf.name_scope('plain'):
                        return tf.compat.v1.losses.mean_squared_error(image, image * 2)

        metrics = ['accuracy', tf.compat.v1.losses.log_loss]
    """, RULE)
    _, findings = rewrite("import tensorflow as tf\ntotal = tf.losses.get_total_loss()\n")
    assert [f.line for f in findings] == [2]  # the loss collection: graph mode, reported
    got, _ = probe_under_both(legacy37(), SCRIPTS / "tf1_losses_probe.py", tmp_path / "none", tmp_path,
                              ("predictions", "evaluated"))
    assert got["evaluated"].shape == (2,)



def test_py_func_is_tf2_numpy_function_and_the_keras_model_around_it_predicts_as_keras_2_3_1(tmp_path):
    assert_rewrites("""
        import tensorflow as tf

        y = tf.py_func(decode, [x, lengths], [tf.int64, tf.float32], stateful=False, name='decode')
        boxes = tf.py_func(func=nms, inp=[scores], Tout=tf.float32)
    """, """
        import tensorflow as tf

        y = tf.numpy_function(decode, [x, lengths], [tf.int64, tf.float32], stateful=False, name='decode')
        boxes = tf.numpy_function(func=nms, inp=[scores], Tout=tf.float32)
    """, RULE)
    probe_under_both(legacy37(), SCRIPTS / "tf1_py_func_probe.py", tmp_path / "none", tmp_path,
                     ("predictions", "mapped"))


def test_tensorflow_0_select_is_tf1_where_which_picks_rows_by_a_vector_condition(tmp_path):
    # TF 1.0 renamed select to where; TF2's where broadcasts a vector condition against the last axis instead
    before = """
        import numpy as np
        import tensorflow as tf

        a, b = np.arange(6.0).reshape(2, 3), -np.arange(6.0).reshape(2, 3)
        picked = tf.select(tf.constant([True, False]), a, b)
    """
    after, _ = rewrite(before, RULE)
    assert "tf.compat.v1.where(tf.constant([True, False]), a, b)" in after
    scope: dict = {}
    exec(compile(after, "rewritten", "exec"), scope)
    reference = subprocess.run([str(legacy37()), "-c", textwrap.dedent("""
        import numpy as np, tensorflow as tf
        a, b = np.arange(6.0).reshape(2, 3), -np.arange(6.0).reshape(2, 3)
        print(tf.Session().run(tf.where(tf.constant([True, False]), a, b)).tolist())
    """)], capture_output=True, text=True, timeout=300, env=legacy_env())
    assert reference.returncode == 0, reference.stderr[-2000:]
    assert np.asarray(scope["picked"]).tolist() == eval(reference.stdout.strip().splitlines()[-1]) == \
        [[0.0, 1.0, 2.0], [-3.0, -4.0, -5.0]]


def test_tf_print_in_a_keras_lambda_prints_and_predicts_as_keras_2_did(tmp_path):
    printed = []
    for python, script in ((legacy37(), SCRIPTS / "tf1_print_probe.py"),
                           (Path(sys.executable), rewritten_copy(SCRIPTS / "tf1_print_probe.py", tmp_path))):
        run = subprocess.run([str(python), str(script), "none", str(tmp_path / f"{len(printed)}.npz")],
                             capture_output=True, text=True, timeout=300, env=legacy_env())
        assert run.returncode == 0, run.stderr[-2500:]
        printed.append([line for line in run.stderr.splitlines() if line.startswith("probe: ")])
    assert "tf.compat.v1.Print(" in (tmp_path / "tf1_print_probe.py").read_text()
    assert printed[0] == printed[1] and len(printed[0]) == 1, printed
    np.testing.assert_allclose(np.load(tmp_path / "1.npz")["predictions"], np.load(tmp_path / "0.npz")["predictions"],
                               rtol=1e-6, atol=1e-6)


def test_a_parsing_feature_given_by_keyword_takes_its_tf2_name():
    # andreiqv/keras_training_classifier goods_tf_records.py, avolkov1/keras_experiments resnet_common.py: the same
    # namedtuple class, which TF2 keeps under tf.io only (its fields are its keywords)
    got, findings = rewrite("""
        import tensorflow as tf

        features = {"label": tf.VarLenFeature(dtype=tf.float32), "len": tf.FixedLenFeature(shape=[], dtype=tf.int64)}
    """, RULE)
    assert "tf.io.VarLenFeature(dtype=tf.float32)" in got and "tf.io.FixedLenFeature(shape=[], dtype=tf.int64)" in got
    assert findings == []
    example = tf.train.Example(features=tf.train.Features(feature={
        "label": tf.train.Feature(float_list=tf.train.FloatList(value=[0.5, 2.0])),
        "len": tf.train.Feature(int64_list=tf.train.Int64List(value=[2]))}))
    scope: dict = {}
    exec(compile(textwrap.dedent(got), "rewritten", "exec"), scope)  # noqa: S102 - the test's own code
    parsed = tf.io.parse_single_example(example.SerializeToString(), scope["features"])
    assert tf.sparse.to_dense(parsed["label"]).numpy().tolist() == [0.5, 2.0] and int(parsed["len"]) == 2


def test_a_renamed_cross_entropy_s_positional_arguments_are_named_so_the_next_run_reads_them_alike():
    # LongxingTan/Text-classification (fifty-sixth hold-out): TF 1's _v2 takes (labels, logits) by position, as TF 2's
    # softmax_cross_entropy_with_logits does; left positional, tf0_names_to_tf1 read the renamed call as 0.x's
    # (logits, labels) on a second run and swapped them
    source = """
        import tensorflow as tf

        losses = tf.nn.softmax_cross_entropy_with_logits_v2(logits[i], y_onehot[i])
    """
    got = assert_rewrites(source, source.replace("softmax_cross_entropy_with_logits_v2(logits[i], y_onehot[i])",
                                                 "softmax_cross_entropy_with_logits(labels=logits[i], "
                                                 "logits=y_onehot[i])"))
    assert got == []
    assert rewrite(rewrite(source)[0])[0] == rewrite(source)[0]
