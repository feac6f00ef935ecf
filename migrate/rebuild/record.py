"""What the Keras side measured and decided for one conversion: a frozen record, no Keras import.

`migrate.convert.ConversionResult` embeds it, so the zoo, the reports and the CLI read one record.
"""

from __future__ import annotations

from dataclasses import dataclass

from migrate.export.record import ExportRecord


@dataclass(frozen=True)
class RebuildRecord:
    """Parameters and weights moved, the optimizer carried, how it was verified, and what was written.

    `notes` are the user-facing lines about what had to be translated; `warnings` about what was
    dropped (optimizer state), guessed (weights paired by order), or will train differently in Keras 3.
    """

    params: int = 0
    weights_moved: int = 0
    weights_fixed: int = 0
    optimizer: str | None = None
    optimizer_slots: int = 0
    iterations: int | None = None
    max_abs_diff: float | None = None
    bytes_written: int = 0
    verify_seconds: float = 0.0
    notes: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()
    lambdas_lifted: int = 0  # user Lambdas read from their bytecode and rebuilt from built-in layers
    exports: tuple[ExportRecord, ...] = ()  # each --export format: written, and matched in its own runtime
    verified_on: str | None = None  # where the checks ran: 'CPU', 'GPU:0 (TF32 off)', 'CPU, Keras on JAX' (rebuild.precision)
