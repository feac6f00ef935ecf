"""The weights of a read file, opened for reading whatever container holds them.

A `WeightInfo.h5_path` says where a weight lives in its container: an HDF5 path in the file itself,
an HDF5 path inside a `.keras` zip's model.weights.h5, or a checkpoint key of a SavedModel. What comes
back maps that path to an array-like (an h5py dataset, or a read-only memory map of the checkpoint
shard) that supports `[()]`, slicing, `.shape`, `.dtype` and `.nbytes`, so the code that moves weights
reads every container the same way, a large weight a slice at a time.
"""

from __future__ import annotations

import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import h5py

from migrate.errors import MalformedFileError
from migrate.read.hdf5 import LegacyFile
from migrate.read.keras_zip import open_weights_member
from migrate.read.savedmodel import variables_prefix
from migrate.read.tensor_bundle import read_bundle_index, read_tensor, shard_count


class CheckpointTensors:
    """A SavedModel's checkpoint as key -> tensor, each read (memory-mapped) when asked for."""

    def __init__(self, directory: Path) -> None:
        self.prefix = variables_prefix(directory)
        self.entries = read_bundle_index(self.prefix)
        self.shards = shard_count(self.prefix)

    def __getitem__(self, key: str) -> Any:
        entry = self.entries.get(key)
        if entry is None:
            raise MalformedFileError(f"the checkpoint holds no tensor '{key}'")
        return read_tensor(self.prefix, entry, self.shards)


@contextmanager
def open_weights(file: LegacyFile) -> Iterator[Any]:
    """`file`'s weights as a mapping from `h5_path` to an array-like, for the duration of the block."""
    if file.container == "savedmodel":
        yield CheckpointTensors(Path(file.path))
    elif file.container == "keras_zip":
        with zipfile.ZipFile(file.path) as archive, open_weights_member(archive) as h5:
            yield h5
    else:
        with h5py.File(file.path, "r") as h5:
            yield h5
