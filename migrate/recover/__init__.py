"""Recover the architecture a weights-only file lacks: a paired file found by content, or the slice of the
training code that builds the model, run alone in a child process.

The product is a model config, the same data a whole-model file gives; the pipeline after it (graph,
rebuild, weights, verify, save) does not know where it came from. Nothing in the model file is ever run;
of the user's code, only the construction slice is, and only in the child (`run.py`).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from migrate.errors import UsageError
from migrate.read import LegacyFile
from migrate.recover.checkpoint import checkpoint_of
from migrate.recover.pairing import paired_architecture


@dataclass(frozen=True)
class RecoverOptions:
    """Where to look: a tree to pair in, training code to slice, and values given with `--set`."""

    search: Path | None = None
    from_code: Path | None = None
    settings: tuple[str, ...] = ()


@dataclass(frozen=True)
class Recovery:
    """A recovered architecture and where it came from: `kind` 'paired' (a file) or 'code' (a slice run);
    `lines` the builder's first and last line; `values` the holes solved from weight shapes or given."""

    config: dict[str, Any]
    kind: str
    path: Path
    lines: tuple[int, int] | None = None
    values: tuple[tuple[str, object], ...] = ()

    def describe(self) -> str:
        """One line for convert's output and the zoo's report."""
        if self.kind == "paired":
            return f"architecture paired by content: {self.path}"
        where = f"{self.path}:{self.lines[0]}-{self.lines[1]}" if self.lines else str(self.path)
        solved = ", ".join(f"{name}={value!r}" for name, value in self.values)
        return f"architecture from code: {where}" + (f" (values: {solved})" if solved else "")


def parse_settings(settings: tuple[str, ...]) -> dict[str, object]:
    """`--set NAME=VALUE` pairs; VALUE a Python literal (`10`, `(28, 28, 1)`, `'relu'`) or else a string."""
    values: dict[str, object] = {}
    for setting in settings:
        name, equals, text = setting.partition("=")
        if not equals or not name.strip():
            raise UsageError(f"--set {setting!r}: expected NAME=VALUE")
        try:
            values[name.strip()] = ast.literal_eval(text.strip())
        except (ValueError, SyntaxError):
            values[name.strip()] = text.strip()
    return values


def recover(file: LegacyFile, options: RecoverOptions) -> Recovery | None:
    """The architecture of a weights-only file: a paired file under the search tree or the code, else the
    code's builder; None when there is nowhere to look; RecoveryError when looking found nothing."""
    checkpoint = checkpoint_of(file)
    for tree in (options.search, options.from_code):
        if tree is not None and tree.exists():
            paired = paired_architecture(tree if tree.is_dir() else tree.parent, Path(file.path), checkpoint)
            if paired is not None:
                return Recovery(paired[0], "paired", paired[1])
    if options.from_code is None:
        return None
    from migrate.recover.from_code import recover_from_code  # LibCST and the codemod: only when code is given

    return recover_from_code(checkpoint, options.from_code, parse_settings(options.settings))
