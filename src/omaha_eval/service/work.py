"""Running the library's work off the event loop, within the per-request time limit.

Two thread pools: ``quick`` for work of at most milliseconds (batches of fixed hands, exact
equity of fixed hands, hand replays) and ``heavy`` for work that can take up to a second (ranges,
Monte Carlo), so that a burst of heavy requests never queues the quick ones behind it. The native
loops release the GIL, so these threads really run in parallel. Work that costs less than the
thread hop itself (one deal, tens of microseconds) runs inline: handing it to a thread would
double its latency and halve the throughput.

Heavy work runs in job processes (:mod:`.jobs`): a pool thread hands the job to a process and
waits; at the deadline the process is killed, so the work really stops, whatever it was doing,
and its memory is given back. (``OMAHA_EVAL_SERVICE_JOB_PROCESSES=0`` keeps heavy work in
threads, where it stops only at its own deadline checks.)

Deadlines: a request's work starts only if its deadline has not passed while it queued, and
long equity work checks the deadline between its chunks (the library's ``progress`` callback);
either way the request ends with 503 and the thread is free again.
"""

from __future__ import annotations

import asyncio
import os
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable, Optional, TypeVar

from .errors import ApiError
from .jobs import JobProcesses, JobTimeout

T = TypeVar("T")


class DeadlineExceeded(Exception):
    """Raised inside work whose request ran out of time."""


class Deadline:
    """A point in time (``time.monotonic``) by which a request must be done.

    Examples
    --------
    >>> d = Deadline(10.0)
    >>> d.check()   # plenty of time left: nothing happens
    >>> Deadline(0.0).expired
    True
    """

    __slots__ = ("seconds", "at")

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.at = time.monotonic() + seconds

    @property
    def expired(self) -> bool:
        return time.monotonic() >= self.at

    def check(self) -> None:
        """Raises :class:`DeadlineExceeded` once the time is up."""
        if time.monotonic() >= self.at:
            raise DeadlineExceeded()

    def progress(self, done: int, total: int) -> None:
        """The library's ``progress(done, total)`` callback: stops the work when time is up."""
        self.check()

    def error(self) -> ApiError:
        return ApiError(503, [], f"the request did not finish within the time limit of "
                                 f"{self.seconds:g} s", "time_limit")


class Pools:
    """The two thread pools and the job processes (see the module docstring); one per worker
    process.

    Parameters
    ----------
    threads : int, optional
        Threads of each pool, and job processes (default: the cores, at least 2).
    processes : bool, optional
        Run heavy work in job processes (default: unless ``OMAHA_EVAL_SERVICE_JOB_PROCESSES=0``).
    max_mb : float
        Resident memory above which a job process is replaced after its job.
    """

    def __init__(self, threads: Optional[int] = None, processes: Optional[bool] = None,
                 max_mb: float = 512.0) -> None:
        n = threads or max(2, os.cpu_count() or 1)
        self.quick = ThreadPoolExecutor(n, thread_name_prefix="omaha-quick")
        self.heavy = ThreadPoolExecutor(n, thread_name_prefix="omaha-heavy")
        if processes is None:
            processes = os.environ.get("OMAHA_EVAL_SERVICE_JOB_PROCESSES", "1") != "0"
        self.jobs: Optional[JobProcesses] = JobProcesses(n, max_mb) if processes else None

    async def run(self, fn: Callable[..., T], *args: Any, deadline: Deadline,
                  heavy: bool = False) -> T:
        """``fn(*args)`` in a pool thread (``heavy``: in a job process, killed at the
        deadline); 503 if the deadline passes first."""
        jobs = self.jobs if heavy else None

        def guarded() -> T:
            deadline.check()  # it may have queued past its time: then do nothing
            if jobs is not None:
                try:
                    answer: T = jobs.run(fn, args, deadline.at)
                except JobTimeout:
                    raise DeadlineExceeded() from None
                return answer
            return fn(*args)

        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(self.heavy if heavy else self.quick, guarded)
        try:
            return await asyncio.wait_for(future, max(deadline.at - time.monotonic(), 0.001))
        except (asyncio.TimeoutError, DeadlineExceeded):
            raise deadline.error() from None

    def shutdown(self) -> None:
        # queued work is dropped; running work is bounded by its own deadline checks
        self.quick.shutdown(wait=False, cancel_futures=True)
        self.heavy.shutdown(wait=False, cancel_futures=True)
        if self.jobs is not None:
            self.jobs.shutdown()
