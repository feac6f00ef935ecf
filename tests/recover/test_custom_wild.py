"""Real files whose custom classes are defined in their own repositories: each converts with `--from-code TREE`
alone, reproduces the reference its writing stack made with the repository's class, and the written .keras
loads in a fresh stock Keras 3 (safe mode) with nothing but `import <stem>_custom`.

Third-party material, never committed: the files, references and manifest under `../holdout/custom/` (or
`MIGRATE_CUSTOM_HOLDOUT`), the repositories' trees where the manifest says; skipped where absent.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.conftest import ROOT

HOLDOUT = Path(os.environ.get("MIGRATE_CUSTOM_HOLDOUT", ROOT.parent / "holdout" / "custom"))
MANIFEST = HOLDOUT / "manifest.json"
ENTRIES = json.loads(MANIFEST.read_text()) if MANIFEST.is_file() else []


@pytest.mark.skipif(not ENTRIES, reason=f"no hold-out of custom-class files at {HOLDOUT}")
@pytest.mark.parametrize("entry", ENTRIES, ids=[Path(e["file"]).name for e in ENTRIES])
def test_a_real_file_converts_with_its_repository_classes_and_reproduces(entry, tmp_path):
    source, tree, reference = HOLDOUT / entry["file"], Path(entry["tree"]), HOLDOUT / entry["ref"]
    if not (source.exists() and tree.is_dir() and reference.exists()):
        pytest.skip(f"{entry['file']}: file, tree or reference absent")
    out = tmp_path / "model.keras"
    done = subprocess.run([sys.executable, "-m", "migrate", "convert", source, "-o", out, "--from-code", tree,
                           "--reference", reference], capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert re.search(r"custom classes (and functions )?from code:", done.stdout) and "from the reference" in done.stdout
    assert "left out of the compile settings" not in done.stdout  # ssabrut's contrastive_loss: from the code too
    module = next(tmp_path.glob("*_custom.py")).stem
    reload = textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {str(tmp_path)!r})
        import numpy as np, keras, {module}
        model = keras.saving.load_model({str(out)!r}, safe_mode=True, compile=False)
        ref = np.load({str(reference)!r})
        inputs = [ref[f"in_{{i}}"] for i in range(sum(k.startswith("in_") for k in ref.files))]
        expected = [ref[f"out_{{i}}"] for i in range(sum(k.startswith("out_") for k in ref.files))]
        got = model.predict(inputs if len(inputs) > 1 else inputs[0], verbose=0)
        got = got if isinstance(got, (list, tuple)) else [got]
        print(all(np.all(np.abs(g - e) <= 1e-4 + 1e-6 * np.abs(e)) for g, e in zip(got, expected)), "migrate" in sys.modules)
    """)
    loaded = subprocess.run([sys.executable, "-I", "-c", reload], capture_output=True, text=True, timeout=300,
                            cwd=tmp_path)
    assert loaded.returncode == 0, loaded.stderr
    assert loaded.stdout.split()[-2:] == ["True", "False"]
