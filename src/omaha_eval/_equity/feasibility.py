"""Can a spot be dealt, and can it be enumerated exactly: decided from card counts, before work.

:func:`check_dealable` refuses at once a spot whose range players cannot all be dealt (two
players who both need the ace of spades, three who need six aces between them).
:func:`work_units` estimates the cost of exact enumeration in the units of
:data:`EXACT_BUDGET`; above it, :func:`omaha_eval.equity` samples instead.
"""

from __future__ import annotations

from typing import Optional, Sequence

import numpy as np

from ..cards import card_to_str
from ..ranges import Range, RangeError
from .players import Player, players_text

__all__ = ["EXACT_BUDGET", "RANDOM_TABLE_LIMIT", "PAIR_COST", "GROUPS_BY_MISSING",
           "check_dealable", "work_units"]

# Work units for exact enumeration with ranges: holding combinations times the rank-multiset
# groups one combination costs (by missing board cards: preflop ~6,000, Courchevel's one-card
# board ~1,800, two cards ~450, flop ~100, turn ~13, river 1), scaled by the two-card choices of
# a hand (6, 10, 15); a unit is about 0.3 us here, so the budget is about a second.
EXACT_BUDGET = 4_000_000
GROUPS_BY_MISSING = {5: 6_000, 4: 1_800, 3: 450, 2: 120, 1: 15, 0: 2}
PAIR_COST = {4: 1.0, 5: 1.5, 6: 2.2}
# a random player enumerated exactly costs one table row per holding: keep that table small
RANDOM_TABLE_LIMIT = 300_000

_RANK_NAMES = ("deuces", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines",
               "tens", "jacks", "queens", "kings", "aces")
_SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")


def work_units(holding_counts: Sequence[int], board_cards: int, hole: int) -> float:
    """Exact enumeration's cost: holding combinations x rank-multiset groups x pair choices."""
    combos = 1
    for n in holding_counts:
        combos *= n
    return combos * GROUPS_BY_MISSING[5 - board_cards] * PAIR_COST[hole]


def _needs(live: Sequence[tuple[int, Range]]) -> tuple[dict[int, list[int]], np.ndarray,
                                                        list[list[int]], np.ndarray,
                                                        list[list[int]]]:
    """What every holding of each range player holds: cards, and the least of each rank/suit."""
    need_card: dict[int, list[int]] = {}
    need_rank = np.zeros(13, dtype=np.int64)
    need_suit = np.zeros(4, dtype=np.int64)
    who_rank: list[list[int]] = [[] for _ in range(13)]
    who_suit: list[list[int]] = [[] for _ in range(4)]
    for p, r in live:
        hands = r.hands
        masks = np.bitwise_or.reduce(np.left_shift(np.uint64(1), hands.astype(np.uint64)), axis=1)
        common = int(np.bitwise_and.reduce(masks))
        for c in range(52):
            if common >> c & 1:
                need_card.setdefault(c, []).append(p)
        ranks = ((hands[:, :, None] >> 2) == np.arange(13)).sum(axis=1).min(axis=0)
        suits = ((hands[:, :, None] & 3) == np.arange(4)).sum(axis=1).min(axis=0)
        for x, m in enumerate(ranks.tolist()):
            if m:
                need_rank[x] += m
                who_rank[x].append(p)
        for s, m in enumerate(suits.tolist()):
            if m:
                need_suit[s] += m
                who_suit[s].append(p)
    return need_card, need_rank, who_rank, need_suit, who_suit


def check_dealable(players: Sequence[Player], ranges: Sequence[Optional[Range]],
                   known: np.ndarray) -> None:
    """Refuses (RangeError, with the reason) range players that cannot all be dealt.

    ``ranges`` are the players' ranges less the known cards (None for fixed and random
    players); ``known`` is a (52,) bool mask of the board, dead and fixed cards."""
    live = [(p, r) for p, r in enumerate(ranges) if r is not None and not players[p].fixed]
    if len(live) < 2:
        return
    left_rank = 4 - known.reshape(13, 4).sum(axis=1)
    left_suit = 13 - known.reshape(13, 4).sum(axis=0)
    need_card, need_rank, who_rank, need_suit, who_suit = _needs(live)
    for c, ps in need_card.items():
        if len(ps) > 1:
            raise RangeError(f"{players_text(ps)} {'both' if len(ps) == 2 else 'all'} need "
                             f"the {card_to_str(c)}: no deal is possible")
    for x in range(13):
        if need_rank[x] > left_rank[x]:
            raise RangeError(f"{players_text(who_rank[x])} need at least {need_rank[x]} "
                             f"{_RANK_NAMES[x]} between them; {left_rank[x]} are left")
    for s in range(4):
        if need_suit[s] > left_suit[s]:
            raise RangeError(f"{players_text(who_suit[s])} need at least {need_suit[s]} "
                             f"{_SUIT_NAMES[s]} between them; {left_suit[s]} are left")
