"""Lambdas resizing images with TF 1 (`tf.image.resize_images`, `resize_bilinear`, `resize_nearest_neighbor`,
`tf.image.resize`, `K.resize_images`) lift to stock Keras 3 and reproduce TF 1.15, or are refused with why."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from migrate.convert import ConvertOptions, convert_file

SAMPLES = Path(__file__).parent / "resize_samples"
EXACT = ["rs_bilinear_down", "rs_bilinear_odd", "rs_bilinear_up", "rs_nearest_up", "rs_nearest_odd", "rs_nn_down",
         "rs_half_pixel", "rs_k_bilinear", "rs_same", "rs_carnd"]


@pytest.mark.parametrize("name", EXACT)
def test_a_tf1_resize_lambda_reproduces_tf1(name, tmp_path):
    result = convert_file(SAMPLES / f"{name}.h5",
                          ConvertOptions(output=tmp_path / "out.keras", reference=SAMPLES / f"{name}.npz"))
    assert result.status == "converted", result.error
    assert result.max_abs_diff is not None and result.max_abs_diff <= 1e-5
    assert result.lambdas_lifted >= 1


def test_half_pixel_centres_become_keras3s_resizing_layer(tmp_path):
    import keras

    convert_file(SAMPLES / "rs_half_pixel.h5", ConvertOptions(output=tmp_path / "out.keras"))
    model = keras.saving.load_model(tmp_path / "out.keras", safe_mode=True)
    assert [type(layer).__name__ for layer in model.layers][-1] == "Resizing"


def test_keras3s_resizing_is_not_tf1s_default_resize(tmp_path):
    """Why TF 1's default is spelled out with gathers instead: Keras 3's Resizing samples at half-pixel centres
    and, on the converted model's own convolution output, lands far from TF 1.15's numbers."""
    import keras

    convert_file(SAMPLES / "rs_bilinear_odd.h5", ConvertOptions(output=tmp_path / "out.keras"))
    model = keras.saving.load_model(tmp_path / "out.keras", safe_mode=True)
    reference = np.load(SAMPLES / "rs_bilinear_odd.npz")
    convolved = keras.Model(model.inputs, model.layers[0].output).predict(reference["in_0"], verbose=0)
    resized = np.asarray(keras.layers.Resizing(7, 5, interpolation="bilinear")(convolved))
    assert np.abs(resized - reference["out_0"]).max() > 0.1
    np.testing.assert_allclose(model.predict(reference["in_0"], verbose=0), reference["out_0"], atol=1e-5)


def test_align_corners_is_refused_with_the_reason(tmp_path):
    result = convert_file(SAMPLES / "rs_align.h5", ConvertOptions(output=tmp_path / "out.keras"))
    assert result.status == "failed"
    assert "'tf.image.resize_images' with align_corners=True (Keras 3's Resizing never aligns corners)" in result.error
