"""A hand of the rules layer rebuilt from a request, and its state as JSON.

The service keeps no hand between requests: each request carries the config, stacks, cards or
seed and the actions so far, and the hand is replayed from its start (tens of microseconds).
"""

from __future__ import annotations

import re
import secrets
from typing import Any, Callable, Dict, List, Optional, Tuple

from ..cards import format_cards
from ..game import GameConfig, Hand, IllegalActionError, LegalActions
from .errors import ApiError
from .models import Action, HandConfig, HandRequest, drop_none

# which request fields each structure's constructor takes, and which of them it needs
_CONSTRUCTORS: Dict[str, Tuple[Callable[..., GameConfig], Tuple[str, ...], Tuple[str, ...]]] = {
    "fixed": (GameConfig.fixed_limit, ("small_bet",),
              ("big_bet", "small_blind", "big_blind", "max_raises")),
    "spread": (GameConfig.spread_limit, ("min_bet", "max_bet"),
               ("small_blind", "big_blind", "late_min_bet", "late_max_bet", "max_raises")),
    "pot": (GameConfig.pot_limit, ("small_blind", "big_blind"),
            ("min_bet", "late_min_bet", "max_raises")),
    "no": (GameConfig.no_limit, ("small_blind", "big_blind"),
           ("min_bet", "late_min_bet", "max_raises")),
}
_AMOUNT_ACTIONS = frozenset(("bet", "raise", "raise_to", "bet_or_raise_to"))


def game_config(config: HandConfig) -> GameConfig:
    """The library's :class:`GameConfig` for a request's ``config``.

    Raises
    ------
    ApiError
        422 naming the field: a required amount missing, one that does not apply to the
        structure, or the library's own refusal.
    """
    make, required, optional = _CONSTRUCTORS[config.structure]
    values = config.model_dump()
    for name in required:
        if values[name] is None:
            raise ApiError(422, ["body", "config", name],
                           f"{name} is required for structure {config.structure!r}", "missing")
    allowed = set(required) | set(optional)
    for name in ("small_blind", "big_blind", "small_bet", "big_bet", "min_bet", "max_bet",
                 "late_min_bet", "late_max_bet", "max_raises"):
        if values[name] is not None and name not in allowed:
            raise ApiError(422, ["body", "config", name],
                           f"{name} does not apply to structure {config.structure!r}", "extra")
    args = [values[name] for name in required]
    options = drop_none({name: values[name] for name in optional})
    try:
        return make(*args, game=config.game, ante=config.ante, straddle=config.straddle,
                    ante_trimming=config.ante_trimming, show_all=config.show_all, **options)
    except ValueError as exc:
        field = str(exc).split(" ", 1)[0]
        loc = ["body", "config"] + ([field] if field in values else [])
        raise ApiError.from_library(exc, loc) from None


def _apply(hand: Hand, action: Action) -> None:
    name, player = action.action, action.player
    if name in _AMOUNT_ACTIONS:
        if action.amount is None:
            raise ValueError(f"{name} needs an amount")
        getattr(hand, "raise_to" if name == "raise" else name)(action.amount, player)
    elif name == "show":
        hand.show(player, action.cards)
    else:
        getattr(hand, name)(player)


_PLAYER = re.compile(r"\bplayer (\d+)\b")


def _setup_loc(msg: str) -> List[Any]:
    """Which request field the library's set-up message is about ("stack of player 1 ...")."""
    for field, words in (("stacks", ("stack", "players")), ("button", ("button",)),
                         ("hole_cards", ("hole cards", "hole_cards")), ("board", ("board",)),
                         ("seed", ("seed",))):
        if any(w in msg for w in words):
            match = _PLAYER.search(msg)
            index = [int(match.group(1))] if match and field in ("stacks", "hole_cards") else []
            return ["body", field] + index
    return ["body"]


def build_hand(body: HandRequest) -> Hand:
    """The hand of ``body`` with all its actions applied (``body.seed`` is filled in if absent).

    Raises
    ------
    ApiError
        422 for an invalid set-up or action shape, 409 with the engine's reason for an illegal
        action, both with the index of the action.
    """
    config = game_config(body.config)
    if body.seed is None:
        body.seed = secrets.randbits(63)
    options: Dict[str, Any] = drop_none({"button": body.button, "hole_cards": body.hole_cards,
                                         "board": body.board})
    try:
        hand = Hand(config, body.stacks, seed=body.seed, showdown=body.showdown, **options)
    except ValueError as exc:
        raise ApiError.from_library(exc, _setup_loc(str(exc))) from None
    for k, action in enumerate(body.actions):
        try:
            _apply(hand, action)
        except IllegalActionError as exc:
            raise ApiError.from_library(exc, ["body", "actions", k], status=409) from None
        except ValueError as exc:
            raise ApiError.from_library(exc, ["body", "actions", k]) from None
    return hand


def legal_dict(legal: LegalActions) -> Dict[str, Any]:
    """``legal_actions()`` as JSON: who acts, the action names, amounts, and why no raise."""
    out: Dict[str, Any] = {"player": legal.player, "phase": legal.phase,
                           "actions": list(legal.actions)}
    if legal.can_call:
        out["to_call"] = legal.to_call
    if legal.can_bet or legal.can_raise:
        out["min_to"], out["max_to"] = legal.min_to, legal.max_to
    if legal.phase == "betting":
        out["all_in_to"] = legal.all_in_to
    if legal.raise_reason:
        out["raise_reason"] = legal.raise_reason
    return out


def state_dict(hand: Hand, seed: Optional[int], n_actions: int) -> Dict[str, Any]:
    """Everything a client needs to show the hand and send the next action."""
    n = hand.n_players
    result = hand.result
    return {
        "seed": seed,
        "game": hand.config.describe(),
        "players": n,
        "button": hand.button,
        "actions_applied": n_actions,
        "phase": hand.phase,
        "street": hand.street_name,
        "is_over": hand.is_over,
        "actor": hand.actor,
        "stacks": list(hand.stacks),
        "bets": list(hand.bets),
        "committed": list(hand.committed),
        "pot": hand.pot,
        "folded": list(hand.folded),
        "board": format_cards(list(hand.board)),
        "hole_cards": [format_cards(list(hand.hole_cards(p))) for p in range(n)],
        "legal_actions": legal_dict(hand.legal_actions()),
        "history": [e.to_dict() for e in hand.history],
        "result": result.to_dict() if result is not None else None,
    }
