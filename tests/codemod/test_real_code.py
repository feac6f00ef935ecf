"""Trap safety on real code nobody wrote for migrate: the legacy tf.keras copy TensorFlow 2 still ships
(`tensorflow/python/keras`: its optimizers with `lr=` and `decay=`, generator training with
`fit_generator`, `.h5` saving, sessions) and parts of Keras 3's own source, rewritten with `--write`.
Whatever the rules make of a framework's internals, the result must parse, a second run must change
nothing, and no line may gain trailing whitespace. (On a wider tree, Keras 2.3.1 + TF 1.15's Keras +
Keras 3, 1157 files, the same held; see the issue 13 note.)"""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import keras
import pytest
import tensorflow

from tests.codemod.helpers import leftover_reports

PARTS = [Path(tensorflow.__file__).parent / "python" / "keras" / part
         for part in ("optimizer_v2", "engine/training_generator_v1.py", "engine/training_v1.py", "callbacks_v1.py")] + \
        [Path(keras.__file__).parent / "src" / part for part in ("legacy/saving", "callbacks")]


@pytest.fixture(scope="module")
def rewritten(tmp_path_factory):
    root = tmp_path_factory.mktemp("real")
    for index, part in enumerate(PARTS):
        if not part.exists():
            pytest.skip(f"this TensorFlow or Keras has no {part}")
        target = root / f"{index}_{part.name}"
        if part.is_dir():
            shutil.copytree(part, target, ignore=shutil.ignore_patterns("*_test.py", "__pycache__"))
        else:
            shutil.copy(part, target)
    originals = {path: path.read_text() for path in root.rglob("*.py")}
    done = subprocess.run([sys.executable, "-m", "migrate", "code", "--write", "--jobs", "2", str(root)],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    return root, originals, done.stderr


def test_every_rewritten_file_parses_and_a_second_run_changes_nothing(rewritten):
    root, originals, _ = rewritten
    for path in originals:
        ast.parse(path.read_text())
    again = subprocess.run([sys.executable, "-m", "migrate", "code", "--check", str(root)], capture_output=True,
                           text=True, timeout=600)
    assert again.stderr.splitlines()[-1].startswith("0 files changed, "), again.stderr[-2000:]
    # What is left (TensorFlow's private Keras imports, its sessions) is reported alike on both runs, and
    # is all that fails --check.
    assert leftover_reports(again.stderr) == leftover_reports(rewritten[2])
    assert again.returncode == (1 if leftover_reports(again.stderr) else 0)


def test_no_line_gains_trailing_whitespace(rewritten):
    _, originals, _ = rewritten
    for path, before in originals.items():
        trailing = sum(line != line.rstrip() for line in path.read_text().splitlines())
        assert trailing <= sum(line != line.rstrip() for line in before.splitlines()), path


def test_the_rules_ran_and_left_the_look_alikes_alone(rewritten):
    """The rules read these files (they report TensorFlow's private Keras imports), and the raw training
    ops called with `lr=` (`training_ops.resource_apply_adam(..., lr=lr)`) are not Keras optimizers:
    untouched, as is `training_generator_v1.fit_generator`, a function, not a model's method."""
    root, originals, summary = rewritten
    reviewed = int(summary.strip().splitlines()[-1].split(" sites left for review")[0].rsplit(", ", 1)[-1])
    assert reviewed > 0
    adam = next(path for path in originals if path.name == "adam.py" and "optimizer_v2" in str(path))
    assert "lr=lr" in originals[adam] and adam.read_text() == originals[adam]
    generator = next(path for path in originals if path.name.endswith("training_generator_v1.py"))
    assert "return fit_generator(" in generator.read_text()
