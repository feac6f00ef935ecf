"""The record naming one weight conversion: plain data shared by the translation tables and weights.py."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class WeightFix:
    """One array conversion (a key of FIXES) for a layer's weights, or for those of a layer it wraps:
    `within` is the path of config keys down to it (`("layer",)`, `("backward_layer",)`), () for its own."""

    name: str
    within: tuple[str, ...] = ()

    def inside(self, key: str) -> WeightFix:
        """The same fix, seen from the wrapper whose config holds this layer under `key`."""
        return WeightFix(self.name, (key, *self.within))
