"""Where a conversion writes before its checks pass: a marked file beside the destination for a small model saved
alone, a private folder when Keras or the exporters write beside it; nothing left behind, the user's umask kept."""

from __future__ import annotations

import os
import stat

import pytest

from migrate.errors import MigrateError
from migrate.save import TEMP_MARKER, StagingArea, remove_stray_staging, staging_area
from tests.conftest import sample


def test_a_staging_area_makes_its_folder_only_when_asked_and_leaves_nothing(tmp_path):
    destination = tmp_path / "m.keras"
    with staging_area(destination) as area:
        staged = area.file(".keras")
        assert staged.parent == tmp_path and TEMP_MARKER in staged.name and staged.name.endswith(".keras")
        assert [p.name for p in tmp_path.iterdir()] == [staged.name]  # no folder made for it
        folder = area.folder()
        assert area.folder() == folder and folder.is_dir() and TEMP_MARKER in folder.name
        (folder / "model.weights.h5").write_bytes(b"x")
    assert list(tmp_path.iterdir()) == []


def test_a_killed_runs_staged_file_is_recognised_as_a_stray(tmp_path):
    area = StagingArea(tmp_path / "m.keras")
    left = area.file(".keras")  # never removed: as if the process had been killed
    assert remove_stray_staging(tmp_path) == [left] and list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(("umask", "mode"), [(0o022, 0o644), (0o077, 0o600)])
def test_a_small_conversion_is_staged_in_a_file_and_published_with_the_users_umask(tmp_path, monkeypatch, umask,
                                                                                  mode):
    from migrate.convert import ConvertOptions, convert_file

    folders = []
    made = StagingArea.folder
    monkeypatch.setattr(StagingArea, "folder", lambda self: folders.append(1) or made(self))
    previous = os.umask(umask)
    try:
        result = convert_file(sample("k231_mgpu2_mlp_adam.h5"), ConvertOptions(output=tmp_path / "m.keras"))
    finally:
        os.umask(previous)
    assert result.status == "converted", result.error
    assert folders == []  # a small model saved alone: no staging folder to make and remove
    assert [p.name for p in tmp_path.iterdir()] == ["m.keras"]
    assert stat.S_IMODE((tmp_path / "m.keras").stat().st_mode) == mode


def test_a_conversion_that_fails_its_check_leaves_no_staged_file(tmp_path):
    from migrate.convert import ConvertOptions, convert

    with pytest.raises(MigrateError):
        convert(sample("k231_mgpu2_mlp_adam.h5"), ConvertOptions(output=tmp_path / "m.keras",
                                                                 reference=sample("k231_mgpu3_multi_io.npz")))
    assert list(tmp_path.iterdir()) == []
