"""Atomic, memory-lean writes: stage in a private folder beside the destination, check, then rename.

A crash at any moment leaves the previous state or the complete new file, never a partial one: the
staging folder carries a `.migrate-tmp` marker (Keras' own temporary files land inside it too), so a
later run recognises and removes strays (`remove_stray_staging`).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

TEMP_MARKER = ".migrate-tmp"
STREAM_ABOVE_BYTES = 64 * 2**20


@contextmanager
def staging(destination: Path) -> Iterator[Path]:
    """A private folder beside `destination` (same filesystem, so the final rename is atomic)."""
    destination.parent.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix=f".{destination.name}.", suffix=TEMP_MARKER, dir=destination.parent))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def publish(staged: Path, destination: Path) -> None:
    """Move a checked file (atomic rename) or folder (replacing what was there) into place."""
    if staged.is_dir():
        if destination.exists():
            shutil.rmtree(destination)
        shutil.move(str(staged), str(destination))
        return
    os.replace(staged, destination)


def remove_stray_staging(folder: Path) -> list[Path]:
    """Delete staging folders a killed run left under `folder`; the paths removed."""
    strays = [path for path in folder.rglob(f"*{TEMP_MARKER}*") if path.exists()]
    for path in strays:
        shutil.rmtree(path, ignore_errors=True) if path.is_dir() else path.unlink(missing_ok=True)
    return strays


@contextmanager
def keras_streams_large_weights() -> Iterator[None]:
    """Make Keras 3 stream weights through a file instead of holding them in memory, for large models.

    Keras decides with `saving_lib.is_memory_sufficient`, which says yes whenever RAM is free, and then
    keeps two in-memory copies of the whole weights file while saving or loading. Above 64 MiB we take
    its disk path (its temporary file lands in our staging folder). If Keras renames the hook, this
    does nothing and only memory use suffers.
    """
    try:
        from keras.src.saving import saving_lib
    except ImportError:
        yield
        return
    original = getattr(saving_lib, "is_memory_sufficient", None)
    if original is None:
        yield
        return
    saving_lib.is_memory_sufficient = lambda model: saving_lib.weight_memory_size(model.variables) < STREAM_ABOVE_BYTES
    try:
        yield
    finally:
        saving_lib.is_memory_sufficient = original
