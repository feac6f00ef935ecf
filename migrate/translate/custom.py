"""Layer classes a file names that neither Keras 3 nor migrate knows, and `<stem>_custom.py` for them.

A model that used a class of its own (a VAE's `Sampling`, a custom recurrent layer) keeps only the class
name and its `get_config()` in the file: the code is not there, and the rest of the model should not
have to wait for it. migrate finds every such class at once and writes a stub module beside the
output: each class with its config keys as `__init__` arguments (defaulting to the file's values),
`get_config`, a `build` creating the weights the file holds for it (names and shapes as stored, in
order) and a `call` left for the user. Filled in and passed back with `--custom-objects <stem>_custom.py`,
it completes the conversion.

The stub is generated from config data only: every name written as code is checked to be an
identifier, every value is written with `repr` of plain JSON data, and comments are flattened to one
printable line. migrate writes this file and never imports it; the user's `--custom-objects` is theirs.
"""

from __future__ import annotations

import keyword
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from migrate.errors import MigrateError
from migrate.graph import Graph
from migrate.read import LegacyFile
from migrate.read.classes import MODEL_CLASSES
from migrate.translate.layers import SourceInfo, translate_layer

# Classes migrate rebuilds itself though Keras 3 has no layer of that name.
REBUILT = frozenset({"Lambda", "TensorFlowOpLayer", "TFOpLambda", "SlicingOpLambda", "InputLayer"})
# Base-layer arguments: Keras's Layer takes them itself, so they are not the class's own.
BASE_KEYS = frozenset({"name", "trainable", "dtype", "batch_input_shape", "input_shape", "batch_size", "input_dim",
                       "weights", "autocast", "activity_regularizer", "dynamic"})


@dataclass
class CustomClass:
    """One unknown class: where it is used, the config keys (first value seen), and the weights of its
    first user that holds any, as (name, shape)."""

    class_name: str
    layers: list[str] = field(default_factory=list)
    config: dict[str, Any] = field(default_factory=dict)
    weights: list[tuple[str, tuple[int, ...]]] = field(default_factory=list)


# One layer wherever it sits: the names of the models holding it (outermost first), class, config, name.
LayerEntry = tuple[tuple[str, ...], str, dict[str, Any], str]


def graph_layers(template: Graph) -> list[LayerEntry]:
    """Every layer of a built graph, nested models' included."""
    return [(path, layer.class_name, layer.config, layer.name) for path, layer in template.walk()]


def config_layers(config: Any, path: tuple[str, ...] = ()) -> list[LayerEntry]:
    """Every layer of a raw model config (any generation's form), for when the graph cannot be built: a
    custom layer is often why (a Sequential whose first layer is custom declares no input shape)."""
    if not isinstance(config, dict):
        return []
    body = config.get("config")
    layers = body if isinstance(body, list) else body.get("layers") if isinstance(body, dict) else None
    name = str(body.get("name", "model")) if isinstance(body, dict) else "model"
    entries: list[LayerEntry] = []
    for layer in layers if isinstance(layers, list) else []:
        if not isinstance(layer, dict) or not isinstance(layer.get("class_name"), str):
            continue
        inner = layer.get("config") if isinstance(layer.get("config"), dict) else {}
        layer_name = str(layer.get("name") or inner.get("name") or layer["class_name"])
        entries.append(((*path, name), layer["class_name"], inner, layer_name))
        if layer["class_name"] in MODEL_CLASSES:
            entries += config_layers(layer, (*path, name))
    return entries


def unknown_classes(layers: list[LayerEntry], file: LegacyFile, known: frozenset[str], given: set[str]) -> list[CustomClass]:
    """Every layer class that is not in `known` (Keras 3's), rebuilt by migrate, or `given` by the user,
    in order of first use."""
    found: dict[str, CustomClass] = {}
    source = SourceInfo.of(file)
    for path, original, config, layer_name in layers:
        name = "/".join((*path[1:], layer_name))
        class_name = _translated_class(original, config, source, name)
        if class_name in known or class_name in MODEL_CLASSES or class_name in REBUILT or class_name in given:
            continue
        entry = found.setdefault(class_name, CustomClass(class_name))
        entry.layers.append(name)
        for key, value in config.items():
            entry.config.setdefault(key, value)
        if not entry.weights:
            entry.weights = _weights(file, path, layer_name)
    return list(found.values())


FUNCTION_KEYS = ("activation", "recurrent_activation")
FUNCTION_SUFFIXES = ("_initializer", "_regularizer", "_constraint")


def named_functions(layers: list[LayerEntry], training_config: Any, known: frozenset[str]) -> list[str]:
    """The names a file gives as functions Keras does not know: a layer's activation or initializer,
    regularizer, constraint (Keras 2 saved a function there by its bare name) and the losses and metrics of
    its training config. Looked for in the training code; one it does not define is left to Keras."""
    names: list[str] = []
    for _, _, config, _ in layers:
        for key, value in config.items():
            if key in FUNCTION_KEYS or key.endswith(FUNCTION_SUFFIXES):
                names += _strings(value)
    if isinstance(training_config, dict):
        names += _strings(training_config.get("loss")) + _strings(training_config.get("metrics"))
        names += _strings(training_config.get("weighted_metrics"))
    return list(dict.fromkeys(n for n in names if n not in known and n.isidentifier()))


def _strings(value: Any) -> list[str]:
    """Every string in a loss/metric setting: a name, a list or dict of them per output, nested."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for item in value.values() for s in _strings(item)]
    if isinstance(value, list):
        return [s for item in value for s in _strings(item)]
    return []


def _translated_class(class_name: str, config: dict[str, Any], source: SourceInfo, name: str) -> str:
    """The class Keras 3 will be asked for (legacy names translate); a layer whose translation refuses is
    not unknown, its own error comes later."""
    try:
        return translate_layer(class_name, config, source, name).class_name
    except (MigrateError, TypeError, KeyError, ValueError, AttributeError):  # a raw config may be damaged too
        return "InputLayer"


def _weights(file: LegacyFile, path: tuple[str, ...], layer: str) -> list[tuple[str, tuple[int, ...]]]:
    """The weights the file holds for a layer: its own group at the top level, or its share of the
    nested model's group (weights named `<layer>/...`)."""
    group = path[1] if len(path) > 1 else layer
    stored = file.layer_weights.get(group, ())
    if len(path) > 1:
        stored = tuple(w for w in stored if w.name.split("/")[0] == layer)
    return [(_weight_name(w.name), tuple(w.shape)) for w in stored]


def _weight_name(stored: str) -> str:
    """`sampling_1/kernel:0` -> `kernel`; anything not an identifier -> `weight`."""
    name = stored.split("/")[-1].split(":")[0]
    return name if is_identifier(name) else "weight"


def is_identifier(name: str) -> bool:
    """A name that is safe to write as Python code: an identifier, not a keyword, not dunder."""
    return name.isidentifier() and not keyword.iskeyword(name) and not name.startswith("__") and name.isascii()


def custom_stub_path(source: Path, destination: Path) -> Path:
    """Beside the output: `<source stem>_custom.py`."""
    return destination.parent / f"{source.stem}_custom.py"


def refusal(classes: list[CustomClass], stub: Path) -> str:
    """The one-line message: every unknown class, what to fill in, and how to rerun."""
    names = ", ".join(f"'{c.class_name}' (layer {', '.join(repr(n) for n in c.layers[:3])}"
                      f"{' ...' if len(c.layers) > 3 else ''})" for c in classes)
    return (f"{len(classes)} custom class(es) migrate cannot rebuild without their code: {names}; {stub} holds a "
            f"stub of each: fill in `call` (and `build` if needed), then rerun with --custom-objects {stub}")


def render_custom_stubs(source: Path, classes: list[CustomClass], rerun: str) -> str:
    """The module text: a header on what to do, then one class per unknown class."""
    header = [f'"""Custom classes of {_comment(source.name)} that migrate cannot rebuild without their code.',
              "", "Generated from the file's config (nothing in it was run). Fill in each `call` with what the",
              "original class computed (and `build`, if a weight's shape depends on the input), then:", "",
              f"    {_comment(rerun, limit=None)}", '"""', "", "import keras", "from keras import ops", ""]
    return "\n".join(header) + "".join(_class(source, custom) for custom in classes)


def _class(source: Path, custom: CustomClass) -> str:
    name = custom.class_name if is_identifier(custom.class_name) else None
    if name is None:
        return f"\n\n# class {_comment(repr(custom.class_name))} is not a Python identifier: migrate wrote no stub\n"
    arguments = {k: v for k, v in custom.config.items() if k not in BASE_KEYS and is_identifier(k) and k != "self"}
    skipped = sorted(k for k in custom.config if k not in BASE_KEYS and k not in arguments)
    lines = ["", "", f"class {name}(keras.layers.Layer):",
             f'    """{_comment(custom.class_name)} of {_comment(source.name)}, used by '
             f'{_comment(", ".join(custom.layers))}."""', ""]
    lines += _init_lines(arguments) + ["        super().__init__(**kwargs)"]
    lines += [f"        self.{key} = {key}" for key in arguments]
    if skipped:
        lines.append(f"        # config keys that are not Python names, left out: {_comment(', '.join(skipped))}")
    lines += ["", "    def build(self, input_shape):"]
    lines += _build_lines(custom.weights)
    lines += ["", "    def call(self, inputs):",
              "        # TODO: what the original class computed, with keras.ops; migrate cannot know it.",
              f"        raise NotImplementedError({(name + '.call: fill it in from the original source')!r})",
              "", "    def get_config(self):", _get_config_line(arguments), ""]
    return "\n".join(lines)


def _init_lines(arguments: dict[str, Any]) -> list[str]:
    """`def __init__(self, key=value, ..., **kwargs):`, one argument a line when there are several."""
    if len(arguments) <= 2:
        signature = "".join(f", {key}={_literal(value)}" for key, value in arguments.items())
        return [f"    def __init__(self{signature}, **kwargs):"]
    return (["    def __init__(", "        self,"] + [f"        {key}={_literal(value)}," for key, value in arguments.items()]
            + ["        **kwargs,", "    ):"])


def _get_config_line(arguments: dict[str, Any]) -> str:
    if not arguments:
        return "        return super().get_config()"
    items = "".join(f"\n            {k!r}: self.{k}," for k in arguments)
    return "        return {\n            **super().get_config()," + items + "\n        }"


def _build_lines(weights: list[tuple[str, tuple[int, ...]]]) -> list[str]:
    """One `add_weight` per stored weight, in the file's order (the order the weights are moved in)."""
    if not weights:
        return ["        # the file holds no weights for it", "        super().build(input_shape)"]
    lines = ["        # the weights the file holds for it, in its order, with the shapes stored"]
    used: set[str] = set()
    for index, (name, shape) in enumerate(weights):
        attribute = name if name not in used else f"{name}_{index}"
        used.add(attribute)
        lines.append(f"        self.{attribute} = self.add_weight(name={name!r}, shape={tuple(int(d) for d in shape)!r})")
    return lines


def _literal(value: Any) -> str:
    """A config value as Python source: JSON data only (anything else becomes None)."""
    if isinstance(value, float) and value != value * 1 - 0 or value in (float("inf"), float("-inf")):
        return f"float({str(value)!r})"
    if value is None or isinstance(value, (bool, int, float, str)):
        return repr(value)
    if isinstance(value, list):
        return "[" + ", ".join(_literal(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{str(k)!r}: {_literal(v)}" for k, v in value.items()) + "}"
    return "None"


def _comment(text: str, limit: int | None = 200) -> str:
    """Text safe inside a comment or docstring: one printable line, no quotes that could close it."""
    flat = " ".join(str(text).split())
    return "".join(ch if ch.isprintable() and ch not in "\"'\\" else "?" for ch in flat)[:limit]
