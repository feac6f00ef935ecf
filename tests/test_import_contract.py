"""The package's layering, checked statically on every module's imports (run in CI with the tests).

- Only `migrate/rebuild/` imports keras, tensorflow or another framework; and `migrate/export/`, the stage past
  it, which writes deployable formats from the model rebuild reloaded and must run each in its own runtime
  (a SavedModel in TensorFlow): lazily, inside functions, so importing it imports no framework.
- `migrate/read/` (the reading side's floor) imports nothing of migrate but itself and `errors`.
- The reading side (`read`, `recover`, `graph`, `unwrap`, `translate`, `plan`, `diagnosis`, `verify`, `save`) and the
  codemod import nothing of `rebuild`, `zoo` or `cli` at module level.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

PACKAGE = ROOT / "migrate"
FRAMEWORKS = {"keras", "tensorflow", "tf_keras", "jax", "torch"}
FRAMEWORK_STAGES = ("migrate/rebuild/", "migrate/export/")
READING_SIDE = ("read", "recover", "graph", "unwrap", "translate", "plan.py", "diagnosis", "verify", "save.py", "codemod")


def imports(path: Path, top_level_only: bool = False) -> set[str]:
    """Every module `path` imports (absolute names; relative imports resolved within migrate)."""
    tree = ast.parse(path.read_text(), filename=str(path))
    nodes = tree.body if top_level_only else ast.walk(tree)
    found: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found |= {node.module} | {f"{node.module}.{alias.name}" for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level:
            raise AssertionError(f"{path}: relative import; migrate uses absolute ones")
    return found


def modules(*under: str) -> list[Path]:
    paths = []
    for part in under:
        target = PACKAGE / part
        paths += sorted(target.rglob("*.py")) if target.is_dir() else [target]
    return paths


def relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


@pytest.mark.parametrize("path", modules("."), ids=relative)
def test_only_rebuild_imports_a_framework(path):
    used = {name.split(".")[0] for name in imports(path)} & FRAMEWORKS
    if relative(path).startswith(FRAMEWORK_STAGES):
        if relative(path).startswith("migrate/export/"):
            top = {name.split(".")[0] for name in imports(path, top_level_only=True)} & FRAMEWORKS
            assert not top, f"{relative(path)} imports {sorted(top)} at module level: export imports them lazily"
        return
    assert not used, f"{relative(path)} imports {sorted(used)}: only migrate/rebuild and migrate/export may"


@pytest.mark.parametrize("path", modules("read"), ids=relative)
def test_the_reading_floor_imports_nothing_above_errors(path):
    ours = {name for name in imports(path) if name.startswith("migrate")}
    above = {name for name in ours if not name.startswith(("migrate.read", "migrate.errors"))}
    assert not above, f"{relative(path)} imports {sorted(above)}"


@pytest.mark.parametrize("path", modules(*READING_SIDE), ids=relative)
def test_the_reading_side_imports_no_later_stage(path):
    later = {name for name in imports(path, top_level_only=True)
             if name.startswith(("migrate.rebuild", "migrate.zoo", "migrate.cli", "migrate.convert"))}
    assert not later, f"{relative(path)} imports {sorted(later)} at module level"


def test_importing_every_module_has_no_side_effects():
    """Importing all of migrate (rebuild included) sets no environment variable, leaves the GC unfrozen and
    stderr where it was; only `rebuild.runtime.start_keras()` does those things. Keras is imported first:
    what it does to the environment on import (TensorFlow's log level) is its own, not migrate's."""
    script = """
import gc, importlib, os, pkgutil, sys
import keras, migrate
before_env, before_fd = dict(os.environ), os.fstat(2).st_ino
for info in pkgutil.walk_packages(migrate.__path__, "migrate."):
    if info.name != "migrate.__main__":
        importlib.import_module(info.name)
assert dict(os.environ) == before_env, set(os.environ.items()) ^ set(before_env.items())
assert os.fstat(2).st_ino == before_fd
assert gc.get_freeze_count() == 0, gc.get_freeze_count()
from migrate.rebuild.runtime import start_keras
start_keras()
assert os.environ["TF_ONEDNN_USE_SYSTEM_ALLOCATOR"] == "1" and gc.get_freeze_count() > 0
print("ok")
"""
    env = {key: value for key, value in __import__("os").environ.items()
           if key not in ("TF_CPP_MIN_LOG_LEVEL", "TF_ONEDNN_USE_SYSTEM_ALLOCATOR")}
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, env=env,
                            timeout=300)
    assert result.returncode == 0 and result.stdout.strip() == "ok", result.stderr[-2000:]
