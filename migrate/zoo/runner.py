"""Run conversions in worker processes that may crash or hang without taking the run down with them.

Each worker is a long-lived spawned process (TensorFlow is imported once per worker, not per model)
that takes one task at a time over a pipe. A worker that dies (segfault, out of memory) or overruns
the timeout is killed and replaced; its model is recorded as failed with the reason, and the run
goes on. The Dask path submits the same task function to a cluster instead.
"""

from __future__ import annotations

import multiprocessing as mp
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from typing import Any

from migrate.convert import ConversionResult, ConvertOptions, convert_file, failed_result

Result = ConversionResult


@dataclass(frozen=True)
class Task:
    """One conversion to run: its position in the run, its source, and its options (output included)."""

    index: int
    source: str
    options: ConvertOptions


def run_task(task: Task) -> Result:
    """Convert one model (in whatever process runs this) and return its record (it pickles)."""
    return convert_file(task.source, task.options)


def failed(task: Task, reason: str, seconds: float) -> Result:
    """The record of a task whose worker never answered (it crashed, hung, or the cluster lost it)."""
    return failed_result(task.source, reason, seconds)


def _worker_main(conn: Connection, work: Callable[[Task], Result]) -> None:
    import warnings

    warnings.filterwarnings("ignore")
    while True:
        task = conn.recv()
        if task is None:
            return
        conn.send(work(task))


class _Worker:
    def __init__(self, context: Any, work: Callable[[Task], Result]) -> None:
        self.conn, child = context.Pipe()
        self.work = work
        self.process = context.Process(target=_worker_main, args=(child, work), daemon=True)
        self.process.start()
        child.close()
        self.task: Task | None = None
        self.started = 0.0

    def give(self, task: Task) -> None:
        self.task, self.started = task, time.monotonic()
        self.conn.send(task)

    def stop(self, kill: bool = False) -> None:
        if kill:
            self.process.kill()
        else:
            try:
                self.conn.send(None)
            except (OSError, BrokenPipeError):
                pass
        self.process.join(timeout=10)
        if self.process.is_alive():
            self.process.kill()
            self.process.join()


def run_local(tasks: list[Task], jobs: int, timeout: float | None, on_result: Callable[[Task, Result], None],
              work: Callable[[Task], Result] = run_task) -> None:
    """Run `tasks` on `jobs` worker processes, calling `on_result` in this process as each one ends.

    `work` is what a worker does with a task (a module-level function, so it can be sent to a spawned
    process); conversion by default.
    """
    context = mp.get_context("spawn")
    pending = deque(tasks)
    workers = [_Worker(context, work) for _ in range(min(jobs, len(tasks)))]
    try:
        while pending or any(w.task for w in workers):
            for worker in workers:
                if worker.task is None and pending:
                    worker.give(pending.popleft())
            busy = [w for w in workers if w.task is not None]
            wait([w.conn for w in busy] + [w.process.sentinel for w in busy], timeout=_next_deadline(busy, timeout))
            for index, worker in enumerate(workers):
                replaced = _collect(worker, timeout, on_result, context)
                if replaced is not None:
                    workers[index] = replaced
    finally:
        for worker in workers:
            worker.stop()


def _next_deadline(busy: list[_Worker], timeout: float | None) -> float:
    if timeout is None or not busy:
        return 1.0
    now = time.monotonic()
    return max(0.0, min(w.started + timeout - now for w in busy)) + 0.01


def _collect(worker: _Worker, timeout: float | None, on_result: Callable[[Task, Result], None], context: Any) -> Any:
    """Deliver a finished task's result; replace a worker that crashed or overran. The new worker, if any."""
    task = worker.task
    if task is None:
        return None
    elapsed = time.monotonic() - worker.started
    if worker.conn.poll():
        try:
            result = worker.conn.recv()
        except (EOFError, OSError):
            result = None
        if result is not None:
            worker.task = None
            on_result(task, result)
            return None
    if not worker.process.is_alive():
        code = worker.process.exitcode
        why = f"killed by signal {-code}" if code is not None and code < 0 else f"exit code {code}"
        on_result(task, failed(task, f"the worker converting it crashed ({why}); nothing was written", elapsed))
        worker.stop(kill=True)
        return _Worker(context, worker.work)
    if timeout is not None and elapsed > timeout:
        worker.stop(kill=True)
        on_result(task, failed(task, f"timed out after {timeout:g} s; nothing was written", elapsed))
        return _Worker(context, worker.work)
    return None


def run_dask(tasks: list[Task], scheduler: str, timeout: float | None, on_result: Callable[[Task, Result], None]) -> None:
    """The same tasks on a Dask cluster: SRC and OUT must be on storage every worker sees."""
    from distributed import Client, as_completed
    from distributed.client import FutureCancelledError

    with Client(scheduler, timeout="30s") as client:
        futures = {client.submit(run_task, task, pure=False, key=f"migrate-{task.index}-{time.time_ns()}"): task
                   for task in tasks}
        started = time.monotonic()
        for future in as_completed(futures, timeout=None if timeout is None else timeout * len(tasks) + 60):
            task = futures[future]
            try:
                on_result(task, future.result())
            except (FutureCancelledError, Exception) as exc:  # KilledWorker and friends: the task is lost
                on_result(task, failed(task, f"the Dask worker failed ({type(exc).__name__}: {exc})",
                                       time.monotonic() - started))
