"""Human output for `convert`: what was done, what was translated, how it was verified."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape

from migrate.convert import ConversionResult


def print_conversion(result: ConversionResult, console: Console | None = None) -> None:
    console = console or Console(highlight=False)
    levels = (f"unwrapped {result.wrapper_depth} multi_gpu_model level(s), replicas {list(result.replicas)}"
              if result.wrapper_depth else "no multi_gpu_model wrapper")
    console.print(f"[bold]{escape(result.source)}[/] (Keras {result.keras_version}): {levels}")
    console.print(f"  template {escape(result.template or '?')}: {result.layers} layers, {result.params:,} parameters")
    console.print(f"  weights moved: {result.weights_moved} ({result.weights_fixed} with a layout or semantic fix); "
                  "each verified bit for bit")
    if result.optimizer:
        state = (f"{result.optimizer_slots} slot variables, iterations={result.iterations}"
                 if result.optimizer_slots or result.iterations is not None else "no state carried")
        console.print(f"  compiled: {result.optimizer}; optimizer state: {state}")
    for note in result.notes:
        console.print(f"  translated: {escape(note)}")
    check = (f"max abs difference {result.max_abs_diff:.3g} from the reference" if result.max_abs_diff is not None
             else "no reference given (pass --reference to compare outputs)")
    console.print(f"  verified: {check}; reloaded with stock Keras 3 (safe mode)")
    console.print(f"[green]wrote[/] {escape(result.output or '')} ({result.bytes_written:,} bytes) "
                  f"in {result.seconds:.1f} s")


def print_error(error: object) -> None:
    Console(stderr=True, highlight=False, soft_wrap=True).print(f"[red]error[/] {escape(' '.join(str(error).split()))}")
