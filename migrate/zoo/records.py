"""One zoo row per source: the record the zoo passes around, turned into JSON only for the manifest and
the reports (`to_json`), and read back from the manifest (`from_json`) when a run resumes."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any


@dataclass(frozen=True)
class ModelRow:
    """What became of one source: paths relative to SRC and OUT, the status and why, and the numbers."""

    source: str
    status: str  # 'converted', 'skipped' or 'failed'
    output: str | None = None
    error: str | None = None
    keras_version: str | None = None
    wrapper_depth: int = 0
    replicas: tuple[int, ...] = ()
    params: int = 0
    seconds: float = 0.0
    max_abs_diff: float | None = None
    within_tolerance: bool | None = None  # outputs within migrate.verify's tolerance of the reference; None: no reference
    note: str | None = None
    warnings: tuple[str, ...] = ()
    lambdas_lifted: int = 0
    exports: tuple[dict[str, Any], ...] = ()  # one per exported format: ExportRecord's fields, as JSON

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["replicas"] = list(self.replicas)
        data["warnings"] = list(self.warnings)
        data["exports"] = [dict(export) for export in self.exports]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ModelRow:
        """A row from a manifest written by this or an earlier version: unknown keys are ignored, absent
        ones take their defaults."""
        known = {f.name for f in fields(cls)}
        values = {key: value for key, value in data.items() if key in known}
        values["replicas"] = tuple(values.get("replicas") or ())
        values["warnings"] = tuple(values.get("warnings") or ())
        values["exports"] = tuple(values.get("exports") or ())
        return cls(**values)


FIELDS = tuple(f.name for f in fields(ModelRow))
