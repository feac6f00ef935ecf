"""A Keras 3 `.keras` architecture, read without Keras and put in the legacy form the graph reader takes.

Users who rebuilt their model in Keras 3 (or converted a sibling file) hold the template as a `.keras`
archive while the weights sit in a legacy checkpoint. The archive is a zip of `config.json`,
`metadata.json` and `model.weights.h5`; only `config.json` is read (the weights being converted are
the checkpoint's). Its form differs from the legacy one in a few ways, each undone here and only here:
- an inbound node is `{"args": [...], "kwargs": {...}}` of `__keras_tensor__` records whose
  `keras_history` is `[layer, node, tensor]`, where legacy configs list `[layer, node, tensor, kwargs]`;
- an RNN's initial states are a keyword argument, where legacy configs list them after the sequence;
- the masks a layer received are keyword arguments; legacy configs leave them implicit (rebuild
  derives them again);
- a nested model's calls count from 0, where legacy ones count from 1 (the graph reader shifts back);
- dtypes are DTypePolicy records, and entries carry `module`, `registered_name` and `build_config`;
- a Lambda's function is a `__lambda__` record (or a function by name), where legacy configs list
  `[code, defaults, closure]` with a `function_type`;
- the op that computed a mask (`not_equal` after an Embedding) is a layer of its own, left unused
  once the mask keyword is dropped, and pruned.
The structure is Keras 3's; the weights keep their legacy meaning, so rebuild treats the template as
the weights' own generation would have (hard_sigmoid kept exact, sequence masks reaching RNNs).
"""

from __future__ import annotations

import json
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from migrate.errors import MalformedFileError, MissingPathError, UnsupportedModelError
from migrate.read.classes import MODEL_CLASSES

MAX_CONFIG_BYTES = 64 * 2**20
DROPPED_KWARGS = {"mask"}  # rebuild recomputes masks from the layers that make them


def read_keras_archive(path: str | Path) -> dict[str, Any]:
    """The model config inside a `.keras` archive, in legacy form."""
    path = Path(path)
    try:
        with zipfile.ZipFile(path) as archive:
            try:
                info = archive.getinfo("config.json")
            except KeyError:
                raise MalformedFileError(".keras archive holds no config.json", path=str(path)) from None
            if info.file_size > MAX_CONFIG_BYTES:
                raise MalformedFileError("config.json in the .keras archive is larger than 64 MiB", path=str(path))
            with archive.open(info) as stream:
                raw = stream.read(MAX_CONFIG_BYTES + 1)
    except FileNotFoundError:
        raise MissingPathError(path, "architecture file") from None
    except (zipfile.BadZipFile, OSError, EOFError) as exc:
        raise MalformedFileError(f"not a readable .keras archive ({type(exc).__name__})", path=str(path)) from None
    if len(raw) > MAX_CONFIG_BYTES:
        raise MalformedFileError("config.json in the .keras archive is larger than 64 MiB", path=str(path))
    try:
        config = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        raise MalformedFileError(f"config.json is not valid JSON ({type(exc).__name__})", path=str(path)) from None
    try:
        return legacy_form(config)
    except MalformedFileError as exc:
        raise exc.at(str(path)) from None


def legacy_form(config: Any) -> dict[str, Any]:
    """A Keras 3 model config (`{"class_name", "config"}`) as a legacy Keras 2 one."""
    class_name = _field(config, "class_name", str, "the model")
    body = _field(config, "config", dict, "the model")
    entries = _field(body, "layers", list, f"model config '{body.get('name')}'")
    if class_name == "Sequential":
        return {"class_name": "Sequential", "keras_version": "3",
                "config": {"name": body.get("name", "sequential"), "layers": [_layer(e, set()) for e in entries]}}
    if class_name not in MODEL_CLASSES:
        raise MalformedFileError(f"top-level class '{class_name}' is not a model class")
    nested = {_name(entry) for entry in entries if _is_model(entry)}
    outputs = _endpoints(body.get("output_layers"), nested)
    return {"class_name": "Functional", "keras_version": "3", "config": {
        "name": body.get("name", "model"),
        "layers": _used([_layer(entry, nested) for entry in entries], outputs),
        "input_layers": _endpoints(body.get("input_layers"), nested),
        "output_layers": outputs,
    }}


def _used(layers: list[dict[str, Any]], outputs: list[list[Any]]) -> list[dict[str, Any]]:
    """The input layers, and every layer the outputs read from, directly or not (in their order)."""
    reads = {layer["name"]: {entry[0] for node in layer["inbound_nodes"] for entry in node} for layer in layers}
    wanted = {entry[0] for entry in outputs if isinstance(entry, list) and entry}
    pending = list(wanted)
    while pending:
        for name in reads.get(pending.pop(), ()):
            if name not in wanted:
                wanted.add(name)
                pending.append(name)
    return [layer for layer in layers if layer["name"] in wanted or layer["class_name"] == "InputLayer"]


def _is_model(entry: Any) -> bool:
    return isinstance(entry, dict) and isinstance(entry.get("class_name"), str) and entry["class_name"] in MODEL_CLASSES


def _layer(entry: Any, nested: set[str]) -> dict[str, Any]:
    if not isinstance(entry, dict):
        raise MalformedFileError(f"a layer entry should be an object, found {type(entry).__name__}")
    class_name = _field(entry, "class_name", str, "a layer entry")
    name = _name(entry)
    nodes = entry.get("inbound_nodes") or []
    if not isinstance(nodes, list):
        raise MalformedFileError("inbound_nodes should be a list", layer=name)
    if class_name in MODEL_CLASSES:
        config = legacy_form(entry)["config"]
    else:
        config = _layer_config(_field(entry, "config", dict, f"layer '{name}'"))
    return {"class_name": class_name, "name": name, "config": config,
            "inbound_nodes": [_node(node, nested, name) for node in nodes]}


def _layer_config(config: dict[str, Any]) -> dict[str, Any]:
    """Plain dtype names, and wrapped layers (TimeDistributed, Bidirectional) in legacy form too."""
    config = dict(config)
    dtype = config.get("dtype")
    if isinstance(dtype, dict) and dtype.get("class_name") == "DTypePolicy":
        policy = dtype.get("config")
        config["dtype"] = policy.get("name") if isinstance(policy, dict) else None
        if not isinstance(config["dtype"], str):
            raise MalformedFileError(f"a DTypePolicy without a name ({str(policy)[:40]})", layer=str(config.get("name")))
    for key in ("layer", "backward_layer"):
        inner = config.get(key)
        if isinstance(inner, dict) and isinstance(inner.get("config"), dict):
            config[key] = {"class_name": inner.get("class_name"), "config": _layer_config(inner["config"])}
    for key in ("function", "output_shape"):
        _legacy_function(config, key)
    return config


def _legacy_function(config: dict[str, Any], key: str) -> None:
    """A Keras 3 Lambda's function in Keras 2's form: `{"class_name": "__lambda__", "config": {"code",
    "defaults", "closure"}}` -> `[code, defaults, closure]` with `<key>_type` 'lambda'; a function saved
    by name (`{"class_name": "function", "config": "sampling", "module": ...}`) -> its name, type 'function'."""
    value = config.get(key)
    if not isinstance(value, dict) or not isinstance(value.get("config"), (dict, str)):
        return
    body = value["config"]
    if value.get("class_name") == "__lambda__" and isinstance(body, dict):
        config[key] = [body.get("code"), body.get("defaults"), body.get("closure")]
        config[f"{key}_type"] = "lambda"
    elif value.get("class_name") == "function" and isinstance(body, str):
        config[key] = body
        config[f"{key}_type"] = "function"
        config.setdefault("module" if key == "function" else f"{key}_module", value.get("module"))


def _node(node: Any, nested: set[str], owner: str) -> list[list[Any]]:
    """One call: its tensors in legacy order (inputs, then initial states) with its plain keywords."""
    if not isinstance(node, dict) or not isinstance(node.get("args"), list):
        raise MalformedFileError("an inbound node should be an object with an 'args' list", layer=owner)
    if not isinstance(node.get("kwargs") or {}, dict):
        raise MalformedFileError("an inbound node's kwargs should be an object", layer=owner)
    kwargs = dict(node.get("kwargs") or {})
    refs = list(_tensors(node["args"], owner))
    refs += list(_tensors(kwargs.pop("initial_state", None) or [], owner))
    for key in DROPPED_KWARGS:
        kwargs.pop(key, None)
    for key, value in kwargs.items():
        if any(True for _ in _tensors(value, owner)):
            raise UnsupportedModelError(f"the call passes a tensor as '{key}', which a legacy model cannot say",
                                        layer=owner)
    return [[layer, call + (layer in nested), tensor, kwargs] for layer, call, tensor in refs]


def _tensors(value: Any, owner: str) -> Iterator[tuple[str, int, int]]:
    """Every `keras_history` in `value`, depth first, in order."""
    if isinstance(value, (list, tuple)):
        for item in value:
            yield from _tensors(item, owner)
    elif isinstance(value, dict) and value.get("class_name") == "__keras_tensor__":
        config = value.get("config")
        history = config.get("keras_history") if isinstance(config, dict) else None
        if not _is_triple(history):
            raise MalformedFileError(f"a tensor record has no valid keras_history ({str(history)[:60]})", layer=owner)
        yield history[0], history[1], history[2]
    elif isinstance(value, dict):
        for item in value.values():
            yield from _tensors(item, owner)


def _endpoints(value: Any, nested: set[str]) -> list[list[Any]]:
    """`input_layers`/`output_layers`: one bare triple or a list of them, nested models shifted."""
    if isinstance(value, list) and value and isinstance(value[0], str):
        value = [value]
    if not isinstance(value, list) or not all(_is_triple(entry) for entry in value):
        raise MalformedFileError("the model config's input_layers/output_layers should be [layer, node, tensor] lists")
    return [[entry[0], entry[1] + (entry[0] in nested), entry[2]] for entry in value]


def _is_triple(entry: Any) -> bool:
    return (isinstance(entry, list) and len(entry) == 3 and isinstance(entry[0], str)
            and all(isinstance(i, int) and not isinstance(i, bool) and i >= 0 for i in entry[1:]))


def _name(entry: dict[str, Any]) -> str:
    config = entry.get("config")
    name = entry.get("name") or (config.get("name") if isinstance(config, dict) else None)
    if not isinstance(name, str) or not name:
        raise MalformedFileError(f"a layer entry has no name (found {str(name)[:40]})")
    return name


def _field(container: Any, key: str, kind: type, what: str) -> Any:
    value = container.get(key) if isinstance(container, dict) else None
    if not isinstance(value, kind):
        raise MalformedFileError(f"{what} has no '{key}' of the right type")
    return value
