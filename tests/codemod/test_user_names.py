"""Trap safety: a name the project defines itself (a function called multi_gpu_model, a class's own
fit_generator or save method) is never taken for Keras'. Must-not-change cases, then what still changes."""

from __future__ import annotations

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
