"""Which files a zoo holds, where each one's output goes, and which architecture a weights file uses."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from migrate.errors import ZooUsageError

SUFFIXES = (".h5", ".hdf5")


@dataclass(frozen=True)
class Job:
    """One model to convert: its source, its mirrored output, and a sibling architecture if any."""

    source: Path
    relative: str
    output: Path
    architecture: Path | None


def check_folders(source: Path, out: Path) -> None:
    """OUT may be neither SRC nor inside it: the zoo never writes under SRC."""
    if not source.is_dir():
        raise ZooUsageError(f"{source} is not a directory")
    src, dst = source.resolve(), out.resolve()
    if dst == src or src in dst.parents:
        raise ZooUsageError(f"OUT {out} is SRC or inside it; migrate never writes inside SRC")


def find_jobs(source: Path, out: Path) -> list[Job]:
    """Every .h5/.hdf5 under SRC, sorted, each with `SRC/a/b/m.h5` -> `OUT/a/b/m.keras`."""
    jobs = []
    for path in sorted(p for p in source.rglob("*") if p.suffix.lower() in SUFFIXES and p.is_file()):
        relative = path.relative_to(source)
        sidecar = path.with_suffix(".json")
        jobs.append(Job(path, relative.as_posix(), (out / relative).with_suffix(".keras"),
                        sidecar if sidecar.is_file() else None))
    return jobs
