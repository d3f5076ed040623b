"""The ASGI application: routes, error handlers, limits, thread pools and the static page."""

from __future__ import annotations

import gc
import os
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, AsyncIterator, List, Optional

from fastapi import FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

from .. import __version__
from . import errors
from .edges import Edges
from .fastlane import FastLane
from .limits import Limits
from .routes import board, equity, evaluate, hands, pql
from .routes.common import JSON
from .work import Pools

STATIC = Path(__file__).parent / "static"

DESCRIPTION = """\
Omaha Hi and Hi-Lo (8 or better) over HTTP: evaluate deals, equity of hands or ranges, settle
showdowns, play hands of the rules layer (stateless: every request carries the hand so far) and
replay or export PHH hand histories.

Errors always have the shape `{"detail": [{"loc": [...], "msg": "...", "type": "..."}]}`:
400 malformed JSON, 408 a body that did not arrive in time, 409 an illegal action (the engine's
reason), 413 a body above the size limit, 415 a body not sent as `application/json`, 422 invalid
cards, ranges, configs or values (the library's message and where), 503 the per-request time
limit. The limits are at `GET /v1/limits`. The service reads no file and keeps no state.
"""


def _fastapi(**kwargs: Any) -> FastAPI:
    try:  # the docs page's scripts from a package, not from a CDN: these machines are offline
        from fastapi_offline import FastAPIOffline
    except ImportError:  # pragma: no cover - fastapi-offline is part of the server extra
        return FastAPI(**kwargs)
    return FastAPIOffline(**kwargs)


def games() -> List[str]:
    """The game names the library accepts: ``hi``, ``hilo`` and the Omaha variants.

    Examples
    --------
    >>> games()[:4]
    ['hi', 'hilo', 'plo', 'plo8']
    """
    from ..variants import VARIANTS

    return ["hi", "hilo", *VARIANTS]


class Service:
    """The ASGI application: the edge checks (:mod:`.edges`), then the fast lane, then FastAPI.

    The two middlewares sit outside FastAPI (not in its middleware stack), so a POST to the API
    passes through nothing else. ``fastapi`` is the FastAPI application (routes, schema, state).
    """

    def __init__(self, fastapi_app: FastAPI, limits: Limits, routers: List[Any], fast_lane: bool) -> None:
        self.fastapi = fastapi_app
        inner: Any = FastLane(fastapi_app, fastapi_app, routers) if fast_lane else fastapi_app
        self._asgi = Edges(inner, limits.max_body_bytes, limits.body_timeout)

    @property
    def state(self) -> Any:
        return self.fastapi.state

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        await self._asgi(scope, receive, send)


def create_app(limits: Optional[Limits] = None, *, fast_lane: Optional[bool] = None) -> Service:
    """A new HTTP/JSON application (FastAPI) serving the package.

    ``uvicorn --factory omaha_eval.service.app:create_app`` serves it; so does
    ``omaha-eval serve``.

    Parameters
    ----------
    limits : Limits, optional
        Bounds on one request (default: :meth:`Limits.from_env`).
    fast_lane : bool, optional
        Serve the POST endpoints through :mod:`.fastlane`, with the same answers (default on;
        the environment variable ``OMAHA_EVAL_SERVICE_FAST_LANE=0`` turns it off).

    Returns
    -------
    Service
        An ASGI application.

    Examples
    --------
    >>> from omaha_eval.service import Limits, create_app
    >>> app = create_app(Limits(max_trials=10_000))
    >>> app.state.limits.max_trials, app.fastapi.title
    (10000, 'omaha_eval')
    """
    limits = limits or Limits.from_env()
    if fast_lane is None:
        fast_lane = os.environ.get("OMAHA_EVAL_SERVICE_FAST_LANE", "1") != "0"

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        app.state.pools = Pools(max_mb=limits.max_worker_mb)
        # what start-up built (modules, the app, pydantic's schemas: ~63,000 objects) lives as
        # long as the process: kept out of the collector's sight, a full collection costs 3 ms
        # of CPU instead of 38, and the requests in flight wait that much less behind one
        gc.collect()
        gc.freeze()
        try:
            yield
        finally:
            app.state.pools.shutdown()

    app = _fastapi(title="omaha_eval", version=__version__, description=DESCRIPTION,
                   lifespan=lifespan)
    app.state.limits = limits
    errors.install(app)
    routers = [module.router for module in (evaluate, equity, hands, pql, board)]
    for router in routers:
        app.include_router(router)

    @app.get("/healthz", tags=["service"], summary="Liveness")
    async def healthz() -> JSON:
        return JSON({"status": "ok", "version": __version__})

    @app.get("/v1/limits", tags=["service"], summary="The limits of this server")
    async def get_limits() -> JSON:
        return JSON(limits.to_dict())

    @app.get("/v1/games", tags=["service"], summary="The game names the library accepts")
    async def get_games() -> JSON:
        return JSON({"games": games()})

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return Service(app, limits, routers, fast_lane)
