"""The zoo's report and manifest are the user's files: written with their umask, like any new file
(the temp files they are renamed from are 0600, which the reports used to keep)."""

from __future__ import annotations

import os
import stat

import pytest

from migrate.zoo.manifest import Manifest
from migrate.zoo.records import ModelRow
from migrate.zoo.report import build_report, write_reports


@pytest.mark.parametrize("umask, mode", [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_reports_and_manifest_follow_the_umask(tmp_path, umask, mode):
    previous = os.umask(umask)
    try:
        write_reports(tmp_path, build_report([ModelRow("a.h5", "failed", error="not HDF5")], 0.1))
        manifest = Manifest.load(tmp_path)
        manifest.save()
    finally:
        os.umask(previous)
    for name in ("report.json", "report.md", "report.html", manifest.path.name):
        assert stat.S_IMODE((tmp_path / name).stat().st_mode) == mode, name
    assert not [p for p in tmp_path.iterdir() if "migrate-tmp" in p.name]
