"""`convert_file`: one legacy file in, one verified `.keras` file out, and a record of what happened.

The pipeline follows the data: read (h5) -> graph -> unwrap -> rebuild (Keras 3) -> move weights ->
compile and carry optimizer state -> verify -> save atomically. `convert` raises MigrateError;
`convert_file` never does: batch callers (the zoo) get a failed record instead.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

from migrate.errors import MigrateError, OutputExistsError
from migrate.graph import Graph, build_graph
from migrate.h5 import LegacyFile, read_legacy_file
from migrate.unwrap import unwrap
from migrate.unwrap.weights_only import architecture_template, weights_layout


@dataclass(frozen=True)
class ConvertOptions:
    """What `migrate convert` was asked to do."""

    output: Path | None = None
    architecture: Path | None = None
    reference: Path | None = None
    atol: float = 1e-4
    force: bool = False
    weights_only: bool = False
    savedmodel: Path | None = None
    custom_objects: tuple[str, ...] = ()
    lambdas: tuple[str, ...] = ()


@dataclass(frozen=True)
class ConversionResult:
    """The record of one conversion: converted or failed, with the reason and the measurements."""

    source: str
    status: str  # 'converted' or 'failed'
    output: str | None = None
    error: str | None = None
    keras_version: str | None = None
    wrapper_depth: int = 0
    replicas: tuple[int, ...] = ()
    template: str | None = None
    layers: int = 0
    params: int = 0
    weights_moved: int = 0
    weights_fixed: int = 0
    optimizer: str | None = None
    optimizer_slots: int = 0
    iterations: int | None = None
    max_abs_diff: float | None = None
    bytes_written: int = 0
    seconds: float = 0.0
    verify_seconds: float = 0.0
    notes: tuple[str, ...] = field(default_factory=tuple)


def default_output(source: Path, weights_only: bool) -> Path:
    return source.with_suffix(".weights.h5" if weights_only else ".keras")


def convert_file(source: str | Path, options: ConvertOptions) -> ConversionResult:
    """Convert one file; failures come back as a record, never as an exception."""
    start = time.perf_counter()
    try:
        return convert(source, options)
    except MigrateError as exc:
        message = " ".join(str(exc.at(str(source))).split())
        return ConversionResult(source=str(source), status="failed", error=message,
                                seconds=time.perf_counter() - start)


def convert(source: str | Path, options: ConvertOptions) -> ConversionResult:
    """Convert one file or raise the MigrateError that says why not."""
    start = time.perf_counter()
    source = Path(source)
    destination = _destination(source, options)
    file = read_legacy_file(source)
    template, weights_group, levels, output_names = _template(file, options)

    from migrate.rebuild.pipeline import build_verified  # Keras is imported only past this point

    built = build_verified(file, template, weights_group, output_names, options, destination)
    return ConversionResult(
        source=str(source), status="converted", output=str(destination), keras_version=file.keras_version,
        wrapper_depth=len(levels), replicas=tuple(levels), template=template.name, layers=len(template.layers),
        params=built.params, weights_moved=built.weights_moved, weights_fixed=built.weights_fixed,
        optimizer=built.optimizer, optimizer_slots=built.optimizer_slots, iterations=built.iterations,
        max_abs_diff=built.max_abs_diff, bytes_written=built.bytes_written, seconds=time.perf_counter() - start,
        verify_seconds=built.verify_seconds,
        notes=tuple(built.notes),
    )


def _destination(source: Path, options: ConvertOptions) -> Path:
    destination = Path(options.output) if options.output else default_output(source, options.weights_only)
    if destination.resolve() == source.resolve():
        raise OutputExistsError("the output would overwrite the source; choose another -o", path=str(source))
    if destination.exists() and not options.force:
        raise OutputExistsError(f"output {destination} exists; pass --force to replace it", path=str(source))
    return destination


def _template(file: LegacyFile, options: ConvertOptions) -> tuple[Graph, str | None, list[int], list[str]]:
    """The template graph, the weight group holding its weights, the replicas peeled off, and the
    names the training config keys its losses by (the outermost model's output layers)."""
    if file.format == "model":
        graph = build_graph(file.model_config, tf_keras=file.is_tf_keras)
        unwrapped = unwrap(graph)
        names = [ref.layer for ref in graph.outputs]
        return unwrapped.template, unwrapped.weights_group, unwrapped.replicas, names
    template, _ = architecture_template(file, options.architecture)
    if template is None:
        raise MigrateError("weights-only file: it holds no architecture; pass the template's JSON, .h5 or .keras "
                           "with --architecture (or put <stem>.json beside it)")
    layout = weights_layout(file, template)
    levels = list(layout.replicas) if layout.depth else []
    return template, layout.weights_group, levels, [ref.layer for ref in template.outputs]
