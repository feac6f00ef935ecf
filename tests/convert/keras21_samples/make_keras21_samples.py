"""Real Keras 2.1.6 files with the legacy Merge layer (see README.md); run with Keras 2.1.6 on TF 1.15."""

import numpy as np
from keras.layers import Dense, Input, Merge, merge
from keras.models import Model, Sequential


def save(model, name, inputs):
    """The whole model, its weights alone, its to_json() and Keras 2.1.6's outputs on `inputs`."""
    model.save(f"{name}.h5")
    model.save_weights(f"{name}_weights.h5")
    with open(f"{name}.json", "w") as handle:
        handle.write(model.to_json())
    np.savez(f"{name}.npz", in_0=inputs[0], in_1=inputs[1], out_0=model.predict(inputs))


def main():
    np.random.seed(0)
    branch_a = Sequential([Dense(4, input_shape=(3,), activation="tanh")])
    branch_b = Sequential([Dense(4, input_shape=(5,), activation="relu")])
    sequential = Sequential([Merge([branch_a, branch_b], mode="concat"), Dense(2)])
    x1 = np.random.uniform(-1, 1, (6, 3)).astype("float32")
    x2 = np.random.uniform(-1, 1, (6, 5)).astype("float32")
    save(sequential, "k21_seq_merge", [x1, x2])
    i1, i2 = Input((3,)), Input((3,))
    summed = merge([Dense(4)(i1), Dense(4)(i2)], mode="sum")
    functional = Model([i1, i2], Dense(2)(summed))
    y2 = np.random.uniform(-1, 1, (6, 3)).astype("float32")
    save(functional, "k21_fun_merge", [x1, y2])


if __name__ == "__main__":
    main()
