"""A real legacy file whose Lambdas write a file when run (made by Keras 2.3.1 on Python 3.7: `open()` and
`os.system`): inspect and convert read them as data, refuse them, leave their decoded code for review, and
the file never appears."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT, sample

MARKER = Path("/tmp/migrate-lambda-payload-ran")  # the path written into the sample's bytecode


def _migrate(*args: object) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "migrate", *map(str, args)], capture_output=True, text=True,
                          timeout=300, cwd=ROOT)


def test_payload_lambdas_are_read_refused_and_never_run(tmp_path):
    MARKER.unlink(missing_ok=True)
    inspected = _migrate("inspect", "--json", sample("k231_lambda_payload.h5"))
    assert inspected.returncode == 0, inspected.stderr
    users = {entry["layer"]: entry for entry in json.loads(inspected.stdout)[0]["lambdas"]}
    assert not users["payload_open"]["lifts"] and "'open'" in users["payload_open"]["not_lifted_because"]
    assert "'__import__'" in users["payload_shell"]["not_lifted_because"]

    converted = _migrate("convert", sample("k231_lambda_payload.h5"), "-o", tmp_path / "out.keras")
    assert converted.returncode == 1 and "Traceback" not in converted.stderr
    assert "cannot lift" in converted.stderr and "payload_open" in converted.stderr
    stubs = (tmp_path / "k231_lambda_payload_lambdas.py").read_text()
    assert "/tmp/migrate-lambda-payload-ran" in stubs and "def payload_shell(x):" in stubs
    compile(stubs, "stubs.py", "exec")  # valid Python for the user to edit; migrate never imports it
    assert not (tmp_path / "out.keras").exists()
    assert not MARKER.exists()


def test_the_reading_side_has_no_way_to_run_code():
    """No unmarshal, eval, exec, pickle or import of names read from a file anywhere in the lifting code."""
    import ast

    for path in (ROOT / "migrate" / "lift").glob("*.py"):
        tree = ast.parse(path.read_text())
        imported = {alias.name for node in ast.walk(tree) if isinstance(node, (ast.Import, ast.ImportFrom))
                    for alias in node.names} | {node.module for node in ast.walk(tree)
                                                 if isinstance(node, ast.ImportFrom) and node.module}
        called = {node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
                  for node in ast.walk(tree) if isinstance(node, ast.Call)}
        assert not imported & {"marshal", "pickle", "importlib", "dill", "cloudpickle"}, path
        assert not called & {"eval", "exec", "__import__", "import_module", "compile"}, path
