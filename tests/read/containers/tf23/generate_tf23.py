"""Make the TF 2.3 SavedModel fixtures: written before keras_metadata.pb existed (TF 2.5), so their Keras
metadata is only in saved_model.pb's object graph. Run with a real TF 2.3 (see README.md), in this folder."""

import numpy as np
import tensorflow as tf
from tensorflow import keras

Normalization = keras.layers.experimental.preprocessing.Normalization


def save(model, name, x):
    model.save(name)
    np.savez(f"{name}.npz", in_0=x, out_0=model.predict(x))


def main():
    np.random.seed(0)
    tf.random.set_seed(0)
    x = np.random.uniform(-1, 1, (8, 4)).astype("float32")
    mlp = keras.Sequential([keras.layers.Dense(6, activation="relu", input_shape=(4,)),
                            keras.layers.BatchNormalization(), keras.layers.Dense(3)])
    mlp.compile("adam", "mse")
    mlp.fit(x, np.zeros((8, 3)), verbose=0)
    save(mlp, "tf23_mlp", x)
    norm = Normalization()
    norm.adapt(x * 3 + 1)
    inputs = keras.Input((4,))
    save(keras.Model(inputs, keras.layers.Dense(2)(norm(inputs))), "tf23_norm", x)
    first = Normalization()  # adapted before the model knew its input: saved with batch_input_shape [None, None]
    first.adapt(x * 2 - 1)
    sequential = keras.Sequential([first, keras.layers.Dense(2)])
    sequential.compile("adam", "mse")
    sequential.fit(x, np.zeros((8, 2)), verbose=0)
    save(sequential, "tf23_norm_seq", x)


if __name__ == "__main__":
    main()
