"""`migrate code` as users run it: modes, exit codes, skipped files, parallel runs, and a real training run."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.codemod.helpers import MIRRORED_ON_TWO_CPUS
from tests.conftest import ROOT

SCRIPTS = Path(__file__).resolve().parent / "scripts"
LEGACY = SCRIPTS / "legacy_train.py"


def migrate(*args, cwd=ROOT):
    return subprocess.run([sys.executable, "-m", "migrate", *map(str, args)], capture_output=True, text=True,
                          cwd=cwd, timeout=300)


@pytest.fixture
def project(tmp_path):
    (tmp_path / "pkg").mkdir()
    shutil.copy(LEGACY, tmp_path / "pkg" / "train.py")
    (tmp_path / "pkg" / "clean.py").write_text("print('nothing to do')\n")
    (tmp_path / "pkg" / "py2.py").write_text("print 'python 2'\nmodel.fit_generator(batches)\n")
    (tmp_path / "pkg" / "py2_clean.py").write_text("print 'nothing migrate rewrites'\n")
    return tmp_path


def test_default_is_a_diff_and_writes_nothing(project):
    before = (project / "pkg" / "train.py").read_bytes()
    result = migrate("code", "pkg", cwd=project)
    assert result.returncode == 0
    assert result.stdout.startswith("--- a/pkg/train.py\n+++ b/pkg/train.py\n")
    assert "+    strategy = tf.distribute.MirroredStrategy()" in result.stdout
    assert (project / "pkg" / "train.py").read_bytes() == before
    summary = result.stderr.strip().splitlines()[-1]
    assert summary.startswith("1 files changed, ") and summary.endswith("1 files skipped")


def test_the_diff_applies_with_patch(project, tmp_path):
    diff = migrate("code", "pkg", cwd=project).stdout
    if shutil.which("patch") is None:
        pytest.skip("no patch program")
    applied = subprocess.run(["patch", "-p1", "--dry-run"], input=diff, text=True, capture_output=True, cwd=project)
    assert applied.returncode == 0, applied.stdout + applied.stderr


def test_unparseable_files_are_reported_and_never_touched(project):
    result = migrate("code", "--write", "pkg", cwd=project)
    said = [line for line in result.stderr.splitlines() if "py2.py" in line]
    assert said == ["pkg/py2.py: not rewritten: Python 2 (print statement, line 1); run 2to3 on it first"]
    assert (project / "pkg" / "py2.py").read_text() == "print 'python 2'\nmodel.fit_generator(batches)\n"
    assert "py2_clean.py" not in result.stderr  # nothing to rewrite there: never parsed, nothing to say


def test_check_exits_1_when_work_is_found_then_0_after_write(project):
    (project / "pkg" / "py2.py").unlink()
    assert migrate("code", "--check", "pkg", cwd=project).returncode == 1
    written = migrate("code", "--write", "pkg", cwd=project)
    assert written.returncode == 0
    assert migrate("code", "--check", "pkg", cwd=project).returncode == 0
    assert not list((project / "pkg").glob("*.migrate-tmp"))


def test_check_exits_1_on_a_python2_file_alone(project):
    assert migrate("code", "--check", "pkg/py2_clean.py", cwd=project).returncode == 0  # nothing to do there
    checked = migrate("code", "--check", "pkg/py2.py", cwd=project)
    assert checked.returncode == 1
    assert checked.stderr.splitlines()[-1] == ("0 files changed, 0 sites converted, 0 sites left for review, "
                                               "0 advice, 1 files skipped")


def test_check_fails_on_leftovers_and_strict_on_advice(tmp_path):
    clean = tmp_path / "clean.py"
    clean.write_text("import keras\nmodel = keras.Sequential()\n")
    left = tmp_path / "left.py"
    left.write_text("import tensorflow as tf\nsess = tf.Session()\n")  # TF2 has no tf.Session: a leftover
    lint = tmp_path / "lint.py"
    lint.write_text("import tensorflow as tf\nstrategy = tf.distribute.MirroredStrategy(devices=['/gpu:0', '/gpu:1'])\n"
                    "model.fit(x, y, batch_size=33)\n")
    assert migrate("code", "--check", clean).returncode == 0
    assert migrate("code", "--check", "--strict", clean).returncode == 0
    leftover = migrate("code", "--check", left)
    assert leftover.returncode == 1 and "tf1_session_code: tensorflow.Session is TF1-only" in leftover.stderr
    assert "0 files changed, 0 sites converted, 1 sites left for review, 0 advice" in leftover.stderr
    advice = migrate("code", "--check", lint)
    assert advice.returncode == 0 and ": mirrored_strategy_lints: advice: batch_size=33" in advice.stderr
    assert "0 sites left for review, 1 advice" in advice.stderr
    assert migrate("code", "--check", "--strict", lint).returncode == 1


def test_findings_are_path_line_col_rule(project):
    result = migrate("code", "pkg/train.py", cwd=project)
    lines = [line for line in result.stderr.splitlines() if line.startswith("pkg/train.py:")]
    fit_line = next(i for i, line in enumerate(LEGACY.read_text().splitlines(), 1) if "fit_generator(" in line)
    assert f"pkg/train.py:{fit_line}:5: fit_generator_to_fit: advice: workers= removed" in "\n".join(lines)
    assert all(len(line.split(":", 4)) == 5 for line in lines)


def test_select_ignore_and_list_rules(project):
    listed = migrate("code", "--list-rules").stdout
    assert "multi_gpu_model_to_mirrored" in listed and "fit_generator_to_fit" in listed
    only = migrate("code", "--select", "optimizer_lr_to_learning_rate", "pkg/train.py", cwd=project).stdout
    assert "learning_rate=0.01" in only and "MirroredStrategy" not in only
    without = migrate("code", "--ignore", "multi_gpu_model_to_mirrored", "pkg/train.py", cwd=project).stdout
    assert "MirroredStrategy()" not in without and "+    parallel_model.fit(batches" in without


@pytest.mark.parametrize("args", [["code"], ["code", "--select", "no_such_rule", "x.py"],
                                  ["code", "--write", "--check", "x.py"], ["code", "missing_dir"]])
def test_usage_errors_exit_2(args, project):
    (project / "x.py").write_text("x = 1\n")
    assert migrate(*args, cwd=project).returncode == 2


def test_jobs_gives_the_same_result(project):
    for i in range(6):
        shutil.copy(LEGACY, project / "pkg" / f"copy{i}.py")
    one = migrate("code", "pkg", cwd=project)
    two = migrate("code", "--jobs", "2", "pkg", cwd=project)
    assert one.stdout == two.stdout and one.stderr == two.stderr


def test_never_imports_tensorflow(project):
    result = subprocess.run([sys.executable, "-X", "importtime", "-m", "migrate", "code", "pkg"], cwd=project,
                            capture_output=True, text=True, timeout=120)
    imported = {line.split("|")[-1].strip().split(".")[0] for line in result.stderr.splitlines() if "|" in line}
    assert "libcst" in imported and not imported & {"tensorflow", "keras"}




def test_rewritten_script_trains_under_mirrored_strategy_and_saves_a_plain_model(tmp_path):
    script = tmp_path / "train.py"
    shutil.copy(LEGACY, script)
    assert migrate("code", "--write", script).returncode == 0
    text = script.read_text()
    assert "multi_gpu_model(" not in text and "import multi_gpu_model" not in text
    assert "with strategy.scope():" in text and ".fit(" in text and "learning_rate=0.01" in text
    out = tmp_path / "trained.keras"
    text = text.replace('print("replicas", tf.distribute.get_strategy().num_replicas_in_sync',
                        'print("replicas", strategy.num_replicas_in_sync')
    script.write_text(text.replace("def main():", "def main():\n    global strategy"))
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3")
    run = subprocess.run([sys.executable, "-c", MIRRORED_ON_TWO_CPUS, str(script), str(out.with_suffix(".keras"))],
                         capture_output=True, text=True, timeout=600, env=env)
    assert run.returncode == 0, run.stderr[-3000:]
    assert "replicas 2 " in run.stdout
    check = "import keras, sys; m = keras.saving.load_model(sys.argv[1]); print(type(m).__name__, len(m.layers))"
    loaded = subprocess.run([sys.executable, "-c", check, str(out)], capture_output=True, text=True, timeout=300)
    assert loaded.stdout.split() == ["Sequential", "3"], loaded.stderr[-2000:]
