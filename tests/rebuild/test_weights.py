"""Moving a large weight 16 MiB at a time: it lands bit for bit, and its digest is the variable's own."""

from __future__ import annotations

import h5py
import keras
import numpy as np

from migrate.read import WeightInfo
from migrate.rebuild.weights import STREAM_ABOVE_BYTES, _stream_exactly, row_blocks_for
from migrate.verify import digest_array, weight_digests


def test_a_streamed_weight_lands_bit_for_bit_and_its_digest_is_the_variables(tmp_path):
    rows = STREAM_ABOVE_BYTES // (1024 * 4) + 300  # a little over the streaming threshold: two blocks
    values = np.random.default_rng(0).standard_normal((rows, 1024)).astype(np.float32)
    values[0, :3] = [np.nan, -0.0, np.inf]  # bit patterns that == would not tell apart
    with h5py.File(tmp_path / "w.h5", "w") as f:
        f["kernel"] = values
    assert len(row_blocks_for(values.shape, 4)) == 2
    variable = keras.Variable(np.zeros_like(values))
    info = WeightInfo(name="kernel:0", h5_path="kernel", shape=values.shape, dtype="float32")
    with h5py.File(tmp_path / "w.h5", "r") as f:
        landed = _stream_exactly(variable, f["kernel"], info, ("dense",))
    assert np.asarray(variable).tobytes() == values.tobytes()
    assert landed == digest_array(np.asarray(variable.value)) == digest_array(values)


def test_known_digests_are_used_and_the_rest_are_read():
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    kernel, bias = model.weights
    digests = weight_digests(model, {0: "known"})
    assert digests == ("known", digest_array(np.asarray(bias.value)))
