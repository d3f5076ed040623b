"""``POST /v1/evaluate``: scores, names and best cards of one deal or a batch."""

from __future__ import annotations

from typing import Any, List

from fastapi import APIRouter, Request

from ...evaluate import describe_hand
from ..errors import ApiError
from ..models import EvaluateRequest
from .common import JSON, Loc, card_field_loc, is_game_error, deadline, limits, pools, too_many

router = APIRouter(tags=["evaluate"])

# batches above this many deals run in a pool thread (one deal costs ~50 us)
INLINE_DEALS = 16


def _one(hole: Any, board: Any, game: str, base: Loc) -> dict:
    try:
        return describe_hand(hole, board, game=game)
    except ValueError as exc:
        loc = base + ["game"] if is_game_error(exc) else card_field_loc(
            exc, base, (("hole", hole), ("board", board)))
        raise ApiError.from_library(exc, loc) from None


def _batch(deals: List[Any], game: str) -> dict:
    return {"game": game, "results": [_one(d.hole, d.board, game, ["body", "deals", i])
                                      for i, d in enumerate(deals)]}


def _on_board(holes: List[Any], board: Any, game: str) -> dict:
    results = []
    for i, hole in enumerate(holes):
        try:
            results.append(describe_hand(hole, board, game=game))
        except ValueError as exc:
            # the board when it is what the library names, else this hand (alone or with the board)
            loc = ["body", "game"] if is_game_error(exc) else card_field_loc(
                exc, ["body"], (("board", board),))
            if loc == ["body"]:
                loc = ["body", "holes", i]
            raise ApiError.from_library(exc, loc) from None
    return {"game": game, "board": results[0]["board"] if results else None, "results": results}


@router.post("/v1/evaluate", summary="Score one deal or a batch")
async def evaluate(body: EvaluateRequest, request: Request) -> JSON:
    """Best high hand (and with a hi-lo game the best 8-or-better low) of one deal, ``hole`` and
    ``board``, or of each deal of ``deals``: score (higher is better), category, description and
    the two hole and three board cards that make it.

    One deal answers ``{"hole", "board", "hi": {...}, "lo": {...}}``, a batch
    ``{"game", "results": [...]}`` in the same order."""
    if body.holes is not None:
        if body.hole is not None or body.deals is not None or body.board is None:
            raise ApiError(422, ["body"], "holes needs board, and neither hole nor deals", "shape")
        limit = limits(request).max_deals
        if len(body.holes) > limit:
            raise too_many("holes", len(body.holes), limit, ["body", "holes"])
        if len(body.holes) <= INLINE_DEALS:
            return JSON(_on_board(body.holes, body.board, body.game))
        return JSON(await pools(request).run(_on_board, body.holes, body.board, body.game,
                                             deadline=deadline(request)))
    if body.deals is not None:
        if body.hole is not None or body.board is not None:
            raise ApiError(422, ["body"], "give either hole and board, or deals, not both", "shape")
        limit = limits(request).max_deals
        if len(body.deals) > limit:
            raise too_many("deals", len(body.deals), limit, ["body", "deals"])
        if len(body.deals) <= INLINE_DEALS:
            return JSON(_batch(body.deals, body.game))
        return JSON(await pools(request).run(_batch, body.deals, body.game, deadline=deadline(request)))
    if body.hole is None or body.board is None:
        missing = "hole" if body.hole is None else "board"
        raise ApiError(422, ["body", missing], f"{missing} is required (or give deals)", "missing")
    return JSON(_one(body.hole, body.board, body.game, ["body"]))
