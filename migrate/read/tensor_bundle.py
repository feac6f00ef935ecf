"""A TensorFlow checkpoint (`variables/variables.index` + `variables.data-*`), read in pure Python.

The index is a LevelDB-style SSTable: data blocks of prefix-compressed key/value entries (each block
followed by a 5-byte trailer), an index block of key -> block handle, and a 48-byte footer ending in
a fixed magic number. Each value is a `BundleEntryProto` (dtype, shape, shard, offset, size); the
empty key holds the bundle header. Tensors are raw little-endian bytes in the data shards. Reading it
here keeps TensorFlow out of `inspect`; tensors come back as read-only memory maps, so a large
checkpoint is never loaded whole.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from migrate.errors import MalformedFileError, UnsupportedModelError
from migrate.read.protobuf import all_bytes, first_int, message, read_varint, signed64, unpack_fixed32

TABLE_MAGIC = 0xDB4775248B80FB57
FOOTER_BYTES = 48
BLOCK_TRAILER_BYTES = 5
MAX_INDEX_BYTES = 256 * 2**20
# TensorFlow's DataType enum -> numpy; strings (7) are read separately, as bytes.
DTYPES = {1: "<f4", 2: "<f8", 3: "<i4", 4: "u1", 5: "<i2", 6: "i1", 9: "<i8", 10: "?", 17: "<u2", 19: "<f2",
          22: "<u4", 23: "<u8"}
STRING_DTYPE = 7


@dataclass(frozen=True)
class BundleEntry:
    """Where one tensor lives: its dtype code, shape, data shard and byte range."""

    key: str
    dtype: int
    shape: tuple[int, ...]
    shard: int
    offset: int
    size: int


def read_bundle_index(prefix: Path) -> dict[str, BundleEntry]:
    """Every tensor a checkpoint holds, by key, from `<prefix>.index`."""
    index = prefix.with_name(prefix.name + ".index")
    try:
        if index.stat().st_size > MAX_INDEX_BYTES:
            raise MalformedFileError(f"{index.name} is larger than 256 MiB")
        data = index.read_bytes()
    except FileNotFoundError:
        raise MalformedFileError(f"the checkpoint has no {index.name}") from None
    entries = {}
    for key, value in table_entries(data):
        if key:  # the empty key is the bundle header
            entries[key.decode("utf-8", "replace")] = _entry(key.decode("utf-8", "replace"), value)
    return entries


def table_entries(data: bytes) -> list[tuple[bytes, bytes]]:
    """Every key/value pair of an SSTable, in key order."""
    if len(data) < FOOTER_BYTES or int.from_bytes(data[-8:], "little") != TABLE_MAGIC:
        raise MalformedFileError("the checkpoint index is not an SSTable (no table magic in its footer)")
    footer = data[-FOOTER_BYTES:]
    _, position = _handle(footer, 0)  # the metaindex block: unused by tensor bundles
    index_offset, index_size = _handle(footer, position)[0]
    pairs = []
    for _, handle in _block_entries(_block(data, index_offset, index_size)):
        offset, size = _handle(handle, 0)[0]
        pairs += _block_entries(_block(data, offset, size))
    return pairs


def _handle(data: bytes, position: int) -> tuple[tuple[int, int], int]:
    """A block handle (varint offset, varint size) and the position after it."""
    offset, position = read_varint(data, position)
    size, position = read_varint(data, position)
    return (offset, size), position


def _block(data: bytes, offset: int, size: int) -> bytes:
    """One block's contents; its trailer names the compression, and bundles are written uncompressed."""
    end = offset + size
    if end + BLOCK_TRAILER_BYTES > len(data):
        raise MalformedFileError("a checkpoint index block runs past the file")
    if data[end] != 0:
        raise UnsupportedModelError(f"the checkpoint index uses block compression {data[end]}, which migrate does not read")
    return data[offset:end]


def _block_entries(block: bytes) -> list[tuple[bytes, bytes]]:
    """A block's entries, each key rebuilt from the prefix it shares with the one before."""
    restarts = unpack_fixed32(block, len(block) - 4)
    end = len(block) - 4 - 4 * restarts
    if end < 0:
        raise MalformedFileError("a checkpoint index block has an impossible restart count")
    entries, key, position = [], b"", 0
    while position < end:
        shared, position = read_varint(block, position)
        unshared, position = read_varint(block, position)
        size, position = read_varint(block, position)
        if shared > len(key) or position + unshared + size > end:
            raise MalformedFileError("a checkpoint index entry runs past its block")
        key = key[:shared] + block[position:position + unshared]
        position += unshared
        entries.append((key, block[position:position + size]))
        position += size
    return entries


def _entry(key: str, value: bytes) -> BundleEntry:
    """A BundleEntryProto: dtype 1, shape 2, shard_id 3, offset 4, size 5 (slices 7: partitioned, refused)."""
    found = message(value)
    if found.get(7):
        raise UnsupportedModelError(f"checkpoint tensor '{key}' is partitioned into slices, which migrate does not read")
    shape_fields = message(all_bytes(found, 2)[-1]) if all_bytes(found, 2) else {}
    dims = tuple(signed64(first_int(message(dim), 1)) for dim in all_bytes(shape_fields, 2))
    if any(d < 0 or d > 2**40 for d in dims):
        raise MalformedFileError(f"checkpoint tensor '{key}' has an impossible shape {dims}")
    return BundleEntry(key, first_int(found, 1), dims, first_int(found, 3), first_int(found, 4), first_int(found, 5))


def shard_path(prefix: Path, shard: int, shards: int) -> Path:
    """`variables.data-00000-of-00001`: the file holding a shard's bytes."""
    return prefix.with_name(f"{prefix.name}.data-{shard:05d}-of-{shards:05d}")


def shard_count(prefix: Path) -> int:
    """How many data shards the checkpoint was written in, read off their names."""
    names = sorted(prefix.parent.glob(f"{prefix.name}.data-*-of-*"))
    if not names:
        raise MalformedFileError(f"the checkpoint has no {prefix.name}.data-* file")
    return int(names[0].name.rsplit("-of-", 1)[1])


def read_tensor(prefix: Path, entry: BundleEntry, shards: int) -> np.ndarray:
    """A numeric tensor as a read-only memory map of its bytes in the data shard."""
    dtype = DTYPES.get(entry.dtype)
    if dtype is None:
        raise UnsupportedModelError(f"checkpoint tensor '{entry.key}' has TensorFlow dtype {entry.dtype}, "
                                    "which migrate does not read")
    count = int(np.prod(entry.shape, dtype=np.int64)) if entry.shape else 1
    if count * np.dtype(dtype).itemsize != entry.size:
        raise MalformedFileError(f"checkpoint tensor '{entry.key}' holds {entry.size} bytes, not {entry.shape} {dtype}")
    path = _checked_shard(prefix, entry, shards)
    if entry.size == 0:
        return np.zeros(entry.shape, dtype)
    return np.memmap(path, dtype=dtype, mode="r", offset=entry.offset, shape=entry.shape or (1,)).reshape(entry.shape)


def read_string(prefix: Path, entry: BundleEntry, shards: int) -> bytes:
    """A scalar string tensor: its varint length, a 4-byte checksum of the lengths, then the bytes."""
    if entry.dtype != STRING_DTYPE or entry.shape:
        raise MalformedFileError(f"checkpoint tensor '{entry.key}' is not a scalar string")
    with _checked_shard(prefix, entry, shards).open("rb") as stream:
        stream.seek(entry.offset)
        raw = stream.read(entry.size)
    length, position = read_varint(raw, 0)
    position += 4
    if position + length > len(raw):
        raise MalformedFileError(f"checkpoint string '{entry.key}' runs past its bytes")
    return raw[position:position + length]


def _checked_shard(prefix: Path, entry: BundleEntry, shards: int) -> Path:
    path = shard_path(prefix, entry.shard, shards)
    if not path.is_file():
        raise MalformedFileError(f"checkpoint tensor '{entry.key}' lives in {path.name}, which is missing")
    if entry.offset + entry.size > path.stat().st_size:
        raise MalformedFileError(f"checkpoint tensor '{entry.key}' runs past the end of {path.name}")
    return path
