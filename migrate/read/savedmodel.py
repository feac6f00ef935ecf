"""A tf.keras SavedModel directory, read as data into the record every container gives.

tf.keras 2.x (`model.save(dir)`, the default before Keras 2.13) writes `saved_model.pb` (TensorFlow
graphs, never looked at: running them would execute the file), `keras_metadata.pb` and `variables/`.
- `keras_metadata.pb` is a `SavedMetadata` protobuf: one node per saved Keras object, each with its
  path in the object graph (`root`, `root.layer_with_weights-0`) and a JSON metadata string. The root's
  holds the model config, training config, Keras version and backend, exactly what an HDF5 file's
  root attributes hold (tuples written as `{"class_name": "__tuple__", "items": [...]}`, undone here).
- `variables/` is a TensorFlow checkpoint whose `_CHECKPOINTABLE_OBJECT_GRAPH` tensor is a
  `TrackableObjectGraph`: from the root, each top-level layer's node (`layer_with_weights-0`) has a
  `variables` child listing its weights in the layer's own order, each variable naming its checkpoint
  key (`layer_with_weights-0/kernel/.ATTRIBUTES/VARIABLE_VALUE`), and the optimizer's node lists its
  slot variables. So each layer's weights come out in the order an HDF5 file would list them.
A weight's `h5_path` is then its checkpoint key, and `store.open_weights` reads it from the shards.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from migrate.errors import MalformedFileError, MigrateError, NotKerasFileError
from migrate.read.hdf5 import LegacyFile, WeightInfo
from migrate.read.identify import LFS, is_lfs_pointer
from migrate.read.protobuf import all_bytes, first_bytes, first_int, message, text
from migrate.read.tensor_bundle import DTYPES, BundleEntry, read_bundle_index, read_string, shard_count

OBJECT_GRAPH_KEY = "_CHECKPOINTABLE_OBJECT_GRAPH"
MAX_METADATA_BYTES = 256 * 2**20
LAYER_IDENTIFIERS = ("_tf_keras_layer", "_tf_keras_network", "_tf_keras_model", "_tf_keras_sequential",
                     "_tf_keras_input_layer", "_tf_keras_rnn_layer")


@dataclass(frozen=True)
class GraphNode:
    """One node of the checkpoint's object graph: its named children and its saved tensors."""

    children: tuple[tuple[str, int], ...]
    tensors: dict[str, str]  # attribute name -> checkpoint key
    slots: tuple[tuple[int, str, int], ...]  # (variable node, slot name, slot node)

    def child(self, name: str) -> int | None:
        return next((node for local, node in self.children if local == name), None)


def is_savedmodel(path: Path) -> bool:
    """A directory holding `saved_model.pb` (or its text form)."""
    return path.is_dir() and ((path / "saved_model.pb").is_file() or (path / "saved_model.pbtxt").is_file())


def variables_prefix(directory: Path) -> Path:
    """Where the checkpoint of a SavedModel lives: `variables/variables.*`, or `variables.*` beside
    `saved_model.pb` when the folder was flattened on its way into a repository (people upload the files
    one by one, and the web upload drops the subfolder)."""
    nested = directory / "variables" / "variables"
    flat = directory / "variables"
    if not nested.with_name("variables.index").is_file() and flat.with_name("variables.index").is_file():
        return flat
    return nested


def _require_checkpoint(directory: Path, prefix: Path) -> None:
    """Say plainly when a SavedModel came without its weights (only the two .pb files were committed)."""
    if not prefix.with_name(prefix.name + ".index").exists() and not (directory / "variables").exists():
        raise MalformedFileError("the SavedModel has no variables/ folder: its weights were not saved with it "
                                 "(or not copied or committed); only its architecture is here")


def read_savedmodel(path: str | Path) -> LegacyFile:
    """Read a SavedModel directory into a LegacyFile, or say why it cannot be."""
    directory = Path(path)
    try:
        metadata = _keras_metadata(directory)
        root = metadata.get("root")
        if root is None:
            raise MalformedFileError("keras_metadata.pb has no root node")
        prefix = variables_prefix(directory)
        _require_checkpoint(directory, prefix)
        entries = read_bundle_index(prefix)
        graph = _object_graph(prefix, entries)
        weights, trainable = _layer_weights(metadata, graph, entries)
        return LegacyFile(
            path=str(directory), format="model", container="savedmodel",
            keras_version=_text_or_none(root.get("keras_version")), backend=_text_or_none(root.get("backend")),
            model_config=_model_config(root), training_config=_json_field(root, "training_config"),
            layer_weights=weights, optimizer_weights=_optimizer_weights(graph, entries, trainable))
    except MigrateError as exc:
        raise exc.at(str(directory)) from None


def _keras_metadata(directory: Path) -> dict[str, dict[str, Any]]:
    """node path -> metadata JSON, for every Keras object the SavedModel recorded: from keras_metadata.pb
    (TF 2.5+), else from saved_model.pb's object graph, where TF 2.0-2.4 kept the same records."""
    source = directory / "keras_metadata.pb"
    if not source.is_file():
        nodes = _object_graph_metadata(directory)
        if "root" not in nodes:
            raise NotKerasFileError("a SavedModel without keras_metadata.pb, and none in saved_model.pb's object graph "
                                    "(where TF 2.0-2.4 kept it): not written by tf.keras (a Keras 3 `model.export()` "
                                    "or a plain tf.Module keeps no Keras model to convert)")
        return nodes
    if source.stat().st_size > MAX_METADATA_BYTES:
        raise MalformedFileError("keras_metadata.pb is larger than 256 MiB")
    nodes = {}
    for raw in all_bytes(message(source.read_bytes()), 1):
        node = message(raw)
        node_path = text(first_bytes(node, 3), "a keras_metadata node path")
        nodes[node_path] = {"identifier": text(first_bytes(node, 4), "a keras_metadata identifier"),
                            **_json(first_bytes(node, 5), node_path)}
    return nodes


def _object_graph_metadata(directory: Path) -> dict[str, dict[str, Any]]:
    """TF 2.0-2.4 wrote no keras_metadata.pb: each Keras object is a `SavedObject` of saved_model.pb's
    `SavedObjectGraph` (SavedModel.meta_graphs 2 -> MetaGraphDef.object_graph_def 7 -> nodes 1), its
    `user_object` (4) holding the same identifier (1) and metadata JSON (3). Node paths are given as
    keras_metadata.pb gives them, by the first path from the root (`root.layer_with_weights-0`). Only the
    object graph is decoded: the TensorFlow graphs beside it are never looked at."""
    source = directory / "saved_model.pb"
    if not source.is_file() or source.stat().st_size > MAX_METADATA_BYTES:
        return {}
    if is_lfs_pointer(source):
        raise NotKerasFileError(f"its saved_model.pb is {LFS}")
    try:
        meta_graphs = all_bytes(message(source.read_bytes()), 2)
        graph = message(first_bytes(message(meta_graphs[0]), 7)) if meta_graphs else {}
        saved = [message(raw) for raw in all_bytes(graph, 1)]
    except MalformedFileError:
        return {}  # not a SavedModel protobuf at all: refused as holding no Keras metadata
    found: dict[str, dict[str, Any]] = {}
    for node_path, node in _first_paths(saved):
        user = message(first_bytes(saved[node], 4)) if first_bytes(saved[node], 4) else {}
        identifier = text(first_bytes(user, 1), "a SavedObject identifier") if user else ""
        if identifier.startswith("_tf_keras") and first_bytes(user, 3):  # TF 2.5+ leave it empty here
            found[node_path] = {"identifier": identifier, **_json(first_bytes(user, 3), node_path)}
    return found


def _first_paths(saved: list[dict[int, list[int | bytes]]]) -> list[tuple[str, int]]:
    """Each node of a SavedObjectGraph with the first path that reaches it, breadth first from the root
    (`children` 1 are ObjectReferences: node_id 1, local_name 2)."""
    paths, queue, seen = [], [("root", 0)], {0}
    while queue and saved:
        node_path, node = queue.pop(0)
        paths.append((node_path, node))
        for reference in map(message, all_bytes(saved[node], 1)):
            child = first_int(reference, 1)
            if child not in seen and child < len(saved):
                seen.add(child)
                queue.append((f"{node_path}.{text(first_bytes(reference, 2), 'a child name')}", child))
    return paths


def _json(raw: bytes, where: str) -> dict[str, Any]:
    try:
        value = json.loads(raw.decode("utf-8")) if raw else {}
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        raise MalformedFileError(f"keras_metadata for '{where}' is not valid JSON ({type(exc).__name__})") from None
    if not isinstance(value, dict):
        raise MalformedFileError(f"keras_metadata for '{where}' is not a JSON object")
    return value


def _model_config(root: dict[str, Any]) -> dict[str, Any]:
    """The root's model config, in the form an HDF5 file's `model_config` attribute has."""
    config = _json_field(root, "model_config")
    if config is None and isinstance(root.get("config"), dict):
        config = {"class_name": root.get("class_name"), "config": root["config"]}
    if config is None:
        raise MalformedFileError("keras_metadata's root holds no model config (a subclassed model: its "
                                 "architecture is only in code)")
    config.setdefault("keras_version", root.get("keras_version"))
    return config


def _json_field(root: dict[str, Any], key: str) -> dict[str, Any] | None:
    """A config the metadata holds as a JSON string (or inline), with its tuple records undone."""
    value = root.get(key)
    if isinstance(value, str):
        value = _json(value.encode("utf-8"), f"root.{key}")
    if value is None:
        return None
    if not isinstance(value, dict):
        raise MalformedFileError(f"keras_metadata's {key} is not a JSON object")
    return untuple(value)


def untuple(value: Any) -> Any:
    """`{"class_name": "__tuple__", "items": [...]}` -> the list; `shared_object_id`s dropped (they only
    tie Python objects together on load)."""
    if isinstance(value, list):
        return [untuple(item) for item in value]
    if isinstance(value, dict):
        if value.get("class_name") in ("__tuple__", "TensorShape") and isinstance(value.get("items"), list):
            return [untuple(item) for item in value["items"]]
        return {key: untuple(item) for key, item in value.items() if key != "shared_object_id"}
    return value


def _text_or_none(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def _object_graph(prefix: Path, entries: dict[str, BundleEntry]) -> list[GraphNode]:
    """The checkpoint's TrackableObjectGraph: nodes 1, each children 1, attributes 2, slot_variables 3."""
    entry = entries.get(OBJECT_GRAPH_KEY)
    if entry is None:
        raise MalformedFileError("the checkpoint has no object graph (a TF1 name-based checkpoint)")
    nodes = []
    for raw in all_bytes(message(read_string(prefix, entry, shard_count(prefix))), 1):
        node = message(raw)
        children = tuple((text(first_bytes(ref, 2), "a child name"), first_int(ref, 1))
                         for ref in map(message, all_bytes(node, 1)))
        tensors = {text(first_bytes(attr, 1), "an attribute name"): text(first_bytes(attr, 3), "a checkpoint key")
                   for attr in map(message, all_bytes(node, 2))}
        slots = tuple((first_int(slot, 1), text(first_bytes(slot, 2), "a slot name"), first_int(slot, 3))
                      for slot in map(message, all_bytes(node, 3)))
        nodes.append(GraphNode(children, tensors, slots))
    if not nodes:
        raise MalformedFileError("the checkpoint's object graph is empty")
    return nodes


def _resolve(graph: list[GraphNode], node_path: str) -> int | None:
    """The object graph node at a metadata path like `root.layer_with_weights-0`."""
    node: int | None = 0
    for name in node_path.split(".")[1:]:
        node = graph[node].child(name) if node is not None and node < len(graph) else None
    return node if node is not None and node < len(graph) else None


def _layer_weights(metadata: dict[str, dict[str, Any]], graph: list[GraphNode], entries: dict[str, BundleEntry],
                   ) -> tuple[dict[str, tuple[WeightInfo, ...]], list[int]]:
    """Per top-level layer (by its config name), its variables in its own order; and the trainable
    variables' nodes in model order, which the optimizer's slots follow."""
    weights: dict[str, tuple[WeightInfo, ...]] = {}
    for node_path, node in metadata.items():
        if node_path.count(".") != 1 or not node.get("identifier", "").startswith(LAYER_IDENTIFIERS):
            continue
        found = _resolve(graph, node_path)
        name = node.get("name")
        if found is None or not isinstance(name, str):
            continue
        weights[name] = tuple(_weight(f"{name}/{local}", graph[variable], entries)
                              for local, variable in _variables(graph, found))
    return weights, [variable for local, variable in _variables(graph, 0, "trainable_variables")]


def _variables(graph: list[GraphNode], node: int, listing: str = "variables") -> list[tuple[str, int]]:
    """A layer's `variables` (or `trainable_variables`) child: its weights in order, as (name, node)."""
    holder = graph[node].child(listing)
    if holder is None and listing == "variables":  # TF 2.0-2.4 preprocessing layers list none: the variables
        return [(local, child) for local, child in graph[node].children  # they hold, in the order they made them
                if child < len(graph) and "VARIABLE_VALUE" in graph[child].tensors]
    if holder is None or holder >= len(graph):
        return []
    named = {target: local for local, target in graph[node].children}
    return [(named.get(target, local), target) for local, target in graph[holder].children if target < len(graph)]


def _weight(name: str, node: GraphNode, entries: dict[str, BundleEntry]) -> WeightInfo:
    key = node.tensors.get("VARIABLE_VALUE")
    entry = entries.get(key or "")
    if entry is None:
        raise MalformedFileError(f"weight '{name}' has no tensor in the checkpoint")
    dtype = DTYPES.get(entry.dtype)
    if dtype is None:
        raise MalformedFileError(f"weight '{name}' has TensorFlow dtype {entry.dtype}, which is not numeric")
    return WeightInfo(name=f"{name}:0", h5_path=entry.key, shape=entry.shape, dtype=str(np.dtype(dtype)))


def _optimizer_weights(graph: list[GraphNode], entries: dict[str, BundleEntry],
                       trainable: list[int]) -> tuple[WeightInfo, ...]:
    """The optimizer's state in tf.keras's HDF5 order: `iter`, then each slot kind over every trainable
    variable in model order (all `m`, then all `v`), which is the order OptimizerV2 created them in."""
    optimizer = graph[0].child("optimizer")
    if optimizer is None or optimizer >= len(graph):
        return ()
    node = graph[optimizer]
    if node.child("_variables") is not None:
        return _new_optimizer_weights(graph, graph[optimizer], entries, trainable)
    found = []
    counter = node.child("iter")
    if counter is not None and counter < len(graph) and _is_saved_scalar(graph[counter], entries):
        found.append(_weight("optimizer/iter", graph[counter], entries))
    by_variable = {(variable, slot): target for variable, slot, target in node.slots}
    for slot in dict.fromkeys(slot for _, slot, _ in node.slots):
        for variable in trainable:
            target = by_variable.get((variable, slot))
            if target is None or target >= len(graph):
                return ()  # a slot missing for some variable: the state does not fit, carry none
            found.append(_weight(f"optimizer/{slot}_{variable}", graph[target], entries))
    return tuple(found)


def _new_optimizer_weights(graph: list[GraphNode], node: GraphNode, entries: dict[str, BundleEntry],
                           trainable: list[int]) -> tuple[WeightInfo, ...]:
    """tf.keras 2.11+ optimizers keep `_variables`: the step counter, then each trainable variable's
    slots together (m, v of the first weight, then the second's). Named `optimizer/<kind>/<weight>` as
    those optimizers name theirs, so the slot order is read as weight by weight."""
    listed = [target for _, target in graph[node.child("_variables")].children if target < len(graph)]
    if not listed or not trainable or (len(listed) - 1) % len(trainable):
        return ()
    kinds = (len(listed) - 1) // len(trainable)
    found = [_weight("optimizer/iterations", graph[listed[0]], entries)]
    for index, target in enumerate(listed[1:]):
        found.append(_weight(f"optimizer/{index % kinds}/{index // kinds}", graph[target], entries))
    return tuple(found)


def _is_saved_scalar(node: GraphNode, entries: dict[str, BundleEntry]) -> bool:
    """Whether a node is a saved scalar (the optimizer's iteration counter)."""
    entry = entries.get(node.tensors.get("VARIABLE_VALUE", ""))
    return entry is not None and entry.shape == ()
