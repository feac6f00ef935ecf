"""dead_fallback_tries: must-not-change cases first, then before/after, then executed."""

import textwrap

import numpy as np

from tests.codemod.helpers import assert_rewrites, assert_unchanged, rewrite

RULE = "dead_fallback_tries"


def test_tries_whose_body_may_run_or_whose_handler_does_not_always_run_stay():
    assert_unchanged("""
        import tensorflow as tf
        from myproject import tools

        try:
            y = tf.linalg.LinearOperatorLowerTriangular(x).to_dense()  # exists: the body runs
        except AttributeError:
            y = tf.contrib.linalg.LinearOperatorTriL(x).to_dense()
        try:
            y = tools.prepare(x) + tf.contrib.linalg.LinearOperatorTriL(x)  # the project's code runs first
        except AttributeError:
            y = x
        try:
            y = tf.contrib.linalg.LinearOperatorTriL(x)
        except ImportError:  # AttributeError is not caught
            y = x
        try:
            y = tf.contrib.linalg.LinearOperatorTriL(x)
        except AttributeError as error:  # the handler reads what was raised
            y = str(error)
        try:
            y = tf.contrib.linalg.LinearOperatorTriL(x)
        except AttributeError:
            y = x
        finally:
            done()
        try:
            y = tools.contrib.LinearOperatorTriL(x)  # not TensorFlow's
        except AttributeError:
            y = x
    """, RULE)


def test_a_fallback_from_a_tf1_name_keeps_the_handler():
    # shenweichen/DeepMatch deepmatch/layers/interaction.py:110 (a bare except) and sequence.py:25
    assert_rewrites("""
        import tensorflow as tf

        def mask(length, cell, units):
            lower_tri = tf.ones([length, length])
            # TensorFlow 1.4 renamed it
            try:
                lower_tri = tf.contrib.linalg.LinearOperatorTriL(lower_tri).to_dense()
            except:
                lower_tri = tf.linalg.LinearOperatorLowerTriangular(lower_tri).to_dense()
            if cell == "LSTM":
                try:
                    single_cell = tf.contrib.rnn.LayerNormBasicLSTMCell(units)
                except (ValueError, AttributeError):
                    single_cell = make_cell(units)
                    single_cell.build()
            return lower_tri
    """, """
        import tensorflow as tf

        def mask(length, cell, units):
            lower_tri = tf.ones([length, length])
            # TensorFlow 1.4 renamed it
            lower_tri = tf.linalg.LinearOperatorLowerTriangular(lower_tri).to_dense()
            if cell == "LSTM":
                single_cell = make_cell(units)
                single_cell.build()
            return lower_tri
    """, RULE)


def test_an_import_only_the_dead_body_used_goes_and_no_leftover_is_reported():
    findings = assert_rewrites("""
        import tensorflow as tf
        from tensorflow.python.ops import array_ops

        try:
            tri = tf.contrib.linalg.LinearOperatorTriL(x)
            n = array_ops.shape(x)
        except Exception:
            tri = tf.linalg.LinearOperatorLowerTriangular(x)
    """, """
        import tensorflow as tf

        tri = tf.linalg.LinearOperatorLowerTriangular(x)
    """)
    assert not [finding for finding in findings if not finding.advice]


def test_a_body_that_runs_once_the_file_is_rewritten_stays():
    """Keras 2's `K.tf.nn.swish` is `tensorflow.nn.swish` after backend_functions_to_ops (david8862/keras-YOLOv3-model-set
    common/backbones/efficientnet.py: the native swish, `pass` in the handler); `tf.log` is `tf.math.log`; TensorFlow's
    tables send tf.nn.rnn_cell to compat.v1 (reported there, not dead here); the TPU setup has a rule of its own."""
    assert_unchanged("""
        import tensorflow as tf
        from keras import backend

        def swish(x):
            try:
                return backend.tf.nn.swish(x)
            except AttributeError:
                pass
            return x * backend.sigmoid(x)

        def swish_tf_keras(x):
            from tensorflow.keras import backend as K
            try:
                return K.tf.nn.swish(x)
            except AttributeError:
                pass
            return x * K.sigmoid(x)

        try:
            y = tf.log(x)
        except AttributeError:
            y = tf.math.log(x)
        try:
            cell = tf.nn.rnn_cell.BasicLSTMCell(8)
        except AttributeError:
            cell = None
        try:
            strategy = tf.contrib.distribute.TPUStrategy(resolver)
        except AttributeError:
            strategy = None
    """, RULE)


def test_the_kept_handler_computes_what_the_try_computed_on_tensorflow_2():
    before = textwrap.dedent("""
        import tensorflow as tf
        lower_tri = tf.ones([4, 4])
        try:
            lower_tri = tf.contrib.linalg.LinearOperatorTriL(lower_tri).to_dense()
        except:
            lower_tri = tf.linalg.LinearOperatorLowerTriangular(lower_tri).to_dense()
    """)
    after, _ = rewrite(before, RULE)
    assert "try" not in after
    results = []
    for code in (before, after):
        scope: dict = {}
        exec(compile(code, "example.py", "exec"), scope)  # noqa: S102 - the test's own snippet
        results.append(scope["lower_tri"].numpy())
    np.testing.assert_array_equal(results[0], results[1])
    np.testing.assert_array_equal(results[1], np.tril(np.ones([4, 4])))
