"""Where a bulk job's tasks run: in this process, or on Dask (the optional ``cluster`` extra).

Results are yielded as tasks finish, in any order; callers merge integer sums, so the order never
matters. On Dask a task lost with its worker is rerun elsewhere by the scheduler: the same task
gives the same numbers wherever it runs.
"""

from __future__ import annotations

import contextlib
import uuid
from typing import Any, Callable, Iterable, Iterator, Sequence

import numpy as np

from .job import BulkError, BulkJob, Task, run_units, task_args

__all__ = ["connect", "execute", "execute_calls", "have_dask"]


def have_dask() -> bool:
    """Whether ``dask.distributed`` can be imported."""
    try:
        import distributed  # noqa: F401
    except ImportError:
        return False
    return True


def _need_dask() -> None:
    if not have_dask():
        raise BulkError('running on a cluster needs Dask: pip install "omaha_eval[cluster]"')


@contextlib.contextmanager
def connect(scheduler: str | None = None, workers: int | None = None) -> Iterator[object]:
    """A Dask client for ``scheduler`` (an address such as ``tcp://10.0.0.5:8786``), or for a
    ``LocalCluster`` of ``workers`` single-threaded worker processes on 127.0.0.1; ``None`` for
    both: no client (the job runs in this process)."""
    if scheduler is not None and workers is not None:
        raise BulkError("give either a scheduler address or a number of local workers, not both")
    if scheduler is None and workers is None:
        yield None
        return
    _need_dask()
    from distributed import Client, LocalCluster

    if scheduler is not None:
        with Client(scheduler) as client:
            yield client
        return
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise BulkError(f"workers must be a positive integer, got {workers!r}")
    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                      host="127.0.0.1", dashboard_address=None) as cluster, \
            Client(cluster) as client:
        yield client


def execute(job: BulkJob, tasks: Sequence[Task], *,
            client: Any = None) -> Iterator[tuple[Task, np.ndarray]]:
    """Run the tasks; yield ``(task, sums)`` as each finishes."""
    calls = ((task, task.name, run_units, _args_of(job, task)) for task in tasks)
    return execute_calls(calls, client=client)


def _args_of(job: BulkJob, task: Task) -> Callable[[], tuple[Any, ...]]:
    """The task's arguments, built when called (just before submission)."""
    return lambda: task_args(job, task)


def execute_calls(calls: Iterable[tuple[Any, str, Callable[..., Any], Callable[[], tuple[Any, ...]]]],
                  *, client: Any = None) -> Iterator[tuple[Any, Any]]:
    """Run ``fn(*make_args())`` for each ``(tag, name, fn, make_args)``; yield ``(tag, result)``
    as each finishes (arguments are built just before submission)."""
    if client is None:
        for tag, _, fn, make_args in calls:
            yield tag, fn(*make_args())
        return
    from distributed import as_completed

    run = uuid.uuid4().hex[:12]  # task keys unique to this run, stable across its retries
    pending: dict[Any, Any] = {}
    for tag, name, fn, make_args in calls:
        future = client.submit(fn, *make_args(), pure=False, key=f"omaha-eval-bulk-{run}-{name}")
        pending[future] = tag
    for future in as_completed(list(pending)):
        out = future.result()
        tag = pending.pop(future)
        future.release()
        yield tag, out
