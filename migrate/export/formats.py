"""Write each deployable format with the exporter Keras ships, then run it in its own runtime.

ONNX: `model.export(format="onnx")` (tf2onnx on the TensorFlow backend), run by onnxruntime. TFLite:
`model.export(format="litert")` (TensorFlow's TFLite converter), run by the LiteRT interpreter of
`ai-edge-litert`. SavedModel: `model.export(format="tf_saved_model")`, reloaded with `tf.saved_model.load`
and called through its `serve` endpoint. A format that cannot represent a layer, or whose runtime is not
installed, is one ExportRecord with the reason: it never fails the conversion.
"""

from __future__ import annotations

import re
import shutil
import time
import warnings
from collections.abc import Callable, Sequence
from contextlib import nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from migrate.errors import one_line
from migrate.export.record import FORMATS, ExportRecord, export_path
from migrate.rebuild.runtime import native_stderr_silenced
from migrate.verify.tolerance import ABSOLUTE, compare

KERAS_FORMAT = {"onnx": "onnx", "tflite": "litert", "savedmodel": "tf_saved_model"}
DEPLOY_HINT = "pip install 'migrate[deploy]'"
BATCH_ONE_NOTE = "exported for batch 1: TFLite lowers a recurrent loop to builtin ops only with static shapes"
NO_INPUTS = "the model runs on no synthetic input of its shapes migrate tried; pass --reference to check it"
# onnxruntime names element types; reference inputs are what the legacy stack fed (int64 token ids, say)
ONNX_TYPES = {"tensor(float)": np.float32, "tensor(double)": np.float64, "tensor(int32)": np.int32,
              "tensor(int64)": np.int64, "tensor(bool)": np.bool_}


def export_all(model: Any, formats: Sequence[str], stage: Path, destination: Path, inputs: list[np.ndarray] | None,
               expected: list[np.ndarray] | None, atol: float = ABSOLUTE, paths: dict[str, Path] | None = None,
               against: str = "the reference") -> list[tuple[ExportRecord, Path | None]]:
    """Each format written under `stage` and checked; with the staged path to publish (None: nothing written).

    `inputs`/`expected` are the reference (or, without one, the Keras model's own outputs on synthetic inputs of
    its shapes: `against` says which); None: the model runs on no input migrate could make, and the exports are
    written but not checked. `paths` places a format elsewhere than beside `destination` (`--savedmodel DIR`).
    """
    ensure_called(model)
    # tf2onnx warns about numpy, and the TFLite converter writes its refusals to fd 2 as pages of MLIR: the
    # record's one line says what matters
    with warnings.catch_warnings(), native_stderr_silenced():
        warnings.simplefilter("ignore")
        return [_export_one(model, name, stage, str((paths or {}).get(name) or export_path(str(destination), name)),
                            inputs, expected, atol, against) for name in formats]


def ensure_called(model: Any) -> None:
    """Keras's ONNX exporter refuses a model that was never called ("The model provided has never called"), even
    one whose inputs are all declared: a reloaded model run on no input (none fitted it) is called once on its own
    symbolic inputs, which builds nothing and computes nothing."""
    inputs = model.inputs
    model(inputs if len(inputs) > 1 else inputs[0])


def _export_one(model: Any, name: str, stage: Path, final: str, inputs: list[np.ndarray] | None,
                expected: list[np.ndarray] | None, atol: float, against: str) -> tuple[ExportRecord, Path | None]:
    """Write one format to `stage`, then check it; every failure is the record's one line. `final` is where it
    will be published."""
    from migrate.rebuild.keras_compat import constants_as_variables  # imports Keras: only once exporting

    started = time.perf_counter()
    staged = stage / f"export-{name}{FORMATS[name] if FORMATS[name].startswith('.') else ''}"
    note = None
    try:
        try:
            with constants_as_variables(model) if name == "onnx" else nullcontext():
                model.export(str(staged), format=KERAS_FORMAT[name], verbose=False, **_exporter_options(name))
        except Exception as exc:
            if name != "tflite" or "TensorList" not in str(exc):
                raise
            # TFLite lowers an RNN's loop to builtin ops only with static shapes: the same file for batch 1
            model.export(str(staged), format=KERAS_FORMAT[name], verbose=False, input_signature=_batch_one(model),
                         **_exporter_options(name))
            note = BATCH_ONE_NOTE
    except Exception as exc:  # an exporter refuses a layer or op in many ways: each is a line, not a crash
        shutil.rmtree(staged, ignore_errors=True) if staged.is_dir() else staged.unlink(missing_ok=True)
        return ExportRecord(name, error=_reason(exc), seconds=time.perf_counter() - started), None
    if inputs is None or expected is None:
        return ExportRecord(name, final, error=NO_INPUTS, seconds=time.perf_counter() - started, note=note), staged
    fed = None
    try:
        run = RUNTIMES[name](staged, inputs, [str(t.name) for t in model.inputs])
        fed = run.fed
        comparison = compare(run.outputs, expected, atol)
    except ImportError as exc:
        record = ExportRecord(name, final, error=f"its runtime is not installed ({exc.name}; {DEPLOY_HINT})")
    except Exception as exc:  # the runtime refuses the file or the inputs: the export is not usable as written
        record = ExportRecord(name, final, matched=False, error=f"its runtime cannot run it ({_reason(exc)})")
    else:
        record = ExportRecord(name, final, matched=comparison.within, max_abs_diff=comparison.max_abs_diff)
    return ExportRecord(**{**record.__dict__, "seconds": time.perf_counter() - started, "note": note,
                           "against": against, "fed": fed}), staged


def _batch_one(model: Any) -> list[Any]:
    """The model's input signature with the batch dimension fixed at 1."""
    import tensorflow as tf

    specs = [tf.TensorSpec((1, *tensor.shape[1:]), str(tensor.dtype), name=tensor.name) for tensor in model.inputs]
    return [specs if len(specs) > 1 else specs[0]]


def _exporter_options(name: str) -> dict[str, Any]:
    """TFLite with the builtin ops only: Keras's exporter falls back to TensorFlow "Select" ops, which the LiteRT
    interpreter cannot run (they need the Flex delegate, i.e. TensorFlow, on the device). A layer without a
    builtin form is then refused at conversion, naming its ops, rather than written as a file that fails to run."""
    if name != "tflite":
        return {}
    import tensorflow as tf

    return {"target_spec": {"supported_ops": [tf.lite.OpsSet.TFLITE_BUILTINS]}}


def _reason(exc: BaseException) -> str:
    """An exporter's error in one short line (tf2onnx and the TFLite converter write pages)."""
    if isinstance(exc, ImportError) and exc.name:
        return f"{exc.name} is not installed ({DEPLOY_HINT})"
    missing = sorted(set(re.findall(r"\btf\.([A-Z]\w+)", str(exc))))
    if "not supported by the native TFLite runtime" in str(exc) or ("TFLite" in str(exc) and missing):
        return f"no TFLite builtin op for TensorFlow op(s) {', '.join(missing) or '?'}"
    return f"{type(exc).__name__}: {one_line(exc)[:240]}"


@dataclass(frozen=True)
class RuntimeRun:
    """A runtime's outputs on the check inputs, in the model's order, and how it was fed them (None: as given)."""

    outputs: list[np.ndarray]
    fed: str | None = None


def run_onnx(path: Path, inputs: list[np.ndarray], names: list[str]) -> RuntimeRun:
    """Outputs of the ONNX file in onnxruntime on the CPU; inputs fed by position (tf2onnx keeps the order)."""
    import onnxruntime

    session = onnxruntime.InferenceSession(str(path), providers=["CPUExecutionProvider"])
    extra = [node.name for node in session.get_inputs()[len(inputs):]]
    if extra:  # a constant the model captured (Normalization's adapted mean and variance) left as a graph input
        raise ValueError(f"its graph takes {len(extra)} input(s) besides the model's {len(inputs)}, constants tf2onnx "
                         f"did not freeze: {', '.join(extra[:3])}; a user would have to feed them")
    feed = {node.name: array.astype(ONNX_TYPES.get(node.type, array.dtype), copy=False)
            for node, array in zip(session.get_inputs(), inputs, strict=True)}
    return RuntimeRun([np.asarray(out) for out in session.run(None, feed)])


def run_tflite(path: Path, inputs: list[np.ndarray], names: list[str]) -> RuntimeRun:
    """Outputs of the `.tflite` file in the LiteRT interpreter, through its signature (inputs by name, outputs
    `output_0`, `output_1`, ... in the model's order), driven as a user would: the whole batch in one call where
    the file's batch dimension is dynamic, and in slices of its size (one row at a time) where it is fixed."""
    from ai_edge_litert.interpreter import Interpreter

    runner = Interpreter(model_path=str(path)).get_signature_runner()  # resizes to the inputs it is given
    details = runner.get_input_details()
    feed = {key: array.astype(details[key]["dtype"], copy=False)
            for key, array in _by_name(list(details), names, inputs).items()}
    rows = len(inputs[0])
    fixed = {int(details[key]["shape_signature"][0]) for key in feed} - {-1}
    if not fixed:
        result = runner(**feed)
        return RuntimeRun([np.asarray(result[key]) for key in sorted(result, key=_numbered_last)],
                          f"dynamic batch: fed all {rows} rows in one call")
    size = max(fixed)
    if rows % size:
        raise ValueError(f"its batch is fixed at {size}, and {rows} check rows do not divide into such batches")
    results = [runner(**{key: array[i:i + size] for key, array in feed.items()}) for i in range(0, rows, size)]
    each = "one" if size == 1 else size
    return RuntimeRun([np.concatenate([part[key] for part in results]) for key in sorted(results[0], key=_numbered_last)],
                      f"batch fixed at {size}: fed {rows} rows {each} at a time")


def run_savedmodel(path: Path, inputs: list[np.ndarray], names: list[str]) -> RuntimeRun:
    """Outputs of the SavedModel reloaded by TensorFlow alone (no Keras), through the `serve` endpoint."""
    import tensorflow as tf

    loaded = tf.saved_model.load(str(path))
    result = loaded.serve(inputs if len(inputs) > 1 else inputs[0])
    outputs = list(result) if isinstance(result, (list, tuple)) else [result]
    return RuntimeRun([np.asarray(out) for out in outputs])


def _by_name(keys: list[str], names: list[str], inputs: list[np.ndarray]) -> dict[str, np.ndarray]:
    """Signature input keys matched to the model's input names; by position where the names do not say."""
    if sorted(keys) == sorted(names):
        return dict(zip(names, inputs, strict=True))
    return dict(zip(keys, inputs, strict=True))


def _numbered_last(key: str) -> tuple[str, int]:
    """`output_10` after `output_2`: sort by the name's trailing number."""
    match = re.fullmatch(r"(.*?)(\d+)", key)
    return (match.group(1), int(match.group(2))) if match else (key, -1)


RUNTIMES: dict[str, Callable[[Path, list[np.ndarray], list[str]], RuntimeRun]] = {
    "onnx": run_onnx, "tflite": run_tflite, "savedmodel": run_savedmodel}
