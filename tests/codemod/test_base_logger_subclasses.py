"""base_logger_subclasses: must-not-change cases first, then before/after, then the monitor trained both ways."""

import subprocess
import sys
import textwrap

from tests.codemod.helpers import assert_rewrites, assert_unchanged, legacy37, legacy_env, rewrite

RULE = "base_logger_subclasses"

# pyimagesearch/callbacks/trainingmonitor.py (aboerzel/ALPR-keras, the book's code), shortened
MONITOR = """
    from tensorflow.keras.callbacks import BaseLogger
    import json


    class TrainingMonitor(BaseLogger):
        def __init__(self, jsonPath=None, startAt=0):
            super(TrainingMonitor, self).__init__()
            self.jsonPath = jsonPath
            self.startAt = startAt

        def on_train_begin(self, logs={}):
            self.H = {}

        def on_epoch_end(self, epoch, logs={}):
            for (k, v) in logs.items():
                l = self.H.get(k, [])
                l.append(float(v))
                self.H[k] = l
            if self.jsonPath is not None:
                with open(self.jsonPath, "w") as f:
                    f.write(json.dumps(self.H))
"""


def test_a_subclass_using_base_loggers_averaging_or_arguments_stays():
    for source in ("""
        from keras.callbacks import BaseLogger
        class A(BaseLogger):
            def on_epoch_end(self, epoch, logs=None):
                super().on_epoch_end(epoch, logs)
    """, """
        from keras.callbacks import BaseLogger
        class B(BaseLogger):
            def on_batch_end(self, batch, logs=None):
                print(self.seen, self.totals)
    """, """
        from keras.callbacks import BaseLogger
        class C(BaseLogger):
            def __init__(self):
                BaseLogger.__init__(self, stateful_metrics=['acc'])
    """, """
        from keras.callbacks import BaseLogger
        callbacks = [BaseLogger()]
        class D(object):
            pass
    """, """
        from mylib import BaseLogger
        class E(BaseLogger):
            pass
    """):
        assert_unchanged(source, RULE)


def test_pyimagesearchs_training_monitor_is_a_callback():
    got, findings = rewrite(MONITOR)  # the whole run: the import nothing reads goes
    assert got == textwrap.dedent(MONITOR).replace(
        "from tensorflow.keras.callbacks import BaseLogger\n", "").replace(
        "import json\n", "import json\nimport keras\n").replace(
        "class TrainingMonitor(BaseLogger):", "class TrainingMonitor(keras.callbacks.Callback):")
    assert not [f for f in findings if not f.advice]
    assert_rewrites("""
        import keras
        class M(keras.callbacks.BaseLogger, object):
            pass
    """, """
        import keras
        class M(keras.callbacks.Callback, object):
            pass
    """, RULE)


PROBE = textwrap.dedent("""
    import sys
    import json
    import numpy as np
    {monitor}
    from {root}.models import Sequential
    from {root}.layers import Dense
    weights = np.load(sys.argv[1])
    model = Sequential([Dense(1, input_shape=(3,))])
    model.set_weights([weights["k"], weights["b"]])
    model.compile(optimizer="sgd", loss="mse")
    model.fit(weights["x"], weights["y"], batch_size=4, epochs=3, shuffle=False, verbose=0,
              callbacks=[TrainingMonitor(jsonPath=sys.argv[2])])
""")


def test_the_monitor_records_the_history_keras_2_3_1_s_did(tmp_path):
    """The same model, data and seeds fit for three epochs: the JSON history the monitor writes is Keras 2.3.1's
    (the epoch's mean loss, which BaseLogger averaged there and Keras 3's fit averages itself)."""
    import numpy as np

    python = legacy37()
    rng = np.random.RandomState(0)
    np.savez(tmp_path / "w.npz", x=rng.rand(10, 3).astype("float32"), y=rng.rand(10, 1).astype("float32"),
             k=rng.rand(3, 1).astype("float32"), b=np.zeros(1, "float32"))
    monitor = textwrap.dedent(MONITOR)
    old = PROBE.format(monitor=monitor.replace("tensorflow.keras.callbacks", "keras.callbacks"), root="keras")
    new = PROBE.format(monitor=rewrite(monitor)[0], root="keras")
    for name, text, run in (("old", old, str(python)), ("new", new, sys.executable)):
        (tmp_path / f"{name}.py").write_text(text)
        subprocess.run([run, str(tmp_path / f"{name}.py"), str(tmp_path / "w.npz"), str(tmp_path / f"{name}.json")],
                       check=True, capture_output=True, env=legacy_env(), timeout=300)
    import json

    old_history = json.loads((tmp_path / "old.json").read_text())
    new_history = json.loads((tmp_path / "new.json").read_text())
    assert list(old_history) == list(new_history) == ["loss"]
    np.testing.assert_allclose(new_history["loss"], old_history["loss"], rtol=1e-5)
