"""The resume record kept in OUT: per source, what it was (size, mtime, sha256) and what came of it.

A source is up to date when its size and mtime match the record (or, if they moved, its sha256 still
does), its last status was `converted`, and the output recorded for it is still there unchanged; the run
also redoes one whose recorded conversion was not asked for an export format asked now (`exports_missing`).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from migrate.save import write_text_atomically
from migrate.zoo.records import ModelRow

MANIFEST_NAME = ".migrate-manifest.json"


def sha256_of(path: Path) -> str:
    """A file's sha256; a SavedModel directory's over each file's relative path and bytes, in order."""
    digest = hashlib.sha256()
    for member in _members(path):
        if member != path:
            digest.update(member.relative_to(path).as_posix().encode() + b"\0")
        with open(member, "rb") as handle:
            for block in iter(lambda: handle.read(1 << 20), b""):
                digest.update(block)
    return digest.hexdigest()


def _members(path: Path) -> list[Path]:
    """The files a source is made of: itself, or every file under a SavedModel directory."""
    return sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]


def fingerprint(path: Path, with_hash: bool = True) -> dict[str, Any]:
    stats = [member.stat() for member in _members(path)]
    record = {"size": sum(stat.st_size for stat in stats), "mtime_ns": max((stat.st_mtime_ns for stat in stats), default=0)}
    if with_hash:
        record["sha256"] = sha256_of(path)
    return record


@dataclass
class Manifest:
    path: Path
    entries: dict[str, dict[str, Any]] = field(default_factory=dict)

    @classmethod
    def load(cls, out: Path) -> Manifest:
        path = out / MANIFEST_NAME
        try:
            entries = json.loads(path.read_text())["sources"]
        except (OSError, ValueError, KeyError, TypeError):
            entries = {}
        return cls(path, entries if isinstance(entries, dict) else {})

    def up_to_date(self, relative: str, source: Path, output: Path) -> bool:
        entry = self.entries.get(relative)
        if not entry or entry.get("status") != "converted" or not output.is_file():
            return False
        recorded = entry.get("source", {})
        now = fingerprint(source, with_hash=False)
        same = (now["size"], now["mtime_ns"]) == (recorded.get("size"), recorded.get("mtime_ns"))
        if not same and (now["size"] != recorded.get("size") or sha256_of(source) != recorded.get("sha256")):
            return False
        out_record = entry.get("output", {})
        return output.stat().st_size == out_record.get("size") and output.stat().st_mtime_ns == out_record.get("mtime_ns")

    def exports_missing(self, relative: str, asked: tuple[str, ...]) -> tuple[str, ...]:
        """The export formats asked now that the recorded conversion was not asked for (an export it tried and
        could not write counts as done: a rerun would fail it the same way)."""
        last = self.last_row(relative)
        done = {export.get("format") for export in last.exports} if last else set()
        return tuple(name for name in asked if name not in done)

    def record(self, relative: str, source: Path, row: ModelRow, output: Path | None) -> None:
        """What became of `source` now: its fingerprint, its row, and its output's fingerprint."""
        entry = {"status": row.status, "source": fingerprint(source), "result": row.to_json()}
        if output is not None and output.is_file():
            entry["output"] = fingerprint(output)
        self.entries[relative] = entry

    def last_row(self, relative: str) -> ModelRow | None:
        """The row the last run recorded for `relative`, if any."""
        entry = self.entries.get(relative)
        result = entry.get("result") if isinstance(entry, dict) else None
        return ModelRow.from_json(result) if isinstance(result, dict) and "source" in result else None

    def save(self) -> None:
        """Atomically: a kill at any moment leaves the old manifest or the new one."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        write_text_atomically(self.path, json.dumps({"version": 1, "sources": self.entries}, indent=1, sort_keys=True))
