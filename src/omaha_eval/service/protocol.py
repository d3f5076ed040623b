"""uvicorn's httptools protocol, with each answer's head and body sent in one system call.

uvicorn writes an answer's status line and headers as soon as the application sends
``http.response.start``, and the body as a second write: on a TCP_NODELAY socket that is two
``write`` calls, two segments and two wake-ups of the client for every answer. Here the writes
of one answer are gathered and sent together when the answer is complete (or, for a streamed
answer, at the end of the event loop's current step, so nothing waits longer than that). The
protocol is otherwise uvicorn's own, unchanged: keep-alive, pipelining, flow control, timeouts
and graceful shutdown behave as before.

Direct answers. A one-deal ``POST /v1/evaluate`` costs the library ~50 us and the ASGI stack
around it (uvicorn's cycle object, its task and event, the ASGI messages, the middlewares,
pydantic and the response object) twice that. So when such a request has arrived complete (head
and whole body within one ``data_received``), the protocol asks the application
(``Service.answer_directly``) for the answer and writes it itself, with exactly the bytes the
application's ASGI path would have sent (same status line, uvicorn's default headers, the
response's headers, body). It covers only: POST to a path the application lists, HTTP/1.1
keep-alive, a ``Content-Length`` body of at most :data:`DIRECT_MAX_BODY` bytes, no
``Expect: 100-continue``, no ``Transfer-Encoding``, no request of the connection still being
answered, no access log, no ``limit_concurrency``, and an answer the application could compute
without error. Everything else (errors, batches, other routes, bodies arriving in pieces,
pipelining behind an unfinished answer, shutdown) takes uvicorn's normal path as if nothing had
been held: the held head and body are handed to it unchanged. ``tests/service/
test_service_direct.py`` checks byte equality against the ASGI path over many requests.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Callable, FrozenSet, List, Optional, Tuple

from uvicorn.logging import TRACE_LOG_LEVEL
from uvicorn.protocols.http.httptools_impl import (HEADER_RE, HEADER_VALUE_RE, STATUS_LINE,
                                                   HttpToolsProtocol)

#: the largest request body the protocol answers itself (a one-deal request is ~60 bytes)
DIRECT_MAX_BODY = 2048

Answerer = Callable[[bytes, bytes], Any]


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

    def write_now(self, data: bytes) -> None:
        """Sends what was held and ``data``, in one write."""
        if self._pending:
            self._pending.append(data)
            self.flush()
        else:
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


def find_answerer(app: Any) -> Tuple[Optional[Answerer], FrozenSet[bytes]]:
    """The application's ``answer_directly`` and its paths, looked for through the middlewares
    uvicorn wraps around it (each keeps the inner application as ``app``)."""
    for _ in range(8):
        answer = getattr(app, "answer_directly", None)
        if answer is not None:
            paths = frozenset(getattr(app, "direct_paths", ()))
            return (answer, paths) if paths else (None, paths)
        app = getattr(app, "app", None)
        if app is None:
            break
    return None, frozenset()


class GatheringHttpToolsProtocol(HttpToolsProtocol):
    """uvicorn's ``httptools`` protocol writing through a :class:`GatheringTransport`, and
    answering complete one-deal requests itself (see the module docstring)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._answer, self._direct_paths = find_answerer(self.app)
        if self.root_path or self.limit_concurrency is not None or self.access_log \
                or self.logger.level <= TRACE_LOG_LEVEL:  # settings whose effects only uvicorn's path has
            self._answer = None
        self._held: Optional[bytearray] = None  # the body so far of a request held for a direct answer
        self._defaults: Any = None  # uvicorn's default headers (a new list every second) ...
        self._defaults_head: Optional[bytes] = None  # ... and their bytes in an answer
        self.direct_answers = 0     # how many requests this connection answered directly

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(GatheringTransport(transport, self.loop))  # type: ignore[arg-type]

    def on_response_complete(self) -> None:
        self.transport.flush()  # type: ignore[attr-defined]
        super().on_response_complete()

    # ---- direct answers ----

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self._held is not None:  # a held request whose body has not all arrived: uvicorn's
            body, self._held = bytes(self._held), None
            if not self.transport.is_closing():
                self._hand_over(body, complete=False)

    def _may_answer(self) -> bool:
        """Whether the request whose head just arrived is one this protocol may answer."""
        if self.url not in self._direct_paths:
            return False
        parser = self.parser
        if parser.get_method() != b"POST" or parser.get_http_version() != "1.1" \
                or not parser.should_keep_alive() or parser.should_upgrade() or self.expect_100_continue:
            return False
        if (self.cycle is not None and not self.cycle.response_complete) or self.pipeline \
                or self.transport.is_closing():
            return False
        length = None
        for name, value in self.headers:
            if name == b"content-length":
                if length is not None or not value.isdigit():
                    return False
                length = int(value)
            elif name == b"transfer-encoding":
                return False
        return length is not None and length <= DIRECT_MAX_BODY

    def on_headers_complete(self) -> None:
        if self._answer is not None and self._may_answer():
            self._held = bytearray()
            return
        super().on_headers_complete()

    def on_body(self, body: bytes) -> None:
        if self._held is not None:
            self._held += body
            return
        super().on_body(body)

    def on_message_complete(self) -> None:
        if self._held is None:
            super().on_message_complete()
            return
        body, self._held = bytes(self._held), None
        answer = self._answer(self.url, body) if self._answer is not None else None
        head = self._default_head() if answer is not None else None
        if answer is None or head is None or answer.status_code != 200:
            self._hand_over(body, complete=True)
            return
        content = [STATUS_LINE[200], head]
        for name, value in answer.raw_headers:
            content += [name, b": ", value, b"\r\n"]
        content += [b"\r\n", answer.body]
        self.transport.write_now(b"".join(content))  # type: ignore[attr-defined]
        self.direct_answers += 1
        self.on_response_complete()

    def _default_head(self) -> Optional[bytes]:
        """uvicorn's default headers (``server``, ``date``) as its ``send`` writes them; None
        where its ``send`` would refuse them (then uvicorn answers, and fails, as it does)."""
        defaults = self.server_state.default_headers
        if defaults is not self._defaults:
            self._defaults = defaults
            valid = all(not HEADER_RE.search(n) and not HEADER_VALUE_RE.search(v) for n, v in defaults)
            self._defaults_head = (b"".join(n.lower() + b": " + v + b"\r\n" for n, v in defaults)
                                   if valid else None)
        return self._defaults_head

    def _hand_over(self, body: bytes, complete: bool) -> None:
        """Gives a held request to uvicorn as if it had never been held: its cycle and task
        start now, with the body that has arrived (and, if ``complete``, the end of it)."""
        super().on_headers_complete()
        if body:
            super().on_body(body)
        if complete:
            super().on_message_complete()


# uvicorn's ``http`` setting that selects this module's protocol
PROTOCOL = f"{__name__}:GatheringHttpToolsProtocol"
