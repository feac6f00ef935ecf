"""legacy_import_paths: must-not-change cases first, then before/after."""

from migrate.codemod.engine import rewrite_source
from migrate.codemod.rules.legacy_import_paths import LegacyImportPaths
from tests.codemod.helpers import assert_rewrites, assert_unchanged

RULE = "legacy_import_paths"


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
    import os
    import subprocess
    import sys

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
    # se_mobilenets.py again: conv_utils.conv_output_length became `from keras.utils import conv_output_length`,
    # an ImportError Keras 3's keras.utils gives at run time.
    source = ("from keras.utils import conv_utils\nfrom keras.utils.conv_utils import normalize_tuple\n\n"
              "rows = conv_utils.conv_output_length(8, 3, 'same', 1)\n")
    result = rewrite_source(source.encode(), "net.py", [LegacyImportPaths])
    assert result.rewritten.decode() == source
    assert [(f.line, f.advice) for f in result.findings if "copy what you use" in f.message] == [(2, False), (4, False)]


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
