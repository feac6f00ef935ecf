"""callback_batch_hooks: Keras 3's TensorBoard, ModelCheckpoint and ProgbarLogger never call a subclass's
`on_batch_end` (Keras 2 did, from on_train_batch_end): the method takes the new name."""

import os
import subprocess
import sys
import textwrap

from tests.codemod.helpers import assert_rewrites, assert_unchanged, rewritten_copy

RULE = "callback_batch_hooks"


def test_a_tensorboard_subclass_s_batch_hooks_and_its_super_calls_are_renamed():
    """experiencor/keras-yolo3's CustomTensorBoard, and a ModelCheckpoint subclass spelt through tf.keras."""
    assert_rewrites("""
        import tensorflow as tf
        from keras.callbacks import TensorBoard

        class CustomTensorBoard(TensorBoard):
            def on_batch_begin(self, batch, logs=None):
                super(CustomTensorBoard, self).on_batch_begin(batch, logs)

            def on_batch_end(self, batch, logs=None):
                self.counter += 1
                super(CustomTensorBoard, self).on_batch_end(batch, logs)

        class Saver(tf.keras.callbacks.ModelCheckpoint):
            def on_batch_end(self, batch, logs=None):
                self.seen += 1
                super().on_batch_end(batch, logs)
    """, """
        import tensorflow as tf
        from keras.callbacks import TensorBoard

        class CustomTensorBoard(TensorBoard):
            def on_train_batch_begin(self, batch, logs=None):
                super(CustomTensorBoard, self).on_train_batch_begin(batch, logs)

            def on_train_batch_end(self, batch, logs=None):
                self.counter += 1
                super(CustomTensorBoard, self).on_train_batch_end(batch, logs)

        class Saver(tf.keras.callbacks.ModelCheckpoint):
            def on_train_batch_end(self, batch, logs=None):
                self.seen += 1
                super().on_train_batch_end(batch, logs)
    """, RULE)


def test_a_plain_callback_a_class_defining_both_and_an_own_base_stay():
    """Keras 3's Callback still calls on_batch_end from on_train_batch_end; a class that defines both names meant
    them apart; a ModelCheckpoint's on_batch_begin is still called (it overrides no begin hook)."""
    assert_unchanged("""
        import keras
        from keras.callbacks import Callback, ModelCheckpoint, TensorBoard

        class Logger(Callback):
            def on_batch_end(self, batch, logs=None):
                print(batch)

        class Both(TensorBoard):
            def on_batch_end(self, batch, logs=None):
                pass

            def on_train_batch_end(self, batch, logs=None):
                pass

        class Saver(ModelCheckpoint):
            def on_batch_begin(self, batch, logs=None):
                pass

        class Mine(MyBoard):
            def on_batch_end(self, batch, logs=None):
                pass
    """, RULE)


def test_the_renamed_hook_runs_at_each_batch_under_keras_3(tmp_path):
    source = tmp_path / "train.py"
    source.write_text(textwrap.dedent("""
        import sys
        import numpy as np
        from keras.callbacks import TensorBoard
        from keras.layers import Dense
        from keras.models import Sequential

        class CountingBoard(TensorBoard):
            def __init__(self, **kwargs):
                super(CountingBoard, self).__init__(**kwargs)
                self.batches = 0

            def on_batch_end(self, batch, logs=None):
                self.batches += 1
                super(CountingBoard, self).on_batch_end(batch, logs)

        model = Sequential([Dense(1, input_shape=(3,))])
        model.compile(optimizer='sgd', loss='mse')
        board = CountingBoard(log_dir=sys.argv[1])
        model.fit(np.ones((8, 3)), np.ones((8, 1)), batch_size=2, epochs=2, verbose=0, callbacks=[board])
        print(board.batches)
    """))
    (tmp_path / "out").mkdir()
    target = rewritten_copy(source, tmp_path / "out")
    assert "def on_train_batch_end" in target.read_text()
    run = subprocess.run([sys.executable, str(target), str(tmp_path / "logs")], capture_output=True, text=True,
                         timeout=300, env=dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3"))
    assert run.returncode == 0 and run.stdout.split()[-1] == "8", run.stderr[-2500:]
