"""`migrate convert SRC`: one legacy file to a verified Keras 3 `.keras` file."""

from __future__ import annotations

from pathlib import Path

import typer

from migrate.bounds import ABSOLUTE, RELATIVE


def convert_command(
    source: Path = typer.Argument(..., metavar="SRC",
        help="Keras file: HDF5 (whole model or weights-only), .keras zip or SavedModel directory, told by content.", show_default=False),
    output: Path | None = typer.Option(None, "-o", "--output", help="Destination (default: SRC with suffix .keras)."),
    architecture: Path | None = typer.Option(None, "--architecture", help="Template .json, .h5 or .keras for weights-only files."),
    reference: Path | None = typer.Option(None, "--reference", help="NPZ with in_* inputs and out_* legacy outputs."),
    atol: float = typer.Option(ABSOLUTE, "--atol", help=f"Tolerance per output element: |out - ref| <= ATOL + {RELATIVE:g} * |ref|."),
    force: bool = typer.Option(False, "--force", help="Replace an existing destination."),
    weights_only: bool = typer.Option(False, "--weights-only", help="Write Keras 3 weights (.weights.h5) only."),
    savedmodel: Path | None = typer.Option(None, "--savedmodel", help="Also export a TensorFlow SavedModel here."),
    export: list[str] = typer.Option([], "--export", help="onnx,tflite,savedmodel: also write these beside the .keras, "
                                     "each checked in its own runtime."),
    custom_objects: list[str] = typer.Option([], "--custom-objects",
        help="Module (or .py file, e.g. the <stem>_custom.py convert wrote) whose classes implement custom layers."),
    lambdas: list[str] = typer.Option([], "--lambda", help="NAME=MODULE:CALLABLE: your function for Lambda layer NAME."),
    no_reference: bool = typer.Option(False, "--no-reference", help="Ignore a <stem>.npz reference beside SRC."),
    from_code: Path | None = typer.Option(
        None, "--from-code", help="Training code (.py, .ipynb or a folder) that builds a weights-only file's model."),
    settings: list[str] = typer.Option([], "--set", help="NAME=VALUE: a value the builder takes from data."),
) -> None:
    """Unwrap every multi_gpu_model level, rebuild the template in Keras 3, move weights, compile settings
    and optimizer state, verify, and write a .keras file atomically."""
    from migrate.cli.console import fail, print_error, require_paths
    from migrate.cli.convert_render import internal_error, print_conversion
    from migrate.convert import ConvertOptions, convert
    from migrate.errors import MigrateError, UsageError
    options = ConvertOptions(output=output, architecture=architecture, reference=reference, atol=atol, force=force,
                             weights_only=weights_only, savedmodel=savedmodel, custom_objects=tuple(custom_objects),
                             lambdas=tuple(lambdas), no_reference=no_reference, from_code=from_code,
                             settings=tuple(settings), exports=tuple(export))
    if reference and no_reference:
        fail(UsageError("--reference and --no-reference contradict each other"))
    require_paths([source])
    try:
        result = convert(source, options)
    except MigrateError as exc:
        fail(exc.at(str(source)))
    except Exception as exc:  # a bug of ours: still one line, never a traceback
        print_error(internal_error(source, exc))
        raise typer.Exit(1) from None
    print_conversion(result)
