"""contrib_image_ops: must-not-change cases first, then before/after, then TF 1.15's numbers."""

import ast
from pathlib import Path

from migrate.codemod.keras2_helpers import CONTRIB_IMAGE
from tests.codemod.helpers import assert_unchanged, legacy37, probe_under_both, rewrite

RULE = "contrib_image_ops"
SCRIPTS = Path(__file__).parent / "scripts"


def test_a_projects_own_rotate_and_contribs_other_image_functions_stay():
    assert_unchanged("""
        import tensorflow as tf
        from myproject.image import rotate

        image = rotate(image, 0.3)
        warped = tf.contrib.image.sparse_image_warp(image, source, dest)
        parts = tf.contrib.image.connected_components(mask)
    """, RULE)


def _reads_contrib(source: str) -> bool:
    """Whether code (not a docstring) names contrib: an attribute read or a module imported."""
    tree = ast.parse(source)
    return any(isinstance(node, ast.Attribute) and node.attr == "contrib" for node in ast.walk(tree)) or \
        any(isinstance(node, ast.ImportFrom) and "contrib" in (node.module or "") for node in ast.walk(tree))


def _defined(source: str) -> list[str]:
    return [node.name for node in ast.parse(source).body if isinstance(node, ast.FunctionDef)]


def test_rotate_translate_and_transform_become_tf_1_15s_functions_with_the_helpers_they_call():
    # andreiqv/keras_training_classifier dataset_factory.py, jkjung-avt/keras_imagenet image_processing.py: a tf.data
    # map's augmentation
    got, findings = rewrite("""
        import tensorflow as tf
        from tensorflow.contrib.image import translate


        def augment(image, label):
            image = tf.contrib.image.rotate(image, angle, interpolation='BILINEAR')
            image = translate(image, [2.0, -1.0])
            return tf.contrib.image.transform(image, shear), label

        rotate = tf.contrib.image.rotate
    """, RULE)
    assert not _reads_contrib(got)
    assert "image = tf1_image_rotate(image, angle, interpolation='BILINEAR')" in got
    assert "image = tf1_image_translate(image, [2.0, -1.0])" in got
    assert "return tf1_image_transform(image, shear), label" in got and "rotate = tf1_image_rotate" in got
    assert _defined(got) == ["tf1_angles_to_projective_transforms", "tf1_image_rotate", "tf1_image_transform",
                             "tf1_image_translate", "tf1_translations_to_projective_transforms", "augment"]
    assert got.index("def tf1_angles") > got.index("import tensorflow as tf") and not findings
    again, _ = rewrite(got, RULE)
    assert again == got


def test_one_function_brings_only_what_it_calls():
    got, _ = rewrite("""
        import tensorflow as tf
        m = tf.contrib.image.angles_to_projective_transforms(angles, h, w)
    """, RULE)
    assert _defined(got) == ["tf1_angles_to_projective_transforms"]
    assert set(CONTRIB_IMAGE["rotate"][1]) == {"tf1_image_rotate", "tf1_image_transform",
                                               "tf1_angles_to_projective_transforms"}


def test_nothing_of_the_module_is_left_for_the_last_pass():
    _, findings = rewrite("""
        import tensorflow as tf
        image = tf.contrib.image.rotate(image, 0.3)
    """)
    assert not [f for f in findings if "contrib" in f.message]


def test_the_rewritten_augmentation_gives_tensorflow_1_15s_images(tmp_path):
    got, target = probe_under_both(legacy37(), SCRIPTS / "contrib_image_probe.py", tmp_path / "none", tmp_path,
                                   ("predictions", "transforms", "one", "gray", "moves"))
    assert not _reads_contrib(target.read_text()) and got["gray"].shape == (8, 14)
