"""A zoo as users have them: real sample models in subfolders, copies, and the files that break."""

from __future__ import annotations

import shutil

import h5py
import pytest

from tests.conftest import SAMPLES

PICK = ["k231_mgpu2_mlp_adam", "k231_nested3", "tfk23_plain_functional", "k224_plain_sequential"]


@pytest.fixture
def zoo(tmp_path):
    src = tmp_path / "zoo"
    (src / "team_a" / "2018").mkdir(parents=True)
    (src / "team_b").mkdir()
    for name in PICK:
        shutil.copy(SAMPLES / f"{name}.h5", src / "team_a" / f"{name}.h5")
    shutil.copy(SAMPLES / "k231_mgpu2_mlp_adam.h5", src / "team_a" / "2018" / "copy_of_mlp.hdf5")
    shutil.copy(SAMPLES / "k231_weights_only.h5", src / "team_b" / "ckpt.h5")
    shutil.copy(SAMPLES / "k231_weights_only.json", src / "team_b" / "ckpt.json")
    shutil.copy(SAMPLES / "k231_checkpoint_weights.h5", src / "team_b" / "orphan_weights.h5")
    data = (SAMPLES / "k231_plain_functional.h5").read_bytes()
    (src / "team_b" / "corrupt.h5").write_bytes(data[: len(data) // 2])
    with h5py.File(src / "team_b" / "not_keras.h5", "w") as h5:
        h5["x"] = [1, 2, 3]
    (src / "team_b" / "notes.txt").write_text("not a model")
    return src
