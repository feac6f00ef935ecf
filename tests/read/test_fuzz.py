"""Property tests: mutated real sample files are either read or refused with our own error, nothing else."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import h5py
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from migrate.diagnosis import inspect_file
from migrate.errors import MigrateError
from tests.conftest import SAMPLES

SOURCES = sorted(p.name for p in SAMPLES.glob("*.h5") if "chunked" not in p.name)
FUZZ = settings(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**40), 2**40) | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)


def _inspect_or_refuse(path: Path) -> None:
    try:
        inspect_file(path)
    except MigrateError as exc:
        assert str(path) in str(exc)


def _paths(node, prefix=()):
    """Every (path, value) inside a JSON document."""
    yield prefix, node
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _paths(value, (*prefix, index))


def _replace(document, path, value):
    if not path:
        return value
    target = document
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return document


@FUZZ
@given(source=st.sampled_from(SOURCES), pick=st.integers(min_value=0), value=json_values,
       attribute=st.sampled_from(["model_config", "training_config"]))
def test_mutated_configs(tmp_path_factory, source, pick, value, attribute):
    path = tmp_path_factory.mktemp("fuzz") / source
    shutil.copy(SAMPLES / source, path)
    with h5py.File(path, "r+") as h5:
        if attribute not in h5.attrs:
            attribute = "layer_names" if "layer_names" in h5.attrs else "keras_version"
        raw = h5.attrs[attribute]
        document = json.loads(raw) if attribute.endswith("config") else None
        if document is not None:
            places = list(_paths(document))
            where, _ = places[pick % len(places)]
            h5.attrs[attribute] = json.dumps(_replace(document, where, value))
        else:
            h5.attrs[attribute] = json.dumps(value)
    _inspect_or_refuse(path)


@FUZZ
@given(source=st.sampled_from(SOURCES), cut=st.floats(0, 1), flips=st.lists(st.integers(min_value=0), max_size=8))
def test_damaged_bytes(tmp_path_factory, source, cut, flips):
    data = bytearray((SAMPLES / source).read_bytes())
    for position in flips:
        data[position % len(data)] ^= 0xFF
    path = tmp_path_factory.mktemp("fuzz") / source
    path.write_bytes(bytes(data[: max(1, int(len(data) * cut))]) if cut < 0.98 else bytes(data))
    _inspect_or_refuse(path)
