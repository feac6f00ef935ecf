"""contrib_summary_to_tf2: must-not-change cases first, then before/after, then a TF 1.15 eager program's event file
against its whole rewrite's under TensorFlow 2 (tags, steps, values)."""

import json
import subprocess
import sys
import textwrap

from tests.codemod.helpers import assert_rewrites, assert_unchanged, legacy37, legacy_env, rewrite

RULE = "contrib_summary_to_tf2"


def test_what_tf2_cannot_say_or_is_not_contribs_stays():
    assert_unchanged("""
        import tensorflow as tf
        from tensorflow.contrib.summary import scalar
        import mylib.contrib.summary as board
        scalar('loss', loss)
        board.scalar('loss', loss)
        tf.contrib.summary.scalar('loss', loss, family='train')
        tf.contrib.summary.image('x', images, (255, 0, 0, 255))
        tf.contrib.summary.scalar(*pair)
        tf.contrib.summary.scalar('loss', loss, colour='red')
        tf.contrib.summary.record_summaries_every_n_global_steps()
        tf.contrib.summary.always_record_summaries(True)
    """, RULE)


def test_writes_take_the_global_step_and_tf2s_keywords():
    assert_rewrites("""
        import tensorflow as tf
        tf.contrib.summary.scalar('loss', loss)
        tf.contrib.summary.scalar('loss', tensor=loss, step=epoch)
        tf.contrib.summary.histogram('w', w, None, 3)
        tf.contrib.summary.image('x', images, max_images=9)
        tf.contrib.summary.image('x', images, None, 2)
        tf.contrib.summary.audio('a', wave, 16000, 1)
        tf.contrib.summary.generic('g', t, metadata=meta)
    """, """
        import tensorflow as tf
        tf.summary.scalar('loss', loss, step=tf.compat.v1.train.get_or_create_global_step())
        tf.summary.scalar('loss', loss, step=epoch)
        tf.summary.histogram('w', w, step=3)
        tf.summary.image('x', images, max_outputs=9, step=tf.compat.v1.train.get_or_create_global_step())
        tf.summary.image('x', images, max_outputs=2, step=tf.compat.v1.train.get_or_create_global_step())
        tf.summary.audio('a', wave, sample_rate=16000, max_outputs=1, step=tf.compat.v1.train.get_or_create_global_step())
        tf.summary.write('g', t, metadata=meta, step=tf.compat.v1.train.get_or_create_global_step())
    """, RULE)


def test_recording_conditions_become_record_if():
    assert_rewrites("""
        import tensorflow as tf
        with tf.contrib.summary.always_record_summaries():
            pass
        with tf.contrib.summary.never_record_summaries():
            pass
        with tf.contrib.summary.record_summaries_every_n_global_steps(100):
            pass
        with tf.contrib.summary.record_summaries_every_n_global_steps(n + 1, global_step=step):
            pass
    """, """
        import tensorflow as tf
        with tf.summary.record_if(True):
            pass
        with tf.summary.record_if(False):
            pass
        with tf.summary.record_if(lambda: tf.math.equal(tf.compat.v1.train.get_or_create_global_step() % 100, 0)):
            pass
        with tf.summary.record_if(lambda: tf.math.equal(step % (n + 1), 0)):
            pass
    """, RULE)


def test_a_family_left_is_reported_at_its_line():
    got, findings = rewrite("""
        import tensorflow as tf
        tf.contrib.summary.scalar('loss', loss, family='train')
    """)
    assert "tf.contrib.summary.scalar('loss', loss, family='train')" in got
    assert [f.line for f in findings if not f.advice and "contrib" in f.message] == [3], findings


# A TF 1.x eager program (TensorFlow's 2018 tutorials): writes under each recording condition, the global step moving.
EAGER_PROGRAM = """
    import sys
    import tensorflow as tf
    tf.enable_eager_execution()

    step = tf.train.get_or_create_global_step()
    writer = tf.contrib.summary.create_file_writer(sys.argv[1])
    writer.set_as_default()
    for i in range(7):
        step.assign_add(1)
        with tf.contrib.summary.record_summaries_every_n_global_steps(3):
            tf.contrib.summary.scalar('every_third', i * 0.5)
        with tf.contrib.summary.always_record_summaries():
            tf.contrib.summary.scalar('always', tf.constant(i * 2.0))
            tf.contrib.summary.histogram('spread', tf.range(i + 1, dtype=tf.float32), step=step * 10)
        with tf.contrib.summary.never_record_summaries():
            tf.contrib.summary.scalar('never', 1.0)
    writer.flush()
"""
# Every summary value of an event folder as [tag, step, scalar or None], sorted (a histogram's format differs: TF2
# writes TensorBoard's tensor form, TF 1.15's contrib a HistogramProto; TensorBoard reads both).
EVENTS = """
import glob, json, sys
import tensorflow as tf
found = []
for path in glob.glob(sys.argv[1] + "/events.*"):
    for event in tf.compat.v1.train.summary_iterator(path):
        for value in event.summary.value:
            kind = value.WhichOneof("value")
            number = value.simple_value if kind == "simple_value" else None
            if kind == "tensor" and not value.tensor.tensor_shape.dim:
                number = float(tf.make_ndarray(value.tensor))
            found.append([value.tag, int(event.step), number])
print(json.dumps(sorted(found, key=str)))
"""


def test_the_rewrite_writes_the_events_tensorflow_1_15_wrote(tmp_path):
    legacy = legacy37()
    program = textwrap.dedent(EAGER_PROGRAM)
    got, findings = rewrite(program)
    assert "contrib" not in got and "enable_eager_execution()" in got, got
    assert not [f for f in findings if not f.advice], findings
    (tmp_path / "old.py").write_text(program)
    (tmp_path / "new.py").write_text(got)
    (tmp_path / "events.py").write_text(EVENTS)
    events = {}
    for script, python in (("old.py", str(legacy)), ("new.py", sys.executable)):
        folder = tmp_path / script.removesuffix(".py")
        done = subprocess.run([python, str(tmp_path / script), str(folder)], capture_output=True, text=True,
                              env=legacy_env(), timeout=300)
        assert done.returncode == 0, done.stderr[-2000:]
        read = subprocess.run([sys.executable, str(tmp_path / "events.py"), str(folder)], capture_output=True,
                              text=True, env=legacy_env(), timeout=300)
        assert read.returncode == 0, read.stderr[-2000:]
        events[script] = json.loads(read.stdout.strip().splitlines()[-1])
    assert events["new.py"] == events["old.py"]
    assert ["every_third", 3, 1.0] in events["old.py"] and ["spread", 70, None] in events["old.py"]
