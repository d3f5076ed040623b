"""A lean path for the JSON API's POST endpoints, beside FastAPI's own.

FastAPI's request handling (routing, dependency solving, JSON decoding into Python objects and
then validating them, exit stacks, exception middleware) costs two to three times what the
library itself spends on a one-deal evaluate. This middleware serves the same endpoints with the
same functions and the same pydantic models, but validates the raw JSON in one step
(``Model.model_validate_json``) and calls the endpoint directly. Everything else (the schema, the
docs page, static files, GET routes, unknown paths) goes through FastAPI, which also remains a
complete implementation of every endpoint: ``create_app(fast_lane=False)`` serves without this
middleware, and the tests check that both give the same answers.
"""

from __future__ import annotations

import json
import logging
import typing
from typing import Any, Dict, Iterable, Mapping, Tuple

from fastapi import APIRouter, FastAPI
from fastapi.routing import APIRoute
from pydantic import BaseModel, ValidationError
from starlette.requests import Request

from .errors import ApiError, error_response, validation_payload

log = logging.getLogger("omaha_eval.service")


def post_endpoints(routers: Iterable[APIRouter]) -> Dict[str, Tuple[Any, type[BaseModel]]]:
    """path -> (endpoint function, its body model) for every POST route under /v1/ of
    ``routers`` (included without a prefix, so their paths are the app's)."""
    table: Dict[str, Tuple[Any, type[BaseModel]]] = {}
    for route in (r for router in routers for r in router.routes):
        if isinstance(route, APIRoute) and route.methods == {"POST"} and route.path.startswith("/v1/"):
            hints = typing.get_type_hints(route.endpoint)
            model = hints.get("body")
            if isinstance(model, type) and issubclass(model, BaseModel):
                table[route.path] = (route.endpoint, model)
    return table


def _too_deep(error: Mapping[str, object]) -> bool:
    ctx = error.get("ctx")
    return error.get("type") == "json_invalid" and isinstance(ctx, dict) and "recursion limit" in str(ctx.get("error"))


def validate_body(model: type[BaseModel], body: bytes) -> BaseModel:
    """``body`` validated as ``model``, nested as deep as FastAPI's own lane accepts.

    pydantic's JSON parser stops at 200 levels of nesting; FastAPI parses with the ``json``
    module, which goes to about 1,000 (Python 3.9-3.12: the recursion limit) or far deeper (3.13:
    its C stack limit). Only a body pydantic finds too deep is parsed again that way, so the two
    lanes answer it alike: 400 where ``json`` gives up too, else the model's own verdict.

    Raises
    ------
    pydantic.ValidationError
        The body does not parse, or does not fit the model.
    ApiError
        400: nested too deeply for the ``json`` module as well.
    """
    try:
        return model.model_validate_json(body)
    except ValidationError as exc:
        if not any(_too_deep(e) for e in exc.errors(include_url=False, include_input=False)):
            raise
    try:
        value = json.loads(body)
    except (ValueError, RecursionError):  # ValueError: JSONDecodeError, UnicodeDecodeError
        raise ApiError(400, ["body"], "Invalid JSON: nested too deeply", "json_invalid") from None
    return model.model_validate(value)


class FastLane:
    """ASGI middleware: POST requests to the table's paths bypass FastAPI's routing."""

    def __init__(self, app: Any, fastapi_app: FastAPI, routers: Iterable[APIRouter]) -> None:
        self.app = app
        self.fastapi_app = fastapi_app
        self.table = post_endpoints(routers)
        if not self.table:
            raise ValueError("no POST endpoints found for the fast lane")

    async def __call__(self, scope: Dict[str, Any], receive: Any, send: Any) -> None:
        entry = self.table.get(scope["path"]) if scope["type"] == "http" and scope["method"] == "POST" else None
        if entry is None:
            await self.app(scope, receive, send)
            return
        endpoint, model = entry
        body = b""
        while True:  # the body limit has already been applied outside
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            body += message.get("body", b"")
            if not message.get("more_body", False):
                break
        scope["app"] = self.fastapi_app
        try:
            if not body.strip():
                raise ApiError(400, ["body"], "the request body is empty; expected a JSON object",
                               "json_invalid")
            try:
                parsed = validate_body(model, body)
            except ValidationError as exc:
                status, payload = validation_payload(exc.errors(include_url=False, include_input=False),
                                                     prefix=("body",))
                response: Any = error_response_payload(status, payload)
            else:
                response = await endpoint(parsed, Request(scope, receive))
        except ApiError as exc:
            headers = {"Retry-After": "1"} if exc.status == 503 else None
            response = error_response(exc.status, exc.loc, exc.msg, exc.kind, headers)
        except Exception:  # a bug of ours: logged, a 500 answer, and the process goes on
            log.exception("unexpected error on POST %s", scope["path"])
            response = error_response(500, [], "internal error", "internal")
        await response(scope, receive, send)


def error_response_payload(status: int, payload: dict[str, Any]) -> Any:
    from fastapi.responses import JSONResponse

    return JSONResponse(payload, status_code=status)
