"""`convert_file`: one legacy file in, one verified `.keras` file out, and a record of what happened.

The pipeline follows the data: read and plan (h5, graph, unwrap: no Keras) -> start Keras -> rebuild
-> move weights -> compile and carry optimizer state -> verify -> save atomically. Everything that can
be refused before TensorFlow starts (usage errors, unreadable or malformed files, a missing
architecture) is refused first. `convert` raises MigrateError; `convert_file` never does: batch
callers (the zoo) get a failed record instead.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from pathlib import Path

from migrate.diagnosis.keras3_functions import KERAS3_FUNCTION_NAMES
from migrate.diagnosis.keras3_layers import KERAS3_LAYER_CLASSES
from migrate.errors import (
    MigrateError,
    OutputExistsError,
    ReferenceMismatchError,
    UnsupportedModelError,
    UsageError,
    one_line,
)
from migrate.export import parse_formats
from migrate.graph import Graph, Layer
from migrate.lift.stubs import render_stubs, stub_path
from migrate.plan import TemplatePlan, plan_path
from migrate.read import LegacyFile, read_model_file
from migrate.rebuild.options import RebuildOptions, check_lambda_specs, load_user_objects
from migrate.rebuild.record import RebuildRecord
from migrate.recover import RecoverOptions
from migrate.recover.checkpoint import ALWAYS_WEIGHTED
from migrate.recover.checkpoint import config_layers as named_config_layers
from migrate.save import write_text_atomically
from migrate.translate.custom import (
    CustomClass,
    config_layers,
    custom_stub_path,
    graph_layers,
    named_functions,
    refusal,
    render_custom_stubs,
    unknown_classes,
)
from migrate.translate.lambdas import lambda_refusal
from migrate.unwrap import LambdaInfo
from migrate.verify import ABSOLUTE, sidecar_reference


@dataclass(frozen=True)
class ConvertOptions:
    """What `migrate convert` was asked to do."""

    output: Path | None = None
    architecture: Path | None = None
    reference: Path | None = None
    atol: float = ABSOLUTE  # the absolute part of the one tolerance (migrate.verify.tolerance)
    force: bool = False
    weights_only: bool = False
    savedmodel: Path | None = None  # --savedmodel DIR: the savedmodel export, written to DIR
    exports: tuple[str, ...] = ()  # --export as given: "onnx,tflite", "savedmodel" (migrate.export.FORMATS)
    custom_objects: tuple[str, ...] = ()
    lambdas: tuple[str, ...] = ()
    no_reference: bool = False  # do not use the `<stem>.npz` found beside the source
    import_root: Path | None = None  # also searched for --lambda and --custom-objects modules (a zoo's root)
    from_code: Path | None = None  # training code (.py, .ipynb, a folder) to recover a weights-only file's architecture
    settings: tuple[str, ...] = ()  # NAME=VALUE for values the recovered builder reads from data
    search: Path | None = None  # a tree to pair weights-only files in (default: the source's folder)
    class_search: Path | None = None  # code searched for custom classes when --from-code is not given (a zoo's tree)

    def recovering(self, source: Path) -> RecoverOptions:
        """Where a weights-only source's architecture is looked for when none is given or beside it."""
        return RecoverOptions(search=self.search or source.parent, from_code=self.from_code, settings=self.settings)


@dataclass(frozen=True)
class ConversionResult:
    """The record of one conversion: converted or failed, with the reason; what the file held (from the
    plan), and what the Keras side measured (`rebuild`, None when it failed before or during it)."""

    source: str
    status: str  # 'converted' or 'failed'
    output: str | None = None
    error: str | None = None
    keras_version: str | None = None
    wrapper_depth: int = 0
    replicas: tuple[int, ...] = ()
    template: str | None = None
    layers: int = 0
    reference: str | None = None
    rebuild: RebuildRecord | None = None
    seconds: float = 0.0
    architecture: str | None = None  # where a weights-only file's recovered architecture came from, and values solved
    mismatch_diff: float | None = None  # a failed one's max abs difference, when outputs were outside the tolerance

    @property
    def params(self) -> int:
        return self.rebuild.params if self.rebuild else 0

    @property
    def warnings(self) -> tuple[str, ...]:
        return self.rebuild.warnings if self.rebuild else ()

    @property
    def lambdas_lifted(self) -> int:
        return self.rebuild.lambdas_lifted if self.rebuild else 0

    @property
    def max_abs_diff(self) -> float | None:
        return self.rebuild.max_abs_diff if self.rebuild else self.mismatch_diff

    @property
    def within_tolerance(self) -> bool | None:
        """Whether the outputs matched the reference within the one tolerance; None when none was compared."""
        if self.mismatch_diff is not None:
            return False
        return None if self.max_abs_diff is None else self.status == "converted"


def default_output(source: Path, weights_only: bool) -> Path:
    """`m.h5` -> `m.keras`; a `.keras` source (a Keras 2.x zip, or HDF5 under that name) -> `m.keras3.keras`,
    so that the source is never the output."""
    if weights_only:
        return source.with_suffix(".weights.h5")
    return source.with_suffix(".keras3.keras" if source.suffix.lower() == ".keras" else ".keras")


def convert_file(source: str | Path, options: ConvertOptions) -> ConversionResult:
    """Convert one file; failures come back as a record, never as an exception."""
    start = time.perf_counter()
    try:
        return convert(source, options)
    except MigrateError as exc:
        failed = failed_result(str(source), one_line(exc.at(str(source))), time.perf_counter() - start)
        return replace(failed, mismatch_diff=exc.max_abs_diff) if isinstance(exc, ReferenceMismatchError) else failed


def failed_result(source: str, error: str, seconds: float) -> ConversionResult:
    """The record of a conversion that did not happen, and why (one line)."""
    return ConversionResult(source=source, status="failed", error=error, seconds=seconds)


def convert(source: str | Path, options: ConvertOptions) -> ConversionResult:
    """Convert one file or raise the MigrateError that says why not."""
    start = time.perf_counter()
    source = Path(source)
    destination = _destination(source, options)
    check_lambda_specs(list(options.lambdas))
    exports = export_formats_asked(options)
    file = _read_or_none(source)
    if file is not None:
        refuse_unbuilt(file)
    passed = _pass_through_keras3(source, file, destination, options, start) if file else None
    if passed is not None:
        return passed
    try:
        planned = plan_path(source, options.architecture, options.recovering(source), file)
    except MigrateError as exc:
        if not options.custom_objects:
            refuse_custom_classes_in_config(source, destination, exc)
        raise
    template = planned.require_template()
    reference = options.reference or (None if options.no_reference else sidecar_reference(source))
    options, ported = classes_from_code(planned, template, source, destination, options)
    if not options.custom_objects:  # nothing of the user's to wait for: refuse before TensorFlow starts
        refuse_custom_classes(planned, template, source, destination, set())
    refuse_unliftable_lambdas(planned, template, source, destination, options)

    from migrate.rebuild.runtime import start_keras

    start_keras()
    from migrate.rebuild.pipeline import build_verified  # Keras is imported only past this point
    from migrate.rebuild.precision import full_precision

    user = load_user_objects(list(options.lambdas), list(options.custom_objects), options.import_root)
    if options.custom_objects:  # without them, the same question was answered before TensorFlow started
        refuse_custom_classes(planned, template, source, destination, set(user.classes))
    rebuild_options = RebuildOptions(destination=destination, reference=reference, atol=options.atol,
                                     weights_only=options.weights_only, savedmodel=options.savedmodel, user=user,
                                     exports=exports)
    with full_precision() as device:  # TF32 off: the references are float32
        record = build_verified(planned.file, template, planned.weights_group, planned.output_names, rebuild_options)
    record = replace(record, verified_on=device)
    if ported is not None:  # the ported module registers its classes: importing it is all loading needs
        kept = tuple(note for note in record.notes if not note.startswith("loading it needs your own objects"))
        record = replace(record, notes=(ported, *kept))
    return _converted(planned, template, destination, reference, record, time.perf_counter() - start)


def refuse_unbuilt(file: LegacyFile) -> None:
    """A whole model saved before it was built (a Sequential never called on data, with no Input) holds no
    weights at all though its layers would: nothing to convert, and stock Keras cannot even load it."""
    if file.format != "model" or any(file.layer_weights.values()) or not isinstance(file.model_config, dict):
        return
    weighted = [name for name, class_name, _ in named_config_layers(file.model_config) if class_name in ALWAYS_WEIGHTED]
    if weighted:
        raise UnsupportedModelError(
            f"a model saved before it was built: its layers {', '.join(repr(n) for n in weighted[:3])}"
            f"{' ...' if len(weighted) > 3 else ''} hold weights in Keras but the file holds none, so there is nothing "
            "to convert; build the model (start it with keras.Input, or call it on data), then save it again")


def export_formats_asked(options: ConvertOptions) -> tuple[str, ...]:
    """The --export formats; `--savedmodel DIR` is `--export savedmodel` written to DIR instead of beside the .keras
    (one SavedModel, checked in TensorFlow like every export)."""
    exports = parse_formats(options.exports)
    if options.savedmodel is not None and "savedmodel" not in exports:
        exports = (*exports, "savedmodel")
    if exports and options.weights_only:
        flag = "--savedmodel" if options.savedmodel is not None and not options.exports else "--export"
        raise UsageError(f"{flag} needs a whole model; --weights-only writes weights alone")
    return exports


def _read_or_none(source: Path) -> LegacyFile | None:
    """The file read once for both the pass-through test and the plan; None when it cannot be read (planning
    reads it again and says why)."""
    try:
        return read_model_file(source)
    except MigrateError:
        return None


def _pass_through_keras3(source: Path, file: LegacyFile, destination: Path, options: ConvertOptions,
                         start: float) -> ConversionResult | None:
    """A file Keras 3 wrote and stock Keras 3 loads in safe mode: re-saved as stock loads it (never worse
    than stock). None when the file is legacy, or stock Keras 3 refuses it: migrate's own pipeline then."""
    if (file.keras_major or 0) < 3 or options.architecture or options.lambdas:
        return None
    from migrate.rebuild.runtime import start_keras

    start_keras()
    from migrate.rebuild.passthrough import load_stock, pass_through
    from migrate.rebuild.precision import full_precision

    model, _ = load_stock(source, file.container)
    if model is None:
        return None
    reference = options.reference or (None if options.no_reference else sidecar_reference(source))
    with full_precision() as device:
        record = pass_through(model, RebuildOptions(destination=destination, reference=reference, atol=options.atol,
                                                    weights_only=options.weights_only, savedmodel=options.savedmodel,
                                                    exports=export_formats_asked(options)))
    record = replace(record, verified_on=device)
    return ConversionResult(
        source=str(source), status="converted", output=str(destination), keras_version=file.keras_version,
        template=str((file.model_config or {}).get("config", {}).get("name", "?")),
        layers=len((file.model_config or {}).get("config", {}).get("layers", [])),
        reference=str(reference) if reference else None, rebuild=record, seconds=time.perf_counter() - start)


def classes_from_code(planned: TemplatePlan, template: Graph, source: Path, destination: Path,
                      options: ConvertOptions) -> tuple[ConvertOptions, str | None]:
    """The custom classes the model names, taken from the training code (`--from-code`, a zoo's tree) and
    ported to Keras 3 as `<stem>_custom.py` beside the output, used as if given with --custom-objects.
    Classes the code does not define are left to `refuse_custom_classes`, which names them; so is
    everything when the code's classes do not port (with the reason)."""
    tree = options.from_code or options.class_search
    if tree is None or options.custom_objects or options.from_code is None and not _has_code(tree):
        return options, None
    from migrate.recover.classes import package_name, port_classes, shadowed  # LibCST, the codemod: only when needed

    used = {layer.class_name for _, layer in template.walk()} & KERAS3_LAYER_CLASSES
    known = KERAS3_LAYER_CLASSES - shadowed(used, tree)
    classes = unknown_classes(graph_layers(template), planned.file, known, set())
    functions = named_functions(graph_layers(template), planned.file.training_config, KERAS3_FUNCTION_NAMES)
    if not classes and not functions:
        return options, None

    package = package_name(destination.stem)  # outputs are distinct where sources may share a stem (m.h5, m.keras)
    try:
        ported = port_classes([custom.class_name for custom in classes], tree, package, tuple(functions))
    except MigrateError as exc:
        if not classes:  # functions only: none defined in the code, Keras or the compile warnings say the rest
            return options, None
        stub = _write_custom_stub(source, destination, classes)
        raise UnsupportedModelError(f"{refusal(classes, stub)}; from the code under {tree}: {exc.message}",
                                    layer=classes[0].layers[0] if classes[0].layers else None) from None
    if ported.missing:
        return options, None
    module = destination.parent / f"{package}.py"
    module.parent.mkdir(parents=True, exist_ok=True)
    write_text_atomically(module, ported.text)
    note = (f"custom {ported.kinds} from code: {ported.describe()}, ported to {module}; loading the .keras needs it: "
            f"`import {package}` before keras.saving.load_model")
    return replace(options, custom_objects=(str(module),)), note


def _has_code(tree: Path) -> bool:
    """Whether a tree searched without being named (a zoo's) holds any code: none is no error there."""
    from migrate.recover.sources import code_files

    try:
        return bool(code_files(tree))
    except UsageError:
        return False


def refuse_unliftable_lambdas(planned: TemplatePlan, template: Graph, source: Path, destination: Path,
                              options: ConvertOptions) -> None:
    """Stop before Keras starts when a user Lambda can neither be lifted nor was given a function, and
    leave `<stem>_lambdas.py` beside the output with each such function decoded for the user."""
    given = {spec.partition("=")[0] for spec in options.lambdas}
    stuck = [info for info in planned.lambdas if info.kind == "user" and info.refusal
             and info.layer not in given and "/".join((*info.path[1:], info.layer)) not in given]
    if not stuck:
        return
    entries = [(info.layer, layer.config, len(layer.calls[0]) if layer.calls else 1, info.refusal or "")
               for info in stuck for layer in [_lambda_layer(planned, info)]]
    stubs = stub_path(source, destination)
    stubs.parent.mkdir(parents=True, exist_ok=True)
    write_text_atomically(stubs, render_stubs(source, entries))
    first = stuck[0]
    more = f" ({len(stuck) - 1} more Lambda(s) likewise)" if len(stuck) > 1 else ""
    raise UnsupportedModelError(f"{lambda_refusal(first.refusal or '', first.source, first.layer)}{more}; "
                                f"{stubs} holds each one's decoded function to review", layer=first.layer)


def refuse_custom_classes(planned: TemplatePlan, template: Graph, source: Path, destination: Path,
                          given: set[str]) -> None:
    """Stop when the model uses layer classes neither Keras 3, migrate nor the user's --custom-objects
    provide, naming them all at once, and leave `<stem>_custom.py` beside the output: a stub of each, to
    fill in and pass back."""
    classes = unknown_classes(graph_layers(template), planned.file, KERAS3_LAYER_CLASSES, given)
    if classes:
        raise UnsupportedModelError(refusal(classes, _write_custom_stub(source, destination, classes)),
                                    layer=classes[0].layers[0] if classes[0].layers else None)


def refuse_custom_classes_in_config(source: Path, destination: Path, error: MigrateError) -> None:
    """When the model cannot even be planned, say which custom classes it names too (often the reason:
    a custom first layer declares no input shape), with the stub written, and the planning error after."""
    try:
        file = read_model_file(source)
    except MigrateError:
        return
    classes = unknown_classes(config_layers(file.model_config), file, KERAS3_LAYER_CLASSES, set())
    if classes:
        stub = _write_custom_stub(source, destination, classes)
        where = f"layer '{error.layer}': " if error.layer else ""
        raise UnsupportedModelError(f"{refusal(classes, stub)}; besides, {where}{error.message}",
                                    layer=classes[0].layers[0] if classes[0].layers else None) from None


def _write_custom_stub(source: Path, destination: Path, classes: list[CustomClass]) -> Path:
    stub = custom_stub_path(source, destination)
    rerun = f"migrate convert {source} -o {destination} --custom-objects {stub}"
    stub.parent.mkdir(parents=True, exist_ok=True)
    write_text_atomically(stub, render_custom_stubs(source, classes, rerun))
    return stub


def _lambda_layer(planned: TemplatePlan, info: LambdaInfo) -> Layer:
    graph = planned.graph or planned.template
    for path, layer in graph.walk():
        if path == info.path and layer.name == info.layer:
            return layer
    raise UnsupportedModelError("a Lambda the plan found is not in the graph", layer=info.layer)


def _converted(planned: TemplatePlan, template: Graph, destination: Path, reference: Path | None,
               record: RebuildRecord, seconds: float) -> ConversionResult:
    return ConversionResult(
        source=planned.file.path, status="converted", output=str(destination), keras_version=planned.file.keras_version,
        wrapper_depth=len(planned.replicas), replicas=planned.replicas, template=template.name,
        layers=len(template.layers), reference=str(reference) if reference else None, rebuild=record, seconds=seconds,
        architecture=planned.recovery.describe() if planned.recovery else None)


def _destination(source: Path, options: ConvertOptions) -> Path:
    destination = Path(options.output) if options.output else default_output(source, options.weights_only)
    if destination.resolve() == source.resolve():
        raise OutputExistsError("the output would overwrite the source; choose another -o", path=str(source))
    if destination.exists() and not options.force:
        raise OutputExistsError(f"output {destination} exists; pass --force to replace it", path=str(source))
    return destination
