"""Human output for `convert`: what was done, what was translated, how it was verified."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape

from migrate.cli.console import console as stdout_console
from migrate.convert import ConversionResult
from migrate.rebuild.record import RebuildRecord


def print_conversion(result: ConversionResult, console: Console | None = None) -> None:
    console = console or stdout_console()
    record = result.rebuild or RebuildRecord()
    levels = (f"unwrapped {result.wrapper_depth} multi_gpu_model level(s), replicas {list(result.replicas)}"
              if result.wrapper_depth else "no multi_gpu_model wrapper")
    console.print(f"[bold]{escape(result.source)}[/] (Keras {result.keras_version}): {levels}")
    if result.architecture:
        console.print(f"  {escape(result.architecture)}")
    console.print(f"  template {escape(result.template or '?')}: {result.layers} layers, {record.params:,} parameters")
    console.print(f"  weights moved: {record.weights_moved} ({record.weights_fixed} with a layout or semantic fix); "
                  "each verified bit for bit")
    if record.optimizer:
        state = (f"{record.optimizer_slots} slot variables, iterations={record.iterations}"
                 if record.optimizer_slots or record.iterations is not None else "no state carried")
        console.print(f"  compiled: {record.optimizer}; optimizer state: {state}")
    for note in record.notes:
        console.print(f"  translated: {escape(note)}")
    for warning in record.warnings:
        console.print(f"  [yellow]warning[/]: {escape(warning)}")
    check = (f"max abs difference {record.max_abs_diff:.3g} from the reference" if record.max_abs_diff is not None
             else "no reference given (pass --reference to compare outputs)")
    where = f" on {record.verified_on}" if record.verified_on else ""
    console.print(f"  verified{where}: {check}; reloaded with stock Keras 3 (safe mode)")
    for export in record.exports:
        colour = "green" if export.matched else "yellow"
        console.print(f"  [{colour}]export[/] {escape(export.line())}")
    warned = f", converted with {len(record.warnings)} warning(s)" if record.warnings else ""
    console.print(f"[green]wrote[/] {escape(result.output or '')} ({record.bytes_written:,} bytes) "
                  f"in {result.seconds:.1f} s{warned}")


def internal_error(path: object, exc: Exception) -> str:
    """A bug of ours, still said in one line that names the file, never as a traceback."""
    return f"{path}: internal error ({type(exc).__name__}: {exc}); please report it"
