"""Move every legacy weight onto its Keras 3 variable, by position, with shapes checked.

Names inside weight groups are not reliable (TensorFlow uniquified them: `hidden_1/kernel:0`,
`conv1d_1_4/kernel:0`), positions are: a plain layer's group lists its weights in the layer's own
order, and a nested model's group lists every trainable weight of its layers in layer order, then
every non-trainable one (BatchNormalization statistics, frozen layers). Keras 3 orders each
layer's weights the same way, so the pairing is exact, and every pair is shape-checked.

Groups are found by layer name. When no layer of the architecture names a group of the file (a
template rebuilt by hand in Keras 3 gets names like `dense` where the checkpoint says `dense_1`), the
groups are paired in order, as Keras 2's own `load_weights` did by default.
"""

from __future__ import annotations

from dataclasses import dataclass

import h5py
import keras
import numpy as np

from migrate.errors import MalformedFileError
from migrate.graph import Graph, Layer
from migrate.read import LegacyFile, WeightInfo
from migrate.read.store import open_weights
from migrate.rebuild.arrays import to_numpy
from migrate.rebuild.keras_compat import resource_handle
from migrate.rebuild.model import Rebuilt
from migrate.translate.weights import apply_fixes, keras1_joined, reshapes
from migrate.verify import digest_array, finish_digest, new_digest

# Weights larger than this are written in slices of 16 MiB rather than from one array.
STREAM_ABOVE_BYTES = 16 * 2**20


@dataclass(frozen=True)
class WeightMove:
    """One legacy weight, the Keras 3 variable it became, whether a layout fix changed it, and the digest of
    the variable as read back once it landed (the reload check compares the written file's against it)."""

    legacy: WeightInfo
    variable: keras.Variable
    trainable: bool
    fixed: bool
    digest: str = ""


def move_weights(file: LegacyFile, template: Graph, rebuilt: Rebuilt, weights_group: str | None,
                 reloaded: bool = False) -> list[WeightMove]:
    """Assign every template weight from `file`; the moves come back in legacy optimizer order.

    `reloaded`: the written file will be reloaded and each of its weights compared, bit for bit, with the digest a
    move returns (what a whole model's conversion does). The digest is then the array's that was assigned, and a
    weight small enough to be assigned whole is not read back as it lands: the reload check compares the file's
    bytes with that array's, which settles what the read-back did (the save writes the variable as it holds it).
    Without a reload (--weights-only), every weight is read back and compared as it lands."""
    plan = _plan(file, template, rebuilt, weights_group)
    fixed: set[int] = set()
    landed: dict[int, str] = {}
    with open_weights(file) as h5:
        for path, pairs in _by_layer(plan):
            translation = rebuilt.translations.get(path)
            if translation is None or not translation.weight_fixes:
                for info, variable, _ in pairs:
                    if info.parts:
                        landed[id(variable)] = _assign_exactly(variable, _read(h5, info), info, path, reloaded)
                        fixed.add(id(variable))
                    else:
                        landed[id(variable)] = _stream_exactly(variable, h5[info.h5_path], info, path, reloaded)
                continue
            arrays = [_read(h5, info) for info, _, _ in pairs]
            arrays = apply_fixes(translation.weight_fixes, translation.config, arrays)
            fixed.update(id(variable) for _, variable, _ in pairs)
            for (info, variable, _), array in zip(pairs, arrays, strict=True):
                landed[id(variable)] = _assign_exactly(variable, array, info, path, reloaded)
    return [WeightMove(info, var, trainable, id(var) in fixed, landed[id(var)]) for info, var, trainable, _ in plan]


def _check_kind(stored: np.dtype, variable: keras.Variable, info: WeightInfo, path: tuple[str, ...]) -> None:
    """Refuse a cast that would lose the values (float weights into an integer variable), which the
    bit-for-bit check after the cast could not see."""
    if stored.kind == "f" and np.dtype(variable.dtype).kind != "f":
        raise MalformedFileError(f"float weight '{info.name}' would land in {variable.dtype} variable {variable.path}",
                                 layer="/".join(path))


def _read(h5: h5py.File, info: WeightInfo) -> np.ndarray:
    """A stored weight as one array (Keras 1 per-gate parts joined along the last axis)."""
    if info.parts:
        return np.concatenate([np.asarray(h5[part][()]) for part in info.parts], axis=-1)
    return np.asarray(h5[info.h5_path][()])


def _assign_exactly(variable: keras.Variable, array: np.ndarray, info: WeightInfo, path: tuple[str, ...],
                    reloaded: bool = False) -> str:
    """Assign, then read back: the structural verification that the tensor arrived bit for bit; the
    read-back's digest (what the reload check compares the reloaded weight with).

    Up to STREAM_ABOVE_BYTES the read-back is compared with the array byte for byte: a digest of the array too
    would hash every weight twice where a memory compare settles it. A larger array (a Keras 1 layer's joined
    gates, a layout fix: these are not streamed) is compared by digest, so that it is freed before the read-back
    copy exists: at most two copies of it are alive besides the model (the file's, then TensorFlow's).
    `reloaded` (move_weights says when): up to STREAM_ABOVE_BYTES, the array's digest, with no read-back.
    """
    if tuple(array.shape) != tuple(variable.shape):
        raise MalformedFileError(
            f"weight '{info.name}' has shape {tuple(info.shape)}, {tuple(array.shape)} once converted, but Keras 3 "
            f"expects {tuple(variable.shape)} for {variable.path}", layer="/".join(path))
    _check_kind(np.dtype(array.dtype), variable, info, path)
    array = array.astype(variable.dtype, copy=False)
    if reloaded and array.nbytes <= STREAM_ABOVE_BYTES:
        variable.assign(array)
        return digest_array(array)
    expected = digest_array(array) if array.nbytes > STREAM_ABOVE_BYTES else None
    variable.assign(array)
    if expected is not None:
        del array  # the caller passes a temporary: free it before reading the variable back
    landed = to_numpy(variable.value)
    digest = digest_array(landed)
    survived = digest == expected if expected is not None else _same_bytes(landed, array)
    if not survived:
        raise MalformedFileError(f"weight '{info.name}' did not survive the move bit for bit", layer="/".join(path))
    return digest


def _stream_exactly(variable: keras.Variable, dataset: h5py.Dataset, info: WeightInfo, path: tuple[str, ...],
                    reloaded: bool = False) -> str:
    """Copy a large dataset into a variable 16 MiB at a time, each block read back and compared as it lands;
    the digest of what landed.

    A 500 MB layer then never exists twice in memory while it lands. The sliced write is TensorFlow's
    own op on the variable's handle: slicing the variable object would read (alias) it first, and
    every write would then copy the whole variable. Elsewhere (another backend, a small or scalar
    weight), the whole array is assigned at once.
    """
    resource = resource_handle(variable)
    if resource is None or not dataset.shape or dataset.nbytes <= STREAM_ABOVE_BYTES:
        return _assign_exactly(variable, np.asarray(dataset[()]), info, path, reloaded)
    import tensorflow as tf

    handle, handle_dtype = resource
    _check_kind(dataset.dtype, variable, info, path)
    landed = new_digest()
    rank = len(dataset.shape)
    for start, stop in row_blocks_for(dataset.shape, dataset.dtype.itemsize):
        block = np.ascontiguousarray(np.asarray(dataset[start:stop]).astype(variable.dtype, copy=False))
        tf.raw_ops.ResourceStridedSliceAssign(ref=handle, begin=[start] + [0] * (rank - 1),
                                              end=[stop, *dataset.shape[1:]], strides=[1] * rank, value=block)
        # read back by rows: a whole read would copy the variable twice
        rows = np.ascontiguousarray(tf.raw_ops.ResourceGather(resource=handle, indices=np.arange(start, stop),
                                                              dtype=handle_dtype).numpy())
        if not _same_bytes(rows, block):
            raise MalformedFileError(f"weight '{info.name}' did not survive the move bit for bit", layer="/".join(path))
        landed.update(memoryview(rows).cast("B"))
    return finish_digest(landed, dataset.shape)


def _same_bytes(a: np.ndarray, b: np.ndarray) -> bool:
    """Bit-for-bit equality of two arrays of one dtype (NaNs and signed zeros included, unlike ==), compared as
    8-byte words where the size allows (a quarter of SHA-1's time here, against half as single bytes)."""
    if a.shape != b.shape or a.dtype != b.dtype:
        return False
    x, y = np.ascontiguousarray(a).reshape(-1).view(np.uint8), np.ascontiguousarray(b).reshape(-1).view(np.uint8)
    if x.size % 8 == 0:
        x, y = x.view(np.uint64), y.view(np.uint64)
    return np.array_equal(x, y)


def row_blocks_for(shape: tuple[int, ...], itemsize: int, block_bytes: int = 16 * 2**20) -> list[tuple[int, int]]:
    """First-axis slices of about `block_bytes` for an array of `shape`."""
    row_bytes = max(1, int(np.prod(shape[1:], dtype=np.int64)) * itemsize)
    rows = max(1, block_bytes // row_bytes)
    return [(i, min(i + rows, shape[0])) for i in range(0, shape[0], rows)]


Plan = list[tuple[WeightInfo, keras.Variable, bool, tuple[str, ...]]]
Expected = tuple[keras.Variable, bool, tuple[str, ...]]  # a variable, whether trainable, its layer's path


def _plan(file: LegacyFile, template: Graph, rebuilt: Rebuilt, weights_group: str | None) -> Plan:
    """Pair legacy weights with Keras 3 variables, group by group, in the file's order."""
    if weights_group is not None:
        stored = file.layer_weights.get(weights_group, ())
        return _pair(stored, _expected(template, (), rebuilt), weights_group, rebuilt)
    wanted = [(layer.name, _layer_variables(layer, rebuilt)) for layer in template.layers]
    wanted = [(name, variables) for name, variables in wanted if variables]
    groups = {name: weights for name, weights in file.layer_weights.items() if weights}
    if wanted and groups and not any(name in groups for name, _ in wanted):
        return _plan_by_order(list(groups.items()), wanted, rebuilt)
    plan: Plan = []
    for layer in template.layers:
        stored = _stored(file, layer)
        variables = _layer_variables(layer, rebuilt)
        if variables or layer.model is not None or (layer.name,) in rebuilt.layers:
            plan += _pair(stored, variables, layer.name, rebuilt)
        elif stored:
            raise MalformedFileError(f"the file holds {len(stored)} weights for it, but it has none", layer=layer.name)
    return plan


def _stored(file: LegacyFile, layer: Layer) -> tuple[WeightInfo, ...]:
    """The layer's weights in the file, Keras 1 per-gate RNN arrays joined as Keras 2's loader did."""
    stored = file.layer_weights.get(layer.name, ())
    if not (file.keras_version or "").startswith("1."):
        return stored
    if layer.class_name == "Bidirectional":  # forward half, then backward half
        inner = str((layer.config.get("layer") or {}).get("class_name"))
        half = len(stored) // 2
        return keras1_joined(inner, stored[:half]) + keras1_joined(inner, stored[half:])
    return keras1_joined(layer.class_name, stored)


def _layer_variables(layer: Layer, rebuilt: Rebuilt) -> list[Expected]:
    key = (layer.name,)
    if layer.model is not None:
        return _expected(layer.model, key, rebuilt)
    return _own(rebuilt.layers[key], key) if key in rebuilt.layers else []


def _plan_by_order(groups: list[tuple[str, tuple[WeightInfo, ...]]], wanted: list[tuple[str, list[Expected]]],
                   rebuilt: Rebuilt) -> Plan:
    """Weighted groups of the file onto weighted layers of the architecture, one for one, in order."""
    if len(groups) != len(wanted):
        raise MalformedFileError(
            f"no layer of the architecture is named like a weight group of the file, and the file has "
            f"{len(groups)} weighted groups where the architecture has {len(wanted)} weighted layers; "
            "the architecture does not match these weights")
    pairs = ", ".join(f"{group} -> {name}" for (group, _), (name, _) in zip(groups, wanted, strict=True))
    rebuilt.warnings.append(f"weights matched to layers by order (no layer name of the architecture is in the file): {pairs}")
    plan: Plan = []
    for (group, stored), (_, variables) in zip(groups, wanted, strict=True):
        plan += _pair(stored, variables, group, rebuilt)
    return plan


def _own(layer: keras.layers.Layer, path: tuple[str, ...]) -> list[Expected]:
    trainable = {id(v) for v in layer.trainable_weights}
    return [(v, id(v) in trainable, path) for v in layer.weights]


def _expected(graph: Graph, path: tuple[str, ...], rebuilt: Rebuilt) -> list[Expected]:
    """A nested model's variables as Keras 2 stored them: all trainable ones, then the rest."""
    own = []
    for inner_path, layer in graph.walk():
        key = (*path, *inner_path[1:], layer.name)
        if key in rebuilt.layers:
            own += _own(rebuilt.layers[key], key)
    return [entry for entry in own if entry[1]] + [entry for entry in own if not entry[1]]


def _pair(stored: tuple[WeightInfo, ...], expected: list[Expected], group: str,
          rebuilt: Rebuilt) -> Plan:
    if len(stored) != len(expected):
        raise MalformedFileError(
            f"weight group '{group}' holds {len(stored)} weights but the rebuilt model needs {len(expected)}; "
            "the architecture does not match these weights", layer=group)
    plan = []
    for info, (variable, trainable, path) in zip(stored, expected, strict=True):
        translation = rebuilt.translations.get(path)
        if translation is not None and reshapes(translation.weight_fixes):
            pass  # checked once the fix has made the array Keras 3's (_assign_exactly)
        elif tuple(info.shape) != tuple(variable.shape):
            raise MalformedFileError(
                f"weight '{info.name}' has shape {tuple(info.shape)} but Keras 3 expects {tuple(variable.shape)} "
                f"for {variable.path}", layer="/".join(path))
        plan.append((info, variable, trainable, path))
    return plan


def _by_layer(plan: Plan) -> list[tuple[tuple[str, ...], list[tuple[WeightInfo, keras.Variable, bool]]]]:
    """The plan regrouped per Keras 3 layer, each layer's weights in its own variable order."""
    groups: dict[tuple[str, ...], list[tuple[WeightInfo, keras.Variable, bool]]] = {}
    for info, variable, trainable, path in plan:
        groups.setdefault(path, []).append((info, variable, trainable))
    return list(groups.items())
