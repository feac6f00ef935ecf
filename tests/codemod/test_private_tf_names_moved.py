"""private_tf_names_moved: must-not-change cases first, then before/after, then executed."""

import subprocess
from pathlib import Path

import numpy as np
import tensorflow as tf

from migrate.codemod.rules.private_tf_names_moved import public_name
from tests.codemod.helpers import assert_rewrites, assert_unchanged, legacy37, legacy_env, probe_under_both, rewrite

RULE = "private_tf_names_moved"
PROBE = Path(__file__).parent / "scripts" / "checkpoint_reader_probe.py"


def test_the_public_name_is_the_one_function_of_that_name_in_the_package():
    assert public_name("tensorflow.python.ops.control_flow_ops.while_loop") == "tensorflow.compat.v1.while_loop"
    assert public_name("tensorflow.python.ops.control_flow_ops.cond") == "tensorflow.compat.v1.cond"
    # still there, not TensorFlow's private tree, or no function of that name public
    assert public_name("tensorflow.python.ops.control_flow_ops.group") is None
    assert public_name("tensorflow.while_loop") is None
    assert public_name("tensorflow.python.ops.control_flow_ops.no_such_function") is None
    # moved too, but a graph-mode name (tf1_policy): left for the report's advice
    assert public_name("tensorflow.python.framework.graph_util.convert_variables_to_constants") is None


def test_private_names_that_exist_and_other_code_stay():
    assert_unchanged("""
        import tensorflow as tf
        from tensorflow.python.ops import control_flow_ops, tensor_array_ops

        ta = tensor_array_ops.TensorArray(dtype=tf.float32, size=3)
        done = control_flow_ops.group(a, b)
        out = tf.while_loop(cond, body, [0])
    """, RULE)


def test_keras_2_backends_rnn_loop():
    # aspuru-guzik-group/chemical_vae chemvae/sampled_rnn_tf.py:145 (Keras 2's K.rnn, copied and changed)
    assert_rewrites("""
        def rnn(step, time, output_ta, states, time_steps):
            import tensorflow as tf
            from tensorflow.python.ops import tensor_array_ops
            from tensorflow.python.ops import control_flow_ops

            output_ta = tensor_array_ops.TensorArray(dtype=tf.float32, size=time_steps)
            final_outputs = control_flow_ops.while_loop(
                cond=lambda time, *_: time < time_steps,
                body=step,
                loop_vars=(time, output_ta) + states,
                parallel_iterations=1,
                swap_memory=True)
            return final_outputs
    """, """
        import tensorflow

        def rnn(step, time, output_ta, states, time_steps):
            import tensorflow as tf
            from tensorflow.python.ops import tensor_array_ops

            output_ta = tensor_array_ops.TensorArray(dtype=tf.float32, size=time_steps)
            final_outputs = tensorflow.compat.v1.while_loop(
                cond=lambda time, *_: time < time_steps,
                body=step,
                loop_vars=(time, output_ta) + states,
                parallel_iterations=1,
                swap_memory=True)
            return final_outputs
    """, RULE)


def test_the_rewritten_loop_runs_eagerly_and_in_a_tf_function():
    before = """
        import tensorflow as tf
        from tensorflow.python.ops import control_flow_ops

        def cumulative(x):
            def step(time, total):
                return time + 1, total + x[time]
            return control_flow_ops.while_loop(cond=lambda time, *_: time < 4, body=step,
                                               loop_vars=(tf.constant(0), tf.constant(0.0)), parallel_iterations=1)
    """
    after, _ = rewrite(before, RULE)
    assert "control_flow_ops" not in after
    scope: dict = {}
    exec(compile(after, "example.py", "exec"), scope)  # noqa: S102 - the test's own snippet
    x = tf.constant([1.0, 2.0, 3.0, 4.0])
    for run in (scope["cumulative"], tf.function(scope["cumulative"])):
        time, total = run(x)
        assert int(time) == 4 and np.isclose(float(total), 10.0)


def test_tf1s_checkpoint_reader_through_pywrap_tensorflow_is_compat_v1s_and_reads_the_same(tmp_path):
    """TF1's `pywrap_tensorflow` star-imported its SWIG wrappers; TF 2's `_pywrap_tensorflow_internal` binds none
    (api_surface.COMPILED_EMPTY, checked here), so `pywrap_tensorflow.NewCheckpointReader` is missing, and the one
    public function of that name (training.py_checkpoint_reader's) is `tf.compat.v1.train.NewCheckpointReader`, which
    needs no graph (tf1_policy.EAGER). A checkpoint TensorFlow 1.15 saved reads the same through both."""
    from tensorflow.python import _pywrap_tensorflow_internal

    assert not [name for name in dir(_pywrap_tensorflow_internal) if not name.startswith("_")
                and name != "pywrap_library_dependency_symbol"]
    assert public_name("tensorflow.python.pywrap_tensorflow.NewCheckpointReader") == \
        "tensorflow.compat.v1.train.NewCheckpointReader"
    got, _ = rewrite("import tensorflow as tf\nr = tf.train.NewCheckpointReader(path)\n")
    assert "tf.compat.v1.train.NewCheckpointReader(path)" in got
    legacy = legacy37()
    prefix = tmp_path / "ckpt" / "model"
    make = ("import sys, numpy as np, tensorflow as tf\n"
            "w = tf.Variable(np.arange(6, dtype='float32').reshape(2, 3) / 7, name='dense/kernel')\n"
            "b = tf.Variable(np.array([1.5, -2.0], dtype='float64'), name='dense/bias')\n"
            "with tf.Session() as s:\n"
            "    s.run(tf.global_variables_initializer())\n"
            "    tf.train.Saver().save(s, sys.argv[1])\n")
    run = subprocess.run([str(legacy), "-c", make, str(prefix)], capture_output=True, text=True, timeout=300,
                         env=legacy_env())
    assert run.returncode == 0, run.stderr[-2000:]
    got, target = probe_under_both(legacy, PROBE, prefix, tmp_path, ("dense_kernel", "dense_bias"))
    assert "tensorflow.compat.v1.train.NewCheckpointReader(sys.argv[1])" in target.read_text()
    assert got["dense_bias"].dtype == np.float64

