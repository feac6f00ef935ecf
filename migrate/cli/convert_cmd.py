"""`migrate convert SRC`: one legacy file to a verified Keras 3 `.keras` file."""

from __future__ import annotations

from pathlib import Path

import typer


def convert_command(
    source: Path = typer.Argument(..., metavar="SRC",
        help="Keras file: HDF5 (whole model or weights-only), .keras zip or SavedModel directory, told by content.", show_default=False),
    output: Path | None = typer.Option(None, "-o", "--output", help="Destination (default: SRC with suffix .keras)."),
    architecture: Path | None = typer.Option(None, "--architecture", help="Template .json, .h5 or .keras for weights-only files."),
    reference: Path | None = typer.Option(None, "--reference", help="NPZ with in_* inputs and out_* legacy outputs."),
    atol: float = typer.Option(1e-4, "--atol", help="Largest allowed abs difference from --reference."),
    force: bool = typer.Option(False, "--force", help="Replace an existing destination."),
    weights_only: bool = typer.Option(False, "--weights-only", help="Write Keras 3 weights (.weights.h5) only."),
    savedmodel: Path | None = typer.Option(None, "--savedmodel", help="Also export a TensorFlow SavedModel here."),
    custom_objects: list[str] = typer.Option([], "--custom-objects",
        help="Module (or .py file, e.g. the <stem>_custom.py convert wrote) whose classes implement custom layers."),
    lambdas: list[str] = typer.Option([], "--lambda", help="NAME=MODULE:CALLABLE: your function for Lambda layer NAME."),
    no_reference: bool = typer.Option(False, "--no-reference", help="Ignore a <stem>.npz reference beside SRC."),
) -> None:
    """Unwrap every multi_gpu_model level, rebuild the template in Keras 3, move weights, compile settings
    and optimizer state, verify, and write a .keras file atomically."""
    from migrate.cli.convert_render import internal_error, print_conversion, print_error
    from migrate.convert import ConvertOptions, convert
    from migrate.errors import MigrateError, UsageError

    options = ConvertOptions(output=output, architecture=architecture, reference=reference, atol=atol, force=force,
                             weights_only=weights_only, savedmodel=savedmodel, custom_objects=tuple(custom_objects),
                             lambdas=tuple(lambdas), no_reference=no_reference)
    if reference and no_reference:
        print_error("--reference and --no-reference contradict each other")
        raise typer.Exit(2)
    try:
        result = convert(source, options)
    except UsageError as exc:
        print_error(exc)
        raise typer.Exit(2) from None
    except MigrateError as exc:
        print_error(exc.at(str(source)))
        raise typer.Exit(1) from None
    except Exception as exc:  # a bug of ours: still one line, never a traceback
        print_error(internal_error(source, exc))
        raise typer.Exit(1) from None
    print_conversion(result)
