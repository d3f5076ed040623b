"""Helpers the routers share: where a card error points, and JSON answers."""

from __future__ import annotations

import json
from typing import Any, List, Mapping, Optional, Sequence, Union

from fastapi import Request
from starlette.responses import Response

from ...cards import parse_cards
from ..errors import ApiError
from ..limits import Limits
from ..work import Deadline, Pools

Loc = List[Union[str, int]]

# batches above this many deals run in a pool thread (one deal costs ~50 us)
INLINE_DEALS = 16


# one encoder for every answer: json.dumps with options builds a new one per call (a quarter of
# the encoding time of a one-deal answer); answers are trees of fresh dicts and lists, never
# circular, so the circularity check is skipped too
_ENCODE = json.JSONEncoder(separators=(",", ":"), allow_nan=False, check_circular=False).encode


class JSON(Response):
    """A JSON answer serialised once, compactly (FastAPI's own encoder walks the value again)."""

    media_type = "application/json"

    def render(self, content: Any) -> bytes:
        return _ENCODE(content).encode()

    def init_headers(self, headers: Optional[Mapping[str, str]] = None) -> None:
        # the headers starlette would build for a JSON body without extra headers, built directly
        if headers is None and self.status_code >= 200 and self.status_code not in (204, 304):
            self.raw_headers = [(b"content-length", str(len(self.body)).encode()),
                                (b"content-type", b"application/json")]
        else:
            super().init_headers(headers)


def card_field_loc(exc: Exception, base: Loc, fields: Sequence[tuple[Any, ...]]) -> Loc:
    """Which of ``fields`` (``(name, value)`` pairs) a card error is about.

    A field whose cards do not parse on their own is the culprit; otherwise the library's
    message names the part ("hole cards must have 4 cards ...", "board ..."); otherwise the
    error concerns the fields together (a card used twice) and points at ``base``.
    """
    for name, value in fields:
        try:
            parse_cards(value, unique=False)
        except (ValueError, TypeError):
            return base + [name]
    msg = str(exc)
    msg = msg[4:] if msg.startswith("the ") else msg
    for name, _ in fields:
        if msg.startswith(name):
            return base + [name]
    return base


def is_game_error(exc: Exception) -> bool:
    """Whether the library's message is about the game name ("unknown variant 'stud'")."""
    msg = str(exc)
    return msg.startswith("game") or msg.startswith("unknown variant")


def limits(request: Request) -> Limits:
    found: Limits = request.app.state.limits
    return found


def pools(request: Request) -> Pools:
    found: Pools = request.app.state.pools
    return found


def deadline(request: Request) -> Deadline:
    return Deadline(limits(request).time_limit)


def too_many(what: str, count: int, limit: int, loc: Loc) -> ApiError:
    return ApiError(422, loc, f"{count} {what} is more than the limit of {limit} per request", "limit")


def check_count(items: Sequence[Any], limit: int, field: str) -> None:
    """422 when a request lists more ``field`` than ``limit``."""
    if len(items) > limit:
        raise too_many(field, len(items), limit, ["body", field])


async def run_sized(request: Request, count: int, inline: int, fn: Any, *args: Any) -> Any:
    """``fn(*args)``: inline for at most ``inline`` items (cheaper than the thread hop), else
    in the quick pool within the request's deadline."""
    if count <= inline:
        return fn(*args)
    return await pools(request).run(fn, *args, deadline=deadline(request))
