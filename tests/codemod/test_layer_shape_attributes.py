"""layer_shape_attributes: must-not-change cases first, then before/after, then the shapes a model's layers report
under Keras 2.3.1 and, rewritten, under Keras 3."""

from __future__ import annotations

import textwrap

import numpy as np
import pytest

from tests.codemod.helpers import assert_rewrites, assert_unchanged, legacy37, probe_under_both, rewrite

RULE = "layer_shape_attributes"


def test_a_models_shapes_and_receivers_not_known_to_be_layers_stay():
    assert_unchanged("""
        import keras
        shape = model.output_shape
        first = base_model.input_shape[1:]
        other = thing.output_shape
        for name in model.layers:
            name = lookup(name)
            print(name.output_shape)
    """, RULE)


def test_a_file_with_its_own_output_shape_is_left_alone():
    assert_unchanged("""
        import keras
        class Block:
            def output_shape(self):
                return (1,)
        print(net.layers[0].output_shape)
    """, RULE)


def test_a_layers_shapes_become_its_tensors_shapes():
    assert_rewrites("""
        from keras.models import Model
        n = model.layers[-1].output_shape[1]
        m = model.get_layer('conv').input_shape
        for layer in model.layers:
            print(layer.name, layer.output_shape)
        for i, layer in enumerate(base.layers[:10]):
            print(i, layer.input_shape, layer.output_shape)
        shapes = [each.output_shape for each in model.layers if each.trainable]
    """, """
        from keras.models import Model
        n = model.layers[-1].output.shape[1]
        m = model.get_layer('conv').input.shape
        for layer in model.layers:
            print(layer.name, layer.output.shape)
        for i, layer in enumerate(base.layers[:10]):
            print(i, layer.input.shape, layer.output.shape)
        shapes = [each.output.shape for each in model.layers if each.trainable]
    """, RULE)


PROBE = textwrap.dedent("""
    import sys
    import numpy as np
    from keras.models import Model, Sequential
    from keras.layers import Input, Dense, Conv2D, Flatten

    inputs = Input((8, 8, 3))
    x = Conv2D(4, (3, 3), name="conv")(inputs)
    outputs = Dense(2)(Flatten()(x))
    functional = Model(inputs, outputs)
    sequential = Sequential([Dense(5, input_shape=(7,)), Dense(1)])
    shapes = []
    for layer in functional.layers:
        shapes.append(layer.output_shape)
    for i, layer in enumerate(sequential.layers):
        shapes.append(layer.input_shape)
    shapes.append(functional.get_layer("conv").input_shape)
    shapes.append(sequential.layers[-1].output_shape)
    flat = np.array([-1 if d is None else d for shape in shapes for d in shape] + [len(s) for s in shapes])
    np.savez(sys.argv[2], shapes=flat)
    print("ok")
""")


def test_the_shapes_are_keras_2_3_1_s(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text(PROBE)
    weights = tmp_path / "unused.npz"
    np.savez(weights, unused=np.zeros(1))
    got, target = probe_under_both(legacy37(), probe, weights, tmp_path, ("shapes",))
    assert ".output_shape" not in target.read_text() and len(got["shapes"]) > 10


@pytest.mark.parametrize(("source", "work"), [
    ("import keras\nmodel.add(Dense(4, input_shape=(3,)))\n", False),  # a keyword, not the attribute
    ("import keras\nn = model.layers[-1].output_shape\n", True),
    ("import keras\nn = model.layers[-1]. input_shape\n", True),
    ("import keras\nn = (model.get_layer('a').\n     output_shape)\n", True),
    ("import keras\nn = model.layers[-1] \\\n    .output_shape\n", True),
])
def test_the_text_trigger_lets_every_spelling_of_the_read_through(source, work):
    # what the trigger lets through is parsed; a file it keeps out must have nothing to rewrite
    from migrate.codemod.rules.layer_shape_attributes import LayerShapeAttributes
    assert LayerShapeAttributes.triggered(source.encode()) is work
    if work:
        assert rewrite(source, RULE)[0] != source
