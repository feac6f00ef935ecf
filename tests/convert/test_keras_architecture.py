"""Weights-only files with a Keras 3 `.keras` architecture: one made by migrate itself, one written
by hand in Keras 3 code with the legacy layer names, and one auto-named (paired in order)."""

from __future__ import annotations

import h5py
import numpy as np
import pytest

from migrate.convert import ConvertOptions, convert_file
from migrate.diagnosis import inspect_file
from tests.conftest import REAL, sample

WEIGHTS_ONLY = ["k231_weights_only.h5", "k231_checkpoint_weights.h5", "k216_weights_only_seq.h5"]


@pytest.mark.parametrize("name", WEIGHTS_ONLY)
def test_a_template_migrate_wrote_serves_as_the_architecture(name, tmp_path):
    with_json = convert_file(sample(name), ConvertOptions(output=tmp_path / "from_json.keras"))
    assert with_json.status == "converted", with_json.error
    result = convert_file(sample(name), ConvertOptions(output=tmp_path / "out.keras", architecture=tmp_path / "from_json.keras",
                                                       reference=sample(name).with_suffix(".npz")))
    assert result.status == "converted", result.error
    assert result.within_tolerance
    assert (result.wrapper_depth, result.replicas) == (with_json.wrapper_depth, with_json.replicas)
    report = inspect_file(sample(name), tmp_path / "from_json.keras")
    assert (report.wrapper_depth, tuple(report.replicas)) == (result.wrapper_depth, result.replicas)
    assert report.template is not None


def test_a_template_written_in_keras3_takes_a_wrapper_checkpoint(tmp_path):
    import keras
    from keras import layers

    features = keras.Input((8,), name="features")
    hidden = layers.Dense(16, activation="relu", name="hidden")(features)
    keras.Model(features, layers.Dense(4, activation="softmax", name="probs")(hidden), name="mlp").save(tmp_path / "t.keras")
    source = sample("k231_weights_only.h5")
    result = convert_file(source, ConvertOptions(output=tmp_path / "out.keras", architecture=tmp_path / "t.keras",
                                                 reference=source.with_suffix(".npz")))
    assert result.status == "converted", result.error
    assert result.within_tolerance and result.replicas == (2,)


def _downstream_mlp(path, widths):
    """The l3 downstream classifier as a user would write it today: Keras 3 names its layers dense, dense_1..."""
    import keras

    keras.Sequential([keras.Input((512,))] + [keras.layers.Dense(w, activation="relu") for w in widths]).save(path)


@pytest.mark.real_corpus
def test_an_auto_named_keras3_template_takes_the_weights_in_order(tmp_path):
    import keras

    source = REAL / "l3_downstream_weights_only.h5"
    _downstream_mlp(tmp_path / "t.keras", [512, 128, 10])
    result = convert_file(source, ConvertOptions(output=tmp_path / "out.keras", architecture=tmp_path / "t.keras"))
    assert result.status == "converted", result.error
    assert any("by order" in note and "dense_25 -> dense" in note for note in result.rebuild.warnings)
    model = keras.saving.load_model(tmp_path / "out.keras")
    with h5py.File(source, "r") as h5:
        for layer, group in zip([lay for lay in model.layers if lay.weights], ["dense_25", "dense_26", "dense_27"],
                                strict=True):
            kernel, bias = (h5[f"{group}/{group}/{w}:0"][()] for w in ("kernel", "bias"))
            assert np.array_equal(layer.kernel.numpy(), kernel) and np.array_equal(layer.bias.numpy(), bias)


@pytest.mark.real_corpus
def test_a_template_that_does_not_fit_fails_and_writes_nothing(tmp_path):
    _downstream_mlp(tmp_path / "t.keras", [512, 10])
    result = convert_file(REAL / "l3_downstream_weights_only.h5",
                          ConvertOptions(output=tmp_path / "out.keras", architecture=tmp_path / "t.keras"))
    assert result.status == "failed"
    assert "3 weighted groups where the architecture has 2" in result.error and "does not match" in result.error
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.keras"]


def test_an_unreadable_architecture_is_named_with_the_weights_it_was_for(tmp_path):
    (tmp_path / "junk.keras").write_bytes(b"not a zip")
    result = convert_file(sample("k231_weights_only.h5"),
                          ConvertOptions(output=tmp_path / "out.keras", architecture=tmp_path / "junk.keras"))
    assert result.status == "failed"
    assert result.error.startswith(str(sample("k231_weights_only.h5")))
    assert f"its architecture {tmp_path / 'junk.keras'}: not a readable .keras archive" in result.error
    assert not (tmp_path / "out.keras").exists()
