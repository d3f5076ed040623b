"""Random complete hands for the rules-layer workloads, as replayable scripts.

A script fixes everything about one hand: the hole cards, the board and the sequence of
actions. Scripts are made once (untimed) by playing our rules layer with a seeded random
policy; every engine then replays the same scripts, which makes the work identical and lets
the finishing stacks be compared hand by hand.

All chip amounts are multiples of :data:`UNIT`, so no split pot among up to six players ever
has an odd chip: engines that place odd chips differently still agree.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, List, Sequence, Tuple

if TYPE_CHECKING:
    from ..game import GameConfig

UNIT = 60                      # every amount is a multiple: 2..6-way splits are exact
SMALL_BLIND, BIG_BLIND = UNIT, 2 * UNIT
STACK = 100 * BIG_BLIND        # everybody starts with 100 big blinds

# Action codes in a script: fold, check or call, bet or raise to an amount.
FOLD, CHECK_CALL, RAISE_TO = "f", "c", "r"


@dataclass(frozen=True)
class Script:
    """One hand: ``holes[p]`` (four card ids), ``board`` (five), ``actions`` in order."""

    holes: Tuple[Tuple[int, ...], ...]
    board: Tuple[int, ...]
    actions: Tuple[Tuple[str, int], ...]


def config() -> GameConfig:
    """The game every script is played in: pot-limit Omaha Hi, blinds 60/120."""
    from ..game import GameConfig

    return GameConfig.pot_limit(SMALL_BLIND, BIG_BLIND, game="hi")


def make_scripts(players: int, count: int, seed: int) -> List[Script]:
    """``count`` random hands for ``players`` players (equal stacks of 100 big blinds).

    The policy, per decision: bet or raise a random multiple of the unit between the minimum
    and the pot limit 20% of the time (at most four raises a round), fold 15% of the time when
    facing a bet, check or call otherwise. Cards come from a seeded shuffle per hand.
    """
    from ..game import Hand

    rng = random.Random(seed)
    cfg = config()
    stacks = [STACK] * players
    scripts: List[Script] = []
    for _ in range(count):
        deck = list(range(52))
        rng.shuffle(deck)
        holes = tuple(tuple(deck[4 * p: 4 * p + 4]) for p in range(players))
        board = tuple(deck[4 * players: 4 * players + 5])
        hand = Hand(cfg, stacks, hole_cards=[list(h) for h in holes], board=list(board))
        actions: List[Tuple[str, int]] = []
        raises, street = 0, 0
        while not hand.is_over:
            if hand.street != street:
                raises, street = 0, hand.street
            legal = hand.legal_actions()
            r = rng.random()
            if (legal.can_bet or legal.can_raise) and raises < 4 and r < 0.20:
                low, high = legal.min_to, legal.max_to
                steps = (high - low) // UNIT
                amount = low + UNIT * rng.randint(0, steps) if steps > 0 else low
                hand.bet_or_raise_to(amount)
                actions.append((RAISE_TO, amount))
                raises += 1
            elif legal.can_fold and r < 0.35:
                hand.fold()
                actions.append((FOLD, 0))
            else:
                hand.check_or_call()
                actions.append((CHECK_CALL, 0))
        scripts.append(Script(holes, board, tuple(actions)))
    return scripts


def play_ours(scripts: Sequence[Script], players: int) -> List[Tuple[int, ...]]:
    """Replays scripts through :class:`omaha_eval.game.Hand`; the finishing stacks of each."""
    from ..game import Hand

    cfg = config()
    stacks = [STACK] * players
    out: List[Tuple[int, ...]] = []
    for s in scripts:
        hand = Hand(cfg, stacks, hole_cards=s.holes, board=s.board)
        for code, amount in s.actions:
            if code == CHECK_CALL:
                hand.check_or_call()
            elif code == FOLD:
                hand.fold()
            else:
                hand.bet_or_raise_to(amount)
        assert hand.result is not None
        out.append(tuple(hand.result.finishing_stacks))
    return out
