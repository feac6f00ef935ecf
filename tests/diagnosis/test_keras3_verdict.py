"""The Keras 3 verdict, checked against what stock Keras 3 actually does with every file we have."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from migrate.diagnosis import inspect_file
from migrate.diagnosis.keras3_layers import KERAS3_LAYER_CLASSES
from tests.conftest import REAL_FILES, SAMPLES, reference_for


@pytest.fixture(scope="module")
def keras3_behaviour():
    files = sorted(SAMPLES.glob("*.h5")) + REAL_FILES
    pairs = [(str(path), str(ref) if (ref := reference_for(path)) else None) for path in files]
    oracle = Path(__file__).with_name("keras3_oracle.py")
    result = subprocess.run([sys.executable, str(oracle), json.dumps(pairs)], capture_output=True, text=True,
                            timeout=900, check=True)
    return json.loads(result.stdout.strip().splitlines()[-1])


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
