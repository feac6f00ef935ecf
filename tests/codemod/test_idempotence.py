"""Every fixture (tests/codemod/scripts, tests/codemod/corpus: scripts and a notebook) rewritten twice: the
second run changes nothing, reports the same leftovers, and `--check` on the output passes unless leftovers
remain."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from migrate.codemod.engine import python_files, run, write_atomically
from migrate.codemod.registry import all_rules
from tests.codemod.helpers import leftover_reports

HERE = Path(__file__).parent
FIXTURES = [HERE / "scripts", HERE / "corpus"]


def _leftovers(summary) -> dict[str, list[tuple[str, str]]]:
    """Per file, the leftovers as (rule, message): positions name the file as read, which moved."""
    return {Path(r.path).name: sorted((f.rule, f.message) for f in r.leftovers) for r in summary.results}


@pytest.fixture(scope="module")
def twice(tmp_path_factory):
    root = tmp_path_factory.mktemp("fixtures")
    for folder in FIXTURES:
        shutil.copytree(folder, root / folder.name, ignore=shutil.ignore_patterns("*.md", "__pycache__"))
    rules = all_rules()
    first = run([root], rules)
    for result in first.results:
        assert result.error is None, result.error
        if result.changed:
            write_atomically(Path(result.path), result.rewritten)
    return root, first, run([root], rules)


def test_every_fixture_is_rewritten_twice(twice):
    root, first, _ = twice
    files = python_files([root])
    assert len(files) == len(first.results) >= 25
    assert any(f.suffix == ".ipynb" for f in files)
    assert first.files_changed >= 23  # every corpus script and both fixtures have work to do
    assert first.sites_for_review >= 3  # scripts/leftovers_train.py: what is left must be left alike twice


def test_the_second_run_changes_nothing(twice):
    _, _, second = twice
    assert [r.path for r in second.results if r.changed] == []
    assert second.sites_converted == 0 and second.files_skipped == 0


def test_the_output_parses(twice):
    root, _, _ = twice
    for path in python_files([root]):
        sources = ([c.source for c in nbformat.read(path, as_version=4).cells if c.cell_type == "code"]
                   if path.suffix == ".ipynb" else [path.read_text()])
        for source in sources:
            ast.parse("\n".join(line for line in source.splitlines() if not line.lstrip().startswith(("%", "!"))))


def test_leftovers_are_reported_alike_both_times(twice):
    _, first, second = twice
    assert _leftovers(second) == _leftovers(first)


def test_check_on_the_output_passes_unless_leftovers_remain(twice):
    root, _, second = twice
    checked = subprocess.run([sys.executable, "-m", "migrate", "code", "--check", str(root)], capture_output=True,
                             text=True, timeout=600)
    assert checked.returncode == (1 if second.sites_for_review else 0), checked.stderr[-3000:]
    assert sum(leftover_reports(checked.stderr).values()) == second.sites_for_review
