"""Shared fixtures: the real legacy files in sample_models/ and, when present, ../shared/real_models/."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import settings

# What `migrate.rebuild.runtime.start_keras()` sets before TensorFlow starts: tests may import Keras first.
from migrate.rebuild.runtime import ENVIRONMENT

for _key, _value in ENVIRONMENT.items():
    if _key != "TF_CPP_MIN_LOG_LEVEL":
        os.environ.setdefault(_key, _value)

# Every run explores the same examples, wherever it runs: the suite passes or fails the same way on a
# newcomer's machine as in CI, with no environment variable (tests/test_no_ci_switch.py keeps it so).
# A hunt for new failing inputs draws fresh examples: `--hypothesis-profile explore` (or `deep`, far more).
settings.register_profile("default", max_examples=60, derandomize=True, print_blob=True)
settings.register_profile("explore", max_examples=60, print_blob=True)
settings.register_profile("deep", max_examples=2000, print_blob=True)
settings.load_profile("default")

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_models"
REAL = ROOT.parent / "shared" / "real_models"
SAMPLE_ROWS = json.loads((SAMPLES / "samples.json").read_text())
# The samples that exist to be refused live apart (refused_models/), so the Quickstart's zoo run is green.
SAMPLE_FOLDERS = {Path(row["file"]).stem: row.get("folder", ".") for row in SAMPLE_ROWS}
REAL_FILES = sorted(REAL.glob("*.h5")) if REAL.is_dir() else []


def sample(name: str) -> Path:
    """A sample file (or its .npz / .json beside it), in sample_models/ or, for the refused ones, refused_models/."""
    return (SAMPLES / SAMPLE_FOLDERS.get(Path(name).stem, ".") / name).resolve()


def sample_params(predicate=lambda row: True):
    """pytest params over samples.json rows, each named by its file."""
    return [pytest.param(row, id=row["file"]) for row in SAMPLE_ROWS if predicate(row)]


def real_params():
    """pytest params over the real-model corpus; one param, skipped, when it is absent."""
    if not REAL_FILES:
        return [pytest.param(None, marks=pytest.mark.real_corpus, id="no-corpus")]
    return [pytest.param(path, id=path.name) for path in REAL_FILES]


def real(name: str) -> Path:
    path = REAL / name
    if not path.exists():
        skip_without_corpus()
    return path


CORPUS_ABSENT = ("../shared/real_models (the corpus of real legacy files from public projects, see its "
                 "MANIFEST.md) is absent beside this checkout: its conformance tests did not run")


def skip_without_corpus() -> None:
    """Every corpus skip raised from this one line, so the summary says it once, with the count."""
    pytest.skip(CORPUS_ABSENT)


def pytest_configure(config):
    config.addinivalue_line("markers", "real_corpus: needs ../shared/real_models")


def pytest_runtest_setup(item):
    if item.get_closest_marker("real_corpus") is not None and not REAL_FILES:
        skip_without_corpus()


def reference_for(path: Path) -> Path | None:
    """The reference bundle of a sample (beside it) or of a real model (in refs/): what convert finds."""
    from migrate.verify import sidecar_reference

    return sidecar_reference(path)
