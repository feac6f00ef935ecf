"""Every sample converts, reproduces its legacy outputs, and resumes training where it stopped."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from migrate.verify import within
from tests.conftest import sample, sample_params

# Per-replica BatchNormalization statistics: a wrapper normalised each GPU's slice on its own during
# training, so its step is not the one a single model takes on the whole batch (inference is the same).
HARD_SIGMOID_STEP = ("hard_sigmoid gates kept exact by scaling their weights by 1.2: an Adam or RMSprop step is not "
                     "invariant to that rescaling, so no carried state could resume it exactly")
STEP_DIFFERS = {
    "k231_mgpu4_seq_conv_bn.h5": "BatchNormalization in training mode saw per-replica slices",
    "k122_rnn_layouts.h5": HARD_SIGMOID_STEP,
    "tfk23_mgpu2_bidi_backward.h5": HARD_SIGMOID_STEP,
}
# Optimizer state left behind on purpose (convert says why): weights whose layout changed.
STATE_NOT_CARRIED = {"k122_rnn_layouts.h5", "tfk23_mgpu2_bidi_backward.h5"}
# Embedding gradients are sparse (IndexedSlices). Keras 2 densified them before its optimizer squared
# them; Keras 3's ops.square squares each slice apart, so a row looked up several times in one batch
# gets sum(g_i^2) instead of (sum g_i)^2 in Adam's and RMSprop's second moments (measured: only those
# rows differ, every other weight agrees to 1.2e-7; convert says so). These samples take the step with
# dense gradients to show the carried state is exact.
DENSE_GRADIENT_STEP = {"k231_mgpu8_rnn.h5", "k231_mgpu2_seq2seq_mask.h5"}

# Masked outputs: Keras 2.3 averaged the loss over all timesteps, Keras 3 over the unmasked ones
# (convert says so). The legacy step is matched by weighting Keras 3's loss by unmasked/all, taken from
# the zeros of this input (the one whose mask_zero Embedding masks the output).
MASKED_LOSS_INPUT = {"k231_mgpu2_seq2seq_mask.h5": 1}


@pytest.mark.parametrize("row", sample_params(lambda row: row.get("converts", True)))
def test_converts_and_reproduces_the_legacy_outputs(row, converted_samples):
    result = converted_samples[row["file"]]
    assert result.status == "converted", result.error
    assert result.within_tolerance
    assert (result.wrapper_depth, list(result.replicas)) == (row["wrapper_depth"], row["replicas"])


@pytest.mark.parametrize("row", sample_params(lambda row: row["compiled"]))
def test_compiled_samples_carry_their_optimizer(row, converted_samples):
    from migrate.read import read_legacy_file

    result = converted_samples[row["file"]]
    slots = read_legacy_file(sample(row["file"])).optimizer_weights
    assert result.rebuild.optimizer is not None
    if row["file"] in STATE_NOT_CARRIED:
        assert result.rebuild.optimizer_slots == 0 and any("changed layout" in note for note in result.rebuild.warnings)
        return
    if slots[0].shape == ():  # a saved step counter (RMSprop before Keras 2.3 saved none)
        import h5py

        with h5py.File(sample(row["file"]), "r") as h5:
            saved = int(h5[slots[0].h5_path][()])
        # standalone Keras 2 on TensorFlow 1 read its counter after incrementing it; Keras 1 did not
        standalone_keras2 = row["keras"][:4] in ("2.1.", "2.2.", "2.3.") and not row["keras"].endswith("-tf")
        assert result.rebuild.iterations == saved + standalone_keras2
        assert saved > 0 or (row["keras"].startswith("1.") and "SGD" in result.rebuild.optimizer)  # Keras 1 SGD counts only with decay
    if len(slots) > 1 + 4 and "SGD" not in result.rebuild.optimizer:  # SGD without momentum: Keras 3 keeps no slots
        assert result.rebuild.optimizer_slots > 0


@pytest.mark.parametrize("row", sample_params(lambda row: row["compiled"]))
def test_one_more_training_step_matches_the_legacy_step(row, converted_samples):
    if row["file"] in STEP_DIFFERS:
        pytest.skip(STEP_DIFFERS[row["file"]])
    import keras

    model = keras.saving.load_model(converted_samples[row["file"]].output)
    bundle = np.load(sample(row["file"].replace(".h5", ".npz")))
    take = lambda prefix: [bundle[k] for k in sorted(bundle.files) if k.startswith(prefix)]  # noqa: E731
    feed = lambda arrays: arrays if len(arrays) > 1 else arrays[0]  # noqa: E731
    xs = take("step_x_")
    weights = None
    if row["file"] in MASKED_LOSS_INPUT:
        assert any("averaged its loss over every timestep" in n for n in converted_samples[row["file"]].rebuild.warnings)
        tokens = xs[MASKED_LOSS_INPUT[row["file"]]]
        weights = np.full(tokens.shape, np.mean(tokens != 0), dtype="float32")
    if row["file"] in DENSE_GRADIENT_STEP:
        assert any("looked up several times" in n for n in converted_samples[row["file"]].rebuild.warnings)
        _dense_gradient_step(model, feed(xs), feed(take("step_y_")), weights)
    else:
        model.train_on_batch(feed(xs), feed(take("step_y_")), sample_weight=weights)
    after = model.predict(feed(take("in_")), verbose=0)
    after = after if isinstance(after, list) else [after]
    assert within(after, take("step_out_"))


def _dense_gradient_step(model, x, y, sample_weight):
    """One optimizer step as Keras 2 took it: the same loss, every gradient made dense first."""
    import tensorflow as tf

    with tf.GradientTape() as tape:
        predicted = model(x, training=True)
        loss = model.compute_loss(x=x, y=y, y_pred=predicted, sample_weight=sample_weight, training=True)
    grads = tape.gradient(loss, model.trainable_variables)
    assert any(isinstance(g, tf.IndexedSlices) for g in grads)
    model.optimizer.apply_gradients(zip([tf.convert_to_tensor(g) for g in grads], model.trainable_variables, strict=True))


def test_every_output_loads_in_a_fresh_process_without_migrate(converted_samples, tmp_path):
    """The fresh process only loads and predicts (migrate never imported there); its outputs come back as
    files and are judged here, by the one tolerance."""
    pairs = [(r.output, str(sample(name.replace(".h5", ".npz"))), str(tmp_path / f"{i}.npz"))
             for i, (name, r) in enumerate(converted_samples.items()) if r.status == "converted"]
    script = """
import json, sys, numpy as np, keras
for path, ref, out in json.loads(sys.argv[1]):
    model = keras.saving.load_model(path, safe_mode=True)
    bundle = np.load(ref)
    ins = [bundle[f"in_{i}"] for i in range(sum(k.startswith("in_") for k in bundle.files))]
    outs = model.predict(ins if len(ins) > 1 else ins[0], verbose=0)
    outs = outs if isinstance(outs, list) else [outs]
    np.savez(out, *[np.asarray(o) for o in outs])
assert not any(name == "migrate" or name.startswith("migrate.") for name in sys.modules)
"""
    result = subprocess.run([sys.executable, "-c", script, json.dumps(pairs)], capture_output=True, text=True,
                            timeout=600, cwd="/")
    assert result.returncode == 0, result.stderr[-2000:]
    wrong = [path for path, ref, out in pairs if not within(_arrays(out, "arr_"), _arrays(ref, "out_"))]
    assert not wrong, wrong


def _arrays(path, prefix):
    with np.load(path) as bundle:
        return [bundle[f"{prefix}{i}"] for i in range(sum(k.startswith(prefix) for k in bundle.files))]


@pytest.mark.parametrize("row", sample_params(lambda row: not row.get("converts", True)))
def test_unliftable_samples_are_refused_with_their_functions_left_for_review(row, converted_samples):
    result = converted_samples[row["file"]]
    assert result.status == "failed" and "cannot lift" in result.error
    stubs = Path(re.search(r"(\S+_lambdas\.py) holds", result.error).group(1))
    assert stubs.name == row["file"].replace(".h5", "_lambdas.py") and "\ndef " in stubs.read_text()
    assert not list(stubs.parent.glob(row["file"].replace(".h5", ".keras")))


def test_saved_config_keeps_the_legacy_initializers(converted_samples):
    import json
    import zipfile

    with zipfile.ZipFile(converted_samples["k231_mgpu8_rnn.h5"].output) as archive:
        config = json.loads(archive.read("config.json"))
    layers = {layer["name"]: layer["config"] for layer in config["config"]["layers"]}
    assert layers["label"]["kernel_initializer"]["class_name"] == "VarianceScaling"  # Keras 2's glorot_uniform
    assert layers["lstm"]["recurrent_initializer"]["class_name"] == "Orthogonal"
    assert layers["embed"]["embeddings_initializer"]["class_name"] == "RandomUniform"
