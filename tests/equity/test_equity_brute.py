"""A plainly written brute-force equity for the tests: every board, exact fractions.

Scores come from tests/reference.py (pure Python, shares nothing with the package). A pot is 1;
the high half goes to the best high hand(s), the low half to the best qualifying low(s), each
half split evenly among its winners, and the high hand(s) take everything when no low qualifies.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations
from typing import Sequence

import reference as ref



@dataclass
class BruteResult:
    boards: int
    equity: list[Fraction]
    hi_win: list[int] = field(default_factory=list)
    hi_tie: list[int] = field(default_factory=list)
    lo_win: list[int] = field(default_factory=list)
    lo_tie: list[int] = field(default_factory=list)
    scoop: list[int] = field(default_factory=list)


def settle(hi: Sequence[int], lo: Sequence[int] | None) -> tuple[list[Fraction], list[set[str]]]:
    """Shares of a pot of 1 and, per player, the set of events among hi_win, hi_tie, lo_win,
    lo_tie and scoop."""
    n = len(hi)
    best_hi = max(hi)
    hi_winners = [p for p in range(n) if hi[p] == best_hi]
    best_lo = max(lo) if lo else 0
    lo_winners = [p for p in range(n) if lo and best_lo > 0 and lo[p] == best_lo]
    shares = [Fraction(0)] * n
    events: list[set[str]] = [set() for _ in range(n)]
    hi_pot = Fraction(1, 2) if lo_winners else Fraction(1)
    for p in hi_winners:
        shares[p] += hi_pot / len(hi_winners)
        events[p].add("hi_win" if len(hi_winners) == 1 else "hi_tie")
    for p in lo_winners:
        shares[p] += Fraction(1, 2) / len(lo_winners)
        events[p].add("lo_win" if len(lo_winners) == 1 else "lo_tie")
    for p in range(n):
        if shares[p] == 1:
            events[p].add("scoop")
    return shares, events


def brute_equity(holes: Sequence[Sequence[int]], board: Sequence[int] = (),
                 dead: Sequence[int] = (), game: str = "hi") -> BruteResult:
    """Every completion of the board, each equally likely."""
    holes = [tuple(h) for h in holes]
    used = {c for h in holes for c in h} | set(board) | set(dead)
    assert len(used) == 4 * len(holes) + len(board) + len(dead), "duplicate card"
    deck = [c for c in range(52) if c not in used]
    n = len(holes)
    total = [Fraction(0)] * n
    counts = {k: [0] * n for k in ("hi_win", "hi_tie", "lo_win", "lo_tie", "scoop")}
    boards = 0
    for extra in combinations(deck, 5 - len(board)):
        full = tuple(board) + extra
        hi = [ref.omaha_hi(h, full) for h in holes]
        lo = [ref.omaha_lo(h, full) for h in holes] if game == "hilo" else None
        shares, events = settle(hi, lo)
        for p in range(n):
            total[p] += shares[p]
            for e in events[p]:
                counts[e][p] += 1
        boards += 1
    return BruteResult(boards, [t / boards for t in total], **counts)


# ---------------------------------------------------------------- the reference's own rules


def test_settle_quartered_low() -> None:
    # two players share the low, one of them wins the high: 3/4 and 1/4
    shares, events = settle([100, 50], [40, 40])
    assert shares == [Fraction(3, 4), Fraction(1, 4)]
    assert events == [{"hi_win", "lo_tie"}, {"lo_tie"}]


def test_settle_no_low_scoops() -> None:
    shares, events = settle([100, 50, 100], [0, 0, 0])
    assert shares == [Fraction(1, 2), 0, Fraction(1, 2)]
    assert events[0] == {"hi_tie"} and events[1] == set()


def test_settle_sole_winner_of_both_halves_scoops() -> None:
    shares, events = settle([100, 50, 20], [10, 30, 0])
    assert shares == [Fraction(1, 2), Fraction(1, 2), 0]
    shares, events = settle([100, 50, 20], [30, 10, 0])
    assert shares == [1, 0, 0] and "scoop" in events[0]


def test_brute_equity_river_is_one_showdown() -> None:
    r = brute_equity([ref.cards("AsKsQsJs"), ref.cards("2c2d3h3c")], ref.cards("Ts9s2h7d8c"))
    assert r.boards == 1 and r.equity == [1, 0]
