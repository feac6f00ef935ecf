"""Fixtures for recover/: legacy-layout weights-only checkpoints written with h5py, as Keras 2's
`save_weights` laid them out (one group per layer, `layer_names` and `weight_names` attributes)."""

from __future__ import annotations

from pathlib import Path

import h5py
import numpy as np


def write_checkpoint(path: Path, layers: list[tuple[str, list[tuple[str, tuple[int, ...]]]]],
                     keras_version: str = "2.2.4") -> dict[str, list[np.ndarray]]:
    """A weights-only file with these layers (name, [(weight, shape)]) and random weights; returns them."""
    rng = np.random.default_rng(0)
    written: dict[str, list[np.ndarray]] = {}
    with h5py.File(path, "w") as f:
        f.attrs["layer_names"] = [name.encode() for name, _ in layers]
        f.attrs["backend"] = b"tensorflow"
        f.attrs["keras_version"] = keras_version.encode()
        for name, weights in layers:
            group = f.create_group(name)
            group.attrs["weight_names"] = [f"{name}/{weight}:0".encode() for weight, _ in weights]
            written[name] = []
            for weight, shape in weights:
                array = rng.standard_normal(shape).astype("float32")
                group.create_dataset(f"{name}/{weight}:0", data=array)
                written[name].append(array)
    return written


def dense(name: str, rows: int, units: int) -> tuple[str, list[tuple[str, tuple[int, ...]]]]:
    return name, [("kernel", (rows, units)), ("bias", (units,))]
