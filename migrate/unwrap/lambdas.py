"""What a Lambda layer is, told from its config without running, unmarshalling or evaluating it.

A multi-GPU slicer is recognised by where it stands in the graph (see detect.py) and by its
arguments: `{i, parts}` (Keras' own `multi_gpu_model`), `{idx, parts}` and `{part, n_gpus}` (the
community `make_parallel` variants). Its code blob is only ever looked at as bytes: the plain
strings in a marshalled code object (`get_slice`) are a hint, and the header layout tells which
Python wrote it, which decides whether any Python here could even read it. A user Lambda's function is
read as data by `migrate.lift` and, where its input shapes are known, lowered (`translate.lambdas`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from migrate.errors import MigrateError
from migrate.graph import Graph, Layer
from migrate.graph.shapes import tensor_shapes
from migrate.lift import read_lambda
from migrate.lift.decode import candidate_pythons, code_blob
from migrate.translate.lambdas import lower

SLICE_ARGUMENT_KEYS = (("i", "parts"), ("idx", "parts"), ("part", "n_gpus"))


@dataclass(frozen=True)
class LambdaInfo:
    """A Lambda layer found anywhere in a model, and what it is."""

    layer: str
    path: tuple[str, ...]
    kind: str  # 'multi_gpu_slice' or 'user'
    function_type: str  # 'lambda' (marshalled bytecode), 'function' (a name), or 'unknown'
    function_name: str | None
    bytecode_python: str | None
    source: str | None = None  # a user Lambda's function, read from its bytecode and written as Python
    lifts_to: tuple[str, ...] | None = None  # the built-in forms it becomes, where its input shapes are known
    refusal: str | None = None  # why it cannot be lifted (None when it lifts, or the shapes decide at rebuild)

    @property
    def lifts(self) -> bool:
        return self.kind == "user" and self.refusal is None and self.source is not None


def slice_arguments(config: dict[str, Any]) -> tuple[int, int] | None:
    """(index, parts) when a Lambda's arguments are a slicer's, else None."""
    arguments = config.get("arguments")
    if not isinstance(arguments, dict):
        return None
    for index_key, parts_key in SLICE_ARGUMENT_KEYS:
        index, parts = arguments.get(index_key), arguments.get(parts_key)
        if set(arguments) == {index_key, parts_key} and _is_int(index) and _is_int(parts) and 0 <= index < parts:
            return index, parts
    return None


def classify_lambdas(graph: Graph, slicers: set[tuple[tuple[str, ...], str]],
                     path: tuple[str, ...] = ()) -> list[LambdaInfo]:
    """Every Lambda at every depth; those in `slicers` (path, name) were proven slicers by detect.py.
    User Lambdas are read (never run) and, where their input shapes are known, lowered."""
    path = (*path, graph.name)
    found = []
    for layer in graph.layers:
        if layer.model is not None:
            found += classify_lambdas(layer.model, slicers, path)
        if layer.class_name != "Lambda":
            continue
        blob = code_blob(layer.config)
        info = LambdaInfo(
            layer=layer.name,
            path=path,
            kind="multi_gpu_slice" if (path, layer.name) in slicers else "user",
            function_type=_function_type(layer.config),
            function_name=code_name(blob) if blob else _named_function(layer.config),
            bytecode_python=bytecode_python(blob) if blob else None,
        )
        found.append(_lifted(info, graph, layer) if info.kind == "user" else info)
    return found


def _lifted(info: LambdaInfo, graph: Graph, layer: Layer) -> LambdaInfo:
    """The Lambda's function read as data, and the built-in forms it lowers to when its shapes are known."""
    reading = read_lambda(layer.config, len(layer.calls[0]) if layer.calls else 1)
    if reading.function is None:
        return replace(info, refusal=reading.reason)
    info = replace(info, source=reading.source, function_name=reading.function.name,
                   bytecode_python=reading.function.python)
    shapes = tensor_shapes(graph, layer.calls[0]) if layer.calls else []
    if not shapes or any(shape is None for shape in shapes):
        return info
    try:
        return replace(info, lifts_to=lower(reading.function, shapes).forms)
    except MigrateError as exc:
        return replace(info, refusal=exc.message)


def _function_type(config: dict[str, Any]) -> str:
    kind = config.get("function_type")
    return kind if kind in ("lambda", "function") else "unknown"


def _named_function(config: dict[str, Any]) -> str | None:
    function = config.get("function")
    return function if isinstance(function, str) and config.get("function_type") == "function" else None


def code_name(blob: bytes) -> str | None:
    """The function's own name, read as a plain string from the blob: a hint, never proof."""
    for name in (b"get_slice", b"<lambda>"):
        if name in blob:
            return name.decode()
    identifiers = re.findall(rb"[\xda\x5a\xfa\x7a]([\x01-\x40])([A-Za-z_][A-Za-z0-9_]*)", blob)
    candidates = [word for length, word in identifiers if length[0] == len(word)]
    return candidates[-1].decode() if candidates else None


def bytecode_python(blob: bytes) -> str | None:
    """Which Pythons wrote this marshalled code object, from its header layout and first opcode alone
    (`lift.decode.candidate_pythons`): '2', '3.0-3.3', '3.4-3.7', '3.8-3.10' or '3.11+'."""
    candidates = candidate_pythons(blob)
    if not candidates:
        return None
    if candidates[0] == "2.7":
        return "2"
    if candidates[0] == "3.3":
        return "3.0-3.3"
    if candidates[0] == "3.8":
        return "3.8-3.10"
    return "3.4-3.7" if "3.7" in candidates else "3.11+"


def python_can_read(band: str | None, version: tuple[int, int]) -> bool:
    """Whether a Python of `version` could unmarshal code from `band` (it could not run it safely anyway).
    A band is the header's ('2', '3.4-3.7', '3.11+') or the reading's ('2.7', '3.6-3.7', '3.11, 3.12')."""
    if band is None:
        return False
    for part in band.split(", "):
        if part.endswith("+"):
            if version >= _minor(part[:-1]):
                return True
            continue
        low, _, high = part.partition("-")
        if _minor(low, 0) <= version <= _minor(high or low, 99):
            return True
    return False


def _minor(text: str, default_minor: int = 0) -> tuple[int, int]:
    major, _, minor = text.partition(".")
    return int(major), int(minor) if minor else default_minor


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
