"""Each private Keras 3 access in migrate/rebuild/keras_compat.py, pinned against the installed Keras.

When a Keras upgrade moves one of these, the test of that access fails by name."""

from __future__ import annotations

import keras
import numpy as np
import pytest

from migrate.rebuild import keras_compat
from migrate.translate.training import SLOT_KINDS


def test_keras_mask_reads_the_mask_an_embedding_puts_on_its_output():
    tokens = keras.Input((5,), dtype="int32")
    masked = keras.layers.Embedding(10, 3, mask_zero=True)(tokens)
    plain = keras.layers.Dense(2)(keras.Input((3,)))
    assert keras_compat.keras_mask(masked) is not None
    assert keras_compat.keras_mask(plain) is None


def test_sublayers_reach_an_rnn_cell_and_a_wrapped_layer():
    lstm = keras.layers.Bidirectional(keras.layers.LSTM(3))
    lstm.build((None, 4, 2))
    names = {type(layer).__name__ for layer in keras_compat.sublayers(lstm)}
    assert {"Bidirectional", "LSTM", "LSTMCell"} <= names


@pytest.mark.parametrize("optimizer", sorted(SLOT_KINDS))
def test_every_legacy_slot_kind_names_a_keras3_slot_list(optimizer):
    """Each slot kind translate/training.py knows maps to the list Keras 3 keeps, one slot per variable."""
    arguments = {"Adam": {"amsgrad": True}, "SGD": {"momentum": 0.9}}.get(optimizer, {})
    instance = getattr(keras.optimizers, optimizer)(**arguments)
    variables = [keras.Variable(np.zeros((2, 3), "float32")), keras.Variable(np.zeros((4,), "float32"))]
    instance.build(variables)
    kinds = max(SLOT_KINDS[optimizer].values(), key=len)
    for kind in kinds:
        assert keras_compat.keeps_slot(instance, kind), (optimizer, kind)
        for variable in variables:
            assert tuple(keras_compat.slot_variable(instance, kind, variable).shape) == tuple(variable.shape)


def test_slots_an_optimizer_does_not_keep_are_said_so():
    adam, sgd = keras.optimizers.Adam(), keras.optimizers.SGD()
    variables = [keras.Variable(np.zeros((2,), "float32"))]
    adam.build(variables)
    sgd.build(variables)
    assert not keras_compat.keeps_slot(adam, "vhat") and not keras_compat.keeps_slot(sgd, "momentum")


def test_resource_handle_is_the_variables_tensorflow_handle():
    import tensorflow as tf

    variable = keras.Variable(np.arange(6, dtype="float32").reshape(3, 2))
    handle, dtype = keras_compat.resource_handle(variable)
    rows = tf.raw_ops.ResourceGather(resource=handle, indices=[2], dtype=dtype)
    np.testing.assert_array_equal(rows.numpy(), [[4.0, 5.0]])


def test_streaming_hook_exists_and_is_restored():
    from keras.src.saving import saving_lib

    original = saving_lib.is_memory_sufficient
    assert callable(saving_lib.weight_memory_size)
    with keras_compat.streaming_large_weights():
        assert saving_lib.is_memory_sufficient is not original
    assert saving_lib.is_memory_sufficient is original


def test_skipsets_are_keras_own_computed_once_and_the_hook_restored(monkeypatch):
    from keras.src.saving import saving_lib

    original = saving_lib.get_attr_skipset
    calls = []
    monkeypatch.setattr(saving_lib, "get_attr_skipset", lambda obj_type: calls.append(obj_type) or original(obj_type))
    counted = saving_lib.get_attr_skipset
    with keras_compat.skipsets_computed_once():
        first = saving_lib.get_attr_skipset("Layer")
        assert saving_lib.get_attr_skipset("Layer") is first
        assert first == original("Layer")  # Keras's own set, not one of ours
    assert calls == ["Layer"]  # the second lookup did not build another reference Layer
    assert saving_lib.get_attr_skipset is counted


def test_skipsets_are_remembered_from_one_conversion_to_the_next(monkeypatch):
    from keras.src.saving import saving_lib

    original = saving_lib.get_attr_skipset
    calls = []
    monkeypatch.setattr(saving_lib, "get_attr_skipset", lambda obj_type: calls.append(obj_type) or original(obj_type))
    with keras_compat.skipsets_computed_once():
        first = saving_lib.get_attr_skipset("Optimizer")
    with keras_compat.skipsets_computed_once():  # the next conversion in the same process (a zoo's batch)
        assert saving_lib.get_attr_skipset("Optimizer") is first
    assert calls == ["Optimizer"]  # one reference Optimizer (and its TensorFlow variables) for both
    assert first == original("Optimizer")


def test_a_save_and_reload_under_remembered_skipsets_is_the_stock_one(tmp_path):
    inputs = keras.Input((3,))
    model = keras.Model(inputs, keras.layers.Dense(2)(inputs))
    model.compile(optimizer="adam", loss="mse", metrics=["mae"])
    model.optimizer.build(model.trainable_variables)
    model.save(tmp_path / "stock.keras")
    with keras_compat.skipsets_computed_once():
        model.save(tmp_path / "remembered.keras")
        reloaded = keras.saving.load_model(tmp_path / "remembered.keras", safe_mode=True)
    stock = keras.saving.load_model(tmp_path / "stock.keras", safe_mode=True)
    assert [v.path for v in reloaded.variables] == [v.path for v in stock.variables]
    assert len(reloaded.optimizer.variables) == len(stock.optimizer.variables) > 1
    for a, b in zip(reloaded.weights, stock.weights, strict=True):
        np.testing.assert_array_equal(np.asarray(a), np.asarray(b))


def test_constants_as_variables_holds_a_normalizations_mean_and_variance_meanwhile():
    import tensorflow as tf

    from migrate.rebuild.keras_compat import constants_as_variables

    layer = keras.layers.Normalization(mean=[1.0, 2.0], variance=[4.0, 9.0])
    model = keras.Sequential([keras.Input((2,)), layer])
    before = np.asarray(model(np.ones((1, 2), np.float32)))
    with constants_as_variables(model):
        assert isinstance(layer.mean, tf.Variable) and isinstance(layer.variance, tf.Variable)
        assert np.array_equal(np.asarray(model(np.ones((1, 2), np.float32))), before)
    assert isinstance(layer.mean, tf.Tensor) and not isinstance(layer.mean, tf.Variable)


# Every Keras 3 optimizer, with the settings that add slots (momentum, centered, amsgrad, EMA, accumulation).
BUILDS = [("Adam", {}), ("Adam", {"amsgrad": True}), ("SGD", {}), ("SGD", {"momentum": 0.9}), ("RMSprop", {}),
          ("RMSprop", {"momentum": 0.5, "centered": True}), ("Adagrad", {"initial_accumulator_value": 0.1}),
          ("Adamax", {}), ("Adadelta", {}), ("Nadam", {}), ("AdamW", {}), ("Ftrl", {}), ("Lion", {}),
          ("Adafactor", {}), ("Lamb", {}), ("Muon", {}), ("Adam", {"use_ema": True}),
          ("SGD", {"momentum": 0.9, "gradient_accumulation_steps": 2})]


@pytest.mark.parametrize(("name", "arguments"), BUILDS, ids=[f"{n}{sorted(a)}" for n, a in BUILDS])
def test_array_slots_are_what_keras_builds(name, arguments):
    """Keras's own build with NumPy slots gives the variables a stock build gives, in the same order, with the same
    shapes, dtypes and initial values (zeros, Adagrad's and Ftrl's constants, Nadam's ones), byte for byte."""
    if not hasattr(keras.optimizers, name):
        pytest.skip(f"this Keras has no {name}")
    weights = [keras.Variable(np.ones((2, 3), "float32"), name="kernel"), keras.Variable(np.ones((4,), "float32")),
               keras.Variable(np.ones((3, 5), "float32"))]
    stock, arrays = (getattr(keras.optimizers, name)(**arguments) for _ in range(2))
    stock.build(weights)
    keras_compat.build_with_array_slots(arrays, weights)
    assert "add_variable" not in vars(arrays)  # Keras's method is back
    assert len(arrays.variables) == len(stock.variables)
    for mine, theirs in zip(arrays.variables, stock.variables, strict=True):
        value = keras.ops.convert_to_numpy(theirs)
        mine_value = np.asarray(mine)
        assert (mine_value.shape, mine_value.dtype) == (value.shape, value.dtype), theirs.path
        assert mine_value.tobytes() == value.tobytes(), theirs.path
    # the slots are arrays (what a build makes beside them, Nadam's u_product, Adafactor's scalars, stays Keras's)
    made = [v for v in arrays.variables if isinstance(v, keras_compat.SlotArray)]
    assert bool(made) == (len(stock.variables) > 2), [v.path for v in stock.variables]


def test_an_array_slot_takes_values_as_a_keras_variable_does():
    optimizer = keras.optimizers.Adam()
    weight = keras.Variable(np.zeros((2, 3), "float32"))
    keras_compat.build_with_array_slots(optimizer, [weight])
    slot = keras_compat.slot_variable(optimizer, "m", weight)
    slot.assign(np.arange(6, dtype="float64").reshape(2, 3))
    assert slot.numpy().dtype == np.float32 and slot.numpy().tolist() == [[0, 1, 2], [3, 4, 5]]
    with pytest.raises(ValueError, match="shape"):
        slot.assign(np.zeros((3, 2), "float32"))


def _h5_objects(path) -> dict:
    """Every group and dataset of a .keras file's model.weights.h5: for a dataset its dtype, shape, bytes,
    attributes and creation properties (layout, chunks, filters, fill value, timestamps); for a group its attributes
    and members; the link's character set."""
    import io
    import zipfile

    import h5py

    found = {}
    with zipfile.ZipFile(path) as archive, h5py.File(io.BytesIO(archive.read("model.weights.h5")), "r") as h5:
        def visit(name, item):
            link = h5.id.links.get_info(name.encode()).cset
            if isinstance(item, h5py.Dataset):
                plist = item.id.get_create_plist()
                found[name] = ("dataset", item.dtype.str, item.dtype.kind, item.shape, item[()].tobytes(),
                               dict(item.attrs), plist.get_layout(), item.chunks, item.compression,
                               item.fillvalue.tobytes() if hasattr(item.fillvalue, "tobytes") else item.fillvalue,
                               plist.get_obj_track_times(), link)
            else:
                found[name] = ("group", dict(item.attrs), sorted(item), link)
        h5.visititems(visit)
    return found


def _varied_model() -> keras.Model:
    """A compiled model with float32 kernels, an int64 step, scalars, a vector and an RNN cell's weights, its
    optimizer built and its slots not zero."""
    tokens = keras.Input((5,), dtype="int32")
    x = keras.layers.Embedding(7, 4)(tokens)
    x = keras.layers.LSTM(3)(x)
    x = keras.layers.BatchNormalization()(x)
    model = keras.Model(tokens, keras.layers.Dense(2)(x))
    model.compile(optimizer=keras.optimizers.Adam(amsgrad=True), loss="mse", metrics=["mae"])
    model.optimizer.build(model.trainable_variables)
    for i, variable in enumerate(model.optimizer.variables):
        variable.assign(np.full(variable.shape, i + 1, variable.dtype))
    return model


def test_datasets_written_directly_are_the_datasets_h5py_writes(tmp_path):
    """Every group and dataset of the weights file, with its dtype, bytes, attributes and creation properties, is
    what Keras's own save writes; the file loads compiled in stock Keras, and the hook is put back."""
    from keras.src.saving import saving_lib

    model = _varied_model()
    model.save(tmp_path / "stock.keras")
    original = saving_lib.H5IOStore.__setitem__
    with keras_compat.datasets_written_directly():
        assert saving_lib.H5IOStore.__setitem__ is not original
        model.save(tmp_path / "direct.keras")
    assert saving_lib.H5IOStore.__setitem__ is original
    stock, direct = _h5_objects(tmp_path / "stock.keras"), _h5_objects(tmp_path / "direct.keras")
    assert len([kind for kind, *_ in direct.values() if kind == "dataset"]) > 20
    assert direct == stock
    reloaded = keras.saving.load_model(tmp_path / "direct.keras", safe_mode=True)
    assert [np.asarray(v).tobytes() for v in reloaded.optimizer.variables] == [
        np.asarray(v).tobytes() for v in model.optimizer.variables]
    assert [np.asarray(v).tobytes() for v in reloaded.weights] == [np.asarray(v).tobytes() for v in model.weights]


def test_a_value_not_written_directly_is_keras_own_write(tmp_path):
    """bfloat16 (which Keras tags with an attribute) goes through Keras's own `__setitem__`."""
    from keras.src.saving import saving_lib

    with keras_compat.datasets_written_directly():
        store = saving_lib.H5IOStore(tmp_path / "w.h5", mode="w")
        store.make("layers/x")
        store["0"] = keras.ops.ones((2,), dtype="bfloat16")
        store["1"] = np.arange(3, dtype="float32")
        store.close()
    import h5py

    with h5py.File(tmp_path / "w.h5", "r") as h5:
        assert h5["layers/x/vars/0"].attrs["dtype"] == "bfloat16"
        assert h5["layers/x/vars/1"][()].tolist() == [0, 1, 2]
