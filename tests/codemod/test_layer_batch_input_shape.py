"""layer_batch_input_shape: must-not-change cases first, then before/after, then the rewritten code run by Keras 3."""

import textwrap

import keras
import numpy as np
import pytest

from tests.codemod.helpers import assert_rewrites, assert_unchanged, legacy37, probe_under_both, rewrite

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


def test_a_stateful_first_layer_of_a_sequential_gets_its_batch_size_from_an_input_put_first():
    # PacktPublishing/Keras-Deep-Learning-Cookbook Chapter07 lstm-timeseries-forecasting_v1.py (a stateful LSTM
    # tutorial's model)
    assert_rewrites("""
        from keras.models import Sequential
        from keras.layers import LSTM, Dense

        def fit_lstm(X, n_batch, n_neurons):
            model = Sequential()
            model.add(LSTM(n_neurons, batch_input_shape=(n_batch, X.shape[1], X.shape[2]), stateful=True))
            model.add(Dense(1))
            return model

        other = Sequential([LSTM(4, batch_input_shape=(1, 1, 1), stateful=True, return_sequences=True), Dense(1)])
    """, """
        from keras.models import Sequential
        from keras.layers import LSTM, Dense
        import keras

        def fit_lstm(X, n_batch, n_neurons):
            model = Sequential()
            model.add(keras.Input(batch_shape=(n_batch, X.shape[1], X.shape[2])))
            model.add(LSTM(n_neurons, stateful=True))
            model.add(Dense(1))
            return model

        other = Sequential([keras.Input(batch_shape=(1, 1, 1)), LSTM(4, stateful=True, return_sequences=True), Dense(1)])
    """, RULE)


def test_a_batch_size_given_apart_goes_as_batch_input_shape_s_does():
    # edniemeyer/keras_timeseries lstm_zimbrao.py: LSTM(batch_size=batch_size, input_shape=(...), stateful=False)
    source = """
        from keras.layers import LSTM, Dense, InputLayer
        a = LSTM(batch_size=batch_size, input_shape=(10, 3), units=4, stateful=False)
        b = Dense(2, input_dim=3, batch_size=None)
        c = LSTM(4, batch_size=8, input_shape=(10, 3), stateful=True)
        d = InputLayer(batch_size=8, input_shape=(10, 3))
        model.fit(x, y, batch_size=32)
        e = LSTM(4, batch_size=8, return_sequences=True)  # no shape beside it: Keras 2 read nothing
        f = MyLayer(4, batch_size=8)
    """
    findings = assert_rewrites(source, """
        from keras.layers import LSTM, Dense, InputLayer
        a = LSTM(input_shape=(10, 3), units=4, stateful=False)
        b = Dense(2, input_dim=3)
        c = LSTM(4, batch_size=8, input_shape=(10, 3), stateful=True)
        d = InputLayer(batch_size=8, input_shape=(10, 3))
        model.fit(x, y, batch_size=32)
        e = LSTM(4, return_sequences=True)  # no shape beside it: Keras 2 read nothing
        f = MyLayer(4, batch_size=8)
    """, RULE)
    assert [(f.line, f.advice) for f in findings] == [(3, True), (5, False)]
    assert "fixed batch size (batch_size)" in findings[0].message and "stateful" in findings[1].message


def test_a_stateful_first_layer_given_its_batch_size_apart_gets_an_input_put_first():
    # the Keras 2 example stateful_lstm.py, copied by tutorials (anadiedrichs/keras-tutorial, forty-fifth hold-out):
    # batch_size= beside input_shape= was Keras 2's batch_input_shape=(batch_size, *input_shape)
    assert_rewrites("""
        from keras.models import Sequential
        from keras.layers import LSTM, Dense

        model = Sequential()
        model.add(LSTM(50,
                       input_shape=(tsteps, 1),
                       batch_size=batch_size,
                       return_sequences=True,
                       stateful=True))
        model.add(LSTM(50, return_sequences=False, stateful=True))
        other = Sequential([LSTM(4, batch_size=2, input_shape=shape, stateful=True), Dense(1)])
        apart = Sequential([LSTM(4, batch_size=2, input_dim=3, stateful=True)])
    """, """
        from keras.models import Sequential
        from keras.layers import LSTM, Dense
        import keras

        model = Sequential()
        model.add(keras.Input(batch_shape=(batch_size, tsteps, 1)))
        model.add(LSTM(50,
                       return_sequences=True,
                       stateful=True))
        model.add(LSTM(50, return_sequences=False, stateful=True))
        other = Sequential([keras.Input(batch_shape=(2, *shape)), LSTM(4, stateful=True), Dense(1)])
        apart = Sequential([LSTM(4, batch_size=2, input_dim=3, stateful=True)])
    """, RULE)


def test_a_stateful_first_layer_imported_from_keras_2_s_module_is_found_in_the_first_run():
    # edniemeyer/keras_timeseries lstm.py: `keras.layers.recurrent.LSTM` (legacy_import_paths moves the import later
    # in the same run); the first run found no first layer and a second run did
    source = """
        from keras.models import Sequential
        from keras.layers.recurrent import LSTM

        model = Sequential()
        model.add(LSTM(batch_input_shape=(8, 10, 1), units=4, stateful=True))
    """
    assert_rewrites(source, """
        from keras.models import Sequential
        from keras.layers.recurrent import LSTM
        import keras

        model = Sequential()
        model.add(keras.Input(batch_shape=(8, 10, 1)))
        model.add(LSTM(units=4, stateful=True))
    """, RULE)
    first, _ = rewrite(textwrap.dedent(source))
    assert rewrite(first)[0] == first


def test_a_stateful_first_layer_in_each_branch_of_an_if_gets_its_input_there():
    # flomlo/ntm_keras main.py:70 (a controller per architecture, each branch adding its first layer)
    findings = assert_rewrites("""
        from keras.models import Sequential
        from keras.layers import LSTM, Dense
        controller = Sequential()
        if kind == "dense":
            controller.add(Dense(4, input_dim=3))
        elif kind == "lstm":
            print(kind)
            controller.add(LSTM(units=4, stateful=True, batch_input_shape=(2, None, 3)))
        else:
            raise ValueError(kind)
        if controller:
            controller.add(LSTM(4, batch_input_shape=(2, 1, 3), stateful=True))
    """, """
        from keras.models import Sequential
        from keras.layers import LSTM, Dense
        import keras

        controller = Sequential()
        if kind == "dense":
            controller.add(Dense(4, input_dim=3))
        elif kind == "lstm":
            print(kind)
            controller.add(keras.Input(batch_shape=(2, None, 3)))
            controller.add(LSTM(units=4, stateful=True))
        else:
            raise ValueError(kind)
        if controller:
            controller.add(LSTM(4, batch_input_shape=(2, 1, 3), stateful=True))
    """, RULE)
    assert [f.line for f in findings] == [13]  # after the first if: a layer may be there already


def test_a_stateful_layer_after_another_is_still_reported():
    findings = assert_unchanged("""
        from keras.models import Sequential
        from keras.layers import LSTM, Dense
        model = Sequential()
        model.add(Dense(3, input_shape=(1, 4)))
        model.add(LSTM(4, batch_input_shape=(2, 1, 4), stateful=True))
    """, RULE)
    assert [f.line for f in findings] == [6]


STATEFUL_PROBE = textwrap.dedent("""
    import sys
    import numpy as np
    from keras.models import Sequential
    from keras.layers import LSTM, Dense

    w = np.load(sys.argv[1])
    model = Sequential()
    model.add(LSTM(3, batch_input_shape=(2, 1, 4), stateful=True))
    model.add(Dense(1))
    model.set_weights([w["k"], w["r"], w["b"], w["dk"], w["db"]])
    x = w["x"]
    first = np.concatenate([model.predict(x[i:i + 2], batch_size=2) for i in range(0, 6, 2)])
    model.reset_states()
    again = model.predict(x[0:2], batch_size=2)
    np.savez(sys.argv[2], first=first, again=again)
    print("ok")
""")


@pytest.mark.parametrize("given", ["batch_input_shape=(2, 1, 4)", "batch_size=2, input_shape=(1, 4)"])
def test_the_stateful_lstm_carries_its_state_as_keras_2_3_1_did(tmp_path, given):
    rng = np.random.default_rng(1)
    weights = tmp_path / "weights.npz"
    np.savez(weights, x=rng.normal(size=(6, 1, 4)).astype("float32"), k=rng.normal(size=(4, 12)).astype("float32"),
             r=rng.normal(size=(3, 12)).astype("float32"), b=rng.normal(size=12).astype("float32"),
             dk=rng.normal(size=(3, 1)).astype("float32"), db=np.zeros(1, "float32"))
    probe = tmp_path / "probe.py"
    probe.write_text(STATEFUL_PROBE.replace("batch_input_shape=(2, 1, 4)", given))
    got, target = probe_under_both(legacy37(), probe, weights, tmp_path, ("first", "again"))
    assert "keras.Input(batch_shape=(2, 1, 4))" in target.read_text()
    assert not np.allclose(got["first"][:2], got["first"][2:4])  # the state carried from batch to batch


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
