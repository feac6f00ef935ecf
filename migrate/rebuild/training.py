"""Compile settings and optimizer state: training resumes where the legacy run stopped.

Keras 2 optimizers saved `iterations` first, then one list of slots per kind (Adam: m, v and, from
2.2, vhat), each in the order of the model's trainable weights. Keras 3 keeps the same kinds per
variable; the table below names where. Keras 2's `decay` (lr / (1 + decay * iterations)) is
Keras 3's InverseTimeDecay with decay_steps=1.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import h5py
import keras
import numpy as np

from migrate.h5 import LegacyFile
from migrate.rebuild.model import keras_mask
from migrate.rebuild.weights import WeightMove

OPTIMIZERS = {"Adam", "SGD", "RMSprop", "Adagrad", "Adadelta", "Adamax", "Nadam"}
RENAMED_ARGUMENTS = {"lr": "learning_rate"}
DROPPED_ARGUMENTS = {"name", "decay", "schedule_decay"}
# optimizer -> {slot kinds per variable in the legacy file: Keras 3 attribute per kind (None: drop)}
SLOT_LAYOUTS: dict[str, dict[int, list[str | None]]] = {
    "Adam": {2: ["_momentums", "_velocities"], 3: ["_momentums", "_velocities", "_velocity_hats"]},
    "SGD": {1: ["momentums"]},
    "RMSprop": {1: ["_velocities"]},
    "Adagrad": {1: ["_accumulators"]},
    "Adamax": {2: ["_m", "_u"]},
    "Adadelta": {2: ["_accumulated_grads", "_accumulated_delta_vars"]},
}
# Keras 2 and tf.keras divided by sqrt(a) + eps; Keras 3 divides by sqrt(a + eps'). eps' = eps**2 is
# exact where a == 0 and where a >> eps**2, and within 30% of the step where a is near eps**2.
EPSILON_INSIDE_SQRT = {"RMSprop", "Adagrad"}
# Optimizers whose update squares the gradient (or its slices): not linear in repeated sparse rows.
SQUARING_OPTIMIZERS = {"Adam", "RMSprop", "Adagrad", "Adamax", "Nadam", "Adadelta"}
LOSS_RENAMES = {"kullback_leibler_divergence": "kl_divergence", "logcosh": "log_cosh"}
METRIC_RENAMES = {"acc": "accuracy"}


@dataclass
class TrainingCarry:
    """What was carried: the compile arguments and how much optimizer state."""

    optimizer: str | None = None
    iterations: int | None = None
    slots_moved: int = 0
    notes: list[str] = field(default_factory=list)


def compile_like_legacy(model: keras.Model, training_config: dict[str, Any], output_names: list[str]) -> TrainingCarry:
    """Compile `model` with the legacy optimizer, losses, metrics and loss weights (keyed by output order)."""
    carry = TrainingCarry()
    optimizer = _optimizer(training_config.get("optimizer_config") or {}, carry)
    model.compile(
        optimizer=optimizer,
        loss=_per_output(training_config.get("loss"), output_names, _loss_name),
        loss_weights=_per_output(training_config.get("loss_weights"), output_names, float),
        metrics=_metrics(training_config.get("metrics"), output_names),
    )
    model.optimizer.build(model.trainable_variables)  # saved with its slots, so a reload matches it
    return carry


def _optimizer(config: dict[str, Any], carry: TrainingCarry) -> keras.optimizers.Optimizer:
    name = config.get("class_name")
    if name not in OPTIMIZERS:
        carry.notes.append(f"optimizer {name!r} has no Keras 3 counterpart here: compiled with Adam defaults")
        return keras.optimizers.Adam()
    arguments = {RENAMED_ARGUMENTS.get(k, k): v for k, v in (config.get("config") or {}).items() if k not in DROPPED_ARGUMENTS}
    if arguments.get("epsilon") is None:
        arguments.pop("epsilon", None)
    decay = float((config.get("config") or {}).get("decay") or 0.0)
    if decay:
        arguments["learning_rate"] = keras.optimizers.schedules.InverseTimeDecay(
            float(arguments.get("learning_rate", 0.001)), decay_steps=1, decay_rate=decay)
        carry.notes.append(f"Keras 2 decay={decay:g} became InverseTimeDecay(decay_steps=1, decay_rate={decay:g})")
    if name in EPSILON_INSIDE_SQRT:
        legacy_epsilon = float(arguments.get("epsilon", 1e-7))
        arguments["epsilon"] = legacy_epsilon ** 2
        carry.notes.append(f"{name} epsilon {legacy_epsilon:g} -> {legacy_epsilon ** 2:g}: Keras 3 adds it inside "
                           "the square root, Keras 2 outside")
    cls = getattr(keras.optimizers, name)
    carry.optimizer = name
    return cls(**{k: v for k, v in arguments.items() if k in _accepted(cls)})


def _accepted(cls: type) -> set[str]:
    import inspect

    return set(inspect.signature(cls.__init__).parameters)


def _loss_name(loss: Any) -> Any:
    return LOSS_RENAMES.get(loss, loss) if isinstance(loss, str) else loss


def _per_output(value: Any, output_names: list[str], convert: Any) -> Any:
    """A dict keyed by the wrapper's output names becomes a list in output order."""
    if isinstance(value, dict):
        return [convert(value[name]) if name in value else None for name in output_names]
    if isinstance(value, list):
        return [convert(v) for v in value]
    return None if value is None else convert(value)


def _metrics(metrics: Any, output_names: list[str]) -> Any:
    if not metrics:
        return None
    rename = lambda names: [METRIC_RENAMES.get(m, m) for m in names]  # noqa: E731
    if isinstance(metrics, dict):
        return [rename(_as_list(metrics.get(name, []))) for name in output_names]
    if len(output_names) > 1:
        return [rename(metrics) for _ in output_names]
    return rename(metrics)


def _as_list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value]


def carry_optimizer_state(model: keras.Model, file: LegacyFile, moves: list[WeightMove], carry: TrainingCarry) -> None:
    """Set iterations and every slot variable from the file, or say why the state was left behind."""
    slots = file.optimizer_weights
    optimizer = model.optimizer
    if not slots or carry.optimizer is None:
        return
    trainable = [move for move in moves if move.trainable]
    if any(move.fixed for move in trainable):
        carry.notes.append("optimizer state not carried: some weights changed layout (their moments would not fit)")
        return
    with_iterations = slots[0].shape == ()  # int64 from Keras 2.1 on, float32 before
    body = slots[1:] if with_iterations else slots
    kinds = len(body) // len(trainable) if trainable and len(body) % len(trainable) == 0 else None
    layout = SLOT_LAYOUTS.get(carry.optimizer, {}).get(kinds or -1)
    if layout is None:
        carry.notes.append(f"optimizer state not carried: {len(slots)} saved slots do not fit {carry.optimizer} "
                           f"over {len(trainable)} trainable weights")
        return
    pairs = _slot_pairs(optimizer, layout, body, trainable)
    if isinstance(pairs, str):
        carry.notes.append(f"optimizer state not carried: {pairs}")
        return
    with h5py.File(file.path, "r") as h5:
        if with_iterations:
            carry.iterations = int(np.asarray(h5[slots[0].h5_path][()])) + _step_offset(file, carry)
            optimizer.iterations.assign(carry.iterations)
        for info, target in pairs:
            target.assign(np.asarray(h5[info.h5_path][()]))
    carry.slots_moved = len(pairs)


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
        carry.notes.append(f"{carry.optimizer} on {', '.join(embeddings)}: Keras 3 squares the gradient of a row "
                           "looked up several times in one batch per lookup, Keras 2 once summed (resumed training "
                           "steps differ on those rows)")


def _all_layers(model: keras.Model) -> list[keras.layers.Layer]:
    found = []
    for layer in model.layers:
        found += _all_layers(layer) if isinstance(layer, keras.Model) else [layer]
    return found


def _note_masked_losses(model: keras.Model, file: LegacyFile, carry: TrainingCarry) -> None:
    """Keras 2.3 and tf.keras averaged a masked output's loss over every timestep (masked ones counted as
    zero); Keras 2.2 and earlier, and Keras 3, average over the unmasked ones. Outputs are unchanged, but
    each resumed step's loss and gradients are larger by (all / unmasked) timesteps of its batch.
    Measured on a Keras 2.3.1 seq2seq sample: its step loss times that ratio is Keras 3's, to 1e-8.
    """
    if not (file.is_tf_keras or (file.keras_version or "").startswith("2.3")):
        return
    for name, output in zip(model.output_names, model.outputs, strict=True):
        if keras_mask(output) is not None:
            carry.notes.append(f"output {name!r} is masked: Keras {file.keras_version} averaged its loss over every "
                               "timestep, Keras 3 over the unmasked ones (predictions are unchanged; resumed training "
                               "steps are larger by all/unmasked timesteps)")


def _step_offset(file: LegacyFile, carry: TrainingCarry) -> int:
    """1 for standalone Keras on TensorFlow: its optimizers read `iterations` after their own
    `iterations += 1` in the same session run, so its next step used the saved count + 2 where
    Keras 3 uses + 1. Measured on Keras 2.2.4 and 2.3.1 (Adam's bias correction gives it away)."""
    if file.is_tf_keras or file.backend != "tensorflow" or (file.keras_version or "").startswith("1."):
        return 0  # Keras 1's Adam used `iterations + 1` read before its update (k122 sample: matched with 0)
    carry.notes.append("iterations advanced by 1: standalone Keras on TensorFlow 1 counted its next step that way")
    return 1


def _slot_pairs(optimizer: Any, layout: list[str | None], body: tuple[Any, ...], trainable: list[WeightMove]) -> Any:
    """(saved slot, Keras 3 slot variable) pairs, all shape-checked; a reason string when they do not fit.

    Kinds Keras 3 does not keep (Adam's vhat without amsgrad, SGD's moments without momentum) are skipped.
    """
    pairs = []
    for kind, attribute in enumerate(layout):
        targets = getattr(optimizer, attribute, None) if attribute else None
        if not targets:
            continue
        for index, move in enumerate(trainable):
            info = body[kind * len(trainable) + index]
            target = targets[optimizer._get_variable_index(move.variable)]
            if target is None or tuple(info.shape) != tuple(target.shape):
                return f"slot {info.name} {tuple(info.shape)} does not fit {move.variable.path}"
            pairs.append((info, target))
    return pairs
