"""`.keras` architectures: Keras 3's config form read without Keras, into the legacy form the graph takes.

The archives are written by real Keras 3 in the test (tests import Keras; the reader must not).
Hand-made zips are used only for the malformed ones.
"""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from migrate.errors import MalformedFileError, MigrateError, UnsupportedModelError
from migrate.graph import TensorRef
from migrate.graph.build import build_graph
from migrate.graph.shapes import output_shapes
from migrate.read.architecture import read_architecture
from tests.read.test_fuzz import _paths, _replace, json_values


@pytest.fixture(scope="module")
def functional_archive(tmp_path_factory):
    """A Keras 3 model with a nested functional model called twice, a nested Sequential, a shared layer
    called twice, two outputs (one read from the shared layer's second call) and an RNN with initial states."""
    import keras
    from keras import layers

    enc_in = keras.Input((8,), name="enc_in")
    encoder = keras.Model(enc_in, layers.Dense(5, name="enc_1")(enc_in), name="encoder")
    head = keras.Sequential([keras.Input((5,)), layers.Dense(4, name="s1")], name="head")
    a, b = keras.Input((8,), name="a"), keras.Input((8,), name="b")
    shared = layers.Dense(3, name="shared")
    ea, eb = encoder(a), encoder(b)
    joined = layers.Concatenate(name="cat")([head(ea), shared(eb)])
    tokens = keras.Input((6,), dtype="int32", name="tokens")
    embedded = layers.Embedding(20, 4, mask_zero=True, name="emb")(tokens)
    state = layers.Dense(7, name="state")(joined)
    decoded = layers.LSTM(7, name="dec")(embedded, initial_state=[state, state])
    model = keras.Model([a, b, tokens], [decoded, shared(ea)], name="top")
    path = tmp_path_factory.mktemp("keras3") / "top.keras"
    model.save(path)
    return path


def test_the_graph_of_a_keras3_archive_has_every_call_where_keras3_put_it(functional_archive):
    graph = build_graph(read_architecture(functional_archive))
    calls = {layer.name: layer.calls for layer in graph.layers}
    assert calls["encoder"] == [(TensorRef("a", 0, 0),), (TensorRef("b", 0, 0),)]
    assert calls["head"] == [(TensorRef("encoder", 0, 0),)]
    assert calls["shared"] == [(TensorRef("encoder", 1, 0),), (TensorRef("encoder", 0, 0),)]
    assert calls["cat"] == [(TensorRef("head", 0, 0), TensorRef("shared", 0, 0))]
    # initial states follow the sequence, as legacy configs listed them; the mask op is gone
    assert calls["dec"] == [(TensorRef("emb", 0, 0), TensorRef("state", 0, 0), TensorRef("state", 0, 0))]
    assert [ref.layer for ref in graph.inputs] == ["a", "b", "tokens"]
    assert graph.outputs == [TensorRef("dec", 0, 0), TensorRef("shared", 1, 0)]
    assert graph.layer("encoder").model.layer("enc_1").calls == [(TensorRef("enc_in", 0, 0),)]
    assert graph.layer("head").model.class_name == "Sequential"
    assert graph.layer("emb").config["dtype"] == "float32"  # the DTypePolicy record, as its name


def test_reading_an_archive_never_imports_keras_or_tensorflow(functional_archive):
    script = (f"import sys; from migrate.read.architecture import read_architecture; read_architecture({str(functional_archive)!r}); "
              "print(sorted(m for m in sys.modules if m.split('.')[0] in ('keras', 'tensorflow')))")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_the_mask_op_keras3_saved_is_pruned(tmp_path):
    import keras
    from keras import layers

    tokens = keras.Input((5,), dtype="int32", name="tokens")
    x = layers.Embedding(10, 3, mask_zero=True, name="emb")(tokens)
    out = layers.LSTM(2, name="rnn")(x)  # Keras 3 records the mask it passed as a not_equal op layer
    keras.Model(tokens, out).save(tmp_path / "m.keras")
    saved = json.loads(zipfile.ZipFile(tmp_path / "m.keras").read("config.json"))
    assert any(entry["class_name"] == "NotEqual" for entry in saved["config"]["layers"])
    graph = build_graph(read_architecture(tmp_path / "m.keras"))
    assert [layer.name for layer in graph.layers] == ["tokens", "emb", "rnn"]


BAD_TENSOR = {"class_name": "__keras_tensor__", "config": {"keras_history": ["x", -1, 0]}}
BAD_HISTORY = {"class_name": "Functional", "config": {"output_layers": [["d", 0, 0]], "layers": [
    {"class_name": "Dense", "config": {"name": "d"}, "inbound_nodes": [{"args": [BAD_TENSOR]}]}]}}


def _archive(path, config_bytes):
    with zipfile.ZipFile(path, "w") as archive:
        if config_bytes is not None:
            archive.writestr("config.json", config_bytes)
        archive.writestr("metadata.json", "{}")
    return path


@pytest.mark.parametrize("make, message", [
    (lambda p: p.write_bytes(b"not a zip at all"), "not a readable .keras archive"),
    (lambda p: _archive(p, None), "holds no config.json"),
    (lambda p: _archive(p, b"{broken"), "config.json is not valid JSON"),
    (lambda p: _archive(p, b'{"class_name": "Functional"}'), "has no 'config'"),
    (lambda p: _archive(p, json.dumps(BAD_HISTORY).encode()), "no valid keras_history"),
], ids=["not-zip", "no-config", "bad-json", "no-body", "bad-history"])
def test_malformed_archives_say_what_is_wrong(tmp_path, make, message):
    path = tmp_path / "bad.keras"
    make(path)
    with pytest.raises(MalformedFileError, match=message) as caught:
        read_architecture(path)
    assert caught.value.path == str(path)


def test_a_tensor_passed_as_another_keyword_is_refused_by_name(tmp_path):
    tensor = {"class_name": "__keras_tensor__", "config": {"keras_history": ["x", 0, 0]}}
    config = {"class_name": "Functional", "config": {"name": "m", "input_layers": [["x", 0, 0]],
              "output_layers": [["att", 0, 0]], "layers": [
        {"class_name": "InputLayer", "name": "x", "config": {"batch_shape": [None, 3], "name": "x"}, "inbound_nodes": []},
        {"class_name": "Attention", "name": "att", "config": {"name": "att"},
         "inbound_nodes": [{"args": [[tensor, tensor]], "kwargs": {"query_mask": tensor}}]}]}}
    with pytest.raises(UnsupportedModelError, match="'query_mask'"):
        read_architecture(_archive(tmp_path / "m.keras", json.dumps(config).encode()))


FUZZ = settings(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@FUZZ
@given(pick=st.integers(min_value=0), value=json_values)
def test_mutated_archives_are_read_or_refused_with_our_error(functional_archive, tmp_path_factory, pick, value):
    """Any one value of a real Keras 3 config replaced by any JSON value: a graph, or a MigrateError."""
    document = json.loads(zipfile.ZipFile(functional_archive).read("config.json"))
    where, _ = list(_paths(document))[pick % len(list(_paths(document)))]
    path = _archive(tmp_path_factory.mktemp("fuzz") / "m.keras", json.dumps(_replace(document, where, value)).encode())
    try:
        graph = build_graph(read_architecture(path))
        output_shapes(graph)
    except MigrateError:
        pass
