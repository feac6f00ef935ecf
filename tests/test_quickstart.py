"""The README's Quickstart, held to what a run prints: command 1's zoo exits 0 with the line the README
shows, a rerun's summary adds up, the refused samples (refused_models/) fail with review files that import,
and the "Use the converted model" snippet runs."""

from __future__ import annotations

import json
import re
import subprocess
import sys

from tests.conftest import ROOT

README = (ROOT / "README.md").read_text()


def zoo(source, out):
    return subprocess.run([sys.executable, "-m", "migrate", "zoo", source, "-o", out, "--jobs", "1"],
                          capture_output=True, text=True, cwd=ROOT, timeout=900)


def stated_line() -> str:
    """The line the Quickstart says command 1 ends with (the block after 'The first ends with this line')."""
    match = re.search(r"The first ends with this line, and exits 0:\n\n```\n(.+)\n```", README)
    assert match, "the README's Quickstart no longer states command 1's last line"
    return match.group(1)


def test_command_1_exits_0_and_prints_what_the_readme_says_then_a_rerun_adds_up(tmp_path):
    out = tmp_path / "converted"
    first = zoo("sample_models", out)
    assert first.returncode == 0, first.stderr[-3000:]
    assert first.stdout.strip().splitlines()[-1] == stated_line()
    rerun = zoo("sample_models", out)
    report = json.loads((out / "report.json").read_text())["summary"]
    assert rerun.returncode == 0 and rerun.stdout.strip().splitlines()[-1] == f"0 converted, {report['total']} skipped, 0 failed"
    assert f"Run it again and it says `0 converted, {report['total']} skipped, 0 failed`" in README


def test_the_refused_samples_fail_apart_with_review_files_that_import(tmp_path):
    out = tmp_path / "refused"
    result = zoo("refused_models", out)
    errors = [line for line in result.stderr.splitlines() if line.startswith("error ")]
    assert result.returncode == 1 and len(errors) == 2 and result.stdout.strip().endswith("0 converted, 0 skipped, 2 failed")
    reviews = sorted(out.glob("*_lambdas.py"))
    assert [path.name for path in reviews] == ["k231_lambda_loop_lambdas.py", "k231_lambda_payload_lambdas.py"]
    names = ", ".join(path.stem for path in reviews)
    imported = subprocess.run([sys.executable, "-c", f"import {names}"], cwd=out, capture_output=True, text=True,
                              timeout=300)
    assert imported.returncode == 0, imported.stderr[-2000:]
    assert ".venv/bin/migrate zoo refused_models -o refused" in README


def test_the_use_the_converted_model_snippet_runs(tmp_path):
    """The README's 'Use the converted model' code, run as written on the file it names."""
    snippet = re.search(r"## Use the converted model.*?```python\n(.*?)```", README, re.S).group(1)
    converted = subprocess.run([sys.executable, "-m", "migrate", "convert", ROOT / "sample_models/k231_nested3.h5", "-o",
                                tmp_path / "converted/k231_nested3.keras"], capture_output=True, text=True, timeout=300)
    assert converted.returncode == 0, converted.stderr[-2000:]
    ran = subprocess.run([sys.executable, "-c", snippet], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert ran.returncode == 0, ran.stderr[-3000:]
