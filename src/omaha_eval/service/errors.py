"""Errors as HTTP answers, one shape for every status.

Every error body is ``{"detail": [{"loc": [...], "msg": "...", "type": "..."}]}``, the shape
FastAPI uses for request validation, so a client parses one format: ``loc`` says where (``["body",
"hands", 1]`` is the second hand), ``msg`` is the library's own message, ``type`` the error class
(``CardError``, ``RangeError``, ``IllegalActionError``, ...) or pydantic's error type.

Statuses: 400 malformed JSON, 408 a body too slow to arrive, 409 an illegal action (the engine's
reason), 413 a body above the size limit, 415 a body not sent as ``application/json``, 422
invalid cards, ranges, configs or values, 503 the time limit.
"""

from __future__ import annotations

import logging
import re
from typing import Any, List, Mapping, Optional, Sequence, Union

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

Loc = Sequence[Union[str, int]]
log = logging.getLogger("omaha_eval.service")


class ApiError(Exception):
    """An error answer: ``status`` and where (``loc``) what (``msg``) went wrong.

    Parameters
    ----------
    status
        HTTP status code.
    loc
        Where in the request: ``("body", "hands", 1)``.
    msg
        What is wrong, for a person.
    kind
        A short machine-readable name (the library's exception class name).

    Examples
    --------
    >>> ApiError(422, ("body", "board"), "unknown card 'Zz'", "CardError").payload()
    {'detail': [{'loc': ['body', 'board'], 'msg': "unknown card 'Zz'", 'type': 'CardError'}]}
    """

    def __init__(self, status: int, loc: Loc, msg: str, kind: str) -> None:
        super().__init__(msg)
        self.status = status
        self.loc = list(loc)
        self.msg = msg
        self.kind = kind

    def __reduce__(self) -> Any:  # errors raised in a job process come back whole
        return (type(self), (self.status, self.loc, self.msg, self.kind))

    @classmethod
    def from_library(cls, exc: Exception, loc: Loc, status: int = 422) -> "ApiError":
        """The library's exception, its message kept as it is."""
        return cls(status, loc, str(exc), type(exc).__name__)

    def payload(self) -> dict[str, Any]:
        return {"detail": [{"loc": self.loc, "msg": self.msg, "type": self.kind}]}


def error_response(status: int, loc: Loc, msg: str, kind: str,
                   headers: Optional[dict[str, str]] = None) -> JSONResponse:
    return JSONResponse(ApiError(status, loc, msg, kind).payload(), status_code=status,
                        headers=headers)


# "player 1: ...", "board: ...", "dead cards: ..." -> which request field the library means
_PLAYER = re.compile(r"^player (\d+)\b")


def equity_loc(msg: str, field: str = "hands") -> List[Union[str, int]]:
    """Where an equity error points, read from the library's message prefix.

    Examples
    --------
    >>> equity_loc("player 1: unknown card 'Zz' at position 0")
    ['body', 'hands', 1]
    >>> equity_loc("dead cards: unknown card 'Q' at position 0")
    ['body', 'dead']
    >>> equity_loc("card As is used twice: in the board and in player 1's hand")
    ['body']
    """
    match = _PLAYER.match(msg)
    if match:
        return ["body", field, int(match.group(1))]  # the library counts players from 0
    if msg.startswith("board"):
        return ["body", "board"]
    if msg.startswith("dead"):
        return ["body", "dead"]
    if "players" in msg.split(":", 1)[0]:  # "equity needs 2 to 10 players, got 1"
        return ["body", field]
    return ["body"]


def _clean(errors: Sequence[Mapping[str, Any]]) -> List[dict[str, Any]]:
    # only what is JSON and useful: pydantic's "input" may echo a megabyte back
    return [{"loc": list(e.get("loc", ())), "msg": str(e.get("msg", "")), "type": str(e.get("type", ""))}
            for e in errors]


def validation_payload(raw: Sequence[Mapping[str, Any]], prefix: Loc = ()) -> tuple[Any, ...]:
    """``(status, body)`` for pydantic's errors: 400 for JSON that does not parse, else 422."""
    errors = _clean(raw)
    for e in errors:
        e["loc"] = list(prefix) + e["loc"]
    if any(e["loc"] == ["body"] and e["type"] == "missing" for e in errors):
        errors = [{"loc": ["body"], "msg": "the request body is empty; expected a JSON object",
                   "type": "json_invalid"}]
    if any(e["type"] == "json_invalid" for e in errors):
        # where in the text JSON broke differs between parsers: say only that it is the body
        errors = [dict(e, loc=["body"]) for e in errors if e["type"] == "json_invalid"][:1]
        return 400, {"detail": errors}
    return 422, {"detail": errors}


async def _validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
    status, payload = validation_payload(exc.errors())
    return JSONResponse(payload, status_code=status)


async def _api_error(request: Request, exc: ApiError) -> JSONResponse:
    headers = {"Retry-After": "1"} if exc.status == 503 else None
    return JSONResponse(exc.payload(), status_code=exc.status, headers=headers)


async def _http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
    # FastAPI's "There was an error parsing the body" (JSON too deep, a number too long)
    loc, kind = (["body"], "json_invalid") if exc.status_code == 400 else ([], "http")
    return JSONResponse({"detail": [{"loc": loc, "msg": str(exc.detail), "type": kind}]},
                        status_code=exc.status_code, headers=getattr(exc, "headers", None))


async def _unexpected(request: Request, exc: Exception) -> JSONResponse:
    # a bug of ours, never the client's fault; logged with the traceback, the process goes on
    log.exception("unexpected error on %s %s", request.method, request.url.path)
    return JSONResponse({"detail": [{"loc": [], "msg": "internal error", "type": "internal"}]},
                        status_code=500)


def install(app: FastAPI) -> None:
    """Registers the handlers above on ``app``."""
    app.add_exception_handler(RequestValidationError, _validation_error)  # type: ignore[arg-type]
    app.add_exception_handler(ApiError, _api_error)  # type: ignore[arg-type]
    app.add_exception_handler(StarletteHTTPException, _http_error)  # type: ignore[arg-type]
    app.add_exception_handler(Exception, _unexpected)
