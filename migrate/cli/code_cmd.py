"""`migrate code PATH...`: rewrite training code from multi_gpu_model and Keras 2 to MirroredStrategy and Keras 3."""

from __future__ import annotations

import difflib
import sys
from pathlib import Path

import typer


def code_command(
    paths: list[Path] = typer.Argument(None, metavar="PATH...", show_default=False,
                                       help="Python files, notebooks or directories (searched for *.py and *.ipynb)."),
    diff: bool = typer.Option(False, "--diff", help="Print a unified diff; write nothing (the default)."),
    write: bool = typer.Option(False, "--write", help="Rewrite the files in place."),
    check: bool = typer.Option(False, "--check", help="Write nothing; exit 1 if any file would change, a legacy "
                               "call is left for review, or a file with work to do does not parse."),
    strict: bool = typer.Option(False, "--strict", help="With --check, exit 1 on advice (lints) too."),
    select: list[str] = typer.Option([], "--select", help="Run only these rules (repeatable)."),
    ignore: list[str] = typer.Option([], "--ignore", help="Skip these rules (repeatable)."),
    list_rules: bool = typer.Option(False, "--list-rules", help="List the rules and exit."),
    jobs: int = typer.Option(0, "--jobs", min=0, show_default=False,
                             help="Worker processes (default: one per CPU; 1 runs in this process)."),
) -> None:
    """Rewrite multi_gpu_model to tf.distribute.MirroredStrategy, plus the Keras 2 to 3 changes around it.

    Sites it cannot convert safely are reported as path:line:col: RULE: message (on stderr); lints that
    need no change as path:line:col: RULE: advice: message; with --check, a file it would change as
    `would rewrite path`."""
    from migrate.cli.console import fail, require_paths
    from migrate.codemod.engine import checkpoint_copies, default_jobs, run, write_atomically
    from migrate.codemod.registry import all_rules, select_rules
    from migrate.errors import UsageError

    if list_rules:
        for rule in all_rules():
            typer.echo(f"{rule.NAME:32s} {rule.DESCRIPTION}")
        raise typer.Exit(0) from None
    if sum((diff, write, check)) > 1:
        fail(UsageError("choose one of --diff, --write, --check"))
    if not paths:
        fail(UsageError("give at least one PATH"))
    require_paths(paths)
    try:
        rules = select_rules(select or None, ignore or None)
    except UsageError as exc:
        fail(exc)
    summary = run(paths, rules, jobs or default_jobs())
    for result in summary.results:
        if result.error:
            typer.echo(result.error, err=True)
            continue
        for finding in result.findings:
            typer.echo(str(finding), err=True)
        if not result.changed:
            continue
        if write:
            write_atomically(Path(result.path), result.rewritten)
        elif check:  # as black and ruff name a file they would reformat: the hook's output says which
            typer.echo(f"would rewrite {result.path}", err=True)
        else:
            sys.stdout.write(_diff(result))
    if copies := checkpoint_copies(paths):
        typer.echo(f"{copies} files in .ipynb_checkpoints folders not read: Jupyter's autosave copies keep the old "
                   "code; delete them (Jupyter makes them anew from the files migrated)", err=True)
    typer.echo(summary.line(), err=True)
    raise typer.Exit(1 if summary.files_failed or (check and summary.work_left(strict)) else 0)


def _diff(result) -> str:
    """A script's unified diff; a notebook's, one per changed code cell (`nb.ipynb:cell 3`): its JSON would
    bury the change in quoting."""
    if not result.cells:
        return _unified_diff(result.path, result.original, result.rewritten)
    return "".join(_unified_diff(f"{result.path}:cell {cell.index}", _ending(cell.before).encode(),
                                         _ending(cell.after).encode())
                   for cell in result.cells)


def _ending(source: str) -> str:
    return source if source.endswith("\n") else source + "\n"


def _unified_diff(path: str, before: bytes, after: bytes) -> str:
    """git-style headers for relative paths (`patch -p1` applies them), the path itself otherwise."""
    old = before.decode("utf-8", errors="replace").splitlines(keepends=True)
    new = after.decode("utf-8", errors="replace").splitlines(keepends=True)
    relative = not Path(path).is_absolute()
    return "".join(difflib.unified_diff(old, new, fromfile=f"a/{path}" if relative else path,
                                        tofile=f"b/{path}" if relative else path))
