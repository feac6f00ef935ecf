"""backend_function_to_model: must-not-change cases first, then before/after, then the rewritten script against
the numbers Keras 2.3.1 computed."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np

from tests.codemod.helpers import (
    assert_legacy_references,
    assert_rewrites,
    assert_unchanged,
    rewrite,
)
from tests.conftest import ROOT

RULE = "backend_function_to_model"
PROBE = Path(__file__).parent / "scripts" / "backend_function_probe.py"
REFERENCES = Path(__file__).parent / "data" / "keras231_backend_function_refs.npz"


def test_graph_code_and_uses_other_than_the_first_stay():
    assert_unchanged("""
        from keras import backend as K

        train = K.function([model.input, target], [], updates=updates)
        phase = K.function([model.input, K.learning_phase()], [model.output])
        trained = phase([x, 1])[0]
        grads = K.function([model.input], [K.gradients(loss, model.input)[0]])
        from_placeholder = K.function([image_shape], [boxes, scores])
        single = K.function([model.input], [model.output])
        value = single([x])
        taken_twice = K.function([model.input], [model.output])
        a = taken_twice([x])[0]
        b = taken_twice
        not_keras = function([model.input], [model.output, model.output])
    """, RULE)


def test_two_outputs_become_predict_on_batch_and_one_loses_its_first_element():
    assert_rewrites("""
        from keras import backend as K

        both = K.function([model.input], [model.get_layer("hidden").output, model.output])
        probs = K.function(model.inputs, [model.output])
        hidden_value, probs_value = both([x])
        p = probs([x])[0]

        class Probe:
            def __init__(self, model):
                self.f = K.function(inputs=[model.input], outputs=[model.layers[-1].output[0]])

            def run(self, x):
                return self.f([x])[0]
    """, """
        from keras import backend as K
        import keras

        both = keras.Model([model.input], [model.get_layer("hidden").output, model.output]).predict_on_batch
        probs = keras.Model(model.inputs, [model.output]).predict_on_batch
        hidden_value, probs_value = both([x])
        p = probs([x])

        class Probe:
            def __init__(self, model):
                self.f = keras.Model([model.input], [model.layers[-1].output[0]]).predict_on_batch

            def run(self, x):
                return self.f([x])
    """, RULE)


def test_input_and_layer_tensors_bound_once_by_name():
    """Keras's image_ocr example (`test_func = K.function([input_data], [y_pred])`) and the CTC speech and OCR
    code that copied it: the names are the Input and a layer's call, each bound once in the function."""
    assert_rewrites("""
        from keras import backend as K
        from keras.layers import Activation, Dense, Input

        class SpeechModel:
            def build(self):
                input_data = Input(name='the_input', shape=(200, 20))
                y_pred = Activation('softmax', name='Activation0')(Dense(10)(input_data))
                test_func = K.function([input_data], [y_pred])
                self.probe = K.function([input_data], [y_pred])
                return Model(input_data, y_pred)

            def predict(self, x, y_pred):
                y_pred = y_pred[:, :, :]
                return self.probe([x])[0]
    """, """
        from keras import backend as K
        from keras.layers import Activation, Dense, Input
        import keras

        class SpeechModel:
            def build(self):
                input_data = Input(name='the_input', shape=(200, 20))
                y_pred = Activation('softmax', name='Activation0')(Dense(10)(input_data))
                test_func = keras.Model([input_data], [y_pred]).predict_on_batch
                self.probe = keras.Model([input_data], [y_pred]).predict_on_batch
                return Model(input_data, y_pred)

            def predict(self, x, y_pred):
                y_pred = y_pred[:, :, :]
                return self.probe([x])
    """, RULE)


def test_a_lambda_or_a_nested_function_binds_its_own_names():
    """ASRT's speech models: `lambda y_true, y_pred: y_pred` in the compile beside `y_pred = Activation(...)(x)` binds
    a `y_pred` of the lambda's own; so does an inner function's assignment. The function's own stays bound once."""
    assert_rewrites("""
        from keras import backend as K
        from keras.layers import Activation, Dense, Input

        def build():
            input_data = Input(name='the_input', shape=(200, 20))
            y_pred = Activation('softmax', name='Activation0')(Dense(10)(input_data))
            model.compile(loss={'ctc': lambda y_true, y_pred: y_pred}, optimizer='adam')

            def helper(x):
                y_pred = x[:, 0]
                return y_pred

            test_func = K.function([input_data], [y_pred])
            return Model(input_data, y_pred)
    """, """
        from keras import backend as K
        from keras.layers import Activation, Dense, Input
        import keras

        def build():
            input_data = Input(name='the_input', shape=(200, 20))
            y_pred = Activation('softmax', name='Activation0')(Dense(10)(input_data))
            model.compile(loss={'ctc': lambda y_true, y_pred: y_pred}, optimizer='adam')

            def helper(x):
                y_pred = x[:, 0]
                return y_pred

            test_func = keras.Model([input_data], [y_pred]).predict_on_batch
            return Model(input_data, y_pred)
    """, RULE)


def test_a_nested_function_that_rebinds_the_name_outside_stops_it():
    """`nonlocal y_pred` in an inner function makes its assignment the outer function's: bound twice."""
    assert_unchanged("""
        from keras import backend as K
        from keras.layers import Activation, Input

        def build():
            input_data = Input(shape=(3,))
            y_pred = Activation('softmax')(input_data)

            def reset():
                nonlocal y_pred
                y_pred = None

            return K.function([input_data], [y_pred])
    """, RULE)


def test_names_bound_otherwise_stay():
    assert_unchanged("""
        from keras import backend as K
        from keras.layers import Activation, Input

        def from_a_placeholder(x):
            y = Activation('softmax')(x)
            return K.function([x], [y])

        def bound_twice():
            a = Input((3,))
            y = Activation('softmax')(a)
            y = y[:, 0]
            return K.function([a], [y])

        def not_a_layer_call():
            a = Input((3,))
            y = my_function(a)
            return K.function([a], [y])

        def a_loop():
            for a in [Input((3,))]:
                y = Activation('softmax')(a)
            return K.function([a], [y])
    """, RULE)


def test_what_stays_is_reported_with_what_to_do():
    _, findings = rewrite("""
        from keras import backend as K

        train = K.function([model.input, target], [], updates=updates)
        phase = K.function([model.input, K.learning_phase()], [model.output])
        grads = K.function([model.input], [K.gradients(loss, model.input)[0]])
        step = K.function([model.input, g], [tf.train.AdamOptimizer(lr).apply_gradients(grads)])
        trained = phase([x, 1.])[0]
    """, RULE, "backend_functions_to_ops")
    messages = {f.line: f.message for f in findings if "backend.function" in f.message}
    assert "tf.GradientTape step" in messages[4] and "tf.GradientTape step" in messages[7]
    assert "training=True/False" in messages[5] and "K.gradients" in messages[6]


def test_the_rewritten_script_computes_what_keras_2_3_1_did(tmp_path):
    """The probe rewritten by `migrate code --write` and run under Keras 3: the arrays Keras 2.3.1's K.function
    gave (tests/codemod/data/keras231_backend_function_refs.npz, made by running the probe with /tmp/legacy37)."""
    target = tmp_path / PROBE.name
    shutil.copy(PROBE, target)
    done = subprocess.run([sys.executable, "-m", "migrate", "code", "--write", str(target)], capture_output=True,
                          text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0 and ", 0 sites left for review," in done.stderr, done.stderr
    assert "K.function" not in target.read_text().split('"""', 2)[2]
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3")
    run = subprocess.run([sys.executable, str(target), str(tmp_path / "keras3.npz")], capture_output=True, text=True,
                         timeout=300, env=env, cwd=tmp_path)
    assert run.returncode == 0 and run.stdout.strip().endswith("ok"), run.stderr[-2500:]
    got, ref = np.load(tmp_path / "keras3.npz"), np.load(REFERENCES)
    np.testing.assert_array_equal(got["x"], ref["x"])
    for name in ("hidden", "probs", "probs_only", "hidden_named", "normed_named"):
        assert got[name].shape == ref[name].shape and got[name].dtype == ref[name].dtype, name
        np.testing.assert_allclose(got[name], ref[name], rtol=1e-4, atol=1e-6, err_msg=name)


def test_the_references_are_what_keras_2_3_1_computes_now(tmp_path):
    assert_legacy_references(PROBE, REFERENCES, tmp_path,
                             ("x", "hidden", "probs", "probs_only", "hidden_named", "normed_named"))
