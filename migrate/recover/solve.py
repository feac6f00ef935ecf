"""Line a rebuilt model's layers up with the checkpoint's, read solved values off the shapes, and give
the layers the checkpoint's names.

Layers are paired by kind and creation order (`dense_1, dense_2` in the file, `dense, dense_1` in Keras 3:
the same code made them in the same order), or, when the kinds differ (Keras 1 class names), the layers
holding weights in order. Renamed to the checkpoint's names, the config's weights are then found by
name, as Keras 2's `load_weights` found them.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from migrate.read.keras_archive import legacy_form
from migrate.recover.checkpoint import Checkpoint, Shape, counter_of, kind_of

Built = list[tuple[str, list[Shape]]]  # a rebuilt model's layers: name and weight shapes


def align(checkpoint: Checkpoint, built: Built) -> dict[str, str] | None:
    """Keras 3 layer name -> checkpoint group name; None when the two do not line up."""
    by_kind = _align_by_kind([name for name, _ in checkpoint.layers], [name for name, _ in built])
    if by_kind is not None:
        return by_kind
    holding = [name for name, shapes in built if shapes]
    if len(holding) != len(checkpoint.holding):
        return None
    return {mine: theirs for mine, (theirs, _) in zip(holding, checkpoint.holding, strict=True)}


def _align_by_kind(theirs: list[str], mine: list[str]) -> dict[str, str] | None:
    """Pair names of the same kind in creation order, when both have the same kinds the same number of
    times (input layers a Keras 3 Sequential adds but no checkpoint holds are left out)."""
    groups_theirs, groups_mine = _by_kind(theirs), _by_kind(mine)
    if "input_layer" not in groups_theirs:
        groups_mine.pop("input_layer", None)
    if {k: len(v) for k, v in groups_theirs.items()} != {k: len(v) for k, v in groups_mine.items()}:
        return None
    return {a: b for kind in groups_mine for a, b in zip(groups_mine[kind], groups_theirs[kind], strict=True)}


def _by_kind(names: list[str]) -> dict[str, list[str]]:
    groups: dict[str, list[str]] = defaultdict(list)
    for name in names:
        groups[kind_of(name)].append(name)
    return {kind: sorted(group, key=counter_of) for kind, group in groups.items()}


def solved_values(checkpoint: Checkpoint, built: Built, mapping: dict[str, str],
                  placeholders: dict[int, str]) -> dict[str, int]:
    """Each placeholder found in a rebuilt weight shape, as the checkpoint's number at the same place."""
    theirs = dict(checkpoint.layers)
    found: dict[str, int] = {}
    for name, shapes in built:
        for mine, real in zip(shapes, theirs.get(mapping.get(name, ""), ()), strict=False):
            if len(mine) != len(real):
                continue
            for dim, value in zip(mine, real, strict=True):
                if dim in placeholders:
                    found.setdefault(placeholders[dim], value)
    return found


def shapes_agree(checkpoint: Checkpoint, built: Built, mapping: dict[str, str]) -> bool:
    """Whether every rebuilt layer holding weights has the checkpoint's shapes, one for one."""
    theirs = dict(checkpoint.layers)
    holding = [(name, shapes) for name, shapes in built if shapes]
    if len(holding) != len(checkpoint.holding):
        return False
    return all(name in mapping and [tuple(s) for s in shapes] == list(theirs[mapping[name]]) for name, shapes in holding)


def renamed(config: Any, mapping: dict[str, str]) -> Any:
    """The config with every layer name replaced at once (names, inbound references, inputs, outputs):
    a string equal to a mapped name is that layer's name wherever it stands in a model config."""
    if isinstance(config, dict):
        return {key: renamed(value, mapping) for key, value in config.items()}
    if isinstance(config, list):
        return [renamed(value, mapping) for value in config]
    if isinstance(config, str):
        return mapping.get(config, config)
    return config


def legacy_config(config: dict[str, Any]) -> dict[str, Any]:
    """The Keras 3 config the slice built, in the legacy form the graph reads, by the one reader of Keras 3
    configs (read/keras_archive.py): inbound nodes as `[layer, node, tensor, kwargs]`, and a nested model's
    calls counted from 1 as legacy Keras did (Keras 3 counts them from 0). The version is left out: the
    checkpoint's own generation decides how its weights are read, not the Keras that ran the slice."""
    legacy = legacy_form(config)
    legacy.pop("keras_version", None)
    return legacy
