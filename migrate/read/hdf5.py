"""One legacy Keras HDF5 file, read into a plain record: configs as JSON data, weights as metadata.

The layouts it understands:
- a whole model: root attributes `model_config`, `training_config`, `keras_version`, `backend`;
  weights under `model_weights/<layer>/<weight name>`, the layer order in `model_weights`'
  `layer_names`; optimizer slots under `optimizer_weights`;
- weights only (`save_weights`, `ModelCheckpoint(save_weights_only=True)`): `layer_names` at the
  root and each layer's group at the root too.
A nested model's weights live under its own group, named by the inner layers (`mlp/hidden/kernel:0`).
Weight data is never read here: shapes and dtypes come from dataset headers, so inspecting a 1 GB file
costs what inspecting a 1 MB one does.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import h5py
import numpy as np

from migrate.errors import MalformedFileError, MigrateError, MissingPathError, NotKerasFileError
from migrate.read.attrs import read_json, read_text, read_text_list
from migrate.read.identify import describe_foreign, describe_hdf5

MAX_DIM = 2**40


@dataclass(frozen=True)
class WeightInfo:
    """One stored weight: its Keras name, where it lives in the file, and its shape and dtype."""

    name: str
    h5_path: str
    shape: tuple[int, ...]
    dtype: str
    # Datasets joined along the last axis to make this weight (Keras 1's per-gate RNN arrays); empty: h5_path.
    parts: tuple[str, ...] = ()

    @property
    def size(self) -> int:
        """Number of elements."""
        return int(np.prod(self.shape, dtype=np.int64)) if self.shape else 1

    @property
    def nbytes(self) -> int:
        return self.size * np.dtype(self.dtype).itemsize


@dataclass(frozen=True)
class LegacyFile:
    """Everything inspect and convert need from a legacy file, without any Keras object in it."""

    path: str
    format: Literal["model", "weights"]
    keras_version: str | None
    backend: str | None
    model_config: dict[str, Any] | None
    training_config: dict[str, Any] | None
    layer_weights: dict[str, tuple[WeightInfo, ...]] = field(default_factory=dict)
    optimizer_weights: tuple[WeightInfo, ...] = ()
    # Where the weights live: 'hdf5' (h5_path in the file), 'keras_zip' (in its model.weights.h5),
    # 'savedmodel' (h5_path is a checkpoint key under variables/). store.open_weights reads all three.
    container: str = "hdf5"

    @property
    def weight_count(self) -> int:
        return sum(len(weights) for weights in self.layer_weights.values())

    @property
    def weight_bytes(self) -> int:
        return sum(w.nbytes for weights in self.layer_weights.values() for w in weights)

    @property
    def is_tf_keras(self) -> bool:
        return is_tf_keras_version(self.keras_version)

    @property
    def keras_major(self) -> int | None:
        version = version_tuple(self.keras_version or "")
        return version[0] if version else None


def is_tf_keras_version(version: str | None) -> bool:
    """tf.keras wrote it: '-tf' versions (TF 1.x), and 2.4 and later (only tf.keras reached those)."""
    version = version or ""
    return version.endswith("-tf") or version_tuple(version) >= (2, 4)


def version_tuple(version: str) -> tuple[int, ...]:
    """'2.2.4-tf' -> (2, 2, 4); text that is not a version -> ()."""
    parts = []
    for piece in version.split("-")[0].split("."):
        if not piece.isdigit():
            break
        parts.append(int(piece))
    return tuple(parts)


def read_legacy_file(path: str | Path) -> LegacyFile:
    """Read `path` into a LegacyFile, or raise a MigrateError that names the file and the problem."""
    path = str(path)
    try:
        with _open_hdf5(path) as h5:
            return _read_open_file(path, h5)
    except MigrateError as exc:
        raise exc.at(path) from None
    except (OSError, KeyError, ValueError, TypeError, RuntimeError) as exc:
        # h5py raises these for damaged objects inside an otherwise openable file.
        raise MalformedFileError(f"damaged HDF5 content ({type(exc).__name__}: {exc})", path=path) from None


def _open_hdf5(path: str) -> h5py.File:
    """Open read-only; tell a missing file, a non-HDF5 file and a truncated one apart."""
    if not Path(path).exists():
        raise MissingPathError(path, "file")
    if Path(path).is_dir():
        raise NotKerasFileError("a directory", path=path)
    try:
        return h5py.File(path, "r")
    except OSError as exc:
        if not h5py.is_hdf5(path):
            raise NotKerasFileError(describe_foreign(Path(path)) or "no HDF5 signature", path=path) from None
        raise NotKerasFileError(f"HDF5 that cannot be opened, perhaps truncated: {exc}", path=path) from None


def _read_open_file(path: str, h5: h5py.File) -> LegacyFile:
    """Tell a whole-model file from a weights-only one, then read the matching layout."""
    attrs = h5.attrs
    model_config = read_json(attrs, "model_config")
    if model_config is not None:
        if "model_weights" not in h5:
            raise MalformedFileError("has a model_config but no model_weights group")
        group = _group(h5, "model_weights")
        return LegacyFile(
            path=path,
            format="model",
            keras_version=read_text(attrs, "keras_version") or read_text(group.attrs, "keras_version"),
            backend=read_text(attrs, "backend") or read_text(group.attrs, "backend"),
            model_config=_legacy_config(_require_dict(model_config, "model_config")),
            training_config=_optional_dict(read_json(attrs, "training_config"), "training_config"),
            layer_weights=_read_layer_weights(group),
            optimizer_weights=_read_optimizer_weights(h5),
        )
    if read_text_list(attrs, "layer_names") is not None:
        return LegacyFile(
            path=path,
            format="weights",
            keras_version=read_text(attrs, "keras_version"),
            backend=read_text(attrs, "backend"),
            model_config=None,
            training_config=None,
            layer_weights=_read_layer_weights(h5),
        )
    raise NotKerasFileError(describe_hdf5(h5))


def _legacy_config(config: dict[str, Any]) -> dict[str, Any]:
    """Keras 3 also writes legacy HDF5 (`model.save("m.h5")`), with its own config form inside (inbound
    nodes as `{"args", "kwargs"}` of `__keras_tensor__` records): put in legacy form, as `.keras` ones are."""
    body = config.get("config")
    layers = body.get("layers") if isinstance(body, dict) else None
    if not isinstance(layers, list) or not any(_keras3_nodes(layer) for layer in layers):
        return config
    from migrate.read.keras_archive import legacy_form

    return {**legacy_form(config), "keras_version": config.get("keras_version", "3")}


def _keras3_nodes(layer: Any) -> bool:
    nodes = layer.get("inbound_nodes") if isinstance(layer, dict) else None
    return isinstance(nodes, list) and any(isinstance(node, dict) and "args" in node for node in nodes)


def _group(parent: h5py.Group, name: str) -> h5py.Group:
    item = parent.get(name)
    if not isinstance(item, h5py.Group):
        raise MalformedFileError(f"'{name}' should be an HDF5 group, found {type(item).__name__}")
    return item


def _require_dict(value: Any, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise MalformedFileError(f"{what} should be a JSON object, found {type(value).__name__}")
    return value


def _optional_dict(value: Any, what: str) -> dict[str, Any] | None:
    return None if value is None else _require_dict(value, what)


def _read_layer_weights(group: h5py.Group) -> dict[str, tuple[WeightInfo, ...]]:
    """Per layer, in the file's layer order, the weights it lists in `weight_names`."""
    layer_names = read_text_list(group.attrs, "layer_names")
    if layer_names is None:
        raise MalformedFileError(f"'{group.name}' has no layer_names attribute")
    weights: dict[str, tuple[WeightInfo, ...]] = {}
    for layer_name in layer_names:
        if layer_name not in group:
            raise MalformedFileError(f"layer_names lists '{layer_name}' but the file has no group for it")
        weights[layer_name] = _read_weight_list(_group(group, layer_name))
    return weights


def _read_optimizer_weights(h5: h5py.File) -> tuple[WeightInfo, ...]:
    """The optimizer's slot variables, in the order the optimizer saved them; none when absent."""
    if "optimizer_weights" not in h5:
        return ()
    return _read_weight_list(_group(h5, "optimizer_weights"))


def _read_weight_list(group: h5py.Group) -> tuple[WeightInfo, ...]:
    """The datasets a group lists in `weight_names`, with shapes and dtypes from their headers."""
    names = read_text_list(group.attrs, "weight_names") or []
    infos = []
    for name in names:
        item = _dataset_id(group, name)
        if item is None:
            raise MalformedFileError(f"'{group.name}' lists weight '{name}' but holds no dataset there")
        infos.append(weight_info(name, item, h5py.h5i.get_name(item).decode("utf8")))
    return tuple(infos)


def _dataset_id(group: h5py.Group, name: str) -> h5py.h5d.DatasetID | None:
    """The dataset at `name` under `group` (what `group.get(name)` opens, followed links included) as h5py's
    low-level handle, None when there is none or it is not a dataset. A header is all the reader wants of it: the
    high-level Dataset object h5py builds around the handle (its file, mode and property lookups) was half the time
    of reading an Xception's 470 layer groups."""
    try:
        item = h5py.h5o.open(group.id, name.encode("utf8"))
    except (KeyError, ValueError):
        return None
    return item if isinstance(item, h5py.h5d.DatasetID) else None


def weight_info(name: str, dataset: h5py.Dataset | h5py.h5d.DatasetID, path: str | None = None) -> WeightInfo:
    """A dataset's header as a WeightInfo, refusing impossible shapes and non-numeric dtypes (every container's
    HDF5 weights go through here). `path`: where the dataset is, for a low-level handle (which has no name)."""
    shape = tuple(int(d) for d in dataset.shape) if dataset.shape is not None else ()
    dtype = dataset.dtype
    if any(d < 0 or d > MAX_DIM for d in shape):
        raise MalformedFileError(f"weight '{name}' has an impossible shape {shape}")
    if dtype.kind not in "fiub":
        raise MalformedFileError(f"weight '{name}' has non-numeric dtype {dtype}")
    return WeightInfo(name=name, h5_path=path if path is not None else dataset.name, shape=shape, dtype=str(dtype))
