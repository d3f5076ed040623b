"""``POST /v1/classify`` and ``POST /v1/breakdown``: board analysis (omaha_eval.board).

Bounds: at most ``max_deals`` hands (or range combos) answered row by row by classify, at most
:data:`MAX_BREAKDOWN_COMBOS` combos in a breakdown, and with ``against`` at most
:data:`MAX_PAIR_WORK` (combo pairs x runouts, about a second on one core) before any work;
the request's deadline as everywhere."""

from __future__ import annotations

from typing import Any, List, Optional

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field

from ...board.breakdown import breakdown
from ...board.distribution import as_range, runouts
from ...board.fields import classify, parse_board
from ...board.report import breakdown_dict, classify_rows
from ...variants import game_of
from ..answers import ERRORS
from ..errors import ApiError
from ..models import Cards, Game, HandOrRange
from .common import JSON, deadline, limits, pools

router = APIRouter(tags=["board"])

#: Most combos (after card removal) one breakdown request may hold.
MAX_BREAKDOWN_COMBOS = 300_000
#: Most combo pairs times runouts of a breakdown with ``against`` (about a second of C).
MAX_PAIR_WORK = 1_500_000_000


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ClassifyRequest(_Model):
    """Hands (``holes``) or one range (``range``) on a board of 3, 4 or 5 cards."""

    holes: Optional[List[Cards]] = Field(None, description="hands on the board",
                                         examples=[["JhTs7d4c"]])
    range: Optional[HandOrRange] = Field(None, description="a range instead of hands")
    board: Cards = Field(examples=["9h8s2d"])
    game: Game = "hi"


class BreakdownRequest(_Model):
    range: HandOrRange = Field(examples=["AA**,KK**ds"])
    board: Cards = Field(examples=["Ks9d3c"])
    against: Optional[HandOrRange] = Field(None, description="a range for group equities")
    game: Game = "hi"


def _library(fn: Any, loc: List[Any]) -> Any:
    try:
        return fn()
    except ValueError as exc:
        raise ApiError.from_library(exc, loc) from None


def _classify(body: ClassifyRequest, max_rows: int) -> dict[str, Any]:
    game = _library(lambda: game_of(body.game), ["body", "game"])
    if (body.holes is None) == (body.range is None):
        raise ApiError(422, ["body"], "give either holes or range", "shape")
    board = _library(lambda: parse_board(body.board), ["body", "board"])
    if body.range is not None:
        holes: Any = _library(lambda: as_range(body.range, game, board).remove(board).hands,
                              ["body", "range"])
    else:
        holes = body.holes
    if len(holes) > max_rows:
        raise ApiError(422, ["body", "range" if body.range is not None else "holes"],
                       f"{len(holes)} hands is more than the limit of {max_rows} per request",
                       "limit")
    c = _library(lambda: classify(holes, board, game), ["body", "holes"])
    return {"board": body.board if isinstance(body.board, str) else list(body.board),
            "game": game, "count": len(c), "hands": classify_rows(c)}


def _breakdown(body: BreakdownRequest) -> dict[str, Any]:
    game = _library(lambda: game_of(body.game), ["body", "game"])
    board = _library(lambda: parse_board(body.board), ["body", "board"])
    hero = _library(lambda: as_range(body.range, game, board).remove(board), ["body", "range"])
    if len(hero) > MAX_BREAKDOWN_COMBOS:
        raise ApiError(422, ["body", "range"], f"{len(hero)} combos is more than the limit of "
                       f"{MAX_BREAKDOWN_COMBOS} per request", "limit")
    if body.against is not None:
        villain = _library(lambda: as_range(body.against, game, board).remove(board), ["body", "against"])
        work = len(hero) * len(villain) * len(runouts(board))
        if work > MAX_PAIR_WORK:
            raise ApiError(422, ["body", "against"], (
                f"{len(hero)} x {len(villain)} combos over {len(runouts(board))} runouts is "
                f"above the limit of {MAX_PAIR_WORK:,} pair evaluations per request; narrow "
                f"the ranges or give a later street"), "limit")
    b = _library(lambda: breakdown(hero, board, against=None if body.against is None else villain,
                                   game=game), ["body", "range"])
    return breakdown_dict(b, body.against if isinstance(body.against, str) or body.against is None
                          else str(body.against))


@router.post("/v1/classify", summary="What each hand holds on a board", responses=ERRORS)
async def classify_route(body: ClassifyRequest, request: Request) -> JSON:
    """Every field of ``omaha_eval.classify`` for each hand (``holes``) or each combo of a
    ``range``: ``{"board", "game", "count", "hands": [{"hand", "hi", "category", "nut_rank",
    "outs", "nut_outs", "straight_outs", "flush_draw", "backdoor_flush", "lo", "nut_lo_rank",
    "lo_outs", "nut_lo_outs", "made", "draws", "hi_text", "lo_text"}, ...]}``."""
    stop = deadline(request)
    return JSON(await pools(request).run(_classify, body, limits(request).max_deals,
                                         deadline=stop))


@router.post("/v1/breakdown", summary="A range by made-hand and draw group", responses=ERRORS)
async def breakdown_route(body: BreakdownRequest, request: Request) -> JSON:
    """``omaha_eval.breakdown``: ``{"board", "game", "combos", "against", "equity", "groups":
    [{"kind", "name", "combos", "weight", "share", "equity"}, ...]}`` (equities null without
    ``against``)."""
    stop = deadline(request)
    return JSON(await pools(request).run(_breakdown, body, deadline=stop, heavy=True))
