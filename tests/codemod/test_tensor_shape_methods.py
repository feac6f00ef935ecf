"""tensor_shape_methods: must-not-change cases first, then before/after, then a model built and run with the shapes
read both ways: Keras 2.3.1 on TensorFlow 1.15, and the rewrite on Keras 3."""

from __future__ import annotations

import textwrap

import numpy as np

from tests.codemod.helpers import assert_rewrites, assert_unchanged, legacy37, probe_under_both

RULE = "tensor_shape_methods"


def test_other_calls_and_a_projects_own_get_shape_stay():
    assert_unchanged("""
        import keras
        size = x.shape[-1]
        dims = tf.TensorShape([1, 2]).as_list()
        part = grid.get_shape(2)
    """, RULE)
    assert_unchanged("""
        import keras
        class Grid:
            def get_shape(self):
                return self.size
        print(Grid().get_shape())
    """, RULE)


def test_tensorshape_reads_become_the_shape_both_tensors_have():
    # squeeze-excite blocks, capsule networks: channels read from the previous layer's output
    assert_rewrites("""
        import keras
        channels = int(x.get_shape()[-1])
        dims = x.get_shape().as_list()[1:]
        rows = inputs.shape.as_list()[1]
        static = tensor.get_shape()
        features = feature_model.output.shape[-1].value
        rows = x.get_shape()[1].value
        kept = table[1].value, shape[1:].value
    """, """
        import keras
        channels = int(x.shape[-1])
        dims = list(x.shape)[1:]
        rows = list(inputs.shape)[1]
        static = tensor.shape
        features = feature_model.output.shape[-1]
        rows = x.shape[1]
        kept = table[1].value, shape[1:].value
    """, RULE)


PROBE = textwrap.dedent('''
    import sys
    import numpy as np
    import tensorflow as tf
    from keras.layers import Input, Dense, Conv2D, Lambda, GlobalAveragePooling2D, Reshape, Multiply
    from keras.models import Model

    w = np.load(sys.argv[1])

    def squeeze_excite(x):
        channels = int(x.get_shape()[-1])
        dims = x.get_shape().as_list()[1:]
        s = GlobalAveragePooling2D()(x)
        s = Dense(x.shape[-1].value, activation="sigmoid", kernel_initializer="ones")(s)
        s = Reshape((1, 1, channels))(s)
        return Multiply()([x, s]), dims

    def in_call(t):
        return t * float(t.shape.as_list()[-1])

    inputs = Input((5, 5, 3))
    x = Conv2D(4, (3, 3), kernel_initializer="ones")(inputs)
    x, dims = squeeze_excite(x)
    outputs = Lambda(in_call)(x)
    model = Model(inputs, outputs)
    out = model.predict(w["x"])
    np.savez(sys.argv[2], out=out, dims=np.array(dims))
    print("ok")
''')


def test_the_model_builds_and_predicts_as_keras_2_3_1_did(tmp_path):
    weights = tmp_path / "x.npz"
    np.savez(weights, x=np.random.default_rng(2).normal(size=(2, 5, 5, 3)).astype("float32"))
    probe = tmp_path / "probe.py"
    probe.write_text(PROBE)
    got, target = probe_under_both(legacy37(), probe, weights, tmp_path, ("out", "dims"))
    assert "get_shape" not in target.read_text() and list(got["dims"]) == [3, 3, 4]
