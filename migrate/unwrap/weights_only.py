"""Wrapper checkpoints without a config: recognised from the shape of their weight groups.

`save_weights` on a wrapper writes one group per wrapper layer: the inputs, P slicers per input,
the replica model (holding every template weight) and one merge per output, none but the replica
holding weights. With the template's architecture (k inputs, m outputs) the group count gives P.
"""

from __future__ import annotations

from dataclasses import dataclass

from migrate.graph import Graph
from migrate.read import LegacyFile


@dataclass(frozen=True)
class WeightsLayout:
    """What a weights-only file's groups say: the wrapper levels seen, and where the weights are."""

    depth: int
    replicas: tuple[int, ...]
    weights_group: str | None


def weights_layout(file: LegacyFile, template: Graph | None) -> WeightsLayout:
    """One wrapper level when a single group holds the weights of several layers, else a plain checkpoint."""
    holding = [name for name, weights in file.layer_weights.items() if weights]
    if len(holding) != 1 or len(file.layer_weights) < 4 or not _holds_many_layers(file, holding[0]):
        return WeightsLayout(0, (), None)
    if template is None:
        return WeightsLayout(1, (), holding[0])
    inputs, outputs = len(template.inputs), len(template.outputs)
    slicers = len(file.layer_weights) - inputs - outputs - 1
    if slicers < 2 * inputs or slicers % inputs:
        return WeightsLayout(1, (), holding[0])
    return WeightsLayout(1, (slicers // inputs,), holding[0])


def _holds_many_layers(file: LegacyFile, group: str) -> bool:
    """A nested model's group: its weights are named after more than one inner layer."""
    prefixes = {weight.name.split("/")[0] for weight in file.layer_weights[group]}
    return len(prefixes) > 1
