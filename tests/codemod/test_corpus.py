"""The executable corpus (issue 13): real legacy training scripts (tests/codemod/corpus/, each shown to run
under Keras 2.3.1 + TensorFlow 1.15 by run_legacy.py; results in its README). After `migrate code --write`
each must parse, be left alone by a second run, report every multi_gpu_model it keeps, and RUN under Keras 3
with MirroredStrategy over two logical CPU devices: train an epoch on tiny data, save, reload.

Scripts whose rewrite does not run yet are strict xfails naming the first error: the specification of
what the codemod still has to learn. Fixing one fails the run until its mark is removed."""

from __future__ import annotations

import ast
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.codemod.helpers import MIRRORED_ON_TWO_CPUS
from tests.conftest import ROOT

CORPUS = Path(__file__).parent / "corpus"
SCRIPTS = sorted(CORPUS.glob("s*.py"))
NOT_YET: dict[str, str] = {}  # script name -> why its rewrite does not run yet


def _params():
    return [pytest.param(script, id=script.stem, marks=[pytest.mark.xfail(reason=NOT_YET[script.name], strict=True)]
                         if script.name in NOT_YET else []) for script in SCRIPTS]


def _code(*args: object) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "migrate", "code", *map(str, args)], capture_output=True,
                          text=True, timeout=300, cwd=ROOT)


@pytest.fixture
def rewritten(request, tmp_path):
    script = tmp_path / request.param.name
    shutil.copy(request.param, script)
    done = _code("--write", script)
    assert done.returncode == 0, done.stderr
    return script, done.stderr


def test_the_corpus_is_as_large_as_issue_13_asks():
    assert len(SCRIPTS) >= 20


@pytest.mark.parametrize("rewritten", [pytest.param(s, id=s.stem) for s in SCRIPTS], indirect=True)
def test_every_rewrite_parses_is_stable_and_reports_what_it_keeps(rewritten):
    script, report = rewritten
    text = script.read_text()
    ast.parse(text)
    assert _code("--check", script).returncode == 0  # a second run changes nothing
    kept = [n for n, line in enumerate(text.splitlines(), 1) if re.search(r"\bmulti_gpu_model\(", line)]
    reported = {int(line.split(":")[1]) for line in report.splitlines() if "multi_gpu_model_to_mirrored" in line}
    assert set(kept) <= reported, (kept, report)
    assert not any(line != line.rstrip() for line in text.splitlines() if line.strip())


@pytest.mark.parametrize("script", _params())
def test_every_rewritten_script_trains_saves_and_reloads_under_mirrored_strategy(script, tmp_path):
    target = tmp_path / script.name
    shutil.copy(script, target)
    assert _code("--write", target).returncode == 0
    out = tmp_path / "out"
    out.mkdir()
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3")
    run = subprocess.run([sys.executable, "-c", MIRRORED_ON_TWO_CPUS, str(target), str(out)], capture_output=True, text=True,
                         timeout=600, env=env, cwd=tmp_path)
    assert run.returncode == 0 and run.stdout.strip().endswith("ok"), run.stderr[-2500:]
