"""The suite behaves the same with and without CI set: no test, fixture or helper may read `CI`.

A test that passes only where CI=1 (a pinned seed, a skip turned into a failure) passes in CI and fails on
a newcomer's machine running the README's command; that happened once (issue 24)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
THIS = Path(__file__).resolve()


def reads_of_ci(path: Path) -> list[int]:
    """Lines where a file names the `CI` variable as a string (os.environ.get("CI"), os.getenv('CI'), ...)."""
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    except SyntaxError:  # a Python 2 fixture script (data the tests read, never imported by pytest)
        return []
    return [node.lineno for node in ast.walk(tree) if isinstance(node, ast.Constant) and node.value == "CI"]


@pytest.mark.parametrize("path", sorted(p for p in TESTS.rglob("*.py") if p != THIS and "corpus" not in p.parts),
                         ids=lambda p: p.relative_to(TESTS).as_posix())
def test_no_test_reads_the_ci_variable(path):
    assert not reads_of_ci(path), f"{path.relative_to(TESTS)} reads CI on lines {reads_of_ci(path)}"


def test_the_check_finds_a_read(tmp_path):
    sneaky = tmp_path / "test_sneaky.py"
    sneaky.write_text('import os\nif os.environ.get("CI"):\n    pass\n')
    assert reads_of_ci(sneaky) == [2]
