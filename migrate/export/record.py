"""What became of one export: written or not, and whether its own runtime reproduced the reference."""

from __future__ import annotations

from dataclasses import dataclass

from migrate.errors import UsageError

# format name -> what is written beside `<stem>.keras`
FORMATS = {"onnx": ".onnx", "tflite": ".tflite", "savedmodel": "_savedmodel"}


@dataclass(frozen=True)
class ExportRecord:
    """One format: `path` when written; `matched` True/False when its runtime ran on the check inputs (None:
    not checked, and `error` says why); `error` alone when the format could not be written at all."""

    format: str
    path: str | None = None
    matched: bool | None = None
    max_abs_diff: float | None = None
    error: str | None = None
    seconds: float = 0.0
    note: str | None = None  # how the file differs from the .keras model (a TFLite file fixed to batch 1)
    against: str = "the reference"  # or the converted model's own outputs, when there is no reference
    fed: str | None = None  # how its runtime was driven (the whole batch at once, or one row at a time)

    def line(self) -> str:
        """The record as one line of a report."""
        return self._line() + "".join(f" [{part}]" for part in (self.fed, self.note) if part)

    def _line(self) -> str:
        if self.path is None:
            return f"{self.format}: not exported ({self.error})"
        if self.matched is None:
            return f"{self.format}: wrote {self.path}; not checked ({self.error})"
        if self.max_abs_diff is None:
            return f"{self.format}: wrote {self.path}; FAILED its check ({self.error})"
        verdict = "matches" if self.matched else "DIFFERS from"
        return f"{self.format}: wrote {self.path}; {verdict} {self.against} (max abs difference {self.max_abs_diff:.3g})"


def short_line(export: dict) -> str:
    """An export record (as JSON) in a report cell: `onnx ok 3e-08`, `tflite DIFFERS 0.2`, `tflite no: why`."""
    if export.get("path") is None:
        return f"{export['format']} not exported: {export.get('error')}"
    if export.get("max_abs_diff") is None:
        return f"{export['format']} not checked: {export.get('error')}"
    return f"{export['format']} {'ok' if export.get('matched') else 'DIFFERS'} {export['max_abs_diff']:.2g}"


def parse_formats(specs: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """`--export onnx,tflite --export savedmodel` as a tuple of known names, in the order given, each once."""
    names = [name.strip().lower() for spec in specs for name in spec.split(",") if name.strip()]
    unknown = [name for name in names if name not in FORMATS]
    if unknown:
        raise UsageError(f"--export: unknown format {unknown[0]!r} (known: {', '.join(FORMATS)})")
    return tuple(dict.fromkeys(names))


def export_path(destination: str, format: str) -> str:
    """Where `format` goes beside the `.keras` destination: `<stem>.onnx`, `<stem>.tflite`, `<stem>_savedmodel/`."""
    stem = destination[: -len(".keras")] if destination.endswith(".keras") else destination
    return stem + FORMATS[format]
