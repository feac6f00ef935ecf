"""The wild weights-only files (../shared/wild_models) rescued from their repositories' trees with
`--from-code TREE` and no other option. Runs where the trees are checked out as `OWNER+REPO/` folders
under ../shared/wild_repos (or $MIGRATE_WILD_REPOS); skipped otherwise. Each output must load in stock
Keras 3 with safe_mode=True and hold the checkpoint's weights exactly."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

WILD = ROOT.parent / "shared" / "wild_models"
REPOS = Path(os.environ.get("MIGRATE_WILD_REPOS", ROOT.parent / "shared" / "wild_repos"))
# Rescued with no option but --from-code: paired by content, or sliced from the code (values solved).
RESCUED = ["0xDaksh__Credit-Card-Fraud__model.h5", "AFNordal__MNIST_Keras__weights.h5",
           "Benkendorfer__DCTRHunting__models__model.h5", "DavidSanwald__DDQN__weights.h5",
           "IchBinDerBoss__keras_bug__weights.h5", "KalraA__Reinforcement-Toe-Tactics__weights.h5",
           "Labonneguigue__CarND-Behavioral-Cloning-P3__models__weights.h5", "LabZeus__Keras__weights.h5"]
CHECK = """
import sys, h5py, keras, numpy as np
model = keras.saving.load_model(sys.argv[1], safe_mode=True)
layers = {layer.name: layer for layer in model._flatten_layers(include_self=False)}
f = h5py.File(sys.argv[2], "r")
text = lambda v: v.decode() if isinstance(v, bytes) else v
for name in map(text, f.attrs["layer_names"]):
    stored = [np.asarray(f[name][text(w)]) for w in f[name].attrs["weight_names"]]
    ours = [np.asarray(w) for w in layers[name].weights] if stored else []
    assert len(ours) == len(stored) and all(np.array_equal(a, b) for a, b in zip(stored, ours)), name
print("equal")
"""


def _tree(name: str) -> Path | None:
    record = next((r for r in json.loads((WILD / "manifest.json").read_text()) if r.get("name") == name), None)
    tree = REPOS / record["repo"].replace("/", "+") if record else None
    return tree if tree is not None and tree.is_dir() else None


# Rescued once a value no weight shape holds is given with --set (the code read it from data).
RESCUED_WITH = {
    # a memory network of three nested Sequentials: Keras 3 numbers their calls from 0, legacy configs from 1
    "EibrielInv__ice-cream-truck__model.hdf5": ("story_maxlen=30",),
}


@pytest.mark.parametrize("name", [*RESCUED, *RESCUED_WITH])
def test_a_wild_weights_only_file_is_rescued_from_its_tree(tmp_path, name):
    tree = _tree(name) if WILD.is_dir() and REPOS.is_dir() else None
    if tree is None:
        pytest.skip("the wild set or its repository trees are absent")
    out = tmp_path / "out.keras"
    settings = [argument for value in RESCUED_WITH.get(name, ()) for argument in ("--set", value)]
    done = subprocess.run([sys.executable, "-m", "migrate", "convert", str(WILD / "files" / name), "--from-code",
                           str(tree), *settings, "-o", str(out)], capture_output=True, text=True, cwd=ROOT, timeout=900)
    assert done.returncode == 0, done.stderr
    assert "architecture " in done.stdout
    check = subprocess.run([sys.executable, "-c", CHECK, str(out), str(WILD / "files" / name)],
                           capture_output=True, text=True, timeout=600)
    assert check.stdout.strip().endswith("equal"), check.stderr
