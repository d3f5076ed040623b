"""An independent brute-force oracle for queries: plain Python over every deal of a small spot.

It shares nothing with ``omaha_eval.query``: deals come from ``itertools``, hands are scored
by the tests' reference evaluator (``tests/reference.py``) straight from the rules, each
function is written from its documented meaning. Spots are small (fixed hands or a few
explicit holdings, a flop or a later board), so a full enumeration takes well under a second.
"""

from __future__ import annotations

import itertools
import sys
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Callable, Dict, List, Optional, Sequence, Tuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import reference as ref  # noqa: E402

STREET = {"preflop": 0, "flop": 3, "turn": 4, "river": 5}
HAND_TYPES = ("highcard", "pair", "twopair", "trips", "straight", "flush", "fullhouse",
              "quads", "straightflush")

Hand = Tuple[int, ...]


def best_hi(hole: Sequence[int], board: Sequence[int]) -> int:
    """Best high score with exactly two hole and three board cards (any board of 3-5 cards)."""
    return max(ref.hi_score(tuple(p) + tuple(t)) for p in itertools.combinations(hole, 2)
               for t in itertools.combinations(board, 3))


def best_lo(hole: Sequence[int], board: Sequence[int]) -> int:
    return max(ref.lo_score(tuple(p) + tuple(t)) for p in itertools.combinations(hole, 2)
               for t in itertools.combinations(board, 3))


def category(score: int) -> int:
    return ref.hi_class_of_score(score)[0]


@lru_cache(maxsize=None)
def nut_hi(board: Tuple[int, ...]) -> int:
    rest = [c for c in range(52) if c not in board]
    return max(best_hi(pair, board) for pair in itertools.combinations(rest, 2))


@lru_cache(maxsize=None)
def nut_lo(board: Tuple[int, ...]) -> int:
    rest = [c for c in range(52) if c not in board]
    return max(best_lo(pair, board) for pair in itertools.combinations(rest, 2))


@lru_cache(maxsize=None)
def outs(hole: Hand, board: Tuple[int, ...], want: int) -> int:
    """Unseen next cards (not on the board, not in the hand) giving at least category want."""
    unseen = [c for c in range(52) if c not in board and c not in hole]
    return sum(category(best_hi(hole, board + (c,))) >= want for c in unseen)


def shares(holes: Sequence[Hand], board: Sequence[int], hilo: bool) -> List[float]:
    hi = [ref.omaha_hi(h, board) for h in holes]
    winners = [i for i, s in enumerate(hi) if s == max(hi)]
    out = [0.0] * len(holes)
    if hilo:
        lo = [ref.omaha_lo(h, board) for h in holes]
        if max(lo) > 0:
            low_winners = [i for i, s in enumerate(lo) if s == max(lo)]
            for i in winners:
                out[i] += 0.5 / len(winners)
            for i in low_winners:
                out[i] += 0.5 / len(low_winners)
            return out
    for i in winners:
        out[i] += 1.0 / len(winners)
    return out


@lru_cache(maxsize=None)
def street_equity(holes: Tuple[Hand, ...], known: Tuple[int, ...], dead: Tuple[int, ...],
                  hilo: bool) -> Tuple[float, ...]:
    """Each player's share averaged over every completion of the known board (none known:
    every board from the cards that are neither held nor dead)."""
    used = set(known) | set(dead) | {c for h in holes for c in h}
    rest = [c for c in range(52) if c not in used]
    total = [0.0] * len(holes)
    n = 0
    for extra in itertools.combinations(rest, 5 - len(known)):
        for i, s in enumerate(shares(holes, known + extra, hilo)):
            total[i] += s
        n += 1
    return tuple(t / n for t in total)


def has_set(hole: Sequence[int], board: Sequence[int]) -> bool:
    """A set: the best high hand is three of a kind, made with a pair in the hand and one card
    of its rank on the board."""
    if category(best_hi(hole, board)) != HAND_TYPES.index("trips"):
        return False
    ranks = [ref.rank(c) for c in hole]
    on_board = [ref.rank(c) for c in board]
    return any(ranks.count(r) >= 2 and on_board.count(r) == 1 for r in set(ranks))


@dataclass
class Deal:
    """One deal: the players' hands, the whole board, the dead cards, the game, its weight
    (the product of the holdings' weights)."""

    holes: Tuple[Hand, ...]
    board: Tuple[int, ...]
    dead: Tuple[int, ...]
    hilo: bool
    weight: float = 1.0

    def hi(self) -> List[int]:
        return [ref.omaha_hi(h, self.board) for h in self.holes]

    def lo(self) -> List[int]:
        return [ref.omaha_lo(h, self.board) for h in self.holes]

    def _alone(self, scores: List[int], p: int, alone: bool) -> bool:
        best = max(scores)
        if best == 0 or scores[p] != best:
            return False
        many = scores.count(best) > 1
        return not many if alone else many

    def winsHi(self, p: int) -> bool:
        return self._alone(self.hi(), p, True)

    def tiesHi(self, p: int) -> bool:
        return self._alone(self.hi(), p, False)

    def winsLo(self, p: int) -> bool:
        return self._alone(self.lo(), p, True)

    def tiesLo(self, p: int) -> bool:
        return self._alone(self.lo(), p, False)

    def scoops(self, p: int) -> bool:
        if not self.hilo:
            return self.winsHi(p)
        return self.winsHi(p) and (max(self.lo()) == 0 or self.winsLo(p))

    def riverEquity(self, p: int) -> float:
        return shares(self.holes, self.board, self.hilo)[p]

    def HvHequity(self, p: int, street: str) -> float:
        n = STREET[street]
        if n == 5:
            return self.riverEquity(p)
        return street_equity(self.holes, self.board[:n], self.dead, self.hilo)[p]

    def minHvHEquity(self, p: int, street: str) -> float:
        """The lowest HvHequity from the flop up to the street; preflop: the preflop one."""
        names = ["preflop"] if street == "preflop" else \
            [s for s in ("flop", "turn", "river") if STREET[s] <= STREET[street]]
        return min(self.HvHequity(p, s) for s in names)

    def handType(self, p: int, street: str) -> str:
        return HAND_TYPES[category(best_hi(self.holes[p], self.board[:STREET[street]]))]

    def winningHandType(self) -> str:
        return HAND_TYPES[category(max(self.hi()))]

    def nutHi(self, p: int, street: str) -> bool:
        b = self.board[:STREET[street]]
        return best_hi(self.holes[p], b) == nut_hi(tuple(b))

    def nutLo(self, p: int, street: str) -> bool:
        b = self.board[:STREET[street]]
        mine = best_lo(self.holes[p], b)
        return mine > 0 and mine == nut_lo(tuple(b))

    def outsToHandType(self, p: int, street: str, handtype: str) -> int:
        n = STREET[street]
        if n == 5:
            return 0
        return outs(self.holes[p], self.board[:n], HAND_TYPES.index(handtype))

    def boardSuitCount(self, street: str) -> int:
        return len({ref.suit(c) for c in self.board[:STREET[street]]})

    def inRange(self, p: int, hands: Sequence[str]) -> bool:
        return set(self.holes[p]) in [set(ref.cards(h)) for h in hands]

    def turnCard(self) -> str:
        return ref.card_text(self.board[3])

    def riverCard(self) -> str:
        return ref.card_text(self.board[4])


@dataclass
class Spot:
    """Players as lists of explicit hands (None: any hand), a known board, dead cards."""

    players: List[Optional[List[str]]]  # a hand may carry a weight: "AsAhKsKh:2"
    board: str = ""
    dead: str = ""
    hole: int = 4
    hilo: bool = False

    def deals(self) -> List[Deal]:
        board = tuple(ref.cards(self.board)) if self.board else ()
        dead = tuple(ref.cards(self.dead)) if self.dead else ()
        out: List[Deal] = []
        ranged = [[_weighted(h) for h in hs] if hs is not None else None for hs in self.players]
        known = set(board) | set(dead)
        fixed_lists = [r if r is not None else [(None, 1.0)] for r in ranged]
        for combo in itertools.product(*fixed_lists):
            hands = [h for h, _ in combo]
            cards = [c for h in hands if h is not None for c in h]
            if len(set(cards)) != len(cards) or known & set(cards):
                continue
            weight = 1.0
            for _, w in combo:
                weight *= w
            start = len(out)
            self._complete(hands, known | set(cards), board, dead, out)
            for d in out[start:]:
                d.weight = weight
        return out

    def _complete(self, combo: List[Optional[Hand]], used: set, board: Tuple[int, ...],
                  dead: Tuple[int, ...], out: List[Deal]) -> None:
        if None in combo:
            i = combo.index(None)
            rest = [c for c in range(52) if c not in used]
            for hand in itertools.combinations(rest, self.hole):
                combo[i] = hand
                self._complete(combo, used | set(hand), board, dead, out)
            combo[i] = None
            return
        rest = [c for c in range(52) if c not in used]
        for extra in itertools.combinations(rest, 5 - len(board)):
            out.append(Deal(tuple(h for h in combo if h is not None), board + extra, dead,
                            self.hilo))


def _weighted(text: str) -> Tuple[Hand, float]:
    hand, _, weight = text.partition(":")
    return tuple(ref.cards(hand)), float(weight) if weight else 1.0


@dataclass
class Column:
    kind: str
    fn: Callable[[Deal], object]


@dataclass
class Answer:
    trials: int
    columns: Dict[str, dict] = field(default_factory=dict)


def _label(v: object) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return str(int(v)) if float(v).is_integer() else format(float(v), ".10g")
    return str(v)


def answer(spot: Spot, columns: Dict[str, Column],
           where: Optional[Callable[[Deal], bool]] = None) -> Answer:
    """Every column over every deal that passes ``where`` (each deal counts once)."""
    deals = [d for d in spot.deals() if where is None or where(d)]
    out = Answer(len(deals))
    total = sum(d.weight for d in deals)
    for name, col in columns.items():
        values = [col.fn(d) for d in deals]
        if col.kind == "count":
            hits = sum(bool(v) for v in values)
            value = sum(d.weight for d, v in zip(deals, values) if v) / total
            out.columns[name] = {"value": value, "count": hits}
        elif col.kind == "avg":
            value = sum(d.weight * float(v) for d, v in zip(deals, values)) / total
            out.columns[name] = {"value": value, "count": len(values)}
        else:
            bins: Dict[str, float] = {}
            for d, v in zip(deals, values):
                bins[_label(v)] = bins.get(_label(v), 0.0) + d.weight
            out.columns[name] = {"bins": {k: c / total for k, c in bins.items()},
                                 "count": len(values)}
    return out
