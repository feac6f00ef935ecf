"""Prints, as JSON, what Keras 2.3.1's legacy interfaces (keras/legacy/interfaces.py) converted for each class that
used one: run by the Keras 2.3.1 stack (/tmp/legacy37/bin/python). Each decorated `__init__` (or method) is
`generate_legacy_interface`'s wrapper, whose closure holds the interface's conversions, value conversions and
preprocessor: read from there, nothing is restated by hand. A class inheriting a decorated `__init__` (Keras 2's
global poolings) and an alias (`Convolution2D = Conv2D`) are listed under their own names."""

import inspect
import json
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
stderr, sys.stderr = sys.stderr, open(os.devnull, "w")  # "Using TensorFlow backend."
import keras  # noqa: E402
from keras.engine.input_layer import InputLayer  # noqa: E402
from keras.engine.training import Model  # noqa: E402

sys.stderr = stderr


def preprocessors(function):
    """The preprocessor's name and those of the preprocessors it calls (separable_conv2d's calls conv2d's)."""
    if function is None:
        return []
    called = [name for name in function.__code__.co_names if name.endswith("_preprocessor")]
    return [function.__name__, *called]


def interface(function):
    """The conversions of the legacy interface wrapping `function`, or None where none does."""
    if not hasattr(function, "_original_function"):
        return None
    cells = dict(zip(function.__code__.co_freevars, (cell.cell_contents for cell in function.__closure__)))  # noqa: B905 (Python 3.7)
    return {"conversions": [list(pair) for pair in cells["conversions"]],
            "value_conversions": {key: {str(old): new for old, new in values.items()}
                                  for key, values in (cells["value_conversions"] or {}).items()},
            "preprocessors": preprocessors(cells["preprocessor"])}


def main():
    modules = [keras.layers, *(module for name, module in sorted(sys.modules.items())
                               if name.startswith("keras.layers.") and module is not None)]
    classes = {name: value for module in modules for name, value in vars(module).items()
               if inspect.isclass(value) and not name.startswith("_")}
    classes["InputLayer"] = InputLayer
    found = {"layers": {}, "methods": {}}
    for name, cls in sorted(classes.items()):
        converted = interface(cls.__init__)
        if converted is not None:
            found["layers"][name] = converted
    found["methods"]["Model"] = interface(Model.__init__)
    for method in ("fit_generator", "evaluate_generator", "predict_generator"):
        found["methods"][method] = interface(getattr(Model, method))
    print(json.dumps(found, indent=1, sort_keys=True))


if __name__ == "__main__":
    main()
