"""What a written `.keras` zip holds beside its model: the compile settings and the optimizer's saved state.

Read with zipfile, json and h5py (no Keras), so the reload check can load the model stock without compiling
it and judge the training part from the file itself (rebuild/pipeline.py says why that is the same proof).
"""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path
from typing import Any

import h5py

from migrate.errors import VerificationError
from migrate.verify.checks import digest_array

CONFIG = "config.json"
WEIGHTS = "model.weights.h5"
OPTIMIZER_VARIABLES = "optimizer/vars"


def compile_config_in(path: Path) -> dict[str, Any] | None:
    """The compile settings the written file carries (what stock `load_model` compiles with), or None."""
    with zipfile.ZipFile(path) as archive:
        config = json.loads(archive.read(CONFIG))
    return config.get("compile_config") or None


def optimizer_digests_in(path: Path) -> tuple[str, ...]:
    """The digest of each optimizer variable the written file saved, in the order stock Keras restores them
    (`optimizer/vars/0`, `1`, ...); reads those datasets alone, never the model's weights."""
    with zipfile.ZipFile(path) as archive, _member(path, archive, WEIGHTS) as raw, h5py.File(raw, "r") as h5:
        group = h5.get(OPTIMIZER_VARIABLES)
        if group is None:
            return ()
        names = sorted(group, key=lambda name: int(name) if name.isdigit() else -1)
        if any(not name.isdigit() for name in names) or names != [str(i) for i in range(len(names))]:
            raise VerificationError(f"the written file's optimizer variables are not numbered 0..n: {names[:5]}")
        return tuple(digest_array(group[name][()]) for name in names)


def _member(path: Path, archive: zipfile.ZipFile, name: str) -> io.RawIOBase:
    """A seekable view of one member: straight onto the zip's bytes when it is stored uncompressed (how Keras
    writes it), so h5py reads only what it asks for; otherwise the member read into memory."""
    try:
        info = archive.getinfo(name)
    except KeyError:
        raise VerificationError(f"the written file has no {name}") from None
    if info.compress_type != zipfile.ZIP_STORED:
        return io.BytesIO(archive.read(name))
    with open(path, "rb") as handle:
        handle.seek(info.header_offset)
        header = handle.read(30)
    if header[:4] != b"PK\x03\x04":
        raise VerificationError(f"the written file's {name} has no local header")
    start = info.header_offset + 30 + int.from_bytes(header[26:28], "little") + int.from_bytes(header[28:30], "little")
    return _Slice(path, start, info.file_size)


class _Slice(io.RawIOBase):
    """Bytes [start, start + size) of a file, as a read-only seekable file of their own."""

    def __init__(self, path: Path, start: int, size: int) -> None:
        super().__init__()
        self._file = open(path, "rb")  # noqa: SIM115 (closed with the slice)
        self._start, self._size, self._position = start, size, 0

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def tell(self) -> int:
        return self._position

    def seek(self, offset: int, whence: int = io.SEEK_SET) -> int:
        base = {io.SEEK_SET: 0, io.SEEK_CUR: self._position, io.SEEK_END: self._size}[whence]
        self._position = max(0, base + offset)
        return self._position

    def readinto(self, buffer: Any) -> int:
        count = max(0, min(len(buffer), self._size - self._position))
        self._file.seek(self._start + self._position)
        read = self._file.readinto(memoryview(buffer)[:count])
        self._position += read
        return read

    def close(self) -> None:
        self._file.close()
        super().close()
