"""A slow, plainly written reference for ``omaha_eval.classify``: every field straight from its
definition (docs/board.rst), on top of the pure-Python five-card scores of tests/reference.py
(which share nothing with the package).  Nothing here is clever: every five-card hand is
scored, every next card is dealt."""

from __future__ import annotations

import itertools
from functools import lru_cache
from typing import Dict, FrozenSet, List, Sequence, Tuple

from reference import STRAIGHT, classify_hi, hi_class_of_score, hi_score, lo_score

Cards = Tuple[int, ...]


@lru_cache(maxsize=None)
def score5(five: FrozenSet[int]) -> int:
    return hi_score(tuple(five))


@lru_cache(maxsize=None)
def low5(five: FrozenSet[int]) -> int:
    return lo_score(tuple(five))


def fives(hole: Sequence[int], board: Sequence[int]):
    for p in itertools.combinations(hole, 2):
        for t in itertools.combinations(board, 3):
            yield frozenset(p + t)


def best_hi(hole: Sequence[int], board: Sequence[int]) -> int:
    return max(score5(f) for f in fives(hole, board))


def best_lo(hole: Sequence[int], board: Sequence[int]) -> int:
    return max(low5(f) for f in fives(hole, board))


def makes_straight(hole: Sequence[int], board: Sequence[int]) -> bool:
    """Two hole and three board cards whose ranks form a straight (any suits)."""
    return any(classify_hi(sorted(c // 4 for c in f), False)[0] == STRAIGHT
               for f in fives(hole, board))


@lru_cache(maxsize=None)
def made_scores(board: Cards) -> Tuple[FrozenSet[int], FrozenSet[int]]:
    """Every hi score and every low (> 0) that two cards not on the board make with three board
    cards."""
    off = [c for c in range(52) if c not in board]
    hi, lo = set(), set()
    for f in fives(off, board):
        hi.add(score5(f))
        low = low5(f)
        if low:
            lo.add(low)
    return frozenset(hi), frozenset(lo)


def nuts(board: Cards) -> Tuple[int, int]:
    hi, lo = made_scores(board)
    return max(hi), max(lo, default=0)


def flush_place(hole: Sequence[int], board: Sequence[int], on_board: int) -> int:
    """Smallest place over the suits on the board exactly `on_board` times that the hand holds
    two of: 1 + the ranks of that suit above the hand's top card of it, not on the board."""
    best = 0
    for s in range(4):
        mine = [c // 4 for c in hole if c % 4 == s]
        theirs = {c // 4 for c in board if c % 4 == s}
        if len(theirs) != on_board or len(mine) < 2:
            continue
        place = 1 + sum(1 for r in range(max(mine) + 1, 13) if r not in theirs)
        best = place if not best else min(best, place)
    return best


def classify_one(hole: Sequence[int], board: Sequence[int]) -> Dict[str, object]:
    hole, board = tuple(hole), tuple(board)
    made_hi, made_lo = made_scores(board)
    hi = best_hi(hole, board)
    lo = best_lo(hole, board)
    out = {
        "hi": hi,
        "category": hi_class_of_score(hi)[0],
        "nut_rank": 1 + sum(1 for s in made_hi if s > hi),
        "lo": lo,
        "nut_lo_rank": 0 if lo == 0 else 1 + sum(1 for s in made_lo if s > lo),
    }
    outs = [0] * 9
    nut_outs = straight_outs = lo_outs = nut_lo_outs = 0
    suit_counts = [sum(1 for c in board if c % 4 == s) for s in range(4)]
    flop_or_turn = len(board) < 5
    if flop_or_turn:
        for c in range(52):
            if c in board or c in hole:
                continue
            new = board + (c,)
            h2 = best_hi(hole, new)
            cat = hi_class_of_score(h2)[0]
            for j in range(cat + 1):
                outs[j] += 1
            nh, nl = nuts(new)
            nut_outs += h2 == nh
            straight_outs += makes_straight(hole, new)
            l2 = best_lo(hole, new)
            lo_outs += l2 > 0
            nut_lo_outs += l2 > 0 and l2 == nl
    fd = 0
    if flop_or_turn and 2 in suit_counts and max(suit_counts) < 3:
        fd = flush_place(hole, board, 2)
    out.update(outs=outs, nut_outs=nut_outs, straight_outs=straight_outs, lo_outs=lo_outs,
               nut_lo_outs=nut_lo_outs, flush_draw=fd,
               backdoor_flush=flush_place(hole, board, 1) if len(board) == 3 else 0)
    out["made"] = made_name(hi, board, made_hi)
    out["draws"] = draw_text(out)
    return out


def draw_text(f: Dict[str, object]) -> str:
    """The hi-lo draw names of docs/board.rst from the reference fields, joined by ' + '."""
    names = []
    fd, bd, so = int(f["flush_draw"]), int(f["backdoor_flush"]), int(f["straight_outs"])
    so = so if int(f["category"]) < STRAIGHT else 0
    names += ["nut flush draw"] if fd == 1 else ["second nut flush draw"] if fd == 2 else \
        ["flush draw"] if fd >= 3 else []
    names += ["backdoor nut flush draw"] if bd == 1 else ["backdoor flush draw"] if bd >= 2 else []
    names += [f"wrap ({so} outs)"] if so >= 9 else ["open-ended"] if so >= 5 else \
        ["gutshot"] if so >= 1 else []
    if f["lo"] == 0:
        names += ["nut low draw"] if f["nut_lo_outs"] else ["low draw"] if f["lo_outs"] else []
    return " + ".join(names)


# ---- the made-hand names, from docs/board.rst, written independently of the package ----

def _pair_name(r: int, board: Cards) -> str:
    counts = [c // 4 for c in board]
    distinct = sorted(set(counts), reverse=True)
    n = counts.count(r)
    if n >= 2:
        return "board pair"
    if n == 0:
        return "overpair" if r > distinct[0] else "underpair"
    i = distinct.index(r)
    return "top pair" if i == 0 else "bottom pair" if i == len(distinct) - 1 else "middle pair"


def made_name(hi: int, board: Cards, made_hi: FrozenSet[int]) -> str:
    cat, ranks = hi_class_of_score(hi)
    on = [c // 4 for c in board]
    distinct = sorted(set(on), reverse=True)
    best_of_cat = max(s for s in made_hi if hi_class_of_score(s)[0] == cat)
    nut = "nut " if hi == best_of_cat else ""
    if cat == 0:
        return "no made hand"
    if cat == 1:
        return _pair_name(ranks[0], board)
    if cat == 2:
        p, q = ranks[0], ranks[1]
        if on.count(p) == 1 and on.count(q) == 1:
            i, j, last = distinct.index(p), distinct.index(q), len(distinct) - 1
            if (i, j) == (0, 1):
                return "top two"
            if (i, j) == (0, last):
                return "top and bottom"
            if (i, j) == (last - 1, last):
                return "bottom two"
            return "two pair"
        if on.count(p) >= 2 and on.count(q) < 2:
            return _pair_name(q, board)
        if on.count(q) >= 2 and on.count(p) < 2:
            return _pair_name(p, board)
        return "two pair"
    if cat == 3:
        n = on.count(ranks[0])
        if n == 1:
            i = distinct.index(ranks[0])
            return "top set" if i == 0 else "bottom set" if i == len(distinct) - 1 else "middle set"
        return "trips" if n == 2 else "board trips"
    names = {4: "straight", 5: "flush", 6: "full house"}
    if cat in names:
        return nut + names[cat]
    return "quads" if cat == 7 else "straight flush"


def classify_many(holes: Sequence[Sequence[int]], board: Sequence[int]) -> List[Dict[str, object]]:
    return [classify_one(h, board) for h in holes]
