"""mixed_precision_experimental: TF 2.1-2.3's experimental mixed precision -> Keras 3's keras.mixed_precision."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

from tests.codemod.helpers import assert_rewrites, assert_unchanged, rewrite, rewritten_copy

RULE = "mixed_precision_experimental"


def test_the_module_imported_under_a_name_then_policy_and_set_policy():
    # rolczynski/Automatic-Speech-Recognition deepspeech2.py, bryanlimy/tf2-cyclegan main.py
    assert_rewrites("""
        import tensorflow as tf
        from tensorflow.keras.mixed_precision import experimental as mixed_precision

        def get_model(is_mixed_precision=True):
            if is_mixed_precision:
                policy = mixed_precision.Policy('mixed_float16')
                mixed_precision.set_policy(policy)
            print(mixed_precision.global_policy().name)
    """, """
        import tensorflow as tf
        from keras import mixed_precision

        def get_model(is_mixed_precision=True):
            if is_mixed_precision:
                policy = mixed_precision.Policy('mixed_float16')
                mixed_precision.set_global_policy(policy)
            print(mixed_precision.global_policy().name)
    """, RULE)


def test_dotted_names_names_imported_and_the_dynamic_loss_scale_that_keras_3_compile_applies_itself():
    assert_rewrites("""
        import tensorflow as tf
        from tensorflow.keras.mixed_precision import experimental
        from tensorflow.keras.mixed_precision.experimental import Policy, set_policy

        tf.keras.mixed_precision.experimental.set_policy('mixed_float16')
        experimental.set_policy(Policy('mixed_float16', loss_scale='dynamic'))
        set_policy(Policy('float32', loss_scale="auto"))
    """, """
        import tensorflow as tf
        from keras import mixed_precision as experimental
        from keras.mixed_precision import Policy, set_global_policy as set_policy

        tf.keras.mixed_precision.set_global_policy('mixed_float16')
        experimental.set_global_policy(Policy('mixed_float16'))
        set_policy(Policy('float32'))
    """, RULE)


def test_a_fixed_loss_scale_or_the_experimental_loss_scale_optimizer_leaves_the_file():
    # chansoopark98/Tensorflow-Keras-GAN pix2pix.py: loss_scale=1024 (Keras 3's is always dynamic); bryanlimy's
    # optimizer.py: the LossScaleOptimizer whose get_scaled_loss / get_unscaled_gradients Keras 3's lacks
    for source in ("""
        from tensorflow.keras.mixed_precision import experimental as mixed_precision

        policy = mixed_precision.Policy('mixed_float16', loss_scale=1024)
        mixed_precision.set_policy(policy)
    """, """
        from tensorflow.keras.mixed_precision import experimental as mixed_precision

        mixed_precision.set_policy('mixed_float16')
        opt = mixed_precision.LossScaleOptimizer(opt, loss_scale='dynamic')
    """, """
        from tensorflow.keras.mixed_precision import experimental as mixed_precision

        configure(mixed_precision)
    """):
        assert_unchanged(source, RULE)
        _, findings = rewrite(source)
        assert any("experimental" in finding.message for finding in findings)


def test_the_whole_run_leaves_nothing_and_the_script_trains_in_mixed_precision_under_keras_3(tmp_path):
    script = tmp_path / "train.py"
    script.write_text(textwrap.dedent("""
        import numpy as np
        import tensorflow as tf
        from tensorflow.keras import layers
        from tensorflow.keras.mixed_precision import experimental as mixed_precision

        policy = mixed_precision.Policy('mixed_float16')
        mixed_precision.set_policy(policy)
        model = tf.keras.Sequential([tf.keras.Input((4,)), layers.Dense(8, activation='relu'),
                                     layers.Dense(1, dtype='float32')])
        model.compile(optimizer='adam', loss='mse')
        history = model.fit(np.ones((16, 4)), np.ones((16, 1)), epochs=2, verbose=0)
        dense = model.layers[0]
        print(dense.compute_dtype, dense.kernel.dtype, type(model.optimizer).__name__,
              np.isfinite(history.history['loss']).all())
        print('ok')
    """))
    (tmp_path / "out").mkdir()
    target = rewritten_copy(script, tmp_path / "out")
    assert "set_global_policy(policy)" in target.read_text()
    run = subprocess.run([sys.executable, str(target)], capture_output=True, text=True, timeout=300,
                         env=dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3"))
    assert run.returncode == 0 and run.stdout.split()[-5:] == ["float16", "float32", "LossScaleOptimizer", "True",
                                                               "ok"], run.stderr[-2000:]
