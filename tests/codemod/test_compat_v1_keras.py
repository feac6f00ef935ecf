"""compat_v1_keras: TensorFlow 1's `tensorflow.compat.v1.keras` (gone in TensorFlow 2.16+) respelt as tf.keras, where
the rules for tf.keras names take over; its GRU, TensorFlow 1's formula, reported."""

import os
import subprocess
import sys
import textwrap

from tests.codemod.helpers import assert_rewrites, rewrite, rewritten_copy

RULE = "compat_v1_keras"


def test_imports_and_attribute_chains_become_tf_keras():
    assert_rewrites("""
        import tensorflow as tf
        from tensorflow.compat.v1.keras.initializers import glorot_uniform, he_normal
        from tensorflow.compat.v1.keras import backend as K
        import tensorflow.compat.v1.keras.backend as KB

        dense = tf.compat.v1.keras.layers.Dense(4, kernel_initializer=he_normal())
    """, """
        import tensorflow as tf
        from tensorflow.keras.initializers import glorot_uniform, he_normal
        from tensorflow.keras import backend as K
        import tensorflow.keras.backend as KB

        dense = tf.keras.layers.Dense(4, kernel_initializer=he_normal())
    """, RULE)


def test_tf1_s_gru_stays_reported_and_a_cudnn_lstm_goes_on_to_the_table():
    """TensorFlow 1's GRU has reset_after=False; uzaymacar/attention-mechanisms' CuDNNLSTM import goes on to
    legacy_import_paths, which makes it an LSTM (taking only units by position)."""
    source = """
        import tensorflow as tf
        from tensorflow.compat.v1.keras.layers import GRU

        g = GRU(4)
        h = tf.compat.v1.keras.layers.GRU(4)
    """
    result, findings = rewrite(source, RULE)
    assert result == textwrap.dedent(source)
    assert [(f.line, "reset_after=False" in f.message) for f in findings] == [(3, True), (6, True)]
    result, findings = rewrite("""
        from tensorflow.compat.v1.keras.layers import CuDNNLSTM

        lstm = CuDNNLSTM(32, return_sequences=True)
    """)
    assert "from tensorflow.keras.layers import LSTM as CuDNNLSTM" in result and not findings


def test_the_rewritten_script_runs_under_keras_3(tmp_path):
    source = tmp_path / "train.py"
    source.write_text(textwrap.dedent("""
        import numpy as np
        import tensorflow as tf
        from tensorflow.compat.v1.keras.initializers import glorot_uniform, he_normal
        from tensorflow.compat.v1.keras.layers import CuDNNLSTM
        from tensorflow.compat.v1.keras import backend as K

        inputs = tf.keras.Input((5, 3))
        hidden = CuDNNLSTM(4, kernel_initializer=glorot_uniform(seed=1))(inputs)
        outputs = tf.compat.v1.keras.layers.Dense(1, kernel_initializer=he_normal(seed=2))(hidden)
        model = tf.keras.Model(inputs, outputs)
        model.compile(optimizer='sgd', loss='mse')
        model.fit(np.ones((4, 5, 3)), np.ones((4, 1)), epochs=1, verbose=0)
        print(K.floatx(), 'ok')
    """))
    (tmp_path / "out").mkdir()
    target = rewritten_copy(source, tmp_path / "out")
    assert "compat.v1" not in target.read_text()
    run = subprocess.run([sys.executable, str(target)], capture_output=True, text=True, timeout=300,
                         env=dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3"))
    assert run.returncode == 0 and run.stdout.split()[-2:] == ["float32", "ok"], run.stderr[-2500:]
