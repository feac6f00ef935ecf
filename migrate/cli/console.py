"""The CLI's rich consoles: wrapped to the terminal on a terminal, never wrapped anywhere else.

Rich assumes 80 columns when output is not a terminal; a log or a pipe would then get every long line
broken in two, and `grep` would miss what it looks for."""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from rich.console import Console

if TYPE_CHECKING:
    from migrate.errors import MigrateError

UNWRAPPED = 100_000


def console(stderr: bool = False) -> Console:
    stream = sys.stderr if stderr else sys.stdout
    width = None if stream.isatty() else UNWRAPPED
    return Console(stderr=stderr, highlight=False, soft_wrap=not stream.isatty(), width=width)


def print_error(error: object) -> None:
    """One red line on stderr, `error PATH: what was found; what to do`, never wrapped: a log must stay greppable."""
    from rich.markup import escape

    from migrate.errors import one_line

    console(stderr=True).print(f"[red]error[/] {escape(one_line(error))}")


def fail(error: MigrateError) -> NoReturn:
    """Every subcommand's way out on an error: the same one line and the same exit code for the same error
    (2 for the user's options and paths, 1 for a file that failed)."""
    import typer

    from migrate.errors import exit_code

    print_error(error)
    raise typer.Exit(exit_code(error))


def require_paths(paths: Iterable[Path]) -> None:
    """A path that does not exist is a usage error, said before any work starts, in every subcommand alike."""
    from migrate.errors import MissingPathError

    for path in paths:
        if not path.exists():
            fail(MissingPathError(path))
