"""Wrapper checkpoints without a config: recognised from the shape of their weight groups.

`save_weights` on a wrapper writes one group per wrapper layer: the inputs, P slicers per input,
the replica model (holding every template weight) and one merge per output, none but the replica
holding weights. With the template's architecture (k inputs, m outputs) the group count gives P.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from migrate.errors import MigrateError
from migrate.graph import Graph, build_graph
from migrate.h5 import LegacyFile
from migrate.h5.architecture import is_tf_keras_config, read_architecture, sidecar_architecture
from migrate.unwrap.detect import unwrap


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


def architecture_template(file: LegacyFile, architecture: str | Path | None) -> tuple[Graph | None, Path | None]:
    """A weights-only file's template, from the architecture given or `<stem>.json` beside it, and
    where it came from; (None, None) when there is none. Errors name the weights file and the
    architecture, since either may be the one at fault."""
    source = Path(architecture) if architecture else sidecar_architecture(file.path)
    if source is None:
        return None, None
    try:
        config = read_architecture(source)
        graph = build_graph(config, tf_keras=file.is_tf_keras or is_tf_keras_config(config))
    except MigrateError as exc:
        raise type(exc)(f"its architecture {source}: {exc.message}", path=file.path, layer=exc.layer) from None
    return unwrap(graph).template, source
