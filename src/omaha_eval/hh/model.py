"""One site hand as read from the text, before any replay: what the site says happened."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, List, Optional, Tuple


@dataclass
class Seat:
    seat: int
    name: str
    stack: int
    line: int
    sitting_out: bool = False


@dataclass
class Post:
    """A forced bet as the text says it: ``kind`` is ante, small_blind, big_blind, straddle,
    missed (dead small blind part), small_and_big (both at once), small_out (small blind out of
    position, dead), big_out (big blind out of position, live)."""

    name: str
    kind: str
    amount: int
    line: int


@dataclass
class Action:
    """``verb``: fold, check, call, bet, raise (``amount`` is the street total for raise, the
    chips put in for call and bet)."""

    street: int
    name: str
    verb: str
    amount: int
    line: int


@dataclass
class SiteHand:
    """Everything the replay needs from one hand of a site export.

    Money fields are ints in units of :attr:`unit` (``"0.01"`` cash, ``"1"`` tournament chips).
    ``problems`` holds the reasons the hand cannot be replayed (cancelled, cut off, garbled).
    """

    site: str
    file: str
    line: int
    hand_id: str = ""
    variant: str = ""
    game: str = "hi"           # hi or hilo
    hole_cards: int = 4
    courchevel: bool = False
    limit: str = "pot"          # pot, no, pot-no (pot limit preflop), fixed
    omaha: bool = True
    tournament: bool = False
    scale: int = 100
    currency: str = ""
    small_blind: int = 0
    big_blind: int = 0
    small_bet: int = 0          # fixed limit: the stakes are the bets, the blinds come from posts
    big_bet: int = 0
    ante: int = 0
    table: str = ""
    max_seats: int = 0
    button_seat: int = 0
    seats: List[Seat] = field(default_factory=list)
    posts: List[Post] = field(default_factory=list)
    actions: List[Action] = field(default_factory=list)
    board: List[str] = field(default_factory=list)          # the board when run once
    run_boards: Dict[int, List[str]] = field(default_factory=dict)
    known: Dict[str, List[str]] = field(default_factory=dict)   # hole cards seen, by player
    partial: Dict[str, List[str]] = field(default_factory=dict)  # fewer cards than the hole
    showed: Dict[str, int] = field(default_factory=dict)     # player -> line of the full show
    mucked: Dict[str, int] = field(default_factory=dict)
    collected: Dict[str, int] = field(default_factory=dict)
    collect_lines: List[Tuple[str, int, str, int]] = field(default_factory=list)
    uncalled: Dict[str, int] = field(default_factory=dict)
    total_pot: Optional[int] = None
    rake: int = 0
    fees: Dict[str, int] = field(default_factory=dict)       # rake, jackpot, bingo, ... each
    added: int = 0                                            # house money (cash drop)
    cash_out: List[str] = field(default_factory=list)
    problems: List[Tuple[str, int]] = field(default_factory=list)
    has_summary: bool = False
    date: str = ""

    @property
    def unit(self) -> str:
        from .money import unit_text
        return unit_text(self.scale)

    @property
    def boards(self) -> List[List[str]]:
        """One board per run, in run order."""
        if self.run_boards:
            return [self.run_boards[r] for r in sorted(self.run_boards)]
        return [self.board]

    def names(self) -> List[str]:
        return [s.name for s in self.seats]
