"""Lambdas calling Keras backend helpers and their tf.nn / tf.math spellings: each pattern compiled by real
Pythons, read as data, lowered, and held to NumPy within 1e-6; constants made by calls (K.epsilon(),
tf.constant(1e-7)) fold to numbers; code mangled by func_dump on Windows reads as it was written."""

from __future__ import annotations

import base64

import numpy as np
import pytest

from migrate.lift import read_lambda
from tests.conftest import ROOT
from tests.lift.pythons import available_bands, compile_lambdas, lambda_config

F32 = np.float32
WILD = ROOT.parent / "shared" / "wild_models"


def _euclidean(a, b):
    return np.sqrt(np.maximum(np.square(a - b).sum(axis=1, keepdims=True, dtype=F32), F32(1e-7)))


# (source of a function of one tensor `x` or of a pair `vect`, NumPy of the same on (x,) or (a, b))
ONE = [
    ("lambda x: x + K.epsilon()", lambda v: v + F32(1e-7)),
    ("lambda x: x / (K.sum(x, axis=-1, keepdims=True) + K.epsilon())",
     lambda v: v / (v.sum(-1, keepdims=True, dtype=F32) + F32(1e-7))),
    ("lambda x: x + tf.constant(1e-07)", lambda v: v + F32(1e-7)),
    ("lambda x: x * K.constant(2.0, dtype='float32')", lambda v: v * F32(2)),
    ("lambda x: x * K.cast_to_floatx(0.5)", lambda v: v * F32(0.5)),
    ("lambda x: tf.math.sqrt(tf.math.abs(x) + 1.0)", lambda v: np.sqrt(np.abs(v) + F32(1))),
    ("lambda x: tf.math.reduce_max(x, axis=1)", lambda v: v.max(axis=1)),
    ("lambda x: tf.math.reduce_min(x, axis=-1, keepdims=True)", lambda v: v.min(axis=-1, keepdims=True)),
    ("lambda x: tf.nn.sigmoid(x)", lambda v: F32(1) / (F32(1) + np.exp(-v))),
    ("lambda x: tf.math.log(tf.math.exp(x) + 1.0)", lambda v: np.log(np.exp(v) + F32(1))),
    ("lambda x: tf.nn.l2_normalize(x, axis=-1)",
     lambda v: v / np.sqrt(np.maximum((v * v).sum(-1, keepdims=True), F32(1e-12)))),
    ("lambda x: tf.clip_by_value(x, -0.5, 0.5)", lambda v: np.clip(v, F32(-0.5), F32(0.5))),
    ("lambda x: K.squeeze(K.expand_dims(x, 1), 1)", lambda v: v),
    ("lambda x: K.concatenate([x, K.square(x)], axis=-1)", lambda v: np.concatenate([v, v * v], axis=-1)),
    ("lambda x: tf.math.minimum(tf.math.maximum(x, -1.0), 1.0)", lambda v: np.clip(v, F32(-1), F32(1))),
]
PAIR = [
    ("def euclidean(vect):\n    x, y = vect\n    s = K.sum(K.square(x - y), axis=1, keepdims=True)\n"
     "    return K.sqrt(K.maximum(s, K.epsilon()))", _euclidean),
    ("lambda v: K.abs(v[0] - v[1])", lambda a, b: np.abs(a - b)),
    ("lambda v: tf.math.maximum(v[0], v[1]) - tf.math.minimum(v[0], v[1])",
     lambda a, b: np.maximum(a, b) - np.minimum(a, b)),
]


def _run(functions, inputs):
    from migrate.rebuild.runtime import start_keras

    start_keras()
    import keras

    from migrate.rebuild.lifted import LiftedLambda

    symbols = [keras.Input(array.shape[1:]) for array in inputs]
    taken: set[str] = set()
    outputs = [LiftedLambda(f"helper_{i}", function, taken)(symbols) for i, function in enumerate(functions)]
    results = keras.Model(symbols, outputs)(inputs)
    return [np.asarray(out) for out in (results if isinstance(results, (list, tuple)) else [results])]


def _bands():
    bands = available_bands()
    if not bands:
        pytest.skip("no legacy Python installed")
    return sorted({bands[0], bands[-1], *(b for b in bands if b == "3.8")})


def _check(cases, inputs, count):
    for band in _bands():
        blobs = compile_lambdas(band, [f"f = {source}" if source.startswith("lambda") else source
                                       for source, _ in cases])
        readings = [read_lambda(lambda_config(blob), count) for blob in blobs]
        for (source, _), reading in zip(cases, readings, strict=True):
            assert reading.function is not None, (band, source, reading.reason)
        outputs = _run([reading.function for reading in readings], inputs)
        for (source, fn), actual in zip(cases, outputs, strict=True):
            np.testing.assert_allclose(actual, fn(*[a.copy() for a in inputs]), rtol=1e-6, atol=1e-7,
                                       err_msg=f"{band}: {source}")


def test_backend_helpers_on_one_tensor_are_exact():
    x = np.random.default_rng(2).uniform(0.1, 2, (4, 3, 5)).astype(F32)
    _check(ONE, [x], 1)


def test_backend_helpers_on_a_pair_are_exact():
    rng = np.random.default_rng(3)
    a, b = (rng.uniform(-1, 1, (4, 6)).astype(F32) for _ in range(2))
    _check(PAIR, [a, b], 2)


def test_constant_makers_fold_and_integer_ones_do_not():
    for band in _bands()[:1]:
        sources = ["f = lambda x: x + K.epsilon()", "f = lambda x: x + tf.constant(3, dtype=tf.int32)"]
        folded, refused = (read_lambda(lambda_config(blob), 1) for blob in compile_lambdas(band, sources))
        assert folded.source == "lambda x: x + 1e-07"
        assert refused.function is None and "float constant" in refused.reason


def _mangled(blob_b64: str) -> str:
    """What tf.keras's func_dump wrote on Windows: every backslash byte of the marshal replaced by '/'."""
    return base64.b64encode(base64.b64decode(blob_b64).replace(b"\\", b"/")).decode("ascii")


WINDOWS_SOURCE = ("def euclidean(vect):\n    x, y = vect\n"
                  "    return K.sqrt(K.maximum(K.sum(K.square(x - y), axis=1, keepdims=True), K.epsilon()))")


def _compiled_on_windows(source: str) -> str:
    """Compiled by Python 3.8 with a Windows file name, as a notebook on Windows would have."""
    if "3.8" not in available_bands():
        pytest.skip("no Python 3.8 installed")
    patched = f"import sys\n{source}"  # first function defined is still the one
    (blob,) = compile_lambdas("3.8", [patched])
    raw = base64.b64decode(blob)
    assert b"<lambda>" in raw  # the file name the compiler script gives; made a Windows path below
    name = b"C:\\Users\\a\\n.py"
    raw = raw.replace(b"\xfa\x08<lambda>", b"\xfa" + bytes([len(name)]) + name, 1)
    return base64.b64encode(raw).decode("ascii")


def test_windows_mangled_unpack_reads_as_written():
    """UNPACK_SEQUENCE (92, a backslash byte) became 47 in ssabrut's file; read back as 92."""
    blob = _compiled_on_windows(WINDOWS_SOURCE)
    plain, mangled = read_lambda(lambda_config(blob), 2), read_lambda(lambda_config(_mangled(blob)), 2)
    assert plain.function is not None and mangled.function is not None, mangled.reason
    assert mangled.source == plain.source


def test_windows_mangled_ambiguous_constant_is_refused():
    """92 as a constant marshals with a backslash byte: mangled, it reads 47; no way to tell, so refused."""
    blob = _compiled_on_windows("def f(x):\n    return x * 92.0 + 92")
    reading = read_lambda(lambda_config(_mangled(blob)), 1)
    assert reading.function is None and "saved on Windows" in reading.reason


def test_wild_siamese_lambda_lifts_and_is_exact():
    """ssabrut's siamese output Lambda: Windows-mangled Python 3.8-3.10 bytecode of a euclidean distance."""
    path = WILD / "files" / "ssabrut__fashion-similarity-model__siamese_model.h5"
    if not path.exists():
        pytest.skip("../shared/wild_models is absent")
    from migrate.read import read_legacy_file

    layers = read_legacy_file(path).model_config["config"]["layers"]
    config = next(layer["config"] for layer in layers if layer["class_name"] == "Lambda")
    reading = read_lambda(config, 2)
    assert reading.function is not None, reading.reason
    rng = np.random.default_rng(4)
    a, b = (rng.uniform(-1, 1, (5, 64)).astype(F32) for _ in range(2))
    (actual,) = _run([reading.function], [a, b])
    np.testing.assert_allclose(actual, _euclidean(a, b), rtol=1e-6, atol=1e-7)
