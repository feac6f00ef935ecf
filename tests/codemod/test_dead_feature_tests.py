"""dead_feature_tests: must-not-change cases first, then before/after, then the premise (a module has an attribute
exactly when the installed package defines the name)."""

import keras
import tensorflow as tf

from migrate.codemod.api_surface import surface
from tests.codemod.helpers import assert_rewrites, assert_unchanged, rewrite

RULE = "dead_feature_tests"


def test_a_name_that_exists_an_object_and_a_projects_own_module_or_hasattr_stay():
    assert_unchanged("""
        import tensorflow as tf
        import keras.optimizers as optimizers
        import mytools

        if hasattr(tf, 'where'):
            a = tf.where(c, x, y)
        if hasattr(optimizers, 'deserialize'):
            b = 1
        if hasattr(model, 'fit_generator'):
            model.fit_generator(gen)
        if hasattr(mytools, 'select'):
            mytools.select()
        if hasattr(tf, name):
            c = 1
    """, RULE)
    assert_unchanged("""
        import tensorflow as tf
        def hasattr(a, b):
            return True
        if hasattr(tf, 'select'):
            d = tf.select(c, x, y)
    """, RULE)


def test_a_branch_on_a_name_keras_3_and_tensorflow_2_lack_goes():
    # keras-rl/keras-rl rl/util.py:30 (Keras 1's optimizer_from_config) and :77 (TensorFlow 0.x's tf.select)
    assert_rewrites("""
        import keras.optimizers as optimizers
        def clone_optimizer(config):
            if hasattr(optimizers, 'optimizer_from_config'):
                # COMPATIBILITY: Keras < 2.0
                clone = optimizers.optimizer_from_config(config)
            else:
                clone = optimizers.deserialize(config)
            return clone
        def huber_loss(condition, squared_loss, linear_loss):
            import tensorflow as tf
            if hasattr(tf, 'select'):
                return tf.select(condition, squared_loss, linear_loss)  # condition, true, false
            else:
                return tf.where(condition, squared_loss, linear_loss)  # condition, true, false
    """, """
        import keras.optimizers as optimizers
        def clone_optimizer(config):
            clone = optimizers.deserialize(config)
            return clone
        def huber_loss(condition, squared_loss, linear_loss):
            import tensorflow as tf
            return tf.where(condition, squared_loss, linear_loss)  # condition, true, false
    """, RULE)


def test_not_hasattr_always_runs_and_an_elif_takes_the_place():
    assert_rewrites("""
        import tensorflow as tf
        if not hasattr(tf, 'Session'):
            eager = True
        if hasattr(tf.keras.backend, 'get_session'):
            session = tf.keras.backend.get_session()
        elif hasattr(tf, 'select'):
            pick = tf.select
        else:
            pick = tf.where
        rate = tf.nn.rnn_cell if hasattr(tf.nn, 'rnn_cell') else tf.keras.layers
    """, """
        import tensorflow as tf
        eager = True
        pick = tf.where
        rate = tf.keras.layers
    """, RULE)


def test_the_surface_answers_as_the_installed_modules_do():
    api = surface()
    for module, obj in (("tensorflow", tf), ("keras.optimizers", keras.optimizers), ("tensorflow.nn", tf.nn),
                        ("keras.backend", keras.backend)):
        for name in ("select", "optimizer_from_config", "rnn_cell", "get_session", "where", "deserialize", "relu",
                     "epsilon", "Session"):
            assert api.exists(f"{module}.{name}") == hasattr(obj, name), (module, name)


def test_a_branch_on_the_version_keras_3_and_tensorflow_2_do_not_have_goes():
    # xuannianz/EfficientDet eval/pascal.py (with an `and`: Python reads no more), david8862/keras-YOLOv3-model-set,
    # experiencor/keras-yolo3 (StrictVersion), ultralytics-style `int(tf.__version__.split('.')[0])`
    assert_rewrites("""
        import tensorflow as tf
        import keras
        from distutils.version import StrictVersion

        if tf.version.VERSION < '2.0.0' and self.tensorboard.writer is not None:
            summary = tf.Summary()
            self.tensorboard.writer.add_summary(summary, epoch)
        else:
            tf.summary.scalar('mAP', self.mean_ap, epoch)
        if tf.__version__.startswith('2'):
            a = tf.compat.v1.Session
        else:
            a = tf.Session
        if StrictVersion(keras.__version__) < StrictVersion('2.2.0'):
            from keras.engine.topology import Layer
        else:
            from keras.layers import Layer
        if int(tf.__version__.split('.')[0]) == 1:
            tf.enable_eager_execution()
        tf1 = tf if tf.__version__ < '2.0' else tf.compat.v1
        if not tf.__version__.startswith('1.') or legacy:
            b = 2
    """, """
        import tensorflow as tf
        from distutils.version import StrictVersion

        tf.summary.scalar('mAP', self.mean_ap, epoch)
        a = tf.compat.v1.Session
        from keras.layers import Layer
        tf1 = tf.compat.v1
        b = 2
    """, RULE)


def test_a_version_test_this_rule_does_not_compute_stays():
    assert_unchanged("""
        import tensorflow as tf
        import mylib

        if mylib.__version__ < '2.0':
            a = 1
        if tf.__version__ < VERSION:
            b = 1
        if legacy and tf.__version__ < '2.0':
            c = 1
        if tf.__version__ < '2.0' or legacy:
            d = 1
        if tf.__version__ < 2:
            e = 1
        if tf.VERSION.startswith('1.'):
            f = 1
        if LooseVersion(tf.__version__) < LooseVersion('2.0rc1'):
            g = 1
    """, RULE)


def test_a_version_test_is_answered_as_python_answers_it_under_the_installed_versions():
    # a float of the first three characters reads 2.21 as 2.2: the test says what the running code does
    got, _ = rewrite("import tensorflow as tf\nif float(tf.__version__[:3]) < 2.4:\n    a = 1\nelse:\n    a = 2\n", RULE)
    assert got == ("a = 1\n" if float(tf.__version__[:3]) < 2.4 else "a = 2\n")  # (the import read only by the test goes)
    assert keras.__version__.startswith("3.") and tf.__version__.startswith("2.")
