"""The training code to search, as LibCST modules: `.py` files, notebooks' code cells, whole trees.

Legacy training code is often Python 2 (`print score`). LibCST parses Python 3 only, so a file that
does not parse is cut into its top-level blocks and each block that parses is kept: model construction
rarely needs the Python 2 statements (prints, `xrange` loops), and a slice that did would fail to run
and say so. Every unit remembers which file and first line it came from, for the report.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import libcst as cst

from migrate.errors import UsageError

CODE_SUFFIXES = (".py", ".ipynb")
SKIPPED_FOLDERS = {".git", "node_modules", "__pycache__", ".venv", "venv", "site-packages", ".ipynb_checkpoints"}
MAX_SOURCE_BYTES = 4 * 2**20
MAX_FILES = 2000  # a tree with more code than this is not one project's training code


@dataclass(frozen=True)
class CodeUnit:
    """One parsed file (a notebook: its code cells joined; Python 2: the blocks that parse)."""

    path: Path
    first_line: int  # the unit's line 1 is this line of the file (of a notebook's code cells, joined)
    module: cst.Module


def code_files(root: Path) -> list[Path]:
    """The `.py` and `.ipynb` files at `root` (a file or a directory); a usage error when there are none."""
    if not root.exists():
        raise UsageError(f"--from-code {root}: no such file or directory")
    if root.is_file():
        return [root]
    found = sorted(path for path in _walk(root) if path.suffix.lower() in CODE_SUFFIXES)
    if not found:
        raise UsageError(f"--from-code {root}: no .py or .ipynb file in it")
    return found


def _walk(root: Path) -> Iterator[Path]:
    for path in sorted(root.iterdir()):
        if path.is_dir() and not path.is_symlink() and path.name not in SKIPPED_FOLDERS:
            yield from _walk(path)
        elif path.is_file():
            yield path


def code_units(root: Path) -> list[CodeUnit]:
    """Every parsable unit of the code at `root`: those that mention Keras models hold the builders, the
    others (a `parameters.py` of constants) the values passed to them."""
    units: list[CodeUnit] = []
    for path in code_files(root)[:MAX_FILES]:
        text = source_text(path)
        if text is not None:
            units += parse_units(path, text)
    return units


def source_text(path: Path) -> str | None:
    """A file's Python source: a notebook's code cells joined (shell and magic lines blanked, so line
    numbers still count them); None when the file cannot be read as text or is too large."""
    try:
        if path.stat().st_size > MAX_SOURCE_BYTES:
            return None
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    if path.suffix.lower() != ".ipynb":
        return text
    return notebook_source(text)


def notebook_source(text: str) -> str | None:
    """The code cells of a notebook's JSON, in order, as one script."""
    try:
        notebook = json.loads(text)
    except json.JSONDecodeError:
        return None
    cells = notebook.get("cells") or [c for ws in notebook.get("worksheets", []) for c in ws.get("cells", [])]
    chunks = []
    for cell in cells:
        if isinstance(cell, dict) and cell.get("cell_type") == "code":
            source = cell.get("source") or cell.get("input") or ""
            source = "".join(source) if isinstance(source, list) else str(source)
            chunks.append(re.sub(r"(?m)^\s*[%!].*$", "", source))
    return "\n\n".join(chunks) + "\n"


def parse_units(path: Path, text: str) -> list[CodeUnit]:
    """The file as one unit (dedented first when every line is indented alike); when it does not parse
    (Python 2), its top-level blocks that do not parse are
    blanked out (their lines kept empty, so line numbers still hold) and the rest parsed as one module."""
    for whole in (text, dedented(text)):  # a file indented as a whole (pasted from a notebook or a page)
        try:
            return [CodeUnit(path, 1, cst.parse_module(whole))]
        except (cst.ParserSyntaxError, ValueError, RecursionError):
            pass
    kept = []
    for _, block in top_level_blocks(text):
        for version in (block, printed(block)):
            try:
                cst.parse_module(version)
                kept.append(version if version.endswith("\n") else version + "\n")
                break
            except (cst.ParserSyntaxError, ValueError, RecursionError):
                continue
        else:
            kept.append("\n" * block.count("\n"))
    try:
        return [CodeUnit(path, 1, cst.parse_module("".join(kept)))]
    except (cst.ParserSyntaxError, ValueError, RecursionError):
        return []


PRINT_STATEMENT = re.compile(r"(?m)^([ \t]*)print(?:[ \t]+(?![(=])(.*?))?[ \t]*$")


def printed(block: str) -> str:
    """A Python 2 block with its `print x` statements written as calls, line for line: a builder function
    that prints its summary (`print model.summary()`) is otherwise blanked with the block, and never found."""
    return PRINT_STATEMENT.sub(lambda found: f"{found[1]}print({found[2] or ''})", block)


def dedented(text: str) -> str:
    """The text with the indent every code line shares removed (a comment in column 0, such as a coding
    line, does not count); the text itself when there is none."""
    lines = text.splitlines(keepends=True)
    code_lines = [line for line in lines if line.strip() and not line.startswith("#")]
    indents = {len(line) - len(line.lstrip(" \t")) for line in code_lines}
    shared = min(indents, default=0)
    if not shared or any(not line[:shared].isspace() for line in code_lines):
        return text
    return "".join(line[shared:] if line.strip() and line[:shared].isspace() else line for line in lines)


def top_level_blocks(text: str) -> list[tuple[int, str]]:
    """The file cut before each line that starts a top-level statement (no indent, not a continuation,
    not `else`/`except`...), with the line each block starts on."""
    lines = text.splitlines(keepends=True)
    starts = [0] + [i for i, line in enumerate(lines) if i and _starts_statement(line, lines[i - 1])]
    bounds = [*starts, len(lines)]
    return [(bounds[k] + 1, "".join(lines[bounds[k]:bounds[k + 1]])) for k in range(len(starts))]


def _starts_statement(line: str, previous: str) -> bool:
    if not line[:1].strip() or line[0] in "#)]}" or previous.rstrip().endswith(("\\", ",", "(", "[", "{")):
        return False
    return re.match(r"(else|elif|except|finally)\b", line) is None and not previous.lstrip().startswith("@")
