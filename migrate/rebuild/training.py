"""Compile settings and optimizer state on the Keras 3 model: training resumes where the legacy run stopped.

What the settings mean is decided in translate/training.py, as data; this module makes the Keras
objects, moves the slot variables, and says where Keras 3 will train differently.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass, field
from typing import Any

import keras
import numpy as np

from migrate.read import LegacyFile
from migrate.read.store import open_weights
from migrate.rebuild.keras_compat import build_with_array_slots, keeps_slot, keras_mask, slot_variable
from migrate.rebuild.weights import WeightMove
from migrate.translate import SourceInfo
from migrate.translate.training import (
    SQUARING_OPTIMIZERS,
    OptimizerSpec,
    averages_masked_loss_over_all_steps,
    slot_kinds,
    slot_position,
    step_offset,
    trainable_order_by_name,
    translate_training,
    variable_major,
)


@dataclass
class TrainingCarry:
    """What was carried: the compile arguments and how much optimizer state; notes on what was translated,
    warnings on what was left behind or will train differently."""

    optimizer: str | None = None
    iterations: int | None = None
    slots_moved: int = 0
    notes: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def compile_like_legacy(model: keras.Model, training_config: dict[str, Any], output_names: list[str],
                        functions: dict[str, Any] | None = None) -> TrainingCarry:
    """Compile `model` with the legacy optimizer, losses, metrics and loss weights (keyed by output order).

    A training config is for resuming training, never for predictions: what Keras 3 does not know (a
    custom loss or metric, a structure it refuses) is left out with a warning, and the model converts.
    A loss or metric named as one of `functions` (the user's, registered: the ported `<stem>_custom.py`'s)
    is compiled as that function, and saved by its registered name.
    """
    spec = translate_training(training_config, output_names)
    carry = TrainingCarry(optimizer=spec.optimizer.class_name, notes=list(spec.optimizer.notes),
                          warnings=list(spec.optimizer.warnings))
    optimizer = _optimizer(spec.optimizer, carry)
    own = functions or {}
    loss = _known(spec.loss, keras.losses.get, "loss", carry, own)
    metrics = _known(spec.metrics, keras.metrics.get, "metric", carry, own)
    try:
        model.compile(optimizer=optimizer, loss=loss, loss_weights=spec.loss_weights, metrics=metrics)
    except (TypeError, ValueError, KeyError) as exc:
        carry.warnings.append(f"compiled with the optimizer alone: Keras 3 refused the losses or metrics ({exc})")
        model.compile(optimizer=optimizer)
    keep_reloadable(model, optimizer, carry)
    # saved with its slots, so a compiled reload matches it; Keras's own build, the slots NumPy arrays (the model
    # is saved, never trained: a backend variable per slot cost a seventh of converting an Xception)
    build_with_array_slots(model.optimizer, model.trainable_variables)
    return carry


def keep_reloadable(model: keras.Model, optimizer: keras.optimizers.Optimizer, carry: TrainingCarry) -> None:
    """Compile with the optimizer alone when the losses or metrics would not deserialize again, which is the
    first thing a stock reload does with them: a training config must never make the written file unloadable.

    The optimizer is left out of this trial: Keras made it from its own class and arguments, and the reload check
    (pipeline.check_training_reloads) deserializes the written settings whole, stock, anyway; deserializing it
    here too built a second optimizer, with its variables, for nothing."""
    settings = {key: value for key, value in model.get_compile_config().items() if key != "optimizer"}
    try:
        keras.saving.deserialize_keras_object(settings)
    except Exception as exc:  # whatever Keras raises here, it would raise at load_model too
        carry.warnings.append("compiled with the optimizer alone: the losses or metrics would not survive a Keras 3 "
                              f"save and reload ({type(exc).__name__}: {str(exc).splitlines()[0][:120]})")
        model.compile(optimizer=optimizer)


def _known(value: Any, get: Any, what: str, carry: TrainingCarry, own: dict[str, Any]) -> Any:
    """`value` (a name or config, or lists of them per output) with what Keras 3 cannot resolve left out;
    a name of the user's own function, that function."""
    if isinstance(value, str) and value in own:
        return own[value]
    if isinstance(value, list):  # a loss per output keeps its place; a metric list just loses the unknown
        known = [_known(item, get, what, carry, own) for item in value]
        return known if what == "loss" else [item for item in known if item is not None]
    if value is None:
        return None
    try:
        resolved = get(value)
    except (TypeError, ValueError, KeyError, AttributeError):
        carry.warnings.append(f"{what} {value!r} is not one Keras 3 knows (your own function?): left out of the "
                              "compile settings; compile again with it to resume training")
        return None
    if not isinstance(value, dict):
        return value
    # A loss or metric object's config (tf.keras's `{"class_name": "BinaryCrossentropy", ...}`) is passed as
    # the object Keras made of it: compiled as the bare dict, it is saved without its module and the reload
    # cannot locate the class. Whatever does not survive a serialize/deserialize round trip is left out.
    try:
        keras.saving.deserialize_keras_object(keras.saving.serialize_keras_object(resolved))
    except (TypeError, ValueError, KeyError, AttributeError) as exc:
        carry.warnings.append(f"{what} {value.get('class_name')!r} does not survive a Keras 3 save and reload "
                              f"({type(exc).__name__}): left out of the compile settings")
        return None
    return resolved


def _optimizer(spec: OptimizerSpec, carry: TrainingCarry) -> keras.optimizers.Optimizer:
    """The Keras 3 optimizer a spec describes; arguments its constructor does not take are left out, and
    values it refuses give Adam's defaults (and no optimizer state) with a warning."""
    if spec.class_name is not None:
        try:
            return _configured_optimizer(spec)
        except (TypeError, ValueError) as exc:
            carry.warnings.append(f"{spec.class_name} refused its legacy settings ({exc}): compiled with Adam defaults")
            carry.optimizer = None
    return keras.optimizers.Adam()


def _configured_optimizer(spec: OptimizerSpec) -> keras.optimizers.Optimizer:
    arguments = dict(spec.arguments)
    if spec.decay:
        arguments["learning_rate"] = keras.optimizers.schedules.InverseTimeDecay(
            float(arguments.get("learning_rate", 0.001)), decay_steps=1, decay_rate=spec.decay)
    cls = getattr(keras.optimizers, spec.class_name)
    accepted = set(inspect.signature(cls.__init__).parameters)
    return cls(**{k: v for k, v in arguments.items() if k in accepted})


def carry_optimizer_state(model: keras.Model, file: LegacyFile, moves: list[WeightMove], carry: TrainingCarry) -> None:
    """Set iterations and every slot variable from the file, or say why the state was left behind."""
    slots = file.optimizer_weights
    if not slots or carry.optimizer is None:
        return
    trainable = [move for move in moves if move.trainable]
    if trainable_order_by_name(SourceInfo.of(file)):
        trainable.sort(key=lambda move: move.legacy.name)
    if any(move.fixed for move in trainable):
        carry.warnings.append("optimizer state not carried: some weights changed layout (their moments would not fit)")
        return
    with_iterations = slots[0].shape == ()  # int64 from Keras 2.1 on, float32 before
    body = slots[1:] if with_iterations else slots
    per_variable = len(body) // len(trainable) if trainable and len(body) % len(trainable) == 0 else None
    kinds = slot_kinds(carry.optimizer, per_variable)
    if kinds is None:
        carry.warnings.append(f"optimizer state not carried: {len(slots)} saved slots do not fit {carry.optimizer} "
                           f"over {len(trainable)} trainable weights")
        return
    by_variable = variable_major([info.name for info in body], len(kinds))
    pairs = _slot_pairs(model.optimizer, kinds, body, trainable, by_variable)
    if isinstance(pairs, str):
        carry.warnings.append(f"optimizer state not carried: {pairs}")
        return
    with open_weights(file) as h5:
        if with_iterations:
            carry.iterations = int(np.asarray(h5[slots[0].h5_path][()])) + _step_offset(SourceInfo.of(file), carry)
            model.optimizer.iterations.assign(carry.iterations)
        for info, target in pairs:
            target.assign(np.asarray(h5[info.h5_path][()]))
    carry.slots_moved = len(pairs)


def _step_offset(source: SourceInfo, carry: TrainingCarry) -> int:
    offset = step_offset(source)
    if offset:
        carry.notes.append("iterations advanced by 1: standalone Keras on TensorFlow 1 counted its next step that way")
    return offset


def note_training_differences(model: keras.Model, file: LegacyFile, carry: TrainingCarry) -> None:
    """Say so where Keras 3 trains differently from the legacy stack and no stock setting can say it the
    old way. Predictions are never affected; resumed training steps are."""
    _note_masked_losses(model, file, carry)
    _note_sparse_rows(model, carry)


def _note_sparse_rows(model: keras.Model, carry: TrainingCarry) -> None:
    """Keras 2 densified an Embedding's sparse gradient before squaring it; Keras 3's ops.square squares
    each slice apart, so a row looked up several times in one batch gets sum(g_i^2), not (sum g_i)^2,
    in the second moments. Measured on two samples: only those rows differ after one step."""
    if carry.optimizer not in SQUARING_OPTIMIZERS:
        return
    embeddings = [layer.name for layer in _all_layers(model) if isinstance(layer, keras.layers.Embedding) and layer.trainable]
    if embeddings:
        carry.warnings.append(f"{carry.optimizer} on {', '.join(embeddings)}: Keras 3 squares the gradient of a row "
                           "looked up several times in one batch per lookup, Keras 2 once summed (resumed training "
                           "steps differ on those rows)")


def _all_layers(model: keras.Model) -> list[keras.layers.Layer]:
    found = []
    for layer in model.layers:
        found += _all_layers(layer) if isinstance(layer, keras.Model) else [layer]
    return found


def _note_masked_losses(model: keras.Model, file: LegacyFile, carry: TrainingCarry) -> None:
    """Outputs are unchanged, but each resumed step's loss and gradients are larger by (all / unmasked)
    timesteps of its batch. Measured on a Keras 2.3.1 seq2seq sample: its step loss times that ratio is
    Keras 3's, to 1e-8."""
    if not averages_masked_loss_over_all_steps(SourceInfo.of(file)):
        return
    for name, output in zip(model.output_names, model.outputs, strict=True):
        if keras_mask(output) is not None:
            carry.warnings.append(f"output {name!r} is masked: Keras {file.keras_version} averaged its loss over every "
                               "timestep, Keras 3 over the unmasked ones (predictions are unchanged; resumed training "
                               "steps are larger by all/unmasked timesteps)")


def _slot_pairs(optimizer: Any, kinds: tuple[str, ...], body: tuple[Any, ...], trainable: list[WeightMove],
                by_variable: bool) -> Any:
    """(saved slot, Keras 3 slot variable) pairs, all shape-checked; a reason string when they do not fit.

    Kinds Keras 3 does not keep (Adam's vhat without amsgrad, SGD's moments without momentum) are skipped.
    """
    pairs = []
    for position, kind in enumerate(kinds):
        if not keeps_slot(optimizer, kind):
            continue
        for index, move in enumerate(trainable):
            target = slot_variable(optimizer, kind, move.variable)
            info = body[slot_position(position, index, len(kinds), len(trainable), by_variable)]
            if target is None or tuple(info.shape) != tuple(target.shape):
                return f"slot {info.name} {tuple(info.shape)} does not fit {move.variable.path}"
            pairs.append((info, target))
    return pairs
