"""Lifting a user Lambda: its bytecode read as data (`decode`), evaluated over symbols (`interpret`)
into an expression (`ir`), shown back as source (`source`). Nothing here imports Keras or runs code
from the file; the lowering to built-in layers is `migrate/translate/lambdas.py`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from migrate.lift.decode import DecodedCode, code_blob, decodings
from migrate.lift.interpret import InputList, LiftError, Misread, interpret
from migrate.lift.ir import Input, LiftedFunction
from migrate.lift.source import function_source

__all__ = ["LambdaReading", "LiftedFunction", "read_lambda"]

_BANDS = {"2.7": "2.7", "3.3": "3.0-3.3", "3.5": "3.4-3.5", "3.7": "3.6-3.7", "3.8": "3.8-3.10", "3.9": "3.8-3.10",
          "3.10": "3.8-3.10", "3.11": "3.11", "3.12": "3.12", "3.13": "3.13"}


@dataclass(frozen=True)
class LambdaReading:
    """What a Lambda's stored function reads as: the function, or the reason it could not be read."""

    function: LiftedFunction | None
    reason: str | None

    @property
    def source(self) -> str | None:
        return function_source(self.function) if self.function else None


def read_lambda(config: dict[str, Any], inputs: int) -> LambdaReading:
    """Read a Lambda layer's function from its config, for a layer called on `inputs` tensors.

    Reading is a pure function of the stored function, its arguments and the input count, and plan,
    shape inference and rebuild each ask for it: it is read once per process (every candidate Python's
    decoding and interpretation cost a few milliseconds)."""
    keys = ("function", "function_type", "module", "arguments")
    try:
        key = json.dumps({k: config.get(k) for k in keys}, sort_keys=True)
    except (TypeError, ValueError):
        return _read(config, inputs)
    return _read_once(key, inputs)


@lru_cache(maxsize=4096)
def _read_once(key: str, inputs: int) -> LambdaReading:
    return _read(json.loads(key), inputs)


def _read(config: dict[str, Any], inputs: int) -> LambdaReading:
    if config.get("function_type") == "function" or isinstance(config.get("function"), str) and \
            config.get("function_type") != "lambda":
        return LambdaReading(None, f"it names the function {config.get('function')!r} of module "
                                   f"{config.get('module')!r}; the file holds no code for it")
    blob = code_blob(config)
    if blob is None:
        return LambdaReading(None, "it holds no readable code")
    readings: dict[str, tuple[LiftedFunction, list[str]]] = {}  # by repr: slices are unhashable before 3.12
    refusals: list[tuple[bool, str]] = []  # (this Python's tables do not fit the code, why)
    for decoded in decodings(blob):
        if isinstance(decoded, str):
            refusals.append((True, decoded))
            continue
        try:
            function = _interpret(decoded, config, inputs)
        except LiftError as exc:
            refusals.append((isinstance(exc, Misread), str(exc)))
            continue
        except (IndexError, KeyError, TypeError, ValueError, AttributeError, RecursionError) as exc:
            # untrusted bytes decoded by tables that do not fit them: a misreading, never a traceback
            refusals.append((True, f"its bytecode does not hang together as Python {decoded.python}'s "
                                   f"({type(exc).__name__})"))
            continue
        readings.setdefault(repr((function.params, function.body)), (function, []))[1].append(decoded.python)
    if len(readings) > 1:
        pythons = " and ".join("/".join(found) for _, found in readings.values())
        return LambdaReading(None, f"its bytecode reads differently as Python {pythons}; migrate will not guess")
    if not readings:  # the reason of the likeliest Python: the first whose tables fit the code
        refusals.sort(key=lambda refusal: refusal[0])
        return LambdaReading(None, refusals[0][1] if refusals else "it holds no readable code")
    ((function, pythons),) = readings.values()
    bands = sorted({_BANDS.get(python, python) for python in pythons})
    return LambdaReading(LiftedFunction(function.params, function.inputs, function.body, ", ".join(bands),
                                        function.name), None)


def _interpret(code: DecodedCode, config: dict[str, Any], inputs: int) -> LiftedFunction:
    params = code.varnames[:code.argcount]
    if not params:
        raise LiftError("its function takes no argument")
    bindings = {params[0]: Input(0) if inputs == 1 else InputList(inputs)}
    bindings.update(_other_parameters(params[1:], config))
    function = config.get("function")
    closure = function[2] if isinstance(function, list) and len(function) > 2 and function[2] else []
    body = interpret(code, bindings, list(closure) if isinstance(closure, list) else [])
    return LiftedFunction(params[:1], inputs, body, code.python, code.name)


def _other_parameters(names: tuple[str, ...], config: dict[str, Any]) -> dict[str, Any]:
    """Parameters after the first: Keras passed `arguments` as keywords; the rest take their defaults."""
    arguments = config.get("arguments") if isinstance(config.get("arguments"), dict) else {}
    function = config.get("function")
    defaults = function[1] if isinstance(function, list) and len(function) > 1 and function[1] else []
    defaults = list(defaults) if isinstance(defaults, list) else []
    values: dict[str, Any] = {}
    for position, name in enumerate(names):
        from_end = len(names) - position
        if name in arguments:
            values[name] = _constant(arguments[name])
        elif from_end <= len(defaults):
            values[name] = _constant(defaults[len(defaults) - from_end])
        elif name == "mask":
            values[name] = None
        else:
            raise LiftError(f"its parameter '{name}' has no value in the file (no argument, no default)")
    return values


def _constant(value: Any) -> Any:
    return tuple(_constant(item) for item in value) if isinstance(value, list) else value


def disassembly(config: dict[str, Any]) -> tuple[str, list[str]] | None:
    """The most likely Python's reading of a Lambda's code as an instruction listing (for the user to
    port by hand when it could not be read as an expression); None when no Python reads it."""
    blob = code_blob(config)
    for decoded in decodings(blob) if blob else ():
        if isinstance(decoded, DecodedCode):
            lines = [f"{ins.offset:4d} {ins.opname} {_shown(ins)}".rstrip() for ins in decoded.instructions]
            return _BANDS.get(decoded.python, decoded.python), lines
    return None


def _shown(ins: Any) -> str:
    text = ins.argrepr or ("" if ins.argval is None else repr(ins.argval))
    return text.replace("\n", " ")[:80]
