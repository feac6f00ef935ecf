"""What a written `.keras` zip holds beside its model: the compile settings and the optimizer's saved state.

Read with zipfile, json and h5py (no Keras), so the reload check can load the model stock without compiling
it and judge the training part from the file itself (rebuild/pipeline.py says why that is the same proof).
"""

from __future__ import annotations

import json
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import h5py
import numpy as np

from migrate.errors import MalformedFileError, VerificationError
from migrate.read.keras_zip import open_weights_member
from migrate.verify.checks import digest_array

CONFIG = "config.json"
OPTIMIZER_VARIABLES = "optimizer/vars"


def compile_config_in(path: Path) -> dict[str, Any] | None:
    """The compile settings the written file carries (what stock `load_model` compiles with), or None."""
    with zipfile.ZipFile(path) as archive:
        config = json.loads(archive.read(CONFIG))
    return config.get("compile_config") or None


def optimizer_digests_in(path: Path) -> tuple[str, ...]:
    """The digest of each optimizer variable the written file saved, in the order stock Keras restores them
    (`optimizer/vars/0`, `1`, ...); reads those datasets alone, never the model's weights."""
    with zipfile.ZipFile(path) as archive, _weights(archive) as h5:
        group = h5.get(OPTIMIZER_VARIABLES)
        if group is None:
            return ()
        names = sorted(group, key=lambda name: int(name) if name.isdigit() else -1)
        if any(not name.isdigit() for name in names) or names != [str(i) for i in range(len(names))]:
            raise VerificationError(f"the written file's optimizer variables are not numbered 0..n: {names[:5]}")
        return tuple(digest_array(_read(group.id, name)) for name in names)


def _read(group: h5py.h5g.GroupID, name: str) -> np.ndarray:
    """A dataset's whole value through h5py's low-level calls: the same bytes as `group[name][()]`, without the
    Python objects the high-level API makes for each access (a third of the time per dataset; an Adam-trained
    Xception's file holds 106 of them)."""
    dataset = h5py.h5d.open(group, name.encode())
    value = np.empty(dataset.shape, dataset.dtype)
    if value.size:
        dataset.read(h5py.h5s.ALL, h5py.h5s.ALL, value)
    return value


@contextmanager
def _weights(archive: zipfile.ZipFile) -> Iterator[h5py.File]:
    """The written file's model.weights.h5, opened in place as the reader opens one (`read.keras_zip`)."""
    try:
        with open_weights_member(archive) as h5:
            yield h5
    except MalformedFileError as exc:
        raise VerificationError(f"the written file: {exc}") from None
