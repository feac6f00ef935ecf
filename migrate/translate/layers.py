"""Choose and apply the translation tables for one layer, recording every change made."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from migrate.errors import UnsupportedModelError
from migrate.read import LegacyFile
from migrate.translate import arguments, keras1, keras2, semantics, tf_keras, third_party
from migrate.translate.fixes import WeightFix


@dataclass(frozen=True)
class SourceInfo:
    """What the legacy file says about the stack that wrote it."""

    keras_version: str | None
    backend: str | None
    tf_keras: bool

    @classmethod
    def of(cls, file: LegacyFile) -> SourceInfo:
        """What a read legacy file says about the stack that wrote it."""
        return cls(file.keras_version, file.backend, file.is_tf_keras)

    @property
    def keras1(self) -> bool:
        return (self.keras_version or "").startswith("1.")

    @property
    def theano(self) -> bool:
        return self.backend == "theano"


@dataclass
class TranslatedLayer:
    """A Keras 3 `{class_name, config}` for one legacy layer, and what had to change to get there.

    `weight_fixes` are the array conversions rebuild must apply when the layer's weights move, its
    own and those of the layers it wraps (see weights.py); `notes` are the user-facing lines convert prints.
    """

    class_name: str
    config: dict[str, Any]
    weight_fixes: list[WeightFix] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    initializers: dict[str, Any] = field(default_factory=dict)  # filled by rebuild: put back after building
    call_padding: Any = None  # semantics.TheanoSame: rebuild pads the input and crops the output of each call
    call_normalized: Any = None  # third_party.InstanceNormalize: rebuild normalizes the input of each call


def translate_layer(class_name: str, config: dict[str, Any], source: SourceInfo, name: str) -> TranslatedLayer:
    """The Keras 3 form of one legacy layer config (inner layers of wrappers included)."""
    layer = TranslatedLayer(class_name, copy.deepcopy(config))
    if class_name == "Merge":  # Keras 1's, kept by Keras 2.0-2.1 in keras.legacy: the same config either way
        keras1.translate_merge(layer, name)
    elif source.keras1:
        keras1.translate(layer, name)
    third_party.translate(layer, name)
    keras2.translate(layer, name)
    if source.tf_keras:
        tf_keras.translate(layer, name)
    arguments.translate(layer, name)
    semantics.translate(layer, source, name)
    for key in ("layer", "backward_layer"):
        inner = layer.config.get(key)
        if isinstance(inner, dict) and isinstance(inner.get("class_name"), str):
            translated = translate_layer(inner["class_name"], inner.get("config") or {}, source, f"{name}/{key}")
            if translated.call_padding is not None:
                raise UnsupportedModelError("a Theano convolution with padding='same' inside a wrapper has no "
                                            "exact Keras 3 form", layer=name)
            layer.config[key] = {"class_name": translated.class_name, "config": translated.config}
            layer.weight_fixes += [fix.inside(key) for fix in translated.weight_fixes]
            layer.notes += translated.notes
    return layer
