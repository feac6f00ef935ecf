"""Files Keras 3 wrote itself: loaded by stock Keras 3 in safe mode, saved as `.keras`, checked equal.

migrate must never be worse than stock Keras 3. A `.keras` zip of Keras 3.x, or a legacy HDF5 that
Keras 3 wrote (`model.save("m.h5")`), is not legacy at all: when `keras.saving.load_model(path,
safe_mode=True)` loads it, that model *is* the reference, and the conversion is a re-save whose
outputs and weights must equal it bit for bit after a stock reload. When stock Keras 3 refuses the
file (a metric name it no longer resolves, a Python lambda), the caller goes on with migrate's own
pipeline, which reads the file as data. Keras 3 picks its reader by suffix, so the file is linked
under the suffix its content calls for.
"""

from __future__ import annotations

import tempfile
import time
from dataclasses import replace
from pathlib import Path

import keras
import numpy as np

from migrate.rebuild.arrays import Checked, to_numpy
from migrate.rebuild.options import RebuildOptions
from migrate.rebuild.pipeline import (
    check_training_reloads,
    export_formats,
    publish_exports,
    release_freed_memory,
    reload_stock,
    synthetic_run,
    training_expectation,
)
from migrate.rebuild.record import RebuildRecord
from migrate.save import publish, staging
from migrate.verify import check_reference, check_reloaded, fingerprint, load_reference

SUFFIXES = {"keras_zip": ".keras", "hdf5": ".h5"}


def load_stock(source: Path, container: str) -> tuple[keras.Model | None, str | None]:
    """The model stock Keras 3 loads from `source` in safe mode, or None and why it would not."""
    suffix = SUFFIXES.get(container)
    if suffix is None:
        return None, f"stock Keras 3 does not read a {container}"
    with tempfile.TemporaryDirectory(prefix="migrate-stock-") as folder:
        linked = Path(folder) / f"model{suffix}"
        linked.symlink_to(source.resolve())
        try:
            return keras.saving.load_model(linked, safe_mode=True), None
        except Exception as exc:  # whatever stock Keras raises, it did not load the file
            return None, f"{type(exc).__name__}: {str(exc).splitlines()[0][:200] if str(exc) else ''}"


def pass_through(model: keras.Model, options: RebuildOptions) -> RebuildRecord:
    """Save what stock Keras 3 loaded as `.keras` (or weights), reload it stock, and check it is the same
    model: every weight bit for bit, the outputs on the reference (or synthetic) inputs equal."""
    started = time.perf_counter()
    max_diff = None
    if options.reference:  # one forward pass serves the reference check and the reload check
        max_diff, outputs = check_reference(Checked(model), options.reference, options.atol)
        expected = fingerprint(Checked(model), load_reference(options.reference)[0], outputs)
    else:
        expected = fingerprint(Checked(model), *synthetic_run(model))
    expected = training_expectation(model, expected)
    record = RebuildRecord(
        params=int(sum(np.prod(v.shape) for v in model.weights)), weights_moved=len(model.weights),
        optimizer=type(model.optimizer).__name__ if getattr(model, "optimizer", None) is not None else None,
        iterations=_iterations(model), optimizer_slots=_slots(model), max_abs_diff=max_diff,
        notes=("a Keras 3 file: loaded by stock Keras 3 in safe mode and saved as it loads; "
               "its outputs are the reference the written file is checked against",))
    with staging(options.destination) as stage:
        staged = stage / ("model.weights.h5" if options.weights_only else "model.keras")
        exports = []
        if options.weights_only:
            model.save_weights(staged)
        else:
            model.save(staged)
            del model
            release_freed_memory()
            reloaded = reload_stock(staged, {})
            check_reloaded(Checked(reloaded), expected)
            check_training_reloads(reloaded, staged, expected, {})
            exports = export_formats(reloaded, options, stage, expected)
            del reloaded
        record = replace(record, bytes_written=staged.stat().st_size, verify_seconds=time.perf_counter() - started,
                         exports=tuple(export for export, _ in exports))
        publish(staged, options.destination)
        publish_exports(exports)
    return record


def _slots(model: keras.Model) -> int:
    """The optimizer's variables besides its step counter (and learning rate), which the re-save keeps."""
    optimizer = getattr(model, "optimizer", None)
    variables = getattr(optimizer, "variables", None) or []
    return sum(1 for variable in variables if getattr(variable, "shape", ()) != ())


def _iterations(model: keras.Model) -> int | None:
    optimizer = getattr(model, "optimizer", None)
    counter = getattr(optimizer, "iterations", None)
    return int(to_numpy(counter)) if counter is not None else None
