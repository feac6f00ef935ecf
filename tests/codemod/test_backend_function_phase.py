"""backend_function_to_model with the learning phase as K.function's last input (Keras 2's FAQ: "How can I obtain
the output of an intermediate layer?"): the cases that stay reported first, then before/after, then the FAQ's code
run under Keras 2.3.1 against its rewrite run under Keras 3, on the same weights."""

from pathlib import Path

import numpy as np

from tests.codemod.helpers import assert_rewrites, assert_unchanged, legacy37, probe_under_both, rewrite

RULE = "backend_function_to_model"
PROBE = Path(__file__).parent / "scripts" / "backend_function_phase_probe.py"
OUTPUTS = ("test_mode", "as_float", "as_false", "left_out", "hidden", "probs", "predicted")


def test_training_mode_a_phase_in_a_name_and_gradients_stay_reported():
    """A training-mode call (`f([x, 1])`): Keras 3's `model(x, training=True)` computes the same arrays, but also
    moves BatchNormalization's moving statistics, which Keras 2's K.function did not; a phase held in a name; a
    K.gradients output; a file that sets the phase (the value fed then decided nothing)."""
    source = """
        from keras import backend as K

        get_output = K.function([model.layers[0].input, K.learning_phase()], [model.layers[3].output])
        test_output = get_output([x, 0])[0]
        train_output = get_output([x, 1])[0]
        as_true = K.function([model.input, K.learning_phase()], [model.output, model.layers[1].output])
        a, b = as_true([x, True])
        in_a_name = K.function([model.input, K.learning_phase()], [model.output, model.layers[1].output])
        a, b = in_a_name([x, phase])
        iterate = K.function([model.input, K.learning_phase()], [loss, grads])  # grads = K.gradients(loss, ...)
        loss_value, grads_value = iterate([x, 0])
        not_last = K.function([K.learning_phase(), model.input], [model.output, model.layers[1].output])
        a, b = not_last([0, x])
    """
    assert_unchanged(source, RULE)
    _, findings = rewrite(source, RULE, "backend_functions_to_ops")
    lines = {f.line for f in findings if "learning phase is fed" in f.message}
    assert {4, 7, 9, 11, 13} <= lines
    assert_unchanged("""
        from keras import backend as K

        K.set_learning_phase(1)
        get_output = K.function([model.layers[0].input, K.learning_phase()], [model.layers[3].output])
        test_output = get_output([x, 0])[0]
    """, RULE)


def test_a_callable_handed_on_stays():
    """titu1994/LSTM-FCN's `build_function` returns its list of K.functions, called elsewhere `func([x, 1.])`;
    Sarcasm-Detection's calls take a list built beforehand; a callable returned or passed on is called out of
    sight."""
    assert_unchanged("""
        from keras import backend as K

        def build_function(model, outputs):
            funcs = [K.function([inp] + [K.learning_phase()], [out]) for out in outputs]
            return funcs

        def activations(model, x, outputs):
            funcs = [K.function([model.input, K.learning_phase()], [out]) for out in outputs]
            return [func([x, 0.])[0] for func in funcs]

        def returned(model):
            f = K.function([model.input, K.learning_phase()], [model.output, model.layers[1].output])
            return f

        def passed_on(model, x):
            f = K.function([model.input, K.learning_phase()], [model.output, model.layers[1].output])
            return run(f, x)

        def list_built_before(model, x):
            f = K.function([model.input, K.learning_phase()], [model.output, model.layers[1].output])
            values = [x, 0.]
            return f(values)

        def first_not_taken(model, x):
            f = K.function([model.input, K.learning_phase()], [model.output])
            return f([x, 0])
    """, RULE)


def test_the_faq_idiom_in_test_mode_becomes_predict_on_batch():
    """The FAQ's code, `f([x, 0])[0]  # output in test mode = 0`, and the same with 0., False, or the value left out
    (Document-Classifier-LSTM's `get_layer_output([test_seq, ])[0]`: Keras 2 then took the default, test mode).
    `model.layers[0].input`, a Keras 3 InputLayer's empty list, becomes `model.inputs[0]`."""
    assert_rewrites("""
        from keras import backend as K
        import numpy as np

        get_3rd_layer_output = K.function([model.layers[0].input, K.learning_phase()], [model.layers[3].output])
        layer_output = get_3rd_layer_output([x, 0])[0]
        as_float = get_3rd_layer_output([x, 0.])[0]
        as_false = get_3rd_layer_output([x, False])[0]

        def attention(model, test_seq):
            get_layer_output = K.function([model.layers[0].input, K.learning_phase()], [model.layers[4].output])
            out = get_layer_output([test_seq, ])[0]  # test mode
            return np.tanh(out)

        class Probe:
            def __init__(self, model):
                self.both = K.function([model.input, K.learning_phase()], [model.layers[1].output, model.output])

            def run(self, x):
                hidden, probs = self.both([x, 0])
                return hidden
    """, """
        from keras import backend as K
        import numpy as np
        import keras

        get_3rd_layer_output = keras.Model([model.inputs[0]], [model.layers[3].output]).predict_on_batch
        layer_output = get_3rd_layer_output([x])
        as_float = get_3rd_layer_output([x])
        as_false = get_3rd_layer_output([x])

        def attention(model, test_seq):
            get_layer_output = keras.Model([model.inputs[0]], [model.layers[4].output]).predict_on_batch
            out = get_layer_output([test_seq, ])  # test mode
            return np.tanh(out)

        class Probe:
            def __init__(self, model):
                self.both = keras.Model([model.input], [model.layers[1].output, model.output]).predict_on_batch

            def run(self, x):
                hidden, probs = self.both([x])
                return hidden
    """, RULE)


def test_tf_keras_and_an_input_bound_by_name():
    assert_rewrites("""
        import tensorflow as tf
        from tensorflow.keras.layers import Dense, Input

        def build():
            inputs = Input((4,))
            hidden = Dense(3)(inputs)
            probe = tf.keras.backend.function([inputs, tf.keras.backend.learning_phase()], [hidden])
            return probe([x, 0])[0]
    """, """
        import tensorflow as tf
        from tensorflow.keras.layers import Dense, Input
        import keras

        def build():
            inputs = Input((4,))
            hidden = Dense(3)(inputs)
            probe = keras.Model([inputs], [hidden]).predict_on_batch
            return probe([x])
    """, RULE)


def _weights(path: Path) -> None:
    """The model's weights and input, as NumPy arrays in one file both stacks read: BatchNormalization's moving
    mean and variance far from a batch's, so that test mode and training mode give different arrays."""
    rng = np.random.RandomState(1)
    shapes = [(4, 5), (5,), (5,), (5,), (5,), (5,), (5, 3), (3,)]
    arrays = {f"w{i}": rng.uniform(0.5, 1.5, size=shape).astype("float32") for i, shape in enumerate(shapes)}
    arrays["w4"] = rng.normal(size=5).astype("float32")  # the moving mean
    np.savez(path, x=rng.normal(size=(6, 4)).astype("float32"), **arrays)


def test_the_rewritten_faq_code_computes_what_keras_2_3_1_did(tmp_path):
    legacy = legacy37()
    weights = tmp_path / "weights.npz"
    _weights(weights)
    _, target = probe_under_both(legacy, PROBE, weights, tmp_path, OUTPUTS)
    assert "K.function" not in target.read_text().split('"""', 2)[2]


def test_a_callable_another_file_of_the_run_takes_stays(tmp_path):
    """`from utils import get_output` in another file: its calls (`get_output([x, 0])[0]`) are not in utils.py, and
    would keep the phase's value and the `[0]` the rewrite drops. It becomes backend_function_to_helper's
    keras2_function instead, which takes Keras 2's calls as they are."""
    from migrate.codemod.engine import run
    from migrate.codemod.registry import all_rules

    made = ("from keras import backend as K\n"
            "get_output = K.function([model.input, K.learning_phase()], [model.layers[3].output])\n"
            "first = get_output([x, 0])[0]\n")
    (tmp_path / "utils.py").write_text(made)
    (tmp_path / "main.py").write_text("from utils import get_output\nprint(get_output([x, 0])[0])\n")
    results = {Path(r.path).name: r for r in run([tmp_path], all_rules()).results}
    rewritten = results["utils.py"].rewritten.decode()
    assert "predict_on_batch" not in rewritten and "get_output = keras2_function(" in rewritten
    (tmp_path / "main.py").write_text("import numpy\n")
    results = {Path(r.path).name: r for r in run([tmp_path], all_rules()).results}
    assert "keras.Model([model.input], [model.layers[3].output]).predict_on_batch" in \
        results["utils.py"].rewritten.decode()
