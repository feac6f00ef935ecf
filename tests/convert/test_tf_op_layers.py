"""TensorFlowOpLayers: mapped to keras.ops (the sample reproduces in test_samples), or, for an op
migrate does not map, replaced by the user's own function the same way a Lambda is."""

from migrate.convert import ConvertOptions, convert_file
from migrate.verify import within
from tests.conftest import sample

SOURCE = sample("tfk23_mgpu2_tf_ops.h5")


def test_an_op_layer_can_be_replaced_by_the_users_function(tmp_path):
    options = ConvertOptions(output=tmp_path / "out.keras", reference=SOURCE.with_suffix(".npz"),
                             lambdas=("tf_op_layer_Square=tests.convert.legacy_functions:square",))
    result = convert_file(SOURCE, options)
    assert result.status == "converted", result.error
    assert result.within_tolerance
    assert any("tf_op_layer_Square: TensorFlow op replaced by your function" in note for note in result.rebuild.notes)
    assert any("custom_objects" in note for note in result.rebuild.notes)


def test_the_broadcasting_add_is_written_so_that_eager_calls_are_right(converted_samples):
    """Keras 3's TensorFlow add takes a (batch, 1) operand for a bias when batch == width (8 here):
    eager calls on such a batch went wrong by 0.0164 before the add was written as x - (-y)."""
    import keras
    import numpy as np

    result = converted_samples["tfk23_mgpu2_tf_ops.h5"]
    assert any("broadcasting add written as x - (-y)" in note for note in result.rebuild.notes)
    model = keras.saving.load_model(result.output)
    bundle = np.load(SOURCE.with_suffix(".npz"))
    assert bundle["in_0"].shape[0] == 8
    eager = np.asarray(model(bundle["in_0"]))
    assert within([eager], [bundle["out_0"]])
