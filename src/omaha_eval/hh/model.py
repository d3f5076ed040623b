"""One site hand as read from the text, before any replay: what the site says happened."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, List, NamedTuple, Optional, Tuple

#: A short hand in the PokerStars family's text (GGPoker's header): the examples read it.
SAMPLE_HAND = """Poker Hand #OM1: PLO ($0.5/$1) - 2020/06/13 13:15:53
Table 'T' 6-max Seat #1 is the button
Seat 1: A ($100 in chips)
Seat 2: B ($100 in chips)
A: posts small blind $0.5
B: posts big blind $1
*** HOLE CARDS ***
A: raises $2 to $3
B: folds
Uncalled bet ($2) returned to A
A collected $2 from pot
*** SUMMARY ***
Total pot $2 | Rake $0"""

# Seat, Post and Action are immutable records (named tuples, made at C speed: a hand holds
# dozens of them); SiteHand gathers them and stays a plain dataclass.


class Seat(NamedTuple):
    """A seat line: the seat number, the player's name as written, the stack in units, the
    file line, and whether the player is marked as sitting out."""

    seat: int
    name: str
    stack: int
    line: int
    sitting_out: bool = False


class Post(NamedTuple):
    """A forced bet as the text says it: ``kind`` is ante, small_blind, big_blind, straddle,
    missed (dead small blind part), small_and_big (both at once), small_out (small blind out of
    position, dead), big_out (big blind out of position, live)."""

    name: str
    kind: str
    amount: int
    line: int


class Action(NamedTuple):
    """``verb``: fold, check, call, bet, raise, allin (``amount`` is the street total for raise,
    the chips put in for call, bet and allin; an allin is a call or a raise as the bets
    stand)."""

    street: int
    name: str
    verb: str
    amount: int
    line: int


@dataclass
class SiteHand:
    """Everything the replay needs from one hand of a site export (:func:`read_text` builds it).

    Money fields are ints in units of :attr:`unit` (``"0.01"`` cash, ``"1"`` tournament chips).

    Attributes
    ----------
    site, file : str
        The site (``"pokerstars"``, ``"ggpoker"``, ``"winamax"``, ``"fulltilt"``,
        ``"888poker"``, ``"partypoker"``, ``"ipoker"``) and the file read.
    line : int
        The line of the hand's header (from 1).
    hand_id, variant, table, currency, date : str
        As the header says.
    game : {'hi', 'hilo'}
        The game.
    hole_cards : int
        4, 5 or 6.
    courchevel, omaha, tournament : bool
        Courchevel; an Omaha hand at all; tournament chips rather than cash.
    limit : str
        ``"pot"``, ``"no"``, ``"pot-no"`` (pot limit preflop) or ``"fixed"``.
    scale : int
        Money units per currency unit (100 for cash).
    small_blind, big_blind, small_bet, big_bet, ante : int
        The stakes (fixed limit: the bets; the blinds come from the posts).
    max_seats, button_seat : int
        The table's size and the button's seat.
    seats, posts, actions : list
        :class:`~omaha_eval.hh.model.Seat`, :class:`~omaha_eval.hh.model.Post` and
        :class:`~omaha_eval.hh.model.Action` records, in order.
    board : list of str
        The board when run once; ``run_boards``: by run when run more than once.
    run_boards : dict of int to list of str
        The boards of a hand run more than once.
    known, partial : dict of str to list of str
        Hole cards seen, by player (``partial``: fewer cards than the hole).
    showed, mucked : dict of str to int
        Players who showed or mucked, with the line.
    collected, uncalled, fees : dict of str to int
        What each player collected, got back uncalled; each fee (rake, jackpot, ...).
    collect_lines : list of tuple
        Each collect line: player, amount, pot, line.
    total_pot : int or None
        The summary's total pot.
    rake, added : int
        Rake taken and house money added (a cash drop).
    cash_out : list of str
        Lines of players cashing out (all-in insurance).
    problems : list of (str, int)
        Why the hand cannot be replayed (cancelled, cut off, garbled), with the line.
    has_summary : bool
        The hand has its summary section.
    rake_known : bool
        The text says the rake (a total pot and rake line); when False (888poker, the older
        PartyPoker format, iPoker) the replay takes the rake as what the players put in less
        what they collected.
    uncalled_in_collected : bool
        The site counts a returned uncalled bet in what the player collected (Winamax,
        PartyPoker, older iPoker exports).
    total_after_rake, total_has_uncalled : bool
        The summary's total pot is after the rake / includes the returned uncalled bet.
    run_collected : dict of int to dict of str to int
        What each player collected in each run of a hand run more than once, where the text
        says it by run.

    Examples
    --------
    >>> from omaha_eval.hh import SAMPLE_HAND, read_text
    >>> [hand] = read_text(SAMPLE_HAND)
    >>> hand.limit, hand.small_blind, hand.big_blind, hand.unit, hand.problems
    ('pot', 50, 100, '0.01', [])
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
    rake_known: bool = True
    uncalled_in_collected: bool = False
    total_after_rake: bool = False
    total_has_uncalled: bool = False
    run_collected: Dict[int, Dict[str, int]] = field(default_factory=dict)

    @property
    def unit(self) -> str:
        """The money unit as text: ``"0.01"`` for cash, ``"1"`` for tournament chips.

        """
        from .money import unit_text
        return unit_text(self.scale)

    @property
    def boards(self) -> List[List[str]]:
        """One board per run, in run order."""
        if self.run_boards:
            return [self.run_boards[r] for r in sorted(self.run_boards)]
        return [self.board]

    def names(self) -> List[str]:
        """The seated players' names, in seat order.

        Returns
        -------
        list of str
            As the seat lines name them.

        Examples
        --------
        >>> from omaha_eval.hh import SAMPLE_HAND, read_text
        >>> [hand] = read_text(SAMPLE_HAND)
        >>> hand.names()
        ['A', 'B']
        """
        return [s.name for s in self.seats]

