"""The Keras side of a conversion: rebuild, move weights, compile, verify, save.

The converted model lives only inside `_build_and_stage`: by the time the written file is reloaded
for the final check, it has been freed, so the two never sit in memory together.
"""

from __future__ import annotations

import gc
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from migrate.errors import MalformedFileError
from migrate.graph import Graph
from migrate.h5 import LegacyFile
from migrate.rebuild.model import rebuild_model
from migrate.rebuild.options import UserObjects, load_user_objects
from migrate.rebuild.training import carry_optimizer_state, compile_like_legacy, note_training_differences
from migrate.rebuild.weights import move_weights
from migrate.save import keras_streams_large_weights, publish, staging
from migrate.translate import SourceInfo
from migrate.verify import Fingerprint, check_reference, check_reload, fingerprint, load_reference


@dataclass
class Built:
    """What the Keras side measured and decided, for the ConversionResult."""

    params: int = 0
    weights_moved: int = 0
    weights_fixed: int = 0
    optimizer: str | None = None
    optimizer_slots: int = 0
    iterations: int | None = None
    max_abs_diff: float | None = None
    bytes_written: int = 0
    verify_seconds: float = 0.0
    notes: list[str] = field(default_factory=list)


def build_verified(file: LegacyFile, template: Graph, weights_group: str | None, output_names: list[str],
                   options: Any, destination: Path) -> Built:
    """Everything past the reading side; raises MigrateError at the first thing that is not right."""
    user = load_user_objects(list(options.lambdas), list(options.custom_objects))
    needed = user.custom_objects()
    with staging(destination) as stage, keras_streams_large_weights():
        staged = stage / ("model.weights.h5" if options.weights_only else "model.keras")
        exported = stage / "savedmodel" if options.savedmodel else None
        built, expected = _build_and_stage(file, template, weights_group, output_names, options, user, staged, exported)
        release_freed_memory()
        if not options.weights_only:
            started = time.perf_counter()
            check_reload(staged, expected, needed)
            built.verify_seconds += time.perf_counter() - started
        if needed:
            built.notes.append("loading it needs your own objects: keras.saving.load_model(path, custom_objects="
                               f"{{{', '.join(repr(k) + ': ...' for k in sorted(needed))}}})")
        built.bytes_written = staged.stat().st_size
        publish(staged, destination)
        if exported is not None:
            publish(exported, Path(options.savedmodel))
    return built


def _build_and_stage(file: LegacyFile, template: Graph, weights_group: str | None, output_names: list[str],
                     options: Any, user: UserObjects, staged: Path, exported: Path | None) -> tuple[Built, Fingerprint]:
    """Rebuild, fill, compile, check against the reference, write; the model dies when this returns."""
    rebuilt = rebuild_model(template, SourceInfo(file.keras_version, file.backend, file.is_tf_keras), user)
    model = rebuilt.model
    moves = move_weights(file, template, rebuilt, weights_group)
    release_freed_memory()  # the 16 MiB blocks the weights streamed through: back to the OS before saving
    if len(moves) != len(model.weights):
        raise MalformedFileError(f"the file holds {len(moves)} of the {len(model.weights)} weights the model needs")
    built = Built(params=int(sum(np.prod(v.shape) for v in model.weights)), weights_moved=len(moves),
                  weights_fixed=sum(move.fixed for move in moves), notes=list(dict.fromkeys(rebuilt.notes)))
    if file.training_config:
        carry = _carry_training(model, file, moves, output_names)
        built.optimizer, built.optimizer_slots, built.iterations = carry.optimizer, carry.slots_moved, carry.iterations
        built.notes += carry.notes
    started = time.perf_counter()
    inputs = load_reference(options.reference)[0] if options.reference else synthetic_inputs(model)
    if options.reference:
        built.max_abs_diff = check_reference(model, options.reference, options.atol)
    expected = fingerprint(model, inputs) if not options.weights_only else Fingerprint((), None, None)
    built.verify_seconds = time.perf_counter() - started
    if options.weights_only:
        model.save_weights(staged)
    else:
        model.save(staged)
    if exported is not None:
        model.export(str(exported), verbose=False)
    return built, expected


def _carry_training(model: Any, file: LegacyFile, moves: list[Any], output_names: list[str]) -> Any:
    """Compile like the legacy run and carry its optimizer state. The training config is the file's
    free-form JSON, checked by Keras's own constructors: whatever they refuse is a malformed file."""
    try:
        carry = compile_like_legacy(model, file.training_config, output_names)
        carry_optimizer_state(model, file, moves, carry)
    except (TypeError, ValueError, AttributeError, KeyError) as exc:
        raise MalformedFileError(f"the training config cannot be carried over ({type(exc).__name__}: "
                                 f"{str(exc)[:160]})") from None
    note_training_differences(model, file, carry)
    return carry


def release_freed_memory() -> None:
    """Collect the freed model and hand its pages back to the OS before the reload allocates another.

    glibc keeps freed heap memory mapped; `malloc_trim(0)` returns it. Elsewhere this is a no-op.
    """
    gc.collect()
    try:
        import ctypes

        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):
        pass


def synthetic_inputs(model: Any, batch: int = 2, free: int = 32) -> list[np.ndarray] | None:
    """Deterministic inputs for the reload check when no reference was given (ints stay at 0).

    Unknown dimensions get `free`; if the model cannot run on them (a net that needs larger images),
    None: the reload check then compares weights and config only.
    """
    rng = np.random.default_rng(0)
    arrays = []
    for tensor in model.inputs:
        shape = [batch] + [d if d is not None else free for d in tensor.shape[1:]]
        dtype = np.dtype(str(tensor.dtype))
        arrays.append(np.zeros(shape, dtype) if dtype.kind in "iub" else rng.uniform(-1, 1, shape).astype(dtype))
    try:
        model(arrays if len(arrays) > 1 else arrays[0], training=False)
    except Exception:  # Keras refuses unfit inputs in many ways; any of them means: no output check
        return None
    return arrays
