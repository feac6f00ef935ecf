"""One translated layer -> one Keras 3 layer object, through public constructors only."""

from __future__ import annotations

import inspect
from typing import Any

import keras

from migrate.errors import UnsupportedModelError
from migrate.rebuild.keras_compat import sublayers
from migrate.rebuild.options import UserObjects
from migrate.translate import TranslatedLayer
from migrate.translate.arguments import harmless
from migrate.translate.custom import FUNCTION_KEYS, FUNCTION_SUFFIXES
from migrate.translate.lambdas import lambda_refusal

BASE_ARGUMENTS = {"name", "trainable", "dtype", "activity_regularizer", "autocast"}


def make_layer(layer: TranslatedLayer, name: str, user: UserObjects) -> keras.layers.Layer:
    """The Keras 3 layer for `layer`; arguments Keras 3 does not take are dropped and noted."""
    if layer.class_name == "Lambda":
        return _user_lambda(layer, name, user)
    cls = user.classes.get(layer.class_name) or _builtin(layer.class_name)
    if cls is None:
        raise UnsupportedModelError(
            f"class '{layer.class_name}' is not a Keras 3 layer; pass its implementation with "
            "--custom-objects MODULE", layer=name)
    config = dict(layer.config, name=name.split("/")[-1])
    for key in ("layer", "backward_layer"):
        if isinstance(config.get(key), dict):
            inner = TranslatedLayer(config[key]["class_name"], config[key]["config"])
            config[key] = make_layer(inner, f"{name}/{inner.config.get('name', key)}", user)
    if layer.class_name == "Bidirectional" and "backward_layer" not in config:
        config["backward_layer"] = _backward_copy(layer.config["layer"], name, user)
    config = _user_functions(config, user)
    if cls not in user.classes.values():
        config = _known_arguments(cls, config, layer, name)
        config = _with_cheap_initializers(config, layer)
    else:
        config = _accepted(cls, config)
    try:
        return cls(**config)
    except (TypeError, ValueError) as exc:
        raise UnsupportedModelError(f"Keras 3 {layer.class_name} refused the translated config ({exc})",
                                    layer=name) from None


def _user_functions(config: dict[str, Any], user: UserObjects) -> dict[str, Any]:
    """An activation, initializer, regularizer or constraint the file names as a string that is the user's
    function (Keras 2 saved a function by its bare name) is passed as that function: Keras 3 resolves a
    string among its own names only, and saves a registered function by its registered name."""
    return {key: user.functions[value] if isinstance(value, str) and value in user.functions and (
        key in FUNCTION_KEYS or key.endswith(FUNCTION_SUFFIXES)) else value for key, value in config.items()}


def _accepted(cls: type, config: dict[str, Any]) -> dict[str, Any]:
    """A user class whose `__init__` takes no `**kwargs` (a subclassed model's `def __init__(self)`) gets the
    arguments it names only: Keras 2 built it from the config as saved, which held no `name` for it."""
    try:
        parameters = inspect.signature(cls.__init__).parameters.values()
    except (TypeError, ValueError):
        return config
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters):
        return config
    names = {p.name for p in parameters}
    return {key: value for key, value in config.items() if key in names}


def _backward_copy(inner: dict[str, Any], name: str, user: UserObjects) -> keras.layers.Layer:
    """Keras 2's backward layer: the forward config with go_backwards flipped (Keras 3 does not flip it)."""
    config = dict(inner["config"], go_backwards=not inner["config"].get("go_backwards", False))
    config["name"] = "backward_" + str(config.get("name", "layer"))
    return make_layer(TranslatedLayer(inner["class_name"], config), f"{name}/{config['name']}", user)


def _with_cheap_initializers(config: dict[str, Any], layer: TranslatedLayer) -> dict[str, Any]:
    """Build with zeros: every weight is overwritten from the file, and random initialisation of a
    large model costs as much memory again as the model. The originals are put back on the built
    layers (`restore_initializers`), so the saved config says what the legacy config said."""
    originals = {key: value for key, value in config.items() if key.endswith("_initializer") and value is not None}
    layer.initializers.update(originals)
    return {**config, **{key: "zeros" for key in originals}}


def restore_initializers(built: keras.layers.Layer, originals: dict[str, Any], notes: list[str], name: str) -> None:
    """Set the legacy initializers back on a built layer and every sublayer holding them (RNN cells)."""
    for key, value in originals.items():
        try:
            initializer = keras.initializers.get(value)
        except (TypeError, ValueError, AttributeError):
            notes.append(f"{name}: initializer {value!r} is unknown to Keras 3; the saved config says 'zeros'")
            continue
        for obj in sublayers(built):
            try:
                if hasattr(obj, key):
                    setattr(obj, key, initializer)
            except AttributeError:  # a read-only view of a sublayer's (LSTM -> its cell): set there
                continue


def _builtin(class_name: str) -> type | None:
    cls = getattr(keras.layers, class_name, None)
    return cls if isinstance(cls, type) and issubclass(cls, keras.layers.Layer) else None


def _known_arguments(cls: type, config: dict[str, Any], layer: TranslatedLayer, name: str) -> dict[str, Any]:
    """Keep what the Keras 3 constructor takes; refuse anything else unless it is known to be harmless
    (translate/arguments.py's table has already dropped or refused the retired arguments it knows)."""
    accepted = set(inspect.signature(cls.__init__).parameters) | BASE_ARGUMENTS
    unknown = sorted(set(config) - accepted)
    meaningful = [key for key in unknown if not harmless(key) and config[key] not in (None, False, [], {})]
    if meaningful:
        raise UnsupportedModelError(
            f"Keras 3 {cls.__name__} has no argument {', '.join(repr(k) for k in meaningful)} "
            f"(value {config[meaningful[0]]!r}); migrate does not know an exact translation", layer=name)
    return {key: value for key, value in config.items() if key in accepted}


def _user_lambda(layer: TranslatedLayer, name: str, user: UserObjects) -> keras.layers.Layer:
    """A Lambda is rebuilt only around the user's own function, never the file's bytecode."""
    short = name.split("/")[-1]
    function = user.function_for(name)
    if function is None:
        raise UnsupportedModelError(lambda_refusal("no function was given for it", None, short), layer=name)
    arguments = layer.config.get("arguments") or {}
    return keras.layers.Lambda(function, arguments=arguments or None, name=short)
