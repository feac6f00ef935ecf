"""The protobuf wire format, decoded as data: enough to read a SavedModel without TensorFlow.

A SavedModel's `keras_metadata.pb`, its checkpoint's object graph and the tensor bundle's index entries
are protobuf messages. Importing TensorFlow to parse them would make `inspect` cost seconds and pull a
framework into the reading side, so the few messages migrate needs are read here from the wire format
itself: a message is a list of (field number, wire type, value), and each reader picks its fields.
Nothing is generated from, or executed for, the bytes.
"""

from __future__ import annotations

import struct
from collections.abc import Iterator

from migrate.errors import MalformedFileError

VARINT, FIXED64, LENGTH, FIXED32 = 0, 1, 2, 5
MAX_VARINT_BYTES = 10

Field = tuple[int, int, int | bytes]


def read_varint(data: bytes, position: int) -> tuple[int, int]:
    """A base-128 varint at `position`: its value and the position after it."""
    value = shift = 0
    for index in range(position, min(position + MAX_VARINT_BYTES, len(data))):
        byte = data[index]
        value |= (byte & 0x7F) << shift
        if not byte & 0x80:
            return value, index + 1
        shift += 7
    raise MalformedFileError("a protobuf varint runs past its message")


def fields(data: bytes) -> Iterator[Field]:
    """Every field of one message, in the order written; groups (deprecated, never in these files) refused."""
    position = 0
    while position < len(data):
        key, position = read_varint(data, position)
        number, wire = key >> 3, key & 7
        if wire == VARINT:
            value, position = read_varint(data, position)
        elif wire == LENGTH:
            size, position = read_varint(data, position)
            if position + size > len(data):
                raise MalformedFileError("a protobuf field runs past its message")
            value, position = data[position:position + size], position + size
        elif wire in (FIXED64, FIXED32):
            width = 8 if wire == FIXED64 else 4
            if position + width > len(data):
                raise MalformedFileError("a protobuf field runs past its message")
            value = int.from_bytes(data[position:position + width], "little")
            position += width
        else:
            raise MalformedFileError(f"protobuf wire type {wire} is not one these files use")
        yield number, wire, value


def message(data: bytes) -> dict[int, list[int | bytes]]:
    """One message as field number -> every value it holds (repeated fields keep their order)."""
    found: dict[int, list[int | bytes]] = {}
    for number, _, value in fields(data):
        found.setdefault(number, []).append(value)
    return found


def first_int(found: dict[int, list[int | bytes]], number: int, default: int = 0) -> int:
    """A scalar integer field (the last value wins, as protobuf says); `default` when absent."""
    values = [value for value in found.get(number, ()) if isinstance(value, int)]
    return values[-1] if values else default


def signed64(value: int) -> int:
    """An int64 written as a varint (two's complement over 64 bits) back to its sign."""
    return value - (1 << 64) if value >= 1 << 63 else value


def first_bytes(found: dict[int, list[int | bytes]], number: int) -> bytes:
    """A scalar bytes/string/message field; empty when absent."""
    values = [value for value in found.get(number, ()) if isinstance(value, bytes)]
    return values[-1] if values else b""


def all_bytes(found: dict[int, list[int | bytes]], number: int) -> list[bytes]:
    """A repeated message or string field, in order."""
    return [value for value in found.get(number, ()) if isinstance(value, bytes)]


def text(value: bytes, what: str) -> str:
    """A protobuf string field as str."""
    try:
        return value.decode("utf-8")
    except UnicodeDecodeError:
        raise MalformedFileError(f"{what} is not UTF-8 text") from None


def unpack_fixed32(data: bytes, position: int) -> int:
    """A little-endian uint32 (the SSTable's restart offsets and counts)."""
    if position < 0 or position + 4 > len(data):
        raise MalformedFileError("a table block is truncated")
    return struct.unpack_from("<I", data, position)[0]
