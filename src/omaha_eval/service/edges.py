"""The service's edge: what every request must be before the application sees it.

:class:`Edges` is the outermost ASGI middleware. For every HTTP answer it adds the security
headers (:data:`SECURITY_HEADERS`: ``nosniff``, a strict Content-Security-Policy, no framing,
no referrer). For every request with a body (POST, PUT, PATCH) it

* requires ``Content-Type: application/json`` (a ``text/plain`` form that a cross-site page can
  post without asking is refused with 415 before anything runs);
* refuses a body above ``max_body_bytes`` with 413, a ``Content-Length`` that is not a number
  with 400, and a body that does not arrive within ``body_timeout`` seconds with 408;
* reads the whole body itself (counting a chunked one as it arrives) and hands the application
  the complete body, so no route ever sees more than the limit.

A refused body is *drained* first (read and thrown away, up to :data:`DRAIN_BYTES` and within
the body time-out) and then answered with ``Connection: close``: a server that closes a
connection with unread data makes the kernel reset it, and clients that send the whole body
before reading (Python's urllib, requests, httpx) then see "connection reset" instead of the
413. A client that sent ``Expect: 100-continue`` has sent no body yet: it is answered at once.

It also tells the connection guard (:mod:`.connections`) when a request reached the application
and when its answer is complete, so that the guard's header time-out runs only while the server
waits for a request's head.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any, Awaitable, Callable, Dict, List, Optional, Tuple, TypeVar

from .connections import current_connection

Scope = Dict[str, Any]
Message = Dict[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]
T = TypeVar("T")

#: how much of a refused body is read and thrown away before the refusal is sent
DRAIN_BYTES = 64 << 20

# the calculator page loads only its own script and style sheet from /static
STRICT_CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
              "connect-src 'self'; font-src 'self'; base-uri 'none'; form-action 'none'; "
              "frame-ancestors 'none'")
# the API docs pages (Swagger UI, ReDoc from fastapi-offline) start from an inline script
DOCS_CSP = ("default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' "
            "'unsafe-inline'; img-src 'self' data:; connect-src 'self'; font-src 'self'; "
            "worker-src 'self' blob:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
DOCS_PATHS = ("/docs", "/redoc")

#: the headers every answer carries (the Content-Security-Policy is :data:`STRICT_CSP`, or
#: :data:`DOCS_CSP` on the API docs pages)
SECURITY_HEADERS: Tuple[Tuple[bytes, bytes], ...] = (
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-resource-policy", b"same-origin"),
)
_STRICT = SECURITY_HEADERS + ((b"content-security-policy", STRICT_CSP.encode()),)
_DOCS = SECURITY_HEADERS + ((b"content-security-policy", DOCS_CSP.encode()),)
_WITH_BODY = frozenset(("POST", "PUT", "PATCH"))


class Refusal(Exception):
    """A request refused at the edge: its status and message."""

    def __init__(self, status: int, msg: str, kind: str) -> None:
        super().__init__(msg)
        self.status, self.msg, self.kind = status, msg, kind


def is_json(content_type: Optional[bytes]) -> bool:
    """Whether a ``Content-Type`` value is JSON (``application/json``, any parameters).

    Examples
    --------
    >>> is_json(b"application/json"), is_json(b"Application/JSON; charset=utf-8")
    (True, True)
    >>> is_json(b"text/plain"), is_json(None), is_json(b"application/jsonp")
    (False, False, False)
    """
    if content_type is None:
        return False
    media = content_type.split(b";", 1)[0].strip().lower()
    return media == b"application/json"


class Edges:
    """Wraps ``app``: security headers on every answer, and the checks of the module docstring.

    Parameters
    ----------
    app
        The ASGI application.
    max_body_bytes
        The largest body accepted.
    body_timeout
        Seconds a request's body may take to arrive, from the moment its head has.
    """

    def __init__(self, app: ASGIApp, max_body_bytes: int, body_timeout: float) -> None:
        self.app = app
        self.max_bytes = max_body_bytes
        self.body_timeout = body_timeout

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        connection = current_connection()
        if connection is not None:
            connection.request_started()
        path = scope.get("path", "")
        extra = _DOCS if path.startswith(DOCS_PATHS) else _STRICT

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = dict(message, headers=[*message.get("headers", ()), *extra])
            await send(message)
            if connection is not None and message["type"] == "http.response.body" \
                    and not message.get("more_body", False):
                connection.response_complete()

        if scope.get("method") not in _WITH_BODY:
            await self.app(scope, receive, send_with_headers)
            return
        try:
            body = await self._read(scope, receive)
        except Refusal as refusal:
            await _refuse(send_with_headers, refusal)
            return
        if body is None:  # the client went away
            return
        delivered = False

        async def replay() -> Message:
            nonlocal delivered
            if not delivered:
                delivered = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()  # after the body: wait for the disconnect

        await self.app(scope, replay, send_with_headers)

    async def _read(self, scope: Scope, receive: Receive) -> Optional[bytes]:
        """The whole body, or None if the client left; :class:`Refusal` after draining."""
        headers = _headers(scope)
        expect = headers.get(b"expect", b"").lower() == b"100-continue"
        deadline = time.monotonic() + self.body_timeout
        refusal: Optional[Refusal] = None
        if not is_json(headers.get(b"content-type")):
            refusal = Refusal(415, "the request body must be JSON, sent with Content-Type: "
                              "application/json", "unsupported_media_type")
        declared = headers.get(b"content-length")
        if declared is not None and refusal is None:
            if not declared.isdigit():
                refusal = Refusal(400, "Content-Length is not a number", "bad_request")
            elif int(declared) > self.max_bytes:
                refusal = self._too_large()
        if refusal is not None:
            if not expect and (declared is None or not declared.isdigit()
                               or int(declared) <= DRAIN_BYTES):
                await _drain(receive, deadline)
            raise refusal
        try:
            return await _within(self._collect(receive, deadline), self.body_timeout)
        except asyncio.TimeoutError:
            raise Refusal(408, f"the request body did not arrive within {self.body_timeout:g} s",
                          "timeout") from None

    async def _collect(self, receive: Receive, deadline: float) -> Optional[bytes]:
        chunks: List[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return None
            piece = message.get("body", b"")
            size += len(piece)
            if size > self.max_bytes:
                await _drain(receive, deadline, size)
                raise self._too_large()
            chunks.append(piece)
            if not message.get("more_body", False):
                return chunks[0] if len(chunks) == 1 else b"".join(chunks)

    def _too_large(self) -> Refusal:
        return Refusal(413, f"the request body is larger than the limit of {self.max_bytes} bytes",
                       "body_too_large")


def _headers(scope: Scope) -> Dict[bytes, bytes]:
    out: Dict[bytes, bytes] = {}
    for name, value in scope.get("headers", ()):
        if name in out and name == b"content-length":
            out[name] = b"duplicate"  # refused as not a number
        else:
            out.setdefault(name, value)
    return out


async def _within(work: Awaitable[T], seconds: float) -> T:
    """``await work``, or asyncio.TimeoutError after ``seconds`` (``asyncio.timeout`` where
    there is one: no task per call, unlike ``wait_for`` before Python 3.12)."""
    timeout = getattr(asyncio, "timeout", None)
    if timeout is None:  # pragma: no cover - Python before 3.11
        return await asyncio.wait_for(work, seconds)
    async with timeout(seconds):
        return await work


async def _drain(receive: Receive, deadline: float, read: int = 0) -> None:
    """Reads and drops the rest of the body (at most :data:`DRAIN_BYTES` in all, until the
    deadline), so that closing the connection after the answer does not reset it."""
    async def drop() -> None:
        nonlocal read
        while read <= DRAIN_BYTES:
            message = await receive()
            if message["type"] == "http.disconnect" or not message.get("more_body", False):
                return
            read += len(message.get("body", b""))

    left = deadline - time.monotonic()
    if left > 0:
        try:
            await _within(drop(), left)
        except asyncio.TimeoutError:
            pass


async def _refuse(send: Send, refusal: Refusal) -> None:
    loc = ["header", "content-type"] if refusal.status == 415 else ["body"]
    payload = json.dumps({"detail": [{"loc": loc, "msg": refusal.msg, "type": refusal.kind}]}).encode()
    headers = [(b"content-type", b"application/json"),
               (b"content-length", str(len(payload)).encode()), (b"connection", b"close")]
    await send({"type": "http.response.start", "status": refusal.status, "headers": headers})
    await send({"type": "http.response.body", "body": payload})
