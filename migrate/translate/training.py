"""Legacy training configs -> Keras 3 compile arguments and optimizer-state layouts, as plain data.

Keras 2 optimizers saved `iterations` first, then one list of slots per kind (Adam: m, v and, from
2.2, vhat), each in the order of the model's trainable weights. Keras 3 keeps the same kinds per
variable (rebuild/keras_compat.py knows where). Keras 2's `decay` (lr / (1 + decay * iterations)) is
Keras 3's InverseTimeDecay with decay_steps=1. Rebuild turns these records into Keras objects.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from migrate.translate.layers import SourceInfo

OPTIMIZERS = {"Adam", "SGD", "RMSprop", "Adagrad", "Adadelta", "Adamax", "Nadam"}
RENAMED_ARGUMENTS = {"lr": "learning_rate"}
DROPPED_ARGUMENTS = {"name", "decay", "schedule_decay"}
# optimizer -> {number of slot kinds per variable in the legacy file: the kinds, in the file's order}
SLOT_KINDS: dict[str, dict[int, tuple[str, ...]]] = {
    "Adam": {2: ("m", "v"), 3: ("m", "v", "vhat")},
    "SGD": {1: ("momentum",)},
    "RMSprop": {1: ("velocity",)},
    "Adagrad": {1: ("accumulator",)},
    "Adamax": {2: ("m", "u")},
    "Adadelta": {2: ("accumulated_grad", "accumulated_delta")},
}
# Keras 2 and tf.keras divided by sqrt(a) + eps; Keras 3 divides by sqrt(a + eps'). eps' = eps**2 is
# exact where a == 0 and where a >> eps**2, and within 30% of the step where a is near eps**2.
EPSILON_INSIDE_SQRT = {"RMSprop", "Adagrad"}
# Optimizers whose update squares the gradient (or its slices): not linear in repeated sparse rows.
SQUARING_OPTIMIZERS = {"Adam", "RMSprop", "Adagrad", "Adamax", "Nadam", "Adadelta"}
LOSS_RENAMES = {"kullback_leibler_divergence": "kl_divergence", "logcosh": "log_cosh"}
METRIC_RENAMES = {"acc": "accuracy"}
# tf.keras 2.11+ registered its new optimizers under this package prefix ("Custom>Adam")
REGISTERED_PREFIX = "Custom>"
# Arguments of tf.keras 2.11+ optimizers with no Keras 3 meaning: dropped
NEW_OPTIMIZER_ONLY = {"is_legacy_optimizer", "jit_compile"}


@dataclass(frozen=True)
class OptimizerSpec:
    """A Keras 3 optimizer as data: its class (None: no counterpart, Adam defaults are used), the
    arguments to pass, the Keras 2 decay to express as InverseTimeDecay (0: none), the notes on what was
    translated, and the warnings (what could not be)."""

    class_name: str | None
    arguments: dict[str, Any]
    decay: float
    notes: tuple[str, ...]
    warnings: tuple[str, ...] = ()


@dataclass(frozen=True)
class CompileSpec:
    """What `model.compile` gets: the optimizer and the per-output losses, loss weights and metrics."""

    optimizer: OptimizerSpec
    loss: Any
    loss_weights: Any
    metrics: Any


def translate_training(training_config: dict[str, Any], output_names: list[str]) -> CompileSpec:
    """The compile settings of a legacy training config, keyed by output order where they were by name."""
    return CompileSpec(
        optimizer=translate_optimizer(training_config.get("optimizer_config") or {}),
        loss=_per_output(training_config.get("loss"), output_names, _loss_name),
        loss_weights=_per_output(training_config.get("loss_weights"), output_names, float),
        metrics=_metrics(training_config.get("metrics"), output_names),
    )


def translate_optimizer(config: dict[str, Any]) -> OptimizerSpec:
    """A legacy optimizer config as Keras 3's: renamed arguments, decay, and epsilon where its meaning moved."""
    name = config.get("class_name")
    if isinstance(name, str) and name.startswith(REGISTERED_PREFIX):
        name = name[len(REGISTERED_PREFIX):]
    if name not in OPTIMIZERS:
        return OptimizerSpec(None, {}, 0.0, (), (f"optimizer {name!r} has no Keras 3 counterpart here: compiled "
                                                 "with Adam defaults",))
    legacy = config.get("config") or {}
    arguments = {RENAMED_ARGUMENTS.get(k, k): v for k, v in legacy.items()
                 if k not in DROPPED_ARGUMENTS | NEW_OPTIMIZER_ONLY}
    if arguments.get("epsilon") is None:
        arguments.pop("epsilon", None)
    notes = []
    decay = float(legacy.get("decay") or 0.0)
    if decay:
        notes.append(f"Keras 2 decay={decay:g} became InverseTimeDecay(decay_steps=1, decay_rate={decay:g})")
    if name in EPSILON_INSIDE_SQRT:
        legacy_epsilon = float(arguments.get("epsilon", 1e-7))
        arguments["epsilon"] = legacy_epsilon ** 2
        notes.append(f"{name} epsilon {legacy_epsilon:g} -> {legacy_epsilon ** 2:g}: Keras 3 adds it inside "
                     "the square root, Keras 2 outside")
    return OptimizerSpec(name, arguments, decay, tuple(notes))


def slot_kinds(optimizer: str, kinds_per_variable: int | None) -> tuple[str, ...] | None:
    """The slot kinds a legacy file holds per trainable weight, in its order; None when they do not fit."""
    return SLOT_KINDS.get(optimizer, {}).get(kinds_per_variable or -1)


def variable_major(names: list[str], kinds: int) -> bool:
    """Whether the saved slots run weight by weight (m, v of the first weight, then the second's), as
    tf.keras 2.11+ optimizers stored them, named `Adam/m/<weight>`; older ones ran kind by kind."""
    if kinds < 2 or len(names) < kinds:
        return False
    parts = [name.split("/", 2) for name in names[:kinds]]
    return all(len(p) == 3 for p in parts) and len({p[2] for p in parts}) == 1 and len({p[1] for p in parts}) == kinds


def slot_position(kind: int, variable: int, kinds: int, variables: int, by_variable: bool) -> int:
    """Where the slot of one kind for one trainable weight sits among the saved slots."""
    return variable * kinds + kind if by_variable else kind * variables + variable


def step_offset(source: SourceInfo) -> int:
    """1 for standalone Keras 2 on TensorFlow: its optimizers read `iterations` after their own
    `iterations += 1` in the same session run, so its next step used the saved count + 2 where
    Keras 3 uses + 1. Measured on Keras 2.2.4 and 2.3.1 (Adam's bias correction gives it away).
    Keras 1's Adam read `iterations + 1` before its update (k122 sample: matched with 0)."""
    return 0 if source.tf_keras or source.backend != "tensorflow" or source.keras1 else 1


def trainable_order_by_name(source: SourceInfo) -> bool:
    """Whether the optimizer's slots follow the trainable weights sorted by variable name: Keras 1's
    `collect_trainable_weights` deduplicated them with a set and sorted them by `name` (a BatchNormalization's
    gamma before the convolutions it follows, `dense_10` before `dense_2`); later Keras kept layer order."""
    return source.keras1


def averages_masked_loss_over_all_steps(source: SourceInfo) -> bool:
    """Keras 2.3 and tf.keras averaged a masked output's loss over every timestep (masked ones counted as
    zero); Keras 2.2 and earlier, and Keras 3, average over the unmasked ones."""
    return source.tf_keras or (source.keras_version or "").startswith("2.3")


def _loss_name(loss: Any) -> Any:
    """A loss by Keras 3's name; a tf.keras loss object's config with its `reduction='auto'` (batch
    mean, Keras 3's `sum_over_batch_size`) spelt the Keras 3 way."""
    if isinstance(loss, dict) and isinstance(loss.get("config"), dict) and loss["config"].get("reduction") == "auto":
        return {**loss, "config": {**loss["config"], "reduction": "sum_over_batch_size"}}
    return LOSS_RENAMES.get(loss, loss) if isinstance(loss, str) else loss


def _per_output(value: Any, output_names: list[str], convert: Any) -> Any:
    """A dict keyed by the wrapper's output names becomes a list in output order (a dict with a
    `class_name` is one loss object's config, for every output)."""
    if isinstance(value, dict) and "class_name" not in value:
        return [convert(value[name]) if name in value else None for name in output_names]
    if isinstance(value, list):
        return [convert(v) for v in value]
    return None if value is None else convert(value)


def _metrics(metrics: Any, output_names: list[str]) -> Any:
    """Metrics per output where the file had more than one output; a flat list for one.

    tf.keras 2.x saved them per output even for a single one (`[["accuracy"]]`), each list for one
    output in order; Keras 2 saved one flat list that applied to every output.
    """
    if not metrics:
        return None
    if isinstance(metrics, dict):
        return [_renamed_metrics(_as_list(metrics.get(name, []))) for name in output_names]
    if not isinstance(metrics, list):
        return _renamed_metrics([metrics])
    if metrics and all(isinstance(m, list) for m in metrics):
        per_output = [_renamed_metrics(m) for m in metrics]
        return per_output if len(output_names) > 1 else [m for output in per_output for m in output]
    if len(output_names) > 1:
        return [_renamed_metrics(metrics) for _ in output_names]
    return _renamed_metrics(metrics)


def _renamed_metrics(metrics: list[Any]) -> list[Any]:
    return [_metric(m) for m in metrics]


def _metric(metric: Any) -> Any:
    """A metric by the name Keras 3 knows it by. tf.keras 2.x wrote built-in metric functions as
    `MeanMetricWrapper` configs naming the function (`fn`); other configs are left for Keras to judge."""
    if isinstance(metric, dict) and metric.get("class_name") == "MeanMetricWrapper":
        config = metric.get("config") or {}
        metric = config.get("fn") or config.get("name")
    return METRIC_RENAMES.get(metric, metric) if isinstance(metric, str) else metric


def _as_list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value]
