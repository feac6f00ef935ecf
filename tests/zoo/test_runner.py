"""The worker pool: a crashing or hanging model fails alone, and the run goes on."""

from __future__ import annotations

from migrate.convert import ConvertOptions
from migrate.zoo.runner import Task, run_local
from tests.zoo.work_functions import crash_or_echo


def test_segfault_and_timeout_fail_their_model_only():
    tasks = [Task(i, name, ConvertOptions(output=f"{name}.keras")) for i, name in
             enumerate(["a.h5", "crash.h5", "b.h5", "hang.h5", "c.h5", "d.h5"])]
    results = {}
    run_local(tasks, jobs=2, timeout=20, on_result=lambda t, r: results.__setitem__(t.source, r), work=crash_or_echo)
    assert {k: v.status for k, v in results.items()} == {
        "a.h5": "converted", "crash.h5": "failed", "b.h5": "converted", "hang.h5": "failed", "c.h5": "converted",
        "d.h5": "converted"}
    assert "crashed (killed by signal 11)" in results["crash.h5"].error
    assert "timed out after 20 s" in results["hang.h5"].error
