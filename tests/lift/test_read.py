"""Reading a Lambda's bytecode as data: each pattern, compiled by a real Python of every band, reads back
as the expression it was written as; what cannot be read is refused with the reason, never run."""

from __future__ import annotations

import base64
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from migrate.lift import read_lambda
from migrate.lift.decode import candidate_pythons
from tests.lift.pythons import BAND_OF, available_bands, band_params, compile_lambdas, lambda_config

# (source as the user wrote it, inputs, Keras `arguments`, defaults, what migrate reads it as)
PATTERNS = [
    ("f = lambda x: x / 255.0 - 0.5", 1, None, None, "lambda x: x / 255.0 - 0.5"),
    ("f = lambda x: K.mean(x, axis=1, keepdims=True)", 1, None, None, "lambda x: K.mean(x, axis=1, keepdims=True)"),
    ("f = lambda x: K.sum(K.square(x), axis=[1, 2])", 1, None, None, "lambda x: K.sum(K.square(x), axis=[1, 2])"),
    ("f = lambda x: x[:, 2:-2, 1:, :]", 1, None, None, "lambda x: x[:, 2:-2, 1:, :]"),
    ("f = lambda x: x[:, 0]", 1, None, None, "lambda x: x[:, 0]"),
    ("f = lambda t: K.abs(t[0] - t[1])", 2, None, None, "lambda t: K.abs(t[0] - t[1])"),
    ("f = lambda x: K.stack([x[0], x[1]], axis=1)", 2, None, None, "lambda x: K.stack([x[0], x[1]], axis=1)"),
    ("def f(x):\n    import tensorflow as tf\n    return tf.space_to_depth(x, block_size=2)\n", 1, None, None,
     "lambda x: tf.space_to_depth(x, block_size=2)"),
    ("def f(x):\n    from keras import backend as K\n    return K.exp(x)\n", 1, None, None, "lambda x: K.exp(x)"),
    ("f = lambda x, scale: x * scale", 1, {"scale": 3}, None, "lambda x: x * 3"),
    ("f = lambda x, p=2: x ** p", 1, None, [2], "lambda x: x ** 2"),
    ("f = lambda x, flip: -x if flip else x", 1, {"flip": True}, None, "lambda x: -x"),
    ("f = lambda x, flip: -x if flip else x", 1, {"flip": False}, None, "lambda x: x"),
    ("f = lambda x: K.concatenate([x, x * 2], axis=-1)", 1, None, None,
     "lambda x: K.concatenate([x, x * 2], axis=-1)"),
    ("f = lambda x: tf.nn.relu(x) * 2.0 + 1.0", 1, None, None, "lambda x: tf.nn.relu(x) * 2.0 + 1.0"),
    ("def f(x):\n    y = x * 2\n    return K.tanh(y)\n", 1, None, None, "lambda x: K.tanh(x * 2)"),
    ("f = lambda x: K.reshape(x, (-1, 4, 6))", 1, None, None, "lambda x: K.reshape(x, (-1, 4, 6))"),
    ("f = lambda x: (x - K.mean(x, axis=-1, keepdims=True)) / 2.0", 1, None, None,
     "lambda x: (x - K.mean(x, axis=-1, keepdims=True)) / 2.0"),
    ("f = lambda x: np.pi * x", 1, None, None, "lambda x: 3.141592653589793 * x"),
    ("f = lambda x: 1.0 - x ** 0.5", 1, None, None, "lambda x: 1.0 - x ** 0.5"),
    ("f = lambda x: K.l2_normalize(x, axis=-1) * K.sigmoid(x)", 1, None, None,
     "lambda x: K.l2_normalize(x, axis=-1) * K.sigmoid(x)"),
]
# (source, the reason's telling words): read as data, refused, never run.
REFUSED = [
    ("def f(x):\n    for _ in range(2):\n        x = x + 1\n    return x\n", "loops"),
    ("def f(x):\n    global G\n    G = x\n    return x\n", "outside its own locals"),
    ("def f(x):\n    import os\n    return x\n", "imports 'os'"),
    ("f = lambda x: x if x > 0 else -x", "compares tensors"),
    ("f = lambda x: K.reshape(x, (-1, x.shape[1]))", "attribute 'shape'"),
    ("f = lambda x: open('/tmp/never', 'w') or x", "not an operation on its inputs"),
    ("f = lambda x: __import__('os').system('true') * x", "not an operation on its inputs"),
]


def _read(band, source, inputs=1, arguments=None, defaults=None, raw=False):
    blob = compile_lambdas(band, [source])[0]
    return read_lambda(lambda_config(blob, arguments, defaults, raw=raw), inputs)


@pytest.mark.parametrize("band", band_params())
def test_every_pattern_reads_back_as_written(band):
    blobs = compile_lambdas(band, [p[0] for p in PATTERNS])
    for (source, inputs, arguments, defaults, expected), blob in zip(PATTERNS, blobs, strict=True):
        reading = read_lambda(lambda_config(blob, arguments, defaults), inputs)
        assert reading.source == expected, (source, reading.reason)
        assert BAND_OF[band] in reading.function.python.split(", ")


@pytest.mark.parametrize("band", band_params())
def test_what_cannot_be_read_is_refused_with_the_reason(band):
    blobs = compile_lambdas(band, [source for source, _ in REFUSED])
    for (source, words), blob in zip(REFUSED, blobs, strict=True):
        reading = read_lambda(lambda_config(blob), 1)
        assert reading.function is None and words in reading.reason, (source, reading.reason)


@pytest.mark.parametrize("band", band_params())
def test_keras_1_raw_text_reads_as_keras_2_base64(band):
    source = PATTERNS[1][0]
    assert _read(band, source, raw=True).source == _read(band, source).source == PATTERNS[1][4]


def test_the_header_names_the_candidate_pythons():
    bands = available_bands()
    if not bands:
        pytest.skip("no legacy Python installed")
    for band in bands:
        blob = base64.b64decode(compile_lambdas(band, ["f = lambda x: x"])[0])
        assert any(candidate.startswith(band.split(".")[0]) for candidate in candidate_pythons(blob)), band


def test_a_parameter_without_a_value_is_refused():
    bands = available_bands()
    if not bands:
        pytest.skip("no legacy Python installed")
    reading = _read(bands[-1], "f = lambda x, scale: x * scale")
    assert reading.function is None and "'scale' has no value" in reading.reason


@given(st.data())
def test_damaged_code_is_refused_never_raised(data):
    """Any bytes where the code should be: a reading or a reason, never an exception."""
    bands = available_bands()
    blob = bytearray(base64.b64decode(compile_lambdas(bands[0], [PATTERNS[1][0]])[0])) if bands else bytearray(64)
    for _ in range(data.draw(st.integers(1, 8))):
        position = data.draw(st.integers(0, len(blob) - 1))
        blob[position] = data.draw(st.integers(0, 255))
    cut = data.draw(st.integers(1, len(blob)))
    reading = read_lambda(lambda_config(base64.b64encode(bytes(blob[:cut])).decode()), 1)
    assert (reading.function is None) != (reading.reason is None)


def test_random_bytes_are_refused():
    rng = random.Random(0)
    for size in (0, 5, 40, 400):
        blob = bytes(rng.randrange(256) for _ in range(size))
        reading = read_lambda(lambda_config(base64.b64encode(blob).decode()), 1)
        assert reading.function is None and reading.reason
