"""Wrapper checkpoints without a config, recognised from their weight groups and the template."""

from __future__ import annotations

import pytest

from migrate.graph import build_graph
from migrate.read import read_legacy_file
from migrate.read.architecture import read_architecture_json, sidecar_architecture
from migrate.unwrap.weights_only import weights_layout
from tests.conftest import real, sample, sample_params


@pytest.mark.parametrize("row", sample_params(lambda row: row["format"] == "weights"))
def test_wrapper_checkpoints_with_their_sidecar(row):
    path = sample(row["file"])
    template = build_graph(read_architecture_json(sidecar_architecture(path)))
    layout = weights_layout(read_legacy_file(path), template)
    assert (layout.depth, list(layout.replicas)) == (row["wrapper_depth"], row["replicas"])


def test_without_architecture_the_level_is_seen_but_not_counted():
    layout = weights_layout(read_legacy_file(sample("k231_weights_only.h5")), None)
    assert (layout.depth, layout.replicas, layout.weights_group) == (1, (), "mlp")


def test_plain_weights_only_checkpoint():
    layout = weights_layout(read_legacy_file(real("l3_downstream_weights_only.h5")), None)
    assert layout.depth == 0
