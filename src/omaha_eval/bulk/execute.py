"""Where a bulk job's tasks run: in this process, or on Dask (the optional ``cluster`` extra).

Results are yielded as tasks finish, in any order; callers merge integer sums, so the order never
matters. On Dask a task lost with its worker is rerun elsewhere by the scheduler: the same task
gives the same numbers wherever it runs.
"""

from __future__ import annotations

import contextlib
import logging
import signal
import threading
import uuid
from typing import Any, Callable, Iterable, Iterator, Sequence

import numpy as np

from ..errors import BulkError
from .tasks import JobLike, Task, run_units, task_args, task_trials

__all__ = ["CALL_TRIALS", "connect", "execute", "execute_calls", "group_size", "have_dask",
           "quiet_cancellations", "quiet_interrupts"]

# trials per Dask call when tasks are small: ~0.5 s of one core heads-up, so the
# few milliseconds Dask spends on a call (scheduling, messages) stay near 1%
CALL_TRIALS = 1 << 22

# Dask calls in flight per worker thread: enough that no thread waits for its next call, few
# enough that the arguments and scheduler state of a huge job are never all in memory at once
SUBMIT_WINDOW_PER_THREAD = 4


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


_QUIET_CLUSTER = {
    "distributed.worker.profile.enabled": False,
    "distributed.admin.tick.interval": "1s",
    "distributed.admin.system-monitor.interval": "5s",
    "distributed.worker.memory.monitor-interval": "1s",
}


@contextlib.contextmanager
def connect(scheduler: str | None = None, workers: int | None = None) -> Iterator[object]:
    """A Dask client for ``scheduler`` (an address such as ``tcp://10.0.0.5:8786``), or for a
    ``LocalCluster`` of ``workers`` single-threaded worker processes on 127.0.0.1; ``None`` for
    both: no client (the job runs in this process).

    One thread per worker process: the kernel releases the GIL, so threads would run in parallel
    too, but with a process per core each worker's event loop serves one compute thread, and a
    killed worker loses one core's tasks."""
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
    import dask

    # Our cluster serves no dashboard, so its housekeeping runs less often: no statistical
    # profiler (it samples every thread's stack 100 times a second), the event-loop tick at 1 s
    # (20 ms), system and memory monitors at 5 s and 1 s (0.5 s, 0.1 s; a task holds a few KB).
    # Measured idle (load ~20): worker 38 -> 4 ms CPU a second, client+scheduler 38 -> 6, CPU
    # taken from the kernel's cores. The workers copy the config when they start.
    # Without a dashboard the scheduler still serves HTTP (health, metrics), by default on 8787,
    # and warns when another cluster holds that port: a free port of its own instead.
    with dask.config.set(_QUIET_CLUSTER), _children_ignore_sigint():
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                               host="127.0.0.1", dashboard_address=None,
                               scheduler_kwargs={"dashboard_address": "127.0.0.1:0"})
    with cluster, Client(cluster) as client, quiet_interrupts():
        client.run(quiet_cancellations)
        yield client


@contextlib.contextmanager
def _children_ignore_sigint() -> Iterator[None]:
    """SIGINT is ignored while the worker processes start: they inherit the ignored signal
    (Python keeps it ignored), so a Ctrl-C reaches this process alone, which stops the job and
    closes the cluster; without it every worker prints its own KeyboardInterrupt traceback.
    (A Ctrl-C during those few seconds of start-up is lost: press it again.)"""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)


def quiet_cancellations() -> None:
    """Run on each worker of our own cluster: a stopped job cancels its running tasks on
    purpose, so the worker need not log a warning for each."""
    logging.getLogger("distributed.worker.state_machine").setLevel(logging.ERROR)


@contextlib.contextmanager
def quiet_interrupts() -> Iterator[None]:
    """On Ctrl-C (KeyboardInterrupt), silence Dask's loggers while the cluster shuts down: the
    interrupt stops the job on purpose, and the caller reports it in one line."""
    try:
        yield
    except KeyboardInterrupt:
        for name in ("distributed", "tornado", "asyncio"):
            logging.getLogger(name).setLevel(logging.CRITICAL + 1)
        raise


def execute(job: JobLike, tasks: Sequence[Task], *, client: Any = None,
            group: int | None = None) -> Iterator[tuple[Task, np.ndarray]]:
    """Run the tasks; yield ``(task, sums)`` as each finishes.

    On Dask, ``group`` tasks travel in one Dask call (default :func:`group_size`: small tasks
    share a call so that Dask's fixed cost per call stays a small share of the work); the
    numbers never depend on it.
    """
    if client is not None and group is None:
        trials = max((task_trials(t, job.trials) for t in tasks), default=1)
        group = group_size(len(tasks), trials, _worker_threads(client))
    calls = ((task, task.name, run_units, _args_of(job, task)) for task in tasks)
    return execute_calls(calls, client=client, group=group or 1)


def _args_of(job: JobLike, task: Task) -> Callable[[], tuple[Any, ...]]:
    """The task's arguments, built when called (just before submission)."""
    return lambda: task_args(job, task)


def group_size(n_tasks: int, trials_per_task: int, threads: int) -> int:
    """Tasks per Dask call: enough for about ``CALL_TRIALS`` trials a call, but never so many
    that a worker thread has fewer than two calls (one running, one waiting: no idle gap while
    the scheduler hands out the next)."""
    want = max(1, CALL_TRIALS // max(1, trials_per_task))
    spread = max(1, n_tasks // (2 * max(1, threads)))
    return max(1, min(want, spread))


def _worker_threads(client: Any) -> int:
    threads: int = max(1, sum(client.nthreads().values()))
    return threads


def _run_group(fn: Callable[..., Any], arg_lists: list[tuple[Any, ...]],
               constants: list[Any]) -> list[Any]:
    """One Dask call: ``fn(*constants, *args)`` for each argument tuple of the group."""
    return [fn(*constants, *args) for args in arg_lists]


def execute_calls(calls: Iterable[tuple[Any, str, Callable[..., Any], Callable[[], tuple[Any, ...]]]],
                  *, client: Any = None, constants: Sequence[Any] = (), group: int = 1
                  ) -> Iterator[tuple[Any, Any]]:
    """Run ``fn(*constants, *make_args())`` for each ``(tag, name, fn, make_args)``; yield
    ``(tag, result)`` as each finishes.

    On Dask the ``constants`` (arguments every call shares, such as a table's hands) are
    scattered to the workers once instead of travelling with every call, the calls go to the
    scheduler in ``client.map`` batches of ``group`` calls per Dask task, at most
    ``SUBMIT_WINDOW_PER_THREAD`` Dask tasks per worker thread in flight (each finished one lets the
    next be built and sent), and finished results are gathered in batches. Closing the iterator
    early cancels what is still pending.
    """
    if client is None:
        for tag, _, fn, make_args in calls:
            yield tag, fn(*constants, *make_args())
        return
    from distributed import as_completed

    items = list(calls)
    if not items:
        return
    if len({id(fn) for _, _, fn, _ in items}) != 1:
        raise BulkError("execute_calls runs one function over many arguments")
    fn = items[0][2]
    run = uuid.uuid4().hex[:12]  # task keys unique to this run, stable across its retries
    shared = client.scatter(list(constants), broadcast=True, hash=False) if constants else []
    groups = [items[a:a + group] for a in range(0, len(items), group)]
    # A bounded window of calls in flight: arguments are built and sent as earlier calls finish,
    # so a job of a million small tasks holds a few hundred in memory, not all of them.
    window = max(SUBMIT_WINDOW_PER_THREAD * _worker_threads(client), 8)
    tags: dict[str, list[Any]] = {}
    next_group = 0

    def submit(count: int) -> list[Any]:
        nonlocal next_group
        chunk = groups[next_group:next_group + count]
        next_group += len(chunk)
        if not chunk:
            return []
        futures = client.map(_run_group, [fn] * len(chunk),
                              [[make_args() for _, _, _, make_args in g] for g in chunk],
                              [shared] * len(chunk), pure=False,
                              key=[f"omaha-eval-bulk-{run}-{g[0][1]}" for g in chunk])
        for f, g in zip(futures, chunk):
            tags[f.key] = [tag for tag, _, _, _ in g]
        return list(futures)

    first = submit(window)
    pending = set(first)
    finished = as_completed(first)
    try:
        for batch in finished.batches():
            results = client.gather(batch)
            more = submit(len(batch))  # refill the window before handing results out
            pending.update(more)
            finished.update(more)
            for future, result in zip(batch, results):
                pending.discard(future)
                future.release()
                yield from zip(tags.pop(future.key), result)
    finally:
        if pending and client.status == "running":  # closed clients have nothing to cancel
            client.cancel(list(pending))
