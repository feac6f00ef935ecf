"""The zoo recovers weights-only architectures too: paired by content anywhere under SRC by default, and
from the code a `from_code` entry of migrate.toml names (with its `set` values)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from migrate.errors import ZooUsageError
from migrate.zoo.config import load_config
from migrate.zoo.discover import find_jobs
from tests.conftest import ROOT
from tests.recover.conftest import dense, write_checkpoint
from tests.recover.test_slicing import CODE


def test_from_code_and_set_are_read_relative_to_the_config(tmp_path):
    (tmp_path / "migrate.toml").write_text('["ckpt/*.h5"]\nfrom_code = "src/train.py"\nset = ["num_classes=4"]\n')
    settings = load_config(tmp_path).for_file("ckpt/w.h5")
    assert settings.from_code == tmp_path.resolve() / "src" / "train.py"
    assert settings.settings == ("num_classes=4",)


def test_a_set_entry_must_be_name_equals_value(tmp_path):
    (tmp_path / "migrate.toml").write_text('["*.h5"]\nset = ["oops"]\n')
    with pytest.raises(ZooUsageError, match="set should be a list of NAME=VALUE strings"):
        load_config(tmp_path)


def test_jobs_search_the_whole_tree_and_take_from_code(tmp_path):
    (tmp_path / "migrate.toml").write_text(f'["*.h5"]\nfrom_code = "{CODE / "train_text.py"}"\n')
    write_checkpoint(tmp_path / "w.h5", [dense("dense_1", 4, 8)])
    (job,) = find_jobs(tmp_path, tmp_path.parent / "out", config=load_config(tmp_path))
    assert job.options.search == tmp_path and job.options.from_code == CODE / "train_text.py"


def test_a_zoo_pairs_by_content_and_its_report_says_so(tmp_path):
    src, out = tmp_path / "src", tmp_path / "out"
    (src / "checkpoints").mkdir(parents=True)
    (src / "architectures").mkdir()
    write_checkpoint(src / "checkpoints" / "epoch_07.h5", [dense("dense_1", 4, 8), dense("dense_2", 8, 3)])
    layers = [{"class_name": "Dense", "config": {"name": "dense_1", "units": 8, "batch_input_shape": [None, 4]}},
              {"class_name": "Dense", "config": {"name": "dense_2", "units": 3}}]
    config = {"class_name": "Sequential", "keras_version": "2.2.4", "config": {"name": "m", "layers": layers}}
    (src / "architectures" / "mlp.json").write_text(json.dumps(config))
    done = subprocess.run([sys.executable, "-m", "migrate", "zoo", str(src), "-o", str(out), "--jobs", "1"],
                          capture_output=True, text=True, cwd=ROOT, timeout=900)
    assert done.returncode == 0, done.stderr
    (row,) = json.loads((out / "report.json").read_text())["models"]
    assert row["status"] == "converted"
    assert row["note"] == "architecture paired by content: architectures/mlp.json"


def test_a_checkpoint_whose_architecture_is_nowhere_fails_with_what_to_do(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    write_checkpoint(src / "orphan.h5", [dense("dense_9", 5, 7)])
    done = subprocess.run([sys.executable, "-m", "migrate", "zoo", str(src), "-o", str(tmp_path / "out"), "--dry-run"],
                          capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert done.stdout.strip().splitlines()[-1] == "dry run: 0 converted, 0 skipped, 1 failed"
