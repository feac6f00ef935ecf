"""The Keras side of a conversion: rebuild, move weights, compile, verify, save."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from migrate.errors import MalformedFileError
from migrate.graph import Graph
from migrate.h5 import LegacyFile
from migrate.rebuild.model import rebuild_model
from migrate.rebuild.options import load_user_objects
from migrate.rebuild.training import carry_optimizer_state, compile_like_legacy
from migrate.rebuild.weights import move_weights
from migrate.save import export_savedmodel_atomically, save_model_atomically
from migrate.translate import SourceInfo
from migrate.verify import check_reference, check_reload, load_reference


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
    notes: list[str] = field(default_factory=list)


def build_verified(file: LegacyFile, template: Graph, weights_group: str | None, output_names: list[str],
                   options: Any, destination: Path) -> Built:
    """Everything past the reading side; raises MigrateError at the first thing that is not right."""
    user = load_user_objects(list(options.lambdas), list(options.custom_objects))
    rebuilt = rebuild_model(template, SourceInfo(file.keras_version, file.backend, file.is_tf_keras), user)
    model = rebuilt.model
    moves = move_weights(file, template, rebuilt, weights_group)
    if len(moves) != len(model.weights):
        raise MalformedFileError(f"the file holds {len(moves)} of the {len(model.weights)} weights the model needs")
    built = Built(params=int(sum(np.prod(v.shape) for v in model.weights)), weights_moved=len(moves),
                  weights_fixed=sum(move.fixed for move in moves), notes=list(dict.fromkeys(rebuilt.notes)))
    if file.training_config:
        carry = compile_like_legacy(model, file.training_config, output_names)
        carry_optimizer_state(model, file, moves, carry)
        built.optimizer, built.optimizer_slots, built.iterations = carry.optimizer, carry.slots_moved, carry.iterations
        built.notes += carry.notes
    inputs = load_reference(options.reference)[0] if options.reference else synthetic_inputs(model)
    if options.reference:
        built.max_abs_diff = check_reference(model, options.reference, options.atol)
    needed = user.custom_objects()
    if needed:
        built.notes.append("loading it needs your own objects: keras.saving.load_model(path, custom_objects="
                           f"{{{', '.join(repr(k) + ': ...' for k in sorted(needed))}}})")
    built.bytes_written = save_model_atomically(model, destination, options.weights_only,
                                                check=lambda path: check_reload(path, model, inputs, needed))
    if options.savedmodel:
        export_savedmodel_atomically(model, Path(options.savedmodel))
    return built


def synthetic_inputs(model: Any, batch: int = 2) -> list[np.ndarray]:
    """Deterministic inputs for the reload check when no reference was given (ints stay at 0)."""
    rng = np.random.default_rng(0)
    arrays = []
    for tensor in model.inputs:
        shape = [batch] + [d if d is not None else 4 for d in tensor.shape[1:]]
        dtype = np.dtype(str(tensor.dtype))
        arrays.append(np.zeros(shape, dtype) if dtype.kind in "iub" else rng.uniform(-1, 1, shape).astype(dtype))
    return arrays
