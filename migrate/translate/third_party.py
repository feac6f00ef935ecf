"""Well-known third-party layer classes with an exact Keras 3 equivalent, as one table.

A file that used TensorFlow Addons (or a similar package) names its class, which stock Keras 3 does not
have; where Keras 3 has a layer computing the same, the class is renamed and its config translated here,
and the weights move as they are. Each entry is proved against a real file its package wrote
(tests/convert/third_party_samples).

Not here, on purpose: keras-contrib's InstanceNormalization divides by the standard deviation plus epsilon,
every Keras 3 normalization by the square root of the variance plus epsilon; no epsilon makes one the other
(the gap depends on each channel's variance: 1.5e-3 on a real keras-contrib generator, epsilon 1e-3). It
stays a custom class, and its refusal says why (`CLOSE_BUT_NOT_EXACT`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

GROUP_NORMALIZATION_KEYS = ("name", "trainable", "dtype", "groups", "axis", "epsilon", "center", "scale",
                            "beta_initializer", "gamma_initializer", "beta_regularizer", "gamma_regularizer",
                            "beta_constraint", "gamma_constraint")
CLOSE_BUT_NOT_EXACT = {
    "InstanceNormalization": "keras-contrib's InstanceNormalization adds epsilon to the standard deviation, "
                             "Keras 3's GroupNormalization(groups=-1) to the variance: close, not equal",
}


def _addons_group_normalization(layer: Any, name: str) -> None:
    """TensorFlow Addons' GroupNormalization (and InstanceNormalization, its groups=-1 subclass, saved with
    the channel count as `groups`) computes what Keras 3's GroupNormalization does: per sample and group,
    (x - mean) * rsqrt(variance + epsilon), then gamma and beta of shape (channels,), gamma first."""
    original = layer.class_name
    layer.class_name = "GroupNormalization"
    layer.config = {key: layer.config[key] for key in GROUP_NORMALIZATION_KEYS if key in layer.config}
    layer.config.setdefault("groups", -1)
    layer.notes.append(f"{name}: TensorFlow Addons {original.split('>')[-1]} -> GroupNormalization "
                       f"(groups={layer.config['groups']})")


TRANSLATIONS: dict[str, Callable[[Any, str], None]] = {
    "Addons>GroupNormalization": _addons_group_normalization,
    "Addons>InstanceNormalization": _addons_group_normalization,
}


def translate(layer: Any, name: str) -> None:
    """Rename a third-party class to its Keras 3 equivalent, when the table has it."""
    translation = TRANSLATIONS.get(layer.class_name)
    if translation is not None:
        translation(layer, name)
