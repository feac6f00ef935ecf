"""Pair a weights-only file with an architecture found in its tree by content, not by name.

People saved `model.to_json()` as `model.json` beside `weights.h5`, or kept a whole-model `.h5` of the
same network next to its checkpoints; `<stem>.json` finds neither. Any `.json` holding a Keras model
config, and any `.h5`/`.keras` whole-model file, is a candidate; the one whose layer names and widths fit
the checkpoint (`checkpoint.fits`) is its architecture. Files are read as data only.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from migrate.errors import MigrateError
from migrate.read.architecture import read_architecture
from migrate.recover.checkpoint import Checkpoint, fits

SUFFIXES = (".json", ".h5", ".hdf5", ".keras")
SKIPPED_FOLDERS = {".git", "node_modules", "__pycache__", ".venv", "venv", "site-packages"}
MAX_CANDIDATES = 200  # a tree with more architecture-looking files than this is not a model's folder
MAX_CANDIDATE_BYTES = 256 * 2**20
MAX_DEPTH = 4


def candidate_files(tree: Path, weights: Path) -> Iterator[Path]:
    """Architecture-looking files under `tree`, nearest to the weights file first (its own folder, then
    the folders sharing the longest path with it, shallowest first), never the weights file itself: in a
    zoo of many projects, the weights' own project is searched before any other."""
    found = [path for path in _walk(tree) if path.suffix.lower() in SUFFIXES and path.resolve() != weights.resolve()]
    near = weights.resolve().parent
    found.sort(key=lambda path: (path.resolve().parent != near, -_shared_parts(path.resolve().parent, near),
                                 len(path.parts), str(path)))
    yield from found[:MAX_CANDIDATES]


def _shared_parts(folder: Path, near: Path) -> int:
    """How many leading path parts two folders share."""
    count = 0
    for mine, theirs in zip(folder.parts, near.parts, strict=False):
        if mine != theirs:
            break
        count += 1
    return count


def _walk(tree: Path, depth: int = 0) -> Iterator[Path]:
    """Files under `tree`, at most MAX_DEPTH folders down, skipping version-control and environment
    folders: convert looks in the weights file's own folder, which may be anyone's home."""
    if tree.is_file():
        yield tree
        return
    try:
        entries = sorted(tree.iterdir())
    except OSError:
        return
    for path in entries:
        if path.is_dir() and not path.is_symlink() and path.name not in SKIPPED_FOLDERS and depth < MAX_DEPTH:
            yield from _walk(path, depth + 1)
        elif path.is_file() and path.stat().st_size <= MAX_CANDIDATE_BYTES:
            yield path


def paired_architecture(tree: Path, weights: Path, checkpoint: Checkpoint) -> tuple[dict[str, Any], Path] | None:
    """The first architecture under `tree` that fits the checkpoint, and its path; None when none does."""
    for path in candidate_files(tree, weights):
        config = _config_of(path)
        if config is not None and fits(config, checkpoint):
            return config, path
    return None


def _config_of(path: Path) -> dict[str, Any] | None:
    """A candidate's model config; None for anything that is not one (most JSON files are not)."""
    try:
        return read_architecture(path)
    except (MigrateError, OSError):
        return None
