"""The Dask path: the same tasks on a LocalCluster of two worker processes on loopback, the same report."""

from __future__ import annotations

import json

import pytest

from tests.zoo.test_zoo import EXPECTED, migrate

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None) as local:
        yield local


def _rows(out):
    report = json.loads((out / "report.json").read_text())
    return {m["source"]: (m["status"], m["output"], m["wrapper_depth"], m["replicas"], m["params"])
            for m in report["models"]}


def test_dask_gives_the_local_report(zoo, tmp_path, cluster):
    local, remote = tmp_path / "local", tmp_path / "dask"
    migrate("zoo", zoo, "-o", local, "--jobs", "2")
    result = migrate("zoo", zoo, "-o", remote, "--scheduler", cluster.scheduler_address)
    assert result.stdout.strip().splitlines()[-1] == "7 converted, 0 skipped, 2 failed", result.stderr[-2000:]
    assert _rows(remote) == _rows(local)
    assert {source: row[0] for source, row in _rows(remote).items()} == EXPECTED
    again = migrate("zoo", zoo, "-o", remote, "--scheduler", cluster.scheduler_address)
    assert again.stdout.strip().splitlines()[-1] == "0 converted, 7 skipped, 2 failed"
