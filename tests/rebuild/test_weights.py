"""Moving a large weight 16 MiB at a time: it lands bit for bit, and its digest is the variable's own."""

from __future__ import annotations

import h5py
import keras
import numpy as np

from migrate.read import WeightInfo
from migrate.rebuild import weights
from migrate.rebuild.weights import STREAM_ABOVE_BYTES, _assign_exactly, _stream_exactly, row_blocks_for
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


def test_a_small_weight_is_compared_byte_for_byte_and_hashed_once(monkeypatch):
    """Up to the streaming threshold, the read-back settles the move by a memory compare: one digest (the landed
    weight's, for the reload check), not two; larger arrays are still compared by digest (freed before read-back)."""
    hashed = []
    monkeypatch.setattr(weights, "digest_array", lambda array: hashed.append(array.nbytes) or digest_array(array))
    values = np.array([[np.nan, -0.0, np.inf], [1.0, 2.0, 3.0]], np.float32)
    variable = keras.Variable(np.zeros_like(values))
    info = WeightInfo(name="kernel:0", h5_path="kernel", shape=values.shape, dtype="float32")
    landed = _assign_exactly(variable, values.copy(), info, ("dense",))
    assert np.asarray(variable).tobytes() == values.tobytes() and landed == digest_array(values)
    assert hashed == [values.nbytes]
    large = np.ones((STREAM_ABOVE_BYTES // 4 + 1,), np.float32)
    hashed.clear()
    _assign_exactly(keras.Variable(np.zeros_like(large)), large, WeightInfo("b:0", "b", large.shape, "float32"), ("d",))
    assert hashed == [large.nbytes, large.nbytes]


def test_a_scalar_weight_lands_as_a_scalar():
    """Normalization's `count` is 0-d: it must land as one (a copy made contiguous would be 1-d)."""
    variable = keras.Variable(np.int64(0))
    _assign_exactly(variable, np.asarray(np.int64(6789)), WeightInfo("count:0", "count", (), "int64"), ("norm",))
    assert int(np.asarray(variable)) == 6789


def test_a_weight_the_reload_check_will_compare_is_not_read_back_as_it_lands(monkeypatch):
    """A whole model's file is reloaded and every weight compared with the digest the move returns: that digest is
    the assigned array's (what the variable holds), and the variable is not read back for it; without a reload
    (--weights-only) the read-back stays."""
    read_back = []
    monkeypatch.setattr(weights, "to_numpy", lambda value: read_back.append(1) or np.asarray(value))
    values = np.array([[np.nan, -0.0, np.inf], [1.0, 2.0, 3.0]], np.float64)  # cast to the variable's float32
    info = WeightInfo(name="kernel:0", h5_path="kernel", shape=values.shape, dtype="float64")
    variable = keras.Variable(np.zeros(values.shape, np.float32))
    landed = _assign_exactly(variable, values.copy(), info, ("dense",), reloaded=True)
    assert read_back == []
    assert np.asarray(variable).tobytes() == values.astype(np.float32).tobytes()
    assert landed == digest_array(np.asarray(variable.value))
    _assign_exactly(keras.Variable(np.zeros(values.shape, np.float32)), values.copy(), info, ("dense",))
    assert read_back == [1]
