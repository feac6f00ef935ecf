"""`<stem>_lambdas.py`: the user Lambdas convert could not lift, each decoded from its bytecode (as data)
and written as Python for the user to review, port to keras.ops and pass back with `--lambda`.

migrate writes this file and never imports or runs it.
"""

from __future__ import annotations

import keyword
import re
from pathlib import Path
from typing import Any

from migrate.lift import disassembly, read_lambda
from migrate.lift.source import expression_source

HEADER = '''"""User Lambdas of {source} that migrate could not lift to built-in Keras 3 layers.

Each function was decoded from the file's bytecode as data (never run). Review it, write it with
keras.ops (Keras 3 has no keras.backend.mean and friends; most live on as keras.ops functions), then:

    migrate convert {source} {options}
"""

import math

import numpy as np
from keras import ops

K = ops  # keras.backend's functions mostly live on as keras.ops: check each call
'''


def stub_path(source: Path, destination: Path) -> Path:
    """Beside the output: `<source stem>_lambdas.py`."""
    return destination.parent / f"{source.stem}_lambdas.py"


def render_stubs(source: Path, lambdas: list[tuple[str, dict[str, Any], int, str]]) -> str:
    """The module text for (layer name, Lambda config, input count, why it was not lifted) entries."""
    names = [_identifier(name) for name, _, _, _ in lambdas]
    options = " ".join(f"--lambda {name}={source.stem}_lambdas:{ident}"
                       for (name, _, _, _), ident in zip(lambdas, names, strict=True))
    parts = [HEADER.format(source=source.name, options=options)]
    for (name, config, inputs, reason), ident in zip(lambdas, names, strict=True):
        parts.append(_function(name, ident, config, inputs, reason))
    return "".join(parts)


def _function(name: str, ident: str, config: dict[str, Any], inputs: int, reason: str) -> str:
    reading = read_lambda(config, inputs)
    lines = [f"\n\ndef {ident}(x):", f"    # Lambda '{name}': not lifted because {_comment(reason)}"]
    if reading.function is not None:
        lines.append(f"    # read from Python {reading.function.python} bytecode as: {_comment(reading.source or '')}")
        lines.append(f"    return {expression_source(reading.function.body, 'x', inputs)}")
        return "\n".join(lines) + "\n"
    listing = disassembly(config)
    if listing is not None:
        band, instructions = listing
        lines.append(f"    # its Python {band} bytecode, as instructions:")
        lines += [f"    #   {_comment(line)}" for line in instructions]
    lines.append(f"    raise NotImplementedError({name!r} + ': write this computation with keras.ops')")
    return "\n".join(lines) + "\n"


def _identifier(name: str) -> str:
    ident = re.sub(r"\W", "_", name)
    if not ident or ident[0].isdigit() or keyword.iskeyword(ident):
        ident = f"lambda_{ident}"
    return ident


def _comment(text: str) -> str:
    return text.replace("\n", " ")
