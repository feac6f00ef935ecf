"""The Keras side of a conversion: rebuild, move weights, compile, verify, save.

The converted model lives only inside `_build_and_stage`: by the time the written file is reloaded
for the final check, it has been freed, so the two never sit in memory together. With a reference, only
the reloaded model is run on it (what the user gets is what is judged; one forward pass, not two). Callers run
`runtime.start_keras()` before importing this module.
"""

from __future__ import annotations

import gc
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import keras
import numpy as np

from migrate.errors import MalformedFileError, VerificationError, one_line
from migrate.export import ExportRecord
from migrate.graph import Graph
from migrate.read import LegacyFile
from migrate.rebuild.arrays import Checked, predict, to_numpy
from migrate.rebuild.keras_compat import (
    NUMPY_SLOT_DTYPES,
    STREAM_ABOVE_BYTES,
    SlotArray,
    datasets_written_directly,
    skipsets_computed_once,
    streaming_large_weights,
)
from migrate.rebuild.model import rebuild_model
from migrate.rebuild.options import RebuildOptions
from migrate.rebuild.record import RebuildRecord
from migrate.rebuild.training import (
    TrainingCarry,
    carry_optimizer_state,
    compile_like_legacy,
    note_training_differences,
)
from migrate.rebuild.weights import move_weights
from migrate.save import StagingArea, publish, staging_area
from migrate.translate import SourceInfo
from migrate.verify import (
    Fingerprint,
    check_reference,
    check_reloaded,
    digest_array,
    fingerprint,
    reference_fingerprint,
)
from migrate.verify.archive import compile_config_in, optimizer_digests_in


def build_verified(file: LegacyFile, template: Graph, weights_group: str | None, output_names: tuple[str, ...],
                   options: RebuildOptions) -> RebuildRecord:
    """Everything past the reading side; raises MigrateError at the first thing that is not right."""
    needed = options.user.custom_objects()
    with (staging_area(options.destination) as area, streaming_large_weights(), skipsets_computed_once(),
          datasets_written_directly()):
        record, expected, staged = _build_and_stage(file, template, weights_group, output_names, options, area)
        release_freed_memory(record.params)
        exports: list[tuple[ExportRecord, Path | None]] = []
        if not options.weights_only:
            started = time.perf_counter()
            reloaded = reload_stock(staged, needed)
            max_abs_diff = check_reloaded(Checked(reloaded), expected)
            check_training_reloads(reloaded, staged, expected, needed)
            record = replace(record, verify_seconds=record.verify_seconds + time.perf_counter() - started,
                             max_abs_diff=record.max_abs_diff if max_abs_diff is None else max_abs_diff)
            exports = export_formats(reloaded, options, area.folder(), expected) if options.exports else []
            record = replace(record, exports=tuple(export for export, _ in exports))
            del reloaded
        if needed:
            record = replace(record, notes=(*record.notes, "loading it needs your own objects: keras.saving.load_model("
                                            f"path, custom_objects={{{', '.join(repr(k) + ': ...' for k in sorted(needed))}}})"))
        record = replace(record, bytes_written=staged.stat().st_size)
        publish(staged, options.destination)
        publish_exports(exports)
    return record


def publish_exports(exports: list[tuple[ExportRecord, Path | None]]) -> None:
    """Each export that was written moves from the staging folder to its place beside the .keras."""
    for export, written in exports:
        if written is not None and export.path:
            publish(written, Path(export.path))


def export_formats(model: keras.Model, options: RebuildOptions, stage: Path, expected: Fingerprint
                   ) -> list[tuple[ExportRecord, Path | None]]:
    """The --export formats of the model stock Keras reloaded (what a user deploys from), each checked in its
    own runtime on the reference (or, without one, on the check inputs against the Keras model's outputs)."""
    if not options.exports:
        return []
    from migrate.export.formats import export_all

    paths = {"savedmodel": Path(options.savedmodel)} if options.savedmodel is not None else {}
    against = ("the reference" if expected.reference else "the Keras model's outputs on the reference inputs"
               if options.reference else "the converted model's outputs on synthetic inputs")
    return export_all(model, options.exports, stage, options.destination, expected.inputs, expected.outputs,
                      options.atol, paths, against)


def reload_stock(path: Path, custom_objects: dict[str, Any]) -> keras.Model:
    """Load the written file as a user will: stock Keras 3, safe mode on, and only the user's own objects
    (from --lambda or --custom-objects), never anything of migrate's. Uncompiled: `check_training_reloads`
    proves the compile part from the same file, at a fraction of a compiled load's cost."""
    try:
        return keras.saving.load_model(path, safe_mode=True, compile=False, custom_objects=custom_objects or None)
    except Exception as exc:  # whatever Keras raises, the file is not usable as written
        raise VerificationError(f"the written file does not reload in Keras 3 ({type(exc).__name__}: {exc})") from None


def check_training_reloads(reloaded: keras.Model, path: Path, expected: Fingerprint,
                           custom_objects: dict[str, Any]) -> None:
    """The written file's compile settings and optimizer state, as a compiled stock `load_model` restores them.

    A compiled load is the uncompiled one (`reloaded`) and then `compile_from_config`: deserialize the settings
    (safe mode), `compile(**settings)`, build the optimizer's slots over the trainable weights, and assign the
    saved `optimizer/vars` to them (skipped with only a warning when their count differs). The first two are
    run here, stock, on the reloaded model. Building and filling fresh slots (a third of a compiled load) is
    replaced by a stronger check: the deserialized optimizer is the converted one (same serialized config) over
    trainable weights of the same shapes, so stock Keras builds the same slots, and the file's saved
    variables equal the converted optimizer's, digest for digest, in the order the load assigns them.
    """
    config = compile_config_in(path)
    if expected.optimizer is None:
        if config is not None:
            raise VerificationError("the written file carries compile settings the converted model did not have")
        return
    if config is None:
        raise VerificationError("the written file lost the compile settings")
    try:
        settings = keras.saving.deserialize_keras_object(config, custom_objects=custom_objects or None, safe_mode=True)
        reloaded.compile(**settings)
    except Exception as exc:  # whatever Keras raises here, a compiled load_model raises too
        raise VerificationError(f"the written file's compile settings do not load in Keras 3 ({type(exc).__name__}: "
                                f"{one_line(exc)[:200]})") from None
    if keras.saving.serialize_keras_object(reloaded.optimizer) != expected.optimizer:
        raise VerificationError("the written file's optimizer settings differ from the converted model's")
    if tuple(tuple(v.shape) for v in reloaded.trainable_variables) != expected.trainable_shapes:
        raise VerificationError("the reloaded model's trainable weights differ from the converted model's")
    if optimizer_digests_in(path) != expected.optimizer_digests:
        raise VerificationError("the written file's optimizer state differs from the converted model's")


def training_expectation(model: keras.Model, expected: Fingerprint) -> Fingerprint:
    """`expected` with what `check_training_reloads` needs of a compiled model: its optimizer, serialized, the
    digest of each of its variables, and the shapes of the weights it trains."""
    optimizer = getattr(model, "optimizer", None) if getattr(model, "compiled", False) else None
    if optimizer is None:
        return expected
    return replace(expected, optimizer=keras.saving.serialize_keras_object(optimizer),
                   optimizer_digests=tuple(digest_array(v.value if isinstance(v, SlotArray) else to_numpy(v))
                                           for v in optimizer.variables),
                   trainable_shapes=tuple(tuple(v.shape) for v in model.trainable_variables))


def _build_and_stage(file: LegacyFile, template: Graph, weights_group: str | None, output_names: tuple[str, ...],
                     options: RebuildOptions, area: StagingArea) -> tuple[RebuildRecord, Fingerprint, Path]:
    """Rebuild, fill, compile, check against the reference, write; the model dies when this returns."""
    rebuilt = rebuild_model(template, SourceInfo.of(file), options.user)
    model = rebuilt.model
    moves = move_weights(file, template, rebuilt, weights_group, reloaded=not options.weights_only)
    params = int(sum(np.prod(v.shape) for v in model.weights))
    release_freed_memory(params)  # the 16 MiB blocks the weights streamed through: back to the OS before saving
    if len(moves) != len(model.weights):
        raise MalformedFileError(f"the file holds {len(moves)} of the {len(model.weights)} weights the model needs")
    record = RebuildRecord(params=params, weights_moved=len(moves),
                           weights_fixed=sum(move.fixed for move in moves), notes=tuple(dict.fromkeys(rebuilt.notes)),
                           warnings=tuple(rebuilt.warnings), lambdas_lifted=len(rebuilt.lifted))
    if file.training_config:
        carry = _carry_training(model, file, moves, list(output_names), options.user.functions)
        record = replace(record, optimizer=carry.optimizer, optimizer_slots=carry.slots_moved,
                         iterations=carry.iterations, notes=(*record.notes, *carry.notes),
                         warnings=(*record.warnings, *carry.warnings))
    started = time.perf_counter()
    landed = {id(move.variable): move.digest for move in moves}
    expected = _expectation(model, options, {i: landed[id(v)] for i, v in enumerate(model.weights) if id(v) in landed})
    if options.weights_only and options.reference:  # nothing is reloaded: the converted model itself is judged
        record = replace(record, max_abs_diff=check_reference(Checked(model), options.reference, options.atol)[0])
    record = replace(record, verify_seconds=time.perf_counter() - started)
    staged = staged_path(area, model, options)
    if options.weights_only:
        model.save_weights(staged)
    else:
        model.save(staged)
    return record, expected, staged


def staged_path(area: StagingArea, model: keras.Model, options: RebuildOptions) -> Path:
    """Where the model is written before it is checked: a file beside the destination when Keras saves it through
    memory alone (streaming_large_weights: below STREAM_ABOVE_BYTES) and nothing is exported; otherwise inside the
    staging folder, where Keras's temporary weights file (beside the file it saves) and the exports land too."""
    if options.weights_only:
        return area.folder() / "model.weights.h5"
    if options.exports or weight_bytes(model) >= STREAM_ABOVE_BYTES:
        return area.folder() / "model.keras"
    return area.file(".keras")


def weight_bytes(model: keras.Model) -> int:
    """The bytes of the model's variables (what Keras weighs before saving in memory), and its optimizer's."""
    variables = [*model.variables, *(model.optimizer.variables if getattr(model, "optimizer", None) else ())]
    return sum(int(np.prod(v.shape)) * np.dtype(_dtype_name(v)).itemsize for v in variables)


def _dtype_name(variable: Any) -> str:
    name = keras.backend.standardize_dtype(variable.dtype)
    return name if name in NUMPY_SLOT_DTYPES else "float32"  # bfloat16 and the like: 2 bytes, counted as 4


def _expectation(model: Any, options: RebuildOptions, landed: dict[int, str]) -> Fingerprint:
    """What the reloaded model is checked against: the converted model's weight digests (those its weights had
    as they were read back on landing, by position in `model.weights`: nothing writes them after), and the reference (the reloaded model alone
    is run on it), or, without one, the converted model's outputs on synthetic inputs."""
    if options.weights_only:
        return Fingerprint((), None, None)
    if options.reference:
        return training_expectation(model, reference_fingerprint(Checked(model), options.reference, options.atol, landed))
    return training_expectation(model, fingerprint(Checked(model), *synthetic_run(model), known=landed))


def _carry_training(model: Any, file: LegacyFile, moves: list[Any], output_names: list[str],
                    functions: dict[str, Any]) -> TrainingCarry:
    """Compile like the legacy run and carry its optimizer state. The training config is the file's
    free-form JSON and only matters for resuming training: whatever in it Keras's own constructors
    refuse is left out with a warning, never a reason to fail the conversion."""
    try:
        carry = compile_like_legacy(model, file.training_config, output_names, functions)
    except (TypeError, ValueError, AttributeError, KeyError) as exc:
        return TrainingCarry(warnings=[f"training config not carried: {type(exc).__name__}: {str(exc)[:160]}"])
    try:
        carry_optimizer_state(model, file, moves, carry)
    except (TypeError, ValueError, AttributeError, KeyError, OSError) as exc:
        carry.warnings.append(f"optimizer state not carried: {type(exc).__name__}: {str(exc)[:160]}")
        carry.slots_moved, carry.iterations = 0, None
    note_training_differences(model, file, carry)
    return carry


# Below this many parameters, the pages a collection would hand back do not matter, and a collection costs
# about 6 ms (a tenth of converting a small model).
RELEASE_PARAMS = 16 * 2**20


def release_freed_memory(params: int | None = None) -> None:
    """Collect the freed model and hand its pages back to the OS before the reload allocates another.

    glibc keeps freed heap memory mapped; `malloc_trim(0)` returns it. Elsewhere this is a no-op. Given
    `params`, only for a model of at least RELEASE_PARAMS parameters.
    """
    if params is not None and params < RELEASE_PARAMS:
        return
    gc.collect()
    try:
        import ctypes

        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):
        pass


# Sizes tried, in turn, for a dimension the model leaves unknown: the smallest first (the cheapest forward pass),
# then larger ones for a net whose valid convolutions and poolings need more room (a fully convolutional
# classifier taking any image size, trained on 224 x 224).
FREE_SIZES = (32, 64, 128, 224)


def synthetic_run(model: Any, batch: int = 2) -> tuple[list[np.ndarray] | None, list[np.ndarray] | None]:
    """Deterministic inputs for the reload check when no reference was given (ints stay at 0), and the model's
    outputs on them (the reload check and the exports compare against these: the forward pass that tried them is
    not repeated).

    Unknown dimensions get each of FREE_SIZES until Keras's shape inference accepts the model on them and it runs;
    if it runs on none (None, None): the reload check then compares weights and config only, and exports say
    they could not be checked.
    """
    unknown = any(d is None for tensor in model.inputs for d in tensor.shape[1:])
    for free in FREE_SIZES if unknown else FREE_SIZES[:1]:
        arrays = synthetic_inputs(model, batch, free)
        if unknown and not shapes_fit(model, arrays):
            continue
        try:
            return arrays, predict(model, arrays)
        except Exception:  # Keras refuses unfit inputs in many ways; any of them means: try the next size
            continue
    return None, None


def shapes_fit(model: Any, arrays: list[np.ndarray]) -> bool:
    """Whether every layer's output shape is valid on inputs of these shapes, by Keras's own shape inference
    (symbolic: nothing is computed). An eager run does not say: TensorFlow's CPU kernels return numbers, not an
    error, for a valid convolution on an image smaller than its kernel (measured: 5.5e12 where onnxruntime and
    LiteRT refuse the input)."""
    specs = [keras.KerasTensor(array.shape, str(array.dtype)) for array in arrays]
    try:
        model.compute_output_spec(specs if len(specs) > 1 else specs[0])
    except Exception:  # any refusal of the shapes means they do not fit
        return False
    return True


def synthetic_inputs(model: Any, batch: int, free: int) -> list[np.ndarray]:
    """Arrays of the model's input shapes and dtypes, `free` for each unknown dimension: uniform in [-1, 1) from a
    fixed seed, zeros for integer and boolean inputs (token ids, masks: 0 is valid for any vocabulary)."""
    rng = np.random.default_rng(0)
    arrays = []
    for tensor in model.inputs:
        shape = [batch] + [d if d is not None else free for d in tensor.shape[1:]]
        dtype = np.dtype(str(tensor.dtype))
        arrays.append(np.zeros(shape, dtype) if dtype.kind in "iub" else rng.uniform(-1, 1, shape).astype(dtype))
    return arrays
