# The wrapper chosen by a conditional expression on a GPU count from the command line.
import argparse
import os
import sys

import numpy as np
from keras.layers import Conv1D, Dense, GlobalMaxPooling1D
from keras.models import Sequential, load_model
from keras.utils import multi_gpu_model


def main(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--gpus", type=int, default=2)
    parser.add_argument("--batch", type=int, default=4)
    args = parser.parse_args(argv)
    model = Sequential([
        Conv1D(4, 3, activation="relu", input_shape=(10, 2)),
        GlobalMaxPooling1D(),
        Dense(1, activation="sigmoid"),
    ])
    train_model = multi_gpu_model(model, gpus=args.gpus) if args.gpus > 1 else model
    train_model.compile(optimizer="adam", loss="binary_crossentropy", metrics=["accuracy"])
    train_model.fit(np.random.rand(24, 10, 2), np.random.randint(0, 2, (24, 1)), epochs=1,
                    batch_size=args.batch * args.gpus, verbose=0)
    model.save(os.path.join(args.out, "model.h5"))
    load_model(os.path.join(args.out, "model.h5"))


if __name__ == "__main__":
    main(sys.argv[1:])
    print("ok")
