"""Make the tf.keras 2.x container fixtures: a SavedModel directory and a Keras 2.x `.keras` zip.

Run with tf_keras importable next to the venv's TensorFlow (it is not a dependency of migrate):

    pip install --no-deps --target /tmp/tfk tf-keras==2.21.0
    PYTHONPATH=/tmp/tfk TF_USE_LEGACY_KERAS=1 .venv/bin/python tests/read/containers/generate.py

Each model is trained one step (so the optimizer holds state), then its outputs on fixed inputs are
saved beside it as `<name>.npz` (`in_*`, `out_*`), the reference convert is checked against.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import tf_keras as keras

HERE = Path(__file__).parent


def sequential_mlp() -> keras.Model:
    """Flatten, Dense, BatchNormalization (non-trainable state), Dense: the layers a SavedModel maps."""
    model = keras.Sequential([keras.layers.Flatten(input_shape=(3, 4)), keras.layers.Dense(8, activation="relu"),
                              keras.layers.BatchNormalization(), keras.layers.Dense(3, activation="softmax")])
    model.compile(optimizer="adam", loss="sparse_categorical_crossentropy", metrics=["accuracy"])
    return model


def functional_nested() -> keras.Model:
    """A Functional model with an LSTM (weights in its cell), a Bidirectional (forward/backward layers) and a
    nested Sequential holding a BatchNormalization: the tracking paths a `.keras` zip stores weights by."""
    inputs = keras.Input((5, 2), name="series")
    x = keras.layers.LSTM(4, return_sequences=True)(inputs)
    x = keras.layers.Bidirectional(keras.layers.GRU(3))(x)
    head = keras.Sequential([keras.layers.Dense(6, activation="tanh", input_shape=(6,)),
                             keras.layers.BatchNormalization(), keras.layers.Dense(2)], name="head")
    model = keras.Model(inputs, head(x), name="nested")
    model.compile(optimizer="adam", loss="mse")
    return model


def trained(model: keras.Model, seed: int) -> tuple[keras.Model, np.ndarray]:
    rng = np.random.default_rng(seed)
    shape = (8, *model.inputs[0].shape[1:])
    x = rng.normal(size=shape).astype("float32")
    y = rng.integers(0, 3, 8) if model.loss == "sparse_categorical_crossentropy" else rng.normal(size=(8, 2))
    model.fit(x, y, epochs=1, batch_size=8, verbose=0)
    return model, rng.normal(size=(4, *shape[1:])).astype("float32")


def main() -> None:
    model, inputs = trained(sequential_mlp(), 0)
    target = HERE / "tfkeras_savedmodel"
    shutil.rmtree(target, ignore_errors=True)
    model.save(target, save_format="tf")
    np.savez(HERE / "tfkeras_savedmodel.npz", in_0=inputs, out_0=model.predict(inputs, verbose=0))
    model, inputs = trained(functional_nested(), 1)
    model.save(HERE / "tfkeras_nested.keras")
    np.savez(HERE / "tfkeras_nested.npz", in_0=inputs, out_0=model.predict(inputs, verbose=0))


if __name__ == "__main__":
    main()
