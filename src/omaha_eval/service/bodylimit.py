"""An ASGI middleware that refuses request bodies above a size with 413.

It reads the body itself (a declared ``Content-Length`` above the limit is refused before any
byte is read; a chunked body is counted as it arrives) and hands the application the complete
body, so no route ever sees more than the limit. Every body is JSON here: a request body sent
with another ``Content-Type`` (or none, as ``curl -d`` does) is read as JSON all the same.
"""

from __future__ import annotations

import json
from typing import Any, Awaitable, Callable, Dict, List

Scope = Dict[str, Any]
Message = Dict[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class BodyLimit:
    """Wraps ``app``; bodies longer than ``max_bytes`` get a 413 answer in the service's error shape.

    Parameters
    ----------
    app
        The ASGI application.
    max_bytes
        The largest body accepted.
    """

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    await _refuse(send, 400, "Content-Length is not a number")
                    return
                if declared > self.max_bytes:
                    await self._too_large(send)
                    return
        chunks: List[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            body = message.get("body", b"")
            size += len(body)
            if size > self.max_bytes:
                await self._too_large(send)
                return
            chunks.append(body)
            if not message.get("more_body", False):
                break
        whole = chunks[0] if len(chunks) == 1 else b"".join(chunks)
        if whole and (b"content-type", b"application/json") not in scope.get("headers", ()):
            headers = [(k, v) for k, v in scope.get("headers", ()) if k != b"content-type"]
            scope = dict(scope, headers=headers + [(b"content-type", b"application/json")])
        delivered = False

        async def replay() -> Message:
            nonlocal delivered
            if not delivered:
                delivered = True
                return {"type": "http.request", "body": whole, "more_body": False}
            return await receive()  # after the body: wait for the disconnect

        await self.app(scope, replay, send)

    async def _too_large(self, send: Send) -> None:
        await _refuse(send, 413, f"the request body is larger than the limit of {self.max_bytes} bytes")


async def _refuse(send: Send, status: int, msg: str) -> None:
    kind = "body_too_large" if status == 413 else "bad_request"
    payload = json.dumps({"detail": [{"loc": ["body"], "msg": msg, "type": kind}]}).encode()
    # the rest of the body is never read, so the connection cannot be reused
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(payload)).encode()),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": payload})
