"""A Keras 1 checkpoint (save_weights stated no Keras version) paired with a whole-model HDF5 of the same network
is translated as the Keras version that file states beside its config (a real CarND repository kept model.h5
and model_weights.h5 side by side; the checkpoint then failed on Keras 1 arguments such as border_mode)."""

from __future__ import annotations

import shutil
from pathlib import Path

import h5py

from migrate.convert import ConvertOptions, convert_file
from migrate.read.architecture import read_architecture

WHOLE = Path(__file__).parents[2] / "sample_models" / "k122_sequential_merge.h5"


def test_a_whole_hdf5_architecture_carries_its_keras_version():
    assert read_architecture(WHOLE)["keras_version"] == "1.2.2"


def test_a_keras1_checkpoint_paired_with_a_keras1_whole_model_converts(tmp_path):
    weights = tmp_path / "model_weights.h5"
    with h5py.File(WHOLE, "r") as source, h5py.File(weights, "w") as checkpoint:
        for name in source["model_weights"]:  # what Keras 1's save_weights wrote: the groups at the root, no version
            source.copy(source["model_weights"][name], checkpoint, name)
        checkpoint.attrs["layer_names"] = source["model_weights"].attrs["layer_names"]
    shutil.copy(WHOLE, tmp_path / "model.h5")
    result = convert_file(weights, ConvertOptions(output=tmp_path / "out" / "model.keras",
                                                  reference=WHOLE.with_suffix(".npz")))
    assert result.status == "converted", result.error
    assert result.max_abs_diff is not None and result.max_abs_diff <= 1e-5
    assert result.architecture.endswith("model.h5")
