"""A tf.keras LSTM saved as HDF5 named `.keras` whose outputs overflow on the reload check's inputs (a relu LSTM
with large weights): the converted and reloaded models give the same inf and NaN, which is the same result, not
"the reloaded model's outputs differ from the converted one's"."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from migrate.convert import ConvertOptions, convert_file

SAMPLE = Path(__file__).parent / "tfkeras_lstm" / "lstm_relu_overflow.keras"


def test_an_overflowing_lstm_survives_the_reload_check(tmp_path):
    import keras

    result = convert_file(SAMPLE, ConvertOptions(output=tmp_path / "out.keras"))
    assert result.status == "converted", result.error
    model = keras.saving.load_model(tmp_path / "out.keras", safe_mode=True)
    x = np.random.default_rng(0).uniform(-1, 1, (2, 64, 3)).astype("float32")
    assert not np.isfinite(model.predict(x, verbose=0)).all()  # the case this file is for: it overflows
