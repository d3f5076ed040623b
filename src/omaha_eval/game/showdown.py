"""Showdown: who shows first, who may muck, and how each pot is awarded (cards speak).

Rules implemented (seeds 000 and 004, issue 4):
* the last player to bet or raise in the final betting round shows first; without one, the
  first player still in the hand left of the button; then clockwise;
* a later player may muck instead of showing; a player cannot muck if that would leave a
  contested pot with nobody to win it;
* hi: best high hand wins each pot; hi-lo: each pot splits, the high half (with the odd chip) to
  the best high, the low half to the best qualifying low among that pot's own contenders; no
  qualifying low means the high hand scoops;
* ties split their share; odd chips one at a time from the first tied player left of the button.
"""

from __future__ import annotations

from itertools import compress
from operator import not_
from typing import Dict, List, Sequence, Set, Tuple

import numpy as np

from .. import _core
from .pots import left_of_button_order, split_evenly, split_hilo
from .results import ALL, HI, LO, Award, PotResult

Pots = List[Tuple[int, Tuple[int, ...]]]


def show_order(n: int, button: int, folded: Sequence[bool], aggressor: int) -> List[int]:
    """Players still in the hand in the order they show."""
    start = aggressor if aggressor >= 0 and not folded[aggressor] else (button + 1) % n
    alive = list(map(not_, folded))
    return list(compress(range(start, n), alive[start:])) + list(compress(range(start), alive))


def score(holes: Sequence[Sequence[int]], board: Sequence[int], players: Sequence[int],
          hilo: bool) -> Tuple[Dict[int, int], Dict[int, int]]:
    """Hi and lo scores of ``players`` on a complete board.

    The cards come from a hand's deck, checked when it was built (ids 0..51, no card twice), so
    each hand goes straight to the native scalar path (no arrays, no duplicate check; it still
    refuses an id outside 0..51, and anything it refuses takes the batch path below).
    """
    fast = _core.fast_eval
    if hilo:
        hi: Dict[int, int] = {}
        lo: Dict[int, int] = {}
        for p in players:
            both = fast(holes[p], board, 3, False)
            if both is None:
                return _score_arrays(holes, board, players, hilo)
            hi[p], lo[p] = both
        return hi, lo
    out: Dict[int, int] = {}
    for p in players:
        value = fast(holes[p], board, 1, False)
        if value is None:
            return _score_arrays(holes, board, players, hilo)
        out[p] = value
    return out, {}


def _score_arrays(holes: Sequence[Sequence[int]], board: Sequence[int], players: Sequence[int],
                  hilo: bool) -> Tuple[Dict[int, int], Dict[int, int]]:
    """:func:`score` through one batch call (cards in forms the scalar path does not take)."""
    hole_array = np.array([holes[p] for p in players], dtype=np.uint8)
    board_array = np.array([board], dtype=np.uint8)  # one board row shared by every hand
    hi, lo = _core.unchecked_eval(hole_array, board_array, True, hilo, 1)
    assert hi is not None and (lo is not None or not hilo)
    if hilo:
        assert lo is not None
        return dict(zip(players, hi.tolist())), dict(zip(players, lo.tolist()))
    return dict(zip(players, hi.tolist())), {}


def may_muck(player: int, pots: Pots, mucked: Set[int]) -> bool:
    """A player may muck unless they are the last unmucked contender of a contested pot."""
    for _, eligible in pots:
        if len(eligible) > 1 and player in eligible:
            if not any(p != player and p not in mucked for p in eligible):
                return False
    return True


def auto_shows(order: Sequence[int], pots: Pots, hi: Dict[int, int], lo: Dict[int, int],
               show_all: bool) -> List[bool]:
    """The usual table policy: show when the hand still wins or ties part of some pot against the
    hands already shown; muck a hand that cannot. With ``show_all`` everyone shows."""
    if show_all:
        return [True] * len(order)
    if len(pots) == 1 and len(pots[0][1]) > 1:  # most showdowns: one pot, contested
        return _shows_one_pot(order, pots[0][1], hi, lo)
    shows: List[bool] = []
    best_hi: Dict[int, int] = {}
    best_lo: Dict[int, int] = {}
    mucked: Set[int] = set()
    for player in order:
        show = _can_win(player, pots, hi, lo, best_hi, best_lo) or not may_muck(player, pots, mucked)
        shows.append(show)
        if show:
            _shown(player, pots, hi, lo, best_hi, best_lo)
        else:
            mucked.add(player)
    return shows


def _can_win(player: int, pots: Pots, hi: Dict[int, int], lo: Dict[int, int],
             best_hi: Dict[int, int], best_lo: Dict[int, int]) -> bool:
    """Whether ``player`` still wins or ties part of a contested pot against the shown hands."""
    for k, (_, eligible) in enumerate(pots):
        if len(eligible) < 2 or player not in eligible:
            continue
        if k not in best_hi or hi[player] >= best_hi[k] or (lo and lo[player] and lo[player] >= best_lo[k]):
            return True
    return False


def _shown(player: int, pots: Pots, hi: Dict[int, int], lo: Dict[int, int],
           best_hi: Dict[int, int], best_lo: Dict[int, int]) -> None:
    """The best shown hands of each pot once ``player`` has shown."""
    for k, (_, eligible) in enumerate(pots):
        if player in eligible:
            if k not in best_hi or hi[player] > best_hi[k]:
                best_hi[k] = hi[player]
            if lo and lo[player] > best_lo.get(k, 0):
                best_lo[k] = lo[player]
            elif lo:
                best_lo.setdefault(k, 0)


def _shows_one_pot(order: Sequence[int], eligible: Tuple[int, ...], hi: Dict[int, int],
                   lo: Dict[int, int]) -> List[bool]:
    """:func:`auto_shows` with a single pot, contested by ``eligible``: the same decisions with
    the best shown hands and the mucked contenders counted in plain variables."""
    shows: List[bool] = []
    best_hi = best_lo = 0
    anyone = False  # has a contender shown yet
    mucked = 0  # contenders who mucked
    last = len(eligible) - 1
    for player in order:
        if player not in eligible:
            shows.append(False)  # in no contested pot: nothing to win, free to muck
            continue
        score = hi[player]
        low = lo[player] if lo else 0
        show = not anyone or score >= best_hi or (low and low >= best_lo) or mucked == last
        shows.append(bool(show))
        if show:
            if not anyone or score > best_hi:
                best_hi = score
            anyone = True
            if low > best_lo:
                best_lo = low
        else:
            mucked += 1
    return shows


def award(pots: Pots, shown: Set[int], hi: Dict[int, int], lo: Dict[int, int], hilo: bool,
          button: int, n: int, holes: Sequence[Sequence[int]], board: Sequence[int]) -> List[PotResult]:
    """Each pot to its winners among the players who showed (or to its only contender)."""
    results: List[PotResult] = []
    for index, (amount, eligible) in enumerate(pots):
        if len(eligible) == 1:
            p = eligible[0]
            results.append(PotResult(index, amount, eligible, amount, 0, [Award(p, amount, ALL)]))
            continue
        hands = eligible if shown.issuperset(eligible) else list(filter(shown.__contains__, eligible))
        scores = list(map(hi.__getitem__, hands))
        best = max(scores)
        if scores.count(best) == 1:  # one winner: nothing to sort or split
            hi_winners = [hands[scores.index(best)]]
        else:
            hi_winners = left_of_button_order([p for p, v in zip(hands, scores) if v == best], button, n)
        lo_best = max(map(lo.__getitem__, hands)) if hilo else 0
        if lo_best:
            hi_amount, lo_amount = split_hilo(amount)
        else:
            hi_amount, lo_amount = amount, 0
        if len(hi_winners) == 1:
            p = hi_winners[0]
            awards = [Award(p, hi_amount, HI, best, holes[p], board)]
        else:
            awards = [Award(p, a, HI, best, holes[p], board) for p, a in split_evenly(hi_amount, hi_winners)]
        if lo_amount:
            lo_winners = left_of_button_order([p for p in hands if lo[p] == lo_best], button, n)
            awards.extend(Award(p, a, LO, lo_best, holes[p], board)
                          for p, a in split_evenly(lo_amount, lo_winners))
        results.append(PotResult(index, amount, eligible, hi_amount, lo_amount, awards))
    return results
