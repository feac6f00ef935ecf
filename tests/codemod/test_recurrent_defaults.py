"""recurrent_defaults: must-not-change cases first, then before/after, then the numbers (Keras 2.3.1's predictions
from the same weights)."""

import textwrap
from pathlib import Path

import keras
import numpy as np

from migrate.codemod.keras2_helpers import HARD_SIGMOID
from tests.codemod.helpers import (
    assert_legacy_references,
    assert_rewrites,
    assert_unchanged,
    rewrite,
    rewritten_outputs,
)

RULE = "recurrent_defaults"
FUNCTION = textwrap.indent(HARD_SIGMOID[1].strip("\n"), " " * 8).lstrip()


def test_tf_keras_layers_given_defaults_and_a_projects_own_layers_stay():
    assert_unchanged("""
        import tensorflow as tf
        from keras.layers import GRU, ConvLSTM2D
        from mylib.layers import GRU as MyGRU

        a = tf.keras.layers.GRU(4)
        b = tf.keras.layers.ConvLSTM2D(2, (3, 3))
        c = GRU(4, reset_after=True)
        d = ConvLSTM2D(2, (3, 3), recurrent_activation='sigmoid')
        e = MyGRU(4)
        f = GRU(4, reset_after=False)(x)
    """, RULE)


def test_keras_2s_cudnn_layers_as_the_first_run_leaves_them_stay_and_a_second_run_changes_nothing():
    # X-rayLaser/keras-auto-hwr experimental/seq2seq.py: `CuDNNGRU(units=..., return_state=True)`; legacy_import_paths
    # imports it as `GRU as CuDNNGRU`, which a second run must not read as Keras 2's reset-before GRU
    findings = assert_unchanged("""
        from keras.layers import GRU as CuDNNGRU, LSTM as CuDNNLSTM
        rnn = CuDNNGRU(units=32, return_state=True)
        cell = CuDNNLSTM(16)
    """, RULE)
    assert not findings
    got, _ = rewrite("""
        from keras.layers import CuDNNGRU
        rnn = CuDNNGRU(units=32, return_state=True)
    """)
    assert "from keras.layers import GRU as CuDNNGRU" in got and "reset_after" not in got
    again, _ = rewrite(got)
    assert again == got


def test_keras_2s_gru_convlstm2d_and_hard_sigmoid_are_written_out():
    # keras-team/keras examples/conv_lstm.py (ConvLSTM2D), a GRU seq2seq, a gate Dense
    assert_rewrites("""
        import keras
        from keras import backend as K
        from keras.layers import GRU, ConvLSTM2D, Dense

        g = GRU(32, return_sequences=True,
                dropout=0.1)(x)
        seq = keras.models.Sequential()
        seq.add(ConvLSTM2D(filters=40, kernel_size=(3, 3), padding='same', return_sequences=True))
        d = Dense(1, activation='hard_sigmoid')
        h = K.hard_sigmoid(x)
    """, """
        import keras
        from keras import backend as K
        from keras.layers import GRU, ConvLSTM2D, Dense

        g = GRU(32, return_sequences=True,
                dropout=0.1, reset_after=False)(x)
        seq = keras.models.Sequential()


        {FUNCTION}


        seq.add(ConvLSTM2D(filters=40, kernel_size=(3, 3), padding='same', return_sequences=True, recurrent_activation=keras2_hard_sigmoid))
        d = Dense(1, activation=keras2_hard_sigmoid)
        h = keras2_hard_sigmoid(x)
    """.replace("{FUNCTION}", FUNCTION), RULE)


def test_tf_keras_hard_sigmoid_was_keras_2s_too():
    # tf.keras's hard_sigmoid was clip(0.2 x + 0.5) until Keras 3 (tf_keras's backend.py); its defaults were Keras 3's
    got, _ = rewrite("""
        import tensorflow as tf
        import keras
        d = tf.keras.layers.Dense(1, activation='hard_sigmoid')
        e = keras.layers.Dense(1, activation=keras.activations.hard_sigmoid)
        f = tf.keras.activations.hard_sigmoid(x)
        g = tf.keras.layers.GRU(4)
    """, RULE)
    assert "d = tf.keras.layers.Dense(1, activation=keras2_hard_sigmoid)" in got
    assert "e = keras.layers.Dense(1, activation=keras2_hard_sigmoid)" in got
    assert "f = keras2_hard_sigmoid(x)" in got and "g = tf.keras.layers.GRU(4)\n" in got


def test_an_lstm_left_to_keras_2_3s_sigmoid_gets_one_line_of_advice_and_kwargs_are_named():
    got, findings = rewrite("""
        from keras.layers import LSTM, GRU
        a = LSTM(64)
        b = LSTM(32, return_sequences=True)
        c = GRU(8, **options)
    """, RULE)
    assert "a = LSTM(64)\n" in got and "c = GRU(8, **options)" in got
    assert [(f.line, f.advice, "Keras 2.0 to 2.2" in f.message or "reset_after=False" in f.message)
            for f in findings] == [(3, True, True), (5, True, True)]


PROBE = Path(__file__).parent / "scripts" / "recurrent_defaults_probe.py"
REFERENCES = Path(__file__).parent / "data" / "keras231_recurrent_defaults_refs.npz"


def test_the_rewritten_layers_predict_what_keras_2_3_1_predicted_from_the_same_weights(tmp_path):
    """GRUs (one over masked embeddings), stacked LSTMs (one told 'hard_sigmoid'), a ConvLSTM2D, 'hard_sigmoid' in a
    Dense and through the backend: each output equal to Keras 2.3.1's to float32 rounding."""
    got, ref = rewritten_outputs(PROBE, tmp_path), np.load(REFERENCES)
    assert sorted(got.files) == sorted(ref.files) and len(ref.files) == 5
    for name in ref.files:
        np.testing.assert_allclose(got[name], ref[name], rtol=1e-5, atol=1e-6, err_msg=name)


def test_the_references_are_what_keras_2_3_1_computes_now(tmp_path):
    assert_legacy_references(PROBE, REFERENCES, tmp_path)


def test_keras_3s_own_hard_sigmoid_is_another_function_and_the_copy_saves_and_loads(tmp_path):
    namespace = {"keras": keras}
    exec(HARD_SIGMOID[1], namespace)  # noqa: S102 - the project's own helper text
    copy = namespace["keras2_hard_sigmoid"]
    x = np.linspace(-4, 4, 17).astype("float32")
    np.testing.assert_allclose(keras.ops.convert_to_numpy(copy(x)), np.clip(0.2 * x + 0.5, 0, 1), rtol=1e-6)
    assert np.abs(keras.ops.convert_to_numpy(keras.activations.hard_sigmoid(x)) - np.clip(0.2 * x + 0.5, 0, 1)).max() > 0.05
    model = keras.Sequential([keras.Input((4, 3)), keras.layers.GRU(2, recurrent_activation=copy, reset_after=False)])
    model.save(tmp_path / "gates.keras")
    again = keras.models.load_model(tmp_path / "gates.keras")
    values = np.random.default_rng(0).uniform(-1, 1, (2, 4, 3)).astype("float32")
    np.testing.assert_allclose(again.predict(values, verbose=0), model.predict(values, verbose=0), rtol=1e-6)
