"""The zoo lifts user Lambdas with no options, counts them in every report and the last line, predicts
them in a dry run, and fails only the files whose Lambdas cannot be lifted (with their stubs beside)."""

from __future__ import annotations

import json
import shutil

from tests.conftest import SAMPLES, sample
from tests.zoo.test_zoo import migrate


def test_a_zoo_of_lambda_models_lifts_them_and_counts_them(tmp_path):
    src, out = tmp_path / "zoo", tmp_path / "out"
    (src / "py27").mkdir(parents=True)
    shutil.copy(SAMPLES / "k231py27_lambda_image.h5", src / "py27" / "image.h5")
    shutil.copy(SAMPLES / "k231py27_lambda_image.npz", src / "py27" / "image.npz")  # its reference, checked
    shutil.copy(SAMPLES / "k224py36_lambda_pairs.h5", src / "pairs.h5")
    shutil.copy(sample("k231_lambda_loop.h5"), src / "loop.h5")

    dry = migrate("zoo", src, "-o", out, "--dry-run")
    assert dry.returncode == 1, dry.stderr
    assert dry.stdout.strip().splitlines()[-1].startswith(
        "dry run: 2 converted, 0 skipped, 1 failed; 12 user Lambda(s) lifted")
    done = migrate("zoo", src, "-o", out, "--jobs", "2")
    assert done.returncode == 1, done.stderr
    report = json.loads((out / "report.json").read_text())
    rows = {m["source"]: m for m in report["models"]}
    assert rows["py27/image.h5"]["status"] == "converted" and rows["py27/image.h5"]["lambdas_lifted"] == 6
    assert rows["py27/image.h5"]["within_tolerance"]
    assert rows["pairs.h5"]["lambdas_lifted"] == 6 and rows["pairs.h5"]["max_abs_diff"] is None
    assert rows["loop.h5"]["status"] == "failed" and "cannot lift" in rows["loop.h5"]["error"]
    assert report["summary"]["lambdas_lifted"] == 12
    assert done.stdout.strip().splitlines()[-1].startswith(
        "2 converted, 0 skipped, 1 failed; 12 user Lambda(s) lifted to built-in layers")
    assert "| 6 |" in (out / "report.md").read_text() and "lambdas lifted" in (out / "report.html").read_text()
    assert (out / "loop_lambdas.py").is_file()
