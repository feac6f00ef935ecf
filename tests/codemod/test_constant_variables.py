"""constant_variables: must-not-change cases first, then before/after, then neural style transfer's loss and
gradients computed by Keras 2.3.1 and by the rewritten script under Keras 3."""

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from tests.codemod.helpers import assert_legacy_references, assert_rewrites, assert_unchanged, rewritten_copy

RULE = "constant_variables"
PROBE = Path(__file__).parent / "scripts" / "style_transfer_probe.py"
REFERENCES = Path(__file__).parent / "data" / "keras231_style_transfer_refs.npz"


@pytest.mark.parametrize("source", [
    # read as a variable: its state, a gradient with respect to it, fed or fetched by a K.function
    "image = K.variable(x)\nK.set_value(image, y)\nz = image * 2\n",
    "image = K.variable(x)\ng = K.gradients(loss, image)\nz = image * 2\n",
    "image = K.variable(x)\nf = K.function([a], [image])\n",
    "image = K.variable(x)\nimage.assign(y)\nz = image * 2\n",
    "image = K.variable(x)\nweights = [image]\n",  # handed on whole: what reads it is not known
    "image = K.variable(x)\nmodel.trainable_weights.append(image)\n",
    "image = K.variable(x)\nimage = image + 1\n",  # bound again (accumulator_variables' case, or another)
    "image = K.variable(x)\ndef f():\n    global image\n    image = 2\n",
    "image = K.variable(x)\ndef f(image):\n    return image * 2\nz = image * 2\n",  # another `image` read too
    "image = K.variable(x, constraint=c)\nz = image * 2\n",
    "image = K.variable(x)\n",  # never read: nothing gained
    "image = tf.Variable(x)\nz = image * 2\n",  # not Keras's
])
def test_a_variable_read_as_a_variable_or_bound_again_stays(source):
    assert_unchanged("import tensorflow as tf\nfrom keras import backend as K\n" + source, RULE)


def test_a_variable_read_only_as_a_value_becomes_a_constant():
    """Style transfer's images (read in a K.concatenate list), a mask read by arithmetic and a subscript in a function,
    dtype= and name= kept: K.constant takes both, and its default dtype is floatx as K.variable's was."""
    assert_rewrites("""
        from keras import backend as K

        base_image = K.variable(preprocess_image(base_image_path))
        style_image = K.variable(preprocess_image(style_path), dtype='float32', name='style')
        combination_image = K.placeholder((1, 32, 32, 3))
        input_tensor = K.concatenate([base_image, style_image, combination_image], axis=0)


        def masked(x):
            mask = K.variable(load_mask(path), 'float32')
            return K.sum(x * mask[0]) - mask
    """, """
        from keras import backend as K

        base_image = K.constant(preprocess_image(base_image_path))
        style_image = K.constant(preprocess_image(style_path), dtype='float32', name='style')
        combination_image = K.placeholder((1, 32, 32, 3))
        input_tensor = K.concatenate([base_image, style_image, combination_image], axis=0)


        def masked(x):
            mask = K.constant(load_mask(path), 'float32')
            return K.sum(x * mask[0]) - mask
    """, RULE)


def test_the_rewritten_style_transfer_computes_what_keras_2_3_1_did(tmp_path):
    """The whole pipeline: the images constants, the loss a number plus its terms (accumulator_variables), the
    placeholder a keras.Input, K.gradients and K.function the helpers (backend_function_to_helper); the loss and the
    gradients for two generated images are Keras 2.3.1's (float32 sums of terms up to 8e8: each element within 1e-5
    of it, or 1e-6 of the largest gradient)."""
    target = rewritten_copy(PROBE, tmp_path)
    text = target.read_text().split('"""', 2)[2]
    assert "base_image = keras.ops.convert_to_tensor(rng.uniform(" in text and "loss = 0.0" in text
    assert "grads = keras2_gradients(loss, combination_image)" in text
    assert "f_outputs = keras2_function([combination_image], outputs)" in text
    run = subprocess.run([sys.executable, str(target), str(tmp_path / "keras3.npz")], capture_output=True, text=True,
                         timeout=300, env=dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3"), cwd=tmp_path)
    assert run.returncode == 0 and run.stdout.strip().endswith("ok"), run.stderr[-2500:]
    got, ref = np.load(tmp_path / "keras3.npz"), np.load(REFERENCES)
    assert sorted(got.files) == sorted(ref.files) == ["grads0", "grads1", "loss0", "loss1"]
    for name in ref.files:
        assert got[name].shape == ref[name].shape and got[name].dtype == ref[name].dtype, name
        np.testing.assert_allclose(got[name], ref[name], rtol=1e-5, atol=1e-6 * np.abs(ref[name]).max(), err_msg=name)


def test_the_references_are_what_keras_2_3_1_computes_now(tmp_path):
    assert_legacy_references(PROBE, REFERENCES, tmp_path)
