"""The Keras 3 verdict, checked against what stock Keras 3 actually does with every file we have."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from migrate.diagnosis import inspect_file
from migrate.diagnosis.keras3_layers import KERAS3_LAYER_CLASSES
from tests.conftest import REAL_FILES, SAMPLES, reference_for

# The verdict is what stock Keras 3 does on any machine: TensorFlow turns oneDNN on by itself on some CPUs only,
# and a file is as good as the worst of the two.
ONEDNN = ("0", "1")
WORST = ("loads", "wrong", "fails")


@pytest.fixture(scope="module")
def keras3_behaviour(tmp_path_factory):
    """path -> what stock Keras 3 does with it, the worse of oneDNN off and on (both oracles run side by side,
    each writing to its own files: two pipes read one after the other could fill and block)."""
    files = sorted(SAMPLES.glob("*.h5")) + REAL_FILES
    pairs = [(str(path), str(ref) if (ref := reference_for(path)) else None) for path in files]
    oracle = Path(__file__).with_name("keras3_oracle.py")
    folder = tmp_path_factory.mktemp("oracle")
    runs = []
    for onednn in ONEDNN:
        out, err = (folder / f"onednn{onednn}.out").open("w"), (folder / f"onednn{onednn}.err").open("w")
        runs.append((subprocess.Popen([sys.executable, str(oracle), json.dumps(pairs)], stdout=out, stderr=err,
                                      env={**os.environ, "TF_ENABLE_ONEDNN_OPTS": onednn}), out, err))
    found = []
    for run, out, err in runs:
        run.wait(timeout=900)
        out.close(), err.close()
        assert run.returncode == 0, Path(err.name).read_text()[-2000:]
        found.append(json.loads(Path(out.name).read_text().strip().splitlines()[-1]))
    off, on = found
    return {path: max(off[path], on[path], key=WORST.index) for path in off}


def test_predicted_verdict_matches_stock_keras3_on_every_file(keras3_behaviour):
    predicted = {path: inspect_file(path).keras3_verdict for path in keras3_behaviour}
    assert predicted == keras3_behaviour
    assert "loads" in predicted.values() and "fails" in predicted.values()


def test_silently_wrong_files_are_flagged_with_their_cause(keras3_behaviour):
    wrong = [path for path, verdict in keras3_behaviour.items() if verdict == "wrong"]
    if not REAL_FILES:
        pytest.skip("the silently wrong files are in ../shared/real_models")
    assert wrong
    for path in wrong:
        assert any(cause in problem for problem in inspect_file(path).problems
                   for cause in ("hard_sigmoid", "Theano", "broadcasts"))


def test_known_layer_classes_are_keras3s_own():
    import inspect

    import keras

    exported = {name for name, obj in vars(keras.layers).items()
                if inspect.isclass(obj) and issubclass(obj, keras.layers.Layer)}
    assert KERAS3_LAYER_CLASSES <= exported
    assert {"Dense", "LSTM", "Conv2D", "Lambda"} <= KERAS3_LAYER_CLASSES
