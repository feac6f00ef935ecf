"""legacy_interface_decorators: Keras 2's `@interfaces.legacy_*_support` on a custom layer's constructor goes with
its import (keras.legacy is gone in Keras 3)."""

import os
import subprocess
import sys
import textwrap

from tests.codemod.helpers import assert_rewrites, assert_unchanged, rewrite, rewritten_copy

RULE = "legacy_interface_decorators"


def test_the_decorator_and_its_import_go():
    """segmentation_models' ResizeImage; a second decorator stays; the comment above the decorator stays above."""
    assert_rewrites("""
        import functools
        from keras.engine import Layer
        from keras.legacy import interfaces

        class ResizeImage(Layer):
            # upsampling by a factor
            @interfaces.legacy_upsampling2d_support
            def __init__(self, factor=(2, 2), data_format='channels_last', **kwargs):
                super(ResizeImage, self).__init__(**kwargs)

        class Other(Layer):
            @interfaces.legacy_recurrent_support
            @functools.wraps(Layer.__init__)
            def __init__(self, units, **kwargs):
                super(Other, self).__init__(**kwargs)
    """, """
        import functools
        from keras.engine import Layer

        class ResizeImage(Layer):
            # upsampling by a factor
            def __init__(self, factor=(2, 2), data_format='channels_last', **kwargs):
                super(ResizeImage, self).__init__(**kwargs)

        class Other(Layer):
            @functools.wraps(Layer.__init__)
            def __init__(self, units, **kwargs):
                super(Other, self).__init__(**kwargs)
    """, RULE)
    _, findings = rewrite("""
        from keras.legacy import interfaces

        class A:
            @interfaces.legacy_dense_support
            def __init__(self, units):
                pass
    """, RULE)
    assert [(f.advice, "TypeError" in f.message) for f in findings] == [(True, True)]


def test_an_optimizer_s_get_updates_and_a_decorator_of_the_project_stay():
    assert_unchanged("""
        from keras.legacy import interfaces
        from mylib import legacy_support

        class MyOptimizer:
            @interfaces.legacy_get_updates_support
            def get_updates(self, loss, params):
                return []

        class Mine:
            @legacy_support
            def __init__(self):
                pass
    """, RULE)


def test_the_rewritten_layer_builds_and_runs_under_keras_3(tmp_path):
    source = tmp_path / "layers.py"
    source.write_text(textwrap.dedent("""
        import numpy as np
        import keras
        from keras import backend as K
        from keras.engine import Layer
        from keras.legacy import interfaces

        class Scale(Layer):
            @interfaces.legacy_dense_support
            def __init__(self, factor=2.0, **kwargs):
                super(Scale, self).__init__(**kwargs)
                self.factor = factor

            def call(self, inputs):
                return inputs * self.factor

        model = keras.models.Sequential([keras.layers.Dense(2, input_shape=(3,)), Scale(factor=3.0)])
        print(model.predict(np.ones((1, 3)), verbose=0).shape, 'ok')
    """))
    (tmp_path / "out").mkdir()
    target = rewritten_copy(source, tmp_path / "out")
    assert "interfaces" not in target.read_text()
    run = subprocess.run([sys.executable, str(target)], capture_output=True, text=True, timeout=300,
                         env=dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3"))
    assert run.returncode == 0 and run.stdout.split()[-1] == "ok", run.stderr[-2500:]
