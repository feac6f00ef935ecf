"""Atomic writes: a temp file in the destination folder, checked, then renamed into place.

A crash at any moment leaves either the previous state or the complete new file, never a partial
one; temp files carry a `.migrate-tmp` marker so a later run can recognise and remove strays.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

TEMP_MARKER = ".migrate-tmp"


@contextmanager
def atomic_path(destination: Path, suffix: str) -> Iterator[Path]:
    """Yield a temp path beside `destination`; on success rename it into place, on failure remove it."""
    destination.parent.mkdir(parents=True, exist_ok=True)
    handle, name = tempfile.mkstemp(prefix=f".{destination.name}.", suffix=f"{TEMP_MARKER}{suffix}",
                                    dir=destination.parent)
    os.close(handle)
    temp = Path(name)
    try:
        yield temp
        os.replace(temp, destination)
    finally:
        if temp.exists():
            temp.unlink()


def save_model_atomically(model, destination: Path, weights_only: bool, check: Callable[[Path], None]) -> int:
    """Write `model` (or its weights) to `destination` through a checked temp file; the bytes written."""
    suffix = ".weights.h5" if weights_only else ".keras"
    with atomic_path(destination, suffix) as temp:
        if weights_only:
            model.save_weights(temp)
        else:
            model.save(temp)
            check(temp)
        size = temp.stat().st_size
    return size


def export_savedmodel_atomically(model, directory: Path) -> None:
    """`model.export` into a temp folder beside `directory`, then swap it into place."""
    directory.parent.mkdir(parents=True, exist_ok=True)
    temp = Path(tempfile.mkdtemp(prefix=f".{directory.name}.", suffix=TEMP_MARKER, dir=directory.parent))
    try:
        model.export(str(temp), verbose=False)
        if directory.exists():
            shutil.rmtree(directory)
        os.replace(temp, directory)
    finally:
        if temp.exists():
            shutil.rmtree(temp)
