"""Worker processes for ``omaha-eval serve --workers N``, each with its own listening socket.

uvicorn's own supervisor hands every worker the same listening socket. An event loop woken by a
new connection accepts every connection pending (libuv and asyncio both accept until the queue
is empty), so connections opened together (a client's pool, a load balancer) mostly land on one
worker: five bursts of 64 connections to two workers split 64/0, 57/7, 20/44, 59/5 and 4/60.
That worker then does the work of both and its clients wait twice as long while the other
idles. Here each worker listens on a socket of its own bound to the same port with
``SO_REUSEPORT``, and the kernel spreads new connections over them by a hash of their addresses
(ten bursts of 64: from 38/26 to 32/32).

The parent holds the port, bound but not listening, so that ``--port 0`` knows its number and
no connection can wait on a socket that no worker serves. It starts the workers (spawned, each
builds its own app), waits until every one serves, replaces a worker that dies, and on SIGTERM
or SIGINT stops them gracefully (uvicorn finishes the requests in flight) and returns 0. Where
the platform has no such balancing (``SO_REUSEPORT`` is Linux's), :mod:`.serve` uses uvicorn's
supervisor instead.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import signal
import socket
import sys
import threading
import time
from multiprocessing.connection import Connection
from typing import Any, Dict, List, Optional

log = logging.getLogger("omaha_eval.service")

#: uvicorn's exit status for a worker whose app or socket failed to start
STARTUP_FAILURE = 3


def balanced_sockets_supported() -> bool:
    """True where each worker can listen on its own socket and the kernel balances them."""
    return sys.platform.startswith("linux") and hasattr(socket, "SO_REUSEPORT")


def _family(host: str) -> socket.AddressFamily:
    return socket.AF_INET6 if ":" in host else socket.AF_INET


def reserve_port(host: str, port: int) -> socket.socket:
    """A socket bound to ``(host, port)`` with ``SO_REUSEPORT`` and not listening: it holds the
    port (``port`` 0: a free one) for the workers' sockets. Raises OSError when the port is
    taken, also by another server that shares ports this way."""
    probe = socket.socket(_family(host), socket.SOCK_STREAM)
    try:  # without SO_REUSEPORT first: fails if anything at all holds the port
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        probe.bind((host, port))
        port = probe.getsockname()[1]
    finally:
        probe.close()
    return listening_socket(host, port, listen=False)


def listening_socket(host: str, port: int, listen: bool = True) -> socket.socket:
    """A socket on ``(host, port)`` with ``SO_REUSEPORT`` (uvicorn calls ``listen`` on it)."""
    sock = socket.socket(_family(host), socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    return sock


def resident_mb() -> Optional[float]:
    """This process's resident memory in MB (Linux's ``/proc/self/statm``), or None.

    Examples
    --------
    >>> mb = resident_mb()
    >>> mb is None or mb > 1
    True
    """
    try:
        with open("/proc/self/statm", "rb") as handle:
            pages = int(handle.read(200).split()[1])
    except (OSError, ValueError, IndexError):
        return None
    return pages * os.sysconf("SC_PAGE_SIZE") / 1e6


def _over_bounds(server: Any, max_requests: int, max_mb: float) -> Optional[str]:
    served = server.server_state.total_requests
    if served >= max_requests:
        return f"served {served} requests"
    mb = resident_mb()
    if mb is not None and mb > max_mb:
        return f"uses {mb:.0f} MB"
    return None


def _worker(config: Dict[str, Any], host: str, port: int, ready: Connection,
            max_requests: int = 1 << 62, max_mb: float = float("inf")) -> None:
    """One worker process: its own socket, then uvicorn until it is told to stop. Past
    ``max_requests`` requests or ``max_mb`` of resident memory it asks the parent (a
    ``"retire"`` message) for a replacement, and serves on until the parent stops it."""
    import uvicorn

    server = uvicorn.Server(uvicorn.Config(**config))
    sock = listening_socket(host, port)

    def report_started() -> None:  # the parent waits for every worker before it says "listening"
        while not server.started and not server.should_exit:
            time.sleep(0.01)
        try:
            ready.send(server.started)
            while not server.should_exit:
                reason = _over_bounds(server, max_requests, max_mb)
                if reason is not None:
                    ready.send(("retire", reason))
                    return
                time.sleep(0.2)
        except OSError:
            pass

    threading.Thread(target=report_started, daemon=True).start()
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:  # Ctrl-C reached this process too: the parent knows
        pass


class Workers:
    """``count`` uvicorn workers on ``host:port``, built from ``config`` (keyword arguments of
    ``uvicorn.Config``, which the workers build themselves)."""

    def __init__(self, config: Dict[str, Any], host: str, port: int, count: int,
                 graceful_seconds: float, max_requests: int = 1 << 62,
                 max_mb: float = float("inf")) -> None:
        self.config, self.host, self.port, self.count = config, host, port, count
        self.graceful_seconds = graceful_seconds
        self.max_requests, self.max_mb = max_requests, max_mb
        self.context = multiprocessing.get_context("spawn")
        self.processes: List[Any] = []
        self.retiring: List[Any] = []  # replaced workers finishing their requests
        self.stopping = threading.Event()
        self.replaced = 0  # workers replaced for their request or memory bound

    def _start_one(self) -> Any:
        parent_end, child_end = self.context.Pipe(duplex=False)
        # each worker's request bound a little different, so that they do not retire together
        jitter = (len(self.processes) + self.replaced) % 10 * (self.max_requests // 100)
        process = self.context.Process(target=_worker, name="omaha-eval-worker",
                                       args=(self.config, self.host, self.port, child_end,
                                             self.max_requests + jitter, self.max_mb))
        process.start()
        child_end.close()
        process.ready = parent_end  # type: ignore[attr-defined]
        return process

    def _wait_started(self, process: Any, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and not self.stopping.is_set():
            if process.ready.poll(0.05):
                try:
                    return bool(process.ready.recv())
                except EOFError:
                    return False
            if not process.is_alive():
                return False
        return False

    def start(self, timeout: float = 120.0) -> bool:
        """Starts the workers and waits until each serves; False if one failed to start or a
        signal came first. From here on SIGTERM and SIGINT stop the workers (see
        :meth:`supervise`)."""
        for sig in (signal.SIGTERM, signal.SIGINT):
            signal.signal(sig, lambda signum, frame: self.stopping.set())
        self.processes = [self._start_one() for _ in range(self.count)]
        return all(self._wait_started(p, timeout) for p in self.processes)

    def supervise(self) -> int:
        """Until SIGTERM or SIGINT (or a worker that cannot start): replaces dead workers, then
        stops them all. Returns the exit status."""
        status = 0
        while not self.stopping.wait(0.2):
            self.retiring = [p for p in self.retiring if p.is_alive()]
            for i, process in enumerate(self.processes):
                if process.is_alive():
                    self._retire_if_asked(i, process)
                    continue
                log.warning("worker %s ended with status %s; starting another", process.pid,
                            process.exitcode)
                replacement = self._start_one()
                self.processes[i] = replacement
                if not self._wait_started(replacement, 120.0) and not self.stopping.is_set():
                    log.error("a new worker did not start: stopping")
                    status = STARTUP_FAILURE
                    self.stopping.set()
        self.stop()
        return status

    def _retire_if_asked(self, i: int, process: Any) -> None:
        """A worker past its request or memory bound: a new one first, then the old one stops
        gracefully (its requests in flight finish), so the port is never without a worker."""
        try:
            if not process.ready.poll(0):
                return
            message = process.ready.recv()
        except (EOFError, OSError):
            return
        if not (isinstance(message, tuple) and message and message[0] == "retire"):
            return
        replacement = self._start_one()
        if not self._wait_started(replacement, 120.0):
            log.error("a replacement worker did not start; worker %s goes on", process.pid)
            replacement.kill()
            return
        log.info("worker %s %s: replaced by worker %s", process.pid, message[1], replacement.pid)
        self.processes[i] = replacement
        self.replaced += 1
        process.terminate()
        self.retiring.append(process)

    def stop(self) -> None:
        """SIGTERM to every worker (uvicorn shuts down gracefully), then waits; kills a worker
        that outlasts the graceful time."""
        self.stopping.set()
        everyone = self.processes + self.retiring
        for process in everyone:
            if process.is_alive():
                process.terminate()
        deadline = time.monotonic() + self.graceful_seconds + 5.0
        for process in everyone:
            process.join(max(deadline - time.monotonic(), 0.1))
            if process.is_alive():
                process.kill()
                process.join()

    @property
    def pids(self) -> List[Optional[int]]:
        return [p.pid for p in self.processes]
