"""summary_protos_to_tf2: must-not-change cases first, then before/after, then the events each stack writes."""

import importlib.util
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from migrate.codemod.engine import rewrite_source
from migrate.codemod.registry import all_rules
from tests.codemod.helpers import assert_rewrites, assert_unchanged, legacy_env, rewrite, rewritten_copy

RULE = "summary_protos_to_tf2"
LEGACY = Path("/tmp/legacy37/bin/python")
FILE_WRITER_LEFT = "tf.summary.FileWriter is TF1-only"


def _left(findings: list, words: str) -> bool:
    return any(words in finding.message and not finding.advice for finding in findings)


def test_a_writer_used_otherwise_stays_and_is_reported():
    # a session's merged summary; the graph added; the writer handed to another function
    cases = ["""
        import tensorflow as tf
        import keras

        def train(sess, merged, logdir):
            writer = tf.summary.FileWriter(logdir)
            for step in range(10):
                summary = sess.run(merged)
                writer.add_summary(summary, step)
    """, """
        import tensorflow as tf
        import keras

        def train(graph, logdir, loss):
            writer = tf.summary.FileWriter(logdir)
            writer.add_graph(graph)
            summary = tf.Summary(value=[tf.Summary.Value(tag='loss', simple_value=loss)])
            writer.add_summary(summary, 0)
    """, """
        import tensorflow as tf
        import keras

        def log(writer, loss, step):
            writer.add_summary(tf.Summary(value=[tf.Summary.Value(tag='loss', simple_value=loss)]), step)

        def train(logdir):
            writer = tf.summary.FileWriter(logdir)
            log(writer, 0.5, 1)
    """]
    for source in cases:
        assert_unchanged(source, RULE)
        _, findings = rewrite(source)
        assert _left(findings, FILE_WRITER_LEFT)


def test_a_self_writer_read_outside_its_class_or_tested_stays():
    assert_unchanged("""
        import tensorflow as tf
        import keras

        class Logger(keras.callbacks.Callback):
            def __init__(self, log_dir):
                super().__init__()
                self.writer = tf.summary.FileWriter(log_dir)

            def on_epoch_end(self, epoch, logs=None):
                summary = tf.Summary(value=[tf.Summary.Value(tag='loss', simple_value=logs['loss'])])
                self.writer.add_summary(summary, epoch)

        logger = Logger('logs')
        logger.writer.add_run_metadata(None, 'step1')
    """, RULE)
    assert_unchanged("""
        import tensorflow as tf
        import keras

        class Logger:
            def __init__(self, log_dir):
                self.writer = tf.summary.FileWriter(log_dir) if log_dir else None

            def log(self, value, step):
                if self.writer is not None:
                    self.writer.add_summary(tf.Summary(value=[tf.Summary.Value(tag='v', simple_value=value)]), step)
    """, RULE)


def test_a_subclass_using_the_writer_stays():
    assert_unchanged("""
        import tensorflow as tf
        import keras

        class Logger(keras.callbacks.Callback):
            def __init__(self, log_dir):
                super().__init__()
                self.writer = tf.summary.FileWriter(log_dir)

        class GraphLogger(Logger):
            def on_train_begin(self, logs=None):
                self.writer.add_graph(tf.get_default_graph())
    """, RULE)


def test_a_summary_that_is_a_parameter_or_on_a_one_line_suite_stays():
    assert_unchanged("""
        import tensorflow as tf
        import keras

        def train(logdir, summaries):
            writer = tf.summary.FileWriter(logdir)
            for step, summary in enumerate(summaries):
                writer.add_summary(summary, step)

        def each(logdir, loss):
            writer = tf.summary.FileWriter(logdir)
            summary = tf.Summary(value=[tf.Summary.Value(tag='loss', simple_value=loss)])
            if loss: writer.add_summary(summary, 1)
    """, RULE)


def test_a_graph_program_is_left_to_tf1_graph_program():
    # Keras-free, with sessions and placeholders: compat.v1 in graph mode, eager execution off
    source = """
        import tensorflow as tf

        x = tf.placeholder(tf.float32, [None])
        loss = tf.reduce_mean(x)
        writer = tf.summary.FileWriter('logs')
        with tf.Session() as sess:
            value = sess.run(loss, feed_dict={x: [1.0]})
            writer.add_summary(tf.Summary(value=[tf.Summary.Value(tag='loss', simple_value=value)]), 0)
    """
    assert_unchanged(source, RULE)
    got, _ = rewrite(source)
    assert "tf.compat.v1.summary.FileWriter('logs')" in got and "write_raw_pb" not in got
    assert rewrite(got)[0] == got  # its output turns eager execution off: compat.v1's writer runs there


def test_in_a_notebook_cell_only_a_function_s_own_writer():
    # another cell may use a module-level writer or an object's (`logger.writer.add_graph(...)`)
    cell = textwrap.dedent("""
        import tensorflow as tf

        class Logger:
            def __init__(self, log_dir):
                self.writer = tf.summary.FileWriter(log_dir)

            def log(self, value, step):
                self.writer.add_summary(tf.Summary(value=[tf.Summary.Value(tag='v', simple_value=value)]), step)

        def log_once(log_dir, value):
            writer = tf.summary.FileWriter(log_dir)
            writer.add_summary(tf.Summary(value=[tf.Summary.Value(tag='v', simple_value=value)]), 1)
            writer.close()
    """)
    rules = [rule for rule in all_rules() if rule.NAME == RULE]
    result = rewrite_source(cell.encode(), "train.ipynb:cell 3", rules)
    got = result.rewritten.decode()
    assert "self.writer = tf.summary.FileWriter(log_dir)" in got and "self.writer.add_summary(" in got
    assert "writer = tf.summary.create_file_writer(log_dir)" in got and got.count("write_raw_pb(") == 1


def test_a_keras_callback_writing_its_own_scalars():
    findings = assert_rewrites("""
        import tensorflow as tf
        import keras
        from keras import backend as K

        class TensorBoardLogger(keras.callbacks.Callback):
            def __init__(self, log_dir):
                super().__init__()
                self.writer = tf.summary.FileWriter(log_dir, K.get_session().graph)

            def on_epoch_end(self, epoch, logs=None):
                summary = tf.Summary(value=[tf.Summary.Value(tag='loss', simple_value=logs['loss'])])
                self.writer.add_summary(summary, epoch)  # each epoch
                self.writer.flush()

            def on_train_end(self, logs=None):
                self.writer.close()
    """, """
        import tensorflow as tf
        import keras
        from keras import backend as K

        class TensorBoardLogger(keras.callbacks.Callback):
            def __init__(self, log_dir):
                super().__init__()
                self.writer = tf.summary.create_file_writer(log_dir)

            def on_epoch_end(self, epoch, logs=None):
                summary = tf.compat.v1.Summary(value=[tf.compat.v1.Summary.Value(tag='loss', simple_value=logs['loss'])])
                with self.writer.as_default(), tf.summary.record_if(True):
                    tf.summary.experimental.write_raw_pb(summary.SerializeToString(), step=epoch)  # each epoch
                self.writer.flush()

            def on_train_end(self, logs=None):
                self.writer.close()
    """, RULE)
    assert [finding.advice for finding in findings] == [True]
    assert "graph given to tf.summary.FileWriter was dropped" in findings[0].message


def test_values_added_to_an_empty_summary_and_a_step_left_out():
    # OlafenwaMoses/ImageAI's callbacks: `summary.value.add()`; TF1 wrote step 0 where none was given
    assert_rewrites("""
        import tensorflow as tf
        import keras

        def log(logdir, logs, counter):
            writer = tf.compat.v1.summary.FileWriter(logdir, flush_secs=5)
            for name, value in logs.items():
                summary = tf.Summary()
                summary_value = summary.value.add()
                summary_value.simple_value = value
                summary_value.tag = name
                writer.add_summary(summary, global_step=counter)
            writer.add_summary(tf.Summary(value=[tf.Summary.Value(tag='done')]))
            writer.add_summary(summary, None)
            writer.flush()
    """, """
        import tensorflow as tf
        import keras

        def log(logdir, logs, counter):
            writer = tf.summary.create_file_writer(logdir, flush_millis=5000)
            for name, value in logs.items():
                summary = tf.compat.v1.Summary()
                summary_value = summary.value.add()
                summary_value.simple_value = value
                summary_value.tag = name
                with writer.as_default(), tf.summary.record_if(True):
                    tf.summary.experimental.write_raw_pb(summary.SerializeToString(), step=counter)
            with writer.as_default(), tf.summary.record_if(True):
                tf.summary.experimental.write_raw_pb(tf.compat.v1.Summary(value=[tf.compat.v1.Summary.Value(tag='done')]).SerializeToString(), step=0)
            with writer.as_default(), tf.summary.record_if(True):
                tf.summary.experimental.write_raw_pb(summary.SerializeToString(), step=0)
            writer.flush()
    """, RULE)


def test_a_writer_imported_by_name_at_module_level():
    assert_rewrites("""
        import numpy as np
        import keras
        from tensorflow.summary import FileWriter
        from tensorflow import compat

        writer = FileWriter('logs')

        def log(value, step):
            summary = compat.v1.Summary(value=[compat.v1.Summary.Value(tag='v', simple_value=np.mean(value))])
            writer.add_summary(summary, step)
    """, """
        import numpy as np
        import keras
        from tensorflow import compat
        import tensorflow

        writer = tensorflow.summary.create_file_writer('logs')

        def log(value, step):
            summary = compat.v1.Summary(value=[compat.v1.Summary.Value(tag='v', simple_value=np.mean(value))])
            with writer.as_default(), tensorflow.summary.record_if(True):
                tensorflow.summary.experimental.write_raw_pb(summary.SerializeToString(), step=step)
    """, RULE)


def test_two_callbacks_with_a_writer_each_and_tf_bound_twice():
    # `tf` may be tensorflow.compat.v1, whose summary module has no create_file_writer: `tensorflow` imported
    assert_rewrites("""
        import keras
        import tensorflow as tf
        if tf.__version__.startswith('2'):
            import tensorflow.compat.v1 as tf

        class Train(keras.callbacks.Callback):
            def __init__(self, log_dir):
                self.writer = tf.summary.FileWriter(log_dir + '/train')

            def on_batch_end(self, batch, logs=None):
                summary = tf.Summary(value=[tf.Summary.Value(tag='loss', simple_value=logs['loss'])])
                self.writer.add_summary(summary, batch)

        class Valid(keras.callbacks.Callback):
            def __init__(self, log_dir):
                self.writer = tf.summary.FileWriter(log_dir + '/valid')

            def on_epoch_end(self, epoch, logs=None):
                summary = tf.Summary(value=[tf.Summary.Value(tag='loss', simple_value=logs['val_loss'])])
                self.writer.add_summary(summary, epoch)
    """, """
        import keras
        import tensorflow as tf
        import tensorflow

        if tf.__version__.startswith('2'):
            import tensorflow.compat.v1 as tf

        class Train(keras.callbacks.Callback):
            def __init__(self, log_dir):
                self.writer = tensorflow.summary.create_file_writer(log_dir + '/train')

            def on_batch_end(self, batch, logs=None):
                summary = tf.Summary(value=[tf.Summary.Value(tag='loss', simple_value=logs['loss'])])
                with self.writer.as_default(), tensorflow.summary.record_if(True):
                    tensorflow.summary.experimental.write_raw_pb(summary.SerializeToString(), step=batch)

        class Valid(keras.callbacks.Callback):
            def __init__(self, log_dir):
                self.writer = tensorflow.summary.create_file_writer(log_dir + '/valid')

            def on_epoch_end(self, epoch, logs=None):
                summary = tf.Summary(value=[tf.Summary.Value(tag='loss', simple_value=logs['val_loss'])])
                with self.writer.as_default(), tensorflow.summary.record_if(True):
                    tensorflow.summary.experimental.write_raw_pb(summary.SerializeToString(), step=epoch)
    """, RULE)


def test_the_whole_run_leaves_nothing_for_the_rewritten_writer():
    source = """
        import tensorflow as tf
        import keras

        class Logger(keras.callbacks.Callback):
            def __init__(self, log_dir):
                super().__init__()
                self.writer = tf.summary.FileWriter(log_dir)

            def on_epoch_end(self, epoch, logs=None):
                self.writer.add_summary(tf.Summary(value=[tf.Summary.Value(tag='loss', simple_value=logs['loss'])]),
                                        epoch)
    """
    _, before = rewrite(source, "tf1_names_to_tf2")
    assert _left(before, FILE_WRITER_LEFT) and _left(before, "tf.Summary is TF1-only")
    got, findings = rewrite(source)
    assert not [finding for finding in findings if not finding.advice], findings
    assert "tf.compat.v1.Summary.Value(tag='loss'" in got


# What each stack writes: TF1's FileWriter under TF 1.15, and the rewrite under the installed TF 2.
WRITES = """
import sys
import numpy as np
import tensorflow as tf
import keras  # a Keras program: eager under TF 2 (a Keras-free one is tf1_graph_program's)

def log(logdir):
    writer = tf.summary.FileWriter(logdir)
    writer.add_summary(tf.Summary(value=[tf.Summary.Value(tag='loss', simple_value=0.5)]), 3)
    summary = tf.Summary()
    value = summary.value.add()
    value.simple_value = 1.25
    value.tag = 'acc'
    writer.add_summary(summary)
    histogram = tf.HistogramProto(min=0.0, max=1.0, num=2, sum=1.0, sum_squares=1.0, bucket_limit=[0.5, 1.0],
                                  bucket=[1, 1])
    summary = tf.Summary(value=[tf.Summary.Value(tag='weights', histo=histogram)])
    writer.add_summary(summary, np.int64(7))
    image = tf.Summary.Image(height=1, width=1, colorspace=1, encoded_image_string=b'not a png')
    summary = tf.Summary(value=[tf.Summary.Value(tag='image', image=image)])
    writer.add_summary(summary, global_step=9)
    writer.flush()
    writer.close()

log(sys.argv[1])
"""
READ = """
import glob, sys
import tensorflow as tf
for path in glob.glob(sys.argv[1] + '/events*'):
    for event in tf.compat.v1.train.summary_iterator(path):
        if event.HasField('summary'):
            print(event.step, event.summary.SerializeToString().hex())
"""


def _events(folder: Path) -> list[str]:
    run = subprocess.run([sys.executable, "-c", READ, str(folder)], capture_output=True, text=True, timeout=300,
                         env=dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3"))
    assert run.returncode == 0, run.stderr[-2000:]
    return run.stdout.splitlines()


@pytest.mark.skipif(not LEGACY.exists(), reason="the TF 1.15 stack (/tmp/legacy37) is not here")
def test_the_rewrite_writes_the_events_tf_1_15_wrote(tmp_path):
    script = tmp_path / "writes.py"
    script.write_text(WRITES)
    old = subprocess.run([str(LEGACY), str(script), str(tmp_path / "tf1")], capture_output=True, text=True,
                         timeout=300, env=legacy_env())
    assert old.returncode == 0, old.stderr[-2000:]
    rewritten, _ = rewrite(WRITES)
    assert "write_raw_pb" in rewritten and "FileWriter" not in rewritten
    script.write_text(rewritten)
    new = subprocess.run([sys.executable, str(script), str(tmp_path / "tf2")], capture_output=True, text=True,
                         timeout=300, env=dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3"))
    assert new.returncode == 0, new.stderr[-2000:]
    written = _events(tmp_path / "tf1")
    assert len(written) == 4 and [line.split()[0] for line in written] == ["3", "0", "7", "9"]
    assert _events(tmp_path / "tf2") == written


CALLBACK = """
import sys
import numpy as np
import tensorflow as tf
import keras


class LossLogger(keras.callbacks.Callback):
    def __init__(self, log_dir):
        super().__init__()
        self.writer = tf.summary.FileWriter(log_dir)

    def on_epoch_end(self, epoch, logs=None):
        summary = tf.Summary()
        value = summary.value.add()
        value.simple_value = logs['loss']
        value.tag = 'epoch_loss'
        self.writer.add_summary(summary, epoch + 1)
        self.writer.flush()


model = keras.Sequential([keras.layers.Dense(1, input_shape=(3,))])
model.compile(optimizer='sgd', loss='mse')
history = model.fit(np.ones((8, 3)), np.ones((8, 1)), epochs=1, verbose=0, callbacks=[LossLogger(sys.argv[1])])
print(history.history['loss'][0])
print('ok')
"""


def test_a_rewritten_callback_logs_under_keras_3(tmp_path):
    source = tmp_path / "train.py"
    source.write_text(textwrap.dedent(CALLBACK))
    (tmp_path / "out").mkdir()
    target = rewritten_copy(source, tmp_path / "out")
    assert "create_file_writer" in target.read_text()
    run = subprocess.run([sys.executable, str(target), str(tmp_path / "logs")], capture_output=True, text=True,
                         timeout=300, env=dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3"))
    assert run.returncode == 0 and run.stdout.strip().endswith("ok"), run.stderr[-2500:]
    loss = float(run.stdout.split()[-2])
    events = _events(tmp_path / "logs")
    assert len(events) == 1 and events[0].split()[0] == "1"
    import tensorflow as tf  # the proto's reader, in this process only for parsing
    summary = tf.compat.v1.Summary.FromString(bytes.fromhex(events[0].split()[1]))
    assert summary.value[0].tag == "epoch_loss" and summary.value[0].simple_value == pytest.approx(loss, rel=1e-6)


# A Keras TensorBoard callback's writer (keras-retinanet's Evaluate callback, copied into many detection repositories)

def test_a_tensorboard_writer_used_otherwise_stays_and_is_reported():
    # a TensorBoard subclass's own writer flushed in another method; the writer flushed apart; no `T is not None`
    # before the test of its writer; an object not named for a TensorBoard, and one a call gives something else
    cases = ["""
        import tensorflow as tf
        from keras.callbacks import TensorBoard

        class ImageBoard(TensorBoard):
            def on_epoch_end(self, epoch, logs=None):
                self.writer.add_summary(tf.Summary(value=[tf.Summary.Value(tag='v', simple_value=1.0)]), epoch)
                super().on_epoch_end(epoch, logs)

            def on_train_end(self, logs=None):
                self.writer.close()
    """, """
        import tensorflow as tf
        from keras.callbacks import TensorBoard

        def write_log(callback, name, value, batch_no):
            summary = tf.Summary(value=[tf.Summary.Value(tag=name, simple_value=value)])
            callback.writer.add_summary(summary, batch_no)

        board = TensorBoard(log_dir='logs')
        logger = make_logger()
        write_log(board, 'loss', 1.0, 0)
        write_log(logger, 'loss', 1.0, 0)
    """, """
        import tensorflow as tf
        import keras

        class Evaluate(keras.callbacks.Callback):
            def __init__(self, tensorboard):
                super().__init__()
                self.tensorboard = tensorboard

            def on_epoch_end(self, epoch, logs=None):
                summary = tf.Summary(value=[tf.Summary.Value(tag='mAP', simple_value=logs['loss'])])
                self.tensorboard.writer.add_summary(summary, epoch)

            def on_train_end(self, logs=None):
                self.tensorboard.writer.flush()
    """, """
        import tensorflow as tf
        import keras

        def log(tensorboard, value, epoch):
            if tensorboard.writer is not None:
                summary = tf.Summary(value=[tf.Summary.Value(tag='mAP', simple_value=value)])
                tensorboard.writer.add_summary(summary, epoch)
    """, """
        import tensorflow as tf
        import keras

        def log(logger, value, epoch):
            summary = tf.Summary(value=[tf.Summary.Value(tag='mAP', simple_value=value)])
            logger.writer.add_summary(summary, epoch)
    """]
    for source in cases:
        assert_unchanged(source, RULE)
        _, findings = rewrite(source)
        assert _left(findings, "tf.Summary is TF1-only")


def test_keras_retinanet_s_evaluate_callback():
    # fizyr/keras-maskrcnn keras_maskrcnn/callbacks/eval.py: `tf` imported in the `if`, so spelt `tf` there
    findings = assert_rewrites("""
        import keras


        class Evaluate(keras.callbacks.Callback):
            def __init__(self, generator, tensorboard=None):
                self.generator = generator
                self.tensorboard = tensorboard
                super(Evaluate, self).__init__()

            def on_epoch_end(self, epoch, logs):
                mean_ap = evaluate(self.generator, self.model)

                if self.tensorboard is not None and self.tensorboard.writer is not None:
                    import tensorflow as tf
                    summary = tf.Summary()
                    summary_value = summary.value.add()
                    summary_value.simple_value = mean_ap
                    summary_value.tag = "mAP"
                    self.tensorboard.writer.add_summary(summary, epoch)

                logs['mAP'] = mean_ap
    """, """
        import keras


        class Evaluate(keras.callbacks.Callback):
            def __init__(self, generator, tensorboard=None):
                self.generator = generator
                self.tensorboard = tensorboard
                super(Evaluate, self).__init__()

            def on_epoch_end(self, epoch, logs):
                mean_ap = evaluate(self.generator, self.model)

                if self.tensorboard is not None:
                    import tensorflow as tf
                    summary = tf.compat.v1.Summary()
                    summary_value = summary.value.add()
                    summary_value.simple_value = mean_ap
                    summary_value.tag = "mAP"
                    if getattr(self.tensorboard, "writer", None) is None:  # Keras 3's TensorBoard has no .writer (Keras 2's wrote in log_dir)
                        self.tensorboard.writer = tf.summary.create_file_writer(self.tensorboard.log_dir)
                    with self.tensorboard.writer.as_default(), tf.summary.record_if(True):
                        tf.summary.experimental.write_raw_pb(summary.SerializeToString(), step=epoch)
                    self.tensorboard.writer.flush()

                logs['mAP'] = mean_ap
    """, RULE)
    assert findings == []


def test_a_tensorboard_writer_in_a_loop_and_a_function():
    # xuannianz/keras-CenterNet eval/coco.py (one summary growing in a loop, written each time, as TF1 wrote it), and
    # a function given the callback, its test in parentheses
    assert_rewrites("""
        import tensorflow as tf
        import keras

        class Evaluate(keras.callbacks.Callback):
            def on_epoch_end(self, epoch, logs=None):
                stats = [0.5, 0.25]
                if stats is not None and self.tensorboard is not None and (self.tensorboard.writer is not None):
                    summary = tf.Summary()
                    for index, result in enumerate(stats):
                        summary_value = summary.value.add()
                        summary_value.simple_value = result
                        summary_value.tag = str(index)
                        self.tensorboard.writer.add_summary(summary, epoch)  # each one
                        logs[str(index)] = result

        def log(my_tensorboard, value, epoch):
            if (my_tensorboard is not None and my_tensorboard.writer is not None):
                summary = tf.Summary(value=[tf.Summary.Value(tag='mAP', simple_value=value)])
                my_tensorboard.writer.add_summary(summary, epoch)
    """, """
        import tensorflow as tf
        import keras

        class Evaluate(keras.callbacks.Callback):
            def on_epoch_end(self, epoch, logs=None):
                stats = [0.5, 0.25]
                if stats is not None and self.tensorboard is not None:
                    summary = tf.compat.v1.Summary()
                    for index, result in enumerate(stats):
                        summary_value = summary.value.add()
                        summary_value.simple_value = result
                        summary_value.tag = str(index)
                        if getattr(self.tensorboard, "writer", None) is None:  # Keras 3's TensorBoard has no .writer (Keras 2's wrote in log_dir)
                            self.tensorboard.writer = tf.summary.create_file_writer(self.tensorboard.log_dir)
                        with self.tensorboard.writer.as_default(), tf.summary.record_if(True):
                            tf.summary.experimental.write_raw_pb(summary.SerializeToString(), step=epoch)  # each one
                        self.tensorboard.writer.flush()
                        logs[str(index)] = result

        def log(my_tensorboard, value, epoch):
            if (my_tensorboard is not None):
                summary = tf.compat.v1.Summary(value=[tf.compat.v1.Summary.Value(tag='mAP', simple_value=value)])
                if getattr(my_tensorboard, "writer", None) is None:  # Keras 3's TensorBoard has no .writer (Keras 2's wrote in log_dir)
                    my_tensorboard.writer = tf.summary.create_file_writer(my_tensorboard.log_dir)
                with my_tensorboard.writer.as_default(), tf.summary.record_if(True):
                    tf.summary.experimental.write_raw_pb(summary.SerializeToString(), step=epoch)
                my_tensorboard.writer.flush()
    """, RULE)


# keras-retinanet's callback in a real fit beside a TensorBoard callback; update_freq=3 (batches in Keras 3, samples in
# Keras 2) leaves Keras 3's record_if on, off except every third batch, when the epoch ends.
EVALUATE = """
import sys
import numpy as np
import keras


class Evaluate(keras.callbacks.Callback):
    def __init__(self, tensorboard=None):
        self.tensorboard = tensorboard
        super(Evaluate, self).__init__()

    def on_epoch_end(self, epoch, logs=None):
        mean_ap = 0.5 + epoch / 4.0
        if self.tensorboard is not None and self.tensorboard.writer is not None:
            import tensorflow as tf
            summary = tf.Summary()
            summary_value = summary.value.add()
            summary_value.simple_value = mean_ap
            summary_value.tag = "mAP"
            self.tensorboard.writer.add_summary(summary, epoch)


tensorboard = keras.callbacks.TensorBoard(log_dir=sys.argv[1], update_freq=3)
model = keras.models.Sequential([keras.layers.Dense(1, input_shape=(3,))])
model.compile(optimizer='sgd', loss='mse')
model.fit(np.ones((8, 3)), np.ones((8, 1)), batch_size=2, epochs=3, verbose=0,
          callbacks=[tensorboard, Evaluate(tensorboard)])
print('ok')
"""
# (step, tag, value, serialized summary) of the events of one folder (not its subfolders) that hold `tag`
READ_TAG = """
import glob, sys
import tensorflow as tf
for path in sorted(glob.glob(sys.argv[1] + '/events*')):
    for event in tf.compat.v1.train.summary_iterator(path):
        for value in event.summary.value:
            if value.tag == sys.argv[2]:
                print(path, event.step, value.tag, value.simple_value, event.summary.SerializeToString().hex())
"""


NEEDS_TENSORBOARD = pytest.mark.skipif(importlib.util.find_spec("tensorboard") is None,
                                       reason="Keras 3's TensorBoard callback writes its scalars through the "
                                              "tensorboard package")


def _rewritten_run(script: str, folder: Path, logs: str) -> tuple[Path, subprocess.CompletedProcess, dict]:
    """`script` rewritten by the CLI and run under Keras 3, its log folder `folder / logs`: the rewritten file, the
    run, and the environment it ran in (for reading its events)."""
    source = folder / "train.py"
    source.write_text(script)
    (folder / "out").mkdir()
    target = rewritten_copy(source, folder / "out")
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3")
    run = subprocess.run([sys.executable, str(target), str(folder / logs)], capture_output=True, text=True,
                         timeout=300, env=env)
    return target, run, env


def _tagged(python: str, folder: Path, tag: str, env: dict) -> list[list[str]]:
    run = subprocess.run([python, "-c", READ_TAG, str(folder), tag], capture_output=True, text=True, timeout=300,
                         env=env)
    assert run.returncode == 0, run.stderr[-2000:]
    return [line.split() for line in run.stdout.splitlines()]


@NEEDS_TENSORBOARD
def test_a_rewritten_evaluate_callback_logs_beside_keras_3_s_tensorboard(tmp_path):
    target, run, env = _rewritten_run(EVALUATE, tmp_path, "tf2")
    assert "self.tensorboard.writer = tf.summary.create_file_writer(self.tensorboard.log_dir)" in target.read_text()
    assert run.returncode == 0 and run.stdout.strip().endswith("ok"), run.stderr[-2500:]
    written = _tagged(sys.executable, tmp_path / "tf2", "mAP", env)
    assert [(step, tag, float(value)) for _, step, tag, value, _ in written] == \
        [("0", "mAP", 0.5), ("1", "mAP", 0.75), ("2", "mAP", 1.0)]
    assert len({path for path, *_ in written}) == 1 and len(list((tmp_path / "tf2").glob("events*"))) == 1
    assert list((tmp_path / "tf2" / "train").glob("events*"))  # Keras 3's own, beside it
    if not LEGACY.exists():
        return
    old = subprocess.run([str(LEGACY), str(tmp_path / "train.py"), str(tmp_path / "tf1")], capture_output=True, text=True,
                         timeout=300, env=legacy_env())
    assert old.returncode == 0 and old.stdout.strip().endswith("ok"), old.stderr[-2000:]
    assert [line[1:] for line in _tagged(str(LEGACY), tmp_path / "tf1", "mAP", legacy_env())] == \
        [line[1:] for line in written]


# Keras 2's TensorBoard made `self.writer` in set_model: GAN training loops wrote their losses through it by a helper
# given the callback (`write_log(callback, name, value, batch_no)`, PacktPublishing's GAN projects, keras-frcnn), and
# TensorBoard subclasses wrote their own scalars (experiencor/keras-yolo3's CustomTensorBoard).
WRITE_LOG = """
import sys
import numpy as np
import tensorflow as tf
from keras.callbacks import TensorBoard
from keras.layers import Dense
from keras.models import Sequential


def write_log(callback, name, value, batch_no):
    summary = tf.Summary()
    summary_value = summary.value.add()
    summary_value.simple_value = value
    summary_value.tag = name
    callback.writer.add_summary(summary, batch_no)
    callback.writer.flush()


class CustomTensorBoard(TensorBoard):
    def __init__(self, log_every=1, **kwargs):
        super(CustomTensorBoard, self).__init__(**kwargs)
        self.log_every = log_every
        self.counter = 0

    def on_batch_end(self, batch, logs=None):
        self.counter += 1
        if self.counter % self.log_every == 0:
            summary = tf.Summary()
            summary_value = summary.value.add()
            summary_value.simple_value = float(self.counter)
            summary_value.tag = 'counter'
            self.writer.add_summary(summary, self.counter)
            self.writer.flush()
        super(CustomTensorBoard, self).on_batch_end(batch, logs)


tensorboard = TensorBoard(log_dir=sys.argv[1] + '/gan')
model = Sequential([Dense(1, input_shape=(3,))])
model.compile(optimizer='sgd', loss='mse')
tensorboard.set_model(model)
for epoch in range(2):
    write_log(tensorboard, 'g_loss', 0.25 * (epoch + 1), epoch)
model.fit(np.ones((4, 3)), np.ones((4, 1)), batch_size=2, epochs=1, verbose=0,
          callbacks=[CustomTensorBoard(log_every=2, log_dir=sys.argv[1] + '/yolo')])
print('ok')
"""


def test_a_callback_given_to_write_log_and_a_tensorboard_subclass_s_own_writer():
    result, findings = rewrite(WRITE_LOG, RULE)
    assert findings == []
    assert """    summary_value.tag = name
    if getattr(callback, "writer", None) is None:  # Keras 3's TensorBoard has no .writer (Keras 2's wrote in log_dir)
        callback.writer = tf.summary.create_file_writer(callback.log_dir)
    with callback.writer.as_default(), tf.summary.record_if(True):
        tf.summary.experimental.write_raw_pb(summary.SerializeToString(), step=batch_no)
    callback.writer.flush()
""" in result
    assert """            if getattr(self, "writer", None) is None:  # Keras 3's TensorBoard has no .writer (Keras 2's wrote in log_dir)
                self.writer = tf.summary.create_file_writer(self.log_dir)
            with self.writer.as_default(), tf.summary.record_if(True):
                tf.summary.experimental.write_raw_pb(summary.SerializeToString(), step=self.counter)
            self.writer.flush()
""" in result
    assert result.count(".flush()") == 2  # each function's own flush, none added
    assert rewrite(result, RULE)[0] == result


def test_write_log_s_parameter_named_as_the_module_s_callback():
    # you359/Keras-FasterRCNN train_frcnn.py: `def write_log(callback, ...)` and `callback = TensorBoard(log_path)`
    same = WRITE_LOG.replace("tensorboard = TensorBoard(", "callback = TensorBoard(").replace(
        "tensorboard.set_model(", "callback.set_model(").replace("write_log(tensorboard,", "write_log(callback,")
    result, findings = rewrite(same, RULE)
    assert findings == [] and "callback.writer = tf.summary.create_file_writer(callback.log_dir)" in result
    rebound = same + "\ndef restart():\n    global callback\n    callback = make_logger()\n"
    assert "add_summary(summary, batch_no)" in rewrite(rebound, RULE)[0]


@NEEDS_TENSORBOARD
def test_the_rewritten_write_log_and_subclass_log_under_keras_3(tmp_path):
    _, run, env = _rewritten_run(WRITE_LOG, tmp_path, "logs")
    assert run.returncode == 0 and run.stdout.strip().endswith("ok"), run.stderr[-2500:]
    gan = _tagged(sys.executable, tmp_path / "logs" / "gan", "g_loss", env)
    assert [(step, float(value)) for _, step, _, value, _ in gan] == [("0", 0.25), ("1", 0.5)]
    yolo = _tagged(sys.executable, tmp_path / "logs" / "yolo", "counter", env)
    assert [(step, float(value)) for _, step, _, value, _ in yolo] == [("2", 2.0)]


def test_protos_built_for_another_module_s_writer_are_compat_v1s():
    # rotkert/colorization_gan_keras utils.py, ericphilbaz/CADA-VAE-Keras model/callback.py: no writer, no add_summary
    assert_rewrites("""
        import tensorflow as tf

        def create_summary_epoch(gan_res):
            return tf.Summary(value=[tf.Summary.Value(tag="epoch loss", simple_value=gan_res[0])])

        def create_image_summary(image, i):
            return tf.Summary.Value(tag="image %d" % i, image=tf.Summary.Image(height=1, width=1))
    """, """
        import tensorflow as tf

        def create_summary_epoch(gan_res):
            return tf.compat.v1.Summary(value=[tf.compat.v1.Summary.Value(tag="epoch loss", simple_value=gan_res[0])])

        def create_image_summary(image, i):
            return tf.compat.v1.Summary.Value(tag="image %d" % i, image=tf.compat.v1.Summary.Image(height=1, width=1))
    """, RULE)


def test_not_in_a_module_with_a_writer_or_an_add_summary_left():
    assert_unchanged("""
        import tensorflow as tf

        def log(writer, loss, step):
            writer.add_summary(tf.Summary(value=[tf.Summary.Value(tag='loss', simple_value=loss)]), step)
    """, RULE)


PROTOS = """
import tensorflow as tf

def epoch_summary(loss, acc):
    summary = tf.Summary(value=[tf.Summary.Value(tag='loss', simple_value=loss)])
    value = summary.value.add()
    value.simple_value = acc
    value.tag = 'acc'
    return summary
"""
WRITES_APART = """
import sys
import tensorflow as tf
import keras
from protos import epoch_summary

def log(logdir):
    writer = tf.summary.FileWriter(logdir)
    for epoch in range(3):
        summary = epoch_summary(0.5 / (epoch + 1), 0.25 * epoch)
        writer.add_summary(summary, epoch)
    writer.close()

log(sys.argv[1])
print('ok')
"""


@pytest.mark.skipif(not LEGACY.exists(), reason="the TF 1.15 stack (/tmp/legacy37) is not here")
def test_protos_built_apart_write_the_events_tf_1_15_wrote_once_the_writer_is_tf2s(tmp_path):
    # the writer's module is rewritten once `summary` is a proto it builds: here a call of another module, which
    # leaves the FileWriter for a person; with the proto's module rewritten, the writer made TF2's by hand logs the same
    for folder in ("tf1", "tf2"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "protos.py").write_text(PROTOS)
    (tmp_path / "tf1" / "writes.py").write_text(WRITES_APART)
    old = subprocess.run([str(LEGACY), "writes.py", str(tmp_path / "tf1" / "events")], capture_output=True,
                         text=True, timeout=300, env=legacy_env(), cwd=tmp_path / "tf1")
    assert old.returncode == 0, old.stderr[-2000:]
    (tmp_path / "tf2" / "out").mkdir()
    rewritten_copy(tmp_path / "tf2" / "protos.py", tmp_path / "tf2" / "out")
    by_hand = WRITES_APART.replace("tf.summary.FileWriter(logdir)", "tf.summary.create_file_writer(logdir)").replace(
        "writer.add_summary(summary, epoch)", "with writer.as_default():\n"
        "            tf.summary.experimental.write_raw_pb(summary.SerializeToString(), step=epoch)")
    (tmp_path / "tf2" / "out" / "writes.py").write_text(by_hand)
    new = subprocess.run([sys.executable, "writes.py", str(tmp_path / "tf2" / "events")], capture_output=True,
                         text=True, timeout=300, env=dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3"),
                         cwd=tmp_path / "tf2" / "out")
    assert new.returncode == 0, new.stderr[-2000:]
    written = _events(tmp_path / "tf1" / "events")
    assert len(written) == 3 and _events(tmp_path / "tf2" / "events") == written
