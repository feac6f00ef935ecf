"""backend_function_to_helper: K.function, K.gradients and K.learning_phase() over a model's own tensors become
functions written into the file. The cases that stay reported first, then before/after, then the helpers run under
Keras 3 against gradients taken by hand, and a probe run under Keras 2.3.1 against its rewrite run under Keras 3."""

import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np

from tests.codemod.helpers import assert_unchanged, legacy37, probe_under_both, rewrite, rewritten_copy

RULE = "backend_function_to_helper"
PROBE = Path(__file__).parent / "scripts" / "backend_function_helper_probe.py"
CALLED = re.compile(r"(?<!Keras 2's )K\.(function|gradients|learning_phase)\(")  # (the helpers' docstrings name them)
OUTPUTS = ("loss", "grads", "pooled", "conv", "train_normed", "train_probs", "test_normed", "test_probs")

FILTER_VISUALIZATION = """
    from keras import backend as K

    input_img = model.input

    def visualize(layer_name, filter_index, image):
        loss = K.mean(model.get_layer(layer_name).output[:, :, :, filter_index])
        grads = K.gradients(loss, input_img)[0]
        iterate = K.function([input_img], [loss, grads])
        return iterate([image])

    def activations(classifier, samples):
        functor = K.function([classifier.input] + [K.learning_phase()], [layer.output for layer in classifier.layers])
        return functor([samples, 1])
"""


def test_graph_variables_of_the_file_a_set_phase_updates_and_private_tensors_stay():
    """Style transfer's images and loss are variables (no Keras 3 model takes one); a file that sets the phase;
    a training step (`updates=`); a model's private feeds and an optimizer's symbolic gradients."""
    for source in ("""
        from keras import backend as K

        base_image = K.variable(image)
        combination_image = K.placeholder((1, 8, 8, 3))
        grads = K.gradients(loss, combination_image)
        f_outputs = K.function([combination_image], [loss] + grads)
    """, """
        from keras import backend as K

        K.set_learning_phase(1)
        f = K.function([model.input, K.learning_phase()], [model.output])
    """, """
        from keras import backend as K

        train = K.function([model.input], [loss], updates=updates)
        feed = K.function(model._feed_inputs + [K.learning_phase()], [model.total_loss])
        saliency = K.function([model.input], model.optimizer.get_gradients(model.output[0][0], model.input))
    """):
        assert_unchanged(source, RULE)


def test_a_gradient_penalty_weights_and_a_phase_outside_a_list_stay():
    """`K.gradients(y_pred, averaged_samples)` inside a loss (y_pred is no graph tensor in Keras 3); gradients with
    respect to weights (variables, which no model takes as inputs); a learning phase passed otherwise than in a list
    keeps every K.function of the file with it."""
    assert_unchanged("""
        from keras import backend as K

        def gradient_penalty_loss(y_true, y_pred, averaged_samples):
            gradients = K.gradients(y_pred, averaged_samples)[0]
            return K.mean(K.square(gradients))

        weights_grads = K.gradients(loss, model.trainable_weights)
        kernel_grads = K.gradients(loss, [kernel])
    """, RULE)
    assert_unchanged("""
        from keras import backend as K

        out = K.in_train_phase(a, b, training=K.learning_phase())
        f = K.function([model.input, K.learning_phase()], [model.output])
    """, RULE)
    _, findings = rewrite("""
        from keras import backend as K

        def gradient_penalty_loss(y_true, y_pred, averaged_samples):
            return K.gradients(y_pred, averaged_samples)[0]
    """, RULE, "backend_functions_to_ops")
    assert [(f.line, "gradients" in f.message) for f in findings] == [(5, True)]


def test_filter_visualization_and_activations_become_helpers():
    """The calls are renamed and the helpers written before the first function (with `import tensorflow as tf`
    for the gradient layer's tape); their arguments stay as they were."""
    result, findings = rewrite(FILTER_VISUALIZATION, RULE)
    assert findings == []
    body = result.split("\ndef visualize", 1)[1]
    assert "grads = keras2_gradients(loss, input_img)[0]" in body
    assert "iterate = keras2_function([input_img], [loss, grads])" in body
    assert "functor = keras2_function([classifier.input] + [Keras2LearningPhase()], [layer.output" in body
    head = result.split("\ndef visualize", 1)[0]
    for definition in ("class Keras2Gradients(keras.layers.Layer):", "class Keras2LearningPhase:",
                       "def keras2_function(inputs, outputs):", "def keras2_gradients(loss, variables):"):
        assert head.count(definition) == 1, definition
    assert "import keras\nimport tensorflow as tf\n" in head
    assert rewrite(result, RULE)[0] == result


def test_a_name_bound_to_a_layer_output_and_tf_keras():
    result, _ = rewrite("""
        import tensorflow as tf

        conv_output = model.get_layer('conv').output
        grads = tf.keras.backend.gradients(model.output[:, 0], conv_output)[0]
        iterate = tf.keras.backend.function([model.input], [grads, conv_output[0]])
    """, RULE)
    assert "grads = keras2_gradients(model.output[:, 0], conv_output)[0]" in result
    assert "iterate = keras2_function([model.input], [grads, conv_output[0]])" in result


def test_the_helpers_compute_the_gradients_taken_by_hand(tmp_path):
    """Run under Keras 3 (no Keras 2 here): the rewritten filter visualization's loss and gradient, and Grad-CAM's
    gradient at a convolution's output, against tf.GradientTape on the same model."""
    script = tmp_path / "probe.py"
    script.write_text("""
import numpy as np
import keras
from keras import backend as K
import tensorflow as tf

inputs = keras.Input((6, 6, 2))
conv = keras.layers.Conv2D(3, 3, activation="tanh", name="conv")(inputs)
model = keras.Model(inputs, keras.layers.Dense(2)(keras.layers.Flatten()(conv)))
x = np.random.RandomState(0).normal(size=(2, 6, 6, 2))
loss = K.mean(model.get_layer("conv").output[:, :, :, 1])
grads = K.gradients(loss, model.input)[0]
iterate = K.function([model.input], [loss, grads])
loss_value, grads_value = iterate([x])
cam = K.gradients(model.output[:, 1], model.get_layer("conv").output)[0]
cam_value = K.function([model.input], [cam])([x])[0]
t = tf.constant(x, dtype="float32")
with tf.GradientTape() as tape:
    tape.watch(t)
    by_hand = tf.reduce_mean(keras.Model(inputs, conv)(t)[:, :, :, 1])
np.testing.assert_allclose(loss_value, by_hand.numpy(), rtol=1e-6)
np.testing.assert_allclose(grads_value, tape.gradient(by_hand, t).numpy(), rtol=1e-5, atol=1e-7)
with tf.GradientTape() as tape:
    features = keras.Model(inputs, conv)(t)
    tape.watch(features)
    score = keras.Model(conv, model.output)(features)[:, 1]
np.testing.assert_allclose(cam_value, tape.gradient(score, features).numpy(), rtol=1e-5, atol=1e-7)
print("ok")
""")
    (tmp_path / "out").mkdir()
    target = rewritten_copy(script, tmp_path / "out")
    assert not CALLED.search(target.read_text())
    run = subprocess.run([sys.executable, str(target)], capture_output=True, text=True, timeout=300,
                         env=dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3"), cwd=tmp_path)
    assert run.returncode == 0 and run.stdout.strip().endswith("ok"), run.stderr[-2500:]


def _weights(path: Path) -> None:
    """The model's weights and input, in one file both stacks read: BatchNormalization's moving statistics far from
    a batch's, so that training mode and test mode give different arrays."""
    rng = np.random.RandomState(2)
    shapes = [(3, 3, 3, 4), (4,), (4,), (4,), (4,), (4,), (3, 3, 4, 5), (5,), (5, 3), (3,)]
    arrays = {f"w{i}": rng.uniform(0.5, 1.5, size=shape).astype("float32") for i, shape in enumerate(shapes)}
    arrays["w4"] = rng.normal(size=4).astype("float32")  # the moving mean
    np.savez(path, x=rng.normal(size=(2, 8, 8, 3)).astype("float32"), **arrays)


def test_the_rewritten_probe_computes_what_keras_2_3_1_did(tmp_path):
    legacy = legacy37()
    weights = tmp_path / "weights.npz"
    _weights(weights)
    got, target = probe_under_both(legacy, PROBE, weights, tmp_path, OUTPUTS)
    assert not CALLED.search(target.read_text())
    assert not np.allclose(got["train_normed"], got["test_normed"])  # the phase fed decided the mode


def test_inference_set_for_the_whole_file_with_no_phase_fed():
    """david8862's convkernel_check: `K.set_learning_phase(0)` after loading, then K.function with no phase among its
    inputs, which ran in inference mode as keras2_function does; set to 1, the phase decided the mode."""
    source = """
        from keras import backend as K

        def generate_pattern(model, layer_name, index):
            loss = K.mean(model.get_layer(layer_name).output[:, :, :, index])
            grads = K.gradients(loss, model.input)[0]
            return K.function([model.input], [loss, grads])

        def check(model):
            K.set_learning_phase(0)
            return generate_pattern(model, 'conv', 0)
    """
    result, _ = rewrite(source, RULE)
    assert "return keras2_function([model.input], [loss, grads])" in result
    assert_unchanged(source.replace("set_learning_phase(0)", "set_learning_phase(1)"), RULE)


def test_inference_set_on_one_path_and_a_phase_fed_on_another_and_a_second_run_changes_nothing():
    """dandxy89/ImageModels Train.py: `K.set_learning_phase(0)` under `if get_graph:`, a K.function fed the phase
    under `if show_activation:`. The set goes (backend_functions_to_ops); the function was left on the first run
    and rewritten on the second. After a set to 0, Keras 2.3.1's K.learning_phase() is the int 0, which its
    K.function raised on: every function fed a phase in a script that ran was fed it as keras2_function is."""
    source = """
        from keras import backend as K

        if get_graph:
            K.set_learning_phase(0)
            export(K.get_session())
        if show_activation:
            get_activations = K.function([model.layers[0].input, K.learning_phase()], model.layers[3].output)
            activations = get_activations([X_batch, 0])
    """
    result, _ = rewrite(source)
    assert "get_activations = keras2_function([model.layers[0].input, Keras2LearningPhase()]," in result
    assert "set_learning_phase" not in result
    assert rewrite(result)[0] == result


def test_a_placeholder_is_the_input_it_becomes_and_a_second_run_changes_nothing():
    """`K.placeholder` becomes `keras.Input` (backend_functions_to_ops) in the same run; a `K.variable` read as a
    variable (set, not only computed with: constant_variables leaves it) becomes `keras.Variable`, which keeps the
    file as it was on a second run too."""
    for source, rewritten in (("""
        from keras import backend as K

        image = K.placeholder((1, 8, 8, 3))
        loss = K.mean(K.square(image))
        grads = K.gradients(loss, image)
        f_outputs = K.function([image], [loss] + grads)
    """, True), ("""
        from keras import backend as K

        total = K.variable(0.)
        K.set_value(total, 1.0)
        image = K.placeholder((1, 8, 8, 3))
        loss = total + K.mean(K.square(image))
        grads = K.gradients(loss, image)
        f_outputs = K.function([image], [loss] + grads)
    """, False)):
        first, _ = rewrite(source)
        assert ("keras2_gradients(loss, image)" in first) is rewritten
        assert ("keras2_function([image], [loss] + grads)" in first) is rewritten
        assert rewrite(first)[0] == first
