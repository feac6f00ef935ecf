"""Which container a path is, told by its bytes and never by its suffix, and the reader for each.

Every reader turns its container into the same `LegacyFile` record; the rest of the pipeline never
asks which one it came from (`store.open_weights` reads weights back from any of them). A `.keras`
file that is HDF5 (TensorFlow 2.11-2.12 wrote those) is read as HDF5, and an `.h5` that is a zip as a
`.keras` zip. A new container is a matcher, a reader and one line in `READERS`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from migrate.errors import NotKerasFileError
from migrate.read.hdf5 import LegacyFile, read_legacy_file
from migrate.read.identify import TF_CHECKPOINT, describe_foreign, describe_zip
from migrate.read.keras_zip import is_keras_zip, read_keras_zip
from migrate.read.savedmodel import is_savedmodel, read_savedmodel

HDF5_MAGIC = b"\x89HDF\r\n\x1a\n"
ZIP_MAGIC = b"PK\x03\x04"
# HDF5 allows a user block before the superblock: the signature sits at 0, 512, 1024, 2048, ...
HDF5_OFFSETS = (0, 512, 1024, 2048, 4096, 8192)


def is_hdf5(path: Path) -> bool:
    """The HDF5 signature at offset 0 or at one of the user-block offsets."""
    try:
        with path.open("rb") as stream:
            for offset in HDF5_OFFSETS:
                stream.seek(offset)
                if stream.read(len(HDF5_MAGIC)) == HDF5_MAGIC:
                    return True
    except OSError:
        return False
    return False


def starts_with(path: Path, magic: bytes) -> bool:
    try:
        with path.open("rb") as stream:
            return stream.read(len(magic)) == magic
    except OSError:
        return False


def _is_zip_model(path: Path) -> bool:
    return path.is_file() and starts_with(path, ZIP_MAGIC) and is_keras_zip(path)


READERS: tuple[tuple[str, Callable[[Path], bool], Callable[[Path], LegacyFile]], ...] = (
    ("savedmodel", is_savedmodel, read_savedmodel),
    ("hdf5", lambda path: path.is_file() and is_hdf5(path), read_legacy_file),
    ("keras_zip", _is_zip_model, read_keras_zip),
)


def detect_container(path: str | Path) -> str | None:
    """'hdf5', 'keras_zip' or 'savedmodel' by content; None for anything else."""
    path = Path(path)
    return next((name for name, matches, _ in READERS if matches(path)), None)


def read_model_file(path: str | Path) -> LegacyFile:
    """Read any container migrate knows into a LegacyFile, or say what the path is instead."""
    path = Path(path)
    for _, matches, reader in READERS:
        if matches(path):
            return reader(path)
    if not path.exists():
        raise NotKerasFileError("no such file", path=str(path))
    if path.is_dir():
        raise NotKerasFileError(_describe_directory(path), path=str(path))
    if starts_with(path, ZIP_MAGIC):
        raise NotKerasFileError(describe_zip(path), path=str(path))
    return read_legacy_file(path)  # its own errors tell empty, truncated and foreign files apart (identify.py)


def _describe_directory(path: Path) -> str:
    """A folder that is not a SavedModel: a TensorFlow checkpoint's folder is told by its `.index` table."""
    if any(child.suffix == ".index" and describe_foreign(child) for child in path.iterdir()):
        return "a directory holding " + TF_CHECKPOINT
    return "a directory that is not a SavedModel (no saved_model.pb)"
