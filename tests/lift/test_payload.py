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


def test_a_custom_class_module_whose_top_level_writes_a_file_is_never_run(tmp_path):
    """`--from-code`: the custom classes' module (tests/recover/code/custom_classes/layers.py) writes a file at
    module level; porting its classes runs only their slice (in the child, then imported by convert), and the
    file never appears. The whole conversion is tests/recover/test_custom_classes.py's first test."""
    from migrate.recover.classes import port_classes

    marker = Path("/tmp/migrate-custom-class-payload-ran")
    marker.unlink(missing_ok=True)
    ported = port_classes(["GainLayer", "AbsDiff"], ROOT / "tests" / "recover" / "code" / "custom_classes", "p_custom")
    module = tmp_path / "p_custom.py"
    module.write_text(ported.text)
    imported = subprocess.run([sys.executable, "-I", "-c", f"import runpy; runpy.run_path({str(module)!r})"],
                              capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert imported.returncode == 0, imported.stderr
    assert "open(" not in ported.text and "/tmp/migrate-custom-class-payload-ran" not in ported.text
    assert not marker.exists()
