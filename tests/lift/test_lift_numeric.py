"""Lifted Lambdas compute what they say: random expressions from the supported grammar, compiled to bytecode
by real Pythons of every band, read as data, lowered to built-in layers and keras.ops, and compared with the
expression evaluated here in NumPy (float32, op by op). Unsupported ones give the clear error and a stub."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from migrate.errors import MigrateError
from migrate.lift import read_lambda
from migrate.lift.stubs import render_stubs
from tests.lift.pythons import band_params, compile_lambdas, lambda_config

F32 = np.float32
SHAPE = (3, 4)  # per sample; the batch is 5


def _sigmoid(v):
    return F32(1) / (F32(1) + np.exp(-v))


# name -> (source template, numpy of the same, float32)
UNARY = {
    "abs": ("K.abs({})", np.abs),
    "square": ("K.square({})", np.square),
    "tanh": ("K.tanh({})", np.tanh),
    "sigmoid": ("K.sigmoid({})", _sigmoid),
    "relu": ("K.relu({})", lambda v: np.maximum(v, F32(0))),
    "tf_relu": ("tf.nn.relu({})", lambda v: np.maximum(v, F32(0))),
    "exp_tanh": ("K.exp(K.tanh({}))", lambda v: np.exp(np.tanh(v))),
    "sqrt": ("K.sqrt(K.abs({}) + 0.5)", lambda v: np.sqrt(np.abs(v) + F32(0.5))),
    "log": ("K.log(K.abs({}) + 1.0)", lambda v: np.log(np.abs(v) + F32(1))),
    "neg": ("-({})", np.negative),
    "scale": ("({}) * 1.5", lambda v: v * F32(1.5)),
    "divide": ("({}) / 4.0", lambda v: v / F32(4)),
    "shift": ("({}) + 0.25", lambda v: v + F32(0.25)),
    "flip": ("1.0 - ({})", lambda v: F32(1) - v),
    "power2": ("({}) ** 2", lambda v: v * v),
    "power3": ("({}) ** 3", lambda v: v * v * v),
    "hard_sigmoid": ("K.hard_sigmoid({})", lambda v: np.clip(F32(0.2) * v + F32(0.5), 0, 1)),
    "softsign": ("K.softsign({})", lambda v: v / (F32(1) + np.abs(v))),
    "elu": ("K.elu({})", lambda v: np.where(v > 0, v, np.expm1(v)).astype(F32)),
    "clip": ("K.clip({}, -0.5, 0.5)", lambda v: np.clip(v, F32(-0.5), F32(0.5))),
}
BINARY = {
    "add": ("({}) + ({})", np.add),
    "subtract": ("({}) - ({})", np.subtract),
    "multiply": ("({}) * ({})", np.multiply),
    "maximum": ("K.maximum({}, {})", np.maximum),
    "minimum": ("K.minimum({}, {})", np.minimum),
    "safe_divide": ("({}) / (K.abs({}) + 1.0)", lambda a, b: a / (np.abs(b) + F32(1))),
}
# Applied last: these change the shape.
FINAL = {
    "none": ("{}", lambda v: v),
    "mean": ("K.mean({}, axis=1)", lambda v: v.mean(axis=1, dtype=F32)),
    "sum_keep": ("K.sum({}, axis=-1, keepdims=True)", lambda v: v.sum(axis=-1, keepdims=True, dtype=F32)),
    "max": ("K.max({}, axis=[1, 2])", lambda v: v.max(axis=(1, 2))),
    "slice": ("({})[:, 1:3]", lambda v: v[:, 1:3]),
    "index": ("({})[:, 0]", lambda v: v[:, 0]),
    "l2": ("K.l2_normalize({}, axis=-1)",
           lambda v: v / np.sqrt(np.maximum((v * v).sum(axis=-1, keepdims=True), F32(1e-12)))),
    "softmax": ("K.softmax({})", lambda v: np.exp(v - v.max(-1, keepdims=True))
                / np.exp(v - v.max(-1, keepdims=True)).sum(-1, keepdims=True)),
    "reshape": ("K.reshape({}, (-1, 12))", lambda v: v.reshape(-1, 12)),
    "permute": ("K.permute_dimensions({}, (0, 2, 1))", lambda v: v.transpose(0, 2, 1)),
}
UNSUPPORTED = ("K.cumsum({}, axis=1)", "K.gather({}, 0)", "my_helper({})")


@st.composite
def expressions(draw, depth=3):
    """(source, numpy function of the input) for an elementwise expression over `x`."""
    if depth == 0 or draw(st.integers(0, 3)) == 0:
        return "x", lambda v: v
    if draw(st.booleans()):
        template, fn = UNARY[draw(st.sampled_from(sorted(UNARY)))]
        source, inner = draw(expressions(depth - 1))
        return template.format(source), lambda v: fn(inner(v))
    template, fn = BINARY[draw(st.sampled_from(sorted(BINARY)))]
    (left, lf), (right, rf) = draw(expressions(depth - 1)), draw(expressions(depth - 1))
    return template.format(left, right), lambda v: fn(lf(v), rf(v))


@st.composite
def programs(draw):
    """A few Lambdas at once (one Python process compiles them all), some with an unsupported call."""
    found = []
    for _ in range(draw(st.integers(3, 6))):
        source, fn = draw(expressions())
        if draw(st.integers(0, 9)) == 0:
            found.append((draw(st.sampled_from(UNSUPPORTED)).format(source), None))
            continue
        template, final = FINAL[draw(st.sampled_from(sorted(FINAL)))]
        found.append((template.format(source), lambda v, fn=fn, final=final: final(fn(v))))
    return found


def _lifted_outputs(functions):
    from migrate.rebuild.runtime import start_keras

    start_keras()
    import keras

    from migrate.rebuild.lifted import LiftedLambda

    x = np.random.default_rng(0).uniform(-2, 2, (5, *SHAPE)).astype(F32)
    inp = keras.Input(SHAPE)
    taken: set[str] = set()
    outputs = [LiftedLambda(f"lambda_{i}", function, taken)([inp]) for i, function in enumerate(functions)]
    results = keras.Model(inp, outputs)(x)
    return x, [np.asarray(out) for out in (results if isinstance(results, (list, tuple)) else [results])]


@pytest.mark.parametrize("band", band_params())
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(program=programs())
def test_random_expressions_lift_exactly(band, program):
    blobs = compile_lambdas(band, [f"f = lambda x: {source}" for source, _ in program])
    readings = [read_lambda(lambda_config(blob), 1) for blob in blobs]
    supported = []
    for (source, fn), reading in zip(program, readings, strict=True):
        assert reading.function is not None, (source, reading.reason)
        if fn is None:
            _assert_refused_with_stub(reading, source)
        else:
            supported.append((source, fn, reading.function))
    if not supported:
        return
    x, outputs = _lifted_outputs([function for _, _, function in supported])
    for (source, fn, _), actual in zip(supported, outputs, strict=True):
        expected = fn(x.copy())
        # Up to eight float32 ops: TensorFlow's and NumPy's exp/tanh may differ by an ulp, which powers amplify
        # (measured: 1.2e-6 through (exp(tanh x))^6). Each pattern alone is held to 1e-6 below.
        np.testing.assert_allclose(actual, expected, rtol=2e-6, atol=1e-6, err_msg=source)


def test_each_pattern_alone_is_exact_to_1e_6():
    """Every pattern of the grammar on its own, compiled by the newest Python here (or this one's tables)."""
    from tests.lift.pythons import available_bands

    bands = available_bands()
    if not bands:
        pytest.skip("no legacy Python installed")
    cases = [(template.format("x"), fn) for template, fn in UNARY.values()]
    cases += [(template.format("x", "K.tanh(x)"), lambda v, fn=fn: fn(v, np.tanh(v))) for template, fn in BINARY.values()]
    cases += [(template.format("x"), fn) for template, fn in FINAL.values() if template != "{}"]
    for band in (bands[0], bands[-1]):
        blobs = compile_lambdas(band, [f"f = lambda x: {source}" for source, _ in cases])
        functions = [read_lambda(lambda_config(blob), 1).function for blob in blobs]
        x, outputs = _lifted_outputs(functions)
        for (source, fn), actual in zip(cases, outputs, strict=True):
            np.testing.assert_allclose(actual, fn(x.copy()), rtol=1e-6, atol=1e-7, err_msg=f"{band}: {source}")


def _assert_refused_with_stub(reading, source):
    from migrate.translate.lambdas import lower

    with pytest.raises(MigrateError, match="migrate cannot read as a built-in operation|no exact built-in form"):
        lower(reading.function, [(None, *SHAPE)])
    config = {"name": "odd", "function": ["", None, None], "function_type": "lambda"}
    stub = render_stubs(Path("model.h5"), [("odd", config, 1, "its code cannot be read")])
    compile(stub, "model_lambdas.py", "exec")  # valid Python, never run
    assert "def odd(x):" in stub and "--lambda odd=model_lambdas:odd" in stub
    assert source.split("(")[0] in (reading.source or "")


def _space_to_depth(v, block=2):
    n, h, w, c = v.shape
    return v.reshape(n, h // block, block, w // block, block, c).transpose(0, 1, 3, 2, 4, 5).reshape(
        n, h // block, w // block, block * block * c)


def _depth_to_space(v, block=2):
    n, h, w, c = v.shape
    return v.reshape(n, h, w, block, block, c // (block * block)).transpose(0, 1, 3, 2, 4, 5).reshape(
        n, h * block, w * block, c // (block * block))


IMAGE_CASES = [
    ("tf.space_to_depth(x, 2)", _space_to_depth),
    ("tf.nn.depth_to_space(x, block_size=2)", _depth_to_space),
    ("x[:, 1:-1, 2:, :]", lambda v: v[:, 1:-1, 2:, :]),
    ("K.resize_images(x, 2, 3, 'channels_last')", lambda v: v.repeat(2, axis=1).repeat(3, axis=2)),
    ("K.mean(x, axis=[1, 2])", lambda v: v.mean(axis=(1, 2), dtype=F32)),
    ("K.sum(K.square(x), axis=-1, keepdims=True)", lambda v: (v * v).sum(axis=-1, keepdims=True, dtype=F32)),
    ("K.expand_dims(x[:, 0], 1)", lambda v: v[:, 0][:, None]),
]


def test_image_patterns_are_exact():
    """The shape-changing image patterns on a (4, 6, 8) image, from the oldest and newest Python here."""
    from tests.lift.pythons import available_bands

    bands = available_bands()
    if not bands:
        pytest.skip("no legacy Python installed")
    from migrate.rebuild.runtime import start_keras

    start_keras()
    import keras

    from migrate.rebuild.lifted import LiftedLambda

    x = np.random.default_rng(1).uniform(-2, 2, (3, 4, 6, 8)).astype(F32)
    for band in (bands[0], bands[-1]):
        blobs = compile_lambdas(band, [f"f = lambda x: {source}" for source, _ in IMAGE_CASES])
        inp = keras.Input((4, 6, 8))
        taken: set[str] = set()
        outputs = [LiftedLambda(f"image_{i}", read_lambda(lambda_config(blob), 1).function, taken)([inp])
                   for i, blob in enumerate(blobs)]
        for (source, fn), actual in zip(IMAGE_CASES, keras.Model(inp, outputs)(x), strict=True):
            np.testing.assert_allclose(np.asarray(actual), fn(x.copy()), rtol=1e-6, atol=1e-7,
                                       err_msg=f"{band}: {source}")
