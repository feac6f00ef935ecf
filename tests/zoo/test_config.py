"""migrate.toml: per-file options for a zoo, validated with clear errors, and applied by a real run."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

from migrate.errors import ZooUsageError
from migrate.zoo.config import load_config
from migrate.zoo.discover import find_jobs
from tests.conftest import ROOT, SAMPLES


def config_in(tmp_path, text, name="migrate.toml"):
    (tmp_path / name).write_text(text)
    return load_config(tmp_path)


def test_no_config_means_no_settings(tmp_path):
    settings = load_config(tmp_path).for_file("a/b.h5")
    assert settings.lambdas == () and settings.architecture is None and settings.atol is None and not settings.skip


@pytest.mark.parametrize("text, said", [
    ('["*.h5"]\nlambdas = ["a=b:c"]\n', "unknown key 'lambdas'"),
    ('["*.h5"]\natol = "small"\n', "atol should be a non-negative number, found 'small'"),
    ('["*.h5"]\nlambda = "a=b:c"\n', "lambda should be a list of NAME=MODULE:CALLABLE strings"),
    ('["*.h5"]\nskip = 1\n', "skip should be true or false"),
    ('["*.h5"]\nexport = ["onnx", "pdf"]\n', "export should be a list of formats (onnx, tflite, savedmodel)"),
    ('["*.h5"]\nlambda = ["lambda_1=module_without_callable"]\n', "expected NAME=MODULE:CALLABLE"),
    ('atol = 1e-3\n', '["atol"] should be a table of options'),
    ('["*.h5"\natol = 1\n', "cannot be read as TOML"),
])
def test_mistakes_are_named_with_file_table_and_key(tmp_path, text, said):
    with pytest.raises(ZooUsageError) as caught:
        config_in(tmp_path, text)
    assert said in str(caught.value) and str(tmp_path / "migrate.toml") in str(caught.value)


def test_export_formats_reach_each_files_options(tmp_path):
    from migrate.zoo.discover import find_jobs

    (tmp_path / "src" / "edge").mkdir(parents=True)
    for name in ("edge/a.h5", "b.h5"):
        (tmp_path / "src" / name).write_bytes(b"")
    config = config_in(tmp_path / "src", '["edge/*"]\nexport = ["onnx,tflite"]\n')
    jobs = {job.relative: job for job in find_jobs(tmp_path / "src", tmp_path / "out", config=config)}
    assert jobs["edge/a.h5"].options.exports == ("onnx,tflite",) and jobs["b.h5"].options.exports == ()


def test_matching_tables_apply_in_order_and_lists_accumulate(tmp_path):
    config = config_in(tmp_path, '["*.h5"]\natol = 1e-3\nlambda = ["a=m:f"]\n\n'
                                 '["team_b/*"]\natol = 0.5\nlambda = ["b=m:g"]\narchitecture = "arch.json"\n'
                                 '["ckpt.h5"]\nskip = true\n')
    settings = config.for_file("team_b/ckpt.h5")
    assert settings.atol == 0.5 and settings.lambdas == ("a=m:f", "b=m:g") and settings.skip
    assert settings.architecture == tmp_path.resolve() / "arch.json"
    assert config.for_file("team_a/x.h5").atol == 1e-3 and not config.for_file("team_a/x.h5").skip


def test_pyproject_tool_migrate_is_read_when_there_is_no_migrate_toml(tmp_path):
    config = config_in(tmp_path, '[project]\nname = "x"\n\n[tool.migrate."*.h5"]\nskip = true\n', "pyproject.toml")
    assert config.for_file("m.h5").skip


def test_a_config_architecture_beats_the_sidecar_and_is_used_by_the_job(tmp_path):
    (tmp_path / "m.h5").write_bytes(b"")
    (tmp_path / "m.json").write_text("{}")
    config = config_in(tmp_path, '["m.h5"]\narchitecture = "other.json"\n')
    (job,) = find_jobs(tmp_path, tmp_path / "out", config=config)
    assert job.options.architecture == tmp_path.resolve() / "other.json" and job.architecture is None


def test_a_zoo_run_applies_the_config_and_checks_references(zoo, tmp_path):
    """orphan_weights.h5 gets its architecture from the config, corrupt.h5 is skipped, a model with its
    reference beside it has its difference reported, and a model beside a wrong reference fails."""
    shutil.copy(SAMPLES / "k231_checkpoint_weights.json", zoo / "team_b" / "template.json")
    shutil.copy(SAMPLES / "k231_nested3.npz", zoo / "team_a" / "k231_nested3.npz")
    shutil.copy(SAMPLES / "k231_nested3.npz", zoo / "team_a" / "tfk23_plain_functional.npz")  # not its outputs
    (zoo / "migrate.toml").write_text('["team_b/orphan_weights.h5"]\narchitecture = "team_b/template.json"\n\n'
                                      '["corrupt.h5"]\nskip = true\n')
    out = tmp_path / "out"
    result = subprocess.run([sys.executable, "-m", "migrate", "zoo", str(zoo), "-o", str(out), "--jobs", "2"],
                            capture_output=True, text=True, cwd=ROOT, timeout=600)
    import json

    rows = {row["source"]: row for row in json.loads((out / "report.json").read_text())["models"]}
    assert rows["team_b/orphan_weights.h5"]["status"] == "converted"
    assert rows["team_b/corrupt.h5"]["status"] == "skipped" and "skip = true" in rows["team_b/corrupt.h5"]["note"]
    assert rows["team_a/k231_nested3.h5"]["within_tolerance"] and rows["team_a/k231_nested3.h5"]["max_abs_diff"] <= 1e-4
    wrong = rows["team_a/tfk23_plain_functional.h5"]
    assert wrong["status"] == "failed" and "reference" in wrong["error"]
    assert not wrong["error"].startswith("team_a/tfk23_plain_functional.h5")  # the row names the file once
    assert result.returncode == 1


def test_no_reference_ignores_the_npz_beside_a_model(tmp_path):
    source = tmp_path / "m.h5"
    shutil.copy(SAMPLES / "k231_plain_functional.h5", source)
    shutil.copy(SAMPLES / "k231_nested3.npz", tmp_path / "m.npz")  # another model's: would fail
    run = lambda *extra: subprocess.run([sys.executable, "-m", "migrate", "convert", str(source), "--force", *extra],  # noqa: E731
                                        capture_output=True, text=True, cwd=ROOT, timeout=300)
    checked = run()
    assert checked.returncode == 1 and "reference" in checked.stderr
    assert run("--no-reference").returncode == 0
