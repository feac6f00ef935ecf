"""`.keras` zips of Keras 2.13 and 2.14: layers saved under `_layer_checkpoint_dependencies/`, and Keras 2.13's
tracking names counted twice for every layer with weights."""

from __future__ import annotations

import os
import zipfile
from pathlib import Path

import h5py
import numpy as np
import pytest

from migrate.read import read_model_file
from migrate.read.keras_zip import Layout, _model_layers
from tests.conftest import ROOT

# A real Keras 2.14 zip (Alex-Elias/hit-song @ 7722f18dc4d73b4264006c8054294ef04de95879: `model.keras`, a
# Sequential of three Dense layers under `_layer_checkpoint_dependencies/`, with Adam state and metric
# variables). Files fetched from public repositories are not committed here: the two tests that read it look
# for it under ../shared/holdout/ (or $MIGRATE_HOLDOUT) and skip when it is absent.
HOLDOUT = Path(os.environ.get("MIGRATE_HOLDOUT", ROOT.parent / "shared" / "holdout"))
KERAS214 = HOLDOUT / "alex_elias_hit_song_keras214.keras"
needs_keras214 = pytest.mark.skipif(not KERAS214.is_file(), reason=f"no {KERAS214} (a real file, not committed)")


class Dataset:
    """What the reader looks at in an HDF5 dataset: its shape, dtype and path."""

    def __init__(self, name: str, shape: tuple[int, ...]) -> None:
        self.name, self.shape, self.dtype = "/" + name, shape, np.dtype("float32")


def _layers(*entries: tuple[str, str]) -> dict:
    return {"layers": [{"class_name": cls, "config": {"name": name}} for cls, name in entries]}


def test_keras3_and_keras215_layers_still_read_under_layers():
    datasets = {"layers/dense/vars/0": Dataset("layers/dense/vars/0", (4, 2))}
    found = dict(_model_layers(_layers(("InputLayer", "in"), ("Dense", "out")), "layers", datasets))
    assert [w.h5_path for w in found["out"]] == ["/layers/dense/vars/0"]


def test_keras213_counts_a_layer_with_weights_twice():
    # Keras 2.13.1 (AliElgamel9/FastNeuralStyleTransfer): the saver walked `_layer_checkpoint_dependencies`,
    # which lists a layer with weights as `layer_with_weights-k` and `layer-i`, and counted both listings.
    root = "_layer_checkpoint_dependencies"
    datasets = {f"{root}/{group}/vars/0": Dataset(f"{root}/{group}/vars/0", shape) for group, shape in
                [("conv2d", (1, 1, 3, 8)), ("conv2d_2", (1, 1, 8, 4)), ("depthwise_conv2d", (3, 3, 8, 1))]}
    body = _layers(("InputLayer", "input"), ("Conv2D", "expand"), ("ReLU", "relu"),
                   ("DepthwiseConv2D", "depthwise"), ("ReLU", "relu_1"), ("Conv2D", "project"))
    found = dict(_model_layers(body, root, datasets, Layout(root, counts_twice=True)))
    assert {name: [w.shape for w in weights] for name, weights in found.items() if weights} == {
        "expand": [(1, 1, 3, 8)], "depthwise": [(3, 3, 8, 1)], "project": [(1, 1, 8, 4)]}


@needs_keras214
def test_a_keras214_zip_reads_every_weight_under_layer_checkpoint_dependencies():
    file = read_model_file(KERAS214)
    assert (file.container, file.keras_version) == ("keras_zip", "2.14.0")
    paths = {name: [w.h5_path for w in weights] for name, weights in file.layer_weights.items() if weights}
    assert paths == {name: [f"/_layer_checkpoint_dependencies/{name}/vars/{i}" for i in range(2)]
                     for name in ("dense", "dense_1", "dense_2")}
    assert len(file.optimizer_weights) == 1 + 2 * 6  # the step, then m and v of each weight


@needs_keras214
def test_a_keras214_zip_converts_and_computes_what_its_weights_say(tmp_path):
    keras = pytest.importorskip("keras")
    from migrate.convert import ConvertOptions, convert_file

    result = convert_file(KERAS214, ConvertOptions(output=tmp_path / "m.keras"))
    assert result.status == "converted", result.error
    model = keras.saving.load_model(tmp_path / "m.keras", safe_mode=True)
    x = np.random.default_rng(0).uniform(-1, 1, (5, 15)).astype("float32")
    with zipfile.ZipFile(KERAS214) as archive, archive.open("model.weights.h5") as member, h5py.File(member) as h5:
        layers = [[np.asarray(h5[f"_layer_checkpoint_dependencies/{n}/vars/{i}"]) for i in range(2)]
                  for n in ("dense", "dense_1", "dense_2")]
    hidden = np.maximum(x @ layers[0][0] + layers[0][1], 0)
    hidden = np.maximum(hidden @ layers[1][0] + layers[1][1], 0)
    expected = 1 / (1 + np.exp(-(hidden @ layers[2][0] + layers[2][1])))
    np.testing.assert_allclose(model.predict(x, verbose=0), expected, rtol=1e-5, atol=1e-6)
