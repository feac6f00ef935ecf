"""Well-known third-party classes: TensorFlow Addons' normalizations become Keras 3's GroupNormalization and
reproduce a real TF 2.3 + Addons file; keras-contrib's InstanceNormalization, which no Keras 3 layer computes
exactly, is rebuilt from its own arithmetic and reproduces a real keras-contrib file."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from migrate.convert import ConvertOptions, convert_file

SAMPLES = Path(__file__).parent / "third_party_samples"


def test_addons_instance_and_group_normalization_reproduce_tf23(tmp_path):
    import keras

    result = convert_file(SAMPLES / "tfa_norms.h5",
                          ConvertOptions(output=tmp_path / "out.keras", reference=SAMPLES / "tfa_norms.npz"))
    assert result.status == "converted", result.error
    assert result.max_abs_diff is not None and result.max_abs_diff <= 1e-5
    model = keras.saving.load_model(tmp_path / "out.keras", safe_mode=True)
    groups = [layer.groups for layer in model.layers if isinstance(layer, keras.layers.GroupNormalization)]
    assert groups == [4, 2]


def test_keras_contrib_instance_normalization_reproduces_keras_contrib(tmp_path):
    """Its own arithmetic in keras.ops, then gamma and beta as a 1x1 DepthwiseConv2D (center=False: no bias)."""
    import keras

    result = convert_file(SAMPLES / "in_generator.h5",
                          ConvertOptions(output=tmp_path / "out.keras", reference=SAMPLES / "in_generator.npz"))
    assert result.status == "converted", result.error
    assert result.max_abs_diff is not None and result.max_abs_diff <= 1e-5
    model = keras.saving.load_model(tmp_path / "out.keras", safe_mode=True)
    affine = [layer for layer in model.layers if isinstance(layer, keras.layers.DepthwiseConv2D)]
    assert [(layer.name, layer.use_bias, layer.trainable) for layer in affine] == [
        ("instance_normalization_1", True, True), ("instance_normalization_2", False, True)]


def test_keras_contrib_instance_normalization_over_all_axes_stays_a_custom_class(tmp_path):
    from migrate.translate.layers import SourceInfo, translate_layer

    translated = translate_layer("InstanceNormalization", {"name": "norm", "axis": None, "epsilon": 1e-3},
                                 SourceInfo("2.3.1", "tensorflow", False), "norm")
    assert translated.class_name == "InstanceNormalization"


def test_keras_contrib_instance_normalization_is_not_keras3s_group_normalization():
    """Why it is not GroupNormalization: keras-contrib's formula (its call, in NumPy) against Keras 3's layer, epsilon 1e-3."""
    import keras

    x = np.random.default_rng(0).normal(size=(2, 6, 6, 3)).astype("float32")
    mean = x.mean(axis=(1, 2), keepdims=True)
    contrib = (x - mean) / (x.std(axis=(1, 2), keepdims=True) + np.float32(1e-3))
    layer = keras.layers.GroupNormalization(groups=-1, epsilon=1e-3, center=False, scale=False)
    assert np.abs(np.asarray(layer(x)) - contrib).max() > 1e-4
