"""`run_zoo`: discover, skip what is up to date, convert the rest in isolated workers, record, report."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from migrate.save import remove_stray_staging
from migrate.zoo.discover import Job, check_folders, find_jobs
from migrate.zoo.manifest import Manifest
from migrate.zoo.report import build_report, write_reports
from migrate.zoo.runner import Result, Task, run_dask, run_local

Progress = Callable[[int, int, str], None]


@dataclass(frozen=True)
class ZooOptions:
    jobs: int = 1
    timeout: float | None = None
    force: bool = False
    dry_run: bool = False
    scheduler: str | None = None
    report_only: bool = False


def run_zoo(source: Path, out: Path, options: ZooOptions, progress: Progress | None = None) -> dict[str, Any]:
    """Convert the zoo under `source` into `out`; the report (also written to OUT unless a dry run)."""
    check_folders(source, out)
    started = time.perf_counter()
    jobs = find_jobs(source, out)
    if options.dry_run:
        return _dry_run(jobs, Manifest.load(out), source, out, options)
    out.mkdir(parents=True, exist_ok=True)
    remove_stray_staging(out)
    manifest = Manifest.load(out)
    if options.report_only:
        models = [dict(manifest.entries[job.relative]["result"]) for job in jobs if job.relative in manifest.entries]
        report = build_report(models, time.perf_counter() - started)
        write_reports(out, report)
        return report
    todo = [job for job in jobs if options.force or not manifest.up_to_date(job.relative, job.source, job.output)]
    converting = {job.relative for job in todo}
    models = [_skipped(job, manifest) for job in jobs if job.relative not in converting]
    done = [len(models)]

    def on_result(task: Task, result: Result) -> None:
        job = todo[task.index]
        model = _model(job, result, source, out)
        manifest.record(job.relative, job.source, model, job.output if model["status"] == "converted" else None)
        manifest.save()
        models.append(model)
        done[0] += 1
        if progress:
            progress(done[0], len(jobs), job.relative)

    tasks = [Task(i, str(job.source), str(job.output), str(job.architecture) if job.architecture else None)
             for i, job in enumerate(todo)]
    if progress:
        progress(done[0], len(jobs), "")
    if tasks and options.scheduler:
        run_dask(tasks, options.scheduler, options.timeout, on_result)
    elif tasks:
        run_local(tasks, max(1, options.jobs), options.timeout, on_result)
    report = build_report(models, time.perf_counter() - started)
    write_reports(out, report)
    return report


def _model(job: Job, result: Result, source: Path, out: Path) -> dict[str, Any]:
    """A worker's ConversionResult as a report row: paths relative to SRC and OUT."""
    error = result.get("error")
    if error and str(job.source) in error:
        error = error.replace(str(job.source), job.relative)
    note = f"used {job.architecture.name} beside it" if job.architecture and result["status"] == "converted" else None
    return {
        "source": job.relative,
        "status": result["status"],
        "output": Path(result["output"]).relative_to(out).as_posix() if result.get("output") else None,
        "error": error,
        "keras_version": result.get("keras_version"),
        "wrapper_depth": result.get("wrapper_depth", 0),
        "replicas": list(result.get("replicas") or []),
        "params": result.get("params", 0),
        "seconds": round(float(result.get("seconds") or 0.0), 3),
        "max_abs_diff": result.get("max_abs_diff"),
        "note": note,
    }


def _skipped(job: Job, manifest: Manifest) -> dict[str, Any]:
    """An up-to-date source's row: what its last conversion recorded, now marked skipped."""
    model = dict(manifest.entries[job.relative]["result"])
    model.update(status="skipped", seconds=0.0, error=None)
    return model


def _dry_run(jobs: list[Job], manifest: Manifest, source: Path, out: Path, options: ZooOptions) -> dict[str, Any]:
    """What a real run would do, from inspect alone: no TensorFlow, nothing written."""
    from migrate.diagnosis import inspect_file
    from migrate.errors import MigrateError

    models = []
    for job in jobs:
        if not options.force and out.is_dir() and manifest.up_to_date(job.relative, job.source, job.output):
            models.append(_skipped(job, manifest))
            continue
        row = {"source": job.relative, "output": Path(job.output).relative_to(out).as_posix(), "seconds": 0.0}
        try:
            report = inspect_file(job.source, job.architecture)
        except MigrateError as exc:
            models.append({**row, "status": "failed", "output": None, "error": " ".join(str(exc).split())})
            continue
        if report.format == "weights" and report.template is None:
            models.append({**row, "status": "failed", "output": None,
                           "error": "weights-only file with no <stem>.json architecture beside it"})
            continue
        user_lambdas = [entry["layer"] for entry in report.lambdas if entry["kind"] == "user"]
        status, error = ("failed", f"user Lambda {user_lambdas[0]!r} needs migrate convert --lambda") if user_lambdas \
            else ("converted", None)
        models.append({**row, "status": status, "error": error, "keras_version": report.keras_version,
                       "wrapper_depth": report.wrapper_depth, "replicas": report.replicas,
                       "params": report.template.params if report.template else 0})
    return build_report(models, 0.0)
