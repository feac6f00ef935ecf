"""removed_model_methods: must-not-change cases first, then before/after, then the written functions run by Keras 3
against Keras 2.3.1's bodies (engine/sequential.py predict_classes, engine/network.py reset_states)."""

import textwrap

import keras
import numpy as np

from tests.codemod.helpers import assert_unchanged, rewrite

RULE = "removed_model_methods"


def test_a_layers_reset_states_and_a_projects_own_methods_stay():
    assert_unchanged("""
        from keras.layers import LSTM
        lstm = LSTM(4, stateful=True)
        lstm.reset_states()
        class Agent:
            def predict_classes(self, x):
                return x
        agent = Agent()
        agent.predict_classes(3)
        env.reset_states(1)
        from sklearn.linear_model import LogisticRegression
        clf = LogisticRegression()
        p = clf.predict_proba(X)
    """, RULE)


def test_the_methods_become_keras_2s_bodies():
    """Keras-Deep-Learning-Cookbook (fifteenth hold-out): predict_classes (10 sites), reset_states (12),
    predict_proba."""
    got, findings = rewrite("""
        import keras
        from keras.models import Sequential, load_model
        model = Sequential()
        other = load_model('m.h5')
        model.reset_states()
        other.reset_states()
        classes = model.predict_classes(x_test, batch_size=2)
        proba = model.predict_proba(x_test)
        loud = other.predict_proba(x_test, verbose=1)
    """, RULE)
    assert "    keras2_reset_states(model)\n" not in got and "\nkeras2_reset_states(model)\nkeras2_reset_states(other)\n" in got
    assert "classes = keras2_predict_classes(model, x_test, batch_size=2)" in got
    assert "proba = model.predict(x_test, verbose=0)" in got and "loud = other.predict(x_test, verbose=1)" in got
    assert got.count("def keras2_predict_classes(") == got.count("def keras2_reset_states(") == 1
    assert findings == []
    assert rewrite(got, RULE)[0] == got


def test_a_model_held_by_an_attribute_the_file_only_sets_to_a_model():
    # Bipinoli/Music-Generation-with-LSTM AI/chord_model.py:26 (forty-sixth hold-out, read after its measurement)
    got, _ = rewrite("""
        import keras

        class ChordModel:
            def __init__(self, path):
                self.model = keras.models.load_model(path)
                self.model.reset_states()
                self.env = make_env()
                self.env.reset_states()

        class Other:
            def __init__(self, path):
                self.net = keras.models.load_model(path)
                self.net = wrap(self.net)
                self.net.reset_states()
    """, RULE)
    assert "keras2_reset_states(self.model)" in got and "self.env.reset_states()" in got
    assert "self.net.reset_states()" in got  # also set to what a wrap gives: not known for a model


def test_the_written_functions_compute_what_keras_2_did():
    got, _ = rewrite("""
        import numpy as np
        from keras.models import Sequential
        from keras.layers import Dense, LSTM, Input
        many = Sequential([Input((3,)), Dense(4, activation='softmax')])
        one = Sequential([Input((3,)), Dense(1, activation='sigmoid')])
        classes = many.predict_classes(X)
        binary = one.predict_classes(X, batch_size=2)
        stateful = Sequential([Input(batch_shape=(2, 3, 1)), LSTM(4, stateful=True), Dense(1)])
        first = stateful.predict(S, verbose=0)
        again = stateful.predict(S, verbose=0)
        stateful.reset_states()
        after = stateful.predict(S, verbose=0)
    """, RULE)
    x = np.random.RandomState(0).normal(size=(5, 3))
    s = np.random.RandomState(1).normal(size=(2, 3, 1))
    space = {"X": x, "S": s}
    exec(compile(textwrap.dedent(got), "methods.py", "exec"), space)  # noqa: S102 - the test's own code
    # Keras 2.3.1: argmax when the last axis has more than one value, else (proba > 0.5).astype('int32')
    np.testing.assert_array_equal(space["classes"], space["many"].predict(x, verbose=0).argmax(axis=-1))
    np.testing.assert_array_equal(space["binary"], (space["one"].predict(x, verbose=0) > 0.5).astype("int32"))
    assert space["binary"].dtype == np.int32
    assert not np.allclose(space["first"], space["again"])  # the state carried over
    np.testing.assert_allclose(space["after"], space["first"], rtol=1e-6)  # and was reset
    assert keras.__version__.startswith("3.")
