"""Per-file options for a zoo, from `migrate.toml` at its root (or `[tool.migrate]` in its pyproject.toml,
or the file `--config` names).

Each top-level table is keyed by a glob matched against a file's path relative to the zoo root (a glob
without `/` also matches the file name alone); every table that matches a file applies, later ones
over earlier ones:

    ["cars/*.h5"]
    lambda = ["lambda_1=normalise:scale"]     # --lambda NAME=MODULE:CALLABLE, as for convert
    custom_objects = ["my_layers"]            # --custom-objects MODULE
    architecture = "cars/template.json"       # relative to the config file's folder
    atol = 1e-3
    export = ["onnx", "tflite"]               # --export: onnx, tflite, savedmodel, beside each .keras
    skip = false

Modules named by `lambda` and `custom_objects` are imported from the config file's folder too. Parsed
with the standard library's tomllib; every problem names the file, the table and the key.
"""

from __future__ import annotations

import fnmatch
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from migrate.errors import UsageError, ZooUsageError
from migrate.export import parse_formats
from migrate.rebuild.options import check_lambda_specs

CONFIG_NAME = "migrate.toml"
# key -> (what it must be, the check)
KEYS: dict[str, tuple[str, Any]] = {
    "lambda": ("a list of NAME=MODULE:CALLABLE strings", lambda v: _strings(v)),
    "custom_objects": ("a list of module names", lambda v: _strings(v)),
    "architecture": ("a path (string)", lambda v: isinstance(v, str) and v.strip() != ""),
    "from_code": ("a path (string) to training code: a .py, .ipynb or folder", lambda v: isinstance(v, str) and v.strip() != ""),
    "set": ("a list of NAME=VALUE strings", lambda v: _strings(v) and all("=" in item for item in v)),
    "atol": ("a non-negative number", lambda v: isinstance(v, (int, float)) and not isinstance(v, bool) and v >= 0),
    "export": ("a list of formats (onnx, tflite, savedmodel)", lambda v: _strings(v) and _formats(v)),
    "skip": ("true or false", lambda v: isinstance(v, bool)),
}


@dataclass(frozen=True)
class FileSettings:
    """What the config says for one file; None (or empty) where it says nothing."""

    lambdas: tuple[str, ...] = ()
    custom_objects: tuple[str, ...] = ()
    architecture: Path | None = None
    atol: float | None = None
    exports: tuple[str, ...] | None = None
    skip: bool = False
    from_code: Path | None = None
    settings: tuple[str, ...] = ()


@dataclass(frozen=True)
class ZooConfig:
    """The config's tables, in file order: (glob, settings given there)."""

    path: Path | None = None
    entries: tuple[tuple[str, dict[str, Any]], ...] = field(default_factory=tuple)

    @property
    def folder(self) -> Path | None:
        """Where relative paths in the config start, and where its modules are imported from."""
        return self.path.parent.resolve() if self.path else None

    def for_file(self, relative: str) -> FileSettings:
        """Every matching table applied in order; list options accumulate, the rest are replaced."""
        merged: dict[str, Any] = {}
        for pattern, settings in self.entries:
            if _matches(relative, pattern):
                for key, value in settings.items():
                    merged[key] = [*merged.get(key, []), *value] if isinstance(value, list) else value
        architecture, code = merged.get("architecture"), merged.get("from_code")
        return FileSettings(lambdas=tuple(merged.get("lambda", ())), custom_objects=tuple(merged.get("custom_objects", ())),
                            architecture=self.folder / architecture if architecture and self.folder else None,
                            from_code=self.folder / code if code and self.folder else None,
                            settings=tuple(merged.get("set", ())),
                            atol=float(merged["atol"]) if "atol" in merged else None, skip=bool(merged.get("skip", False)),
                            exports=tuple(merged["export"]) if "export" in merged else None)


def load_config(root: Path, given: Path | None = None) -> ZooConfig:
    """The config named by --config, else the zoo's `migrate.toml`, else `[tool.migrate]` of its
    `pyproject.toml`, else an empty one."""
    if given is not None:
        if not given.is_file():
            raise ZooUsageError("no such config file", path=str(given))
        if given.name == "pyproject.toml":
            return ZooConfig(given, _entries(_read(given).get("tool", {}).get("migrate", {}), given, "tool.migrate."))
        return ZooConfig(given, _entries(_read(given), given, ""))
    toml = root / CONFIG_NAME
    if toml.is_file():
        return ZooConfig(toml, _entries(_read(toml), toml, ""))
    pyproject = root / "pyproject.toml"
    if pyproject.is_file():
        tables = _read(pyproject).get("tool", {}).get("migrate")
        if tables is not None:
            return ZooConfig(pyproject, _entries(tables, pyproject, "tool.migrate."))
    return ZooConfig()


def _read(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ZooUsageError(f"cannot be read as TOML ({exc})", path=str(path)) from None


def _entries(tables: Any, path: Path, prefix: str) -> tuple[tuple[str, dict[str, Any]], ...]:
    """Each glob's table, every key checked."""
    if not isinstance(tables, dict):
        raise ZooUsageError(f"[{prefix.rstrip('.')}] should be a table of globs", path=str(path))
    entries = []
    for pattern, settings in tables.items():
        where = f"[{prefix}{_quoted(pattern)}]"
        if not isinstance(settings, dict):
            raise ZooUsageError(f"{where} should be a table of options (lambda, custom_objects, architecture, "
                                "atol, export, skip); its key is a glob of files", path=str(path))
        for key, value in settings.items():
            if key not in KEYS:
                raise ZooUsageError(f"{where}: unknown key {key!r} (known: {', '.join(KEYS)})", path=str(path))
            what, valid = KEYS[key]
            if not valid(value):
                raise ZooUsageError(f"{where}: {key} should be {what}, found {value!r}", path=str(path))
            if key == "lambda":
                _check_specs(value, where, path)
        entries.append((pattern, dict(settings)))
    return tuple(entries)


def _check_specs(specs: list[str], where: str, path: Path) -> None:
    """The same check --lambda gets, so a malformed entry stops the run instead of failing each file."""
    try:
        check_lambda_specs(specs)
    except UsageError as exc:
        raise ZooUsageError(f"{where}: {exc.message.removeprefix('--')}", path=str(path)) from None


def _matches(relative: str, pattern: str) -> bool:
    name = relative.rsplit("/", 1)[-1]
    return fnmatch.fnmatchcase(relative, pattern) or ("/" not in pattern and fnmatch.fnmatchcase(name, pattern))


def _strings(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) and item for item in value)


def _formats(value: list[str]) -> bool:
    try:
        parse_formats(value)
    except UsageError:
        return False
    return True


def _quoted(pattern: str) -> str:
    return f'"{pattern}"'
