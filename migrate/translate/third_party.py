"""Well-known third-party layer classes with an exact Keras 3 equivalent, as one table.

A file that used TensorFlow Addons (or a similar package) names its class, which stock Keras 3 does not
have; where Keras 3 has a layer computing the same, the class is renamed and its config translated here,
and the weights move as they are. Each entry is proved against a real file its package wrote
(tests/convert/third_party_samples).

keras-contrib's InstanceNormalization divides by the standard deviation plus epsilon, where every Keras 3
normalization divides by the square root of the variance plus epsilon: no epsilon makes one the other (the gap
depends on each channel's variance: 1.5e-3 on a real keras-contrib generator, epsilon 1e-3). It is rebuilt
exactly instead: its own arithmetic on the input in keras.ops (rebuild applies `InstanceNormalize`), then its
gamma and beta as a 1x1 DepthwiseConv2D, which multiplies each channel by one weight and adds one bias.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from migrate.translate.fixes import WeightFix

GROUP_NORMALIZATION_KEYS = ("name", "trainable", "dtype", "groups", "axis", "epsilon", "center", "scale",
                            "beta_initializer", "gamma_initializer", "beta_regularizer", "gamma_regularizer",
                            "beta_constraint", "gamma_constraint")
# keras-contrib InstanceNormalization's gamma/beta arguments -> the 1x1 DepthwiseConv2D's.
AFFINE_ARGUMENTS = {"gamma_initializer": "depthwise_initializer", "beta_initializer": "bias_initializer",
                    "gamma_regularizer": "depthwise_regularizer", "beta_regularizer": "bias_regularizer",
                    "gamma_constraint": "depthwise_constraint", "beta_constraint": "bias_constraint"}


@dataclass(frozen=True)
class InstanceNormalize:
    """keras-contrib's normalization of each call's input: over every axis but the batch and `axis`,
    (x - mean) / (std + epsilon), std the population standard deviation (its K.std)."""

    axis: int
    epsilon: float


def _contrib_instance_normalization(layer: Any, name: str) -> None:
    """keras-contrib's InstanceNormalization over an image's channel axis: its normalization in keras.ops,
    then x * gamma + beta per channel as a 1x1 DepthwiseConv2D (gamma its kernel, beta its bias). Over all
    axes (axis=None, one gamma) or without gamma it is left a custom class."""
    config = layer.config
    axis = config.get("axis")
    if axis not in (-1, 1, 3) or isinstance(axis, bool) or not config.get("scale", True):
        return
    affine = {new: config[old] for old, new in AFFINE_ARGUMENTS.items() if config.get(old) is not None}
    layer.class_name = "DepthwiseConv2D"
    layer.config = {**{key: config[key] for key in ("name", "trainable", "dtype") if key in config}, **affine,
                    "kernel_size": [1, 1], "depth_multiplier": 1, "use_bias": bool(config.get("center", True)),
                    "data_format": "channels_first" if axis == 1 else "channels_last"}
    layer.weight_fixes.append(WeightFix("instance_norm_kernel"))
    layer.call_normalized = InstanceNormalize(axis, float(config.get("epsilon", 1e-3)))
    layer.notes.append(f"{name}: keras-contrib InstanceNormalization -> its normalization in keras.ops, then gamma "
                       "and beta as a 1x1 DepthwiseConv2D")


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
    "InstanceNormalization": _contrib_instance_normalization,
    "Addons>GroupNormalization": _addons_group_normalization,
    "Addons>InstanceNormalization": _addons_group_normalization,
}


def translate(layer: Any, name: str) -> None:
    """Rename a third-party class to its Keras 3 equivalent, when the table has it."""
    translation = TRANSLATIONS.get(layer.class_name)
    if translation is not None:
        translation(layer, name)
