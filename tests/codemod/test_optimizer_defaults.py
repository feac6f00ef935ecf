"""optimizer_defaults: must-not-change cases first, then before/after, then the training the rewrite keeps (Keras
2.3.1's and TensorFlow 1.15's weights after the same batches)."""

import textwrap
from pathlib import Path

import keras
import numpy as np
import pytest

from migrate.codemod.keras2_helpers import ADAGRAD, NADAM
from tests.codemod.helpers import (
    assert_legacy_references,
    assert_rewrites,
    assert_unchanged,
    rewrite,
    rewritten_outputs,
)

RULE = "optimizer_defaults"


def test_tf_keras_optimizers_given_rates_a_projects_own_class_and_other_strings_stay():
    assert_unchanged("""
        import tensorflow as tf
        from keras.optimizers import Adadelta, Adamax

        a = tf.keras.optimizers.Adadelta()
        b = tf.keras.optimizers.Nadam()
        c = Adadelta(learning_rate=0.5)
        d = Adamax(0.01)
        model.compile(optimizer='adam', loss='mse')
        model.compile(optimizer=name, loss='mse')
    """, RULE)
    assert_unchanged("""
        from tensorflow import keras
        import keras as k2

        model.compile(optimizer='adadelta', loss='mse')
    """, RULE)
    assert_unchanged("""
        from mylib.optimizers import Nadam

        o = Nadam()
        pattern = re.compile('nadam')
    """, RULE)


def test_keras_2s_defaults_are_written_out_and_nadam_and_adagrad_take_keras_2s_step():
    # keras-team/keras examples/mnist_cnn.py (Adadelta()), jderiu/keras_textvae (Nadam(schedule_decay=)),
    # aidiary/keras-examples (compile strings)
    assert_rewrites("""
        import keras
        from keras.optimizers import Adamax, Nadam

        model.compile(loss=keras.losses.categorical_crossentropy, optimizer=keras.optimizers.Adadelta(),
                      metrics=['accuracy'])
        a = Adamax(beta_1=0.8)
        n = Nadam(learning_rate=0.002, beta_1=0.9, beta_2=0.999, epsilon=1e-08, schedule_decay=0.001, clipnorm=10)
        model.compile('Adagrad', loss='mse')
        model.compile(optimizer='nadam', loss='mse')
    """, """
        import keras
        from keras.optimizers import Adamax

        model.compile(loss=keras.losses.categorical_crossentropy, optimizer=keras.optimizers.Adadelta(learning_rate=1.0),
                      metrics=['accuracy'])
        a = Adamax(learning_rate=0.002, beta_1=0.8)


        {ADAGRAD}


        {NADAM}


        n = Keras2Nadam(learning_rate=0.002, beta_1=0.9, beta_2=0.999, epsilon=1e-08, schedule_decay=0.001, global_clipnorm=10)
        model.compile(Keras2Adagrad(), loss='mse')
        model.compile(optimizer=Keras2Nadam(), loss='mse')
    """.replace("{ADAGRAD}", textwrap.indent(ADAGRAD[1].strip("\n"), " " * 8).lstrip())
       .replace("{NADAM}", textwrap.indent(NADAM[1].strip("\n"), " " * 8).lstrip()), RULE)


def test_the_whole_run_gives_the_learning_rate_keras_2_meant():
    # Keras 2's `lr=` and `decay=` rules run first: the rate is where they put it
    got, findings = rewrite("""
        from keras.optimizers import Adadelta, Adamax, Nadam
        a = Adadelta(decay=1e-4)
        b = Adamax(lr=0.01)
        c = Nadam(lr=0.01)
    """)
    assert "a = Adadelta(learning_rate=InverseTimeDecay(1.0, decay_steps=1, decay_rate=1e-4))" in got
    assert "b = Adamax(learning_rate=0.01)" in got and "c = Keras2Nadam(learning_rate=0.01)" in got
    assert not [finding for finding in findings if not finding.advice]


def test_documented_epsilon_none_clipnorm_and_rmsprop():
    # Keras 2.2's documented signatures (`RMSprop(lr=0.001, rho=0.9, epsilon=None, decay=0.0)`: None read as
    # K.epsilon(), keras/optimizers.py 2.2.4); tf.keras read None so too; Keras 2's clipnorm was a global norm
    got, findings = rewrite("""
        import tensorflow as tf
        from keras.optimizers import Adam, RMSprop
        a = Adam(learning_rate=0.001, epsilon=None, amsgrad=False, clipnorm=1.0)
        b = tf.keras.optimizers.Adam(epsilon=None, clipnorm=1.0)
        c = RMSprop(0.001, 0.9, 1e-6)
    """, RULE)
    assert "a = Adam(learning_rate=0.001, epsilon=keras.backend.epsilon(), amsgrad=False, global_clipnorm=1.0)" in got
    assert "b = tf.keras.optimizers.Adam(epsilon=keras.backend.epsilon(), clipnorm=1.0)" in got
    assert "c = RMSprop(0.001, 0.9, 1e-6)" in got and "import keras\n" in got
    assert [(f.line, f.advice, "by position" in f.message) for f in findings] == [(6, False, True)]


PROBE = Path(__file__).parent / "scripts" / "optimizer_defaults_probe.py"
REFERENCES = Path(__file__).parent / "data" / "keras231_optimizer_defaults_refs.npz"
TF115 = Path(__file__).parent / "data" / "tf115_optimizer_refs.npz"


def test_adadelta_adagrad_rmsprop_and_clipnorm_train_as_keras_2_3_1_trained(tmp_path):
    """Five epochs of four batches from the same weights: Keras 3 with the rewrite ends where Keras 2.3.1 ended (to
    float32 rounding), classes, arguments and compile strings alike."""
    got, ref = rewritten_outputs(PROBE, tmp_path), np.load(REFERENCES)
    assert sorted(got.files) == sorted(ref.files) and len(ref.files) == 10
    for name in ref.files:
        np.testing.assert_allclose(got[name], ref[name], rtol=1e-5, atol=1e-6, err_msg=name)


def test_keras_3s_own_classes_as_written_train_otherwise():
    # what the rewrite prevents, measured: the same calls left as Keras 3 reads them end elsewhere
    ref = np.load(REFERENCES)
    for name, optimizer in (("adadelta", keras.optimizers.Adadelta()), ("rmsprop", keras.optimizers.RMSprop()),
                            ("adagrad", keras.optimizers.Adagrad(learning_rate=0.01)),
                            ("sgd_clipnorm", keras.optimizers.SGD(learning_rate=0.5, clipnorm=0.05))):
        assert np.abs(_trained(optimizer) - ref[name]).max() > 5e-5, name


def test_the_references_are_what_keras_2_3_1_computes_now(tmp_path):
    assert_legacy_references(PROBE, REFERENCES, tmp_path)


def _trained(optimizer: keras.optimizers.Optimizer) -> np.ndarray:
    """The probe's model, weights and batches under Keras 3."""
    rng = np.random.RandomState(0)
    x = rng.uniform(-1, 1, (64, 6)).astype("float32")
    y = np.tanh(x.dot(rng.uniform(-1, 1, (6, 2)))).astype("float32")
    model = keras.Sequential([keras.Input((6,)), keras.layers.Dense(8, activation="tanh"), keras.layers.Dense(2)])
    weights = np.random.RandomState(1)
    model.set_weights([weights.uniform(-0.5, 0.5, w.shape).astype("float32") for w in model.get_weights()])
    model.compile(optimizer=optimizer, loss="mse")
    model.fit(x, y, batch_size=16, epochs=5, shuffle=False, verbose=0)
    return np.concatenate([w.ravel() for w in model.get_weights()])


def _copies() -> dict:
    namespace = {"keras": keras}
    for _, source in (NADAM, ADAGRAD):
        exec(source, namespace)  # noqa: S102 - the project's own helper text
    return namespace


def test_nadam_and_adamax_train_as_tensorflow_1_15_did_with_keras_2s_schedule():
    """TensorFlow 1.15's tf.keras Nadam had Keras 2's schedule (0.96 ** (0.004 t)) and read the step in order: the copy
    ends where it ended, and Keras 3's own Nadam does not (the test can tell them apart)."""
    ref = np.load(TF115)
    nadam = _copies()["Keras2Nadam"]
    np.testing.assert_allclose(_trained(nadam()), ref["nadam"], rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(_trained(keras.optimizers.Adamax(learning_rate=0.002)), ref["adamax"], rtol=1e-5,
                               atol=1e-6)
    assert np.abs(_trained(keras.optimizers.Nadam(learning_rate=0.002)) - ref["nadam"]).max() > 1e-3


@pytest.mark.parametrize("schedule_decay", [0.004, 0.001, 0.05])
def test_the_copys_momentum_schedule_is_keras_2_3_1s_formula(schedule_decay):
    # keras/optimizers.py (2.3.1), Nadam.get_updates: beta_1 * (1 - 0.5 * 0.96 ** (t * schedule_decay))
    optimizer = _copies()["Keras2Nadam"](schedule_decay=schedule_decay)
    for step in (1, 10, 1000):
        got = float(keras.ops.convert_to_numpy(optimizer._momentum_cache(step, "float32")))
        assert got == pytest.approx(0.9 * (1 - 0.5 * 0.96 ** (step * schedule_decay)), rel=1e-6)
    assert optimizer.get_config()["schedule_decay"] == schedule_decay
    assert optimizer.get_config()["learning_rate"] == pytest.approx(0.002)


def test_a_keras_2_optimizer_string_that_may_reach_compile_otherwise_is_named_in_advice():
    # an argparse default given to compile through a variable: the string is not rewritten, the advice says what
    got, findings = rewrite("""
        import argparse
        import keras
        parser = argparse.ArgumentParser()
        parser.add_argument('--optimizer', default='Adadelta')
        model.compile(optimizer=parser.parse_args().optimizer, loss='mse')
    """, RULE)
    assert "default='Adadelta'" in got
    assert [(f.line, f.advice, "keras.optimizers.Adadelta(learning_rate=1.0)" in f.message) for f in findings] == \
        [(5, True, True)]


def test_a_model_compiled_with_a_copy_saves_and_loads_back_where_the_copy_is_defined(tmp_path):
    copies = _copies()
    for name in ("Keras2Nadam", "Keras2Adagrad"):
        model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
        model.compile(optimizer=copies[name](), loss="mse")
        model.fit(np.ones((4, 3)), np.ones((4, 2)), verbose=0)
        model.save(tmp_path / f"{name}.keras")
        again = keras.models.load_model(tmp_path / f"{name}.keras")
        assert type(again.optimizer).__name__ == name
    _, findings = rewrite("""
        from keras.optimizers import Nadam
        model.compile(optimizer=Nadam(), loss='mse')
        model.save('model.keras')
    """, RULE)
    assert [(f.line, f.advice, "load_model(path, compile=False)" in f.message) for f in findings] == [(3, True, True)]


def test_a_class_handed_on_uncalled_is_named_in_advice_and_the_copys_own_base_is_not():
    # an optimizer table (`{'nadam': Nadam}`) or a class kept to call later: what it will build is Keras 3's
    got, findings = rewrite("""
        import keras
        from keras.optimizers import Adam, Nadam
        choices = {'adam': Adam, 'nadam_class': Nadam}
        later = keras.optimizers.Adadelta
    """, RULE)
    assert "choices = {'adam': Adam, 'nadam_class': Nadam}" in got
    assert [(f.line, f.advice, f.message.split(" is handed on")[0]) for f in findings] == [
        (4, True, "Keras 2's Nadam"), (5, True, "Keras 2's Adadelta")]
    again, findings = rewrite(rewrite("from keras.optimizers import Nadam\no = Nadam()\n", RULE)[0], RULE)
    assert "class Keras2Nadam(keras.optimizers.Nadam)" in again and findings == []
