"""A time-out on slow clients, around uvicorn's own HTTP protocol.

uvicorn closes a keep-alive connection that stays silent after an answer
(``timeout_keep_alive``), but it times out neither a connection that never sends a request nor a
request head that arrives a byte at a time: a few such connections hold a worker's sockets for
ever. :class:`GuardedProtocol` is the ``http`` protocol class the service gives uvicorn
(``uvicorn.Config(http=GuardedProtocol)``, uvicorn's setting for a protocol class). It builds
uvicorn's own protocol with the arguments uvicorn passes and forwards every ``asyncio.Protocol``
call to it unchanged, adding one rule: while the server waits for a request's head (from the
moment the connection opens, and again from the end of each answer), the head must have
arrived within ``header_timeout`` seconds, or the connection is closed. Bytes trickling in do
not extend the time. A body's own time-out is the edge middleware's (:mod:`.edges`).

It also sends each answer in one write: uvicorn writes an answer's head as soon as the
application starts it and the body as a second write, which on a ``TCP_NODELAY`` socket is two
segments and two wake-ups of the client per answer. The protocol hands uvicorn a
:class:`GatheringTransport` whose writes are held until the answer is complete (the middleware's
report) or, at the latest, the end of the event loop's current step (a streamed answer).

How the two know of each other: the protocol sets :data:`CONNECTION` (a context variable)
around each ``data_received``; uvicorn starts the request's task inside that call, and an
asyncio task copies the current context, so the middleware finds its connection with
:func:`current_connection` and reports when the request reached the application and when its
answer is complete. Only public interfaces are used: ``asyncio.Protocol``, ``contextvars``,
uvicorn's ``http`` setting and its table of protocol names (``uvicorn.config.HTTP_PROTOCOLS``).
"""

from __future__ import annotations

import asyncio
import contextvars
import os
from typing import Any, List, Optional

#: the connection whose bytes the current task was started from (None outside the service)
CONNECTION: "contextvars.ContextVar[Optional[GuardedProtocol]]" = contextvars.ContextVar(
    "omaha_eval_service_connection", default=None)

#: seconds a request head may take, from the connection's start or the previous answer's end
#: (the ``OMAHA_EVAL_SERVICE_HEADER_TIMEOUT`` environment variable, which ``serve`` sets)
DEFAULT_HEADER_TIMEOUT = 10.0


def current_connection() -> "Optional[GuardedProtocol]":
    """The guarded connection of the request being served, if any.

    Examples
    --------
    >>> current_connection() is None   # outside a request of the service
    True
    """
    return CONNECTION.get()


class GatheringTransport:
    """A transport whose writes are held until :meth:`flush` (called when an answer is
    complete, and at the latest by the event loop right after the step that wrote them). Every
    other attribute is the wrapped transport's.

    Examples
    --------
    >>> import asyncio
    >>> class Wire:
    ...     def __init__(self): self.writes = []
    ...     def write(self, data): self.writes.append(data)
    >>> wire, loop = Wire(), asyncio.new_event_loop()
    >>> gathering = GatheringTransport(wire, loop)
    >>> gathering.write(b"HTTP/1.1 200 OK\\r\\n\\r\\n"); gathering.write(b"{}")
    >>> wire.writes
    []
    >>> gathering.flush(); wire.writes
    [b'HTTP/1.1 200 OK\\r\\n\\r\\n{}']
    >>> loop.close()
    """

    __slots__ = ("_transport", "_loop", "_pending", "_scheduled")

    def __init__(self, transport: Any, loop: asyncio.AbstractEventLoop) -> None:
        self._transport = transport
        self._loop = loop
        self._pending: List[bytes] = []
        self._scheduled = False

    def write(self, data: Any) -> None:
        self._pending.append(data)
        if not self._scheduled:
            self._scheduled = True
            self._loop.call_soon(self._flush_soon)

    def writelines(self, lines: Any) -> None:
        for data in lines:
            self.write(data)

    def _flush_soon(self) -> None:
        self._scheduled = False
        self.flush()

    def flush(self) -> None:
        """Sends what was written so far, in one write."""
        pending = self._pending
        if pending:
            data = pending[0] if len(pending) == 1 else b"".join(pending)
            pending.clear()
            self._transport.write(data)

    def write_eof(self) -> None:
        self.flush()
        self._transport.write_eof()

    def close(self) -> None:
        self.flush()
        self._transport.close()

    def abort(self) -> None:
        self._pending.clear()
        self._transport.abort()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)


def _inner_class() -> Any:
    from uvicorn.config import HTTP_PROTOCOLS
    from uvicorn.importer import import_from_string

    try:
        import httptools  # noqa: F401
        name = "httptools"
    except ImportError:  # pragma: no cover - httptools is part of the server extra
        name = "h11"
    return import_from_string(HTTP_PROTOCOLS[name])


def _header_timeout() -> float:
    text = os.environ.get("OMAHA_EVAL_SERVICE_HEADER_TIMEOUT")
    try:
        value = float(text) if text else DEFAULT_HEADER_TIMEOUT
    except ValueError:
        value = DEFAULT_HEADER_TIMEOUT
    return value if value > 0 else DEFAULT_HEADER_TIMEOUT


class GuardedProtocol(asyncio.Protocol):
    """uvicorn's HTTP protocol with a request-head time-out (see the module docstring).

    uvicorn builds it as it builds its own protocols (``http=GuardedProtocol``); every argument
    goes to the wrapped protocol unchanged.
    """

    inner_class: Any = None
    header_timeout: float = DEFAULT_HEADER_TIMEOUT

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        cls = type(self)
        if cls.inner_class is None:
            cls.inner_class = _inner_class()
            cls.header_timeout = _header_timeout()
        self.inner: asyncio.Protocol = cls.inner_class(*args, **kwargs)
        self.transport: Optional[asyncio.BaseTransport] = None
        self.timer: Optional[asyncio.TimerHandle] = None
        self.timed_out = False
        self.gathering: Optional[GatheringTransport] = None

    # ---- the rule ----

    def _arm(self) -> None:
        self._disarm()
        if self.transport is not None and not self.transport.is_closing():
            loop = asyncio.get_running_loop()
            self.timer = loop.call_later(self.header_timeout, self._expired)

    def _disarm(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None

    def _expired(self) -> None:
        self.timer = None
        if self.transport is not None and not self.transport.is_closing():
            self.timed_out = True
            self.transport.close()

    def request_started(self) -> None:
        """The middleware's report: a request's head has arrived and its task runs."""
        self._disarm()

    def response_complete(self) -> None:
        """The middleware's report: the answer is sent (now, in one write); the next head has
        its time again."""
        if self.gathering is not None:
            self.gathering.flush()
        self._arm()

    # ---- asyncio.Protocol, forwarded ----

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport
        self.gathering = GatheringTransport(transport, asyncio.get_running_loop())
        self.inner.connection_made(self.gathering)  # type: ignore[arg-type]
        self._arm()

    def data_received(self, data: bytes) -> None:
        token = CONNECTION.set(self)
        try:
            self.inner.data_received(data)
        finally:
            CONNECTION.reset(token)

    def eof_received(self) -> Optional[bool]:
        return self.inner.eof_received()

    def connection_lost(self, exc: Optional[Exception]) -> None:
        self._disarm()
        self.inner.connection_lost(exc)

    def pause_writing(self) -> None:
        self.inner.pause_writing()

    def resume_writing(self) -> None:
        self.inner.resume_writing()

    def shutdown(self) -> None:  # pragma: no cover - uvicorn calls the inner protocol's own
        shutdown = getattr(self.inner, "shutdown", None)
        if shutdown is not None:
            shutdown()


# uvicorn's ``http`` setting: the protocol class by import path (workers build their own)
PROTOCOL = f"{__name__}:GuardedProtocol"
