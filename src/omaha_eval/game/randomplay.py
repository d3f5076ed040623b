"""Random legal play, for tests, fuzzing and benchmarks.

``choose_action(hand, rng)`` picks one legal action (weighted to produce many raises and all
ins), ``apply_action`` applies it; ``play_random(hand, rng)`` plays the hand to the end. ``rng`` is a
:class:`random.Random` (fast, seedable); the choices depend only on its state.
"""

from __future__ import annotations

import random
from typing import Optional, Tuple

from .hand import Hand

Action = Tuple[str, Optional[int]]


def choose_action(hand: Hand, rng: random.Random, *, fold: float = 0.15, raise_: float = 0.3,
                  all_in: float = 0.1, muck: float = 0.3) -> Action:
    """A random legal ``(action, amount)`` for the player to act (amount for bet/raise only)."""
    legal = hand.legal_actions()
    if legal.can_show:
        return ("muck", None) if legal.can_muck and rng.random() < muck else ("show", None)
    r = rng.random()
    if legal.can_fold and r < fold:
        return "fold", None
    r = rng.random()
    if legal.can_bet or legal.can_raise:
        verb = "bet" if legal.can_bet else "raise"
        if r < all_in and legal.max_to == legal.all_in_to:
            return verb, legal.all_in_to
        if r < all_in + raise_:
            x = rng.random()
            if x < 0.4:
                amount = legal.min_to
            elif x < 0.6:
                amount = legal.max_to
            else:
                amount = rng.randint(legal.min_to, legal.max_to)
            return verb, amount
    return ("call", None) if legal.can_call else ("check", None)


def apply_action(hand: Hand, action: Action) -> None:
    verb, amount = action
    if verb == "fold":
        hand.fold()
    elif verb == "check":
        hand.check()
    elif verb == "call":
        hand.call()
    elif verb == "bet":
        hand.bet(amount)  # type: ignore[arg-type]
    elif verb == "raise":
        hand.raise_to(amount)  # type: ignore[arg-type]
    elif verb == "show":
        hand.show()
    elif verb == "muck":
        hand.muck()
    else:
        raise ValueError(f"unknown action {verb!r}")


def play_random(hand: Hand, rng: random.Random, **weights: float) -> Hand:
    while not hand.is_over:
        apply_action(hand, choose_action(hand, rng, **weights))
    return hand


def play_passive(hand: Hand) -> Hand:
    """Everyone checks or calls to the showdown (the benchmark's hand)."""
    while not hand.is_over:
        legal = hand.legal_actions()
        if legal.can_show:
            hand.show()
        elif legal.can_call:
            hand.call()
        else:
            hand.check()
    return hand
