"""``POST /v1/evaluate``: scores, names and best cards of one deal or a batch."""

from __future__ import annotations

from typing import Any, List, Union

from fastapi import APIRouter, Request

from ...evaluate import describe_hand
from ..answers import ERRORS, Evaluation, Evaluations
from ..errors import ApiError
from ..models import EvaluateRequest
from .common import (INLINE_DEALS, JSON, Loc, card_field_loc, check_count, is_game_error, limits,
                     run_sized)

router = APIRouter(tags=["evaluate"])


def _one(hole: Any, board: Any, game: str, base: Loc) -> dict[str, Any]:
    try:
        return describe_hand(hole, board, game=game)
    except ValueError as exc:
        loc = base + ["game"] if is_game_error(exc) else card_field_loc(
            exc, base, (("hole", hole), ("board", board)))
        raise ApiError.from_library(exc, loc) from None


def _batch(deals: List[Any], game: str) -> dict[str, Any]:
    return {"game": game, "results": [_one(d.hole, d.board, game, ["body", "deals", i])
                                      for i, d in enumerate(deals)]}


def _on_board(holes: List[Any], board: Any, game: str) -> dict[str, Any]:
    results = []
    for i, hole in enumerate(holes):
        try:
            results.append(describe_hand(hole, board, game=game))
        except ValueError as exc:
            # the board when it is what the library names, else this hand (alone or with the board)
            loc: Loc = ["body", "game"] if is_game_error(exc) else card_field_loc(
                exc, ["body"], (("board", board),))
            if loc == ["body"]:
                loc = ["body", "holes", i]
            raise ApiError.from_library(exc, loc) from None
    return {"game": game, "board": results[0]["board"] if results else None, "results": results}


@router.post("/v1/evaluate", summary="Score one deal or a batch", responses=ERRORS,
             response_model=Union[Evaluation, Evaluations])
async def evaluate(body: EvaluateRequest, request: Request) -> JSON:
    """Best high hand (and with a hi-lo game the best 8-or-better low) of one deal, ``hole`` and
    ``board``, or of each deal of ``deals``: score (higher is better), category, description and
    the two hole and three board cards that make it.

    One deal answers ``{"hole", "board", "hi": {...}, "lo": {...}}``, a batch
    ``{"game", "results": [...]}`` in the same order."""
    if body.holes is not None:
        if body.hole is not None or body.deals is not None or body.board is None:
            raise ApiError(422, ["body"], "holes needs board, and neither hole nor deals", "shape")
        check_count(body.holes, limits(request).max_deals, "holes")
        return JSON(await run_sized(request, len(body.holes), INLINE_DEALS, _on_board,
                                    body.holes, body.board, body.game))
    if body.deals is not None:
        if body.hole is not None or body.board is not None:
            raise ApiError(422, ["body"], "give either hole and board, or deals, not both", "shape")
        check_count(body.deals, limits(request).max_deals, "deals")
        return JSON(await run_sized(request, len(body.deals), INLINE_DEALS, _batch, body.deals, body.game))
    if body.hole is None or body.board is None:
        missing = "hole" if body.hole is None else "board"
        raise ApiError(422, ["body", missing], f"{missing} is required (or give deals)", "missing")
    return JSON(_one(body.hole, body.board, body.game, ["body"]))
