"""callback_arguments: must-not-change cases first, then before/after, then what is reported."""

import inspect

import keras

from tests.codemod.helpers import assert_rewrites, assert_unchanged

RULE = "callback_arguments"


def test_keras_3_callbacks_lack_the_keras_2_keywords():
    assert "epsilon" not in inspect.signature(keras.callbacks.ReduceLROnPlateau).parameters
    assert "period" not in inspect.signature(keras.callbacks.ModelCheckpoint).parameters
    assert not inspect.signature(keras.callbacks.ProgbarLogger).parameters


def test_a_projects_own_callback_and_modern_keywords_stay():
    assert_unchanged("""
        from keras.callbacks import ReduceLROnPlateau
        from mylib import Scheduler
        a = ReduceLROnPlateau(monitor='loss', min_delta=0.01)
        b = Scheduler(epsilon=0.01, period=1)
    """, RULE)
    assert_unchanged("""
        from mylib import ModelCheckpoint
        checkpoint = ModelCheckpoint('w.keras', period=3)
    """, RULE)


def test_epsilon_and_period_1():
    # experiencor/keras-yolo3 train.py
    assert_rewrites("""
        from keras.callbacks import ReduceLROnPlateau, ModelCheckpoint
        reduce_on_plateau = ReduceLROnPlateau(
            monitor  = 'loss',
            factor   = 0.1,
            epsilon  = 0.01,
            min_lr   = 0
        )
        checkpoint = ModelCheckpoint('w.keras', monitor='loss', period=1)
    """, """
        from keras.callbacks import ReduceLROnPlateau, ModelCheckpoint
        reduce_on_plateau = ReduceLROnPlateau(
            monitor  = 'loss',
            factor   = 0.1,
            min_delta  = 0.01,
            min_lr   = 0
        )
        checkpoint = ModelCheckpoint('w.keras', monitor='loss')
    """, RULE)


def test_progbar_logger_counting_steps_loses_its_count_mode():
    # dluvizon/deephar deephar/trainer.py: a ProgbarLogger driven by hand (set_params with 'steps') in a custom loop
    findings = assert_rewrites("""
        from keras.callbacks import ProgbarLogger
        logger = ProgbarLogger(count_mode='steps')
        logger.set_params({'epochs': epochs, 'steps': steps_per_epoch, 'verbose': 1})
    """, """
        from keras.callbacks import ProgbarLogger
        logger = ProgbarLogger()
        logger.set_params({'epochs': epochs, 'steps': steps_per_epoch, 'verbose': 1})
    """, RULE)
    assert findings == []
    # Keras 2.3.1's with count_mode='steps': target = params['steps'], one per batch; Keras 3's the same
    logger = keras.callbacks.ProgbarLogger()
    logger.set_params({"epochs": 2, "steps": 5, "verbose": 0})
    logger.on_epoch_begin(0)
    logger.on_train_batch_end(0, {"loss": 1.0})
    assert (logger.target, logger.seen) == (5, 1)


def test_progbar_logger_counting_samples_loses_its_count_mode_with_advice():
    findings = assert_rewrites("""
        import keras
        a = keras.callbacks.ProgbarLogger(count_mode="samples")
        b = keras.callbacks.ProgbarLogger('samples', stateful_metrics=['lr'])
        c = keras.callbacks.ProgbarLogger(count_mode=mode)
    """, """
        import keras
        a = keras.callbacks.ProgbarLogger()
        b = keras.callbacks.ProgbarLogger(stateful_metrics=['lr'])
        c = keras.callbacks.ProgbarLogger()
    """, RULE)
    assert [(f.line, f.advice) for f in findings] == [(3, True), (4, True), (5, True)]
    assert "always counts steps (batches); Keras 2's counted samples" in findings[0].message


def test_tensorboard_arguments_tf2_ignored_go_with_advice():
    # fizyr/keras-retinanet bin/train.py, xuannianz/EfficientDet train.py
    findings = assert_rewrites("""
        import keras
        board = keras.callbacks.TensorBoard(log_dir='logs', batch_size=8, write_grads=False, write_images=False)
    """, """
        import keras
        board = keras.callbacks.TensorBoard(log_dir='logs', write_images=False)
    """, RULE)
    assert [(f.line, f.advice) for f in findings] == [(3, True), (3, True)]


def test_tensorboard_embedding_arguments_tf2_ignored_go_with_advice():
    # fizyr/keras-retinanet bin/train.py:162, xuannianz/EfficientDet train.py:86 (unreported in code_audit's run)
    findings = assert_rewrites("""
        import keras
        board = keras.callbacks.TensorBoard(log_dir='logs', embeddings_freq=0, embeddings_layer_names=None,
                                            embeddings_data=None)
    """, """
        import keras
        board = keras.callbacks.TensorBoard(log_dir='logs', embeddings_freq=0)
    """, RULE)
    assert [(f.line, f.advice) for f in findings] == [(3, True), (4, True)]


def test_period_n_where_the_class_cannot_be_written_is_reported():
    for source in ("""
        def make():
            from keras.callbacks import ModelCheckpoint
            return ModelCheckpoint('w.keras', period=5)
    """, """
        import keras
        ModelCheckpointEveryNEpochs = None
        checkpoint = keras.callbacks.ModelCheckpoint('w.keras', period=5)
    """):
        findings = assert_unchanged(source, RULE)
        assert [f.advice for f in findings] == [False]
        assert "save_freq=N * steps_per_epoch is no substitute" in findings[0].message


def test_period_n_becomes_a_subclass_saving_every_n_epochs():
    # qqwweee/keras-yolo3 train.py: period=3, a val_loss monitor and {val_loss} in the path
    findings = assert_rewrites("""
        import os
        from keras.callbacks import ModelCheckpoint, TensorBoard
        LOG = 'logs/'

        def main():
            a = ModelCheckpoint(LOG + 'ep{epoch:03d}-{val_loss:.3f}.keras', monitor='val_loss', period=3)
            b = ModelCheckpoint('last.keras', period=1)
            c = ModelCheckpoint('every2.keras', period=2)
    """, """
        import os
        from keras.callbacks import ModelCheckpoint, TensorBoard


        class ModelCheckpointEveryNEpochs(ModelCheckpoint):
            \"\"\"Keras 2's ModelCheckpoint(period=N), which Keras 3 lacks: saves every N epochs (written by migrate).\"\"\"

            def __init__(self, *args, period=1, **kwargs):
                super().__init__(*args, **kwargs)
                self.period = period
                self.epochs_since_last_save = 0

            def on_epoch_end(self, epoch, logs=None):
                self.epochs_since_last_save += 1
                if self.epochs_since_last_save >= self.period:
                    self.epochs_since_last_save = 0
                    super().on_epoch_end(epoch, logs)
        LOG = 'logs/'

        def main():
            a = ModelCheckpointEveryNEpochs(LOG + 'ep{epoch:03d}-{val_loss:.3f}.keras', monitor='val_loss', period=3)
            b = ModelCheckpoint('last.keras')
            c = ModelCheckpointEveryNEpochs('every2.keras', period=2)
    """, RULE)
    assert [(f.line, f.advice) for f in findings] == [(7, True), (9, True)]


def test_the_subclass_saves_every_n_epochs_under_keras_3(tmp_path):
    """Keras 2's count (2.2.4 on_epoch_end): saves after epochs 3 and 6 of 7, best-only judged at those."""
    import numpy as np

    from migrate.codemod.rules.callback_arguments import EVERY_N, EVERY_N_CLASS

    scope = {"ModelCheckpoint": keras.callbacks.ModelCheckpoint}
    exec(EVERY_N_CLASS.format(name=EVERY_N, base="ModelCheckpoint", i="    "), scope)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile("sgd", "mse")
    data = (np.ones((8, 3)), np.ones((8, 1)))
    checkpoint = scope[EVERY_N](str(tmp_path / "ep{epoch}-{val_loss:.3f}.weights.h5"), monitor="val_loss",
                                save_weights_only=True, period=3)
    model.fit(*data, batch_size=4, epochs=7, validation_data=data, callbacks=[checkpoint], verbose=0)
    assert sorted(p.name.split("-")[0] for p in tmp_path.iterdir()) == ["ep3", "ep6"]


def test_save_freq_in_batches_finds_no_val_metric(tmp_path):
    """Why period=N is not rewritten to save_freq=N * steps_per_epoch: the batch-end logs hold no val_loss, so
    save_best_only on val_loss saves every time, and a {val_loss} path cannot be formatted."""
    import numpy as np
    import pytest

    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile("sgd", "mse")
    data = (np.zeros((8, 3)), np.zeros((8, 1)))  # the loss never improves after the first save
    checkpoint = keras.callbacks.ModelCheckpoint(str(tmp_path / "w{epoch}.weights.h5"), monitor="val_loss",
                                                 save_best_only=True, save_weights_only=True, save_freq=2 * 2)
    with pytest.warns(UserWarning, match="only with val_loss available"):
        model.fit(*data, batch_size=4, epochs=4, validation_data=data, callbacks=[checkpoint], verbose=0)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["w2.weights.h5", "w4.weights.h5"]
    named = keras.callbacks.ModelCheckpoint(str(tmp_path / "v{val_loss:.3f}.weights.h5"), save_weights_only=True,
                                            save_freq=2)
    with pytest.raises(KeyError):
        model.fit(*data, batch_size=4, epochs=1, validation_data=data, callbacks=[named], verbose=0)


def test_lambda_callback_batch_hooks_take_keras_3_s_parameter_names():
    # surmenok/keras_lr_finder lr_finder.py: `LambdaCallback(on_batch_end=lambda batch, logs: ...)`
    assert "on_batch_end" not in inspect.signature(keras.callbacks.LambdaCallback).parameters
    assert_rewrites("""
        from keras.callbacks import LambdaCallback
        callback = LambdaCallback(on_batch_end=lambda batch, logs: self.on_batch_end(batch, logs))
        other = LambdaCallback(on_batch_begin=start, on_epoch_end=done)
    """, """
        from keras.callbacks import LambdaCallback
        callback = LambdaCallback(on_train_batch_end=lambda batch, logs: self.on_batch_end(batch, logs))
        other = LambdaCallback(on_train_batch_begin=start, on_epoch_end=done)
    """, RULE)


def test_lambda_callback_given_both_names_keeps_them():
    assert_unchanged("""
        from keras.callbacks import LambdaCallback
        callback = LambdaCallback(on_batch_end=f, on_train_batch_end=g)
    """, RULE)


def test_the_renamed_lambda_callback_hook_runs_once_a_batch_under_keras_3():
    """What Keras 2.3.1's LambdaCallback(on_batch_end=) did: once per training batch, with the batch index."""
    import numpy as np

    seen = []
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.compile("sgd", "mse")
    callback = keras.callbacks.LambdaCallback(on_train_batch_end=lambda batch, logs: seen.append(batch))
    model.fit(np.zeros((8, 2)), np.zeros((8, 1)), batch_size=2, epochs=1, verbose=0, callbacks=[callback])
    assert seen == [0, 1, 2, 3]
