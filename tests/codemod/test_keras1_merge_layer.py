"""keras1_merge_layer: must-not-change cases first, then before/after, then the rewritten script run by Keras 3 (fit,
predict against the branches' outputs merged as Keras 1.2.2's `_merge_function` did, save and load)."""

import subprocess
import sys
import textwrap

from tests.codemod.helpers import assert_unchanged, rewrite

RULE = "keras1_merge_layer"

BRANCHES = """
    from keras.models import Sequential
    from keras.layers import Dense, Embedding, LSTM, Merge

    qenc = Sequential()
    qenc.add(Embedding(20, 4))
    qenc.add(LSTM(3))
    aenc = Sequential()
    aenc.add(Embedding(20, 4))
    aenc.add(LSTM(3))
    model = Sequential()
    model.add(Merge([qenc, aenc], mode="concat", concat_axis=-1))
    model.add(Dense(2, activation="softmax"))
"""


def test_merges_the_written_class_would_not_compute_as_keras_1_did_stay():
    """A branch that is a layer (Keras 1 merged its existing output), a 'cos' mode, node_indices=: the file's Merge
    stays, for legacy_import_paths to report."""
    for call in ("Merge([dense_a, qenc], mode='concat')", "Merge([qenc, qenc], mode='cos', dot_axes=1)",
                 "Merge([qenc, qenc], node_indices=[0, 1])", "Merge([qenc, qenc], mode=my_mode)"):
        assert_unchanged(f"""
            from keras.models import Sequential
            from keras.layers import Merge, Dense
            qenc = Sequential()
            dense_a = Dense(3)
            attn = Sequential()
            attn.add(Merge([qenc, qenc], mode='dot', dot_axes=[1, 1]))
            model = Sequential()
            model.add({call})
            other = Merge(mode='sum')([a, b])
        """, RULE)
    assert_unchanged("from keras.layers import Merge\n", RULE)


def test_the_import_goes_and_the_class_is_written_before_its_first_use():
    got, findings = rewrite(BRANCHES, RULE)
    head = textwrap.dedent("""
        from keras.models import Sequential
        from keras.layers import Dense, Embedding, LSTM
        import keras
    """)
    assert got.startswith(head)
    assert "class Merge(keras.layers.Layer):" in got and '@keras.saving.register_keras_serializable(package="keras1")' in got
    assert got.index("class Merge(") < got.index('model.add(Merge([qenc, aenc], mode="concat", concat_axis=-1))')
    assert got.count("Merge(") == 2 and findings == []
    again, _ = rewrite(got, RULE)
    assert again == got


def test_a_merge_of_tensors_and_keras_layers_spellings_are_taken_too():
    got, _ = rewrite("""
        import keras
        x = keras.layers.Merge(mode='ave')([a, b])
        y = keras.layers.core.Merge(mode='max', name='m')([a, b])
    """, RULE)
    assert "x = Merge(mode='ave')([a, b])" in got and "y = Merge(mode='max', name='m')([a, b])" in got
    assert "class Merge(" in got


MODES = """
import numpy as np
import keras
a = keras.Input((3,)); b = keras.Input((3,))
outs = [Merge(mode=mode)([a, b]) for mode in ('sum', 'mul', 'ave', 'max')] + [Merge(mode='concat', concat_axis=1)([a, b])]
s = keras.Input((2, 3)); t = keras.Input((4, 3))
outs += [Merge(mode='dot', dot_axes=[1, 1])([a, b]), Merge(mode='dot', dot_axes=[2, 2])([s, t])]
probe = keras.Model([a, b, s, t], outs)
x, y = np.array([[1., -2., 3.]]), np.array([[4., 5., -6.]])
u, v = np.arange(6.).reshape(1, 2, 3), np.arange(12.).reshape(1, 4, 3) - 5
got = probe.predict([x, y, u, v], verbose=0)
# Keras 1.2.2's Merge._merge_function: sum, product, sum / n, elementwise maximum, K.concatenate(axis=concat_axis),
# K.batch_dot(a, b, dot_axes) (2-D: the row sums of a * b, kept as (batch, 1); 3-D [2, 2]: a @ b transposed)
wants = [x + y, x * y, (x + y) / 2, np.maximum(x, y), np.concatenate([x, y], axis=1), (x * y).sum(1, keepdims=True),
         np.einsum('bnd,bmd->bnm', u, v)]
assert len(got) == len(wants)
for value, want in zip(got, wants):
    np.testing.assert_allclose(value, want)

qx = np.random.RandomState(0).randint(0, 20, (16, 5)); ax = np.random.RandomState(1).randint(0, 20, (16, 7))
target = keras.utils.to_categorical(np.arange(16) % 2, 2)
model.compile(optimizer="adam", loss="categorical_crossentropy")
model.fit([qx, ax], target, epochs=1, batch_size=8, verbose=0)
predicted = model.predict([qx, ax], verbose=0)
merged = keras.ops.concatenate([qenc(qx), aenc(ax)], axis=-1)
np.testing.assert_allclose(predicted, keras.ops.convert_to_numpy(model.layers[-1](merged)), rtol=1e-6, atol=1e-6)
model.save(PATH)
np.testing.assert_allclose(keras.saving.load_model(PATH).predict([qx, ax], verbose=0), predicted, rtol=1e-6, atol=1e-6)
print("ok", len(model.trainable_weights))
"""


def test_the_rewritten_script_trains_predicts_the_merged_branches_and_saves_under_keras_3(tmp_path):
    got, _ = rewrite(BRANCHES, RULE)
    script = tmp_path / "qa.py"
    script.write_text(got + MODES.replace("PATH", repr(str(tmp_path / "qa.keras"))))
    ran = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=300)
    assert ran.returncode == 0, ran.stderr[-3000:]
    assert ran.stdout.split()[-2:] == ["ok", "10"]  # both branches' weights (4 each) and the Dense's (2)


NESTED = """
    from keras.models import Sequential
    from keras.layers import Dense, Embedding, LSTM, Merge, Permute, Flatten

    senc = Sequential()
    senc.add(Embedding(20, 4, input_length=6))
    senc.add(LSTM(3, return_sequences=True))
    qenc = Sequential()
    qenc.add(Embedding(20, 4, input_length=5))
    qenc.add(LSTM(3, return_sequences=True))
    aenc = Sequential()
    aenc.add(Embedding(20, 4, input_length=7))
    aenc.add(LSTM(3, return_sequences=True))
    facts = Sequential()
    facts.add(Merge([senc, qenc], mode="dot", dot_axes=[2, 2]))
    attn = Sequential()
    attn.add(Merge([aenc, qenc], mode="dot", dot_axes=[2, 2]))
    model = Sequential()
    model.add(Merge([facts, attn], mode="concat", concat_axis=1))
    model.add(Flatten())
    model.add(Dense(2, activation="softmax"))
"""

NESTED_RUN = """
import numpy as np
import keras
rng = np.random.RandomState(0)
sx, qx, ax = rng.randint(0, 20, (8, 6)), rng.randint(0, 20, (8, 5)), rng.randint(0, 20, (8, 7))
model.compile(optimizer="adam", loss="categorical_crossentropy")
model.fit([sx, qx, ax], keras.utils.to_categorical(np.arange(8) % 2, 2), epochs=1, batch_size=4, verbose=0)
predicted = model.predict([sx, qx, ax], verbose=0)
# Keras 1.2.2: the model's inputs are its branch models' sources met depth first, each once (get_source_inputs):
# senc, qenc (facts), aenc (attn; qenc met already); each merge is K.batch_dot along dot_axes, then concatenated
s, q, a = (keras.ops.convert_to_numpy(encoder(x)) for encoder, x in ((senc, sx), (qenc, qx), (aenc, ax)))
merged = np.concatenate([np.einsum('bnd,bmd->bnm', s, q), np.einsum('bnd,bmd->bnm', a, q)], axis=1)
head = keras.Sequential(model.layers[1:])
np.testing.assert_allclose(predicted, keras.ops.convert_to_numpy(head(merged)), rtol=1e-5, atol=1e-6)
model.save_weights(PATH)
for layer in (senc, qenc, aenc):
    layer.set_weights([np.zeros_like(w) for w in layer.get_weights()])
model.load_weights(PATH)
np.testing.assert_allclose(model.predict([sx, qx, ax], verbose=0), predicted, rtol=1e-6, atol=1e-6)
print("ok", len(model.trainable_weights))
"""


def test_a_merge_of_merges_sharing_a_branch_takes_each_branchs_input_once(tmp_path):
    """sujitpal/dl-models-for-qa qa-lstm-story.py (as Keras 1's babi_memnn example): facts and attn merge the
    question encoder with the story and answer encoders, the model merges facts and attn and is fed [story, question,
    answer]; rewritten, it fits, predicts the branches merged as Keras 1 fed them, and saves and loads its weights
    (advised: Keras 3's load_model would make the shared encoder two; a file calling load_model keeps its Merge)."""
    got, findings = rewrite(NESTED, RULE)
    assert "model.add(Merge([facts, attn], mode=\"concat\", concat_axis=1))" in got
    assert [(f.line, f.advice, "save_weights / load_weights" in f.message) for f in findings] == [(19, True, True)]
    assert_unchanged(NESTED + "    restored = load_model('story.keras')\n", RULE)  # it would not find qenc's weights
    script = tmp_path / "story.py"
    script.write_text(got + NESTED_RUN.replace("PATH", repr(str(tmp_path / "story.weights.h5"))))
    ran = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=300)
    assert ran.returncode == 0, ran.stderr[-3000:]
    assert ran.stdout.split()[-2:] == ["ok", "14"]  # three encoders, qenc once (4 each: embedding, LSTM's 3), Dense's 2
