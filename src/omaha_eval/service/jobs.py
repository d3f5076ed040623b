"""Heavy work (ranges, Monte Carlo) in job processes that are killed when their time is up.

A thread cannot be stopped from outside: work that checks no deadline (a slow range parse, a
feasibility estimate) would keep a pool thread and its memory after the request's 503. Here
each heavy job runs in a process of its own pool, one job at a time: a pool thread of the worker
sends the job (a module-level function and its arguments, pickled) and waits for the answer
until the request's deadline; at the deadline the process is killed (its memory goes back to
the system at once), the request answers 503, and a fresh process takes its place. A job process
whose resident memory passes ``max_mb`` after a job is replaced the same way, so no job process
keeps what an abusive request made it allocate.

Processes come from ``forkserver`` where the platform has it (a fork of a clean server process
that has imported the service's modules once, never of the threaded worker), else ``spawn``.
The first heavy job of a worker starts the fork server (about a second); after that a new job
process is a fork, ready in milliseconds, and a process killed or replaced is replaced at once
in the background.
"""

from __future__ import annotations

import logging
import multiprocessing
import threading
import time
from multiprocessing.connection import Connection
from typing import Any, Callable, List, Optional, Tuple

log = logging.getLogger("omaha_eval.service")

#: the modules a job process imports before it says it is ready
WARM_UP = ("omaha_eval.service.routes.equity",)


class JobTimeout(Exception):
    """A job did not finish by its deadline; its process was killed."""


def _job_main(conn: Connection) -> None:
    """A job process: imports, says ready, then runs ``(fn, args)`` jobs until the pipe closes."""
    import importlib

    for name in WARM_UP:
        importlib.import_module(name)
    from .workers import resident_mb

    conn.send("ready")
    while True:
        try:
            fn, args = conn.recv()
        except (EOFError, OSError):
            return
        try:
            answer: Tuple[bool, Any] = (True, fn(*args))
        except BaseException as exc:  # sent back and raised in the worker
            answer = (False, exc)
        try:
            conn.send((answer, resident_mb()))
        except Exception as exc:  # an unpicklable answer: say so instead
            conn.send(((False, RuntimeError(f"job answer not sendable: {exc!r}")), None))


class _Process:
    __slots__ = ("process", "conn", "ready")

    def __init__(self, context: Any) -> None:
        self.conn, child = context.Pipe(duplex=True)
        self.process = context.Process(target=_job_main, args=(child,), daemon=True,
                                       name="omaha-eval-job")
        self.process.start()
        child.close()
        self.ready = False

    def wait_ready(self, timeout: float) -> bool:
        if not self.ready and self.conn.poll(timeout):
            try:
                self.ready = self.conn.recv() == "ready"
            except (EOFError, OSError):
                self.ready = False
        return self.ready

    def kill(self) -> None:
        try:
            self.process.kill()
            self.process.join(5.0)
        finally:
            self.conn.close()


class JobProcesses:
    """Up to ``size`` job processes; :meth:`run` runs one job in one of them.

    Parameters
    ----------
    size
        How many jobs run at once (a job waits for a free process beyond that).
    max_mb
        Resident memory above which a process is replaced after its job.
    """

    def __init__(self, size: int, max_mb: float = 512.0) -> None:
        self.context: Any
        if "forkserver" in multiprocessing.get_all_start_methods():
            self.context = multiprocessing.get_context("forkserver")
            # the server process imports these once; each job process is a fork of it, ready
            # in milliseconds (before the server starts: a no-op once it runs)
            self.context.set_forkserver_preload(list(WARM_UP))
        else:  # pragma: no cover - platforms without fork
            self.context = multiprocessing.get_context("spawn")
        self.size, self.max_mb = size, max_mb
        self.idle: List[_Process] = []
        self.lock = threading.Lock()
        self.free = threading.Semaphore(size)
        self.closed = False
        self.killed = 0  # processes killed at a deadline
        self.replaced = 0  # processes replaced for their memory

    def _top_up(self) -> None:
        """Starts one process in the background for the one just killed (a server that never
        runs heavy work starts none: the first job starts its own)."""
        try:
            for _ in range(1):
                fresh = _Process(self.context)
                if fresh.wait_ready(120.0) and not self.closed:
                    with self.lock:
                        if len(self.idle) < self.size:
                            self.idle.append(fresh)
                            continue
                fresh.kill()
        except Exception:  # pragma: no cover - a platform that cannot start processes
            log.exception("could not start a job process")

    def _take(self) -> _Process:
        with self.lock:
            if self.idle:
                return self.idle.pop()
        fresh = _Process(self.context)
        if not fresh.wait_ready(120.0):
            fresh.kill()
            raise RuntimeError("a job process did not start")
        return fresh

    def _give_back(self, proc: _Process, mb: Optional[float]) -> None:
        if mb is not None and mb > self.max_mb:
            self.replaced += 1
            proc.kill()
            threading.Thread(target=self._top_up, daemon=True).start()
            return
        with self.lock:
            if not self.closed:
                self.idle.append(proc)
                return
        proc.kill()

    def run(self, fn: Callable[..., Any], args: Tuple[Any, ...], deadline_at: float) -> Any:
        """``fn(*args)`` in a job process, by ``deadline_at`` (``time.monotonic``); raises
        :class:`JobTimeout` after killing the process if it is not done by then, and re-raises
        what ``fn`` raised. Blocking: call it from a thread."""
        if not self.free.acquire(timeout=max(deadline_at - time.monotonic(), 0.0)):
            raise JobTimeout()
        try:
            proc = self._take()
            try:
                proc.conn.send((fn, args))
                if not proc.conn.poll(max(deadline_at - time.monotonic(), 0.0)):
                    raise JobTimeout()
                (ok, value), mb = proc.conn.recv()
            except BaseException as exc:
                self.killed += 1
                proc.kill()
                threading.Thread(target=self._top_up, daemon=True).start()
                if isinstance(exc, (EOFError, OSError)):
                    raise RuntimeError("a job process ended without an answer") from None
                raise
            self._give_back(proc, mb)
        finally:
            self.free.release()
        if ok:
            return value
        raise value

    def shutdown(self) -> None:
        self.closed = True
        with self.lock:
            idle, self.idle = self.idle, []
        for proc in idle:
            proc.kill()
