"""``POST /v1/equity`` and ``POST /v1/showdown``."""

from __future__ import annotations

from typing import Any, List, Optional, Tuple, Union

import numpy as np
from fastapi import APIRouter, Request

from ... import _equity as engine
from ..._equity import exact_cost, parse_spot
from ...cards import parse_cards
from ..answers import ERRORS, Equity, Showdown, Showdowns
from ..errors import ApiError, equity_loc
from ..models import EquityRequest, ShowdownRequest
from ..work import Deadline
from .common import (INLINE_DEALS, JSON, Loc, card_field_loc, check_count, deadline, limits, pools,
                     run_sized)

router = APIRouter(tags=["equity"])


def _is_cards(hand: Any) -> bool:
    try:
        parse_cards(hand)
    except (ValueError, TypeError):
        return False
    return True


def _spot(body: EquityRequest) -> Any:
    """The library's parsed spot (ranges less the known cards)."""
    return parse_spot(body.hands, body.board, body.dead, body.game)


def _exact_cost(spot: Any) -> int:
    """The library's estimate of the work of exact enumeration, in its budget's units."""
    return int(exact_cost(spot))


PILOT_DRAWS = 4_000


def _holdings(spot: Any) -> List[Tuple[np.ndarray, Optional[np.ndarray]]]:
    """Per player the (n, k) holdings a Monte Carlo draw picks from (fixed: one row); random
    players are dealt from what is left of the deck, so they never collide and are left out."""
    rows = []
    players = getattr(spot, "players", None)
    for p, r in enumerate(spot.ranges):
        player = players[p] if players is not None else None
        if r is not None:
            rows.append((r.hands, None if r.uniform else r.weights))
        elif player is not None and getattr(player, "hand", None) is not None:
            rows.append((player.hand[None, :], None))
    return rows


def _collision_free_rate(spot: Any) -> float:
    """The share of random draws (one holding per player, by weight) that share no card,
    estimated on a fixed pilot sample (so the same request always gets the same verdict)."""
    rng = np.random.default_rng(0)
    ok = np.ones(PILOT_DRAWS, dtype=bool)
    used = np.zeros(PILOT_DRAWS, dtype=np.uint64)
    for hands, weights in _holdings(spot):
        if len(hands) == 1:
            picks = np.zeros(PILOT_DRAWS, dtype=np.int64)
        elif weights is None:
            picks = rng.integers(0, len(hands), PILOT_DRAWS)
        else:
            picks = rng.choice(len(hands), PILOT_DRAWS, p=weights / weights.sum())
        cards = np.left_shift(np.uint64(1), hands[picks].astype(np.uint64))
        masks = np.bitwise_or.reduce(cards, axis=1)
        ok &= (used & masks) == 0
        used |= masks
    return max(int(ok.sum()), 1) / PILOT_DRAWS


def _check_budgets(body: EquityRequest, max_draws: int) -> None:
    """422 when exact enumeration is demanded above the exact budget, or when sampling these
    ranges would need more draws than ``max_draws``."""
    spot = _spot(body)
    if spot is None or spot.fixed:
        return
    if body.exact and body.trials is None:
        cost = _exact_cost(spot)
        budget = engine.EXACT_BUDGET
        if cost is not None and cost > budget:
            raise ApiError(422, ["body", "exact"], (
                f"exact enumeration of these ranges would cost about {cost:,} work units, "
                f"above the exact budget of {budget:,} (about a second); omit exact to let "
                f"the library sample, or give trials"), "exact_budget")
        return
    trials = body.trials
    if trials is None:
        cost = _exact_cost(spot)
        if cost is None or cost <= engine.EXACT_BUDGET:
            return  # exact: bounded by the library's exact budget
        trials = engine.DEFAULT_TRIALS
    rate = _collision_free_rate(spot)
    draws = trials / rate
    if draws > max_draws:
        raise ApiError(422, ["body", "hands"], (
            f"these ranges share cards so often that only about {100 * rate:.2g}% of random "
            f"draws are collision-free: {trials:,} trials would need about {draws:,.0f} draws, "
            f"above the limit of {max_draws:,} per request; use fewer trials or wider ranges"),
            "draws_limit")


def _equity(body: EquityRequest, stop: Deadline, max_draws: int) -> dict[str, Any]:
    try:
        _check_budgets(body, max_draws)
        result = engine.equity(body.hands, body.board, body.dead, game=body.game,
                                trials=body.trials, seed=body.seed, progress=stop.progress)
    except ValueError as exc:
        msg = str(exc)
        loc = (["body", "game"] if msg.startswith("game") else ["body", "trials"]
               if msg.startswith("trials") else ["body", "seed"] if msg.startswith("seed")
               else equity_loc(msg))
        raise ApiError.from_library(exc, loc) from None
    if body.exact and not result.exact:
        raise ApiError(422, ["body", "exact"], "exact enumeration of these ranges is above the "
                       "library's exact budget; omit exact to sample, or give trials", "exact_budget")
    return result.to_dict()


@router.post("/v1/equity", summary="Equity of hands or ranges, exact or sampled",
             response_model=Equity, responses=ERRORS)
async def equity(body: EquityRequest, request: Request) -> JSON:
    """Each player's share of the pot: the library's ``EquityResult.to_dict()``.

    Fixed hands are always exact (milliseconds). Ranges are exact when the library can afford
    it, else sampled (``exact: false`` with ``trials`` and ``seed``); ``exact: true`` makes that
    a 422 instead. ``trials`` asks for Monte Carlo, at most ``max_trials`` (``GET /v1/limits``);
    the same ``seed`` gives the same numbers on every server."""
    cap = limits(request).max_trials
    if body.trials is not None and body.trials > cap:
        raise ApiError(422, ["body", "trials"], f"trials {body.trials:,} is above the cap of "
                       f"{cap:,} per request", "trials_cap")
    if body.exact and body.trials is not None:
        raise ApiError(422, ["body", "exact"], "exact: true and trials exclude each other", "shape")
    heavy = body.trials is not None or not all(_is_cards(h) for h in body.hands)
    stop = deadline(request)
    return JSON(await pools(request).run(_equity, body, stop, limits(request).max_draws,
                                         deadline=stop, heavy=heavy))


def _showdown_one(hands: List[Any], board: Any, game: str, base: Loc) -> dict[str, Any]:
    r = _settle(hands, board, game, base)
    share = r.share[0]
    units = r.share_units[0]
    players = range(len(share))
    return {
        "shares": [float(s) for s in share],
        "share_units": [int(u) for u in units],
        "pot_units": engine.POT,
        "winners": [p for p in players if units[p] > 0],
        "hi_winners": [p for p in players if r.hi_win[p] or r.hi_tie[p]],
        "lo_winners": [p for p in players if r.lo_win[p] or r.lo_tie[p]],
        "scoop": next((p for p in players if r.scoop[p]), None),
    }


def _settle(hands: List[Any], board: Any, game: str, base: Loc) -> Any:
    """The library's showdown of one deal; its refusal as an ApiError at the field to blame
    (``base``: where the deal sits in the request)."""
    try:
        return engine.showdown(hands if hands and all(isinstance(h, str) for h in hands)
                               else [_hand_ids(h, base + ["hands", p]) for p, h in enumerate(hands)],
                               board, game=game)
    except ValueError as exc:
        msg = str(exc)
        if msg.startswith("game"):
            loc = base + ["game"] if base == ["body"] else ["body", "game"]
        else:
            loc = equity_loc(msg)
            loc = base + loc[1:] if loc != ["body"] else card_field_loc(exc, base, (("board", board),))
        raise ApiError.from_library(exc, loc) from None


def _hand_ids(hand: Any, loc: Loc) -> np.ndarray:
    try:
        return parse_cards(hand)
    except ValueError as exc:
        raise ApiError.from_library(exc, loc) from None


def _showdown(body: ShowdownRequest) -> dict[str, Any]:
    if body.deals is None:
        out = _showdown_one(body.hands or [], body.board, body.game, ["body"])
        out["game"] = body.game
        return out
    results = []
    for i, d in enumerate(body.deals):
        results.append(_showdown_one(d.hands, d.board, body.game, ["body", "deals", i]))
    return {"game": body.game, "results": results}


@router.post("/v1/showdown", summary="Settle complete deals: shares and winners",
             response_model=Union[Showdown, Showdowns], responses=ERRORS)
async def showdown(body: ShowdownRequest, request: Request) -> JSON:
    """Who wins a complete deal (every hand, five board cards): each player's share of the pot
    (also in integer units of ``pot_units``, exact), the winners of the whole pot, of the high
    and of the low half, and who scoops (wins everything alone), for one deal (``hands`` and
    ``board``) or each deal of ``deals``. Players are indexed from 0 in the order given."""
    if body.deals is not None:
        if body.hands is not None or body.board is not None:
            raise ApiError(422, ["body"], "give either hands and board, or deals, not both", "shape")
        check_count(body.deals, limits(request).max_deals, "deals")
    else:
        for name in ("hands", "board"):
            if getattr(body, name) is None:
                raise ApiError(422, ["body", name], f"{name} is required (or give deals)", "missing")
    count = 1 if body.deals is None else len(body.deals)
    return JSON(await run_sized(request, count, INLINE_DEALS, _showdown, body))
