"""The pre-commit hook (.pre-commit-hooks.yaml): a valid definition, and its entry run as pre-commit runs
it (the entry, then the staged files of the hook's types) fails on legacy code and passes on clean code.
pre-commit itself is not needed: it would fetch the hook's repository, and tests never use the network."""

from __future__ import annotations

import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tests.conftest import ROOT

LEGACY = Path(__file__).parent / "scripts" / "legacy_train.py"
SUFFIXES = {"python": ".py", "jupyter": ".ipynb"}  # what pre-commit's `identify` calls these types


@pytest.fixture(scope="module")
def hook():
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())
    assert isinstance(hooks, list) and [h["id"] for h in hooks] == ["migrate-code"]
    return hooks[0]


def test_the_hook_definition_has_what_pre_commit_requires(hook):
    assert {"id", "name", "entry", "language"} <= set(hook)
    assert hook["language"] == "python" and set(hook["types_or"]) == {"python", "jupyter"}
    assert shlex.split(hook["entry"]) == ["migrate", "code", "--check"]
    assert hook["require_serial"] is True


def _run_hook(hook, repo: Path) -> subprocess.CompletedProcess:
    """The entry with the repository's files of the hook's types appended, as pre-commit calls it."""
    files = subprocess.run(["git", "ls-files"], cwd=repo, capture_output=True, text=True, check=True).stdout.split()
    files = [f for f in files if Path(f).suffix in {SUFFIXES[t] for t in hook["types_or"]}]
    command = shlex.split(hook["entry"])
    installed = Path(sys.executable).parent / command[0]  # the console script pyproject.toml declares
    command = [str(installed)] + command[1:] if installed.exists() else [sys.executable, "-m", "migrate"] + command[1:]
    return subprocess.run(command + files, cwd=repo, capture_output=True, text=True, timeout=300)


@pytest.fixture
def repo(tmp_path):
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    (tmp_path / "README.md").write_text("model.fit_generator(gen, 10)\n")  # not a type the hook reads
    return tmp_path


def _stage(repo: Path) -> None:
    subprocess.run(["git", "add", "-A"], cwd=repo, check=True)


def test_the_hook_fails_on_legacy_code(hook, repo):
    shutil.copy(LEGACY, repo / "train.py")
    _stage(repo)
    result = _run_hook(hook, repo)
    assert result.returncode == 1, result.stderr
    assert "1 files changed" in result.stderr.splitlines()[-1]


def test_the_hook_fails_on_a_legacy_notebook(hook, repo):
    shutil.copy(LEGACY.with_name("legacy_notebook.ipynb"), repo / "train.ipynb")
    (repo / "clean.py").write_text("import keras\n")
    _stage(repo)
    assert _run_hook(hook, repo).returncode == 1


def test_the_hook_passes_on_clean_code(hook, repo):
    (repo / "train.py").write_text("import keras\nmodel = keras.Sequential()\nmodel.fit(x, y, epochs=2)\n")
    _stage(repo)
    result = _run_hook(hook, repo)
    assert result.returncode == 0, result.stderr


def test_the_hook_passes_after_migrate_code_write(hook, repo):
    shutil.copy(LEGACY, repo / "train.py")
    _stage(repo)
    assert _run_hook(hook, repo).returncode == 1
    subprocess.run([sys.executable, "-m", "migrate", "code", "--write", "train.py"], cwd=repo, check=True,
                   capture_output=True, timeout=300)
    assert _run_hook(hook, repo).returncode == 0


def test_the_hook_names_each_file_it_would_rewrite_or_flags(hook, repo):
    """As black and ruff do: `would rewrite PATH` for a file it would change, `PATH:LINE:COL: ...` for a site
    left for review; a clean file is not named."""
    shutil.copy(LEGACY, repo / "train.py")
    (repo / "flagged.py").write_text("import keras.layers.core\n")  # reported, not rewritten
    (repo / "clean.py").write_text("import keras\n")
    _stage(repo)
    result = _run_hook(hook, repo)
    lines = result.stderr.splitlines()
    assert result.returncode == 1
    assert "would rewrite train.py" in lines
    assert any(line.startswith("flagged.py:1:1: legacy_import_paths: ") for line in lines)
    assert not any("flagged.py" in line for line in lines if line.startswith("would rewrite"))
    assert not any("clean.py" in line for line in lines)
