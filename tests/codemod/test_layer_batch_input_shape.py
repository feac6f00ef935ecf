"""layer_batch_input_shape: must-not-change cases first, then before/after, then the rewritten code run by Keras 3."""

import textwrap

import keras
import numpy as np

from tests.codemod.helpers import assert_rewrites, assert_unchanged, rewrite

RULE = "layer_batch_input_shape"


def test_input_layers_other_callables_and_keras_3_spellings_stay():
    assert_unchanged("""
        import keras
        from keras.layers import InputLayer, Input
        a = InputLayer(batch_input_shape=(None, 16))
        b = keras.layers.Dense(8, input_shape=(16,))
        c = my_layer(batch_input_shape=(None, 16))
        d = keras.layers.InputLayer(batch_input_shape=(32, 16))
    """, RULE)


def test_the_batch_size_goes_and_the_rest_is_the_input_shape():
    findings = assert_rewrites("""
        from keras.layers import Dense, Lambda, Conv2D
        import keras
        a = Dense(8, batch_input_shape=(None, 16))
        b = Conv2D(4, 3, batch_input_shape=[None, 32, 32, 3], name='c')
        c = keras.layers.LSTM(4, batch_input_shape=(None, 10, 3,))
    """, """
        from keras.layers import Dense, Lambda, Conv2D
        import keras
        a = Dense(8, input_shape=(16,))
        b = Conv2D(4, 3, input_shape=(32, 32, 3), name='c')
        c = keras.layers.LSTM(4, input_shape=(10, 3))
    """, RULE)
    assert findings == []


def test_a_fixed_batch_size_is_named():
    """garbersc/keras-galaxies: `Lambda(lambda x: x, output_shape=..., batch_input_shape=(BATCH_SIZE, ...))` as a
    Sequential's first layer (18 sites)."""
    findings = assert_rewrites("""
        import keras
        from keras.layers import Lambda
        input_0 = Lambda(lambda x: x, output_shape=(3, 4, 4), batch_input_shape=(BATCH_SIZE, 3, 4, 4), name='l0')
        shape = (None, 5)
        d = keras.layers.Dense(2, batch_input_shape=shape)
    """, """
        import keras
        from keras.layers import Lambda
        input_0 = Lambda(lambda x: x, output_shape=(3, 4, 4), input_shape=(3, 4, 4), name='l0')
        shape = (None, 5)
        d = keras.layers.Dense(2, input_shape=tuple(shape)[1:])
    """, RULE)
    assert [(f.line, f.advice) for f in findings] == [(4, True), (6, True)]
    assert "fixed batch size (BATCH_SIZE) is not kept" in findings[0].message
    assert "keras.Input(batch_shape=...)" in findings[0].message
    assert "(shape[0])" in findings[1].message


def test_a_stateful_layer_needs_its_batch_size_and_is_reported():
    source = """
        from keras.layers import LSTM
        lstm = LSTM(4, stateful=True, batch_input_shape=(8, 10, 3))
    """
    findings = assert_unchanged(source, RULE)
    assert [(f.line, f.advice) for f in findings] == [(3, False)]
    assert "stateful" in findings[0].message


def test_the_rewritten_sequential_takes_the_input_keras_2_built_it_for():
    """The rewritten lines build and predict under Keras 3, with the shape Keras 2 gave the model's input."""
    got, _ = rewrite("""
        import keras
        from keras.layers import Dense, Lambda
        model = keras.Sequential()
        model.add(Lambda(lambda x: x * 2, output_shape=(16,), batch_input_shape=(BATCH_SIZE, 16)))
        model.add(Dense(3, kernel_initializer='ones'))
    """, RULE)
    space = {"BATCH_SIZE": 4}
    exec(compile(textwrap.dedent(got), "rewritten.py", "exec"), space)  # noqa: S102 - the test's own code
    model = space["model"]
    assert tuple(model.inputs[0].shape) == (None, 16)
    np.testing.assert_allclose(model.predict(np.ones((4, 16)), verbose=0), np.full((4, 3), 32.0))
    assert keras.__version__.startswith("3.")
