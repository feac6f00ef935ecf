"""keras_copies_to_keras: must-not-change cases first, then before/after, then the premises on the legacy stack
(Keras 2.3.1's keras.backend is its tensorflow_backend but for NOT_EXPORTED; TF 1.x's tf.contrib.keras is tf.keras;
keras.backend.common's settings functions are keras.backend's on Keras 2.2.4 and answer alike on Keras 2.3.1)."""

import json
import subprocess
from pathlib import Path

import pytest

from migrate.codemod.rules.keras_copies_to_keras import COMMON_NAMES, NOT_EXPORTED
from tests.codemod.helpers import assert_rewrites, assert_unchanged, legacy_env, rewrite

RULE = "keras_copies_to_keras"
LEGACY = Path("/tmp/legacy37/bin/python")
# Keras 2.2.4's own package, unpacked (`pip download keras==2.2.4 --no-deps`, unzipped): run by the legacy stack's
# Python on its TF 1.15 in place of Keras 2.3.1.
KERAS_224 = Path("/tmp/k224/keras/__init__.py")


def test_a_projects_own_contrib_or_backend_and_names_keras_backend_lacks_stay():
    assert_unchanged("""
        from mypkg.contrib.keras import layers
        import keras_rcnn.backend.tensorflow_backend
        from keras_rcnn.backend import tensorflow_backend
        y = keras_rcnn.backend.tensorflow_backend.squeeze(x)
    """, RULE)
    # private or unexported names of the backend module are no keras.backend names: the module import stays too
    assert_unchanged("""
        import keras
        from keras.backend import tensorflow_backend as KTF
        from keras.backend.tensorflow_backend import _get_available_gpus
        from keras.backend.tensorflow_backend import *
        n = len(KTF._get_available_gpus())
        g = keras.backend.tensorflow_backend.get_graph()
        t = KTF.tf.zeros(3)
    """, RULE)


def test_tf_contrib_keras_is_tf_keras():
    # TF 1.2-1.3 scripts: the package, its code path, and the attribute chain
    assert_rewrites("""
        import tensorflow as tf
        from tensorflow.contrib.keras import layers
        from tensorflow.contrib import keras
        from tensorflow.contrib.keras.python.keras.layers import Dense
        from tensorflow.contrib.keras.api.keras.models import Sequential
        import tensorflow.contrib.keras as K
        init = tf.contrib.keras.initializers.he_normal()
        x = tf.contrib.keras.layers.Dense(3, kernel_initializer=init)
        y = tf.contrib.keras.python.keras.layers.Conv2D(3, 3)
        z = tf.contrib.keras.api.keras.layers.Conv2D(3, 3)
    """, """
        import tensorflow as tf
        from tensorflow.keras import layers
        from tensorflow import keras
        from tensorflow.keras.layers import Dense
        from tensorflow.keras.models import Sequential
        import tensorflow.keras as K
        init = tf.keras.initializers.he_normal()
        x = tf.keras.layers.Dense(3, kernel_initializer=init)
        y = tf.keras.layers.Conv2D(3, 3)
        z = tf.keras.layers.Conv2D(3, 3)
    """, RULE)


def test_the_tensorflow_backend_is_keras_backend():
    assert_rewrites("""
        import keras
        from keras.backend.tensorflow_backend import clear_session, set_session
        from keras.backend import tensorflow_backend as KTF
        from keras.backend import tensorflow_backend
        import keras.backend.tensorflow_backend as ktf
        KTF.clear_session()
        tensorflow_backend.clear_session()
        keras.backend.tensorflow_backend.clear_session()
    """, """
        import keras
        from keras.backend import clear_session, set_session
        from keras import backend as KTF
        from keras import backend as tensorflow_backend
        import keras.backend as ktf
        KTF.clear_session()
        tensorflow_backend.clear_session()
        keras.backend.clear_session()
    """, RULE)


def test_keras_backend_common_is_keras_backend_for_its_settings_functions():
    # kbardool/keras-frcnn (Keras 2.0): K.common.image_dim_ordering(), compared and read; every import form
    assert_rewrites("""
        import keras
        from keras import backend as K
        from keras.backend.common import image_dim_ordering, floatx
        from keras.backend import common
        import keras.backend.common as C
        if K.common.image_dim_ordering() == 'th':
            pass
        self.dim_ordering = K.common.image_dim_ordering()
        e = keras.backend.common.epsilon() + common.epsilon() + C.epsilon()
    """, """
        import keras
        from keras import backend as K
        from keras.backend import image_dim_ordering, floatx
        from keras import backend as common
        import keras.backend as C
        if K.image_dim_ordering() == 'th':
            pass
        self.dim_ordering = K.image_dim_ordering()
        e = keras.backend.epsilon() + common.epsilon() + C.epsilon()
    """, RULE)
    # with every rule: the comparison and the value as Keras 2's getter gave them
    got, findings = rewrite("""
        from keras import backend as K
        if K.common.image_dim_ordering() == 'th':
            pass
        self.dim_ordering = K.common.image_dim_ordering()
    """)
    assert got == ("\nfrom keras import backend as K\nif K.image_data_format() == 'channels_first':\n    pass\n"
                   "self.dim_ordering = ('th' if K.image_data_format() == 'channels_first' else 'tf')\n"), got
    assert not findings, findings


def test_what_keras_backend_common_holds_beside_its_settings_stays():
    # must not change: its module constants and decorators are no keras.backend names; a project's own `common`
    assert_unchanged("""
        from keras import backend as K
        from keras.backend.common import _FLOATX
        from keras.backend import common
        from mypkg import common as C
        fmt = common._IMAGE_DATA_FORMAT
        f = K.common.symbolic(g)
        e = C.epsilon()
    """, RULE)


def test_with_every_rule_nothing_is_left_for_review():
    # germain-hug/Deep-RL-Keras main.py:17 and its session preamble; a clear_session through the module's alias
    got, findings = rewrite("""
        import tensorflow as tf
        from keras.backend.tensorflow_backend import set_session
        from keras.backend import tensorflow_backend as KTF

        config = tf.ConfigProto()
        config.gpu_options.allow_growth = True
        set_session(tf.Session(config=config))
        KTF.clear_session()
    """)
    assert got == ("\nimport tensorflow as tf\nfrom keras import backend as KTF\n\n"
                   "for gpu in tf.config.list_physical_devices('GPU'):\n"
                   "    tf.config.experimental.set_memory_growth(gpu, True)\n"
                   "KTF.clear_session()\n"), got
    assert not [f for f in findings if not f.advice], findings


@pytest.mark.skipif(not LEGACY.exists(), reason="the Keras 2.3.1 stack (/tmp/legacy37) is not here")
def test_keras_2_3_1_backend_holds_every_tensorflow_backend_name_but_the_unexported():
    probe = ("import keras.backend as K, keras.backend.tensorflow_backend as T, tensorflow as tf\n"
             "print(' '.join(sorted(n for n in dir(T) if not n.startswith('_') and getattr(K, n, None) is not getattr(T, n))))\n"
             "c, k = tf.contrib.keras, tf.keras\n"
             "print(all(getattr(c.layers, n) is getattr(k.layers, n) for n in dir(c.layers) if not n.startswith('_')),"
             " all(getattr(c.initializers, n) is getattr(k.initializers, n) for n in dir(c.initializers) if n[0] != '_'))\n")
    run = subprocess.run([str(LEGACY), "-c", probe], capture_output=True, text=True, timeout=300, env=legacy_env())
    assert run.returncode == 0, run.stderr[-2500:]
    unexported, contrib = run.stdout.strip().splitlines()[-2:]
    assert frozenset(unexported.split()) == NOT_EXPORTED
    assert contrib == "True True"


@pytest.mark.skipif(not LEGACY.exists(), reason="the Keras 2.3.1 stack (/tmp/legacy37) is not here")
@pytest.mark.parametrize("data_format", ["channels_first", "channels_last"])
def test_keras_2_3_1_backend_common_answers_as_keras_backend(tmp_path, data_format):
    """Keras 2.3.1's keras.backend wraps tf.keras's settings, keras.backend.common keeps its own; both start from
    keras.json: the same answers for either format (image_dim_ordering, gone from 2.3.1's keras.backend, as the
    'th'/'tf' of its image_data_format)."""
    (tmp_path / "keras.json").write_text(json.dumps({"image_data_format": data_format, "epsilon": 1e-05,
                                                     "floatx": "float32", "backend": "tensorflow"}))
    probe = ("import keras.backend as K, keras.backend.common as c\n"
             "print(c.image_dim_ordering() == ('th' if K.image_data_format() == 'channels_first' else 'tf'),"
             " all(getattr(c, n)() == getattr(K, n)() for n in ('epsilon', 'floatx', 'image_data_format')),"
             " K.image_data_format())\n")
    run = subprocess.run([str(LEGACY), "-c", probe], capture_output=True, text=True, timeout=300,
                         env=legacy_env(KERAS_HOME=str(tmp_path)))
    assert run.returncode == 0, run.stderr[-2500:]
    assert run.stdout.strip().splitlines()[-1] == f"True True {data_format}"


@pytest.mark.skipif(not (LEGACY.exists() and KERAS_224.exists()), reason="Keras 2.2.4 unpacked in /tmp/k224 is not here")
def test_keras_2_2_4_backend_common_settings_functions_are_keras_backends():
    probe = ("import keras, keras.backend as K, keras.backend.common as c\n"
             "print(keras.__version__, ' '.join(sorted(n for n in dir(c) if not n.startswith('_') and callable(getattr(c, n))"
             " and getattr(K, n, None) is getattr(c, n))))\n")
    env = legacy_env()
    env["PYTHONPATH"] = str(KERAS_224.parent.parent)
    run = subprocess.run([str(LEGACY), "-c", probe], capture_output=True, text=True, timeout=300, env=env)
    assert run.returncode == 0, run.stderr[-2500:]
    version, *same = run.stdout.strip().splitlines()[-1].split()
    assert version == "2.2.4" and frozenset(same) == COMMON_NAMES


def test_the_word_common_lets_a_file_through_only_where_it_can_be_keras_backends():
    """A bare `common` (a project's `from utils import common`, a comment) is in one c19 file in eight: those files
    are not parsed for this rule; `K.common.floatx()` and `common` imported from keras.backend are."""
    from migrate.codemod.rules.keras_copies_to_keras import KerasCopiesToKeras

    assert KerasCopiesToKeras.triggered(b"from keras import backend as K\nK.common.image_dim_ordering()\n")
    assert KerasCopiesToKeras.triggered(b"from keras.backend import common\nx = common.floatx()\n")
    assert KerasCopiesToKeras.triggered(b"import keras.backend.common as kc\n")
    assert not KerasCopiesToKeras.triggered(b"from utils import common\n# the common case\nx = common.load(path)\n")


def test_tensorflows_private_path_to_a_module_or_names_the_public_one_has_goes_to_it():
    """TF 1.x tf.keras code imported Keras by TensorFlow's private path (vanvalenlab/deepcell-tf, the fourth
    hold-out): the installed `tensorflow.keras` has the same modules and names, so the import moves; what it
    lacks (the private `training_v1`, a name no public module has) stays, for the report."""
    findings = assert_rewrites("""
        from tensorflow.python import keras
        from tensorflow.python.keras import backend as K, layers
        from tensorflow.python.keras import utils as keras_utils
        from tensorflow.python.keras.preprocessing.image import Iterator, array_to_img
        from tensorflow.python.keras.engine import training_v1
        from tensorflow.python import pywrap_tensorflow

        with keras.utils.custom_object_scope({}):
            x = keras_utils.get_source_inputs(K.ones((1,)))
    """, """
        from tensorflow import keras
        from tensorflow.keras import backend as K, layers
        from tensorflow.keras import utils as keras_utils
        from tensorflow.keras.preprocessing.image import Iterator, array_to_img
        from tensorflow.python.keras.engine import training_v1
        from tensorflow.python import pywrap_tensorflow

        with keras.utils.custom_object_scope({}):
            x = keras_utils.get_source_inputs(K.ones((1,)))
    """, RULE)
    assert findings == []
    got, findings = rewrite("from tensorflow.python.keras.engine import training_v1\n", RULE, "legacy_import_paths")
    assert [f.message.split(" is ")[0] for f in findings] == ["tensorflow.python.keras.engine.training_v1"]


def test_a_backend_function_read_through_the_private_path_is_rewritten_in_the_first_run():
    # TensorFlow's own callbacks_v1.py: K.int_shape was rewritten only by a second run, once the import was public
    got, _ = rewrite("from tensorflow.python.keras import backend as K\nshape = K.int_shape(w_img)\n")
    assert got == "from tensorflow.keras import backend as K\nshape = tuple(w_img.shape)\n"
    assert rewrite(got)[0] == got
