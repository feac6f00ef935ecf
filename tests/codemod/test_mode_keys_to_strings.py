"""mode_keys_to_strings: must-not-change cases first, then before/after, then TensorFlow 1.15's own values."""

import json
import subprocess

from migrate.codemod.rules.mode_keys_to_strings import VALUES
from tests.codemod.helpers import assert_rewrites, assert_unchanged, legacy37, legacy_env, rewrite

RULE = "mode_keys_to_strings"


def test_another_mode_keys_or_another_key_stays():
    assert_unchanged("""
        import tensorflow as tf
        from mylib import ModeKeys
        a = ModeKeys.TRAIN
        b = tf.estimator.ModeKeys
        c = tf.estimator.ModeKeys.OTHER
        d = tf.keras.utils.ModeKeys.TRAIN
    """, RULE)


def test_each_key_becomes_its_string_and_the_import_left_unread_goes():
    # tf-deeplabv3's dataset.py (sixty-eighth corpus): `mode == tf.contrib.learn.ModeKeys.TRAIN` in a reader
    assert_rewrites("""
        import tensorflow as tf
        from tensorflow.estimator import ModeKeys

        def read(mode):
            if mode == tf.contrib.learn.ModeKeys.TRAIN:
                return 1
            return 2 if mode in (tf.estimator.ModeKeys.EVAL, ModeKeys.PREDICT) else 3
        read(tf.contrib.learn.ModeKeys.INFER)
    """, """
        import tensorflow as tf
        from tensorflow.estimator import ModeKeys

        def read(mode):
            if mode == 'train':
                return 1
            return 2 if mode in ('eval', 'infer') else 3
        read('infer')
    """, RULE)
    got, findings = rewrite("""
        import tensorflow as tf
        from tensorflow.estimator import ModeKeys
        training = ModeKeys.TRAIN
    """)
    assert got == "\nimport tensorflow as tf\ntraining = 'train'\n" and findings == [], (got, findings)


def test_the_strings_are_tensorflow_1_15s():
    legacy = legacy37()
    done = subprocess.run([str(legacy), "-c", "import json, tensorflow as tf; print(json.dumps({k: repr(getattr(o, k)) "
                                              "for o in (tf.estimator.ModeKeys, tf.contrib.learn.ModeKeys) "
                                              "for k in dir(o) if k.isupper()}))"],
                          capture_output=True, text=True, env=legacy_env(), timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout.strip().splitlines()[-1]) == VALUES
