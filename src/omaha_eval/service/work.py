"""Running the library's work off the event loop, within the per-request time limit.

Two thread pools: ``quick`` for work of at most milliseconds (batches of fixed hands, exact
equity of fixed hands, hand replays) and ``heavy`` for work that can take up to a second (ranges,
Monte Carlo), so that a burst of heavy requests never queues the quick ones behind it. The native
loops release the GIL, so these threads really run in parallel. Work that costs less than the
thread hop itself (one deal, tens of microseconds) runs inline: handing it to a thread would
double its latency and halve the throughput.

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
    """The two thread pools (see the module docstring); one per worker process."""

    def __init__(self, threads: Optional[int] = None) -> None:
        n = threads or max(2, os.cpu_count() or 1)
        self.quick = ThreadPoolExecutor(n, thread_name_prefix="omaha-quick")
        self.heavy = ThreadPoolExecutor(n, thread_name_prefix="omaha-heavy")

    async def run(self, fn: Callable[..., T], *args: Any, deadline: Deadline,
                  heavy: bool = False) -> T:
        """``fn(*args)`` in a pool thread; 503 if the deadline passes first."""
        def guarded() -> T:
            deadline.check()  # it may have queued past its time: then do nothing
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
