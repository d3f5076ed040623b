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

    Parameters
    ----------
    player : int
        The winner's index in the hand.
    amount : int
        Chips won.
    half : {'hi', 'lo', 'all'}
        The high half, the low half, or the whole pot uncontested.
    score : int, default 0
        The hi or lo score that won (0 when uncontested).
    hole, board : sequence of int
        The winner's hole cards and the board (card ids), from which :attr:`description`,
        :attr:`hole_cards` and :attr:`board_cards` are worked out on first use.

    Examples
    --------
    >>> from omaha_eval.game import GameConfig, Hand
    >>> hand = Hand(GameConfig.pot_limit(1, 2, game="hilo"), [100, 100], seed=5)
    >>> for _ in range(8): hand.check_or_call()  # checked down to the showdown
    >>> result = hand.result
    >>> award = result.pots[0].awards[0]
    >>> award
    Award(player=1, amount=4, half='hi', score=7221)
    >>> print(award)
    player 1 wins 4 (hi): Full house, eights full of jacks
    >>> award.to_dict()
    {'player': 1, 'amount': 4, 'half': 'hi', 'score': 7221, 'description': 'Full house, eights full of jacks', 'hole_cards': 'JhJs', 'board_cards': '8c8s8h'}
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
        """The winning hand in words (None when the pot was uncontested)."""
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
        """The two hole cards the winning hand uses (None when uncontested)."""
        best = self._best()
        return None if best is None else best[0]

    @property
    def board_cards(self) -> Optional[Tuple[int, ...]]:
        """The three board cards the winning hand uses (None when uncontested)."""
        best = self._best()
        return None if best is None else best[1]

    def to_dict(self) -> Dict[str, Any]:
        """The award as plain data (JSON-ready; cards as text).

        Returns
        -------
        dict
            ``player``, ``amount``, ``half`` and, for a showdown, ``score``, ``description``,
            ``hole_cards`` and ``board_cards``.

        Examples
        --------
        >>> from omaha_eval.game.results import Award
        >>> Award(1, 3, "all").to_dict()
        {'player': 1, 'amount': 3, 'half': 'all'}
        """
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
        # valid Python: Award(...) with these fields gives the same player, amount, half, score
        text = f"Award(player={self.player}, amount={self.amount}, half={self.half!r}"
        if self.half != ALL:
            text += f", score={self.score}"
        return text + ")"

    def __str__(self) -> str:
        if self.half == ALL:
            return f"player {self.player} wins {self.amount} uncontested"
        return f"player {self.player} wins {self.amount} ({self.half}): {self.description}"


class PotResult:
    """One pot and who won it.

    Parameters
    ----------
    index : int
        0 for the main pot, then the side pots.
    amount : int
        Chips in the pot.
    eligible : tuple of int
        Players who could win it.
    hi_amount, lo_amount : int
        The split (lo is 0 in hi games and when no low qualifies).
    awards : list of Award
        Who got what.

    Attributes
    ----------
    run : int
        Which run of the board (0 unless the board was run more than once).

    Examples
    --------
    >>> from omaha_eval.game import GameConfig, Hand
    >>> hand = Hand(GameConfig.pot_limit(1, 2, game="hilo"), [100, 100], seed=5)
    >>> for _ in range(8): hand.check_or_call()  # checked down to the showdown
    >>> result = hand.result
    >>> pot = result.pots[0]
    >>> pot.amount, pot.eligible, pot.hi_amount, pot.lo_amount, pot.winners
    (4, (0, 1), 4, 0, {1: 4})
    """
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
        """The pot as plain data (JSON-ready).

        Returns
        -------
        dict
            ``index``, ``run``, ``amount``, ``eligible``, ``hi_amount``, ``lo_amount`` and ``awards``.

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Hand
        >>> hand = Hand(GameConfig.pot_limit(1, 2, game="hilo"), [100, 100], seed=5)
        >>> for _ in range(8): hand.check_or_call()  # checked down to the showdown
        >>> result = hand.result
        >>> sorted(result.pots[0].to_dict())
        ['amount', 'awards', 'eligible', 'hi_amount', 'index', 'lo_amount', 'run']
        """
        return {"index": self.index, "run": self.run, "amount": self.amount, "eligible": list(self.eligible),
                "hi_amount": self.hi_amount, "lo_amount": self.lo_amount,
                "awards": [a.to_dict() for a in self.awards]}

    def __repr__(self) -> str:
        # valid Python: the constructor's arguments
        return (f"PotResult(index={self.index}, amount={self.amount}, eligible={self.eligible}, "
                f"hi_amount={self.hi_amount}, lo_amount={self.lo_amount}, awards={self.awards})")


class HandResult:
    """The outcome of a finished hand (:attr:`Hand.result`).

    Parameters
    ----------
    pots : list of PotResult
        Every pot, main pot first.
    returned : list of (int, int)
        Uncalled chips given back, as ``(player, amount)``.
    winnings : list of int
        Chips each player collected from pots.
    starting_stacks, finishing_stacks : list of int
        Stacks before the forced bets and after the hand.
    shown : dict of int to tuple of int
        The hole cards shown at showdown, by player.
    mucked : list of int
        Players who mucked.
    board : tuple of int
        The board (card ids).

    Examples
    --------
    >>> from omaha_eval.game import GameConfig, Hand
    >>> hand = Hand(GameConfig.pot_limit(1, 2, game="hilo"), [100, 100], seed=5)
    >>> for _ in range(8): hand.check_or_call()  # checked down to the showdown
    >>> result = hand.result
    >>> result.payoffs, result.winnings, sum(result.finishing_stacks)
    ([-2, 2], [0, 4], 200)
    >>> sorted(result.shown), result.mucked
    ([0, 1], [])
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
        """Chips won or lost by each player: finishing minus starting stack."""
        return [f - s for f, s in zip(self.finishing_stacks, self.starting_stacks)]

    def to_dict(self) -> Dict[str, Any]:
        """The result as plain data (JSON-ready; cards as text).

        Returns
        -------
        dict
            Stacks, payoffs, winnings, returned chips, the board, shown and mucked hands, and the pots.

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Hand
        >>> hand = Hand(GameConfig.pot_limit(1, 2, game="hilo"), [100, 100], seed=5)
        >>> for _ in range(8): hand.check_or_call()  # checked down to the showdown
        >>> result = hand.result
        >>> result.to_dict()["payoffs"]
        [-2, 2]
        """
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
        # too many fields to rebuild from a line: Python's <...> form, with what a reader wants
        pots = ", ".join(f"pot {p.index}: {p.amount} to {p.winners}" for p in self.pots)
        return f"<HandResult finishing_stacks={self.finishing_stacks}; {pots}>"
