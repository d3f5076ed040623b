"""An HTTP/JSON service over omaha_eval, and an equity calculator page in the browser.

Needs the ``server`` extra (``pip install "omaha_eval[server]"``: FastAPI, uvicorn). Start it
with ``omaha-eval serve [--host 127.0.0.1] [--port 8000] [--workers N]``; the OpenAPI schema is at
``/openapi.json``, its docs page at ``/docs``, the calculator at ``/``.

The service is stateless (a hand in progress travels in each request and is replayed), so any
number of servers can share the load behind a balancer. Modules: ``app`` (the ASGI app),
``models`` (request bodies), ``routes`` (one module per endpoint family), ``hands`` (a hand from
a request), ``errors`` (one error shape), ``limits``, ``edges`` (content type, body
size and time, security headers), ``connections`` (slow clients), ``work`` (thread
pools, deadlines), ``jobs`` (equity work in processes that can be killed), ``serve`` (the command), ``workers`` (one socket per worker), ``procinfo``
(how the workers share the connections).
"""

from __future__ import annotations

from typing import Any

__all__ = ["Limits", "create_app"]


def __getattr__(name: str) -> Any:
    # FastAPI loads only when the app is wanted: `omaha-eval --help` stays fast
    if name == "create_app":
        from .app import create_app
        return create_app
    if name == "Limits":
        from .limits import Limits
        return Limits
    raise AttributeError(f"module 'omaha_eval.service' has no attribute {name!r}")
