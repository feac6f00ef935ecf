"""An architecture kept apart from its weights: the `to_json()` file users saved beside a checkpoint.

Many Keras 1 projects (Udacity's CarND behavioral cloning, whose `drive.py` read it back with
`model_from_json(json.load(f))`) saved it with `json.dump(model.to_json(), f)`: a JSON string whose text is
the config. Both forms are read.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from migrate.errors import MalformedFileError, MissingPathError, NotKerasFileError
from migrate.read.attrs import loads_config
from migrate.read.identify import describe_foreign, is_zip_start

MAX_JSON_BYTES = 64 * 2**20


def sidecar_architecture(weights_path: str | Path) -> Path | None:
    """`<stem>.json` beside a weights file, the convention `zoo` and `inspect` follow, when it exists."""
    candidate = Path(weights_path).with_suffix(".json")
    return candidate if candidate.is_file() else None


def read_architecture_json(path: str | Path) -> dict[str, Any]:
    """The model config a `to_json()` file holds, as plain data."""
    path = Path(path)
    try:
        if path.stat().st_size > MAX_JSON_BYTES:
            raise MalformedFileError("architecture JSON larger than 64 MiB", path=str(path))
        config = loads_config(path.read_text(encoding="utf-8"))
        if isinstance(config, str):  # `json.dump(model.to_json(), f)`: the JSON text saved as a JSON string
            config = loads_config(config)
    except FileNotFoundError:
        raise MissingPathError(path, "architecture file") from None
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        raise MalformedFileError(f"architecture is not valid JSON ({type(exc).__name__})", path=str(path)) from None
    if not isinstance(config, dict) or "class_name" not in config:
        raise MalformedFileError("architecture JSON is not a Keras model config", path=str(path))
    return config


def is_tf_keras_config(config: dict[str, Any]) -> bool:
    """Whether tf.keras wrote this architecture (its nested Sequential models number calls differently)."""
    from migrate.read.hdf5 import is_tf_keras_version

    return is_tf_keras_version(str(config.get("keras_version", "")))


def read_architecture(path: str | Path) -> dict[str, Any]:
    """A model config from a `to_json()` file, a whole-model HDF5, a `.keras` archive or a SavedModel,
    told apart by content."""
    path = Path(path)
    from migrate.read.detect import detect_container

    container = detect_container(path)
    foreign = describe_foreign(path) if container is None and path.is_file() and not is_zip_start(path) else None
    if foreign:  # a pickle (zipfile would find the zip a pickled model holds), a checkpoint, ...
        raise NotKerasFileError(foreign, path=str(path))
    if container == "keras_zip" or (container is None and path.suffix.lower() == ".keras"):  # the latter: its error
        from migrate.read.keras_archive import read_keras_archive

        return read_keras_archive(path)
    if container is not None:
        from migrate.read.detect import read_model_file

        file = read_model_file(path)
        if file.model_config is None:
            raise MalformedFileError("architecture file is itself weights-only", path=str(path))
        # an HDF5 file states its Keras version beside the config: carried into it, since a checkpoint that
        # states none (Keras 1's save_weights) is translated as the version its architecture names
        return {**file.model_config, "keras_version": file.model_config.get("keras_version") or file.keras_version}
    return read_architecture_json(path)
