"""Wild legacy HDF5 files (../shared/wild_models: Teachable Machine exports, tf.keras 2.x checkpoints, a Keras
2.0.5 Theano model) convert with no options, and the written file, loaded by stock Keras 3 in safe mode,
reproduces the legacy stack's outputs within 1e-4 + 1e-6 * |ref| per element. Skipped when the sample is
absent. (.keras zips and SavedModels have their own tests.)"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from migrate.convert import ConvertOptions, convert_file
from tests.conftest import ROOT

WILD = ROOT.parent / "shared" / "wild_models"
OWN_REFS = Path(__file__).parent / "wild_refs"  # made by the legacy stack where the sample has none (README)
# file -> what it exercises
FILES = {
    "0N1cky1__teachable-machine__keras_model.h5": "DepthwiseConv2D groups=1 (tf.keras 2.4)",
    "963n__TeachableMachine-Water-Classification__keras_model.h5": "DepthwiseConv2D groups=1 (tf.keras 2.4)",
    "A-Knight__TeachableMachine__keras_model.h5": "DepthwiseConv2D groups=1 (tf.keras 2.4)",
    "21skar4__SAR-despeckling__model__model.h5": "TFOpLambda with a keyword tensor; Lambda with tf.constant",
    "2244shek__RTSLD---LSTM-Dense-NN__model.h5": "tf.keras 2.13 metrics and Custom>Adam state",
    "amitojdeep__deep-stock-preds__model.hdf5": "Keras 2.0.5 Theano, numpy-encoded LeakyReLU alpha",
    "May4m__sequence-variational-autoencoder__encoder.h5": "Keras 2.1.2 Lambda args[0] + K.exp(args[1]) (global K)",
    "DCodezy__DeepLearningPlayground__models__WaP_model1.00.hdf5": "Keras 1.2.2 list-style Sequential LSTM",
    "1524045patrick__CarND-BehavioiurCloning-P3__model.h5": "Keras 2.0.6 raw marshal Lambda x / 255 - 0.5",
    "The-Nightwing__Emojifier__model.hdf5": "tf.keras 2.3.0-tf LSTM time_major",
    "nakahatar111__1D_GAN__1D_gan.h5": "tf.keras 2.8 Sequential nesting two Sequentials",
    "CodingCoda__kerasmodelsavefile-2347824__model.hdf5": "tf.keras 2.4 keras.metrics.mse in its training config",
    "102757017__lstm-multi__model.h5": "Keras 2.3.1 Sequential LSTM (stock Keras 3 feeds it a 4-D input)",
    "Abhishe24021996__out_of_vocabulary_embeddings_rnn__model__model.h5": "Keras 2.2.5 Bidirectional(LSTM)",
}


def reference_for(name: str) -> Path | None:
    stem = Path(name).stem
    for candidate in (WILD / "refs" / f"{stem}.npz", OWN_REFS / f"{stem}.npz"):
        if candidate.exists():
            return candidate
    return None


def _params():
    return [pytest.param(name, id=name.split("__")[0] + ":" + why.split(" ")[0]) for name, why in FILES.items()]


def _converted(name: str, tmp_path: Path):
    source = WILD / "files" / name
    if not source.exists():
        pytest.skip("../shared/wild_models (the wild sample, see its MANIFEST.md) is absent")
    reference = reference_for(name)
    assert reference is not None, f"no reference for {name}"
    output = tmp_path / "out.keras"
    result = convert_file(source, ConvertOptions(output=output))  # no options: the reference is not even given
    assert result.status == "converted", result.error
    return output, reference, result


@pytest.mark.parametrize("name", _params())
def test_wild_file_converts_and_reproduces_its_reference(name, tmp_path):
    output, reference, _ = _converted(name, tmp_path)
    import keras

    model = keras.saving.load_model(output, safe_mode=True)
    arrays = np.load(reference)
    inputs = [arrays[f"in_{i}"] for i in range(sum(k.startswith("in_") for k in arrays))]
    outputs = model.predict(inputs if len(inputs) > 1 else inputs[0], verbose=0)
    outputs = outputs if isinstance(outputs, (list, tuple)) else [outputs]
    for index, actual in enumerate(outputs):
        expected = arrays[f"out_{index}"]
        excess = np.abs(np.asarray(actual) - expected) - (1e-4 + 1e-6 * np.abs(expected))
        assert excess.max() <= 0, f"output {index}: max |out - ref| {np.abs(actual - expected).max():.3g}"
    classes = {layer.__class__.__name__ for layer in model._flatten_layers()}
    assert not classes & {"Lambda", "TFOpLambda"}


def test_tf_keras_213_adam_state_lands_on_the_right_weights(tmp_path):
    """tf.keras 2.11+ stored Adam's slots weight by weight (m, v of the first weight, then the second's)."""
    output, _, result = _converted("2244shek__RTSLD---LSTM-Dense-NN__model.h5", tmp_path)
    assert result.rebuild.optimizer_slots == 30 and not result.rebuild.warnings
    import h5py
    import keras

    from migrate.rebuild.keras_compat import slot_variable

    model = keras.saving.load_model(output, safe_mode=True)
    with h5py.File(WILD / "files" / "2244shek__RTSLD---LSTM-Dense-NN__model.h5", "r") as h5:
        stored = h5["optimizer_weights"]
        for kind, weight in (("m", 1), ("v", 0), ("v", 14)):  # lstm recurrent kernel; lstm kernel; dense_2 bias
            path = f"Adam/{kind}/" + _weight_path(model.trainable_variables[weight])
            expected = np.asarray(stored[path])
            actual = slot_variable(model.optimizer, kind, model.trainable_variables[weight])
            np.testing.assert_array_equal(np.asarray(actual), expected)


def _weight_path(variable) -> str:
    """tf.keras 2.13's slot group path of a Keras 3 variable of this Sequential (`lstm/lstm_cell/kernel:0`)."""
    layer, name = variable.path.split("/")[0], variable.path.split("/")[-1]
    return f"{layer}/lstm_cell/{name}:0" if layer.startswith("lstm") else f"{layer}/{name}:0"


def test_keras_1_adam_state_follows_the_trainable_weights_sorted_by_name(tmp_path):
    """MichaelHopf's Keras 1.2.1 functional model (a Merge of three convolutions, two Lambdas): Keras 1 sorted the
    trainable weights by name before making the optimizer's slots, so both BatchNormalizations' beta and gamma
    come first. No reference: no legacy stack loads it (its Merge and Keras 1 Lambdas)."""
    source = WILD / "files" / "MichaelHopf__CarND-Behavioral-Cloning-P3__model.hdf5"
    if not source.exists():
        pytest.skip("../shared/wild_models (the wild sample, see its MANIFEST.md) is absent")
    result = convert_file(source, ConvertOptions(output=tmp_path / "out.keras"))
    assert result.status == "converted", result.error
    assert result.rebuild.optimizer_slots == 40 and not result.rebuild.warnings
    assert result.lambdas_lifted == 2
    import h5py
    import keras

    from migrate.rebuild.keras_compat import slot_variable

    model = keras.saving.load_model(tmp_path / "out.keras", safe_mode=True)
    variables = {variable.path: variable for variable in model.trainable_variables}
    with h5py.File(source, "r") as h5:
        stored = h5["optimizer_weights"]
        # sorted names: batchnormalization_73_beta, _gamma, batchnormalization_74_beta, _gamma, convolution2d_181_W...
        for kind, offset in (("m", 1), ("v", 21)):
            for index, path in enumerate(("batchnormalization_73/beta", "batchnormalization_73/gamma",
                                          "batchnormalization_74/beta", "batchnormalization_74/gamma",
                                          "convolution2d_181/kernel")):
                expected = np.asarray(stored[f"Variable_{910 + offset - 1 + index}:0"])
                actual = np.asarray(slot_variable(model.optimizer, kind, variables[path]))
                np.testing.assert_array_equal(actual, expected)
