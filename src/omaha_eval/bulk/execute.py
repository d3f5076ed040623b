"""Where a bulk job's tasks run: in this process, or on Dask (the optional ``cluster`` extra).

Results are yielded as tasks finish, in any order; callers merge integer sums, so the order never
matters. On Dask a task lost with its worker is rerun elsewhere by the scheduler: the same task
gives the same numbers wherever it runs.
"""

from __future__ import annotations

import contextlib
import uuid
from typing import Iterator, Sequence

import numpy as np

from .job import BulkError, BulkJob, Task, run_units, task_args

__all__ = ["connect", "execute", "have_dask"]


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


def execute(job: BulkJob, tasks: Sequence[Task], *, client=None) -> Iterator[tuple[Task, np.ndarray]]:
    """Run the tasks; yield ``(task, sums)`` as each finishes."""
    if client is None:
        for task in tasks:
            yield task, run_units(*task_args(job, task))
        return
    from distributed import as_completed

    run = uuid.uuid4().hex[:12]  # task keys unique to this run, stable across its retries
    pending = {}
    for task in tasks:
        future = client.submit(run_units, *task_args(job, task), pure=False,
                               key=f"omaha-eval-bulk-{run}-{task.name}")
        pending[future] = task
    for future in as_completed(list(pending)):
        out = future.result()
        task = pending.pop(future)
        future.release()
        yield task, out
