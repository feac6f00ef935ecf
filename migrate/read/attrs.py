"""Decoding HDF5 attributes the way every Keras generation wrote them.

Keras stored strings as bytes (h5py 2 on Python 2 and 3) or as str (later h5py), lists of names as
fixed-width byte arrays, and split lists too large for one attribute header into numbered chunks
(`layer_names0`, `layer_names1`, ...).
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from migrate.errors import MalformedFileError

# Keras 2.0's JSON encoder wrote a numpy value as {"type": <its numpy type>, "value": its .tolist()}
# (a LeakyReLU's alpha after cast_to_floatx: {"type": "ndarray", "value": 0.3}); no later loader read it.
NUMPY_TYPE_NAMES = frozenset({"ndarray", "bool_", "float16", "float32", "float64", "int8", "int16", "int32",
                              "int64", "uint8", "uint16", "uint32", "uint64", "str_"})


def decode_text(value: Any, what: str) -> str:
    """A str from an attribute value stored as str, bytes or a 0-d numpy array of either."""
    if isinstance(value, np.ndarray) and value.shape == ():
        value = value[()]
    if isinstance(value, (bytes, np.bytes_)):
        try:
            return bytes(value).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise MalformedFileError(f"attribute '{what}' is not UTF-8 text ({exc.reason})") from None
    if isinstance(value, (str, np.str_)):
        return str(value)
    raise MalformedFileError(f"attribute '{what}' should be text, found {type(value).__name__}")


def read_text(attrs: Any, name: str) -> str | None:
    """The text attribute `name`, or None when it is absent."""
    if name not in attrs:
        return None
    return decode_text(attrs[name], name)


def read_text_list(attrs: Any, name: str) -> list[str] | None:
    """A list-of-names attribute, joined from its numbered chunks when Keras split it."""
    if name in attrs:
        return _decode_list(attrs[name], name)
    if f"{name}0" not in attrs:
        return None
    names: list[str] = []
    chunk = 0
    while f"{name}{chunk}" in attrs:
        names.extend(_decode_list(attrs[f"{name}{chunk}"], f"{name}{chunk}"))
        chunk += 1
    return names


def _decode_list(value: Any, what: str) -> list[str]:
    """Each element of a 1-d attribute array as text (a scalar counts as a list of one)."""
    if isinstance(value, np.ndarray):
        if value.ndim > 1:
            raise MalformedFileError(f"attribute '{what}' should be a list of names, found shape {value.shape}")
        return [decode_text(item, what) for item in value.reshape(-1)]
    return [decode_text(value, what)]


def read_json(attrs: Any, name: str) -> Any | None:
    """The JSON document stored in attribute `name`, parsed into plain data, or None when absent."""
    text = read_text(attrs, name)
    if text is None:
        return None
    try:
        return loads_config(text)
    except json.JSONDecodeError as exc:
        raise MalformedFileError(f"attribute '{name}' is not valid JSON ({exc.msg} at char {exc.pos})") from None
    except RecursionError:
        raise MalformedFileError(f"attribute '{name}' nests JSON too deeply to be a Keras config") from None


def loads_config(text: str) -> Any:
    """A Keras JSON document as plain data, with Keras 2.0's encoded numpy values read as the plain
    numbers and lists they held."""
    return json.loads(text, object_hook=_numpy_value)


def _numpy_value(obj: dict[str, Any]) -> Any:
    if obj.keys() == {"type", "value"} and obj["type"] in NUMPY_TYPE_NAMES:
        return obj["value"]
    return obj
