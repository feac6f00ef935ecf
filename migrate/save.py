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


def write_text_atomically(path: Path, text: str) -> None:
    """Replace `path` with `text` through a temp file beside it: a kill at any moment leaves the old file
    or the new one. The file gets the permissions any new file of the user's gets (mkstemp's are 0600)."""
    handle, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_MARKER, dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.chmod(temp, 0o666 & ~_umask())
        os.replace(temp, path)
    finally:
        if os.path.exists(temp):
            os.unlink(temp)


def _umask() -> int:
    """The process umask (reading it means setting it, so it is set straight back)."""
    mask = os.umask(0)
    os.umask(mask)
    return mask


def remove_stray_staging(folder: Path) -> list[Path]:
    """Delete staging folders a killed run left under `folder`; the paths removed."""
    strays = [path for path in folder.rglob(f"*{TEMP_MARKER}*") if path.exists()]
    for path in strays:
        shutil.rmtree(path, ignore_errors=True) if path.is_dir() else path.unlink(missing_ok=True)
    return strays
