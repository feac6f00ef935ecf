"""`inspect_file`: one legacy file in, one FileReport out, built from h5py reads alone."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from migrate.diagnosis.keras3_rules import Facts, keras3_verdict
from migrate.errors import MalformedFileError, MigrateError
from migrate.graph import Graph
from migrate.graph.build import batch_shape
from migrate.graph.shapes import output_shapes
from migrate.plan import TemplatePlan, plan_path
from migrate.recover import RecoverOptions
from migrate.unwrap import LambdaInfo


@dataclass(frozen=True)
class TensorSpec:
    name: str
    shape: list[int | None] | None
    dtype: str | None = None


@dataclass(frozen=True)
class TemplateSummary:
    name: str
    class_name: str
    inputs: list[TensorSpec]
    outputs: list[TensorSpec]
    layers: int
    params: int


@dataclass(frozen=True)
class TrainingSummary:
    optimizer: str | None
    optimizer_config: dict[str, Any]
    loss: Any
    metrics: Any
    loss_weights: Any


@dataclass(frozen=True)
class FileReport:
    """What `migrate inspect` says about one file; `to_json` is the `--json` object."""

    path: str
    format: str
    keras_version: str | None
    backend: str | None
    wrapper_depth: int
    replicas: list[int]
    template: TemplateSummary | None
    weights_count: int
    weights_bytes: int
    training: TrainingSummary | None
    optimizer_state: int
    lambdas: list[dict[str, Any]]
    keras3_verdict: str
    problems: list[str]
    architecture_source: str | None = None
    architecture_recovered: str | None = None  # how recover/ found it: paired by content, or from code (with values)
    notes: list[str] = field(default_factory=list)

    @property
    def keras3_loadable(self) -> bool:
        """True only when stock Keras 3 loads the file and reproduces its outputs."""
        return self.keras3_verdict == "loads"

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["wrapper"] = {"depth": data.pop("wrapper_depth"), "replicas": data.pop("replicas")}
        data["weights"] = {"count": data.pop("weights_count"), "bytes": data.pop("weights_bytes")}
        data["keras3_loadable"] = self.keras3_loadable
        return data


def inspect_file(path: str | Path, architecture: str | Path | None = None,
                 recovering: RecoverOptions | None = None) -> FileReport:
    """Read and diagnose `path`; weights-only files use `architecture`, their `<stem>.json` sidecar, or
    what `recovering` finds (an architecture paired by content in their folder, or their training code)."""
    if recovering is None:
        recovering = RecoverOptions(search=Path(path).parent)
    planned = plan_path(path, architecture, recovering)
    try:
        report = _model_report(planned) if planned.file.format == "model" else _weights_report(planned)
    except MigrateError as exc:
        raise exc.at(str(path)) from None
    if recovering.from_code is not None and planned.template is not None:
        report.notes.extend(classes_in_code(planned, recovering.from_code))
    return report


def classes_in_code(planned: TemplatePlan, tree: Path) -> list[str]:
    """Where the code under `tree` defines the custom classes the file names: what convert --from-code ports.
    LibCST only: nothing is run."""
    from migrate.diagnosis.keras3_layers import KERAS3_LAYER_CLASSES
    from migrate.recover.classes import find_definition, shadowed
    from migrate.recover.sources import code_units
    from migrate.translate.custom import graph_layers, unknown_classes

    try:
        units = code_units(tree)
        used = {layer.class_name for _, layer in planned.template.walk()} & KERAS3_LAYER_CLASSES
        known = KERAS3_LAYER_CLASSES - shadowed(used, tree)
        classes = unknown_classes(graph_layers(planned.template), planned.file, known, set())
    except MigrateError:
        return []
    notes = []
    for custom in classes:
        found = find_definition(units, custom.class_name)
        where = f"defined in {found.unit.path}:{found.line}; convert --from-code ports it" if found else \
            f"not defined under {tree}"
        notes.append(f"custom class '{custom.class_name}': {where}")
    return notes


def _model_report(planned: TemplatePlan) -> FileReport:
    file, template = planned.file, planned.require_template()
    verdict, problems = keras3_verdict(Facts(file, planned.graph, planned.lambdas))
    problems += _user_lambda_problems(planned.lambdas)
    return FileReport(
        path=file.path, format=file.format, keras_version=file.keras_version, backend=file.backend,
        wrapper_depth=planned.depth, replicas=list(planned.replicas),
        template=_template_summary(template, planned.params),
        weights_count=file.weight_count, weights_bytes=file.weight_bytes,
        training=_training_summary(file.training_config),
        optimizer_state=len(file.optimizer_weights),
        lambdas=[_lambda_entry(info) for info in planned.lambdas],
        keras3_verdict=verdict, problems=problems,
    )


def _lambda_entry(info: LambdaInfo) -> dict[str, Any]:
    """A Lambda as inspect reports it; user Lambdas with their decoded source and what they lift to."""
    entry = {"layer": info.layer, "kind": info.kind, "function": info.function_name,
             "bytecode_python": info.bytecode_python, "in": "/".join(info.path)}
    if info.kind == "user":
        entry.update(source=info.source, lifts=info.lifts, lifts_to=list(info.lifts_to) if info.lifts_to else None,
                     not_lifted_because=info.refusal)
    return entry


def _weights_report(planned: TemplatePlan) -> FileReport:
    """A weights-only file: what its groups say, and its template when an architecture is at hand."""
    file, template, source = planned.file, planned.template, planned.architecture_source
    verdict, problems = keras3_verdict(Facts(file, None, ()))
    notes = [] if source else ["no architecture beside it fits it: give the code that trained it with --from-code, "
                               "or one with --architecture"]
    if planned.depth and not planned.replicas:
        notes.append("a wrapper checkpoint; the replica count needs the template's architecture")
    return FileReport(
        path=file.path, format="weights", keras_version=file.keras_version, backend=file.backend,
        wrapper_depth=planned.depth, replicas=list(planned.replicas),
        template=_template_summary(template, planned.params) if template else None,
        weights_count=file.weight_count, weights_bytes=file.weight_bytes, training=None, optimizer_state=0,
        lambdas=[], keras3_verdict=verdict, problems=problems,
        architecture_source=str(source) if source else None, notes=notes,
        architecture_recovered=planned.recovery.describe() if planned.recovery else None,
    )


def _template_summary(template: Graph, params: int) -> TemplateSummary:
    shapes = output_shapes(template)
    inputs = []
    for ref in template.inputs:
        config = template.layer(ref.layer).config
        shape = batch_shape(config)
        inputs.append(TensorSpec(ref.layer, list(shape) if shape else None, config.get("dtype")))
    outputs = [TensorSpec(ref.layer, list(shape) if shape else None) for ref, shape in zip(template.outputs, shapes, strict=True)]
    return TemplateSummary(template.name, template.class_name, inputs, outputs, len(template.layers), params)


def _training_summary(config: dict[str, Any] | None) -> TrainingSummary | None:
    """The compile settings, with every field's type checked: a file may hold anything there."""
    if not config:
        return None
    optimizer = config.get("optimizer_config") or {}
    if not isinstance(optimizer, dict) or not isinstance(optimizer.get("config") or {}, dict):
        raise MalformedFileError("training_config.optimizer_config should be an object with a 'config' object")
    name = optimizer.get("class_name")
    if name is not None and not isinstance(name, str):
        raise MalformedFileError("training_config.optimizer_config.class_name should be a string")
    return TrainingSummary(
        optimizer=name, optimizer_config=dict(optimizer.get("config") or {}),
        loss=config.get("loss"), metrics=config.get("metrics"), loss_weights=config.get("loss_weights"),
    )


def _user_lambda_problems(lambdas: tuple[Any, ...]) -> list[str]:
    """User Lambdas the verdict rules say nothing of (neither bytecode nor a named function)."""
    return [f"user Lambda '{info.layer}' ({info.function_name or 'anonymous'}) cannot be run safely: "
            "convert needs --lambda NAME=MODULE:CALLABLE" for info in lambdas
            if info.kind == "user" and info.function_type not in ("lambda", "function")]
