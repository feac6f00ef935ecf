"""The zoo finds every container: `.keras` files whatever they hold, and SavedModel directories, each one
model (its `variables/` never a model of its own)."""

from __future__ import annotations

import shutil
from pathlib import Path

from migrate.zoo.discover import find_jobs
from migrate.zoo.manifest import fingerprint
from tests.conftest import sample

FIXTURES = Path(__file__).parent.parent / "read" / "containers"


def tree(root: Path) -> Path:
    """A folder of the containers a user's model folder holds, two of them with the same stem."""
    (root / "exports" / "v1").mkdir(parents=True)
    shutil.copytree(FIXTURES / "tfkeras_savedmodel", root / "exports" / "v1" / "saved_model")
    shutil.copy(FIXTURES / "tfkeras_nested.keras", root / "model.keras")
    shutil.copy(sample("k231_nested3.h5"), root / "model.h5")
    shutil.copy(sample("k231_nested3.h5"), root / "tf212_hdf5.keras")
    (root / "notes.txt").write_text("not a model")
    return root


def test_savedmodels_count_as_one_model_and_keras_files_are_found(tmp_path):
    jobs = find_jobs(tree(tmp_path / "src"), tmp_path / "out")
    assert [job.relative for job in jobs] == ["exports/v1/saved_model", "model.h5", "model.keras", "tf212_hdf5.keras"]
    outputs = [job.output.relative_to(tmp_path / "out").as_posix() for job in jobs]
    assert outputs == ["exports/v1/saved_model.keras", "model.keras", "model.keras.keras", "tf212_hdf5.keras"]


def test_a_savedmodel_folder_keeps_every_dot_of_its_name(tmp_path):
    # ConJones/TetrisDQN saved its agents as `agent_no_conv_big_delta_state+1080_TR1308.0`
    root = tmp_path / "src"
    for name in ("agent+1080_TR1308.0", "agent+1080_TR1308.5"):
        shutil.copytree(FIXTURES / "tfkeras_savedmodel", root / name)
    outputs = [job.output.name for job in find_jobs(root, tmp_path / "out")]
    assert outputs == ["agent+1080_TR1308.0.keras", "agent+1080_TR1308.5.keras"]


def test_a_savedmodel_directory_has_a_fingerprint_of_its_files(tmp_path):
    folder = tree(tmp_path / "src") / "exports" / "v1" / "saved_model"
    before = fingerprint(folder)
    (folder / "variables" / "variables.index").write_bytes(b"changed")
    assert fingerprint(folder)["sha256"] != before["sha256"]
