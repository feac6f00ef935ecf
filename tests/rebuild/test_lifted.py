"""A lifted Lambda in a Keras 3 model: named as the Lambda was, masks dropped as Keras 2's Lambda dropped
them, and saved and reloaded by stock Keras 3 in safe mode."""

from __future__ import annotations

import numpy as np

from migrate.lift.ir import BinOp, Call, Const, Input, LiftedFunction
from migrate.rebuild.runtime import start_keras

start_keras()
import keras  # noqa: E402

from migrate.rebuild.keras_compat import keras_mask  # noqa: E402
from migrate.rebuild.lifted import LiftedLambda  # noqa: E402

DOUBLE = LiftedFunction(("x",), 1, BinOp("*", Input(0), Const(2.0)), "3.6-3.7", "<lambda>")
MEAN = LiftedFunction(("x",), 1, Call("K.mean", "keras.backend.mean", (Input(0),), (("axis", Const(1)),)),
                      "3.6-3.7", "<lambda>")


def test_the_lambdas_name_stays_on_its_output_layer():
    inp = keras.Input((4,))
    layer_out = LiftedLambda("double", DOUBLE, set())([inp])
    op_out = LiftedLambda("mean", MEAN, set())([keras.layers.Reshape((2, 2))(inp)])
    model = keras.Model(inp, [layer_out, op_out])
    assert model.output_names == ["double", "mean"]


def test_keras_2_dropped_the_mask_at_a_lambda_and_so_does_the_lift(tmp_path):
    """Keras 2's Lambda returned no mask (compute_mask gave its `mask` argument, None). Rescaling would pass
    the Embedding's mask on to the LSTM and change its outputs on padded rows; the lift drops it."""
    tokens = keras.Input((5,), dtype="int32")
    embedded = keras.layers.Embedding(10, 3, mask_zero=True, name="embed")(tokens)
    doubled = LiftedLambda("double", DOUBLE, set())([embedded])
    assert keras_mask(embedded) is not None and keras_mask(doubled) is None
    model = keras.Model(tokens, keras.layers.LSTM(2, name="lstm")(doubled))
    unmasked = keras.Model(tokens, model.get_layer("lstm")(model.get_layer("embed")(tokens) * 2.0))
    padded = np.array([[0, 0, 3, 4, 5], [1, 2, 3, 4, 5]], dtype="int32")
    model.save(tmp_path / "m.keras")
    reloaded = keras.saving.load_model(tmp_path / "m.keras", safe_mode=True)
    expected = np.asarray(unmasked(padded))  # the LSTM runs over every step, as it did in Keras 2
    np.testing.assert_allclose(np.asarray(reloaded(padded)), expected, atol=1e-6)
    assert reloaded.get_layer("double") is not None
