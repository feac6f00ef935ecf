"""Trap safety: a name the project defines itself (a function called multi_gpu_model, a class's own
fit_generator or save method) is never taken for Keras'. Must-not-change cases, then what still changes."""

from __future__ import annotations

import textwrap
from pathlib import Path

from tests.codemod.helpers import assert_unchanged, rewrite


def test_a_local_multi_gpu_model_function_is_left_alone():
    findings = assert_unchanged("""
        def multi_gpu_model(model, gpus):
            return model

        with tf.device('/cpu:0'):
            model = build()
        parallel = multi_gpu_model(model, gpus=2)
        parallel.compile(optimizer='sgd', loss='mse')
    """)
    assert findings == []


def test_a_local_fit_generator_function_is_left_alone():
    assert_unchanged("""
        def fit_generator(model, data, epochs):
            for _ in range(epochs):
                model.fit(data)

        fit_generator(model, batches(), 3)
    """)


def test_a_projects_own_backend_conv_utils_and_resize_images_are_left_alone():
    # the names dead_backend_branches, legacy_import_paths' copied helpers and backend_functions_to_ops' moved
    # functions look for, defined by the project
    findings = assert_unchanged("""
        from myproject import backend, conv_utils
        from myproject.ops import resize_images, placeholder

        if backend.backend() == 'theano':
            x = resize_images(x, 2, 2, 'channels_last')
        rows = conv_utils.conv_output_length(rows, 3, 'same', 1)
        shape = placeholder(shape=(2,))

        def convert_all_kernels_in_model(model):
            return model
    """)
    assert findings == []


def test_a_class_with_its_own_fit_generator_method_is_left_alone():
    findings = assert_unchanged("""
        class Trainer:
            def fit_generator(self, data, steps, workers=4):
                return data, steps, workers

            def run(self):
                return self.fit_generator(batches(), 10, workers=2)

        trainer = Trainer()
        trainer.fit_generator(batches(), 10, workers=2)
        Trainer().fit_generator(batches(), 10)
    """)
    assert findings == []


def test_a_class_with_its_own_save_method_keeps_its_paths():
    assert_unchanged("""
        class Checkpointer:
            def save(self, path):
                with open(path, 'wb') as out:
                    out.write(b'state')

            def save_weights(self, path):
                self.save(path)

            def every_epoch(self):
                self.save('state.h5')
                self.save_weights('weights.h5')

        checkpointer = Checkpointer()
        checkpointer.save('state.h5')
    """)


def test_a_class_with_its_own_fit_keeps_its_keywords():
    assert_unchanged("""
        class Loop:
            def fit(self, x, nb_epoch=1):
                return x, nb_epoch

            def go(self):
                return self.fit([1], nb_epoch=3)

        Loop().fit([1], nb_epoch=2)
        loop = Loop()
        loop.fit([1], nb_epoch=2)
    """)


def test_keras_models_beside_them_are_still_rewritten():
    got, _ = rewrite("""
        class Trainer:
            def fit_generator(self, data, steps):
                return data

            def save(self, path):
                return path

            def run(self, model):
                self.fit_generator(batches(), 10)
                self.save('state.h5')
                model.fit_generator(batches(), 10)
                model.save('model.h5')

        trainer = Trainer()
        trainer.fit_generator(batches(), 10)
        model.fit_generator(batches(), 10, nb_epoch=3)
    """, "fit_generator_to_fit", "h5_saves_to_keras3", "keras1_arguments")
    assert "self.fit_generator(batches(), 10)" in got and "self.save('state.h5')" in got
    assert "trainer.fit_generator(batches(), 10)" in got
    assert "model.fit(batches(), steps_per_epoch=10)" in got and "model.save('model.keras')" in got
    assert "model.fit(batches(), steps_per_epoch=10, epochs=3)" in got


def test_star_imports_from_keras_are_followed_by_every_rule():
    got, _ = rewrite("""
        from keras.optimizers import *
        from keras.layers import *
        opt = Adam(lr=0.1)
        layer = Dense(output_dim=3)
    """)
    assert "Adam(learning_rate=0.1)" in got and "Dense(units=3)" in got


def test_a_local_name_shadowing_a_star_import_is_not_followed():
    assert_unchanged("""
        from keras.optimizers import *

        def Adam(lr):
            return lr

        opt = Adam(lr=0.1)
    """)


def _project(tmp_path, files: dict[str, str]):
    from migrate.codemod.engine import run
    from migrate.codemod.registry import all_rules

    for name, text in files.items():
        (tmp_path / name).write_text(textwrap.dedent(text))
    summary = run([tmp_path], all_rules())
    return {Path(r.path).name: (r.rewritten or b"").decode() for r in summary.results}, summary


TRAIN = """
    import tensorflow as tf
    from utils import multi_gpu_model

    with tf.device('/cpu:0'):
        model = build()
    parallel = multi_gpu_model(model, gpus=2)
    parallel.compile(optimizer='sgd', loss='mse')
"""


def test_a_project_module_re_exporting_multi_gpu_model_is_followed(tmp_path):
    got, summary = _project(tmp_path, {"utils.py": "from keras.utils import multi_gpu_model\n", "train.py": TRAIN})
    assert "MirroredStrategy()" in got["train.py"] and "multi_gpu_model" not in got["train.py"]
    assert "multi_gpu_model" not in got["utils.py"]  # unused there once train.py no longer imports it
    assert summary.sites_for_review == 0


def test_a_project_module_with_its_own_multi_gpu_model_is_not_followed(tmp_path):
    own = "def multi_gpu_model(model, gpus):\n    return model\n"
    got, summary = _project(tmp_path, {"utils.py": own, "train.py": TRAIN})
    assert got["train.py"] == textwrap.dedent(TRAIN) and summary.sites_for_review == 0
