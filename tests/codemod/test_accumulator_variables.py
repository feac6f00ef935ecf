"""accumulator_variables: must-not-change cases first, then before/after, then deep dream's loss and gradients
computed both ways."""

import subprocess
import sys
import textwrap

import numpy as np

from tests.codemod.helpers import assert_rewrites, assert_unchanged, legacy37, legacy_env, rewrite

RULE = "accumulator_variables"


def test_a_variable_read_as_a_variable_or_of_a_value_not_a_number_stays():
    for source in ("""
        from keras import backend as K
        loss = K.variable(0.)
        K.set_value(loss, 1.0)
        loss += term
    """, """
        from keras import backend as K
        loss = K.variable(0.)
        f = K.function([x], [loss])
    """, """
        from keras import backend as K
        loss = K.variable(0.)
        for term in terms:
            print(loss)
            loss += term
    """, """
        from keras import backend as K
        loss = K.variable(0.)
        loss = 2 * loss + term
    """, """
        from keras import backend as K
        base = K.variable(image)
        base += 1
    """, """
        from keras import backend as K
        loss = K.variable(0.)
        for loss in losses:
            total = loss
    """):
        assert_unchanged(source, RULE)


def test_deep_dreams_loss_starts_from_its_number():
    # aidiary/keras-examples dream/deep_dream.py:90 (Keras's deep dream example)
    assert_rewrites("""
        from keras import backend as K
        loss = K.variable(0.)
        for layer_name in settings['features']:
            x = layer_dict[layer_name].output
            if coeff:
                loss -= coeff * K.sum(K.square(x)) / scaling
        loss += settings['continuity'] * continuity_loss(dream)
        total = K.variable(1)
        total = total * K.sum(x)
    """, """
        from keras import backend as K
        loss = 0.0
        for layer_name in settings['features']:
            x = layer_dict[layer_name].output
            if coeff:
                loss -= coeff * K.sum(K.square(x)) / scaling
        loss += settings['continuity'] * continuity_loss(dream)
        total = 1.0
        total = total * K.sum(x)
    """, RULE)


DREAM = textwrap.dedent("""
    import sys
    import numpy as np
    from keras import backend as K
    from keras.layers import Input, Conv2D
    from keras.models import Model

    weights = np.load(sys.argv[1])
    dream = Input(batch_shape=(1, 6, 6, 2))
    conv = Conv2D(3, 3, name="c")
    model = Model(dream, conv(dream))
    conv.set_weights([weights["k"], weights["b"]])
    loss = K.variable(0.)
    for coeff in (0.5, 1.5):
        loss = loss - coeff * K.sum(K.square(model.output)) / 10.  # (`-=` on TF 1.15's resource variable raised)
    loss = loss + 0.1 * K.sum(K.square(dream))
    grads = K.gradients(loss, dream)[0]
    f = K.function([dream], [loss, grads])
    value, gradient = f([weights["x"]])
    np.savez(sys.argv[2], loss=value, grads=gradient)
""")


def test_the_loss_and_its_gradients_are_keras_2_3_1_s(tmp_path):
    """The whole run (this rule, then K.function and K.gradients as helpers) against Keras 2.3.1 on the same weights."""
    python = legacy37()
    rng = np.random.RandomState(0)
    np.savez(tmp_path / "w.npz", x=rng.rand(1, 6, 6, 2).astype("float32"), k=rng.rand(3, 3, 2, 3).astype("float32"),
             b=rng.rand(3).astype("float32"))
    rewritten, findings = rewrite(DREAM)
    assert "K.variable" not in rewritten and not [f for f in findings if not f.advice]
    for name, text, run in (("old", DREAM, str(python)), ("new", rewritten, sys.executable)):
        (tmp_path / f"{name}.py").write_text(text)
        subprocess.run([run, str(tmp_path / f"{name}.py"), str(tmp_path / "w.npz"), str(tmp_path / f"{name}.npz")],
                       check=True, capture_output=True, env=legacy_env(), timeout=300)
    old, new = np.load(tmp_path / "old.npz"), np.load(tmp_path / "new.npz")
    for key in ("loss", "grads"):
        np.testing.assert_allclose(new[key], old[key], rtol=1e-5, atol=1e-5)
