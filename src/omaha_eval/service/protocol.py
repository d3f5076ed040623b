"""uvicorn's httptools protocol, with each answer's head and body sent in one system call.

uvicorn writes an answer's status line and headers as soon as the application sends
``http.response.start``, and the body as a second write: on a TCP_NODELAY socket that is two
``write`` calls, two segments and two wake-ups of the client for every answer. Here the writes
of one answer are gathered and sent together when the answer is complete (or, for a streamed
answer, at the end of the event loop's current step, so nothing waits longer than that). The
protocol is otherwise uvicorn's own, unchanged: keep-alive, pipelining, flow control, timeouts
and graceful shutdown behave as before.
"""

from __future__ import annotations

import asyncio
from typing import Any, List

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol


class GatheringTransport:
    """A transport whose writes are held until :meth:`flush` (called when an answer is
    complete, and at the latest by the event loop right after the step that wrote them). Every
    other attribute is the wrapped transport's."""

    __slots__ = ("_transport", "_loop", "_pending", "_scheduled")

    def __init__(self, transport: asyncio.Transport, loop: asyncio.AbstractEventLoop) -> None:
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


class GatheringHttpToolsProtocol(HttpToolsProtocol):
    """uvicorn's ``httptools`` protocol writing through a :class:`GatheringTransport`."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(GatheringTransport(transport, self.loop))  # type: ignore[arg-type]

    def on_response_complete(self) -> None:
        self.transport.flush()  # type: ignore[attr-defined]
        super().on_response_complete()


# uvicorn's ``http`` setting that selects this module's protocol
PROTOCOL = f"{__name__}:GatheringHttpToolsProtocol"
