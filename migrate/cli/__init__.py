"""The `migrate` command line: a thin Typer layer over the library.

Each command builds its options, calls the library, and turns results and MigrateErrors into output
and exit codes (0 success, 1 some file failed, 2 usage error). Nothing heavy is imported at module
level: `--help` and `inspect` must not pay for TensorFlow.
"""

from __future__ import annotations

import typer

from migrate import __version__
from migrate.cli.code_cmd import code_command
from migrate.cli.convert_cmd import convert_command
from migrate.cli.inspect_cmd import inspect_command
from migrate.cli.zoo_cmd import zoo_command

app = typer.Typer(
    name="migrate",
    help="Rescue legacy Keras models (multi_gpu_model wrappers, Keras 1/2 HDF5) and the code that trained them.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"migrate {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Show the version and exit."),
) -> None:
    """Rescue legacy Keras models and the code that trained them."""


app.command("inspect")(inspect_command)
app.command("convert")(convert_command)
app.command("code")(code_command)
app.command("zoo")(zoo_command)


def main() -> None:
    app()
