"""A Lambda's marshalled code, read as data with xdis: never `marshal.loads`, never executed.

The code object's header tells the band of Pythons that wrote it (see `unwrap.lambdas.bytecode_python`),
not the exact one, and opcode tables differ inside a band (3.6 wordcode vs 3.5's three-byte
instructions, 3.11 vs 3.12 vs 3.13 numbering, 3.10's instruction-indexed jumps). So every Python the
header admits is tried, and a reading is accepted only where those that succeed agree: the caller
interprets each candidate and keeps the unambiguous result (`lift.lift_function`).
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from migrate.lift.windows import AmbiguousCode, mangled_on_windows, restored

MAX_BLOB_BYTES = 1 << 20  # a Lambda's code is a few hundred bytes; anything this large is not one
_MARSHAL_CODE = 0x63  # 'c'
_MARSHAL_BYTES = 0x73  # 's'

# Header layout (4-byte ints before the bytecode string, marshal's ref flag) -> Pythons to try, most likely first.
_CANDIDATES = {
    (4, False): ("2.7",),
    (5, True): ("3.7", "3.5", "3.11", "3.12", "3.13"),
    (5, False): ("3.3",),
    (6, True): ("3.8", "3.9", "3.10"),
}


@dataclass(frozen=True)
class Instruction:
    """One instruction, as version-neutral data: the opcode's name, its raw argument and xdis's reading of it."""

    offset: int
    opname: str
    arg: int | None
    argval: Any
    argrepr: str = ""


@dataclass(frozen=True)
class DecodedCode:
    """A code object read by one Python's tables: names, constants and instructions, all plain data."""

    python: str
    name: str
    argcount: int
    varnames: tuple[str, ...]
    freevars: tuple[str, ...]
    consts: tuple[Any, ...]
    instructions: tuple[Instruction, ...]


def code_blob(config: dict[str, Any]) -> bytes | None:
    """The raw bytes of a Lambda's marshalled code, as bytes only; None when it holds no bytecode."""
    if config.get("function_type") != "lambda":
        return None
    function = config.get("function")
    text = function[0] if isinstance(function, list) and function else function
    if not isinstance(text, str):
        return None
    try:  # Keras 2: base64 of the marshal bytes
        return base64.b64decode("".join(text.split()), validate=True)
    except (binascii.Error, ValueError):
        pass
    try:  # Keras 1: the marshal bytes as raw_unicode_escape text
        return text.encode("raw_unicode_escape")
    except UnicodeEncodeError:
        return None


def candidate_pythons(blob: bytes) -> tuple[str, ...]:
    """The Pythons whose marshal layout fits the blob's header (empty when it is no code object).

    3.4-3.7 and 3.11+ share a header; their first opcode tells them apart. Every 3.11+ function opens with
    RESUME, COPY_FREE_VARS or MAKE_CELL (151, 149, 135 in 3.11-3.12; 149, 62, 94 in 3.13), numbers no
    3.4-3.7 function can open with (they need a stack), except 135, which is 3.7's LOAD_CLOSURE: then all.
    """
    if len(blob) < 30 or blob[0] & 0x7F != _MARSHAL_CODE:
        return ()
    for ints in (4, 5, 6):
        if blob[1 + 4 * ints] & 0x7F == _MARSHAL_BYTES:
            candidates = _CANDIDATES.get((ints, bool(blob[0] & 0x80)), ())
            first = blob[1 + 4 * ints + 5] if len(blob) > 6 + 4 * ints else None
            if ints == 5 and first != 135 and "3.11" in candidates:
                modern = first in (151, 149, 62, 94)
                candidates = tuple(c for c in candidates if (c in ("3.11", "3.12", "3.13")) == modern)
            return candidates
    return ()


def decodings(blob: bytes) -> Iterator[DecodedCode | str]:
    """Each candidate Python's reading of the blob, or the reason that Python could not read it."""
    if len(blob) > MAX_BLOB_BYTES:
        yield f"its code is {len(blob):,} bytes, more than any Lambda's"
        return
    pythons = candidate_pythons(blob)
    if not pythons:
        yield "its code is not a marshalled Python code object"
    loaded: dict[str, Any] = {}  # Pythons of one marshal layout share one unmarshalling
    for python in pythons:
        try:
            yield _decode(blob, python, loaded)
        except AmbiguousCode as exc:
            yield str(exc)
        except Exception as exc:  # noqa: BLE001 - xdis parsing untrusted bytes may fail in any way; that is a refusal
            yield f"not readable as Python {python} bytecode ({type(exc).__name__})"


# Pythons whose code objects marshal alike (only their opcode tables differ), by the one that unmarshals them.
_SAME_LAYOUT = {"3.5": "3.7", "3.9": "3.8", "3.10": "3.8"}


def _decode(blob: bytes, python: str, loaded: dict[str, Any]) -> DecodedCode:
    # xdis loads the opcode tables of every Python it knows (60 ms): imported when a Lambda is first read,
    # so that --help and the errors found before any Lambda is read stay fast.
    from xdis.bytecode import Bytecode
    from xdis.magics import by_version, magic2int
    from xdis.op_imports import get_opcode_module
    from xdis.unmarshal import load_code
    from xdis.version_info import PythonImplementation

    layout = _SAME_LAYOUT.get(python, python)
    if layout not in loaded:
        loaded[layout] = load_code(blob, magic2int(by_version[layout]))
    code = loaded[layout]
    version = tuple(int(part) for part in python.split("."))
    opc = get_opcode_module(version, PythonImplementation.CPython)
    if mangled_on_windows(code):
        code = restored(code, opc, python)
    instructions = tuple(Instruction(ins.offset, ins.opname, ins.arg, ins.argval, str(ins.argrepr or ""))
                         for ins in Bytecode(code, opc).get_instructions(code))
    return DecodedCode(
        python=python, name=str(code.co_name), argcount=int(code.co_argcount),
        varnames=tuple(str(name) for name in code.co_varnames), freevars=_freevars(code),
        consts=tuple(code.co_consts), instructions=instructions,
    )


def _freevars(code: Any) -> tuple[str, ...]:
    """The closure's names in closure order (3.11+ keeps them at the end of co_localsplusnames).

    xdis 6.3 reports a 3.0-3.10 code object's free variables as `co_cellvars` (marshal stores them
    first). A Lambda has no cells of its own (it defines no inner function), so whichever of the two
    is filled is its closure; when both are, the order is unknowable and no closure is read.
    """
    kinds, plus = getattr(code, "co_localspluskinds", None), getattr(code, "co_localsplusnames", None)
    if kinds and plus:
        return tuple(str(name) for name, kind in zip(plus, kinds, strict=False) if kind & 0x80)  # CO_FAST_FREE
    free, cells = tuple(getattr(code, "co_freevars", ()) or ()), tuple(getattr(code, "co_cellvars", ()) or ())
    return tuple(str(name) for name in (free or cells)) if not (free and cells) else ()
