"""Every private Keras 3 attribute migrate touches, in one place, each pinned by a test.

Keras 3 offers no public way to do these few things; each function says what it needs and why, and
`tests/rebuild/test_keras_compat.py` checks each one against the installed Keras, so an upgrade that
moves one fails there, by name, instead of somewhere in a conversion.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import h5py
import keras
import numpy as np

# Keras 3 keeps each optimizer's per-variable slots in private lists; the legacy slot kinds (see
# translate/training.py) map to these attributes. SGD's list is public (and absent without momentum).
SLOT_ATTRIBUTES: dict[str, dict[str, str]] = {
    "Adam": {"m": "_momentums", "v": "_velocities", "vhat": "_velocity_hats"},
    "SGD": {"momentum": "momentums"},
    "RMSprop": {"velocity": "_velocities"},
    "Adagrad": {"accumulator": "_accumulators"},
    "Adamax": {"m": "_m", "u": "_u"},
    "Adadelta": {"accumulated_grad": "_accumulated_grads", "accumulated_delta": "_accumulated_delta_vars"},
}
# Above this size Keras saves and loads weights through a temporary file rather than memory.
STREAM_ABOVE_BYTES = 64 * 2**20


def keras_mask(tensor: Any) -> Any:
    """The mask riding on a symbolic tensor (from mask_zero Embeddings, Masking...), or None.

    Keras 3 fills a layer's `mask` argument by itself only when the call has one tensor argument;
    an RNN given `initial_state` has two, so rebuild passes the mask itself, as Keras 2 did.
    """
    return keras.src.backend.get_keras_mask(tensor)


def set_keras_mask(tensor: Any, mask: Any) -> None:
    """Put a mask on a symbolic tensor made by keras.ops (which carry none), so the layers after it
    are masked as they were when the tensor came straight from the RNN."""
    keras.src.backend.set_keras_mask(tensor, mask)


def sublayers(layer: keras.layers.Layer) -> list[keras.layers.Layer]:
    """The layer and every layer inside it (an RNN's cell, a wrapper's inner layers), at any depth.

    Initializers must be set on the object that holds them (an LSTM's are its cell's).
    """
    return list(layer._flatten_layers(include_self=True, recursive=True))


def keeps_slot(optimizer: keras.optimizers.Optimizer, kind: str) -> bool:
    """Whether this built optimizer keeps slots of `kind` (a key of SLOT_ATTRIBUTES[its class]); Adam
    keeps no vhat without amsgrad, SGD no momentum without momentum."""
    return bool(_slots(optimizer, kind))


def slot_variable(optimizer: keras.optimizers.Optimizer, kind: str, variable: keras.Variable) -> Any:
    """The built optimizer's slot of `kind` for `variable` (None where it keeps none for it)."""
    return _slots(optimizer, kind)[optimizer._get_variable_index(variable)]


def _slots(optimizer: keras.optimizers.Optimizer, kind: str) -> Any:
    attribute = SLOT_ATTRIBUTES.get(type(optimizer).__name__, {}).get(kind)
    return getattr(optimizer, attribute, None) if attribute else None


class SlotArray:
    """An optimizer slot held as a NumPy array, where Keras would make a backend variable (about 1.5 ms each: a
    third of a compiled load, 104 of them on an Xception). What saving reads of a slot is `numpy()`; what
    carrying the legacy state writes is `assign`, shape-checked and cast to the slot's dtype as a Keras variable
    does. Only for a converted model, which is saved and never trained."""

    def __init__(self, value: np.ndarray, name: str | None) -> None:
        self.value = value
        self.name = name
        self.shape = value.shape
        self.dtype = value.dtype.name

    def assign(self, value: Any) -> None:
        array = np.asarray(value)
        if array.shape != self.shape:
            raise ValueError(f"slot {self.name} has shape {self.shape}; the value assigned, {array.shape}")
        self.value = array.astype(self.dtype, copy=False)

    def numpy(self) -> np.ndarray:
        return self.value

    def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
        return self.value if dtype is None else self.value.astype(dtype)


def build_with_array_slots(optimizer: keras.optimizers.Optimizer, variables: list[keras.Variable]) -> None:
    """Build `optimizer` over `variables` by its own `build` (so the slots, their kinds, order, shapes, dtypes and
    initial values are the ones Keras makes, for any optimizer and settings), each slot a SlotArray.

    The build asks `self.add_variable` for every slot (`add_variable_from_reference` and `add_optimizer_variables`
    come down to it); for the duration, the instance's `add_variable` makes the slot's initial value with the
    slot's own initializer (zeros without computing them) and tracks it where Keras tracks variables
    (`_variables`, what `variables` and `save_own_variables` read). A dtype NumPy does not know (bfloat16) gets
    Keras's own variable. `iterations` and the learning rate stay Keras variables (made with the optimizer).
    """
    stock = optimizer.add_variable

    def add_variable(shape: Any, initializer: Any = "zeros", dtype: Any = None, aggregation: str = "none",
                     layout: Any = None, name: str | None = None) -> Any:
        dtype = keras.backend.standardize_dtype(dtype or keras.backend.floatx())
        if dtype not in NUMPY_SLOT_DTYPES:
            return stock(shape, initializer=initializer, dtype=dtype, aggregation=aggregation, layout=layout,
                         name=name)
        slot = SlotArray(_initial_value(keras.initializers.get(initializer), tuple(shape), dtype), name)
        optimizer._variables.append(slot)
        return slot

    optimizer.add_variable = add_variable
    try:
        optimizer.build(variables)
    finally:
        del optimizer.add_variable


# The slot dtypes a SlotArray holds (NumPy's own names, as Keras standardizes them).
NUMPY_SLOT_DTYPES = frozenset({"float16", "float32", "float64", "int8", "int16", "int32", "int64", "uint8", "bool"})


def _initial_value(initializer: Any, shape: tuple[int, ...], dtype: str) -> np.ndarray:
    """What the initializer gives a variable of this shape and dtype; zeros and constants without a backend op."""
    if isinstance(initializer, keras.initializers.Zeros):
        return np.zeros(shape, dtype)
    if type(initializer) is keras.initializers.Constant:
        return np.full(shape, keras.ops.convert_to_numpy(initializer.value), dtype)
    return np.asarray(keras.ops.convert_to_numpy(initializer(shape, dtype=dtype)), dtype)


def resource_handle(variable: keras.Variable) -> tuple[Any, Any] | None:
    """The TensorFlow resource handle and dtype behind a Keras variable, or None on other backends.

    Sliced writes through the handle (TensorFlow's own op) let a 500 MB weight land 16 MiB at a time;
    slicing the variable object would read (alias) it first, and every write would copy all of it.
    """
    if keras.backend.backend() != "tensorflow":
        return None
    value = getattr(variable, "_value", None)
    handle = getattr(value, "handle", None)
    return None if handle is None else (handle, value.dtype)


@contextmanager
def streaming_large_weights() -> Iterator[None]:
    """Make Keras 3 stream weights through a file instead of holding them in memory, for large models.

    Keras decides with `saving_lib.is_memory_sufficient`, which says yes whenever RAM is free, and then
    keeps two in-memory copies of the whole weights file while saving or loading. Above 64 MiB we take
    its disk path (its temporary file lands in our staging folder). If Keras renames the hook, this
    does nothing and only memory use suffers (and the pinning test fails).
    """
    try:
        from keras.src.saving import saving_lib
    except ImportError:
        yield
        return
    original = getattr(saving_lib, "is_memory_sufficient", None)
    if original is None:
        yield
        return
    saving_lib.is_memory_sufficient = lambda model: saving_lib.weight_memory_size(model.variables) < STREAM_ABOVE_BYTES
    try:
        yield
    finally:
        saving_lib.is_memory_sufficient = original


# Keras's attribute skip sets, by the function that computed them and the kind of object (skipsets_computed_once).
REMEMBERED_SKIPSETS: dict[tuple[Any, str], Any] = {}


@contextmanager
def skipsets_computed_once() -> Iterator[None]:
    """Let Keras 3's save and load walk compute each kind of object's attribute skip set once, not once per layer.

    `saving_lib._walk_saveable` asks `get_attr_skipset(obj_type)` for every object it visits; that builds a
    throwaway reference object (a `Layer()`, an `Optimizer(1.0)`, a `Metric()`) and lists its attributes, then
    stores the set under a key the lookup never reads (`saving_attr_skipset_` stored, `saving_attr_skiplist_`
    read, Keras 3.15), so each save and each load pays one reference object per layer: about 2 ms each, a
    fifth of a small model's save. The sets are Keras's own, computed by its function, the same every time (the
    attribute names of a fresh reference object of a Keras class): here they are remembered for the process (per
    function, so a replaced one computes its own), used for the duration (saving and the stock reload check),
    then Keras is as it was. A batch (the zoo) builds each reference object once, not once per conversion: the
    reference Optimizer alone makes TensorFlow variables, about 3.5 ms of each compiled file's conversion.
    If Keras renames the function, this does nothing (and the pinning test fails).
    """
    try:
        from keras.src.saving import saving_lib
    except ImportError:
        yield
        return
    original = getattr(saving_lib, "get_attr_skipset", None)
    if original is None:
        yield
        return
    def remembered(obj_type: str) -> Any:
        key = (original, obj_type)
        if key not in REMEMBERED_SKIPSETS:
            REMEMBERED_SKIPSETS[key] = original(obj_type)
        return REMEMBERED_SKIPSETS[key]

    saving_lib.get_attr_skipset = remembered
    try:
        yield
    finally:
        saving_lib.get_attr_skipset = original


@contextmanager
def datasets_written_directly() -> Iterator[None]:
    """Let Keras 3's save write each weight's dataset through h5py's low-level calls: the same dataset (dtype,
    shape, bytes, no attributes, contiguous, no timestamps), without the Python objects h5py's high-level
    `group[key] = array` makes for each (a dataset object, property lists, a fill-value check): 0.4 of the time
    per dataset, and a save writes one per weight and per optimizer variable (186 on an Adam-trained Xception).

    Keras's `H5IOStore.__setitem__` converts the value with the backend and stores it under its entry group; here
    that store (exactly that class, writing) gets the same conversion and the low-level write for a plain NumPy
    number dtype, and Keras's own method for anything else (bfloat16, which Keras tags with an attribute).
    Reading is untouched: the stock reload check reads what was written as any user's `load_model` does.
    If Keras renames what this relies on, this does nothing (and the pinning test fails).
    """
    try:
        from keras.src.saving import saving_lib
    except ImportError:
        yield
        return
    store = getattr(saving_lib, "H5IOStore", None)
    original = getattr(store, "__setitem__", None)
    if original is None:
        yield
        return

    def setitem(self: Any, key: str, value: Any) -> None:
        if type(self) is not store or getattr(self, "mode", None) not in ("w", "a"):
            return original(self, key, value)
        if not self._h5_entry_initialized:
            self._create_h5_group(self._h5_entry_path)
        array = keras.src.backend.convert_to_numpy(value)
        group = self._h5_entry_group
        if not isinstance(array, np.ndarray) or array.dtype.name not in NUMPY_SLOT_DTYPES or not isinstance(
                group, h5py.Group) or not key.isascii():
            return original(self, key, array)
        write_dataset(group, key, array)
        return None

    store.__setitem__ = setitem
    try:
        yield
    finally:
        store.__setitem__ = original


def write_dataset(group: h5py.Group, name: str, array: np.ndarray) -> None:
    """`group[name] = array` as h5py writes it (an anonymous contiguous dataset of the array's own type, no
    timestamps, linked under the ASCII name), in its low-level calls."""
    if not array.flags.c_contiguous:  # (ascontiguousarray would make a scalar a vector of 1)
        array = np.ascontiguousarray(array)
    space = h5py.h5s.create_simple(array.shape) if array.shape else h5py.h5s.create(h5py.h5s.SCALAR)
    creation = h5py.h5p.create(h5py.h5p.DATASET_CREATE)
    creation.set_obj_track_times(False)
    dataset = h5py.h5d.create(group.id, None, h5py.h5t.py_create(array.dtype, logical=1), space, dcpl=creation)
    if array.size:
        dataset.write(h5py.h5s.ALL, h5py.h5s.ALL, array)
    link = h5py.h5p.create(h5py.h5p.LINK_CREATE)
    link.set_create_intermediate_group(True)
    h5py.h5o.link(dataset, group.id, name.encode("ascii"), lcpl=link)


# Layers that keep constants they were given or adapted to as plain tensors on the layer (Keras 3 computes them
# once, in build or finalize_state): the attributes, by class.
CAPTURED_CONSTANTS = {"Normalization": ("mean", "variance")}


@contextmanager
def constants_as_variables(model: keras.Model) -> Iterator[None]:
    """Meanwhile, each such constant is a non-trainable TensorFlow variable holding the same values.

    A traced function captures a plain tensor as an extra input; tf2onnx freezes captured variables into the
    graph but leaves captured tensors as graph inputs, so an adapted Normalization's ONNX file wanted its mean and
    variance fed at every call (41Leahcim). Read the same way, the outputs are the same; restored afterwards.
    """
    import tensorflow as tf

    saved = []
    for layer in sublayers(model):
        for name in CAPTURED_CONSTANTS.get(type(layer).__name__, ()):
            value = getattr(layer, name, None)
            if isinstance(value, tf.Tensor):
                saved.append((layer, name, value))
                setattr(layer, name, tf.Variable(value, trainable=False))
    try:
        yield
    finally:
        for layer, name, value in saved:
            setattr(layer, name, value)

