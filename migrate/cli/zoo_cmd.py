"""`migrate zoo SRC -o OUT`: batch-convert a directory tree of legacy models."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import typer

from migrate.bounds import ABSOLUTE, RELATIVE


def zoo_command(
    source: Path = typer.Argument(..., metavar="SRC",
        help="Folder searched for .h5/.hdf5/.keras files and SavedModel directories (never written to).", show_default=False),
    out: Path = typer.Option(..., "-o", "--out", help="Output folder (mirrors SRC; holds the manifest and reports)."),
    jobs: int = typer.Option(os.cpu_count() or 1, "--jobs", min=1, help="Worker processes (default: cores)."),
    timeout: float | None = typer.Option(None, "--timeout", min=1, help="Seconds per model before it is failed."),
    force: bool = typer.Option(False, "--force", help="Convert everything again, up to date or not."),
    dry_run: bool = typer.Option(False, "--dry-run", help="Say what would happen (from inspect, no TensorFlow)."),
    scheduler: str | None = typer.Option(None, "--scheduler", help="Dask scheduler address, e.g. tcp://host:8786."),
    report_only: bool = typer.Option(False, "--report-only", help="Rewrite the reports from the manifest only."),
    lambdas: list[str] = typer.Option([], "--lambda", help="NAME=MODULE:CALLABLE for Lambda layer NAME in any file."),
    custom_objects: list[str] = typer.Option([], "--custom-objects", help="Module (or .py file) whose classes implement custom layers."),
    atol: float = typer.Option(ABSOLUTE, "--atol", help=f"Tolerance per output element: |out - ref| <= ATOL + {RELATIVE:g} * |ref|."),
    no_reference: bool = typer.Option(False, "--no-reference", help="Ignore the <stem>.npz references beside files."),
    export: list[str] = typer.Option([], "--export", help="onnx,tflite,savedmodel beside every .keras, each checked."),
    config: Path | None = typer.Option(None, "--config", help="Per-file options (default: SRC/migrate.toml)."),
    from_code: Path | None = typer.Option(
        None, "--from-code", help="Training code (.py, .ipynb or a folder) for weights-only files with no architecture."),
    settings: list[str] = typer.Option([], "--set", help="NAME=VALUE: a value the builders take from data."),
) -> None:
    """Convert every model under SRC into OUT, in parallel, resumable, with report.json, report.md and report.html."""
    from migrate.cli.console import fail, print_error, require_paths
    from migrate.convert import ConvertOptions
    from migrate.errors import MigrateError
    from migrate.zoo.report import summary_line
    from migrate.zoo.run import REDONE, ZooOptions, run_zoo

    convert = ConvertOptions(lambdas=tuple(lambdas), custom_objects=tuple(custom_objects), atol=atol,
                             from_code=from_code, settings=tuple(settings),
                             no_reference=no_reference, exports=tuple(export))
    options = ZooOptions(convert=convert, jobs=jobs, timeout=timeout, force=force, dry_run=dry_run, scheduler=scheduler,
                         report_only=report_only, config=config)
    require_paths([source])
    try:
        with _progress() as progress:
            report = run_zoo(source, out, options, progress)
    except MigrateError as exc:
        fail(exc)
    for model in report["models"]:
        redone = (model.get("note") or "").split("; ")[0] if (model.get("note") or "").startswith(REDONE) else None
        if model["status"] == "failed":
            print_error(f"{source / model['source']}: {model['error']}")
        elif dry_run:
            typer.echo(f"would {'skip' if model['status'] == 'skipped' else 'convert'} {model['source']}"
                       + (f" ({redone.removeprefix(REDONE).strip()})" if redone else ""))
        elif redone and model["status"] == "converted":
            typer.echo(f"{model['source']}: {redone}")
    typer.echo(("dry run: " if dry_run else "") + summary_line(report))
    raise typer.Exit(1 if report["summary"]["failed"] else 0)


class _progress:
    """A rich progress bar on a terminal; elsewhere (CI logs) a short line every few seconds."""

    def __enter__(self):
        self.bar = None
        self.last = 0.0
        if sys.stderr.isatty():
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeElapsedColumn,
                TimeRemainingColumn,
            )

            self.bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                                TimeElapsedColumn(), TimeRemainingColumn(), TextColumn("{task.fields[current]}"),
                                transient=True)
            self.bar.start()
            self.task = self.bar.add_task("converting", total=None, current="")
        return self.update

    def update(self, done: int, total: int, current: str) -> None:
        if self.bar is not None:
            self.bar.update(self.task, completed=done, total=total, current=current)
            return
        now = time.monotonic()
        if now - self.last >= 5 or done == total:
            self.last = now
            print(f"[{done}/{total}] {current}", file=sys.stderr, flush=True)

    def __exit__(self, *exc):
        if self.bar is not None:
            self.bar.stop()
        return False
