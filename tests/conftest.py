"""Shared fixtures: the real legacy files in sample_models/ and, when present, ../shared/real_models/."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import settings

# CI explores the same examples every run (reproducible); local runs draw new ones each time.
# `--hypothesis-profile deep` explores far more, for a hunt before a release.
settings.register_profile("default", max_examples=60)
settings.register_profile("ci", max_examples=60, derandomize=True, print_blob=True)
settings.register_profile("deep", max_examples=2000)
settings.load_profile("ci" if os.environ.get("CI") else "default")

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_models"
REAL = ROOT.parent / "shared" / "real_models"
SAMPLE_ROWS = json.loads((SAMPLES / "samples.json").read_text())
REAL_FILES = sorted(REAL.glob("*.h5")) if REAL.is_dir() else []


def sample(name: str) -> Path:
    return SAMPLES / name


def sample_params(predicate=lambda row: True):
    """pytest params over samples.json rows, each named by its file."""
    return [pytest.param(row, id=row["file"]) for row in SAMPLE_ROWS if predicate(row)]


def real_params():
    """pytest params over the real-model corpus; one skipped param when it is absent."""
    if not REAL_FILES:
        return [pytest.param(None, marks=pytest.mark.skip(reason="../shared/real_models is absent"))]
    return [pytest.param(path, id=path.name) for path in REAL_FILES]


def real(name: str) -> Path:
    path = REAL / name
    if not path.exists():
        pytest.skip("../shared/real_models is absent")
    return path


def reference_for(path: Path) -> Path | None:
    """The reference bundle of a sample (beside it) or of a real model (in refs/)."""
    for candidate in (path.with_suffix(".npz"), path.parent / "refs" / (path.stem + ".npz")):
        if candidate.exists():
            return candidate
    return None
