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
    (tmp_path / "pkg" / "py2_clean.py").write_text("print 'no Keras here'\n")
    (tmp_path / "pkg" / "broken.py").write_text("model.fit_generator(batches\n")  # neither Python 3 nor 2
    return tmp_path


def test_default_is_a_diff_and_writes_nothing(project):
    before = (project / "pkg" / "train.py").read_bytes()
    result = migrate("code", "pkg", cwd=project)
    assert result.returncode == 0
    assert result.stdout.startswith("--- a/pkg/py2.py\n+++ b/pkg/py2.py\n")  # files in order
    assert "\n--- a/pkg/train.py\n+++ b/pkg/train.py\n" in result.stdout
    assert "+    strategy = tf.distribute.MirroredStrategy()" in result.stdout
    assert (project / "pkg" / "train.py").read_bytes() == before
    summary = result.stderr.strip().splitlines()[-1]
    assert summary.startswith("3 files changed, ") and summary.endswith("1 files skipped")  # broken.py skipped


def test_the_diff_applies_with_patch(project, tmp_path):
    diff = migrate("code", "pkg", cwd=project).stdout
    if shutil.which("patch") is None:
        pytest.skip("no patch program")
    applied = subprocess.run(["patch", "-p1", "--dry-run"], input=diff, text=True, capture_output=True, cwd=project)
    assert applied.returncode == 0, applied.stdout + applied.stderr


def test_unparseable_files_are_reported_and_never_touched(project):
    result = migrate("code", "--write", "pkg", cwd=project)
    said = [line for line in result.stderr.splitlines() if "broken.py" in line]
    assert len(said) == 1 and said[0].startswith("pkg/broken.py: not rewritten: does not parse as Python 3 (")
    assert (project / "pkg" / "broken.py").read_text() == "model.fit_generator(batches\n"


def test_python2_files_are_made_python3_first_keras_or_not(project):
    """A Python 2 module of the project (snakeoil3_gym.py, imported by a DDPG training script) would stop the
    run under Python 3 as surely as the training script: both are converted, and say so."""
    result = migrate("code", "--write", "pkg", cwd=project)
    assert (project / "pkg" / "py2.py").read_text() == "print('python 2')\nmodel.fit(batches)\n"
    assert (project / "pkg" / "py2_clean.py").read_text() == "print('no Keras here')\n"
    said = [line for line in result.stderr.splitlines() if "py2" in line and "python2_syntax" in line]
    assert said == ["pkg/py2.py:1:1: python2_syntax: advice: rewritten from Python 2 by 2to3's fixers (print)",
                    "pkg/py2_clean.py:1:1: python2_syntax: advice: rewritten from Python 2 by 2to3's fixers (print)"]
    again = migrate("code", "--check", "pkg/py2.py", "pkg/py2_clean.py", cwd=project)
    assert again.returncode == 0 and again.stderr.splitlines()[-1].startswith("0 files changed, 0 sites converted")


def test_check_exits_1_when_work_is_found_then_0_after_write(project):
    (project / "pkg" / "broken.py").unlink()
    assert migrate("code", "--check", "pkg", cwd=project).returncode == 1
    written = migrate("code", "--write", "pkg", cwd=project)
    assert written.returncode == 0
    assert migrate("code", "--check", "pkg", cwd=project).returncode == 0
    assert not list((project / "pkg").glob("*.migrate-tmp"))


def test_check_exits_1_on_an_unparsed_file_alone(project):
    checked = migrate("code", "--check", "pkg/broken.py", cwd=project)
    assert checked.returncode == 1
    assert checked.stderr.splitlines()[-1] == ("0 files changed, 0 sites converted, 0 sites left for review, "
                                               "0 advice, 1 files skipped")
    unconverted = migrate("code", "--check", "--ignore", "python2_syntax", "pkg/py2.py", cwd=project)
    assert unconverted.returncode == 1 and unconverted.stderr.splitlines() == [
        "pkg/py2.py: not rewritten: Python 2 (print statement, line 1); run 2to3 on it first",
        "0 files changed, 0 sites converted, 0 sites left for review, 0 advice, 1 files skipped"]


def test_an_unparsed_file_that_names_keras_is_named_even_with_no_rule_work(tmp_path):
    """No rule's word is in it, but it imports Keras: what it uses cannot be checked, so it is never passed as
    resolved. A file that names neither Keras nor TensorFlow has nothing to check and stays quiet."""
    (tmp_path / "uses.py").write_text("import keras\nlayer = keras.layers.Dense(3\n")
    (tmp_path / "other.py").write_text("def f(:\n    pass\n")
    checked = migrate("code", "--check", "uses.py", "other.py", cwd=tmp_path)
    assert checked.returncode == 1
    assert checked.stderr.splitlines()[0].startswith("uses.py: not checked: does not parse as Python 3 (")
    assert checked.stderr.splitlines()[-1].endswith(" 1 files skipped")
    assert migrate("code", "--check", "other.py", cwd=tmp_path).returncode == 0


def test_jupyters_checkpoint_copies_are_left_alone_and_counted(tmp_path):
    """`.ipynb_checkpoints/` holds Jupyter's autosaves of the files beside it: not migrated (Jupyter rewrites
    them), never touched, and the run says how many kept their old code."""
    (tmp_path / ".ipynb_checkpoints").mkdir()
    copy = tmp_path / ".ipynb_checkpoints" / "train-checkpoint.py"
    copy.write_text("from keras.optimizers import Adam\nopt = Adam(lr=0.1)\n")
    (tmp_path / "notes.txt").write_text("not code\n")
    checked = migrate("code", "--check", ".", cwd=tmp_path)
    assert checked.returncode == 0, checked.stderr
    assert checked.stderr.splitlines()[-2].startswith("1 files in .ipynb_checkpoints folders not read: ")
    assert migrate("code", "--write", ".", cwd=tmp_path).returncode == 0
    assert copy.read_text() == "from keras.optimizers import Adam\nopt = Adam(lr=0.1)\n"
    (tmp_path / "train.py").write_text("print('clean')\n")
    assert "ipynb_checkpoints" not in migrate("code", "--check", "train.py", cwd=tmp_path).stderr


def test_check_fails_on_leftovers_and_strict_on_advice(tmp_path):
    clean = tmp_path / "clean.py"
    clean.write_text("import keras\nmodel = keras.Sequential()\n")
    left = tmp_path / "left.py"
    # TF2 has no tf.Session: a leftover in a Keras program (a Keras-free one becomes a graph program: tf1_graph_program)
    left.write_text("import keras\nimport tensorflow as tf\nsess = tf.Session()\n")
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
