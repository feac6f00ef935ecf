"""legacy_import_paths: must-not-change cases first, then before/after."""

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import keras
import numpy as np
import pytest

from migrate.codemod.data.keras_legacy_names import MODULE_ALIASES
from migrate.codemod.engine import rewrite_source
from migrate.codemod.keras2_helpers import HELPERS
from migrate.codemod.legacy_names import LEGACY
from migrate.codemod.rules.legacy_import_paths import LegacyImportPaths
from tests.codemod.helpers import (
    assert_legacy_references,
    assert_rewrites,
    assert_unchanged,
    legacy37,
    legacy_env,
    probe_under_both,
    rewrite,
    rewritten_outputs,
)

RULE = "legacy_import_paths"
SCRIPTS = Path(__file__).parent / "scripts"


def test_current_paths_and_relative_imports_stay():
    assert_unchanged("""
        from keras.layers import Dense
        from keras.utils import to_categorical
        from .layers.core import Thing
        from mypkg.layers.core import Dense
    """, RULE)


def test_keras2_module_paths():
    assert_rewrites("""
        from keras.layers.core import Dense, Dropout
        from keras.layers.convolutional import Conv2D
        from keras.layers.normalization import BatchNormalization
        from keras.utils.np_utils import to_categorical
        from keras.engine.topology import Layer
        from tensorflow.keras.layers.recurrent import LSTM
    """, """
        from keras.layers import Dense, Dropout
        from keras.layers import Conv2D
        from keras.layers import BatchNormalization
        from keras.utils import to_categorical
        from keras.layers import Layer
        from tensorflow.keras.layers import LSTM
    """, RULE)


def test_plain_imports_and_private_paths_are_reported():
    findings = assert_unchanged("""
        import keras.layers.core
        from tensorflow.python.keras.engine import training_v1
    """, RULE)
    assert len(findings) == 2


def test_a_removed_module_imported_as_a_name_gives_way_to_its_functions():
    assert_rewrites("""
        from keras.utils import np_utils
        y = np_utils.to_categorical(labels, 10)
        z = np_utils.normalize(x)
    """, """
        from keras.utils import normalize, to_categorical
        y = to_categorical(labels, 10)
        z = normalize(x)
    """, RULE)


def test_a_local_name_that_shadows_nothing_stays():
    assert_unchanged("""
        import my_utils as np_utils
        y = np_utils.to_categorical(labels, 10)
    """, RULE)


def test_a_removed_module_imported_by_name_and_still_passed_around_stays_and_is_reported():
    findings = assert_unchanged("""
        from keras.utils import np_utils
        helpers = [np_utils]
    """, RULE)
    assert [(f.line, f.advice) for f in findings] == [(2, False)]
    assert "keras.utils.np_utils is gone in Keras 3" in findings[0].message


def test_a_removed_module_imported_by_name_and_unused_goes():
    """Keras 3 has no keras.utils.np_utils: the import alone stops the script."""
    assert_rewrites("""
        from keras.utils import np_utils, to_categorical
        import numpy as np
        y = to_categorical(np.arange(3))
    """, """
        from keras.utils import to_categorical
        import numpy as np
        y = to_categorical(np.arange(3))
    """, RULE)


def test_tensorflows_private_copy_of_a_removed_module_goes_to_the_public_one():
    # PeterDrake/sky pre_fall_2020/train_model.py and EfficientDet's efficientnet.py (is_keras_tensor);
    # Socret360/object-detection-in-keras networks/base_networks/truncated_vgg16.py:4 (data_utils.get_file)
    findings = assert_rewrites("""
        from tensorflow.python.keras.utils.data_utils import Sequence
        from tensorflow.python.keras.layers.core import Dense
        from tensorflow.python.keras.layers import Conv2D
        from tensorflow.python.keras.backend import is_keras_tensor
        from tensorflow.python.keras.utils import data_utils

        path = data_utils.get_file("w.h5", URL)
    """, """
        from tensorflow.keras.utils import get_file, Sequence
        from tensorflow.keras.layers import Dense
        from tensorflow.keras.layers import Conv2D
        from tensorflow.keras.backend import is_keras_tensor

        path = get_file("w.h5", URL)
    """, RULE)
    assert findings == []


def test_a_private_removed_module_with_a_use_left_stays_and_is_reported():
    # a name no public module has (Keras 2's private data_utils.validate_file), and the module passed on as a value
    findings = assert_rewrites("""
        from tensorflow.python.keras.utils import data_utils

        path = data_utils.get_file("w.h5", URL)
        ok = data_utils.validate_file(path, HASH)
    """, """
        from tensorflow.python.keras.utils import data_utils
        from tensorflow.keras.utils import get_file

        path = get_file("w.h5", URL)
        ok = data_utils.validate_file(path, HASH)
    """, RULE)
    assert sorted((f.line, f.message.split(" is ")[0]) for f in findings) == [
        (2, "tensorflow.python.keras.utils"), (5, "tensorflow.python.keras.utils.data_utils.validate_file")]
    findings = assert_unchanged("""
        from tensorflow.python.keras.utils import data_utils

        helpers = [data_utils]
    """, RULE)
    assert [(f.line, f.message.split(" is ")[0]) for f in findings] == [(2, "tensorflow.python.keras.utils")]


def test_an_unused_keras_1_merge_import_goes_in_a_file_naming_no_other_removed_path():
    # flyyufelix/cnn_finetune vgg16.py imports Keras 1's merge and never calls it; nothing else triggered the rule.
    assert_rewrites("""
        from keras.layers import Input, Dense, merge
        x = Dense(8)(Input((4,)))
    """, """
        from keras.layers import Input, Dense
        x = Dense(8)(Input((4,)))
    """, RULE)


def test_which_files_are_parsed_at_all():
    from migrate.codemod.rules.legacy_import_paths import LegacyImportPaths
    work = [b"from keras.layers.core import Dense", b"from tensorflow.python.keras import backend",
            b"from keras.utils import (\n    np_utils,\n)", b"import keras.engine.topology", b"from keras.layers import merge"]
    no_work = [b"x = keras.layers.Dense(8)", b"from common.data_utils import load", b"from keras.utils import to_categorical"]
    assert [LegacyImportPaths.triggered(source) for source in work] == [True] * len(work)
    assert [LegacyImportPaths.triggered(source) for source in no_work] == [False] * len(no_work)


def test_image_data_generator_is_reported_as_a_leftover():
    # reger-men/keras_multi_gpus train.py and 7 more files of the issue 23 sample: Keras 3.15 has no
    # ImageDataGenerator, and the import alone stopped the rewritten script.
    findings = assert_unchanged("""
        from keras.preprocessing.image import ImageDataGenerator, img_to_array
        aug = ImageDataGenerator(horizontal_flip=True)
    """, RULE)
    assert [(f.line, f.advice) for f in findings] == [(2, False)]
    assert "image_dataset_from_directory" in findings[0].message


def test_a_name_imported_two_ways_gets_one_answer_whatever_the_hash_seed(tmp_path):
    # keras-squeeze-excite-network's se_mobilenets.py: `conv_utils` comes from keras or tensorflow.keras, so it
    # has two qualified names; the rule took whichever a set yielded first, and changed with PYTHONHASHSEED.
    import subprocess

    script = tmp_path / "net.py"
    script.write_text("try:\n    from keras.utils import np_utils\nexcept ImportError:\n"
                      "    from tensorflow.keras.utils import np_utils\n\n"
                      "y = np_utils.to_categorical([0, 1])\n")
    outputs = set()
    for seed in ("0", "1", "2", "3", "4", "5"):
        done = subprocess.run([sys.executable, "-m", "migrate", "code", str(script)], capture_output=True,
                              text=True, env={**os.environ, "PYTHONHASHSEED": seed}, timeout=120)
        outputs.add(done.stdout)
    assert len(outputs) == 1
    assert "+y = to_categorical([0, 1])" in outputs.pop()


def test_a_function_keras3_does_not_have_where_it_would_move_is_reported_not_moved():
    # se_mobilenets.py again: conv_utils.conv_input_length became `from keras.utils import conv_input_length`,
    # an ImportError Keras 3's keras.utils gives at run time (it has a helper now: convert_kernel has none)
    source = ("from keras.utils import conv_utils\nfrom keras.utils.conv_utils import convert_kernel\n\n"
              "rows = conv_utils.convert_kernel(w)\n")
    result = rewrite_source(source.encode(), "net.py", [LegacyImportPaths])
    assert result.rewritten.decode() == source
    assert [(f.line, f.advice) for f in result.findings if "copy what you use" in f.message] == [(2, False), (4, False)]


def test_keras_2s_own_helper_is_written_into_the_file_where_no_keras_3_module_has_it():
    # titu1994/keras-squeeze-excite-network se_mobilenets.py:223 (conv_utils.conv_output_length, the import in
    # both branches of a try) and titu1994/Keras-ResNeXt resnext.py:20 (convert_all_kernels_in_model)
    from migrate.codemod.keras2_helpers import HELPERS

    length = HELPERS["keras.utils.conv_utils"]["conv_output_length"].strip("\n")
    convert = HELPERS["keras.utils.layer_utils"]["convert_all_kernels_in_model"].strip("\n")
    findings = assert_rewrites("""
        try:
            from tensorflow.keras.utils import conv_utils, get_source_inputs
        except ImportError:
            from keras.utils import conv_utils, get_source_inputs
        from keras.utils.layer_utils import convert_all_kernels_in_model
        import keras.backend as K

        WEIGHTS = 'w.h5'


        class DepthwiseConv2D(Conv2D):
            def compute_output_shape(self, input_shape):
                return conv_utils.conv_output_length(input_shape[1], 3, self.padding, 1)


        def load(model):
            if K.image_data_format() == 'channels_first':
                convert_all_kernels_in_model(model)
    """, f"""
        import keras

        try:
            from tensorflow.keras.utils import get_source_inputs
        except ImportError:
            from keras.utils import get_source_inputs
        import keras.backend as K

        WEIGHTS = 'w.h5'


{textwrap.indent(length, " " * 8)}


{textwrap.indent(convert, " " * 8)}


        class DepthwiseConv2D(Conv2D):
            def compute_output_shape(self, input_shape):
                return conv_output_length(input_shape[1], 3, self.padding, 1)


        def load(model):
            if K.image_data_format() == 'channels_first':
                convert_all_kernels_in_model(model)
    """, RULE)
    assert findings == []


def test_a_helper_of_the_files_own_name_is_not_written_in_and_an_emptied_block_gets_pass():
    findings = assert_unchanged("""
        from keras.utils.conv_utils import conv_output_length

        def conv_output_length(length, size, padding, stride):
            return length
    """, RULE)
    assert [f.line for f in findings] == [2]
    got, findings = rewrite("try:\n    from keras.utils.conv_utils import conv_output_length\nexcept ImportError:\n"
                            "    pass\nrows = conv_output_length(8, 3, 'valid', 2)\n", RULE)
    assert got.startswith("try:\n    pass\nexcept ImportError:\n    pass\n\n\ndef conv_output_length(") and not findings
    assert got.endswith("\n\nrows = conv_output_length(8, 3, 'valid', 2)\n")


def test_the_helpers_compute_what_keras_3_layers_do():
    import keras
    import numpy as np
    import sklearn.base

    from migrate.codemod.keras2_helpers import HELPERS

    space: dict = {"keras": keras, "sklearn": sklearn}  # the scikit-learn wrappers' base class
    for functions in HELPERS.values():
        for source in functions.values():
            exec(compile(source, "<helper>", "exec"), space)  # noqa: S102 - the project's own text
    for length, size, padding, stride, dilation in ((9, 3, "same", 2, 1), (9, 3, "valid", 2, 1), (10, 3, "valid", 1, 2),
                                                    (7, 2, "same", 3, 1), (8, 3, "causal", 1, 2)):
        layer = keras.layers.Conv1D(1, size, strides=stride, padding=padding, dilation_rate=dilation)
        assert space["conv_output_length"](length, size, padding, stride, dilation) == \
            layer.compute_output_shape((1, length, 1))[1], (length, size, padding, stride, dilation)
    assert space["conv_output_length"](None, 3, "same", 1) is None
    for length, size, padding, stride, output_padding, dilation in (
            (5, 3, "same", 2, None, 1), (5, 3, "valid", 2, None, 1), (4, 2, "same", 3, None, 1), (6, 3, "valid", 1, None, 2),
            (5, 3, "same", 2, 1, 1), (5, 4, "valid", 2, 0, 1)):
        layer = keras.layers.Conv1DTranspose(1, size, strides=stride, padding=padding, output_padding=output_padding,
                                             dilation_rate=dilation)
        assert space["deconv_length"](length, stride, size, padding, output_padding, dilation) == \
            layer.compute_output_shape((1, length, 1))[1], (length, size, padding, stride, output_padding, dilation)
    # conv_input_length: Keras 2.3.1's own values (no Keras 3 layer computes it), and the inverse of a strided 'valid'
    expected = {(4, 3, "same", 2): 7, (4, 3, "valid", 2): 9, (4, 3, "full", 2): 5, (1, 5, "valid", 1): 5}
    assert {args: space["conv_input_length"](*args) for args in expected} == expected
    assert space["conv_output_length"](space["conv_input_length"](6, 3, "valid", 2), 3, "valid", 2) == 6
    images, series = keras.Input((5, 5, 2)), keras.Input((6, 2))
    model = keras.Model([images, series], [keras.layers.Dense(3)(keras.layers.Conv2D(4, 3)(images)),
                                           keras.layers.Conv1D(3, 2)(series)])
    before = [keras.ops.convert_to_numpy(w) for w in model.weights]
    space["convert_all_kernels_in_model"](model)
    after = [keras.ops.convert_to_numpy(w) for w in model.weights]
    kernels = {id(layer.kernel) for layer in model.layers if layer.__class__.__name__ in ("Conv1D", "Conv2D")}
    for weight, old, new in zip(model.weights, before, after, strict=True):
        if id(weight) in kernels:  # Keras 2's convert_kernel: every axis but the last two reversed
            np.testing.assert_array_equal(new, old[tuple([slice(None, None, -1)] * (old.ndim - 2))])
        else:
            np.testing.assert_array_equal(new, old)
    conv = next(index for index, weight in enumerate(model.weights) if tuple(weight.shape) == (3, 3, 2, 4))
    assert not np.array_equal(before[conv], after[conv])  # the Conv2D kernel, 3x3: flipped


def test_the_table_of_keras3_names_is_the_installed_keras():
    import keras

    from migrate.codemod.keras3_names import PUBLIC

    for module, names in PUBLIC.items():
        installed = {n for n in dir(getattr(keras, module.split(".")[1])) if not n.startswith("_")}
        assert names == installed, module


def test_a_function_that_moved_to_another_public_module_goes_there():
    # titu1994/Keras-ResNeXt: get_source_inputs left keras.engine.topology for keras.utils, not keras.layers.
    assert_rewrites("from keras.engine.topology import get_source_inputs\n",
                    "from keras.utils import get_source_inputs\n", RULE)


def test_tf_keras_engine_goes_where_keras_engine_goes():
    # titu1994/keras-squeeze-excite-network se_mobilenets.py:20, the TensorFlow branch of its imports
    assert_rewrites("""
        from tensorflow.keras.engine import InputSpec
        from tensorflow.keras.engine.topology import get_source_inputs
        from tensorflow.keras.engine.training import Model
    """, """
        from tensorflow.keras.layers import InputSpec
        from tensorflow.keras.utils import get_source_inputs
        from tensorflow.keras.models import Model
    """, RULE)


def test_names_keras_3_has_stay_and_a_projects_own_same_named_ones_too():
    assert_unchanged("""
        from keras.layers import LSTM, Input
        from keras.losses import mean_squared_error
        from mylib.layers import CuDNNLSTM
        from mylib import losses

        x = CuDNNLSTM(8)(inp)
        y = losses.mse
    """, RULE)


def test_legacy_names_go_to_the_keras_3_name_of_the_same_object():
    # the leftovers issue 31 found silent on unseen repositories
    assert_rewrites("""
        import keras
        import tensorflow as tf
        from keras import losses
        from keras.models import Input, Model
        from keras.losses import mse
        from keras.layers import CuDNNLSTM, Dense

        x = keras.layers.CuDNNLSTM(32, return_sequences=True)(inp)
        z = tf.keras.layers.CuDNNGRU(8)(x)
        w = CuDNNLSTM(8)(z)
        loss = keras.losses.mse
        other = losses.mse
        bn = keras.layers.normalization.BatchNormalization()
    """, """
        import keras
        import tensorflow as tf
        from keras import Input, losses
        from keras.models import Model
        from keras.losses import mean_squared_error as mse
        from keras.layers import LSTM as CuDNNLSTM, Dense

        x = keras.layers.LSTM(32, return_sequences=True)(inp)
        z = tf.keras.layers.GRU(8)(x)
        w = CuDNNLSTM(8)(z)
        loss = keras.losses.mean_squared_error
        other = losses.mean_squared_error
        bn = keras.layers.BatchNormalization()
    """, RULE)


def test_tf1_generated_api_package_is_tf_keras():
    assert_rewrites("""
        from tensorflow._api.v1.keras.layers import Dense
        from tensorflow._api.v1.keras import backend as K
    """, """
        from tensorflow.keras.layers import Dense
        from tensorflow.keras import backend as K
    """, RULE)


def test_tf1_generated_api_multi_gpu_model_is_rewritten_as_multi_gpu_model_is():
    # two real scripts: 0 files changed, 0 sites converted, 0 sites left for review before
    got, findings = rewrite("""
        from tensorflow._api.v1.keras.utils import multi_gpu_model
        from keras.layers import Dense, Input
        from keras.models import Model

        inp = Input((4,))
        single = Model(inp, Dense(2)(inp))
        model = multi_gpu_model(single, gpus=2)
        model.compile('sgd', 'mse')
        model.fit(x, y)
    """)
    assert "multi_gpu_model" not in got and "MirroredStrategy()" in got and "with strategy.scope():" in got
    assert "    single.compile('sgd', 'mse')" in got
    assert not [f for f in findings if not f.advice]


def test_a_substitute_with_arguments_in_another_order_and_names_with_no_keras_3_counterpart_are_reported():
    findings = assert_unchanged("""
        import keras
        from keras import initializations
        from keras.layers import Merge

        q = keras.layers.CuDNNLSTM(32, 'glorot_uniform')
        m = keras.regularizers.WeightRegularizer(l2=0.01)
    """, RULE)
    assert [(f.line, f.advice) for f in findings] == [(3, False), (4, False), (6, False), (7, False)]
    assert "keras.initializers" in findings[0].message and "Concatenate" in findings[1].message
    assert "by keyword" in findings[2].message and "L1L2" in findings[3].message


def test_the_legacy_names_table_targets_exist_in_keras_3_and_its_names_do_not():
    import importlib

    import keras._tf_keras.keras as tf_keras

    roots = {"keras": importlib.import_module("keras"), "tensorflow": None}

    def exists(path):
        parts = path.split(".")
        obj = tf_keras if parts[:2] == ["tensorflow", "keras"] else roots["keras"]
        for part in parts[2:] if obj is tf_keras else parts[1:]:
            if not hasattr(obj, part):
                return False
            obj = getattr(obj, part)
        return True

    assert len(LEGACY) > 1000
    assert all(exists(target) for target, _ in LEGACY.values() if target is not None)
    assert not any(exists(path) for path in LEGACY)


def test_tf1_generated_api_package_imported_whole_and_used_by_attribute():
    # PeterDrake/sky pre_fall_2020/make_decision_images.py:7 and :118 (unreported in code_audit's run)
    assert_rewrites("""
        import tensorflow as tf
        import tensorflow._api.v1.keras

        model = tf._api.v1.keras.models.load_model(path)
    """, """
        import tensorflow as tf
        import tensorflow.keras

        model = tf.keras.models.load_model(path)
    """, RULE)


def test_tf_1_2s_contrib_keras_is_tf_keras():
    # zizhaozhang/unet-tensorflow-keras model.py:14, vinhngx/keras-attention-mechanism TPU_attention_dense.py:33,
    # jsn5/dancenet gen_lv.py:2
    assert_rewrites("""
        import tensorflow as tf
        from tensorflow.contrib.keras import models
        from tensorflow.contrib.keras.python.keras import backend as K

        layers = tf.contrib.keras.layers
        model = models.Sequential([tf.contrib.keras.layers.Dense(3)])
    """, """
        import tensorflow as tf
        from tensorflow.keras import models
        from tensorflow.keras import backend as K

        layers = tf.keras.layers
        model = models.Sequential([tf.keras.layers.Dense(3)])
    """, RULE)
    assert_rewrites("from tensorflow.contrib.keras import layers\n", "from tensorflow.keras import layers\n", RULE)


def test_an_import_of_a_module_keras_3_lacks_is_reported():
    # broadinstitute/keras-rcnn tests/layers/object_detection/test_proposal_target.py:2
    findings = assert_unchanged("import keras.utils.test_utils\n", RULE)
    assert [(f.line, f.advice) for f in findings] == [(1, False)]


def test_keras_1_objectives_are_keras_losses():
    # aurora95/Keras-FCN utils/loss_function.py:1 (a star import); Keras 2 kept keras.objectives as
    # `from .losses import *`
    assert_rewrites("""
        from keras.objectives import *
        from keras.objectives import categorical_crossentropy, mse
        import keras.backend as K
        def loss(y, p):
            return K.mean(binary_crossentropy(y, p)) + mse(y, p)
    """, """
        from keras.losses import *
        from keras.losses import categorical_crossentropy, mean_squared_error as mse
        import keras.backend as K
        def loss(y, p):
            return K.mean(binary_crossentropy(y, p)) + mse(y, p)
    """, RULE)


def test_a_star_import_of_objectives_is_reported_where_keras_losses_lacks_a_name_the_file_reads():
    # must not change: Keras 2's star import gave K (keras.losses imported the backend as K) and mse; Keras 3's
    # keras.losses has neither, so the rewrite would leave them undefined without a word
    findings = assert_unchanged("""
        from keras.objectives import *
        def loss(y, p):
            return K.mean(mse(y, p))
    """, RULE)
    assert [f.line for f in findings] == [2] and "reads K, mse, which Keras 2's" in findings[0].message
    # a name of another star import that Keras 3's keras.losses would hide
    findings = assert_unchanged("""
        from metrics import *
        from keras.objectives import *
        score = dice(a, b) + hinge(a, b)
    """, RULE)
    assert [f.line for f in findings] == [3] and "reads dice, which Keras 3's keras.losses would" in findings[0].message


def test_the_names_keras_2_s_objectives_star_import_gave_are_keras_2_3_1_s():
    import subprocess
    from pathlib import Path

    import pytest

    from migrate.codemod.names import STAR_NAMES

    python = Path("/tmp/legacy37/bin/python")
    if not python.exists():
        pytest.skip("the Keras 2.3.1 stack (/tmp/legacy37) is absent")
    names = subprocess.run([str(python), "-c", "import keras.objectives as o; print(' '.join(n for n in dir(o) "
                            "if not n.startswith('_')))"], capture_output=True, text=True, timeout=120,
                           env=legacy_env()).stdout.split()
    assert STAR_NAMES["keras.objectives"] == set(names)


def test_keras_applications_weight_urls_become_their_values():
    # fizyr/keras-retinanet keras_retinanet/models/vgg.py:39 and :42, passed to get_file with Keras 2's md5
    assert_rewrites("""
        import keras
        resource = keras.applications.vgg16.vgg16.WEIGHTS_PATH_NO_TOP
        other = keras.applications.vgg19.vgg19.WEIGHTS_PATH_NO_TOP
    """, """
        import keras
        resource = 'https://github.com/fchollet/deep-learning-models/releases/download/v0.1/vgg16_weights_tf_dim_ordering_tf_kernels_notop.h5'
        other = 'https://github.com/fchollet/deep-learning-models/releases/download/v0.1/vgg19_weights_tf_dim_ordering_tf_kernels_notop.h5'
    """, RULE)
    # the repository's own spelling: `from tensorflow import keras` (tf.keras built on the same keras_applications)
    assert_rewrites("""
        from tensorflow import keras
        resource = keras.applications.vgg16.vgg16.WEIGHTS_PATH_NO_TOP
    """, """
        from tensorflow import keras
        resource = 'https://github.com/fchollet/deep-learning-models/releases/download/v0.1/vgg16_weights_tf_dim_ordering_tf_kernels_notop.h5'
    """, RULE)


def test_tf_keras_experimental_cosine_decay_is_the_schedule():
    # david8862/keras-YOLOv3-model-set common/model_utils.py:6: tf_keras 2's experimental.CosineDecay is its
    # optimizers.schedules.CosineDecay (TF 1.15's had no other name); the same numbers as TF 1.15's below
    assert_rewrites("""
        from tensorflow.keras.experimental import CosineDecay
        s = CosineDecay(initial_learning_rate=0.1, decay_steps=100, alpha=0.2)
    """, """
        from tensorflow.keras.optimizers.schedules import CosineDecay
        s = CosineDecay(initial_learning_rate=0.1, decay_steps=100, alpha=0.2)
    """, RULE)


def test_keras_3_cosine_decay_schedules_compute_what_tf_1_15_s_experimental_ones_did():
    """Against TF 1.15's tf.keras.experimental.CosineDecay / CosineDecayRestarts (tests/codemod/data/
    make_keras231_knames_refs.py, run by /tmp/legacy37)."""
    from pathlib import Path

    import keras
    import numpy as np

    ref = np.load(Path(__file__).parent / "data" / "keras231_knames_refs.npz")
    cosine = keras.optimizers.schedules.CosineDecay(0.1, 100, alpha=0.2)
    restarts = keras.optimizers.schedules.CosineDecayRestarts(0.1, 20, t_mul=2.0, m_mul=0.5, alpha=0.1)
    for schedule, name in ((cosine, "cosine_decay"), (restarts, "cosine_decay_restarts")):
        got = np.array([float(keras.ops.convert_to_numpy(schedule(int(step)))) for step in ref["steps"]])
        np.testing.assert_allclose(got, ref[name], rtol=1e-6, atol=1e-7, err_msg=name)


def test_keras_2_s_obtain_input_shape_is_copied_into_the_file():
    from migrate.codemod.keras2_helpers import HELPERS

    helper = HELPERS["keras.applications.imagenet_utils"]["_obtain_input_shape"].strip("\n")
    got, findings = rewrite("""
        import keras.backend as K
        from keras.applications.imagenet_utils import _obtain_input_shape, decode_predictions
        def build(input_shape=None):
            return _obtain_input_shape(input_shape, default_size=224, min_size=32,
                                       data_format=K.image_data_format(), require_flatten=False)
    """)
    assert got.lstrip("\n").startswith("import keras.backend as K\nfrom keras.applications.imagenet_utils import "
                          "decode_predictions\nimport warnings\n\n\n" + helper + "\n\n\ndef build(")
    assert not findings
    namespace: dict = {}
    exec(compile(helper, "helper", "exec"), {"warnings": __import__("warnings")}, namespace)
    obtain = namespace["_obtain_input_shape"]
    assert obtain(None, 224, 32, "channels_last", False) == (None, None, 3)
    assert obtain(None, 224, 32, "channels_first", True, weights="imagenet") == (3, 224, 224)
    assert obtain((64, 64, 1), 224, 32, "channels_last", False) == (64, 64, 1)


def test_keras_2_s_obtain_input_shape_is_its_keras_2_3_1_text():
    """The copy is keras_applications' function (Keras 2.3.1's), but for its docstring."""
    import re
    import subprocess
    from pathlib import Path

    import pytest

    from migrate.codemod.keras2_helpers import HELPERS

    python = Path("/tmp/legacy37/bin/python")
    if not python.exists():
        pytest.skip("the Keras 2.3.1 stack (/tmp/legacy37) is absent")
    source = subprocess.run([str(python), "-c", "import inspect, keras_applications.imagenet_utils as m; "
                             "print(inspect.getsource(m._obtain_input_shape))"], capture_output=True, text=True,
                            timeout=120).stdout
    undocumented = re.compile(r'\n    """.*?"""', re.S)
    helper = HELPERS["keras.applications.imagenet_utils"]["_obtain_input_shape"]
    assert undocumented.sub("", helper).strip() == undocumented.sub("", source).strip()


def test_a_keras_2_0_call_of_obtain_input_shape_gets_keras_2_0_s_function():
    # aurora95/Keras-FCN models.py:263 and woodfrog/ActionRecognition models/resnet50.py:189: include_top=, which
    # Keras 2.0.8 renamed require_flatten: Keras 2.3.1's function would stop with a TypeError, Keras 2.0.7's is copied
    from migrate.codemod.keras2_helpers import OBTAIN_INPUT_SHAPE_2_0

    helper = OBTAIN_INPUT_SHAPE_2_0.strip("\n")
    got, findings = rewrite("""
        import keras.backend as K
        from keras.applications.imagenet_utils import _obtain_input_shape
        input_shape = _obtain_input_shape(input_shape, default_size=32, min_size=16,
                                          data_format=K.image_data_format(), include_top=False)
    """)
    assert not findings
    assert got.lstrip("\n") == "import keras.backend as K\nimport warnings\n\n\n" + helper + \
        "\n\n\ninput_shape = _obtain_input_shape(input_shape, default_size=32, min_size=16,\n" \
        "                                  data_format=K.image_data_format(), include_top=False)\n"
    namespace: dict = {}
    exec(compile(helper, "helper", "exec"), {"warnings": __import__("warnings")}, namespace)
    obtain = namespace["_obtain_input_shape"]  # Keras 2.0's checks: three channels, the default shape with the top
    assert obtain(None, 224, 197, "channels_last", True) == (224, 224, 3)
    assert obtain(None, 224, 197, "channels_first", False) == (3, None, None)
    assert obtain((200, 200, 3), 224, 197, "channels_last", False) == (200, 200, 3)
    for shape, top in (((200, 200, 1), False), ((100, 100, 3), False), ((200, 200, 3), True)):
        with pytest.raises(ValueError):
            obtain(shape, 224, 197, "channels_last", top)
    assert obtain((200, 200, 1), 224, 197, "channels_last", False, weights=None) == (200, 200, 1)


def test_obtain_input_shape_called_both_ways_is_reported():
    source = """
        from keras.applications.imagenet_utils import _obtain_input_shape
        a = _obtain_input_shape(None, default_size=32, min_size=16, data_format='channels_last', include_top=False)
        b = _obtain_input_shape(None, default_size=32, min_size=16, data_format='channels_last', require_flatten=False)
    """
    findings = assert_unchanged(source, RULE)
    assert [f.line for f in findings] == [3] and "require_flatten" in findings[0].message


def test_keras_2_s_iterator_base_class_moves_to_tensorflow_keras():
    # uzh-rpg/rpg_public_dronet utils.py:8 (a DirectoryIterator of its own on Keras 2's Iterator): Keras 3's
    # tensorflow.keras port gives the same index order and seeds (test_image_data_generator_to_tf_keras.py)
    findings = assert_rewrites("""
        from keras.preprocessing.image import Iterator
        class DroneDirectoryIterator(Iterator):
            pass
    """, """
        from tensorflow.keras.preprocessing.image import Iterator
        class DroneDirectoryIterator(Iterator):
            pass
    """, RULE)
    assert findings == []


def test_a_removed_module_spelled_out_in_code_is_work():
    """`keras.utils.generic_utils.get_custom_objects()` after `import keras` (xuannianz/EfficientDet): moved as its
    import would be, in a file with no other word of the rule's (it used to be rewritten only where one was)."""
    assert_rewrites("""
        import keras

        keras.utils.generic_utils.get_custom_objects().update(custom_objects)
    """, """
        import keras

        keras.utils.get_custom_objects().update(custom_objects)
    """, RULE)


def test_keras_2_2s_mobilenetv2_alias_is_mobilenet_v2():
    # sainathadapa/kaggle-freesound-audio-tagging mel_model_funcs.py:3; Keras 2.2's keras/applications/
    # mobilenetv2.py was `from .mobilenet_v2 import *` (gone in 2.3.1); the table (from Keras 2.2.4) moves the class to
    # keras.applications, the module move the rest
    assert_rewrites("""
        from keras.applications.mobilenetv2 import MobileNetV2
        from keras.applications.mobilenetv2 import preprocess_input, decode_predictions
        base = MobileNetV2(input_shape=(64, 64, 3), include_top=False, weights=None)
    """, """
        from keras.applications import MobileNetV2
        from keras.applications.mobilenet_v2 import preprocess_input, decode_predictions
        base = MobileNetV2(input_shape=(64, 64, 3), include_top=False, weights=None)
    """, RULE)
    assert all(hasattr(keras.applications.mobilenet_v2, name)
               for name in ("MobileNetV2", "preprocess_input", "decode_predictions"))


def test_keras_2_loss_functions_keras_3_renamed_go_to_their_new_names():
    # autonomio/talos examples/iris.py:4 and talos/templates/params.py:19 (`'losses': [logcosh]`)
    assert_rewrites("""
        import keras
        from keras.losses import logcosh, kullback_leibler_divergence
        from keras import metrics

        params = {'losses': [logcosh, kullback_leibler_divergence]}
        m = keras.metrics.logcosh(y, p) + metrics.kullback_leibler_divergence(y, p) + keras.losses.KLD(y, p)
    """, """
        import keras
        from keras.losses import log_cosh as logcosh, kl_divergence as kullback_leibler_divergence
        from keras import metrics

        params = {'losses': [logcosh, kullback_leibler_divergence]}
        m = keras.metrics.log_cosh(y, p) + metrics.kl_divergence(y, p) + keras.losses.kl_divergence(y, p)
    """, RULE)


def test_keras_2_loss_functions_without_a_keras_3_name_are_reported_with_what_differs():
    _, findings = rewrite("""
        from keras.losses import huber_loss
        from keras.metrics import cosine_proximity
        loss, score = huber_loss(y, p), cosine_proximity(y, p)
    """)
    assert [f.line for f in findings] == [2, 3]
    assert "keras.losses.huber(y_true, y_pred, delta) is their mean over the last axis" in findings[0].message
    assert "keras.losses.cosine_similarity is its negative" in findings[1].message


def test_keras_3_s_renamed_loss_functions_compute_what_keras_2_3_1_s_did():
    """Against Keras 2.3.1's logcosh and kullback_leibler_divergence (tests/codemod/data/
    make_keras231_losses_refs.py, run by /tmp/legacy37)."""
    from pathlib import Path

    import numpy as np

    ref = np.load(Path(__file__).parent / "data" / "keras231_losses_refs.npz")
    got = {"logcosh": keras.losses.log_cosh(ref["y_true"], ref["y_pred"]),
           "metrics_logcosh": keras.metrics.log_cosh(ref["y_true"], ref["y_pred"]),
           "kld": keras.losses.kl_divergence(ref["p_true"], ref["p_pred"]),
           "kullback_leibler_divergence": keras.metrics.kl_divergence(ref["p_true"], ref["p_pred"])}
    for name, value in got.items():
        np.testing.assert_allclose(keras.ops.convert_to_numpy(value), ref[name], rtol=1e-6, atol=1e-6, err_msg=name)


def test_keras_2_0_s_conv_utils_normalize_data_format_is_written_into_the_file():
    # dhkim0225/keras-image-segmentation segmentation_tk/pspnet.py:10 and :23 (Keras 2.0-2.1's conv_utils had it; Keras
    # 2.2 moved it to keras.backend, Keras 3 has it only privately): the text is Keras 2.3.1's backend function's
    from migrate.codemod.keras2_helpers import BACKEND, HELPERS

    normalize = HELPERS["keras.utils.conv_utils"]["normalize_data_format"].strip("\n")
    findings = assert_rewrites("""
        from keras.engine.topology import Layer
        from keras.utils import np_utils, conv_utils


        class CroppingLike2D(Layer):
            def __init__(self, target_shape, offset=None, data_format=None, **kwargs):
                super(CroppingLike2D, self).__init__(**kwargs)
                self.data_format = conv_utils.normalize_data_format(data_format)
    """, f"""
        from keras.layers import Layer
        import keras


{textwrap.indent(normalize, " " * 8)}


        class CroppingLike2D(Layer):
            def __init__(self, target_shape, offset=None, data_format=None, **kwargs):
                super(CroppingLike2D, self).__init__(**kwargs)
                self.data_format = normalize_data_format(data_format)
    """, RULE)
    assert findings == []
    backend = BACKEND["keras.backend.normalize_data_format"][1].strip("\n")
    body = normalize.split('"""')[2]
    assert body == backend.split('"""')[2]  # the same function (its test: test_backend_functions_to_ops.py)


def test_a_removed_module_whose_names_all_have_one_heir_is_imported_from_it():
    # kermitt2/delft delft/utilities/Utilities.py:14 and :230 (`text.Tokenizer(num_words=400000)`): every name of Keras
    # 2.3.1's keras.preprocessing.text is tensorflow.keras.preprocessing.text's (Keras 3's port, checked to compute the
    # same: TF_KERAS_PORTS), so the module is imported from there under the same name
    assert_rewrites("""
        from keras.preprocessing import text, sequence

        def tokenize(texts):
            tokenizer = text.Tokenizer(num_words=400000)
            return sequence.pad_sequences(tokenizer.texts_to_sequences(texts))
    """, """
        from keras.preprocessing import sequence
        from tensorflow.keras.preprocessing import text

        def tokenize(texts):
            tokenizer = text.Tokenizer(num_words=400000)
            return sequence.pad_sequences(tokenizer.texts_to_sequences(texts))
    """, RULE)
    assert_rewrites("""
        from keras.preprocessing import text as kt
        words = kt.text_to_word_sequence(line)
    """, """
        from tensorflow.keras.preprocessing import text as kt
        words = kt.text_to_word_sequence(line)
    """, RULE)


def test_a_removed_module_imported_under_an_alias_gives_way_to_the_keras_3_names_its_uses_hold():
    # ChihebTrabelsi/deep_complex_networks complexnn/fft.py:9 and pool.py:9: `import keras.engine as KE`, then
    # `KE.Model([i], [x])`: keras.engine.Model is keras.Model, keras.engine.Layer keras.layers.Layer
    assert_rewrites("""
        import keras.engine                         as KE
        import numpy as np


        def build(i, x):
            model = KE.Model([i], [x])
            return model, KE.Layer
    """, """
        import numpy as np
        import keras


        def build(i, x):
            model = keras.Model([i], [x])
            return model, keras.layers.Layer
    """, RULE)


def test_an_aliased_removed_module_with_a_use_keras_3_lacks_or_a_keras_bound_otherwise_stays_and_is_reported():
    for source in ("""
        import keras.engine as KE
        model = KE.Model([i], [x])
        layer = KE.topology.Layer
    """, """
        from tensorflow import keras
        import keras.engine as KE
        model = KE.Model([i], [x])
    """):
        findings = assert_unchanged(source, RULE)
        assert any("import keras.engine: Keras 3 has no such module" in f.message for f in findings)


def test_a_removed_module_imported_by_its_own_name_gives_way_to_the_names_spelled_through_the_files_tf():
    # BananaLoaf/pix2pix-tf2-keras tools/dataloader.py: TF 2.1-2.5's `from tensorflow.keras.layers.experimental import
    # preprocessing`, then `preprocessing.X`: each X is Keras 3's keras.layers.X, read through the file's `tf`
    assert_rewrites("""
        import tensorflow as tf
        from tensorflow.keras.layers.experimental import preprocessing

        augment = tf.keras.Sequential([preprocessing.RandomFlip("horizontal"), preprocessing.Rescaling(1. / 255)])
    """, """
        import tensorflow as tf

        augment = tf.keras.Sequential([tf.keras.layers.RandomFlip("horizontal"), tf.keras.layers.Rescaling(1. / 255)])
    """, RULE)
    assert_rewrites("""
        from tensorflow.keras.layers.experimental import preprocessing
        norm = preprocessing.Normalization()
    """, """
        import tensorflow

        norm = tensorflow.keras.layers.Normalization()
    """, RULE)


def test_a_module_imported_by_its_own_name_and_bound_again_stays_and_is_reported():
    findings = assert_unchanged("""
        from tensorflow.keras.layers.experimental import preprocessing
        norm = preprocessing.Normalization()

        def preprocessing(image):
            return image
    """, RULE)
    assert any("tensorflow.keras.layers.experimental.preprocessing.Normalization is gone" in f.message
               for f in findings)


def test_a_name_keras_3_moved_out_of_a_module_it_kept_is_spelled_from_the_root():
    # Keras 2.0's applications re-exported get_file (ccasadei/RetinaNet-Keras model/resnet.py): Keras 3's
    # imagenet_utils still exists, without it; the import stays while another name of it is read
    assert_rewrites("""
        from keras.applications import imagenet_utils

        path = imagenet_utils.get_file('resnet50.h5', URL, cache_subdir='models')
        x = imagenet_utils.preprocess_input(x)
    """, """
        from keras.applications import imagenet_utils
        import keras

        path = keras.utils.get_file('resnet50.h5', URL, cache_subdir='models')
        x = imagenet_utils.preprocess_input(x)
    """, RULE)
    assert_rewrites("""
        from keras.applications import imagenet_utils
        path = imagenet_utils.get_file('resnet50.h5', URL)
    """, """
        import keras

        path = keras.utils.get_file('resnet50.h5', URL)
    """, RULE)
    findings = assert_unchanged("""
        from tensorflow import keras
        from keras.applications import imagenet_utils
        path = imagenet_utils.get_file('resnet50.h5', URL)
    """, RULE)
    assert any("use keras.utils.get_file" in f.message for f in findings)


def test_conv_utils_and_layer_utils_functions_a_layer_file_calls_are_written_in():
    # RaphaelMeudec/deblur-gan deblurgan/layer_utils.py:138 (conv_utils.normalize_tuple) and woodfrog/ActionRecognition
    # models/resnet50.py:272 (layer_utils.convert_dense_weights_data_format, Keras 2.0's application code); the
    # helpers go in by name, before the first class or function
    from migrate.codemod.keras2_helpers import HELPERS

    tuple_, padding = (HELPERS["keras.utils.conv_utils"][name].strip("\n") for name in ("normalize_tuple",
                                                                                          "normalize_padding"))
    dense = HELPERS["keras.utils.layer_utils"]["convert_dense_weights_data_format"].strip("\n")
    assert_rewrites("""
        from keras.utils import conv_utils, layer_utils
        import numpy as np


        class ReflectionPadding2D(Layer):
            def __init__(self, padding=(1, 1), mode='valid'):
                self.padding = conv_utils.normalize_tuple(padding, 2, 'padding')
                self.mode = conv_utils.normalize_padding(mode)


        def load(model, shape):
            layer_utils.convert_dense_weights_data_format(model.get_layer('fc1000'), shape, 'channels_first')
    """, f"""
        import numpy as np


{textwrap.indent(dense, " " * 8)}


{textwrap.indent(padding, " " * 8)}


{textwrap.indent(tuple_, " " * 8)}


        class ReflectionPadding2D(Layer):
            def __init__(self, padding=(1, 1), mode='valid'):
                self.padding = normalize_tuple(padding, 2, 'padding')
                self.mode = normalize_padding(mode)


        def load(model, shape):
            convert_dense_weights_data_format(model.get_layer('fc1000'), shape, 'channels_first')
    """, RULE)


def test_the_conv_utils_and_layer_utils_helpers_compute_what_keras_2_did():
    import numpy as np

    from migrate.codemod.keras2_helpers import HELPERS

    space: dict = {"np": np}
    for module in ("keras.utils.conv_utils", "keras.utils.layer_utils"):
        for source in HELPERS[module].values():
            exec(compile(source, "<helper>", "exec"), space)  # noqa: S102 - the project's own text
    assert space["normalize_tuple"](3, 2, "strides") == (3, 3)
    assert space["normalize_tuple"]([1, 2], 2, "strides") == (1, 2)
    for value in ((1, 2, 3), "ab", 1.5):
        with pytest.raises(ValueError):
            space["normalize_tuple"](value, 2, "strides")
    assert space["normalize_padding"]("SAME") == "same" and space["normalize_padding"]("causal") == "causal"
    with pytest.raises(ValueError):
        space["normalize_padding"]("full")  # Theano's alone
    # a Dense after Flatten: its kernel reordered for a channels_first feature map gives what it gave channels_last
    rng = np.random.default_rng(0)
    feature_map = rng.normal(size=(2, 3, 4, 5)).astype("float32")  # (batch, h, w, c)
    layer = keras.layers.Dense(6)
    layer.build((None, 3 * 4 * 5))
    layer.set_weights([rng.normal(size=(60, 6)).astype("float32"), rng.normal(size=6).astype("float32")])
    before = keras.ops.convert_to_numpy(layer(feature_map.reshape(2, -1)))
    space["convert_dense_weights_data_format"](layer, (5, 3, 4), "channels_first")
    after = keras.ops.convert_to_numpy(layer(feature_map.transpose(0, 3, 1, 2).reshape(2, -1)))
    np.testing.assert_allclose(after, before, rtol=1e-5, atol=1e-5)
    space["convert_dense_weights_data_format"](layer, (3, 4, 5), "channels_last")
    np.testing.assert_allclose(keras.ops.convert_to_numpy(layer(feature_map.reshape(2, -1))), before, rtol=1e-5, atol=1e-5)


def test_keras_2_s_compute_fans_is_written_into_the_file_and_tf_keras_s_is_not():
    # ChihebTrabelsi/deep_complex_networks complexnn/dense.py:108 and init.py:60: initializers._compute_fans(shape,
    # data_format=...), Keras 2's private function of a module Keras 3 has (its initializers module stays imported)
    from migrate.codemod.keras2_helpers import HELPERS

    fans = HELPERS["keras.initializers"]["_compute_fans"].strip("\n")
    assert_rewrites("""
        from keras import backend as K
        from keras import initializers


        def build(kernel_shape, init):
            fan_in, fan_out = initializers._compute_fans(
                kernel_shape,
                data_format=K.image_data_format()
            )
            return initializers.get(init)
    """, f"""
        from keras import backend as K
        from keras import initializers
        import numpy as np


{textwrap.indent(fans, " " * 8)}


        def build(kernel_shape, init):
            fan_in, fan_out = _compute_fans(
                kernel_shape,
                data_format=K.image_data_format()
            )
            return initializers.get(init)
    """, RULE)
    # tf.keras's _compute_fans(shape) counted a 1D shape and none otherwise: not Keras 2's text
    assert_unchanged("""
        from tensorflow.keras import initializers
        fans = initializers._compute_fans((3, 4))
    """, RULE)


def test_keras_2_s_compute_fans_counts_as_keras_3_s_initializers_do():
    import numpy as np
    from keras.src.initializers.random_initializers import compute_fans

    from migrate.codemod.keras2_helpers import HELPERS

    space: dict = {"np": np}
    exec(compile(HELPERS["keras.initializers"]["_compute_fans"], "<helper>", "exec"), space)  # noqa: S102
    for shape in ((3, 4), (5, 3, 4), (3, 3, 8, 16), (2, 3, 3, 8, 16)):
        assert tuple(int(n) for n in space["_compute_fans"](shape)) == compute_fans(shape), shape
    assert tuple(int(n) for n in space["_compute_fans"]((16, 8, 3, 3), "channels_first")) == (72, 144)


def test_a_removed_module_imported_whole_or_from_its_package_under_an_alias_gives_way_too():
    assert_rewrites("""
        import keras.engine


        class L(keras.engine.Layer):
            pass
    """, """
        import keras


        class L(keras.layers.Layer):
            pass
    """, RULE)
    assert_rewrites("""
        from keras import engine as KE


        class L(KE.Layer):
            pass
    """, """
        import keras


        class L(keras.layers.Layer):
            pass
    """, RULE)
    findings = assert_unchanged("""
        import keras.engine
        import keras

        x = keras.engine
    """, RULE)  # the module itself read: the import stays, reported
    assert any("import keras.engine: Keras 3 has no such module" in f.message for f in findings)


def test_keras_2_1_image_functions_are_copied_into_the_file_and_compute_what_they_did():
    # killthekitten/kaggle-carvana-2017 keras_iterator.py, predict_masks.py: Keras 2.1's flip_axis, apply_transform and
    # transform_matrix_offset_center, which keras_preprocessing renamed or dropped
    import textwrap

    import numpy as np
    from scipy import ndimage

    got, findings = rewrite("""
        import numpy as np
        from keras.preprocessing.image import load_img, flip_axis, apply_transform, transform_matrix_offset_center

        def augment(x, shift):
            m = transform_matrix_offset_center(np.array([[1, 0, shift], [0, 1, 0], [0, 0, 1]]), 8, 8)
            return flip_axis(apply_transform(x, m, 2, fill_mode='constant'), 1)
    """, RULE)
    assert not [f for f in findings if not f.advice]
    assert "from keras.preprocessing.image import load_img\n" in got and "import scipy.ndimage as ndi" in got
    space: dict = {}
    exec(compile(textwrap.dedent(got), "rewritten.py", "exec"), space)  # noqa: S102 - the test's own code
    x = np.random.default_rng(3).normal(size=(8, 8, 3))
    # a shift along the rows, about the centre (a translation does not depend on it), then the columns reversed
    expected = np.stack([ndimage.shift(x[..., c], (-2, 0), order=1, mode="constant") for c in range(3)], axis=-1)
    np.testing.assert_allclose(space["augment"](x, 2), expected[:, ::-1], atol=1e-12)


def test_a_keras_module_another_module_re_exported_is_the_keras_3_module():
    """Keras 2's layer modules imported `regularizers`, `initializers`... and scripts took them from there
    (`from keras.layers.core import regularizers`): the table maps each such name to Keras 3's module of that name
    (tools/keras_names_table.py, from the legacy stack; a module's `K` is the backend, which scripts imported from
    Keras 2.1's keras.layers)."""
    findings = assert_rewrites("""
        from keras.layers.core import regularizers
        import keras.layers.recurrent
        r = regularizers.l2(0.1)
        q = keras.layers.recurrent.initializers.glorot_uniform()
    """, """
        from keras import regularizers
        import keras
        r = regularizers.l2(0.1)
        q = keras.initializers.glorot_uniform()
    """, RULE)
    assert findings == []
    assert LEGACY["keras.layers.core.K"] == ("keras.backend", "") == LEGACY["keras.layers.K"]
    # Keras 2.0-2.2's keras.layers re-exported them too (sssirus/QA-keras attention.py:3; Keras 2.3.1 did not)
    assert_rewrites("""
        from keras.layers import Dense, regularizers
        d = Dense(2, kernel_regularizer=regularizers.l2(0.01))
    """, """
        from keras.layers import Dense
        from keras import regularizers

        d = Dense(2, kernel_regularizer=regularizers.l2(0.01))
    """, RULE)
    # derived from Keras 2.2.4's own modules (no hand list), in modules Keras 3 still has: applications and
    # preprocessing re-exported the modules they imported; only such an import, not the word, wakes the rule
    assert {"keras.layers.regularizers", "keras.applications.layers", "keras.preprocessing.image.backend"} <= \
        MODULE_ALIASES
    assert_rewrites("""
        from keras.applications import layers
        from keras.preprocessing.image import backend as K
        y = layers.Dense(2)
        f = K.floatx()
    """, """
        from keras import layers
        from keras import backend as K
        y = layers.Dense(2)
        f = K.floatx()
    """, RULE)
    assert not LegacyImportPaths.triggered(b"from keras import layers, utils, backend, models\nlayers.Dense(2)\n")


def test_keras_2_1_s_names_are_derived_from_its_own_package_too():
    """Keras 2.1.6 (2017, the first multi_gpu_model's) is a fifth dump: `keras.models.Layer` (its models module
    imported Layer), its applications' own imports (`from keras.applications.mobilenet import DepthwiseConv2D`, how
    MobileNet's custom objects were loaded), `keras.engine.training.Sequence`; Keras 1's Merge where 2.1 kept it keeps
    its advice. An import from an application's module wakes the rule; the words `Dense`, `Model` alone do not."""
    assert LEGACY["keras.models.Layer"] == ("keras.layers.Layer", "")
    assert LEGACY["keras.engine.training.Sequence"] == ("keras.utils.Sequence", "")
    assert "Keras 1's Merge layer" in LEGACY["keras.legacy.layers.Merge"][1]
    assert_rewrites("""
        from keras.models import Layer, Sequential
        from keras.applications.mobilenet import DepthwiseConv2D

        class Scale(Layer):
            pass

        model = Sequential([DepthwiseConv2D(3)])
    """, """
        from keras.models import Sequential
        from keras.layers import Layer, DepthwiseConv2D

        class Scale(Layer):
            pass

        model = Sequential([DepthwiseConv2D(3)])
    """, RULE)
    assert not LegacyImportPaths.triggered(b"import keras\nfrom keras.models import Model\nx = keras.layers.Dense(2)\n")


def test_keras_2_s_brightness_functions_move_to_tensorflow_keras():
    # liuph0119/Semantic_Segmentation_Keras data_generator.py:1; the same images as Keras 2.3.1's
    # (test_image_data_generator_to_tf_keras.py, the probe's pil_ cases)
    assert_rewrites("""
        from keras.preprocessing.image import apply_brightness_shift, random_brightness
    """, """
        from tensorflow.keras.preprocessing.image import apply_brightness_shift, random_brightness
    """, RULE)


def test_keras_2_2_names_are_in_the_table_too():
    """2018's Keras (2.2.4) had names 2.3.1 dropped: its legacy aliases and re-exports map like 2.3.1's
    (tools/keras_names_table.py reads a Keras 2.2.4 dump as well)."""
    assert_rewrites("""
        from keras.layers import Deconv2D, Dense
        from keras.callbacks import Progbar
        from keras.layers.wrappers import Wrapper
    """, """
        from keras.layers import Conv2DTranspose as Deconv2D, Dense
        from keras.utils import Progbar
        from keras.layers import Wrapper
    """, RULE)
    assert LEGACY["keras.layers.Deconv3D"] == ("keras.layers.Conv3DTranspose", "")


def test_a_helper_imported_from_where_keras_2_re_exported_it_is_written_in_too():
    # priyamtejaswin/devise-keras extract_features_and_dump.py:236: Keras 2.3.1's keras.utils re-exported layer_utils'
    # convert_all_kernels_in_model (the same object in the legacy stack)
    got, findings = rewrite("from keras.utils import convert_all_kernels_in_model\nconvert_all_kernels_in_model(m)\n",
                            RULE)
    assert got.startswith("import keras\n") and "def convert_all_kernels_in_model(model):" in got
    assert "from keras.utils import" not in got and findings == []


SKLEARN = HELPERS["keras.wrappers.scikit_learn"]


def test_keras_2s_scikit_learn_wrappers_are_copied_into_the_file_under_their_own_names():
    # aidiary/keras-examples regression/boston1.py, mkosaka1/Speech_Emotion_Recognition (tf.keras's)
    source = """
        import numpy
        from keras.wrappers.scikit_learn import KerasRegressor
        from tensorflow.keras.wrappers.scikit_learn import KerasClassifier

        estimator = KerasRegressor(build_fn=baseline_model, nb_epoch=100, batch_size=5, verbose=0)
        classifier = KerasClassifier(build_fn=create_model, verbose=0)
    """
    got, findings = rewrite(source, RULE)
    assert findings == []
    assert "from keras.wrappers" not in got and "from tensorflow.keras.wrappers" not in got
    assert "import copy\nimport inspect\nimport types\nimport keras\nimport numpy as np\nimport sklearn.base\n" in got
    assert textwrap.dedent(SKLEARN["KerasClassifier"]).strip() in got
    assert textwrap.dedent(SKLEARN["KerasRegressor"]).strip() in got
    assert got.index("class KerasClassifier(") < got.index("class KerasRegressor(") < got.index("estimator = ")
    assert "estimator = KerasRegressor(build_fn=baseline_model, nb_epoch=100, batch_size=5, verbose=0)" in got
    again, _ = rewrite(got, RULE)
    assert again == got


SKLEARN_PROBE = Path(__file__).parent / "scripts" / "sklearn_wrapper_probe.py"
SKLEARN_REFERENCES = Path(__file__).parent / "data" / "keras231_sklearn_wrapper_refs.npz"


def test_the_copied_wrappers_fit_predict_score_and_grid_search_as_keras_2_3_1_did(tmp_path):
    """Binary (predict's (n, 1) classes, two-column probabilities, accuracy from evaluate), cross-validated and
    grid-searched over a fit parameter and a build_fn parameter; three string classes under
    categorical_crossentropy (one-hot encoded by the wrapper); a regressor (squeezed predictions, the negated loss,
    cross-validated): scikit-learn 1.x under Keras 3 gives Keras 2.3.1 + scikit-learn 0.22's numbers."""
    pytest.importorskip("sklearn")
    got, ref = rewritten_outputs(SKLEARN_PROBE, tmp_path), np.load(SKLEARN_REFERENCES)
    assert sorted(got.files) == sorted(ref.files) and len(ref.files) == 12
    for name in ref.files:
        assert got[name].shape == ref[name].shape and got[name].dtype == ref[name].dtype, name
        if ref[name].dtype.kind in "iU":
            np.testing.assert_array_equal(got[name], ref[name], err_msg=name)
        else:
            np.testing.assert_allclose(got[name], ref[name], rtol=1e-5, atol=1e-6, err_msg=name)


def test_the_scikit_learn_references_are_what_keras_2_3_1_computes_now(tmp_path):
    """Needs scikit-learn in the legacy stack (`/tmp/legacy37/bin/pip install scikit-learn==0.22.2.post1`)."""
    python = legacy37()
    if subprocess.run([str(python), "-c", "import sklearn"], capture_output=True).returncode != 0:
        pytest.skip(f"no scikit-learn in the Keras 2.3.1 stack at {python}")
    assert_legacy_references(SKLEARN_PROBE, SKLEARN_REFERENCES, tmp_path)


def test_k_imported_from_a_keras_2_module_is_imported_as_the_backend():
    # Keras 2.1's keras.layers re-exported `from .. import backend as K`; every Keras 2 module had its own `K`
    assert_rewrites("""
        from keras.layers import Conv2D, K
        from keras.engine.topology import Layer, K as KB

        x = K.floatx()
        y = KB.epsilon()
    """, """
        from keras.layers import Conv2D
        from keras.layers import Layer
        from keras import backend as K
        from keras import backend as KB

        x = K.floatx()
        y = KB.epsilon()
    """, RULE)


def test_a_layer_on_keras_2_0s_abstract_recurrent_gets_the_class_and_the_loop_it_ran_on():
    # titu1994/LSTM-FCN, okotaku's RWA, SigmaQuan/NTM-Keras: `from keras.layers import Recurrent`, a subclass with
    # build, step and get_initial_state
    from migrate.codemod.keras2_helpers import RECURRENT

    got, _ = rewrite("""
        from keras.layers import Dense, Recurrent
        from keras.layers.recurrent import Recurrent as Base


        class AttentionLSTM(Recurrent):
            def step(self, x, states):
                return x, states
    """, RULE)
    assert "from keras.layers import Dense\n" in got and "from keras.layers.recurrent import Recurrent as Base" in got
    assert RECURRENT.strip() in got and "def keras2_rnn(" in got and got.index("class Recurrent") < got.index(
        "class AttentionLSTM")


def test_the_rewritten_recurrent_subclass_predicts_as_keras_2_1_6(tmp_path):
    keras216 = Path(os.environ.get("MIGRATE_KERAS216", "/tmp/k216"))
    if not (keras216 / "keras" / "legacy" / "layers.py").exists():
        pytest.skip(f"no Keras 2.1.6 unpacked at {keras216}")
    got, target = probe_under_both(legacy37(), SCRIPTS / "recurrent_subclass_probe.py", tmp_path / "none", tmp_path,
                                   ("stacked", "sequences", "h", "c", "first", "second", "again"),
                                   PYTHONPATH=str(keras216))
    assert np.array_equal(got["first"], got["again"]) and not np.allclose(got["first"], got["second"])


def test_keras_2_3_random_image_transforms_are_copied_in_and_draw_what_keras_2_3_1_drew(tmp_path):
    # johngrabner/keras-image-ocr generator_text_image.py: `image.random_rotation(a, ...)`; the functions they call
    # (apply_affine_transform, transform_matrix_offset_center) come with them; the channel shift is the tf.keras port's
    got, target = probe_under_both(legacy37(), SCRIPTS / "image_transforms_probe.py", tmp_path / "none", tmp_path,
                                   ("rotated", "rotated_first", "shifted", "sheared", "zoomed", "channels"))
    text = target.read_text()
    assert "def apply_affine_transform(" in text and "def transform_matrix_offset_center(" in text and \
        "image.random_rotation(x" not in text and "def apply_channel_shift(" not in text
    assert not np.allclose(got["rotated"], got["zoomed"])


def test_a_module_keras_2_re_exported_is_read_as_its_own_by_every_rule():
    # YhHoo/Keras-LSTM keras_multivariate_1.py: `from keras.models import Sequential, optimizers`, then Keras 2's
    # lowercase `optimizers.adam(lr=...)`; the name and its keyword are the table's and optimizer_lr's on the first
    # run (a second run changes nothing)
    assert_rewrites("""
        from keras.models import Sequential, optimizers
        adam = optimizers.adam(lr=0.001)
        sgd = optimizers.SGD(lr=0.1)
    """, """
        from keras.models import Sequential
        from keras import optimizers

        adam = optimizers.Adam(learning_rate=0.001)
        sgd = optimizers.SGD(learning_rate=0.1)
    """)


def test_keras_2_1_mobilenet_relu6_is_copied_in_for_custom_objects():
    # titu1994/keras-squeeze-excite-network, kobiso/CBAM-keras: `custom_objects={'relu6': mobilenet.relu6, ...}`;
    # Keras 2.1.6's function was K.relu(x, max_value=6)
    got, findings = rewrite("""
        from keras.applications import mobilenet
        from keras.models import load_model

        def load(path):
            return load_model(path, custom_objects={'relu6': mobilenet.relu6})
    """, RULE)
    assert not [f for f in findings if not f.advice] and "'relu6': relu6" in got and "def relu6(x):" in got
    space: dict = {}
    exec(compile(textwrap.dedent(got), "rewritten.py", "exec"), space)  # noqa: S102 - the test's own code
    assert np.asarray(space["relu6"](np.array([-1.0, 3.0, 7.5]))).tolist() == [0.0, 3.0, 6.0]
