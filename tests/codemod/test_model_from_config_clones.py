"""model_from_config_clones: must-not-change cases first, then before/after, then the clone Keras 2.3.1 and Keras 3
make of the same model."""

import subprocess
import sys
import textwrap

import numpy as np

from tests.codemod.helpers import assert_rewrites, assert_unchanged, legacy37, legacy_env, rewrite

RULE = "model_from_config_clones"

# keras-rl rl/util.py (copied by imandr/RL-keras, PacktPublishing/Keras-Deep-Learning-Cookbook...)
KERAS_RL = """
    from keras.models import model_from_config, Sequential, Model


    def clone_model(model, custom_objects={}):
        # Requires Keras 1.0.7 since get_config has breaking changes.
        config = {
            'class_name': model.__class__.__name__,
            'config': model.get_config(),
        }
        clone = model_from_config(config, custom_objects=custom_objects)
        clone.set_weights(model.get_weights())
        return clone
"""


def test_a_config_read_otherwise_or_of_another_shape_stays():
    assert_unchanged("""
        from keras.models import model_from_config
        config = {'class_name': model.__class__.__name__, 'config': model.get_config()}
        print(config)
        a = model_from_config(config)
        b = model_from_config({'class_name': 'Sequential', 'config': saved})
        c = model_from_config({'class_name': m.__class__.__name__, 'config': other.get_config()})
        from mylib import model_from_config as mine
        d = mine({'class_name': m.__class__.__name__, 'config': m.get_config()})
    """, RULE)


def test_keras_rls_clone_model_clones():
    assert_rewrites(KERAS_RL, """
        from keras.models import model_from_config, Sequential, Model
        import keras


        def clone_model(model, custom_objects={}):
            clone = keras.models.clone_model(model)
            clone.set_weights(model.get_weights())
            return clone
    """, RULE)
    assert_rewrites("""
        import keras
        new_model = keras.models.model_from_config({'class_name': self.model.__class__.__name__,
                                                    'config': self.model.get_config()})
    """, """
        import keras
        new_model = keras.models.clone_model(self.model)
    """, RULE)


def test_the_whole_run_leaves_no_import_of_model_from_config():
    got, findings = rewrite(KERAS_RL)
    assert "model_from_config" not in got and not [f for f in findings if not f.advice]


PROBE = textwrap.dedent("""
    import sys
    import numpy as np
    {imports}
    {clone_model}
    weights = np.load(sys.argv[1])
    inputs = Input((4,))
    functional = Model(inputs, Dense(2)(Dense(3, activation="relu")(inputs)))
    sequential = Sequential([Dense(3, activation="tanh", input_shape=(4,)), Dense(2)])
    out = {{}}
    for name, model in (("functional", functional), ("sequential", sequential)):
        model.set_weights([weights[f"w{{i}}"] for i in range(4)])
        clone = clone_model(model)
        assert clone is not model and clone.layers[1] is not model.layers[1]
        out[name] = clone.predict(weights["x"])
    np.savez(sys.argv[2], **out)
""")


def test_the_clone_computes_what_keras_2_3_1_s_did(tmp_path):
    python = legacy37()
    rng = np.random.RandomState(0)
    np.savez(tmp_path / "w.npz", x=rng.rand(5, 4).astype("float32"), w0=rng.rand(4, 3).astype("float32"),
             w1=rng.rand(3).astype("float32"), w2=rng.rand(3, 2).astype("float32"), w3=rng.rand(2).astype("float32"))
    imports = "from keras.layers import Input, Dense"
    body = textwrap.dedent(KERAS_RL)
    (tmp_path / "old.py").write_text(PROBE.format(imports=imports, clone_model=body))
    (tmp_path / "new.py").write_text(PROBE.format(imports=imports, clone_model=rewrite(body)[0]))  # the whole run
    for script, run in (("old.py", str(python)), ("new.py", sys.executable)):
        subprocess.run([run, str(tmp_path / script), str(tmp_path / "w.npz"), str(tmp_path / f"{script}.npz")],
                       check=True, capture_output=True, env=legacy_env(), timeout=300)
    old, new = np.load(tmp_path / "old.py.npz"), np.load(tmp_path / "new.py.npz")
    for name in ("functional", "sequential"):
        np.testing.assert_allclose(new[name], old[name], rtol=1e-6, atol=1e-6)
