"""`migrate zoo` end to end: statuses, reports, resume, sources untouched, kill -9, usage errors."""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
import time
import zipfile

import pytest

from tests.conftest import ROOT

EXPECTED = {
    "team_a/2018/copy_of_mlp.hdf5": "converted",
    "team_a/k224_plain_sequential.h5": "converted",
    "team_a/k231_mgpu2_mlp_adam.h5": "converted",
    "team_a/k231_nested3.h5": "converted",
    "team_a/tfk23_plain_functional.h5": "converted",
    "team_b/ckpt.h5": "converted",
    "team_b/corrupt.h5": "failed",
    "team_b/not_keras.h5": "failed",
    "team_b/orphan_weights.h5": "converted",  # paired by content with ckpt.json, its very architecture
}


def migrate(*args, **kwargs):
    return subprocess.run([sys.executable, "-m", "migrate", *map(str, args)], capture_output=True, text=True,
                          cwd=ROOT, timeout=600, **kwargs)


def digests(folder):
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_converts_a_zoo_with_its_broken_files_and_reports_every_one(zoo, tmp_path):
    before = digests(zoo)
    out = tmp_path / "out"
    result = migrate("zoo", zoo, "-o", out, "--jobs", "2")
    assert result.returncode == 1  # some failed
    assert result.stdout.strip().splitlines()[-1] == "7 converted, 0 skipped, 2 failed"
    report = json.loads((out / "report.json").read_text())
    assert {m["source"]: m["status"] for m in report["models"]} == EXPECTED
    rows = {m["source"]: m for m in report["models"]}
    assert rows["team_a/k231_nested3.h5"]["output"] == "team_a/k231_nested3.keras"
    assert rows["team_a/k231_nested3.h5"]["wrapper_depth"] == 3 and rows["team_a/k231_nested3.h5"]["replicas"] == [4, 2, 2]
    assert rows["team_b/orphan_weights.h5"]["note"] == "architecture paired by content: team_b/ckpt.json"
    assert rows["team_b/ckpt.h5"]["note"] == "used ckpt.json beside it"
    assert "not a Keras model file" in rows["team_b/not_keras.h5"]["error"]
    assert (out / "team_a" / "2018" / "copy_of_mlp.keras").is_file()
    assert digests(zoo) == before  # sources byte-identical, nothing written inside SRC
    assert set(report["summary"]) >= {"total", "converted", "skipped", "failed"}
    assert "| team_b/corrupt.h5 | failed |" in (out / "report.md").read_text()
    page = (out / "report.html").read_text()
    assert "<script" in page and "http" not in page.replace("http-equiv", "")  # self-contained


def test_second_run_skips_what_is_up_to_date_and_redoes_changes(zoo, tmp_path):
    out = tmp_path / "out"
    migrate("zoo", zoo, "-o", out, "--jobs", "2")
    started = time.perf_counter()
    again = migrate("zoo", zoo, "-o", out)
    assert time.perf_counter() - started < 30
    assert again.stdout.strip().splitlines()[-1] == "0 converted, 7 skipped, 2 failed"
    (zoo / "team_b" / "corrupt.h5").unlink()
    (zoo / "team_a" / "k231_nested3.h5").write_bytes((zoo / "team_a" / "k231_mgpu2_mlp_adam.h5").read_bytes())
    third = migrate("zoo", zoo, "-o", out)
    assert third.stdout.strip().splitlines()[-1] == "1 converted, 6 skipped, 1 failed"
    forced = migrate("zoo", zoo, "-o", out, "--force", "--jobs", "2")
    assert forced.stdout.strip().splitlines()[-1] == "7 converted, 0 skipped, 1 failed"


@pytest.mark.skipif(not __import__("importlib").util.find_spec("onnxruntime"), reason="needs migrate[deploy]")
def test_a_rerun_asking_for_an_export_the_last_run_did_not_redoes_those_files_and_says_so(zoo, tmp_path):
    out = tmp_path / "out"
    first = migrate("zoo", zoo, "-o", out, "--jobs", "2")
    assert first.stdout.strip().splitlines()[-1] == "7 converted, 0 skipped, 2 failed"
    (zoo / "migrate.toml").write_text('["team_a/k231_nested3.h5"]\nexport = ["onnx"]\n')
    planned = migrate("zoo", zoo, "-o", out, "--dry-run")
    assert "would convert team_a/k231_nested3.h5 (its last conversion was not asked for --export onnx)" in planned.stdout
    again = migrate("zoo", zoo, "-o", out)
    assert again.stdout.strip().splitlines()[-1] == "1 converted, 6 skipped, 2 failed; onnx: 1/1 exported and matched"
    assert ("team_a/k231_nested3.h5: converted again: its last conversion was not asked for --export onnx"
            in again.stdout)
    rows = {m["source"]: m for m in json.loads((out / "report.json").read_text())["models"]}
    assert [e["format"] for e in rows["team_a/k231_nested3.h5"]["exports"]] == ["onnx"]
    assert rows["team_a/k231_nested3.h5"]["exports"][0]["matched"]
    assert (out / "team_a" / "k231_nested3.onnx").is_file()
    third = migrate("zoo", zoo, "-o", out)  # asked again, and done: up to date
    assert third.stdout.strip().splitlines()[-1].startswith("0 converted, 7 skipped, 2 failed")
    assert "converted again" not in third.stdout


def test_dry_run_writes_nothing_and_imports_no_tensorflow(zoo, tmp_path):
    out = tmp_path / "out"
    result = subprocess.run([sys.executable, "-X", "importtime", "-m", "migrate", "zoo", str(zoo), "-o", str(out),
                             "--dry-run"], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert result.stdout.strip().splitlines()[-1] == "dry run: 7 converted, 0 skipped, 2 failed"
    assert not out.exists()
    imported = {line.split("|")[-1].strip().split(".")[0] for line in result.stderr.splitlines() if "|" in line}
    assert not imported & {"tensorflow", "keras"}


def test_kill_9_mid_run_leaves_no_partial_file_and_the_rerun_finishes(zoo, tmp_path):
    out = tmp_path / "out"
    process = subprocess.Popen([sys.executable, "-m", "migrate", "zoo", str(zoo), "-o", str(out), "--jobs", "1"],
                               cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    published = lambda: [p for p in out.rglob("*.keras") if "migrate-tmp" not in str(p)]  # noqa: E731
    deadline = time.time() + 120
    while time.time() < deadline and len(published()) < 2:
        time.sleep(0.05)
    os.killpg(process.pid, signal.SIGKILL)  # the run and its workers, mid-conversion
    process.wait()
    assert published()
    for keras_file in published():
        assert zipfile.is_zipfile(keras_file)  # every output is whole (staging folders may hold anything)
    rerun = migrate("zoo", zoo, "-o", out, "--jobs", "2")
    assert rerun.stdout.strip().splitlines()[-1].endswith("2 failed")
    assert not [p for p in out.rglob("*") if "migrate-tmp" in p.name]
    report = json.loads((out / "report.json").read_text())
    assert {m["source"]: m["status"] != "failed" for m in report["models"]} == \
        {k: v != "failed" for k, v in EXPECTED.items()}


@pytest.mark.parametrize("inside", [False, True])
def test_out_may_not_be_src_or_inside_it(zoo, inside):
    out = zoo / "converted" if inside else zoo
    result = migrate("zoo", zoo, "-o", out)
    assert result.returncode == 2 and "never writes inside SRC" in result.stderr
    assert not (zoo / "converted").exists()


def test_report_only_rebuilds_reports_from_the_manifest(zoo, tmp_path):
    out = tmp_path / "out"
    migrate("zoo", zoo, "-o", out, "--jobs", "2")
    (out / "report.json").unlink()
    result = migrate("zoo", zoo, "-o", out, "--report-only")
    assert json.loads((out / "report.json").read_text())["summary"]["total"] == 9
    assert result.stdout.strip().splitlines()[-1] == "7 converted, 0 skipped, 2 failed"
