"""A lifted Lambda made real: its lowered program (`translate.lambdas`) built from stock Keras 3 layers
and keras.ops calls on the tensors it is called on. Nothing of the file's code is run; the saved
model holds no Lambda and loads in safe mode with no custom objects.
"""

from __future__ import annotations

import re
from typing import Any

import keras

from migrate.errors import MigrateError, UnsupportedModelError
from migrate.lift import LiftedFunction
from migrate.lift.source import function_source
from migrate.rebuild.keras_compat import keras_mask
from migrate.rebuild.naming import reserve_names
from migrate.translate.lambdas import FromInput, Tensor, ViaLayer, ViaOp, lambda_refusal, lower, reachable


class LiftedLambda:
    """What a Lambda layer's calls call: lowered again for each call's input shapes."""

    def __init__(self, name: str, function: LiftedFunction, taken: set[str]) -> None:
        self.name = name
        self.function = function
        self.taken = taken  # every layer name in the model so far: the lifted layers' names avoid them
        self.calls = 0
        self.forms: tuple[str, ...] = ()

    @property
    def note(self) -> str:
        if not self.function.python:  # a TFOpLambda: read from its config, no bytecode
            return f"TensorFlow call `{function_source(self.function)}` (TFOpLambda) lifted to {', '.join(self.forms)}"
        return (f"Lambda `{function_source(self.function)}` (Python {self.function.python} bytecode, read as data) "
                f"lifted to {', '.join(self.forms)}")

    def __call__(self, tensors: list[Any]) -> Any:
        try:
            lowered = lower(self.function, [tuple(tensor.shape) for tensor in tensors])
        except MigrateError as exc:
            raise UnsupportedModelError(lambda_refusal(exc.message, function_source(self.function), self.name),
                                        layer=self.name) from None
        self.forms = lowered.forms
        final = self.name if self.calls == 0 else self._unique(f"{self.name}_call{self.calls}")
        masked = any(keras_mask(tensor) is not None for tensor in tensors)
        self.calls += 1
        reserve_names({*self.taken, final})  # the keras.ops calls below are named automatically
        values: dict[int, Any] = {}
        for node in reachable(lowered.output):
            own_name = final if node is lowered.output and isinstance(node, ViaLayer) and not masked else None
            values[id(node)] = self._make(node, tensors, values, own_name)
        output = values[id(lowered.output)]
        if masked:  # Keras 2's Lambda dropped its input's mask; Rescaling & co. pass it on, a keras.ops call does not
            output = keras.ops.copy(output)
        if masked or not isinstance(lowered.output, ViaLayer):  # an op's result: the Lambda's name on an Identity
            self.taken.add(final)
            output = keras.layers.Identity(name=final)(output)
        return output

    def _make(self, node: Tensor, tensors: list[Any], values: dict[int, Any], name: str | None) -> Any:
        def fill(value: Any) -> Any:
            if isinstance(value, FromInput):
                return tensors[value.index]
            if isinstance(value, Tensor):
                return values[id(value)]
            if isinstance(value, list):
                return [fill(item) for item in value]
            return value

        if isinstance(node, ViaOp):
            args = [fill(arg) for arg in node.args]
            if node.function == "getitem":
                return args[0][args[1]]
            return getattr(keras.ops, node.function)(*args, **dict(node.kwargs))
        layer_name = name or self._unique(f"{self.name}_{_snake(node.class_name)}")
        self.taken.add(layer_name)
        layer = getattr(keras.layers, node.class_name)(name=layer_name, **node.config)
        inputs = [fill(value) for value in node.inputs]
        return layer(inputs if node.as_list else inputs[0])

    def _unique(self, base: str) -> str:
        name, count = base, 0
        while name in self.taken:
            count += 1
            name = f"{base}_{count}"
        return name


def _snake(class_name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", class_name).lower().replace("2_d", "2d").replace("1_d", "1d") \
        .replace("3_d", "3d")
