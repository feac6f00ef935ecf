"""`<stem>_lambdas.py`: the user Lambdas convert could not lift, each decoded from its bytecode (as data)
and written as Python for the user to review, port to keras.ops and pass back with `--lambda`.

migrate writes this file and never imports or runs it.
"""

from __future__ import annotations

import ast
import builtins
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


def module_name(source: Path) -> str:
    """`<stem>_lambdas` made a Python identifier: `my-model.v2.h5` must give a module `--lambda` can import."""
    return f"{_identifier(source.stem)}_lambdas"


def stub_path(source: Path, destination: Path) -> Path:
    """Beside the output: `<module_name>.py`."""
    return destination.parent / f"{module_name(source)}.py"


def render_stubs(source: Path, lambdas: list[tuple[str, dict[str, Any], int, str]]) -> str:
    """The module text for (layer name, Lambda config, input count, why it was not lifted) entries."""
    names = [_identifier(name) for name, _, _, _ in lambdas]
    options = " ".join(f"--lambda {name}={module_name(source)}:{ident}"
                       for (name, _, _, _), ident in zip(lambdas, names, strict=True))
    header = HEADER.format(source=source.name, options=options)
    functions = [_function(name, ident, config, inputs, reason)
                 for (name, config, inputs, reason), ident in zip(lambdas, names, strict=True)]
    return header + _aliases(header, functions) + "".join(functions)


def _aliases(header: str, functions: list[str]) -> str:
    """A binding for every module the decoded functions name that the header does not import (`tf.nn.relu`,
    `backend.mean`): the file must import and each function must at least resolve its names when called."""
    defined = _module_names(header) | {ident for text in functions for ident in _module_names(text)}
    used = sorted({name for text in functions for name in _free_names(text)} - defined - set(dir(builtins)))
    return "".join(f"{name} = ops  # '{name}' in the original code: check each call\n" for name in used)


def _module_names(text: str) -> set[str]:
    """The names a module's top level binds (imports, assignments, functions)."""
    names: set[str] = set()
    for node in ast.parse(text).body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            names |= {(alias.asname or alias.name).split(".")[0] for alias in node.names}
        elif isinstance(node, ast.Assign):
            names |= {target.id for target in node.targets if isinstance(target, ast.Name)}
        elif isinstance(node, ast.FunctionDef):
            names.add(node.name)
    return names


def _free_names(text: str) -> set[str]:
    """The names a function's body reads that are neither its parameters nor its own locals."""
    function = ast.parse(text).body[0]
    assert isinstance(function, ast.FunctionDef)
    local = {arg.arg for arg in function.args.args} | {
        node.id for node in ast.walk(function) if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store)}
    return {node.id for node in ast.walk(function)
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id not in local}


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
