"""A whole model saved before it was built holds no weights: refused in one line that says so (found in the wild:
a Keras 3.13 Sequential of Embedding, LSTM, Dense saved unbuilt, which stock Keras 3 cannot load either)."""

from __future__ import annotations

from migrate.convert import ConvertOptions, convert_file


def test_a_model_saved_before_it_was_built_says_there_is_nothing_to_convert(tmp_path):
    import keras

    model = keras.Sequential([keras.layers.Embedding(100, 8, name="embedding"), keras.layers.LSTM(4, name="lstm"),
                              keras.layers.Dense(3, name="dense")])
    model.compile(optimizer="adam", loss="categorical_crossentropy")
    model.save(tmp_path / "unbuilt.h5")
    result = convert_file(tmp_path / "unbuilt.h5", ConvertOptions(output=tmp_path / "out.keras"))
    assert result.status == "failed"
    assert result.error.endswith("a model saved before it was built: its layers 'embedding', 'lstm', 'dense' hold "
                                 "weights in Keras but the file holds none, so there is nothing to convert; build the "
                                 "model (start it with keras.Input, or call it on data), then save it again")
