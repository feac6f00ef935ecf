"""The legacy-names table (migrate/codemod/data/keras_legacy_names.py) is what tools/keras_names_table.py derives
from the legacy stacks and the installed Keras 3, not a hand-kept list: regenerated here where the stacks are
(../shared/tools/make_legacy_venv.sh, make_tfkeras_venv.sh, Keras 2.2.4 and 2.1.6 beside the first;
$MIGRATE_LEGACY37, $MIGRATE_TFKERAS, $MIGRATE_KERAS224, $MIGRATE_KERAS216), it is the
committed file byte for byte. Skipped where they are absent."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.codemod.helpers import legacy_env
from tests.conftest import ROOT

LEGACY37 = Path(os.environ.get("MIGRATE_LEGACY37", "/tmp/legacy37")) / "bin" / "python"
TFKERAS = Path(os.environ.get("MIGRATE_TFKERAS", "/tmp/tfkeras")) / "bin" / "python"
# Keras 2.2.4 (2018's Keras) installed apart for the legacy stack's Python: `/tmp/legacy37/bin/pip install --target
# /tmp/k224 keras==2.2.4 --no-deps` (its other dependencies are the stack's)
KERAS224 = Path(os.environ.get("MIGRATE_KERAS224", "/tmp/k224"))
# Keras 2.1.6 (2017's, the first multi_gpu_model's), the same way: --target /tmp/k216 keras==2.1.6
KERAS216 = Path(os.environ.get("MIGRATE_KERAS216", "/tmp/k216"))
TOOL = ROOT / "tools" / "keras_names_table.py"
TABLE = ROOT / "migrate" / "codemod" / "data" / "keras_legacy_names.py"


@pytest.mark.skipif(not (LEGACY37.exists() and TFKERAS.exists() and (KERAS224 / "keras").exists() and
                             (KERAS216 / "keras").exists()),
                    reason="legacy stacks absent")
def test_the_committed_table_is_what_the_legacy_stacks_give(tmp_path):
    env = legacy_env()
    dumps = []
    for python, root, spelled, path in ((LEGACY37, "keras", "keras", None),
                                        (LEGACY37, "tensorflow.keras", "tensorflow.keras", None),
                                        (TFKERAS, "tf_keras", "tensorflow.keras", None),
                                        (LEGACY37, "keras", "keras", KERAS224),
                                        (LEGACY37, "keras", "keras", KERAS216)):
        dumps.append(str(tmp_path / f"{root}{len(dumps)}.json"))
        extra = {"PYTHONPATH": str(path)} if path else {}
        subprocess.run([str(python), str(TOOL), "dump", root, spelled, dumps[-1]], check=True, capture_output=True,
                       env={**env, **extra}, timeout=600)
    out = tmp_path / "table.py"
    subprocess.run([sys.executable, str(TOOL), "build", "--out", str(out), *dumps], check=True, capture_output=True,
                   env=env, timeout=600)
    assert out.read_text() == TABLE.read_text()
