"""Lambdas saved on Windows: tf.keras's `func_dump` replaced every backslash byte (0x5c) of the marshalled
code with '/' (0x2f), meaning to fix the file path, and so changed every 0x5c of the bytecode with it:
Python 3.8-3.10's UNPACK_SEQUENCE (92) reads as 47, an opcode no table has, and `x, y = vect` stops
the reading. Keras's own loader never undid it (the code failed to run even on Windows).

The path gives the mangling away (`C:/Users/...`). Restoring an opcode byte is the only reading where
47 is no opcode and 92 is one; any other byte that could have been a backslash (an argument, a number,
a string the function uses) has two readings, and the function is refused rather than guessed.
"""

from __future__ import annotations

import struct
from typing import Any

SLASH, BACKSLASH = 0x2F, 0x5C


class AmbiguousCode(Exception):  # noqa: N818 - a reason to refuse, turned into one by decode.decodings
    """The mangled code has a byte that may have been a backslash, with no way to tell."""


def mangled_on_windows(code: Any) -> bool:
    """Whether the code's file path shows func_dump's replacement: a drive letter, then '/'."""
    path = str(getattr(code, "co_filename", "") or "")
    return len(path) > 2 and path[0].isascii() and path[0].isalpha() and path[1:3] == ":/"


def restored(code: Any, opc: Any, python: str) -> Any:
    """The code with its backslash opcodes put back; AmbiguousCode where another byte may have been one."""
    raw = bytes(code.co_code)
    if python.startswith("2.") or python in ("3.3", "3.5"):  # not wordcode: positions are not known here
        if SLASH not in raw and not any(_may_have_held_backslash(c) for c in code.co_consts[1:]):
            return code
        raise AmbiguousCode(f"it was saved on Windows, which changed its backslash bytes to '/'; Python {python}'s "
                            "bytecode cannot be restored unambiguously")
    fixed = bytearray(raw)
    for offset in range(0, len(raw) - 1, 2):  # wordcode: opcode, argument
        if raw[offset + 1] == SLASH:
            raise AmbiguousCode(f"it was saved on Windows, and the argument at offset {offset} may have been 47 or 92")
        if raw[offset] == SLASH:
            if _defined(opc, SLASH) or not _defined(opc, BACKSLASH):
                raise AmbiguousCode(f"it was saved on Windows, and the opcode at offset {offset} may have been 47 or 92")
            fixed[offset] = BACKSLASH
    reason = _ambiguous_consts(code, raw, opc)
    if reason:
        raise AmbiguousCode(f"it was saved on Windows, and {reason} may have held a backslash byte")
    return code.replace(co_code=bytes(fixed))


def _defined(opc: Any, number: int) -> bool:
    name = opc.opname[number] if number < len(opc.opname) else "<>"
    return not name.startswith("<")


def _ambiguous_consts(code: Any, raw: bytes, opc: Any) -> str | None:
    """The first constant the function loads whose marshalled bytes may have held a 0x5c, or None.
    A constant it never loads (a docstring) does not matter."""
    load, extended = opc.opmap.get("LOAD_CONST"), opc.opmap.get("EXTENDED_ARG")
    opcodes = raw[0::2]
    loaded = range(len(code.co_consts)) if extended in opcodes else \
        {raw[offset + 1] for offset in range(0, len(raw) - 1, 2) if raw[offset] == load}
    for index in sorted(loaded):
        if index < len(code.co_consts) and _may_have_held_backslash(code.co_consts[index]):
            return f"its constant {code.co_consts[index]!r}"
    return None


def _may_have_held_backslash(value: Any) -> bool:
    if isinstance(value, bool) or value is None:
        return False
    if isinstance(value, (tuple, list, frozenset)):
        return any(_may_have_held_backslash(item) for item in value)
    if isinstance(value, str):
        return "/" in value
    if isinstance(value, bytes):
        return SLASH in value
    if isinstance(value, int):
        return SLASH in value.to_bytes(max(4, (value.bit_length() + 8) // 8), "little", signed=True)
    if isinstance(value, float):
        return SLASH in struct.pack("<d", value)
    return False
