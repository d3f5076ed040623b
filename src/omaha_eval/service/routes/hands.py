"""``POST /v1/hands`` (a hand of the rules layer, stateless) and the PHH endpoints."""

from __future__ import annotations

from typing import Any, Callable

from fastapi import APIRouter, Request

from ...game.phh import hand_to_phh, parse_phh, replay, summary
from ..answers import ACTION_ERRORS, ERRORS, HandState, PHHText, Replay
from ..errors import ApiError
from ..hands import build_hand, state_dict
from ..models import ExportRequest, HandRequest, ReplayRequest
from .common import JSON, check_count, deadline, limits, pools, run_sized

router = APIRouter(tags=["hands"])

# longer replays run in a pool thread (an action costs ~10 us of pure Python)
INLINE_ACTIONS = 64


def _state(body: HandRequest) -> dict[str, Any]:
    hand = build_hand(body)
    return state_dict(hand, body.seed, len(body.actions))


async def _run(request: Request, body: HandRequest, fn: Callable[[Any], dict[str, Any]]) -> dict[str, Any]:
    check_count(body.actions, limits(request).max_actions, "actions")
    answer: dict[str, Any] = await run_sized(request, len(body.actions), INLINE_ACTIONS, fn, body)
    return answer


@router.post("/v1/hands", summary="Replay a hand and return its state",
             response_model=HandState, responses=ACTION_ERRORS)
async def hands(body: HandRequest, request: Request) -> JSON:
    """The hand described by ``config``, ``stacks``, the cards (``seed`` and/or ``hole_cards``,
    ``board``) and the ``actions`` so far, replayed from its start: stacks, bets, pot, board,
    who acts and ``legal_actions``, the history, and when the hand is over its ``result``
    (pots, awards, finishing stacks). Send the same request with one more action to go on; no
    state is kept on the server. An illegal action answers 409 with the engine's reason and the
    action's index. ``seed`` omitted: the server draws one and returns it; send it back."""
    return JSON(await _run(request, body, _state))


def _export(body: ExportRequest) -> dict[str, Any]:
    hand = build_hand(body)
    try:
        text = hand_to_phh(hand, cards_per_action=body.cards_per_action, extra=body.extra)
    except ValueError as exc:
        raise ApiError.from_library(exc, ["body", "extra"]) from None
    return {"seed": body.seed, "is_over": hand.is_over, "text": text}


@router.post("/v1/phh/export", summary="A hand as a PHH hand history",
             response_model=PHHText, responses=ACTION_ERRORS)
async def phh_export(body: ExportRequest, request: Request) -> JSON:
    """The hand of a ``/v1/hands`` request as PHH text (TOML), finished or not."""
    return JSON(await _run(request, body, _export))


def _replay(body: ReplayRequest) -> dict[str, Any]:
    try:
        record = parse_phh(body.text)
        hand = replay(record, seed=body.seed)
    except ValueError as exc:
        raise ApiError.from_library(exc, ["body", "text"], status=422) from None
    out = summary(hand, record)
    out.pop("state", None)
    if not hand.is_over:
        from ..hands import legal_dict
        out["legal_actions"] = legal_dict(hand.legal_actions())
    return out


@router.post("/v1/phh/replay", summary="Replay a PHH hand history",
             response_model=Replay, responses=ERRORS)
async def phh_replay(body: ReplayRequest, request: Request) -> JSON:
    """Replays one PHH hand history through the rules engine: variant, players p1..pN, starting
    and finishing stacks, payoffs, uncalled bets, shown and mucked hands, each pot with its
    awards; ``expected_finishing_stacks`` when the file has them. An illegal action in the
    history is a 422 with the engine's reason."""
    limit = limits(request).max_phh_chars
    if len(body.text) > limit:
        raise ApiError(422, ["body", "text"], f"the PHH text has {len(body.text):,} characters, "
                       f"more than the limit of {limit:,}", "limit")
    return JSON(await pools(request).run(_replay, body, deadline=deadline(request)))
