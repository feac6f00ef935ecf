"""A Keras model as migrate.verify reads it: outputs and weights as NumPy arrays, on whichever backend runs it.

migrate.verify judges plain arrays and never imports Keras, so it reads what it is handed with `np.asarray`.
That works for TensorFlow's and JAX's tensors but not for PyTorch's: a tensor that requires grad (every
variable, every output of a model called outside `no_grad`) refuses `numpy()`, so `convert` under
KERAS_BACKEND=torch ended in an internal error at its first check. `keras.ops.convert_to_numpy` is the one
conversion every backend provides (it detaches, and copies off a GPU); this module applies it where Keras
hands tensors over to the checks.
"""

from __future__ import annotations

from contextlib import AbstractContextManager, nullcontext
from typing import Any

import keras
import numpy as np

from migrate.verify.checks import predict as predict_arrays


def to_numpy(value: Any) -> np.ndarray:
    """A tensor or variable of the current backend as a NumPy array."""
    return keras.ops.convert_to_numpy(value)


class NumpyWeight:
    """One of a model's variables, read as NumPy each time its `value` is asked for (never kept: a large model's
    weights are digested one at a time)."""

    def __init__(self, variable: Any) -> None:
        self.variable = variable
        self.path = variable.path

    @property
    def value(self) -> np.ndarray:
        return to_numpy(self.variable.value)


class Checked:
    """What migrate.verify's checks call a model: `inputs` (their shapes), `weights` (each with `path` and a
    NumPy `value`, in the model's order) and a call that returns NumPy arrays."""

    def __init__(self, model: keras.Model) -> None:
        self.model = model

    @property
    def inputs(self) -> list[Any]:
        return self.model.inputs

    @property
    def weights(self) -> list[NumpyWeight]:
        return [NumpyWeight(variable) for variable in self.model.weights]

    def __call__(self, inputs: Any, training: bool = False) -> Any:
        with inference():
            outputs = self.model(inputs, training=training)
        return keras.tree.map_structure(to_numpy, outputs)


def inference() -> AbstractContextManager[Any]:
    """No autograd graph for a forward pass that is only read: PyTorch records one for every eager call (the
    model's activations, kept until the outputs die); the other backends record nothing outside a tape."""
    if keras.backend.backend() != "torch":
        return nullcontext()
    import torch

    return torch.no_grad()


def predict(model: keras.Model, inputs: list[np.ndarray]) -> list[np.ndarray]:
    """The model's inference outputs on `inputs` as NumPy arrays, whatever the backend."""
    return predict_arrays(Checked(model), inputs)
