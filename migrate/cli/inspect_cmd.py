"""`migrate inspect FILE...`: read Keras files as data (no Keras, no TensorFlow) and say what is in them and what is wrong."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import typer

from migrate.errors import MigrateError, one_line


def inspect_command(
    files: list[Path] = typer.Argument(..., metavar="FILE...",
        help="Keras files: HDF5 (model or weights-only), .keras zips, SavedModel directories.", show_default=False),
    as_json: bool = typer.Option(False, "--json", help="One JSON array, one object per file, on stdout."),
    architecture: Path | None = typer.Option(
        None, "--architecture", help="Template .json, .h5 or .keras for weights-only files (default: <stem>.json beside each)."),
    from_code: Path | None = typer.Option(
        None, "--from-code", help="Training code (.py, .ipynb or a folder) that builds the weights-only files' models."),
    settings: list[str] = typer.Option([], "--set", help="NAME=VALUE: a value the builder takes from data."),
) -> None:
    """Show each file's wrapper levels, template, weights, training config and Keras 3 verdict."""
    from migrate.cli.console import require_paths
    from migrate.cli.convert_render import internal_error
    from migrate.diagnosis import inspect_file
    from migrate.recover import RecoverOptions

    require_paths(files)

    results: list[dict] = []
    reports = []
    failed = 0
    for path in files:
        try:
            recovering = RecoverOptions(search=path.parent, from_code=from_code, settings=tuple(settings))
            report = inspect_file(path, architecture, recovering)
        except MigrateError as exc:
            failed += 1
            results.append({"path": str(path), "error": one_line(exc)})
            reports.append((path, exc))
            continue
        except Exception as exc:  # a bug of ours: still one line, never a traceback
            failed += 1
            message = internal_error(path, exc)
            results.append({"path": str(path), "error": one_line(message)})
            reports.append((path, message))
            continue
        results.append(report.to_json())
        reports.append((path, report))
    if as_json:
        json.dump(results, sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        from migrate.cli.render import render_reports

        render_reports(reports)
    raise typer.Exit(1 if failed else 0)

