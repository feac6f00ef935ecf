"""Make the sample zoo with real legacy Keras: run under each legacy stack (see make_samples.sh).

    python generate.py STACK OUT_DIR

STACK is one of k231, k224, k216, tfk115, tfk23 (standalone Keras 2.3.1 / 2.2.4 / 2.1.6, tf.keras in
TensorFlow 1.15 / 2.3), and k231py27 / k224py36 (Keras 2.3.1 on Python 2.7, Keras 2.2.4 on Python 3.6: their
user-Lambda samples, whose bytecode is each Python's own). Each model is built, compiled, trained a little and saved by that stack's own
code: `multi_gpu_model` is the real one, with its device check patched to report fake GPUs (graph
construction only; the session places everything on the CPU).

Beside every `<name>.h5` it writes `<name>.npz`: `in_*` inputs and `out_*` the stack's own outputs on
them; for compiled models also `step_x_*`, `step_y_*` (one training batch) and `step_out_*` (outputs
on `in_*` after one `train_on_batch` on that batch, taken after the file was saved), so that a
converted model can show training resumes where it stopped. It appends one JSON line per file to
OUT_DIR/samples.jsonl with the versions that made it and what the file should inspect as.

This file must stay importable by Python 2.7 to 3.8 and by every Keras it drives: no f-strings.
"""
from __future__ import print_function

import json
import os
import sys
import platform

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("PYTHONHASHSEED", "0")

import numpy as np

STACK = sys.argv[1]
OUT = sys.argv[2]
TF_KERAS = STACK.startswith("tfk")

import tensorflow as tf

if TF_KERAS:
    keras = tf.keras
    from tensorflow.python.keras.utils import multi_gpu_utils as mgpu_module
    KERAS_VERSION = keras.__version__
else:
    import keras
    KERAS_VERSION = keras.__version__
    if STACK == "k216":
        from keras.utils import training_utils as mgpu_module
    else:
        from keras.utils import multi_gpu_utils as mgpu_module

layers = keras.layers
Model = keras.models.Model
Sequential = keras.models.Sequential
optimizers = keras.optimizers
# tf.keras normalises names of the form '/device:GPU:0', standalone Keras takes '/gpu:0' as it is.
FAKE_DEVICES = ["/device:CPU:0"] + ["/device:GPU:%d" % i for i in range(8)]
if not TF_KERAS:
    FAKE_DEVICES = [name.replace("/device:", "/").lower() for name in FAKE_DEVICES]
mgpu_module._get_available_devices = lambda: list(FAKE_DEVICES)
multi_gpu_model = mgpu_module.multi_gpu_model

BATCH = 8
ROWS = 48


def seed_everything(seed):
    """Fix every random source the stack has, so a rerun makes the same weights."""
    np.random.seed(seed)
    if hasattr(tf, "set_random_seed"):
        tf.set_random_seed(seed)
    else:
        tf.random.set_seed(seed)


def clear():
    keras.backend.clear_session()


# ---------------------------------------------------------------- templates


def template_mlp():
    """Plain functional template: one input, two Dense layers, softmax output."""
    inp = layers.Input(shape=(8,), name="features")
    x = layers.Dense(16, activation="relu", name="hidden")(inp)
    out = layers.Dense(4, activation="softmax", name="probs")(x)
    return Model(inp, out, name="mlp")


def template_multi_io():
    """Two inputs, two outputs of different widths."""
    a = layers.Input(shape=(8,), name="left")
    b = layers.Input(shape=(6,), name="right")
    x = layers.concatenate([layers.Dense(8, activation="tanh")(a), layers.Dense(8, activation="tanh")(b)])
    score = layers.Dense(1, activation="sigmoid", name="score")(x)
    aux = layers.Dense(3, activation="softmax", name="aux")(x)
    return Model([a, b], [score, aux], name="two_towers")


def template_sequential_conv_bn():
    """Sequential template: Conv2D, BatchNormalization, a frozen Conv2D, Dense."""
    model = Sequential(name="convnet")
    model.add(layers.Conv2D(4, (3, 3), input_shape=(8, 8, 1), name="conv_a"))
    model.add(layers.BatchNormalization(name="bn"))
    model.add(layers.Activation("relu"))
    frozen = layers.Conv2D(4, (3, 3), name="conv_frozen")
    frozen.trainable = False
    model.add(frozen)
    model.add(layers.Flatten())
    model.add(layers.Dense(2, activation="softmax", name="head"))
    return model


def template_rnn():
    """Embedding, LSTM, GRU: the recurrent layers whose defaults changed in Keras 3."""
    inp = layers.Input(shape=(10,), dtype="int32", name="tokens")
    x = layers.Embedding(50, 8, name="embed")(inp)
    x = layers.LSTM(8, return_sequences=True, name="lstm")(x)
    x = layers.GRU(6, name="gru")(x)
    out = layers.Dense(3, activation="softmax", name="label")(x)
    return Model(inp, out, name="recurrent")


def template_seq2seq():
    """Encoder-decoder: the decoder LSTM starts from the encoder's states and both read zero-masked
    tokens, so a masked first step must leave the initial state in place (Keras 2's semantics)."""
    src = layers.Input(shape=(10,), dtype="int32", name="source")
    tgt = layers.Input(shape=(7,), dtype="int32", name="target")
    enc = layers.Embedding(50, 8, mask_zero=True, name="src_embed")(src)
    _, state_h, state_c = layers.LSTM(6, return_state=True, name="encoder")(enc)
    dec = layers.Embedding(50, 8, mask_zero=True, name="tgt_embed")(tgt)
    dec = layers.LSTM(6, return_sequences=True, name="decoder")(dec, initial_state=[state_h, state_c])
    out = layers.TimeDistributed(layers.Dense(5, activation="softmax"), name="next_token")(dec)
    return Model([src, tgt], out, name="seq2seq")


def template_cudnn(twin=False):
    """CuDNNLSTM (in a Bidirectional) and CuDNNGRU, or their CPU twins: LSTM/GRU as Keras 2's loader
    read CuDNN weights into them (sigmoid gates, GRU reset_after=True). Biases are random so that
    CuDNN's two bias sets both matter."""
    cudnn = layers if hasattr(layers, "CuDNNLSTM") else tf.compat.v1.keras.layers

    def lstm(**kwargs):
        if twin:
            return layers.LSTM(recurrent_activation="sigmoid", **kwargs)
        return cudnn.CuDNNLSTM(**kwargs)

    def gru(**kwargs):
        if twin:
            return layers.GRU(recurrent_activation="sigmoid", reset_after=True, **kwargs)
        return cudnn.CuDNNGRU(**kwargs)

    tokens = layers.Input(shape=(12,), dtype="int32", name="tokens")
    x = layers.Embedding(50, 8, name="embed")(tokens)
    x = layers.Bidirectional(lstm(units=6, return_sequences=True, bias_initializer="random_uniform"), name="bilstm")(x)
    x = gru(units=5, bias_initializer="random_uniform", name="gru")(x)
    out = layers.Dense(3, activation="softmax", name="label")(x)
    return Model(tokens, out, name="cudnn_rnn")


def template_tf_ops():
    """Raw TensorFlow calls between Keras layers: tf.keras 2.x stored each as a TensorFlowOpLayer."""
    inp = layers.Input(shape=(6,), name="features")
    h = layers.Dense(8, name="hidden")(inp)
    h = tf.nn.relu(h) * 2.0 + tf.reduce_mean(h, axis=-1, keepdims=True)
    h = tf.concat([h, tf.square(h)], axis=-1)
    h = tf.transpose(tf.reshape(h, [-1, 4, 4]), [0, 2, 1])
    h = tf.squeeze(tf.expand_dims(tf.reduce_sum(h, axis=1), -1), axis=-1)
    h = tf.sigmoid(h) - tf.tanh(h) / 3.0
    out = layers.Dense(3, activation="softmax", name="probs")(h)
    return Model(inp, out, name="tf_ops")


def template_broadcast_add(merge="Add"):
    """Add() of a (None, 8) and a (None, 1) tensor: Keras 2 broadcast it; Keras 3's add mistakes the
    second for a bias when the batch size is 8 too."""
    inp = layers.Input(shape=(6,), name="features")
    wide = layers.Dense(8, activation="tanh", name="wide")(inp)
    gate = layers.Dense(1, name="offset")(inp)
    joined = getattr(layers, merge)(name="shifted")([wide, gate])
    out = layers.Dense(3, activation="softmax", name="probs")(joined)
    return Model(inp, out, name="broadcast_add")


def template_with_submodel():
    """A template that calls its own nested functional sub-model."""
    enc_in = layers.Input(shape=(8,), name="enc_in")
    h = layers.Dense(8, activation="relu", name="enc_1")(enc_in)
    h = layers.Dense(5, activation="relu", name="enc_2")(h)
    encoder = Model(enc_in, h, name="encoder")
    inp = layers.Input(shape=(8,), name="x")
    out = layers.Dense(2, activation="linear", name="regress")(encoder(inp))
    return Model(inp, out, name="with_encoder")


def template_siamese():
    """Both outputs come from one shared layer, so the wrapper dedups their names (`embed_1`)."""
    a = layers.Input(shape=(6,), name="query")
    b = layers.Input(shape=(6,), name="candidate")
    shared = layers.Dense(4, activation="tanh", name="embed")
    return Model([a, b], [shared(a), shared(b)], name="siamese")


def template_sequential_dense():
    """Small Sequential: the template older Keras saved as a bare list of layers."""
    model = Sequential()
    model.add(layers.Dense(12, activation="relu", input_shape=(8,)))
    model.add(layers.Dense(3, activation="softmax"))
    return model


# ---------------------------------------------------------------- data


def input_arrays(model, rng, rows):
    """Random inputs shaped for every model input; int inputs stay below the Embedding size."""
    arrays = []
    for t in model.inputs:
        shape = [rows] + [int(d) for d in keras.backend.int_shape(t)[1:]]
        if "int" in str(t.dtype):
            arrays.append(rng.randint(0, 50, size=shape).astype("int32"))
        else:
            arrays.append(rng.uniform(-1, 1, size=shape).astype("float32"))
    return arrays


def target_arrays(model, rng, rows):
    """Targets matching each output: one-hot for softmax-like widths, uniform otherwise."""
    arrays = []
    for t in model.outputs:
        shape = keras.backend.int_shape(t)
        width = int(shape[-1])
        if width > 1:
            steps = [int(d) for d in shape[1:-1]]
            arrays.append(np.eye(width, dtype="float32")[rng.randint(0, width, size=[rows] + steps)])
        else:
            arrays.append(rng.uniform(0, 1, size=(rows, 1)).astype("float32"))
    return arrays


def as_list(x):
    return x if isinstance(x, list) else [x]


def as_feed(arrays):
    """One array for a one-input model: tf.keras 2.3 takes a one-element list for a tuple."""
    return arrays[0] if len(arrays) == 1 else arrays


# ---------------------------------------------------------------- writing


# Samples whose token inputs are left-padded with zeros (the masked value) in the reference rows.
LEFT_PADDED = set()


def reference_inputs(model, name):
    """The in_* arrays for `name`: seeded by the name, so every stack draws its own."""
    arrays = input_arrays(model, np.random.RandomState(sum(map(ord, name))), BATCH)
    if name in LEFT_PADDED:
        for a in arrays:
            for row in range(len(a)):
                a[row, :row % 4] = 0
    return arrays


def write_sample(name, arrays, exercises, fmt="model", depth=0, replicas=(), compiled=False, extra_files=(),
                 converts=True):
    """Write `<name>.npz` and append the manifest line that says what made the file and what it is
    (`converts: false` marks a file convert must refuse, with the reason it documents)."""
    np.savez(os.path.join(OUT, name + ".npz"), **arrays)
    line = {
        "file": name + ".h5", "stack": STACK, "python": platform.python_version(),
        "tensorflow": tf.__version__, "keras": KERAS_VERSION, "exercises": exercises,
        "format": fmt, "wrapper_depth": depth, "replicas": list(replicas),
        "compiled": compiled, "extra_files": list(extra_files),
    }
    if not converts:
        line["converts"] = False
    with open(os.path.join(OUT, "samples.jsonl"), "a") as f:
        f.write(json.dumps(line, sort_keys=True) + "\n")
    print("made", name, fmt, "depth", depth, "replicas", list(replicas))


def predict_arrays(model, name):
    """in_* and out_*: the stack's own outputs on the reference inputs."""
    inputs = reference_inputs(model, name)
    outputs = as_list(model.predict(as_feed(inputs), batch_size=BATCH))
    arrays = dict(("in_%d" % i, a) for i, a in enumerate(inputs))
    arrays.update(("out_%d" % i, np.asarray(a)) for i, a in enumerate(outputs))
    return arrays


def step_arrays(model, name):
    """One more training step: the batch (step_x_*, step_y_*) and outputs on in_* after it."""
    step_rng = np.random.RandomState(7)
    xs = input_arrays(model, step_rng, BATCH)
    ys = target_arrays(model, step_rng, BATCH)
    loss = model.train_on_batch(as_feed(xs), as_feed(ys))
    after = as_list(model.predict(as_feed(reference_inputs(model, name)), batch_size=BATCH))
    arrays = dict(("step_x_%d" % i, a) for i, a in enumerate(xs))
    arrays.update(("step_y_%d" % i, a) for i, a in enumerate(ys))
    arrays.update(("step_out_%d" % i, np.asarray(a)) for i, a in enumerate(after))
    arrays["step_loss"] = np.asarray(as_list(loss)[0], dtype="float64")
    return arrays


def train(model, epochs=2, callbacks=None):
    rng = np.random.RandomState(3)
    model.fit(as_feed(input_arrays(model, rng, ROWS)), as_feed(target_arrays(model, rng, ROWS)),
              batch_size=16, epochs=epochs, verbose=0, callbacks=callbacks or [])


def save_trained(name, model, exercises, depth=0, replicas=()):
    """Save a compiled, trained model; then reload the file with this same stack and take one more
    step: the resume reference is what the legacy stack does when it picks the file up again."""
    path = os.path.join(OUT, name + ".h5")
    model.save(path)
    arrays = predict_arrays(model, name)
    clear()
    arrays.update(step_arrays(keras.models.load_model(path), name))
    write_sample(name, arrays, exercises, depth=depth, replicas=replicas, compiled=True)


def save_uncompiled(name, model, exercises, depth=0, replicas=(), converts=True):
    model.save(os.path.join(OUT, name + ".h5"))
    write_sample(name, predict_arrays(model, name), exercises, depth=depth, replicas=replicas, converts=converts)


# ---------------------------------------------------------------- the zoo per stack


def wrap(template, gpus, **kwargs):
    return multi_gpu_model(template, gpus=gpus, **kwargs)


def make_full_wrappers(prefix):
    """Wrappers saved whole with `save()`: the files users can no longer load."""
    seed_everything(1)
    w = wrap(template_mlp(), 2)
    w.compile(optimizer=optimizers.Adam(lr=0.01), loss="categorical_crossentropy", metrics=["accuracy"])
    train(w)
    save_trained(prefix + "_mgpu2_mlp_adam", w, "wrapper gpus=2, functional template, Adam state", 1, [2])
    clear()

    seed_everything(2)
    w = wrap(template_multi_io(), 3)
    w.compile(optimizer=optimizers.Adam(lr=0.005, decay=1e-3),
              loss={"score": "binary_crossentropy", "aux": "categorical_crossentropy"},
              loss_weights={"score": 1.0, "aux": 0.5}, metrics=["accuracy"])
    train(w)
    save_trained(prefix + "_mgpu3_multi_io", w,
                 "wrapper gpus=3 (uneven slices), 2 inputs 2 outputs, loss weights, Adam with decay", 1, [3])
    clear()


def make_k231_extras(prefix):
    """The rest of the wrapper shapes, made with the newest standalone Keras."""
    seed_everything(3)
    w = wrap(template_sequential_conv_bn(), 4)
    w.compile(optimizer=optimizers.SGD(lr=0.05, momentum=0.9, decay=1e-4, nesterov=True), loss="categorical_crossentropy")
    train(w)
    save_trained(prefix + "_mgpu4_seq_conv_bn", w,
                 "wrapper gpus=4, Sequential template, Conv2D, BatchNormalization, frozen layer, SGD momentum+decay",
                 1, [4])
    clear()

    seed_everything(4)
    w = wrap(template_rnn(), 8)
    w.compile(optimizer=optimizers.RMSprop(lr=0.01), loss="categorical_crossentropy")
    train(w)
    save_trained(prefix + "_mgpu8_rnn", w, "wrapper gpus=8, Embedding, LSTM, GRU (reset_after=False), RMSprop", 1, [8])
    clear()

    seed_everything(5)
    w = wrap(template_mlp(), [0, 1], cpu_merge=False)
    save_uncompiled(prefix + "_mgpu_ids_nomerge", w, "wrapper gpus=[0, 1], cpu_merge=False, uncompiled", 1, [2])
    clear()

    seed_everything(6)
    w = wrap(template_mlp(), 2, cpu_relocation=True)
    w.compile(optimizer=optimizers.SGD(lr=0.1), loss="mse")
    train(w)
    save_trained(prefix + "_mgpu2_relocated", w, "wrapper gpus=2, cpu_relocation=True (cloned template), SGD", 1, [2])
    clear()

    seed_everything(7)
    w = wrap(template_with_submodel(), 2)
    w.compile(optimizer=optimizers.Adam(lr=0.01), loss="mse")
    train(w)
    save_trained(prefix + "_mgpu2_submodel", w, "wrapper gpus=2, template containing a nested sub-model", 1, [2])
    clear()

    seed_everything(8)
    w = wrap(template_siamese(), 2)
    w.compile(optimizer=optimizers.Adam(lr=0.01), loss="mse")
    train(w)
    save_trained(prefix + "_mgpu2_siamese", w,
                 "wrapper gpus=2, Siamese template: both outputs from one layer (merged as embed_1, embed_2)", 1, [2])
    clear()


def make_seq2seq(prefix):
    """A wrapped encoder-decoder whose reference rows start with 0 to 3 masked steps."""
    name = prefix + "_mgpu2_seq2seq_mask"
    LEFT_PADDED.add(name)
    seed_everything(9)
    w = wrap(template_seq2seq(), 2)
    w.compile(optimizer=optimizers.Adam(lr=0.01), loss="categorical_crossentropy")
    train(w)
    save_trained(name, w, "wrapper gpus=2, seq2seq: mask_zero Embeddings, LSTM return_state feeding the "
                 "decoder's initial_state, TimeDistributed, left-padded reference inputs", 1, [2])
    clear()


def make_cudnn(prefix):
    """A gpus=2 wrapper of CuDNN layers, saved untrained (CuDNN kernels cannot run on this CPU; only
    TensorFlow 2's eager saving never runs them, so tf.keras 2.3 makes this one). The reference is
    what the legacy stack computes on a CPU: the LSTM/GRU twin of the template, given the file's
    weights through tf.keras's own `preprocess_weights_for_loading` (which converts CuDNN weights)."""
    import h5py
    from tensorflow.python.keras.saving import hdf5_format

    name = prefix + "_mgpu2_cudnn"
    seed_everything(12)
    path = os.path.join(OUT, name + ".h5")
    template = template_cudnn()
    wrap(template, 2).save(path)
    clear()
    twin = template_cudnn(twin=True)
    with h5py.File(path, "r") as f:
        group = f["model_weights"]["cudnn_rnn"]
        arrays = [np.asarray(group[n]) for n in group.attrs["weight_names"]]
    for layer in twin.layers:  # all weights are trainable: the nested group lists them layer by layer
        count = len(layer.weights)
        if count:
            layer.set_weights(hdf5_format.preprocess_weights_for_loading(layer, arrays[:count]))
            arrays = arrays[count:]
    assert not arrays
    write_sample(name, predict_arrays(twin, name), "wrapper gpus=2, Bidirectional(CuDNNLSTM) and CuDNNGRU, "
                 "uncompiled; reference: the LSTM/GRU twin given the file's weights by tf.keras's loader",
                 depth=1, replicas=[2])
    clear()


def make_tf_ops(prefix):
    """A gpus=2 wrapper whose template calls TensorFlow ops directly (TensorFlowOpLayer)."""
    seed_everything(13)
    w = wrap(template_tf_ops(), 2)
    w.compile(optimizer=optimizers.Adam(lr=0.01), loss="categorical_crossentropy")
    train(w)
    save_trained(prefix + "_mgpu2_tf_ops", w, "wrapper gpus=2, template calling tf.nn.relu, tf.reduce_mean, tf.concat, "
                 "tf.reshape, tf.transpose, ... between layers (TensorFlowOpLayer), Adam", 1, [2])
    clear()


def make_broadcast_add(prefix):
    """A plain model whose Add broadcasts a (None, 1) tensor over a (None, 8) one."""
    seed_everything(14)
    m = template_broadcast_add()
    m.compile(optimizer=optimizers.Adam(lr=0.01), loss="categorical_crossentropy")
    train(m)
    save_trained(prefix + "_plain_broadcast_add", m, "plain functional model, Add() broadcasting (None, 1) over "
                 "(None, 8), Adam")
    clear()

    seed_everything(15)
    m = template_broadcast_add("Average")
    save_uncompiled(prefix + "_plain_broadcast_average", m, "plain functional model, Average() broadcasting (None, 1) "
                    "over (None, 8), uncompiled")
    clear()


def template_bidirectional_backward():
    """A Bidirectional given its own backward layer (tf.keras's `backward_layer`; standalone Keras 2.3.1 has
    none): the forward LSTM keeps Keras 2's hard_sigmoid gates (their weights need rescaling for Keras 3), the backward one uses sigmoid
    (its weights must stay as they are)."""
    inputs = layers.Input((6, 3), name="seq")
    forward = layers.LSTM(5, recurrent_activation="hard_sigmoid")
    backward = layers.LSTM(5, recurrent_activation="sigmoid", go_backwards=True)
    x = layers.Bidirectional(forward, backward_layer=backward, name="bidi")(inputs)
    outputs = layers.Dense(3, activation="softmax", name="probs")(x)
    return Model(inputs, outputs, name="bidi_backward")


def make_bidirectional_backward(prefix):
    """A gpus=2 wrapper of a Bidirectional whose explicit backward layer is not a copy of its forward one."""
    seed_everything(16)
    w = wrap(template_bidirectional_backward(), 2)
    w.compile(optimizer=optimizers.Adam(lr=0.01), loss="categorical_crossentropy")
    train(w)
    save_trained(prefix + "_mgpu2_bidi_backward", w, "wrapper gpus=2, Bidirectional with its own backward_layer: "
                 "forward LSTM hard_sigmoid gates, backward LSTM sigmoid gates, Adam", 1, [2])
    clear()


def make_nested(prefix, levels):
    """Nest wrappers the way users did: train, save, load_model, wrap again, train, save."""
    seed_everything(10 + len(levels))
    model = template_mlp()
    for depth, gpus in enumerate(levels, start=1):
        model = wrap(model, gpus)
        model.compile(optimizer=optimizers.Adam(lr=0.01), loss="categorical_crossentropy")
        train(model, epochs=1)
        path = os.path.join(OUT, "_level.h5")
        model.save(path)
        clear()
        model = keras.models.load_model(path)
        os.remove(path)
    name = "%s_nested%d" % (prefix, len(levels))
    save_trained(name, model, "%d-level nesting (save, load_model, multi_gpu_model again), gpus %s inner to outer"
                 % (len(levels), list(levels)), len(levels), list(reversed(levels)))
    clear()


def make_weights_only(prefix, template_fn, tag, exercises):
    """`save_weights` of a wrapper, with the template's JSON beside it: 'a weight file containing 1 layers'."""
    seed_everything(20)
    template = template_fn()
    w = wrap(template, 2)
    w.compile(optimizer=optimizers.Adam(lr=0.01), loss="categorical_crossentropy")
    train(w)
    name = "%s_%s" % (prefix, tag)
    w.save_weights(os.path.join(OUT, name + ".h5"))
    with open(os.path.join(OUT, name + ".json"), "w") as f:
        f.write(template.to_json())
    write_sample(name, predict_arrays(w, name), exercises, fmt="weights", depth=1, replicas=[2],
                 extra_files=[name + ".json"])
    clear()


def make_checkpoint(prefix):
    """ModelCheckpoint(save_weights_only=True) on a wrapper, as Keras' own callback wrote it."""
    seed_everything(21)
    template = template_mlp()
    w = wrap(template, 2)
    w.compile(optimizer=optimizers.SGD(lr=0.05, momentum=0.9), loss="categorical_crossentropy")
    name = prefix + "_checkpoint_weights"
    ckpt = keras.callbacks.ModelCheckpoint(os.path.join(OUT, name + ".h5"), save_weights_only=True)
    train(w, epochs=1, callbacks=[ckpt])
    with open(os.path.join(OUT, name + ".json"), "w") as f:
        f.write(template.to_json())
    write_sample(name, predict_arrays(w, name),
                 "ModelCheckpoint(save_weights_only=True) of a gpus=2 wrapper, template JSON beside it",
                 fmt="weights", depth=1, replicas=[2], extra_files=[name + ".json"])
    clear()


def template_channels_first_2d():
    """Theano-era image Sequential, every spatial layer channels_first (C, H, W): convolutions of each kind,
    BatchNormalization on axis 1, pooling, padding, cropping, upsampling, and a Flatten into Dense whose
    weight rows follow the (C, H, W) order."""
    cf = "channels_first"
    model = Sequential(name="theano_convnet")
    model.add(layers.Conv2D(4, (3, 3), padding="same", data_format=cf, input_shape=(3, 12, 12), name="conv_a"))
    model.add(layers.BatchNormalization(axis=1, name="bn"))
    model.add(layers.Activation("relu"))
    model.add(layers.ZeroPadding2D(((1, 0), (0, 1)), data_format=cf, name="pad"))
    model.add(layers.MaxPooling2D((2, 2), data_format=cf, name="pool_max"))
    model.add(layers.SeparableConv2D(6, (3, 3), padding="same", data_format=cf, name="sep"))
    model.add(layers.DepthwiseConv2D((3, 3), data_format=cf, name="depthwise"))
    model.add(layers.UpSampling2D((2, 2), data_format=cf, name="up"))
    model.add(layers.Cropping2D(((1, 1), (2, 0)), data_format=cf, name="crop"))
    model.add(layers.Conv2DTranspose(3, (3, 3), strides=(2, 2), data_format=cf, name="deconv"))
    model.add(layers.AveragePooling2D((2, 2), data_format=cf, name="pool_avg"))
    model.add(layers.Conv2D(2, (2, 2), strides=(2, 2), data_format=cf, name="conv_b"))
    model.add(layers.Flatten(name="flatten"))
    model.add(layers.Dense(5, activation="softmax", name="head"))
    return model


def template_channels_first_mixed():
    """A functional channels_first model over 1D and 3D data, with global pooling and a concatenation of
    channel axes: the layouts that are neither images nor channels_last."""
    cf = "channels_first"
    seq = layers.Input(shape=(4, 10), name="series")
    a = layers.Conv1D(5, 3, padding="same", data_format=cf, activation="tanh", name="conv1d")(seq)
    a = layers.MaxPooling1D(2, data_format=cf, name="pool1d")(a)
    a = layers.GlobalAveragePooling1D(data_format=cf, name="gap1d")(a)
    vol = layers.Input(shape=(2, 6, 6, 6), name="volume")
    b = layers.Conv3D(3, (3, 3, 3), data_format=cf, activation="relu", name="conv3d")(vol)
    b = layers.BatchNormalization(axis=1, name="bn3d")(b)
    b = layers.AveragePooling3D((2, 2, 2), data_format=cf, name="pool3d")(b)
    b = layers.UpSampling3D((2, 1, 1), data_format=cf, name="up3d")(b)
    b = layers.Flatten(name="flat3d")(b)
    out = layers.Dense(3, name="head")(layers.Concatenate(name="join")([a, b]))
    maps = layers.Conv3D(2, (1, 1, 1), data_format=cf, name="maps")(vol)
    return Model([seq, vol], [out, maps], name="theano_mixed")


def make_channels_first(prefix):
    """channels_first models as Theano-era code wrote them (saved here on TensorFlow, whose Keras 2 backend
    transposes to channels_last around each CPU kernel): one trained Sequential, one uncompiled functional."""
    seed_everything(41)
    m = template_channels_first_2d()
    m.compile(optimizer=optimizers.SGD(lr=0.01, momentum=0.9), loss="categorical_crossentropy")
    train(m)
    save_trained(prefix + "_channels_first_conv", m,
                 "channels_first Sequential: Conv2D, SeparableConv2D, DepthwiseConv2D, Conv2DTranspose, "
                 "BatchNormalization(axis=1), pooling, padding, cropping, upsampling, Flatten into Dense, SGD")
    clear()

    seed_everything(42)
    m = template_channels_first_mixed()
    save_uncompiled(prefix + "_channels_first_mixed", m,
                    "channels_first functional: Conv1D, Conv3D, 1D/3D pooling, UpSampling3D, global pooling, "
                    "2 inputs 2 outputs, uncompiled")
    clear()


def make_plain(prefix):
    """Unwrapped models: uncompiled functional ones, one with a nested sub-model, and a compiled Sequential."""
    seed_everything(30)
    m = template_multi_io()
    save_uncompiled(prefix + "_plain_functional", m, "plain functional model, uncompiled")
    clear()

    seed_everything(32)
    m = template_with_submodel()
    save_uncompiled(prefix + "_plain_submodel", m, "plain functional model calling a nested sub-model, uncompiled")
    clear()

    seed_everything(31)
    m = template_sequential_dense()
    m.compile(optimizer=optimizers.RMSprop(lr=0.01, decay=1e-3), loss="categorical_crossentropy", metrics=["accuracy"])
    train(m)
    save_trained(prefix + "_plain_sequential", m, "plain Sequential, RMSprop with decay")
    clear()


def make_chunked(prefix):
    """Layer names too long for one HDF5 attribute header, so Keras splits `layer_names` into chunks."""
    seed_everything(40)
    model = Sequential(name="long_names")
    model.add(layers.Dense(4, input_shape=(4,), name="d" * 180 + "_first"))
    for i in range(360):
        model.add(layers.Activation("linear", name="a" * 190 + "_%03d" % i))
    save_uncompiled(prefix + "_chunked_names", model,
                    "plain Sequential of 361 layers with 190-character names: Keras writes layer_names0, layer_names1, ...")
    clear()


# ---------------------------------------------------------------- user Lambdas (issue: lift them)

K = keras.backend


def space_to_depth_x2(x):
    """YOLOv2's reorg: a Lambda that imports TensorFlow in its own body."""
    import tensorflow as tf
    return tf.space_to_depth(x, 2)


def running_sum(x):
    """A loop: no exact built-in form is read from this (convert leaves it for the user, with its source)."""
    total = x
    for _ in range(2):
        total = total + x
    return total


def template_lambda_image():
    """Sequential image model with user Lambdas: normalise, crop, reorg, resize, mean over space, l2_normalize."""
    L = layers.Lambda
    return Sequential([
        L(lambda x: x / 255.0 - 0.5, input_shape=(8, 8, 3), name="normalise"),
        L(lambda x: x[:, 1:-1, 2:, :], name="crop"),
        layers.Conv2D(4, (3, 3), activation="relu"),
        L(space_to_depth_x2, name="reorg"),
        L(lambda x: K.resize_images(x, 2, 2, "channels_last"), name="upsample"),
        L(lambda x: K.mean(x, axis=[1, 2]), name="spatial_mean"),
        layers.Dense(3),
        L(lambda x: K.l2_normalize(x, axis=-1), name="l2"),
        layers.Dense(2, activation="softmax"),
    ])


def template_lambda_math():
    """One (6, 4) input, one output per Lambda: elementwise maths, activations, reductions, reshapes, slices,
    `arguments`, a closure and a conditional on an argument."""
    L = layers.Lambda
    scale = 1.5
    inp = layers.Input((6, 4), name="x")
    branches = [
        L(lambda x: K.abs(x), name="absolute")(inp),
        L(lambda x: K.sqrt(K.abs(x) + 1e-3), name="root")(inp),
        L(lambda x: K.exp(-K.square(x)), name="gauss")(inp),
        L(lambda x: K.log(1.0 + K.abs(x)), name="log1p")(inp),
        L(lambda x: K.hard_sigmoid(3 * x), name="hard")(inp),
        L(lambda x: K.tanh(x) * 2 - K.sigmoid(x), name="act_mix")(inp),
        L(lambda x: x ** 3, name="cube")(inp),
        L(lambda x: K.relu(x, max_value=0.5), name="relu_capped")(inp),
        L(lambda x: K.softmax(x), name="softmax")(inp),
        L(lambda x: K.elu(x) + K.softplus(x), name="elu_softplus")(inp),
        L(lambda x: K.sum(x, axis=1, keepdims=True), name="sum_keep")(inp),
        L(lambda x: K.max(x, axis=-1), name="max_last")(inp),
        L(lambda x: K.permute_dimensions(x, (0, 2, 1)), name="permute")(inp),
        L(lambda x: K.squeeze(K.expand_dims(x, -1), -1) * 2, name="expand_squeeze")(inp),
        L(lambda x: K.reshape(x, (-1, 4, 6)), name="reshape")(inp),
        L(lambda x: x[:, :, 1:3], name="channels")(inp),
        L(lambda x: x[:, 0], name="first_step")(inp),
        L(lambda x, factor: x * factor, arguments={"factor": 0.25}, name="arguments")(inp),
        L(lambda x: x * scale - 1, name="closure")(inp),
        L(lambda x, flip: -x if flip else x, arguments={"flip": True}, name="conditional")(inp),
        L(lambda x: K.clip(x, -0.5, 0.5), name="clip")(inp),
    ]
    return Model(inp, branches, name="lambda_math")


def template_lambda_pairs():
    """Two inputs through a shared Dense, then multi-input Lambdas: distances, concatenate, stack, a
    factorisation-machine interaction, maximum/minimum."""
    L = layers.Lambda
    a, b = layers.Input((5,), name="left"), layers.Input((5,), name="right")
    shared = layers.Dense(4, activation="tanh", name="shared")
    ea, eb = shared(a), shared(b)
    l1 = L(lambda t: K.abs(t[0] - t[1]), name="l1")([ea, eb])
    l2 = L(lambda t: K.sqrt(K.sum(K.square(t[0] - t[1]), axis=1, keepdims=True)), name="euclid")([ea, eb])
    cat = L(lambda t: K.concatenate([t[0], t[1] * 2], axis=-1), name="cat")([ea, eb])
    stacked = L(lambda t: K.stack(t, axis=1), name="stacked")([ea, eb])
    fm = L(lambda x: 0.5 * (K.square(K.sum(x, axis=1)) - K.sum(K.square(x), axis=1)), name="fm")(stacked)
    extremes = L(lambda t: K.maximum(t[0], t[1]) + K.minimum(t[0], t[1]) * 0.5, name="extremes")([ea, eb])
    merged = layers.Concatenate()([l1, l2, cat, fm, extremes])
    out = layers.Dense(1, activation="sigmoid", name="same")(merged)
    return Model([a, b], out, name="lambda_pairs")


def make_lambdas(prefix):
    """User Lambdas as people wrote them, on this stack's Python: Sequential, functional, multi-input, wrapped."""
    band = "Python %d.%d" % sys.version_info[:2]
    seed_everything(11)
    model = template_lambda_image()
    model.compile(optimizer=optimizers.Adam(), loss="categorical_crossentropy")
    train(model)
    save_trained(prefix + "_lambda_image", model, "%s user Lambdas in a Sequential: x / 255.0 - 0.5, a crop, "
                 "space_to_depth imported in the body, resize_images, mean over axes, l2_normalize" % band)
    clear()
    seed_everything(12)
    save_uncompiled(prefix + "_lambda_math", template_lambda_math(), "%s user Lambdas, one output each: "
                    "elementwise maths, activations, reductions, reshapes, slices, arguments, a closure, a "
                    "conditional" % band)
    clear()
    seed_everything(13)
    model = template_lambda_pairs()
    model.compile(optimizer=optimizers.Adam(), loss="binary_crossentropy")
    train(model)
    save_trained(prefix + "_lambda_pairs", model, "%s multi-input user Lambdas: L1 and Euclidean distances, "
                 "concatenate, stack, a factorisation-machine term, maximum/minimum" % band)
    clear()
    seed_everything(14)
    template = template_lambda_image()
    wrapper = wrap(template, 2)
    wrapper.compile(optimizer=optimizers.SGD(lr=0.01, momentum=0.9), loss="categorical_crossentropy")
    train(wrapper)
    save_trained(prefix + "_mgpu2_lambda", wrapper, "wrapper gpus=2 around the %s user-Lambda Sequential"
                 % band, depth=1, replicas=(2,))
    clear()


def make_unliftable_lambda(prefix):
    """A user Lambda with a loop: convert stops, shows it, and leaves <stem>_lambdas.py for the user."""
    seed_everything(15)
    inp = layers.Input((4,), name="x")
    hidden = layers.Dense(3, name="dense")(inp)
    out = layers.Lambda(running_sum, name="running_sum")(hidden)
    save_uncompiled(prefix + "_lambda_loop", Model(inp, out), "a user Lambda with a for loop (not liftable: "
                    "convert writes <stem>_lambdas.py)", converts=False)
    clear()


def make_payload_lambda(prefix):
    """Lambdas whose code writes a file when run (the generator runs them once, as Keras 2 did when it
    built the layer; the marker is removed after). migrate must read them as data and refuse them."""
    seed_everything(16)
    inp = layers.Input((4,), name="x")
    opened = layers.Lambda(lambda x: x + 0 * len(open("/tmp/migrate-lambda-payload-ran", "w").name),
                           name="payload_open")(inp)
    shelled = layers.Lambda(lambda x: x * __import__("os").system("touch /tmp/migrate-lambda-payload-ran"),
                            name="payload_shell")(opened)
    save_uncompiled(prefix + "_lambda_payload", Model(inp, shelled), "Lambdas that write a file if run "
                    "(open(), os.system): read as data, refused, and the file never appears", converts=False)
    if os.path.exists("/tmp/migrate-lambda-payload-ran"):
        os.remove("/tmp/migrate-lambda-payload-ran")
    clear()


def main():
    if not os.path.isdir(OUT):
        os.makedirs(OUT)
    if len(sys.argv) > 3:
        # Named makers only (e.g. `generate.py k231 OUT make_seq2seq`): add one sample without redoing the rest.
        for maker in sys.argv[3:]:
            globals()[maker](STACK)
        return
    if STACK in ("k231py27", "k224py36"):
        make_lambdas(STACK)
    elif STACK == "k231":
        make_full_wrappers(STACK)
        make_k231_extras(STACK)
        make_seq2seq(STACK)
        make_broadcast_add(STACK)
        make_nested(STACK, [2, 2])
        make_nested(STACK, [2, 2, 4])
        make_nested(STACK, [2] * 8)
        make_weights_only(STACK, template_mlp, "weights_only", "save_weights of a gpus=2 wrapper, template JSON beside it")
        make_checkpoint(STACK)
        make_plain(STACK)
        make_chunked(STACK)
        make_lambdas(STACK)
        make_unliftable_lambda(STACK)
        make_payload_lambda(STACK)
        make_channels_first(STACK)
    elif STACK == "k224":
        make_full_wrappers(STACK)
        make_plain(STACK)
    elif STACK == "k216":
        # Wrappers of 2.0.9 to 2.1.6 cannot be saved whole (their Lambda closes over tensorflow).
        make_weights_only(STACK, template_sequential_dense, "weights_only_seq",
                          "save_weights of a wrapper around a list-style Sequential template")
        make_plain(STACK)
    elif STACK in ("tfk115", "tfk23"):
        make_full_wrappers(STACK)
        make_plain(STACK)
        if STACK == "tfk23":
            make_cudnn(STACK)
            make_tf_ops(STACK)
            make_bidirectional_backward(STACK)
    else:
        raise SystemExit("unknown stack " + STACK)


if __name__ == "__main__":
    main()
