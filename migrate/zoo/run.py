"""`run_zoo`: discover, skip what is up to date, convert the rest in isolated workers, record, report."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from migrate.convert import ConversionResult, ConvertOptions
from migrate.errors import MigrateError, NoModelsError, one_line
from migrate.export import ExportRecord, parse_formats
from migrate.rebuild.options import check_lambda_specs
from migrate.save import remove_stray_staging
from migrate.zoo.config import load_config
from migrate.zoo.discover import Job, check_folders, describe_model_files, find_jobs
from migrate.zoo.manifest import Manifest
from migrate.zoo.records import ModelRow
from migrate.zoo.report import build_report, write_reports
from migrate.zoo.runner import Task, run_dask, run_local

Progress = Callable[[int, int, str], None]
REDONE = "converted again:"  # opens the note of an up-to-date file redone for what the new options ask


@dataclass(frozen=True)
class ZooOptions:
    """How to run the zoo; `convert` holds convert's options for every file (the config adds its own)."""

    convert: ConvertOptions = ConvertOptions()
    jobs: int = 1
    timeout: float | None = None
    force: bool = False
    dry_run: bool = False
    scheduler: str | None = None
    report_only: bool = False
    config: Path | None = None


def run_zoo(source: Path, out: Path, options: ZooOptions, progress: Progress | None = None) -> dict[str, Any]:
    """Convert the zoo under `source` into `out`; the report (also written to OUT unless a dry run)."""
    check_folders(source, out)
    check_lambda_specs(list(options.convert.lambdas))
    parse_formats(options.convert.exports)  # a bad --export stops the run, not every file
    started = time.perf_counter()
    jobs = find_jobs(source, out, options.convert, load_config(source, options.config))
    if not jobs:
        raise NoModelsError(f"no Keras model files under it (looked for {describe_model_files()})", path=str(source))
    if options.dry_run:
        return _dry_run(jobs, Manifest.load(out), out, options)
    out.mkdir(parents=True, exist_ok=True)
    remove_stray_staging(out)
    manifest = Manifest.load(out)
    if options.report_only:
        rows = [row for job in jobs if (row := manifest.last_row(job.relative)) is not None]
        report = build_report(rows, time.perf_counter() - started)
        write_reports(out, report)
        return report
    reasons = {job.relative: _redo_reason(job, manifest, out, options) for job in jobs if not job.skip}
    todo = [job for job in jobs if reasons.get(job.relative) is not None]
    converting = {job.relative for job in todo}
    rows = [_skipped(job, manifest) for job in jobs if job.relative not in converting]
    done = [len(rows)]

    def on_result(task: Task, result: ConversionResult) -> None:
        job = todo[task.index]
        row = _noted(_row(job, result, out), reasons[job.relative])
        manifest.record(job.relative, job.source, row, job.output if row.status == "converted" else None)
        manifest.save()
        rows.append(row)
        done[0] += 1
        if progress:
            progress(done[0], len(jobs), job.relative)

    tasks = [Task(i, str(job.source), job.options) for i, job in enumerate(todo)]
    if progress:
        progress(done[0], len(jobs), "")
    if tasks and options.scheduler:
        run_dask(tasks, options.scheduler, options.timeout, on_result)
    elif tasks:
        run_local(tasks, max(1, options.jobs), options.timeout, on_result)
    report = build_report(rows, time.perf_counter() - started)
    write_reports(out, report)
    return report


def _row(job: Job, result: ConversionResult, out: Path) -> ModelRow:
    """A worker's ConversionResult as a zoo row: paths relative to SRC and OUT."""
    error = _relative_error(job, result.error) if result.error else None
    converted = result.status == "converted"
    return ModelRow(
        source=job.relative, status=result.status,
        output=Path(result.output).relative_to(out).as_posix() if result.output else None, error=error,
        keras_version=result.keras_version, wrapper_depth=result.wrapper_depth, replicas=tuple(result.replicas),
        params=result.params, seconds=round(result.seconds, 3), max_abs_diff=result.max_abs_diff,
        note=_relative_note(job, result.architecture) if converted and result.architecture else
        f"used {job.architecture.name} beside it" if job.architecture and converted else None,
        within_tolerance=result.within_tolerance,
        warnings=tuple(result.warnings), lambdas_lifted=result.lambdas_lifted,
        exports=tuple(_export_json(export, out) for export in result.rebuild.exports) if result.rebuild else (),
    )


def _relative_note(job: Job, note: str) -> str:
    """Where a recovered architecture came from, with paths under SRC relative to it, as the row's source is."""
    root = str(job.source)[: -len(job.relative)] if str(job.source).endswith(job.relative) else ""
    return note.replace(root, "") if root else note


def _export_json(export: ExportRecord, out: Path) -> dict[str, Any]:
    """An export as a row holds it: its path relative to OUT, seconds rounded like the row's."""
    data = asdict(export)
    data["path"] = Path(export.path).relative_to(out).as_posix() if export.path else None
    data["seconds"] = round(export.seconds, 3)
    return data


def _relative_error(job: Job, error: str) -> str:
    """An error as a zoo row says it: paths relative to SRC, and not opening with the file the row names."""
    return error.replace(str(job.source), job.relative).removeprefix(f"{job.relative}: ")


def _redo_reason(job: Job, manifest: Manifest, out: Path, options: ZooOptions) -> str | None:
    """None when `job` is up to date; else why it is converted ('' when that needs no word: new, changed, forced)."""
    if options.force or not out.is_dir() or not manifest.up_to_date(job.relative, job.source, job.output):
        return ""
    missing = manifest.exports_missing(job.relative, parse_formats(job.options.exports))
    if missing:
        return f"{REDONE} its last conversion was not asked for --export {','.join(missing)}"
    return None


def _noted(row: ModelRow, reason: str) -> ModelRow:
    """The row with why it was redone (when that needs saying) before any note of its own."""
    return replace(row, note="; ".join(filter(None, (reason, row.note))) or None) if reason else row


def _skipped(job: Job, manifest: Manifest) -> ModelRow:
    """An up-to-date source's row (what its last conversion recorded), or one the config skips; marked skipped."""
    if job.skip:
        return ModelRow(job.relative, "skipped", note="skip = true in the zoo's config")
    last = manifest.last_row(job.relative) or ModelRow(job.relative, "skipped")
    note = "; ".join(part for part in (last.note or "").split("; ") if part and not part.startswith(REDONE)) or None
    return replace(last, status="skipped", seconds=0.0, error=None, note=note)


def _dry_run(jobs: list[Job], manifest: Manifest, out: Path, options: ZooOptions) -> dict[str, Any]:
    """What a real run would do, from the plan alone: no TensorFlow, nothing written."""
    rows = []
    for job in jobs:
        reason = None if job.skip else _redo_reason(job, manifest, out, options)
        rows.append(_skipped(job, manifest) if reason is None else _noted(_predicted(job, out), reason))
    return build_report(rows, 0.0)


def _predicted(job: Job, out: Path) -> ModelRow:
    """Converted or failed, as far as planning the file can tell."""
    from migrate.plan import plan_path
    from migrate.recover import RecoverOptions

    failed = ModelRow(job.relative, "failed")
    try:
        planned = plan_path(job.source, job.options.architecture, RecoverOptions(search=job.options.search))
    except MigrateError as exc:
        return replace(failed, error=_relative_error(job, one_line(exc)))
    if planned.template is None:
        code = " (its from_code is run in a real run only)" if job.options.from_code else ""
        return replace(failed, error=f"weights-only file with no architecture found in the tree{code}")
    given = {spec.partition("=")[0] for spec in job.options.lambdas}
    stuck = [info for info in planned.lambdas if info.kind == "user" and info.refusal and info.layer not in given]
    lifted = sum(1 for info in planned.lambdas if info.lifts and info.layer not in given)
    row = ModelRow(job.relative, "converted", output=Path(job.output).relative_to(out).as_posix(),
                   keras_version=planned.file.keras_version, wrapper_depth=planned.depth, replicas=planned.replicas,
                   params=planned.params, lambdas_lifted=lifted)
    if stuck:
        return replace(row, status="failed", output=None, error=f"user Lambda {stuck[0].layer!r} cannot be lifted "
                       f"({stuck[0].refusal}): it needs its function, a lambda entry in migrate.toml or --lambda")
    return row

