"""channels_first convolutions rebuilt channels_last between two Permutes: which layers, which axes, and that a
converted Theano-era model converts and verifies with oneDNN off (TensorFlow's own kernels refuse NCHW)."""

from __future__ import annotations

import os
import subprocess
import sys

import keras
import numpy as np

from migrate.rebuild.layout import ChannelsLastCall, channels_last_twin
from migrate.translate import TranslatedLayer
from tests.conftest import ROOT, sample


def conv(class_name="Conv2D", data_format="channels_first", **config):
    return {"class_name": class_name, "config": {"name": "c", "data_format": data_format, **config}}


def test_only_channels_first_convolutions_get_a_twin():
    assert channels_last_twin(TranslatedLayer("Conv2D", conv()["config"])).layer.config["data_format"] == "channels_last"
    assert channels_last_twin(TranslatedLayer("Conv2D", conv(data_format="channels_last")["config"])) is None
    assert channels_last_twin(TranslatedLayer("MaxPooling2D", {"data_format": "channels_first"})) is None
    assert channels_last_twin(TranslatedLayer("Conv3DTranspose", conv()["config"])).spatial == 3


def test_a_bidirectional_merges_after_the_permutes():
    twin = channels_last_twin(TranslatedLayer("Bidirectional", {"layer": conv("ConvLSTM2D"), "merge_mode": "concat"}))
    assert twin.merge == "concat" and twin.layer.config["merge_mode"] is None
    assert twin.layer.config["layer"]["config"]["data_format"] == "channels_last"
    with_states = conv("ConvLSTM2D", return_state=True)
    assert channels_last_twin(TranslatedLayer("Bidirectional", {"layer": with_states})) is None


def test_the_permutes_reproduce_the_channels_first_layer():
    x = np.random.default_rng(0).normal(size=(2, 3, 7, 5)).astype("float32")
    legacy = keras.layers.Conv2D(4, 3, data_format="channels_first", name="legacy")
    legacy.build(x.shape)
    expected = _channels_first_outputs(legacy, x)
    twin = keras.layers.Conv2D(4, 3, data_format="channels_last", name="twin")
    call = ChannelsLastCall(twin, channels_last_twin(TranslatedLayer("Conv2D", conv()["config"])), set())
    inputs = keras.Input((3, 7, 5))
    model = keras.Model(inputs, call(inputs))
    twin.set_weights(legacy.get_weights())
    got = np.asarray(model(x))
    assert got.shape == (2, 4, 5, 3)
    assert [layer.name for layer in model.layers[1:]] == ["twin_to_channels_last", "twin", "twin_to_channels_first"]
    if expected is not None:
        np.testing.assert_array_equal(got, expected)


def _channels_first_outputs(layer, x):
    """The layer's own channels_first outputs, where this CPU's kernels run them (oneDNN on; not otherwise)."""
    try:
        return np.asarray(layer(x))
    except Exception:  # TensorFlow without oneDNN: "UnimplementedError ... NHWC" (the reason for the twin)
        return None


def test_a_channels_first_sample_converts_and_verifies_with_onednn_off(tmp_path):
    env = {**os.environ, "TF_ENABLE_ONEDNN_OPTS": "0"}
    done = subprocess.run([sys.executable, "-m", "migrate", "convert", str(sample("k231_channels_first_conv.h5")), "-o",
                           str(tmp_path / "cf.keras")], capture_output=True, text=True, cwd=ROOT, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "run as channels_last between two Permutes" in done.stdout and "max abs difference" in done.stdout
