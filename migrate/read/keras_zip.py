"""A `.keras` zip (Keras 2.13-2.15 and Keras 3), read as data into the record every container gives.

The zip holds `metadata.json` (the Keras version), `config.json` (the model config) and
`model.weights.h5`. That HDF5 file does not name weights by layer: it stores them by the object
tree Keras walked when saving, `layers/<tracking name>/vars/<i>`, where the tracking name is the
layer's class in snake case with a counter per class (`dense`, `dense_1`, ...: not the config name,
so `dense_6` of the config is `layers/dense`), an RNN's weights sit in its `cell/vars`, a wrapper's in
`forward_layer`/`backward_layer`/`layer`, and a nested model's under its own `layers/`. Walking the
config in the order Keras saved it gives every layer its group back.

Keras 2.15 on Windows wrote the HDF5 paths with backslashes (`layers\\conv1d/vars/0`); paths are
compared with either separator. Keras 2.13 and 2.14 wrote `_layer_checkpoint_dependencies/` where later
versions write `layers/`. Keras 3 configs are put in legacy form (`keras_archive.legacy_form`).
"""

from __future__ import annotations

import io
import json
import re
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NamedTuple

import h5py

from migrate.errors import MalformedFileError, MigrateError, NotKerasFileError, UnsupportedModelError
from migrate.read.classes import MODEL_CLASSES
from migrate.read.hdf5 import LegacyFile, WeightInfo, version_tuple, weight_info
from migrate.read.keras_archive import legacy_form

WEIGHTS_MEMBER = "model.weights.h5"
MAX_JSON_BYTES = 64 * 2**20
# Where a layer keeps the weights it does not own itself, in the order its legacy weight list has them.
CHILD_ORDER = ("cell", "forward_layer", "backward_layer", "layer")
# Layers whose last weights are non-trainable state (a nested model lists those after every trainable one).
NON_TRAINABLE_TAIL = {"BatchNormalization": 2}
# Keras 2.13 and 2.14 saved a model's layers under this attribute instead of `layers`.
LEGACY_LAYERS_ATTRIBUTE = "_layer_checkpoint_dependencies"
# `compile(optimizer="adam")` keeps the name; the class it stood for.
OPTIMIZER_NAMES = {"adam": "Adam", "sgd": "SGD", "rmsprop": "RMSprop", "adagrad": "Adagrad", "adadelta": "Adadelta",
                   "adamax": "Adamax", "nadam": "Nadam", "ftrl": "Ftrl", "adamw": "AdamW"}


class Layout(NamedTuple):
    """How a `.keras` file's weights file lays out a model's layers."""

    layers: str  # the attribute a model's layers are saved under
    counts_twice: bool  # a layer with weights used up two tracking names (Keras 2.13)


PLAIN = Layout("layers", counts_twice=False)


def is_keras_zip(path: Path) -> bool:
    """A zip archive holding `config.json`: what Keras 2.13+ and Keras 3 write for `.keras`."""
    try:
        with zipfile.ZipFile(path) as archive:
            return "config.json" in archive.namelist()
    except (zipfile.BadZipFile, OSError):
        return False


def read_keras_zip(path: str | Path) -> LegacyFile:
    """Read a `.keras` zip into a LegacyFile (weights as paths inside its model.weights.h5)."""
    path = Path(path)
    try:
        with zipfile.ZipFile(path) as archive:
            metadata = _member_json(archive, "metadata.json", required=False) or {}
            config = _member_json(archive, "config.json", required=True)
            with open_weights_member(archive) as h5:
                return _record(path, metadata, config, h5)
    except MigrateError as exc:
        raise exc.at(str(path)) from None
    except (zipfile.BadZipFile, OSError, EOFError, KeyError, ValueError) as exc:
        raise MalformedFileError(f"not a readable .keras archive ({type(exc).__name__}: {exc})", path=str(path)) from None


@contextmanager
def open_weights_member(archive: zipfile.ZipFile) -> Iterator[h5py.File]:
    """The archive's model.weights.h5, opened in place (h5py reads Python file objects): straight onto the
    zip's bytes when it is stored uncompressed, as Keras writes it, so h5py reads only what it asks for and a
    large file is never copied into memory; otherwise the member read into memory."""
    try:
        info = archive.getinfo(WEIGHTS_MEMBER)
    except KeyError:
        raise MalformedFileError(f".keras archive holds no {WEIGHTS_MEMBER}") from None
    raw = _stored_view(archive, info) if info.compress_type == zipfile.ZIP_STORED and archive.filename else None
    raw = raw or io.BytesIO(archive.read(WEIGHTS_MEMBER))
    try:
        with h5py.File(raw, "r") as h5:
            yield h5
    finally:
        raw.close()


def _stored_view(archive: zipfile.ZipFile, info: zipfile.ZipInfo) -> _Slice | None:
    """A read-only view of a stored member's bytes in the zip file, or None when its local header is not where
    the central directory says (then the member is read the ordinary way, which checks it)."""
    with open(archive.filename, "rb") as handle:
        handle.seek(info.header_offset)
        header = handle.read(30)
    if header[:4] != b"PK\x03\x04":
        return None
    start = info.header_offset + 30 + int.from_bytes(header[26:28], "little") + int.from_bytes(header[28:30], "little")
    return _Slice(Path(archive.filename), start, info.file_size)


class _Slice(io.RawIOBase):
    """Bytes [start, start + size) of a file, as a read-only seekable file of their own."""

    def __init__(self, path: Path, start: int, size: int) -> None:
        super().__init__()
        self._file = open(path, "rb")  # noqa: SIM115 (closed with the slice)
        self._start, self._size, self._position = start, size, 0

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def tell(self) -> int:
        return self._position

    def seek(self, offset: int, whence: int = io.SEEK_SET) -> int:
        base = {io.SEEK_SET: 0, io.SEEK_CUR: self._position, io.SEEK_END: self._size}[whence]
        self._position = max(0, base + offset)
        return self._position

    def readinto(self, buffer: Any) -> int:
        count = max(0, min(len(buffer), self._size - self._position))
        self._file.seek(self._start + self._position)
        read = self._file.readinto(memoryview(buffer)[:count])
        self._position += read
        return read

    def close(self) -> None:
        self._file.close()
        super().close()


def _member_json(archive: zipfile.ZipFile, name: str, required: bool) -> Any:
    if name not in archive.namelist():
        if required:
            raise NotKerasFileError(f"a zip archive without {name}: not a .keras file")
        return None
    if archive.getinfo(name).file_size > MAX_JSON_BYTES:
        raise MalformedFileError(f"{name} in the .keras archive is larger than 64 MiB")
    try:
        return json.loads(archive.read(name).decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        raise MalformedFileError(f"{name} is not valid JSON ({type(exc).__name__})") from None


def _record(path: Path, metadata: dict[str, Any], config: Any, h5: h5py.File) -> LegacyFile:
    version = metadata.get("keras_version") if isinstance(metadata, dict) else None
    version = version if isinstance(version, str) else None
    if not isinstance(config, dict) or not isinstance(config.get("config"), dict) or "layers" not in config["config"]:
        raise UnsupportedModelError(
            f"the .keras config holds no layers (class '{(config or {}).get('class_name')}' is a subclassed model: "
            "its architecture exists only in the code that defined it, which migrate never runs); define the class "
            "in Keras 3 from that code and load these weights into it (--from-code recovers Sequential and "
            "functional models from code, not subclassed ones)")
    keras3 = (version_tuple(version or "") or (0,))[0] >= 3
    model_config = legacy_form(config) if keras3 else dict(config)
    model_config["keras_version"] = version
    datasets = _datasets(h5)
    weights = _layer_weights(config, datasets, version_tuple(version or "") or (0,))
    training = None if keras3 else _training_config(config.get("compile_config"))
    return LegacyFile(path=str(path), format="model", keras_version=version, backend=None,
                      model_config=model_config, training_config=training, layer_weights=weights,
                      optimizer_weights=_optimizer_weights(datasets, weights) if training else (), container="keras_zip")


def _training_config(compile_config: Any) -> dict[str, Any] | None:
    """Keras 2.13-2.15's `compile_config` in the HDF5 `training_config` form (the optimizer as
    `optimizer_config`, functions saved as `{"class_name": "function", "config": name}` by their name).
    Keras 3 zips are passed through stock Keras 3, which reads its own."""
    if not isinstance(compile_config, dict) or not isinstance(compile_config.get("optimizer"), (dict, str)):
        return None
    plain = _function_names(compile_config)
    optimizer = plain.pop("optimizer")
    if isinstance(optimizer, str):  # compiled with a name ("adam"): the defaults of that class
        optimizer = {"class_name": OPTIMIZER_NAMES.get(optimizer.lower(), optimizer), "config": {}}
    return {**plain, "optimizer_config": {"class_name": optimizer.get("class_name"), "config": optimizer.get("config")}}


def _function_names(value: Any) -> Any:
    """Function records by their name, and `module`/`registered_name` dropped, through a config."""
    if isinstance(value, list):
        return [_function_names(item) for item in value]
    if isinstance(value, dict):
        if value.get("class_name") == "function" and isinstance(value.get("config"), str):
            return value["config"]
        return {key: _function_names(item) for key, item in value.items() if key not in ("module", "registered_name")}
    return value


def _optimizer_weights(datasets: dict[str, h5py.Dataset], weights: dict[str, tuple[WeightInfo, ...]]
                       ) -> tuple[WeightInfo, ...]:
    """`optimizer/vars/<i>`: the step counter, then each trainable weight's slots together (m, v of the first,
    then the second's), as tf.keras 2.11+ optimizers built them; named `optimizer/<kind>/<weight>` as those
    optimizers name theirs, so the slots are read weight by weight. How many slots each weight has is read
    off the shapes; where they fit no count, only the counter is kept (and the state is not carried)."""
    slots = _own("optimizer", datasets)
    if not slots or slots[0].shape != ():
        return ()
    body = slots[1:]
    shapes = [w.shape for layer in weights.values() for w in layer]
    kinds = next((k for k in (3, 2, 1) if _slots_fit(body, shapes, k)), None)
    if kinds is None:
        return tuple(slots[:1])
    renamed = [WeightInfo(f"optimizer/{i % kinds}/{i // kinds}", w.h5_path, w.shape, w.dtype) for i, w in enumerate(body)]
    return (slots[0], *renamed)


def _slots_fit(body: list[WeightInfo], shapes: list[tuple[int, ...]], kinds: int) -> bool:
    """Whether `body` reads as `kinds` slots per weight, weight by weight: runs of equal shapes whose
    sequence is the shapes of some of the model's weights, in order (the trainable ones)."""
    if not body or len(body) % kinds:
        return False
    runs = [body[i:i + kinds] for i in range(0, len(body), kinds)]
    if any(len({w.shape for w in run}) != 1 for run in runs):
        return False
    remaining = iter(shapes)
    return all(any(run[0].shape == shape for shape in remaining) for run in runs)


def _datasets(h5: h5py.File) -> dict[str, h5py.Dataset]:
    """Every dataset by its path with `/` separators, whatever separator Windows wrote."""
    found: dict[str, h5py.Dataset] = {}

    def visit(name: str, item: object) -> None:  # returning anything but None would stop the walk
        if isinstance(item, h5py.Dataset):
            found[name.replace("\\", "/")] = item

    h5.visititems(visit)
    return found


def _layer_weights(config: dict[str, Any], datasets: dict[str, h5py.Dataset], version: tuple[int, ...],
                   ) -> dict[str, tuple[WeightInfo, ...]]:
    """Per top-level layer (by config name, in config order), its weights from the archive."""
    layout = _layout(datasets, version)
    return {name: weights for name, weights in _model_layers(config["config"], layout.layers, datasets, layout)}


def _layout(datasets: dict[str, h5py.Dataset], version: tuple[int, ...]) -> Layout:
    """Where a model's layers are saved: `layers`, or in Keras 2.13 and 2.14 `_layer_checkpoint_dependencies`
    (their saver walked a model's attributes alphabetically, and that dict of the same layers, in the same
    order, came before `layers`). The dict lists a layer with weights twice (`layer_with_weights-k`, then
    `layer-i`), and Keras 2.13 counted the second listing too: its groups are `conv2d`, `conv2d_2`, ..."""
    legacy = any(key.startswith(LEGACY_LAYERS_ATTRIBUTE + "/") for key in datasets) and \
        not any(key.startswith("layers/") for key in datasets)
    if not legacy:
        return Layout("layers", counts_twice=False)
    return Layout(LEGACY_LAYERS_ATTRIBUTE, counts_twice=version[:2] == (2, 13))


def _model_layers(body: dict[str, Any], group: str, datasets: dict[str, h5py.Dataset], layout: Layout = PLAIN,
                  ) -> list[tuple[str, tuple[WeightInfo, ...]]]:
    """(layer name, weights) for a model's layers, each at its tracking name under `group`."""
    entries = body.get("layers")
    if not isinstance(entries, list):
        raise MalformedFileError("a model config's layers should be a list")
    used: dict[str, int] = {}
    found = []
    for entry in entries:
        if not isinstance(entry, dict) or not isinstance(entry.get("class_name"), str):
            raise MalformedFileError("a layer entry should be an object with a class_name")
        tracking = _tracking_name(entry["class_name"], used)
        layer_config = entry.get("config") if isinstance(entry.get("config"), dict) else {}
        name = entry.get("name") or layer_config.get("name") or tracking
        weights = tuple(_layer(entry, f"{group}/{tracking}", datasets, layout))
        if weights and layout.counts_twice:
            _tracking_name(entry["class_name"], used)
        found.append((str(name), weights))
    return found


def _layer(entry: dict[str, Any], group: str, datasets: dict[str, h5py.Dataset], layout: Layout = PLAIN,
           ) -> list[WeightInfo]:
    """One layer's weights: its own `vars/<i>` in order, then its children's (a nested model's layers,
    trainable weights before non-trainable ones as Keras 2 listed them)."""
    if entry["class_name"] in MODEL_CLASSES:
        inner = [weights for _, weights in _model_layers(entry.get("config") or {}, f"{group}/{layout.layers}", datasets,
                                                         layout)]
        return _trainable_first(entry.get("config") or {}, inner)
    weights = _own(group, datasets)
    children = sorted({key[len(group) + 1:].split("/")[0] for key in datasets if key.startswith(group + "/")} - {"vars"},
                      key=lambda child: (CHILD_ORDER.index(child) if child in CHILD_ORDER else len(CHILD_ORDER), child))
    for child in children:
        weights += _own_tree(f"{group}/{child}", datasets)
    return weights


def _own_tree(group: str, datasets: dict[str, h5py.Dataset]) -> list[WeightInfo]:
    """A child object's weights (an RNN cell, a wrapped layer), its own first, then its children's."""
    return _layer({"class_name": ""}, group, datasets)


def _own(group: str, datasets: dict[str, h5py.Dataset]) -> list[WeightInfo]:
    """`<group>/vars/0`, `/1`, ... in numeric order."""
    prefix = f"{group}/vars/"
    indexed = sorted((int(key[len(prefix):]), key) for key in datasets
                     if key.startswith(prefix) and key[len(prefix):].isdigit())
    return [weight_info(key, datasets[key]) for _, key in indexed]


def _trainable_first(body: dict[str, Any], per_layer: list[tuple[WeightInfo, ...]]) -> list[WeightInfo]:
    """A nested model's weights as its legacy group lists them: every trainable one, then the rest."""
    trainable: list[WeightInfo] = []
    frozen: list[WeightInfo] = []
    for entry, weights in zip(body.get("layers") or [], per_layer, strict=False):
        config = entry.get("config") if isinstance(entry, dict) and isinstance(entry.get("config"), dict) else {}
        tail = len(weights) if config.get("trainable") is False else NON_TRAINABLE_TAIL.get(entry.get("class_name"), 0)
        tail = min(tail, len(weights))
        trainable += weights[:len(weights) - tail]
        frozen += weights[len(weights) - tail:]
    return trainable + frozen


def _tracking_name(class_name: str, used: dict[str, int]) -> str:
    """Keras's name for the n-th object of a class in a saved list: snake case, `_1`, `_2` after the first."""
    name = snake_case(class_name)
    if name in used:
        used[name] += 1
        return f"{name}_{used[name]}"
    used[name] = 0
    return name


def snake_case(class_name: str) -> str:
    """`BatchNormalization` -> `batch_normalization`, `Conv1D` -> `conv1d`, as Keras's naming does."""
    name = re.sub(r"\W+", "", class_name)
    name = re.sub("(.)([A-Z][a-z]+)", r"\1_\2", name)
    return re.sub("([a-z])([A-Z])", r"\1_\2", name).lower()
