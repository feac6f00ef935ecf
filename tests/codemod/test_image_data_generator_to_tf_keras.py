"""image_data_generator_to_tf_keras, and the names the table moves to Keras 3's tensorflow.keras (legacy_import_paths):
must-not-change cases first, then before/after, then the reports, then the ports against Keras 2.3.1 itself
(tests/codemod/data/legacy_preprocessing_probe.py run by both stacks: the same batches, to 1e-6, for what is moved;
other batches for each option that keeps the generator where it is), then a rewritten script run under
MirroredStrategy on two logical CPUs."""

from __future__ import annotations

import os
import struct
import subprocess
import sys
import textwrap
import zlib
from pathlib import Path

import numpy as np
import pytest

from migrate.codemod.keras2_helpers import IMAGE_DATA_GENERATOR
from migrate.codemod.rules.image_data_generator_to_tf_keras import MOVED_BY_HELPER, PARAMETERS
from tests.codemod.helpers import (
    assert_rewrites,
    assert_unchanged,
    legacy_env,
    rewrite,
    rewritten_copy,
    trained_on_cpus,
)

RULE = "image_data_generator_to_tf_keras"
PROBE = Path(__file__).parent / "data" / "legacy_preprocessing_probe.py"
SCRIPT = Path(__file__).parent / "scripts" / "tf_keras_ports_train.py"
LEGACY37 = Path(os.environ.get("MIGRATE_LEGACY37", "/tmp/legacy37")) / "bin" / "python"


@pytest.mark.parametrize("option", ["zca_whitening=True", "zca_whitening=WHITEN", "**options, zca_whitening=1"])
def test_an_option_the_port_computes_otherwise_keeps_the_generator(option):
    assert_unchanged(f"""
        from keras.preprocessing.image import ImageDataGenerator
        gen = ImageDataGenerator(horizontal_flip=True, rotation_range=10, {option})
        it = gen.flow_from_directory("data")
    """, RULE)


def test_a_subclass_a_positional_option_a_generator_passed_on_and_a_projects_own_stay():
    for use in ("class Drone(ImageDataGenerator):\n    pass",
                "gen = ImageDataGenerator(False, False, False, False, True)",  # zca_whitening, by its place
                "make(ImageDataGenerator)",
                "gen = ImageDataGenerator(rescale=1.)\nother = ImageDataGenerator(zca_whitening=True)"):
        assert_unchanged(f"from keras.preprocessing.image import ImageDataGenerator\n{use}\n", RULE)
    assert_unchanged("from mylib import ImageDataGenerator\ngen = ImageDataGenerator(rotation_range=10)\n", RULE)


def test_a_generator_the_port_computes_as_keras_2_did_is_imported_from_tensorflow_keras():
    assert_rewrites("""
        from keras.preprocessing.image import ImageDataGenerator
        gen = ImageDataGenerator(featurewise_center=True, featurewise_std_normalization=True, horizontal_flip=True,
                                 vertical_flip=True, rescale=1. / 255, channel_shift_range=10., rotation_range=0,
                                 zoom_range=0., brightness_range=None, zca_whitening=False, validation_split=0.2,
                                 preprocessing_function=scale, data_format="channels_first")
        gen.fit(x)
        train = gen.flow_from_directory("data", subset="training")
    """, """
        from tensorflow.keras.preprocessing.image import ImageDataGenerator
        gen = ImageDataGenerator(featurewise_center=True, featurewise_std_normalization=True, horizontal_flip=True,
                                 vertical_flip=True, rescale=1. / 255, channel_shift_range=10., rotation_range=0,
                                 zoom_range=0., brightness_range=None, zca_whitening=False, validation_split=0.2,
                                 preprocessing_function=scale, data_format="channels_first")
        gen.fit(x)
        train = gen.flow_from_directory("data", subset="training")
    """, RULE)


HELPER = IMAGE_DATA_GENERATOR[1].strip("\n")


@pytest.mark.parametrize("option", [f"{key}=0.2" for key in sorted(MOVED_BY_HELPER)] + ["rotation_range=ANGLE"])
def test_a_generator_that_rotates_shifts_shears_or_zooms_becomes_keras2_image_data_generator(option):
    assert_rewrites(f"""
        from keras.preprocessing.image import ImageDataGenerator
        import numpy as np

        def batches(folder):
            gen = ImageDataGenerator(horizontal_flip=True, {option})
            return gen.flow_from_directory(folder)
    """, f"""
        import numpy as np
        import tensorflow


        {textwrap.indent(HELPER, "        ").strip()}


        def batches(folder):
            gen = Keras2ImageDataGenerator(horizontal_flip=True, {option})
            return gen.flow_from_directory(folder)
    """, RULE)


def test_a_generator_built_from_a_dict_of_options_becomes_keras2_image_data_generator_with_advice():
    # zhixuhao/unet data.py: image_datagen = ImageDataGenerator(**aug_dict), the dict a parameter
    got, findings = rewrite("""
        from keras.preprocessing.image import ImageDataGenerator

        def trainGenerator(batch_size, train_path, aug_dict):
            image_datagen = ImageDataGenerator(**aug_dict)
            return image_datagen.flow_from_directory(train_path, batch_size=batch_size)
    """, RULE)
    assert "    image_datagen = Keras2ImageDataGenerator(**aug_dict)\n" in got and "from keras.preprocessing" not in got
    assert [(f.line, f.rule, f.advice) for f in findings] == [(5, RULE, True)]
    assert "(**aug_dict): Keras2ImageDataGenerator gives Keras 2.3.1's batches for every option but zca_whitening" in \
        findings[0].message


def test_options_by_position_are_the_parameters_at_their_place_and_star_args_are_unseen():
    # Arsey/keras-transfer-learning-for-oxford102 base_model.py: `idg = ImageDataGenerator(*args, **kwargs)`
    got, findings = rewrite("""
        from keras.preprocessing.image import ImageDataGenerator
        plain = ImageDataGenerator(False, True)
        turned = ImageDataGenerator(False, False, False, False, False, 1e-6, 30)

        def make_generator(*args, **kwargs):
            idg = ImageDataGenerator(*args, **kwargs)
            return idg
    """, RULE)
    assert "from tensorflow.keras.preprocessing.image import ImageDataGenerator\n" in got
    assert "plain = ImageDataGenerator(False, True)\n" in got
    assert "turned = Keras2ImageDataGenerator(False, False, False, False, False, 1e-6, 30)\n" in got
    assert "    idg = Keras2ImageDataGenerator(*args, **kwargs)\n" in got
    assert [(f.line, f.advice) for f in findings] == [(7, True)]
    assert "its options are not seen here (*args, **kwargs)" in findings[0].message


def test_the_parameter_order_is_keras_2_3_1s_and_the_ports():
    import inspect

    from keras.src.legacy.preprocessing.image import ImageDataGenerator
    assert tuple(inspect.signature(ImageDataGenerator.__init__).parameters)[1:] == PARAMETERS
    if not LEGACY37.exists():
        pytest.skip("the Keras 2.3.1 stack (/tmp/legacy37) is absent")
    done = subprocess.run([str(LEGACY37), "-c", "import inspect; from keras.preprocessing.image import "
                           "ImageDataGenerator as I; print(' '.join(inspect.signature(I.__init__).parameters))"],
                          capture_output=True, text=True, env=legacy_env(), timeout=300)
    assert tuple(done.stdout.split()[1:]) == PARAMETERS


def test_beside_a_generator_the_port_takes_and_from_tensorflow_keras():
    got, findings = rewrite("""
        from keras.preprocessing.image import ImageDataGenerator as IDG
        train = IDG(zoom_range=[0.9, 1.1], rescale=1. / 255)
        test = IDG(rescale=1. / 255)
    """, RULE)
    assert findings == []
    assert "from tensorflow.keras.preprocessing.image import ImageDataGenerator as IDG\n" in got
    assert "train = Keras2ImageDataGenerator(zoom_range=[0.9, 1.1], rescale=1. / 255)\ntest = IDG(rescale=1. / 255)" in got
    assert rewrite(got) == (got, [])  # the helper subclasses the port: that is no generator whose options are unseen
    # tf.keras 1.x-2.8 moved images as Keras 2.3.1 did (keras_preprocessing): the port's import goes, unreported
    got, findings = rewrite("""
        import tensorflow as tf
        gen = tf.keras.preprocessing.image.ImageDataGenerator(shear_range=5)
    """, RULE)
    assert findings == [] and "gen = Keras2ImageDataGenerator(shear_range=5)" in got
    got, findings = rewrite("""
        from tensorflow.keras.preprocessing.image import ImageDataGenerator
        gen = ImageDataGenerator(height_shift_range=2)
    """, RULE)
    assert findings == [] and "from tensorflow.keras.preprocessing.image" not in got
    assert got.count("class Keras2ImageDataGenerator(tensorflow.keras.preprocessing.image.ImageDataGenerator):") == 1


def test_beside_other_names_and_under_another_name():
    assert_rewrites("""
        from keras.preprocessing.image import ImageDataGenerator, img_to_array
        gen = ImageDataGenerator(rescale=1. / 255)
    """, """
        from keras.preprocessing.image import img_to_array
        from tensorflow.keras.preprocessing.image import ImageDataGenerator

        gen = ImageDataGenerator(rescale=1. / 255)
    """, RULE)
    assert_rewrites("""
        from keras.preprocessing.image import ImageDataGenerator as IDG
        gen = IDG(samplewise_center=True)
    """, """
        from tensorflow.keras.preprocessing.image import ImageDataGenerator as IDG
        gen = IDG(samplewise_center=True)
    """, RULE)


def test_a_generator_spelt_from_the_module_under_any_alias():
    # sainathadapa/kaggle-freesound-audio-tagging 06-train-model-only-mel.py: `import keras as kr`, then
    # kr.preprocessing.image.ImageDataGenerator(...) handed to the project's own Sequence; only the imported
    # name was moved, the attribute spelling was left for the last pass's generic report
    assert_rewrites("""
        import keras as kr
        gen = kr.preprocessing.image.ImageDataGenerator(horizontal_flip=True, preprocessing_function=erase)
        train = TrainGenerator(files, datagen=gen)
    """, """
        import keras as kr
        import tensorflow

        gen = tensorflow.keras.preprocessing.image.ImageDataGenerator(horizontal_flip=True, preprocessing_function=erase)
        train = TrainGenerator(files, datagen=gen)
    """, RULE)
    assert_rewrites("""
        import keras
        gen = keras.preprocessing.image.ImageDataGenerator(rescale=1. / 255)
    """, """
        import keras
        import tensorflow

        gen = tensorflow.keras.preprocessing.image.ImageDataGenerator(rescale=1. / 255)
    """, RULE)
    got, findings = rewrite("""
        import keras as kr
        gen = kr.preprocessing.image.ImageDataGenerator(width_shift_range=0.6, horizontal_flip=True)
        train = TrainGenerator(files, datagen=gen)
    """)
    assert findings == [] and "gen = Keras2ImageDataGenerator(width_shift_range=0.6, horizontal_flip=True)" in got
    _, findings = rewrite("""
        import keras as kr
        gen = kr.preprocessing.image.ImageDataGenerator(zca_whitening=True, horizontal_flip=True)
        train = TrainGenerator(files, datagen=gen)
    """)
    assert [(f.line, f.rule, f.advice) for f in findings] == [(3, RULE, False)]
    assert "not taken: its zca_whitening=... whitens by another formula" in findings[0].message


def test_a_generator_the_layers_rule_takes_is_left_to_it():
    got, findings = rewrite("""
        from keras.preprocessing.image import ImageDataGenerator
        gen = ImageDataGenerator(horizontal_flip=True, rescale=1. / 255)
        model.fit_generator(gen.flow(x, y, batch_size=8), steps_per_epoch=10)
    """)
    assert "ImageDataGenerator" not in got and "keras.layers.RandomFlip" in got and findings == []


def test_the_names_the_table_moves_to_tensorflow_keras():
    assert_rewrites("""
        from keras.preprocessing.text import Tokenizer, text_to_word_sequence
        from keras.preprocessing.sequence import pad_sequences, TimeseriesGenerator
        from keras.preprocessing.image import Iterator, img_to_array
        from keras.layers import Dense, ThresholdedReLU
        from keras.layers.advanced_activations import ThresholdedReLU as TReLU
    """, """
        from tensorflow.keras.preprocessing.text import Tokenizer, text_to_word_sequence
        from keras.preprocessing.sequence import pad_sequences
        from keras.preprocessing.image import img_to_array
        from keras.layers import Dense
        from tensorflow.keras.layers import ThresholdedReLU, ThresholdedReLU as TReLU
        from tensorflow.keras.preprocessing.sequence import TimeseriesGenerator
        from tensorflow.keras.preprocessing.image import Iterator
    """, "legacy_import_paths")


def test_what_stays_is_reported_with_why():
    _, findings = rewrite("""
        from keras.preprocessing.image import ImageDataGenerator
        gen = ImageDataGenerator(height_shift_range=0.1, zca_whitening=True)
        it = gen.flow_from_directory("data")
    """)
    assert [(f.line, f.rule, f.advice) for f in findings] == [(2, "legacy_import_paths", False)]
    assert ("Keras 3's tensorflow.keras.preprocessing.image.ImageDataGenerator not taken: its zca_whitening=... "
            "whitens by another formula than Keras 2.3.1's") in findings[0].message
    _, findings = rewrite("""
        from tensorflow.keras.preprocessing.image import ImageDataGenerator
        gen = ImageDataGenerator(zoom_range=0.2, zca_whitening=True)
        it = gen.flow_from_directory("data")
    """)
    assert [(f.line, f.rule, f.advice) for f in findings] == [(2, RULE, False)]
    assert "is tf.keras 2.21's, not Keras 2.3.1's nor TF 1's: its zca_whitening=... whitens" in findings[0].message


def _notebook_rewrite(*cells):
    """The cells of a notebook as `migrate code` rewrites it, and its findings' (cell, line, message)."""
    import nbformat
    from nbformat.v4 import new_code_cell, new_notebook

    from migrate.codemod.notebooks import rewrite_notebook
    from migrate.codemod.registry import all_rules

    notebook = new_notebook(cells=[new_code_cell(cell) for cell in cells])
    notebook.metadata["kernelspec"] = {"name": "k", "language": "python", "display_name": "K"}
    result = rewrite_notebook(nbformat.writes(notebook).encode(), "nb.ipynb", all_rules())
    after = nbformat.reads(result.rewritten.decode(), as_version=4) if result.changed else notebook
    return [cell.source for cell in after.cells], [(f.path, f.line, f.message) for f in result.findings if not f.advice]


IMPORT_CELL = "from keras.preprocessing.image import ImageDataGenerator, img_to_array"
PORTED_CELL = "from tensorflow.keras.preprocessing.image import ImageDataGenerator\nfrom keras.preprocessing.image import img_to_array"


def test_a_notebook_generator_made_in_a_later_cell_than_its_import_is_judged_there():
    # dabsdamoon/Anime-Colorization fusion notebook: the import in cell 2, `datagen = ImageDataGenerator()` in cell 15.
    # Cells are rewritten one by one: the import's cell saw the name only on its trailer line and took it as passed on.
    cells, findings = _notebook_rewrite(IMPORT_CELL, "datagen = ImageDataGenerator(horizontal_flip=True)")
    assert cells == [PORTED_CELL, "datagen = ImageDataGenerator(horizontal_flip=True)"] and findings == []
    assert _notebook_rewrite(*cells) == (cells, [])  # a second run changes nothing


@pytest.mark.parametrize(("later", "why"), [
    ("datagen = ImageDataGenerator(zca_whitening=True)", "whitens by another formula"),
    ("class Augmenter(ImageDataGenerator):\n    pass", "subclassed or passed on"),
])
def test_a_later_cells_generator_the_port_computes_otherwise_is_reported_in_that_cell(later, why):
    cells, findings = _notebook_rewrite(IMPORT_CELL, later)
    assert cells == [PORTED_CELL, later]
    assert [(path, line) for path, line, _ in findings] == [("nb.ipynb:cell 2", 1)]
    assert "(an earlier cell imports it)" in findings[0][2] and why in findings[0][2]
    assert _notebook_rewrite(*cells) == (cells, findings)


def test_a_tensorflow_keras_generator_the_port_computes_as_keras_2_did_is_not_reported():
    got, findings = rewrite("""
        from tensorflow.keras.preprocessing.image import ImageDataGenerator
        gen = ImageDataGenerator(rescale=1. / 255, horizontal_flip=True)
        it = gen.flow_from_directory("data")
    """)
    assert findings == [] and got.startswith("\nfrom tensorflow.keras.preprocessing.image import ImageDataGenerator")


# ---------------------------------------------------------------- the ports against Keras 2.3.1

def _probe(python: Path, root: str, out: Path, folder: Path, pillow: str | None,
           helper: Path | None = None) -> dict[str, np.ndarray]:
    env = legacy_env()
    if pillow:  # a Pillow installed apart (pip install --target): flow_from_directory reads PNGs through it
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [pillow, env.get("PYTHONPATH")]))
    done = subprocess.run([str(python), str(PROBE), root, str(out), str(folder), *([str(helper)] if helper else [])],
                          capture_output=True, text=True, env=env, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    with np.load(out) as loaded:
        return {key: loaded[key] for key in loaded.files}


def _same(a: np.ndarray, b: np.ndarray) -> bool:
    if a.dtype.kind in "fc" or b.dtype.kind in "fc":
        return a.shape == b.shape and a.dtype == b.dtype and bool(np.allclose(a, b, rtol=0, atol=1e-6))
    return a.shape == b.shape and bool((a == b).all())


def _write_png(path: Path, pixels: np.ndarray) -> None:
    """An 8-bit RGB PNG, written by hand: the probe's stacks read it with Pillow, this process needs none."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    height, width, _ = pixels.shape
    rows = b"".join(b"\0" + pixels[row].tobytes() for row in range(height))
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                     + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


# The probe's cases for each option the port computes otherwise (DIFFERS): their batches must differ, or the refusal
# (or Keras2ImageDataGenerator) is needless.
REFUSED = {"rotation": "rotation_range", "width_shift": "width_shift_range", "height_shift": "height_shift_range",
           "shift_pixels": "width_shift_range", "zoom": "zoom_range", "zoom_pair": "zoom_range",
           "shear": "shear_range", "brightness": "brightness_range", "zca": "zca_whitening", "dir_rotated": "rotation_range"}


@pytest.mark.skipif(not LEGACY37.exists(), reason="the Keras 2.3.1 stack (/tmp/legacy37) is absent")
def test_the_ports_give_the_batches_keras_2_3_1_gave(tmp_path):
    """Keras 2.3.1 (`keras.preprocessing`, keras_preprocessing 1.1.2) and Keras 3's tensorflow.keras ports, the same
    calls and seeds: every case the rule or the table moves is equal to 1e-6; every option the port computes
    otherwise differs, and every case but zca_whitening is equal again with the Keras2ImageDataGenerator the rule
    writes for a generator that rotates, shifts, shears, zooms or shifts brightness. The
    flow_from_directory cases need Pillow in both stacks: $MIGRATE_PILLOW37 / $MIGRATE_PILLOW name `pip install
    --target` folders where an environment lacks it; without, those cases and brightness_range are left out (and
    the test says so)."""
    rng = np.random.RandomState(1)
    for label in ("cats", "dogs"):
        (tmp_path / "images" / label).mkdir(parents=True)
        for index in range(4):
            _write_png(tmp_path / "images" / label / f"{index}.png",
                       rng.randint(0, 256, size=(15 + index, 13, 3)).astype(np.uint8))
    keras2 = _probe(LEGACY37, "keras", tmp_path / "keras2.npz", tmp_path / "images", os.environ.get("MIGRATE_PILLOW37"))
    keras3 = _probe(Path(sys.executable), "tensorflow.keras", tmp_path / "keras3.npz", tmp_path / "images",
                    os.environ.get("MIGRATE_PILLOW"))
    helper = tmp_path / "rewritten.py"
    helper.write_text(rewrite("from keras.preprocessing.image import ImageDataGenerator\n"
                              "gen = ImageDataGenerator(rotation_range=5)\n", RULE)[0])
    helped = _probe(Path(sys.executable), "tensorflow.keras", tmp_path / "helped.npz", tmp_path / "images",
                    os.environ.get("MIGRATE_PILLOW"), helper)
    if not (keras2["has_pillow"] and keras3["has_pillow"]):
        keras2, keras3, helped = ({key: value for key, value in probed.items() if not key.startswith(("dir_", "brightness_", "pil_"))}
                                  for probed in (keras2, keras3, helped))
        keras2["has_pillow"] = keras3["has_pillow"] = helped["has_pillow"] = np.asarray(False)
    assert set(keras2) == set(keras3) == set(helped)
    unhelped = {key for key in keras2 if key.startswith("zca_") or key in ("apply_affine", "random_rotation")}
    assert [key for key in sorted(set(keras2) - unhelped) if not _same(keras2[key], helped[key])] == []
    assert {"rotation_next3_x", "shear_item2_x", "zoom_pair_transform", "shift_pixels_next0_x"} <= set(keras2) - unhelped
    refused = {key for key in keras2 if key.startswith(tuple(case + "_" for case in REFUSED))
               or key in ("apply_affine", "random_rotation")}
    moved = sorted(set(keras2) - refused)
    assert [key for key in moved if not _same(keras2[key], keras3[key])] == []
    for case, option in REFUSED.items():
        if case in ("dir_rotated", "brightness") and not keras2["has_pillow"]:
            continue
        keys = [key for key in refused if key.startswith(case + "_") and key.endswith("_x")]
        assert keys and any(not _same(keras2[key], keras3[key]) for key in keys), (case, option)
    assert {"exact_together_next3_x", "tok_matrix_tfidf", "thresholded_relu", "timeseries_1_x"} <= set(moved)
    if not (keras2["has_pillow"] and keras3["has_pillow"]):
        pytest.skip("flow_from_directory not compared: Pillow is missing in a stack ($MIGRATE_PILLOW37, $MIGRATE_PILLOW)")
    assert {"dir_categorical_0_x", "dir_gray_x", "pil_apply_brightness_2", "pil_random_brightness_0"} <= set(moved)


# ---------------------------------------------------------------- executed

def test_the_rewritten_script_trains_under_mirrored_strategy(tmp_path):
    """A centering, flipping, rotating, shifting ImageDataGenerator's flow fed to fit (Keras2ImageDataGenerator after
    the rewrite), a project's Iterator subclass to evaluate, a ThresholdedReLU layer, Tokenizer and
    TimeseriesGenerator: all from tensorflow.keras after the rewrite, run on one and two replicas."""
    target = rewritten_copy(SCRIPT, tmp_path)
    code = target.read_text().split('"""', 2)[2]
    assert "from tensorflow.keras.preprocessing.image import Iterator\n" in code
    assert "aug = Keras2ImageDataGenerator(featurewise_center=True" in code
    assert "from keras.preprocessing" not in code.replace("from keras.preprocessing.sequence import pad_sequences", "")
    for gpus, replicas in (("2", 2), ("1", 1)):
        stdout = trained_on_cpus(target, gpus)
        assert f"replicas {replicas} epochs 2 loss True padded [[0, 2, 4, 1], [0, 0, 1, 5]] series 5 (4, 3)" in stdout


def test_a_later_cells_generator_spelt_from_the_module_is_reported_once_as_in_a_script():
    # no cell imports the class by name: the module spelling's own report, not the earlier-cell one
    later = "datagen = keras.preprocessing.image.ImageDataGenerator(zca_whitening=True)"
    cells, findings = _notebook_rewrite("import keras", later)
    assert cells == ["import keras", later]
    assert len(findings) == 1 and findings[0][:2] == ("nb.ipynb:cell 2", 1)
    assert "(an earlier cell imports it)" not in findings[0][2] and "whitens by another formula" in findings[0][2]
