"""What a finished hand reports: per pot who won what with which hand, and the final stacks."""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence, Tuple

import numpy as np

from ..cards import format_cards
from ..evaluate import best_hi_cards, best_lo_cards, describe_hi, describe_lo

HI = "hi"
LO = "lo"
ALL = "all"  # won without a showdown (everyone else folded, or the only player left in a side pot)


class Award:
    """Chips from one pot (or one half of it) to one player.

    ``half`` is "hi", "lo" or "all" (uncontested). ``score`` is the hi or lo score that won
    (0 when uncontested). ``description`` and ``hole_cards`` / ``board_cards`` (the two hole and
    three board cards used) are worked out on first use.
    """

    __slots__ = ("player", "amount", "half", "score", "_hole", "_board")

    def __init__(self, player: int, amount: int, half: str, score: int = 0,
                 hole: Sequence[int] = (), board: Sequence[int] = ()) -> None:
        self.player = player
        self.amount = amount
        self.half = half
        self.score = score
        self._hole = tuple(hole)
        self._board = tuple(board)

    @property
    def description(self) -> Optional[str]:
        if self.half == HI:
            return describe_hi(self.score)
        if self.half == LO:
            return describe_lo(self.score)
        return None

    def _best(self) -> Optional[Tuple[Tuple[int, ...], Tuple[int, ...]]]:
        if self.half == ALL or len(self._board) != 5:
            return None
        hole = np.array(self._hole, dtype=np.uint8)
        board = np.array(self._board, dtype=np.uint8)
        best = best_hi_cards(hole, board) if self.half == HI else best_lo_cards(hole, board)
        if best is None:
            return None
        return tuple(best[0].tolist()), tuple(best[1].tolist())

    @property
    def hole_cards(self) -> Optional[Tuple[int, ...]]:
        best = self._best()
        return None if best is None else best[0]

    @property
    def board_cards(self) -> Optional[Tuple[int, ...]]:
        best = self._best()
        return None if best is None else best[1]

    def to_dict(self) -> Dict[str, Any]:
        out: Dict[str, Any] = {"player": self.player, "amount": self.amount, "half": self.half}
        if self.half != ALL:
            best = self._best()
            out["score"] = self.score
            out["description"] = self.description
            if best is not None:
                out["hole_cards"] = format_cards(list(best[0]))
                out["board_cards"] = format_cards(list(best[1]))
        return out

    def __repr__(self) -> str:
        text = f"Award(player={self.player}, amount={self.amount}, half={self.half!r}"
        if self.half != ALL:
            text += f", {self.description!r}"
        return text + ")"


class PotResult:
    """One pot: ``index`` (0 = main pot), ``amount``, ``eligible`` players, the split
    (``hi_amount``, ``lo_amount``; lo is 0 in hi games and when no low qualifies) and ``awards``."""

    __slots__ = ("index", "amount", "eligible", "hi_amount", "lo_amount", "awards", "run")

    def __init__(self, index: int, amount: int, eligible: Tuple[int, ...], hi_amount: int,
                 lo_amount: int, awards: List[Award]) -> None:
        self.index = index
        self.amount = amount
        self.eligible = eligible
        self.hi_amount = hi_amount
        self.lo_amount = lo_amount
        self.awards = awards
        self.run = 0  # which run of the board (0 unless the board was run more than once)

    @property
    def winners(self) -> Dict[int, int]:
        """Chips won from this pot, by player."""
        out: Dict[int, int] = {}
        for award in self.awards:
            out[award.player] = out.get(award.player, 0) + award.amount
        return out

    def to_dict(self) -> Dict[str, Any]:
        return {"index": self.index, "run": self.run, "amount": self.amount, "eligible": list(self.eligible),
                "hi_amount": self.hi_amount, "lo_amount": self.lo_amount,
                "awards": [a.to_dict() for a in self.awards]}

    def __repr__(self) -> str:
        return (f"PotResult(index={self.index}, amount={self.amount}, eligible={self.eligible}, "
                f"awards={self.awards})")


class HandResult:
    """The outcome of a finished hand.

    ``pots``: list of :class:`PotResult`; ``returned``: uncalled chips given back, as
    ``(player, amount)``; ``winnings``: chips each player collected from pots;
    ``starting_stacks`` / ``finishing_stacks``; ``payoffs``: finishing minus starting;
    ``shown``: the hole cards shown at showdown by player; ``mucked``: players who mucked.
    """

    __slots__ = ("pots", "returned", "winnings", "starting_stacks", "finishing_stacks", "shown",
                 "mucked", "board")

    def __init__(self, pots: List[PotResult], returned: List[Tuple[int, int]], winnings: List[int],
                 starting_stacks: List[int], finishing_stacks: List[int],
                 shown: Dict[int, Tuple[int, ...]], mucked: List[int], board: Tuple[int, ...]) -> None:
        self.pots = pots
        self.returned = returned
        self.winnings = winnings
        self.starting_stacks = starting_stacks
        self.finishing_stacks = finishing_stacks
        self.shown = shown
        self.mucked = mucked
        self.board = board

    @property
    def payoffs(self) -> List[int]:
        return [f - s for f, s in zip(self.finishing_stacks, self.starting_stacks)]

    def to_dict(self) -> Dict[str, Any]:
        return {
            "starting_stacks": list(self.starting_stacks),
            "finishing_stacks": list(self.finishing_stacks),
            "payoffs": self.payoffs,
            "winnings": list(self.winnings),
            "returned": [{"player": p, "amount": a} for p, a in self.returned],
            "board": format_cards(list(self.board)) if self.board else "",
            "shown": {str(p): format_cards(list(c)) for p, c in sorted(self.shown.items())},
            "mucked": list(self.mucked),
            "pots": [p.to_dict() for p in self.pots],
        }

    def __repr__(self) -> str:
        return f"HandResult(finishing_stacks={self.finishing_stacks}, pots={self.pots})"
