"""Chip arithmetic of a hand: uncalled bets, main and side pots, odd-chip splits.

All amounts are ints; every function here conserves chips exactly.
"""

from __future__ import annotations

from itertools import compress
from operator import not_
from typing import List, Optional, Sequence, Tuple


def uncalled_bet(bets: Sequence[int]) -> Optional[Tuple[int, int]]:
    """``(player, amount)`` of the part of the largest bet nobody matched, or None.

    Only the single largest bettor can have one: the excess over the second largest bet (of any
    player, folded or not)."""
    if len(bets) < 2:
        return (0, bets[0]) if bets and bets[0] > 0 else None
    ranked = sorted(bets)
    top, second = ranked[-1], ranked[-2]
    if top <= second:
        return None
    return bets.index(top), top - second


def _layers(layered: Sequence[int], live: Tuple[int, ...],
            pots: List[Tuple[int, Tuple[int, ...]]]) -> int:
    """Appends a pot per distinct live contribution (cut there); returns the top level."""
    previous = 0
    for level in sorted({layered[i] for i in live if layered[i] > 0}):
        amount = 0
        for x in layered:
            if x > previous:
                amount += (x if x < level else level) - previous
        pots.append((amount, tuple(i for i in live if layered[i] >= level)))
        previous = level
    return previous


def build_pots(layered: Sequence[int], dead: int, folded: Sequence[bool]) -> List[Tuple[int, Tuple[int, ...]]]:
    """Main and side pots as ``(amount, eligible players)``, main pot first.

    ``layered[i]`` is what player ``i`` put in that counts for side pots (everything but pooled
    antes and dead blinds); ``dead`` is the pooled money, which goes to the main pot. A pot is cut
    at each distinct contribution of a player still in the hand: a player all in for X wins at
    most X from each opponent. Folded players' chips fill the pots up to what they put in.
    """
    live = tuple(compress(range(len(layered)), map(not_, folded)))
    if live:
        first = layered[live[0]]
        if first > 0 and list(map(layered.__getitem__, live)).count(first) == len(live):
            # every player still in put in the same (most pots): one pot of every chip
            return [(sum(layered) + dead, live)]
    pots: List[Tuple[int, Tuple[int, ...]]] = []
    if dead and any(layered[i] == 0 for i in live):
        # someone all in on the ante alone still plays for the pooled dead money
        pots.append((dead, tuple(live)))
        dead = 0
    previous = _layers(layered, live, pots)
    # chips above the top live contribution (possible only for folded players) join the last pot
    leftover = sum(x - previous for x in layered if x > previous)
    if not pots:
        return [(dead + leftover, tuple(live))] if dead + leftover else []
    if dead:
        amount, eligible = pots[0]
        pots[0] = (amount + dead, eligible)
    if leftover:
        amount, eligible = pots[-1]
        pots[-1] = (amount + leftover, eligible)
    return pots


def left_of_button_order(players: Sequence[int], button: int, n: int) -> List[int]:
    """``players`` sorted clockwise starting with the first seat left of the button."""
    if len(players) < 2:  # one winner (most pots): nothing to sort
        return list(players)
    return sorted(players, key=lambda i: (i - button - 1) % n)


def split_evenly(amount: int, winners_in_order: Sequence[int]) -> List[Tuple[int, int]]:
    """Split ``amount`` among tied winners (given clockwise from the button): equal shares,
    then the odd chips one at a time to the first winners (11 among 3 gives 4, 4, 3)."""
    k = len(winners_in_order)
    share, odd = divmod(amount, k)
    return [(p, share + (1 if j < odd else 0)) for j, p in enumerate(winners_in_order)]


def split_hilo(amount: int) -> Tuple[int, int]:
    """``(high half, low half)`` of a pot; the odd chip goes to the high half."""
    low = amount // 2
    return amount - low, low
