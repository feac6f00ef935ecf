"""keras_shape_attributes: must-not-change cases first, then before/after, then what is reported, then the
claim that `.shape` is what the private attributes held."""

import keras
import tensorflow as tf

from tests.codemod.helpers import assert_rewrites, assert_unchanged, rewrite

RULE = "keras_shape_attributes"


def test_public_shapes_a_getattr_with_a_default_and_a_projects_own_getattr_stay():
    assert_unchanged("""
        from myproject import getattr

        shape = x.shape
        keras_shape = getattr(x, '_keras_shape', None)
        mine = getattr(x, '_keras_shape')
        name = x._keras_shape_name
    """, RULE)


def test_private_shapes_become_shape():
    # pierluigiferrari/ssd_keras keras_ssd300.py, its AnchorBoxes layer; titu1994 keras-squeeze-excite-network utils.py
    findings = assert_rewrites("""
        predictor_sizes = np.array([conv4_3_norm_mbox_conf._keras_shape[1:3],
                                    fc7_mbox_conf._keras_shape[1:3]])
        batch_size, feature_map_height, feature_map_width, feature_map_channels = x._keras_shape
        filters = init._keras_shape[channel_axis]

        def _tensor_shape(tensor):
            return getattr(tensor, '_shape_val') if TF else getattr(tensor, '_keras_shape')
    """, """
        predictor_sizes = np.array([conv4_3_norm_mbox_conf.shape[1:3],
                                    fc7_mbox_conf.shape[1:3]])
        batch_size, feature_map_height, feature_map_width, feature_map_channels = x.shape
        filters = init.shape[channel_axis]

        def _tensor_shape(tensor):
            return tensor.shape if TF else tensor.shape
    """, RULE)
    assert findings == []


def test_setting_the_private_shape_is_reported():
    got, findings = rewrite("""
        x._keras_shape = (None, 3)
        y = x._keras_shape
    """, RULE)
    assert got.splitlines()[1:] == ["x._keras_shape = (None, 3)", "y = x.shape"]
    assert [(f.line, f.rule, f.advice) for f in findings] == [(2, RULE, False)]
    assert "remove the line" in findings[0].message


def test_shape_is_what_keras_2_kept_in_keras_shape():
    # Keras 2's _keras_shape: the static shape as a tuple, None for an unknown axis (batch). Keras 3's symbolic
    # tensor's .shape is that tuple; inside call, a TensorFlow tensor's .shape unpacks and slices to the same values.
    inputs = keras.Input((38, 38, 16))
    assert inputs.shape == (None, 38, 38, 16) and inputs.shape[1:3] == (38, 38)
    seen = []

    class Probe(keras.layers.Layer):
        def call(self, x):
            batch_size, height, width, channels = x.shape
            seen.append((batch_size, height, width, channels))
            return x

    Probe()(inputs)
    Probe()(tf.zeros((2, 38, 38, 16)))
    assert seen[-1] == (2, 38, 38, 16) and seen[0][1:] == (38, 38, 16)
