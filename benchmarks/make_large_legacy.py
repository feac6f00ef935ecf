"""Without a legacy Keras: write a Keras 2.3.1-format Sequential `.h5` holding > 500 MB of weights, with h5py.

    python benchmarks/make_large_legacy.py OUT.h5 [wide|deep]

The same layers as make_large_wrapper.py (wide: two 8192 x 8192 kernels, 256 MiB each; deep: eight
4096 x 4096, 64 MiB each), unwrapped, laid out as Keras 2.3.1's `model.save` lays them out (model_config
and keras_version attributes, model_weights/<layer>/<layer>/kernel:0): the file any Keras 2 would have
written, weights filled a block at a time so that making it never holds the model in memory.
"""

from __future__ import annotations

import json
import sys

import h5py
import numpy as np

INITIALIZER = {"class_name": "VarianceScaling", "config": {"scale": 1.0, "mode": "fan_avg", "distribution": "uniform",
                                                           "seed": None}}


def dense_config(name: str, units: int, activation: str, input_width: int | None) -> dict:
    config = {"name": name, "trainable": True, "dtype": "float32", "units": units, "activation": activation,
              "use_bias": True, "kernel_initializer": INITIALIZER,
              "bias_initializer": {"class_name": "Zeros", "config": {}}, "kernel_regularizer": None,
              "bias_regularizer": None, "activity_regularizer": None, "kernel_constraint": None, "bias_constraint": None}
    if input_width is not None:
        config["batch_input_shape"] = [None, input_width]
    return {"class_name": "Dense", "config": config}


def write(path: str, shape: str) -> None:
    width, depth = (8192, 2) if shape == "wide" else (4096, 8)
    sizes = [(width, width)] * depth + [(width, 10)]
    names = [f"dense_{i + 1}" for i in range(len(sizes))]
    layers = [dense_config(name, units, "relu" if units == width else "linear", width if i == 0 else None)
              for i, (name, (_, units)) in enumerate(zip(names, sizes, strict=True))]
    config = {"class_name": "Sequential", "config": {"name": "sequential_1", "layers": layers}}
    rng = np.random.default_rng(0)
    with h5py.File(path, "w") as f:
        f.attrs["keras_version"] = "2.3.1"
        f.attrs["backend"] = "tensorflow"
        f.attrs["model_config"] = json.dumps(config)
        weights = f.create_group("model_weights")
        weights.attrs["keras_version"] = "2.3.1"
        weights.attrs["backend"] = "tensorflow"
        weights.attrs["layer_names"] = np.array([n.encode() for n in names])
        for name, (rows, units) in zip(names, sizes, strict=True):
            group = weights.create_group(name)
            group.attrs["weight_names"] = np.array([f"{name}/kernel:0".encode(), f"{name}/bias:0".encode()])
            kernel = group.create_dataset(f"{name}/kernel:0", (rows, units), "float32")
            scale = np.float32(np.sqrt(6 / (rows + units)))  # glorot: activations stay finite through the stack
            for start in range(0, rows, 512):
                block = rng.uniform(-1, 1, (min(512, rows - start), units)).astype(np.float32)
                kernel[start:start + len(block)] = block * scale
            group.create_dataset(f"{name}/bias:0", data=np.zeros(units, np.float32))


if __name__ == "__main__":
    write(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else "wide")
