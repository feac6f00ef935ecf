"""Make the Keras 1 samples with real Keras 1.2.2 (TensorFlow 1.4 backend, Python 3.6); see make_samples.sh.

    python generate_keras1.py k122 OUT_DIR

Keras 1 predates multi_gpu_model, so these are plain models: the files of "plain old Keras 1" that
break too. They exercise Keras 1's `merge` layers (every mode that has a Keras 3 layer but `cos`,
whose (batch, 1, 1) output Keras 1 itself could not concatenate), its
per-gate LSTM and GRU weights (12 and 9 arrays, in Keras 1's i, c, f, o order for LSTM), and a
Sequential built with `Merge` of two branch models. Writes `<name>.npz` (in_*, out_*, and the
step_* resume reference taken after reloading the file) and appends to OUT_DIR/samples.jsonl, like
generate.py. Python 3.6 syntax: no f-strings.
"""
from __future__ import print_function

import json
import os
import platform
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("KERAS_BACKEND", "tensorflow")

import numpy as np
import tensorflow as tf
import keras
from keras.layers import LSTM, GRU, Dense, Embedding, Input, Merge, merge
from keras.models import Model, Sequential

STACK = sys.argv[1]
OUT = sys.argv[2]
BATCH = 8


def seed(value):
    np.random.seed(value)
    tf.set_random_seed(value)


def inputs_for(model, name):
    """Seeded by the name; int inputs stay below the Embedding size, with some zeros."""
    model = getattr(model, "model", model)  # a compiled Sequential keeps its graph in .model
    rng = np.random.RandomState(sum(map(ord, name)))
    arrays = []
    for shape, dtype in zip(model.internal_input_shapes, [t.dtype for t in model.inputs]):
        shape = [BATCH] + [int(d) for d in shape[1:]]
        if "int" in str(dtype.name if hasattr(dtype, "name") else dtype):
            arrays.append(rng.randint(0, 30, size=shape).astype("int32"))
        else:
            arrays.append(rng.uniform(-1, 1, size=shape).astype("float32"))
    return arrays


def batch(model, rng, rows):
    """Inputs and one-hot targets for every input and output of `model`."""
    core = getattr(model, "model", model)
    xs = [rng.uniform(-1, 1, size=[rows] + [int(d) for d in s[1:]]).astype("float32") if "int" not in t.dtype.name
          else rng.randint(0, 30, size=[rows] + [int(d) for d in s[1:]]).astype("int32")
          for s, t in zip(core.internal_input_shapes, core.inputs)]
    ys = [np.eye(int(s[-1]), dtype="float32")[rng.randint(0, int(s[-1]), size=rows)] for s in core.internal_output_shapes]
    return xs, ys


def feed(arrays):
    return arrays if len(arrays) > 1 else arrays[0]


def train(model):
    xs, ys = batch(model, np.random.RandomState(3), 48)
    model.fit(feed(xs), feed(ys), nb_epoch=2, batch_size=16, verbose=0)


def save(name, model, exercises):
    """Save, then reload the file with this same stack and take one more step (the resume reference)."""
    path = os.path.join(OUT, name + ".h5")
    model.save(path)
    ins = inputs_for(model, name)
    outs = model.predict(feed(ins), batch_size=BATCH)
    arrays = dict(("in_%d" % i, a) for i, a in enumerate(ins))
    arrays.update(("out_%d" % i, np.asarray(a)) for i, a in enumerate(outs if isinstance(outs, list) else [outs]))
    keras.backend.clear_session()
    resumed = keras.models.load_model(path)
    xs, ys = batch(resumed, np.random.RandomState(7), BATCH)
    loss = resumed.train_on_batch(feed(xs), feed(ys))
    after = resumed.predict(feed(ins), batch_size=BATCH)
    arrays.update(("step_x_%d" % i, a) for i, a in enumerate(xs))
    arrays.update(("step_y_%d" % i, a) for i, a in enumerate(ys))
    arrays.update(("step_out_%d" % i, np.asarray(a)) for i, a in enumerate(after if isinstance(after, list) else [after]))
    arrays["step_loss"] = np.asarray(loss if np.ndim(loss) == 0 else loss[0], dtype="float64")
    np.savez(os.path.join(OUT, name + ".npz"), **arrays)
    line = {"file": name + ".h5", "stack": STACK, "python": platform.python_version(), "tensorflow": tf.__version__,
            "keras": keras.__version__, "exercises": exercises, "format": "model", "wrapper_depth": 0,
            "replicas": [], "compiled": True, "extra_files": []}
    with open(os.path.join(OUT, "samples.jsonl"), "a") as f:
        f.write(json.dumps(line, sort_keys=True) + "\n")
    print("made", name)
    keras.backend.clear_session()


def make_merges():
    """Functional `merge` in every mode Keras 3 has a layer for, over two inputs."""
    seed(40)
    a = Input(shape=(6,), name="left")
    b = Input(shape=(6,), name="right")
    da = Dense(5, activation="tanh", init="glorot_uniform", name="dense_a")(a)
    db = Dense(5, activation="tanh", name="dense_b")(b)
    parts = [merge([da, db], mode=mode, name="merge_" + mode) for mode in ("sum", "mul", "ave", "max")]
    joined = merge(parts + [merge([da, db], mode="concat", concat_axis=-1, name="merge_concat")], mode="concat",
                   name="merge_all")
    dot = merge([da, db], mode="dot", dot_axes=1, name="merge_dot")
    out = Dense(3, activation="softmax", name="probs")(merge([joined, dot], mode="concat", name="merge_out"))
    model = Model(input=[a, b], output=out, name="merges")
    model.compile(optimizer="adam", loss="categorical_crossentropy")
    train(model)
    save(STACK + "_functional_merge", model, "Keras 1 functional merge: sum, mul, ave, max, concat, dot")


def make_rnn():
    """Embedding -> LSTM (12 per-gate arrays, hard_sigmoid gates) -> GRU (9 arrays) -> Dense."""
    seed(41)
    tokens = Input(shape=(10,), dtype="int32", name="tokens")
    x = Embedding(input_dim=30, output_dim=8, input_length=10, name="embed")(tokens)
    x = LSTM(output_dim=6, return_sequences=True, consume_less="cpu", name="lstm")(x)
    x = GRU(output_dim=5, consume_less="mem", name="gru")(x)
    out = Dense(output_dim=3, activation="softmax", name="label")(x)
    model = Model(input=tokens, output=out, name="recurrent")
    model.compile(optimizer="rmsprop", loss="categorical_crossentropy")
    train(model)
    save(STACK + "_rnn_layouts", model, "Keras 1 LSTM and GRU with per-gate weights (12 and 9 arrays), hard_sigmoid gates")


def make_sequential_merge():
    """The Keras 1 classic: a Sequential whose first layer merges two branch Sequentials."""
    seed(42)
    left = Sequential(name="left_branch")
    left.add(Dense(4, input_dim=6, activation="relu", name="left_dense"))
    right = Sequential(name="right_branch")
    right.add(Dense(3, input_dim=5, activation="relu", name="right_dense"))
    model = Sequential(name="merged")
    model.add(Merge([left, right], mode="concat", name="join"))
    model.add(Dense(2, activation="softmax", name="out"))
    model.compile(optimizer="sgd", loss="categorical_crossentropy")
    train(model)
    save(STACK + "_sequential_merge", model, "Keras 1 Sequential starting with Merge([branch, branch], mode='concat')")


def main():
    if not os.path.isdir(OUT):
        os.makedirs(OUT)
    make_merges()
    make_rnn()
    make_sequential_merge()


if __name__ == "__main__":
    main()
