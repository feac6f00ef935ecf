"""Keras 1.2.2 files with the kernel layouts Keras 1 wrote convert with no options and reproduce Keras 1."""

from __future__ import annotations

from pathlib import Path

import pytest

from migrate.convert import ConvertOptions, convert_file

SAMPLES = Path(__file__).parent / "keras1_samples"


@pytest.mark.parametrize("path", sorted(SAMPLES.glob("*.h5")), ids=lambda p: p.stem)
def test_keras1_layouts_reproduce_keras1s_outputs(path, tmp_path):
    result = convert_file(path, ConvertOptions(output=tmp_path / "out.keras"))
    assert result.status == "converted", result.error
    assert result.max_abs_diff is not None and result.max_abs_diff <= 1e-5
    assert result.rebuild.weights_fixed >= 2  # a Keras 1 layout converted in each


def test_a_keras1_checkpoint_with_its_json_dumped_as_a_string_converts(tmp_path):
    """Keras 1 projects (ncondo/CarND-Behavioral-Cloning) saved `model.save_weights("model.h5")`, which states no
    Keras version, beside `json.dump(model.to_json(), f)`, a JSON string holding the config: the config is read
    through the string, and the checkpoint is translated as the Keras version the config names."""
    import json

    import h5py

    whole = Path(__file__).parents[2] / "sample_models" / "k122_sequential_merge.h5"
    weights = tmp_path / "model.h5"
    with h5py.File(whole, "r") as source, h5py.File(weights, "w") as checkpoint:
        for name in source["model_weights"]:  # what Keras 1's save_weights wrote: the same groups at the root
            source.copy(source["model_weights"][name], checkpoint, name)
        checkpoint.attrs["layer_names"] = source["model_weights"].attrs["layer_names"]
        config = json.loads(source.attrs["model_config"])
        config["keras_version"] = str(source.attrs["keras_version"])  # as Keras 1's to_json() wrote it
    (tmp_path / "model.json").write_text(json.dumps(json.dumps(config)))
    result = convert_file(weights, ConvertOptions(output=tmp_path / "out.keras", reference=whole.with_suffix(".npz")))
    assert result.status == "converted", result.error
    assert result.max_abs_diff is not None and result.max_abs_diff <= 1e-5
