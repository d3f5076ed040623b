"""A table: seats, players who come and go, and hand after hand with the rules around the hand.

::

    table = Table(GameConfig.fixed_limit(2, 4, game="hilo"), TableRules(kill="kill"), seed=1)
    table.sit(0, "ann", 200); table.sit(3, "bob", 200); table.sit(5, "cy", 200)
    hand = table.start_hand()           # a Hand of the game, players = table.plan.seats
    while not hand.is_over:
        hand.check_or_call()            # or fold / bet / raise_to / all_in, as the Hand allows
    record = table.finish_hand()        # stacks back to the seats; kill, history, positions

The button and blind rules live in :mod:`~omaha_eval.game.seating` (:func:`plan_hand`, a pure
function); this module applies a plan to a :class:`~omaha_eval.game.Hand`, carries the stacks,
offers the chop, detects kills and keeps the history (each hand exportable as PHH with seat
numbers and the table's state). Save and resume: :mod:`~omaha_eval.game.session`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

import numpy as np

from .._args import is_int
from .config import BIG_BLIND, SMALL_BLIND, GameConfig, Post
from .hand import Hand, LegalActions
from .phh import hand_to_phh
from .results import ALL, HI, LO, HandResult
from .structures import MAX_CHIPS
from .seating import (HandPlan, PendingKill, Positions, SeatedPlayer, TableError, TableRules,
                      apply_plan, plan_hand)

__all__ = ["Table", "HandRecord", "TableError", "TableRules"]


@dataclass
class HandRecord:
    """One hand of a table session (:meth:`Table.finish_hand` returns it; :attr:`Table.history` keeps them).

    Attributes
    ----------
    plan : HandPlan
        What the table decided before the deal.
    hand : Hand
        The hand itself.
    names : tuple of str
        The players' names, in hand order.
    table_state : list of dict or None
        Per seat at the start of the hand: name, stack and mark (None for an empty seat).
    table_name : str
        The table's name.
    seat_count : int
        Seats at the table.
    chopped : bool
        The blinds took their blinds back.
    kill_earned : int or None
        The seat that earned a kill for the next hand.
    finishing : dict of int to int
        Stacks after the hand, by seat.

    Examples
    --------
    >>> from omaha_eval.game import GameConfig, Table
    >>> table = Table(GameConfig.pot_limit(1, 2), seed=3, name="demo")
    >>> _ = table.sit(0, "ann", 100); _ = table.sit(1, "bob", 100)
    >>> table.start_hand().fold()
    >>> record = table.finish_hand()
    >>> record.number, record.names, record.finishing, record.result.payoffs
    (1, ('ann', 'bob'), {0: 99, 1: 101}, [-1, 1])
    """
    plan: HandPlan
    hand: Hand
    names: Tuple[str, ...]
    table_state: List[Optional[Dict[str, Any]]]
    table_name: str
    seat_count: int
    chopped: bool = False
    kill_earned: Optional[int] = None
    finishing: Dict[int, int] = field(default_factory=dict)

    def __repr__(self) -> str:
        # the plan, the hand and the table's state are long: Python's <...> form, one line
        state = f"finishing={self.finishing}" if self.hand.is_over else "in progress"
        return f"<HandRecord {self.table_name!r} hand {self.number}: {', '.join(self.names)}; {state}>"

    @property
    def number(self) -> int:
        """The hand's number at the table (from 1).

        """
        return self.plan.number

    @property
    def result(self) -> Optional[HandResult]:
        """The hand's :class:`HandResult` (None while it is being played).

        """
        return self.hand.result

    def to_phh(self, *, cards_per_action: bool = False) -> str:
        """The hand as PHH text, with the table's fields.

        Standard fields: ``table``, ``hand``, ``seat_count``, ``seats`` (1-based seat of each player),
        ``players``; our own: ``_button_seat`` (1-based), ``_dead_button``, ``_stakes`` ``[num, den]``,
        ``_killer_seat``, ``_chopped``, ``_table_names`` / ``_table_stacks`` / ``_table_marks`` (every
        seat at the start of the hand, "" and 0 for an empty seat).

        Parameters
        ----------
        cards_per_action : bool, default False
            One ``d dh`` action per hole card (default: one per player, ``d dh p1 AsKd7h2c``).

        Returns
        -------
        str
            TOML text that :func:`~omaha_eval.game.phh.hand_from_phh` reads back.

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Table
        >>> table = Table(GameConfig.pot_limit(1, 2), seed=3, name="demo")
        >>> _ = table.sit(0, "ann", 100); _ = table.sit(1, "bob", 100)
        >>> table.start_hand().fold()
        >>> record = table.finish_hand()
        >>> text = record.to_phh()
        >>> [line for line in text.splitlines() if line.startswith(("players", "seats", "actions"))]
        ["actions = ['d dh p1 3s9s5s9h', 'd dh p2 5dAh8h3h', 'p2 f']", 'seats = [2, 1]', "players = ['bob', 'ann']"]
        """
        hand, plan = self.hand, self.plan
        n = hand.n_players
        order = [(hand.button + 1 + k) % n for k in range(n)]  # PHH p1..pN
        extra: Dict[str, Any] = {
            "table": self.table_name,
            "hand": plan.number,
            "seat_count": self.seat_count,
            "seats": [plan.seats[i] + 1 for i in order],
            "players": [self.names[i] for i in order],
            "_button_seat": plan.button + 1,
            "_dead_button": plan.dead_button,
            "_stakes": list(plan.stakes),
            "_table_names": [s["name"] if s else "" for s in self.table_state],
            "_table_stacks": [s["stack"] if s else 0 for s in self.table_state],
            "_table_marks": [s["mark"] if s else "" for s in self.table_state],
        }
        if plan.killer is not None:
            extra["_killer_seat"] = plan.killer + 1
        if self.chopped:
            extra["_chopped"] = True
        return hand_to_phh(hand, cards_per_action=cards_per_action, extra=extra)


Policy = Callable[["Table", int, LegalActions], Tuple[Any, ...]]


class Table:
    """Up to ten seats playing hand after hand (see the module docstring).

    Parameters
    ----------
    config : GameConfig
        The game.
    rules : TableRules, optional
        The table's optional rules (seats, chops, straddles, kill games, ...).
    seed : int, optional
        Each hand's deck is shuffled from ``(seed, hand number)``, so a resumed session deals
        the same cards (None: a random seed, kept).
    button : int, optional
        The first hand's button seat (default the first seat with a player).
    name : str, default "table"
        The table's name in histories.
    keep_history : bool, default True
        Keep every :class:`HandRecord` (False keeps only the last one).
    seat_base : int, default 0
        Added to seat indices where a hand names seats in its messages. Seats count from 0 in
        the API and, by default, in messages too.

    Raises
    ------
    TableError
        A bad config, rules, seed or button.

    Examples
    --------
    >>> from omaha_eval.game import GameConfig, Table
    >>> table = Table(GameConfig.pot_limit(1, 2), seed=3)
    >>> _ = table.sit(0, "ann", 100); _ = table.sit(1, "bob", 100)
    >>> hand = table.start_hand()
    >>> seat = table.actor_seat  # hand players are indices of table.plan.seats
    >>> seat, hand.legal_actions().describe(f"seat {seat}")
    (0, 'seat 0 to act: fold, call 1 or raise to 4..6')
    >>> hand.fold()
    >>> record = table.finish_hand()
    >>> record.number, table.stacks()
    (1, {0: 99, 1: 101})
    """

    def __init__(self, config: GameConfig, rules: Optional[TableRules] = None, *,
                 seed: Optional[int] = None, button: Optional[int] = None, name: str = "table",
                 keep_history: bool = True, seat_base: int = 0) -> None:
        if not isinstance(config, GameConfig):
            raise TableError(f"config must be a GameConfig, got {config!r}")
        rules = TableRules() if rules is None else rules
        if not isinstance(rules, TableRules):
            raise TableError(f"rules must be TableRules, got {rules!r}")
        if seed is None:
            seed = int(np.random.SeedSequence().entropy % (1 << 63))  # type: ignore[operator]
        if not is_int(seed) or seed < 0:
            raise TableError(f"seed must be a non-negative int, got {seed!r}")
        if button is not None and (not is_int(button) or not 0 <= button < rules.seats):
            raise TableError(f"button must be a seat 0..{rules.seats - 1}, got {button!r}")
        if not isinstance(name, str):
            raise TableError(f"name must be a string, got {name!r}")
        if not is_int(seat_base):
            raise TableError(f"seat_base must be an int, got {seat_base!r}")
        self.config = config
        self.rules = rules
        self.name = name
        self.seed = seed
        self.first_button = button
        self.keep_history = keep_history
        self.seat_base = seat_base
        self._seats: List[Optional[SeatedPlayer]] = [None] * rules.seats
        self._positions = Positions()
        self._pending_kill: Optional[PendingKill] = None
        self._next_pid = 1
        self._plan: Optional[HandPlan] = None
        self._hand: Optional[Hand] = None
        self._record: Optional[HandRecord] = None
        self._finished = True
        self.history: List[HandRecord] = []
        self.bought_in = 0
        self.cashed_out = 0

    # ---- seats and players ----

    @property
    def n_seats(self) -> int:
        """The number of seats."""
        return len(self._seats)

    def _check_seat(self, seat: object) -> int:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.n_seats:
            raise TableError(f"seat must be 0..{self.n_seats - 1}, got {seat!r}")
        return seat

    def _player(self, seat: object) -> SeatedPlayer:
        s = self._check_seat(seat)
        p = self._seats[s]
        if p is None:
            raise TableError(f"seat {s} is empty")
        return p

    def player(self, seat: int) -> Optional[SeatedPlayer]:
        """The player in ``seat`` (None if empty). Treat it as read-only: use the table's methods.

        Parameters
        ----------
        seat : int
            A seat index (0 .. n_seats - 1).

        Returns
        -------
        SeatedPlayer or None
            None for an empty seat.

        Raises
        ------
        TableError
            A bad seat index.

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Table
        >>> table = Table(GameConfig.pot_limit(1, 2), seed=3)
        >>> _ = table.sit(0, "ann", 100); _ = table.sit(1, "bob", 100)
        >>> table.player(0).name, table.player(0).stack, table.player(2)
        ('ann', 100, None)
        """
        return self._seats[self._check_seat(seat)]

    @property
    def seats(self) -> Tuple[Optional[SeatedPlayer], ...]:
        """The player in each seat (None for an empty seat)."""
        return tuple(self._seats)

    def stacks(self) -> Dict[int, int]:
        """Chips in front of each occupied seat (between hands; during a hand, as it started).

        Returns
        -------
        dict of int to int
            Seat -> chips.

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Table
        >>> table = Table(GameConfig.pot_limit(1, 2), seed=3)
        >>> _ = table.sit(0, "ann", 100); _ = table.sit(1, "bob", 100)
        >>> table.stacks()
        {0: 100, 1: 100}
        """
        return {s: p.stack for s, p in enumerate(self._seats) if p is not None}

    def total_chips(self) -> int:
        """All chips at the table (between hands; during a hand, as it started).

        Returns
        -------
        int
            The sum of the stacks.

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Table
        >>> table = Table(GameConfig.pot_limit(1, 2), seed=3)
        >>> _ = table.sit(0, "ann", 100); _ = table.sit(1, "bob", 100)
        >>> table.total_chips()
        200
        """
        return sum(p.stack for p in self._seats if p is not None)

    def _in_running_hand(self, seat: int) -> bool:
        return (self._hand is not None and not self._finished and self._plan is not None
                and seat in self._plan.seats)

    def sit(self, seat: int, name: str, stack: int, *, post_now: bool = False,
            sitting_out: bool = False) -> SeatedPlayer:
        """A new player sits down in an empty seat with ``stack`` chips.

        They owe a big blind: ``post_now`` posts it as soon as their position allows; otherwise they
        wait for the big blind (sitting in the big blind they just play). Before the first hand
        nobody owes anything.

        Parameters
        ----------
        seat : int
            A seat index (0 .. n_seats - 1).
        name : str
            A non-empty name, unique at the table.
        stack : int
            Chips (positive; the table total stays within the chip limit of 2**62).
        post_now : bool, default False
            Post the owed big blind as soon as possible.
        sitting_out : bool, default False
            Sit down but sit out.

        Returns
        -------
        SeatedPlayer
            The new player (read-only: use the table's methods).

        Raises
        ------
        TableError
            The seat is taken or out of range, the name is taken or empty, a bad stack.

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Table
        >>> table = Table(GameConfig.pot_limit(1, 2), seed=3)
        >>> table.sit(0, "ann", 100).name
        'ann'
        >>> table.sit(0, "bob", 100)
        Traceback (most recent call last):
            ...
        omaha_eval.errors.TableError: seat 0 is taken by ann
        """
        s = self._check_seat(seat)
        taken = self._seats[s]
        if taken is not None:
            raise TableError(f"seat {s} is taken by {taken.name}")
        if not isinstance(name, str) or not name:
            raise TableError(f"name must be a non-empty string, got {name!r}")
        if not is_int(stack) or stack <= 0:
            raise TableError(f"stack must be a positive int, got {stack!r}")
        self._check_chip_limit(stack)
        player = SeatedPlayer(name, stack, self._next_pid, sitting_out=bool(sitting_out),
                              post_now=bool(post_now))
        self._next_pid += 1
        self._seats[s] = player
        self.bought_in += stack
        return player

    def leave(self, seat: int) -> int:
        """The player stands up and takes their chips; not while in a hand.

        Parameters
        ----------
        seat : int
            A seat index (0 .. n_seats - 1).

        Returns
        -------
        int
            The chips they take.

        Raises
        ------
        TableError
            A bad or empty seat, or a player in the hand being played; the table is unchanged.

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Table
        >>> table = Table(GameConfig.pot_limit(1, 2), seed=3)
        >>> _ = table.sit(0, "ann", 100); _ = table.sit(1, "bob", 100)
        >>> table.leave(1), table.player(1)
        (100, None)
        """
        p = self._player(seat)
        if self._in_running_hand(seat):
            raise TableError(f"seat {seat} ({p.name}) is in the hand being played; leave after it")
        self._seats[seat] = None
        self.cashed_out += p.stack
        return p.stack

    def sit_out(self, seat: int) -> None:
        """From the next hand on, the player is not dealt in (blinds passing them are missed).

        Parameters
        ----------
        seat : int
            A seat index (0 .. n_seats - 1).

        Raises
        ------
        TableError
            A bad or empty seat.

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Table
        >>> table = Table(GameConfig.pot_limit(1, 2), seed=3)
        >>> _ = table.sit(0, "ann", 100); _ = table.sit(1, "bob", 100)
        >>> table.sit_out(1)
        >>> table.can_start()
        False
        """
        self._player(seat).sitting_out = True

    def sit_in(self, seat: int, *, post_now: Optional[bool] = None) -> None:
        """The player comes back in.

        Owed blinds (missed big or small blinds) are paid when ``post_now`` (as soon as the position
        allows), or they wait for the big blind.

        Parameters
        ----------
        seat : int
            A seat index (0 .. n_seats - 1).
        post_now : bool, optional
            Pay owed blinds at once (default: keep the player's setting).

        Raises
        ------
        TableError
            A bad or empty seat.

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Table
        >>> table = Table(GameConfig.pot_limit(1, 2), seed=3)
        >>> _ = table.sit(0, "ann", 100); _ = table.sit(1, "bob", 100)
        >>> table.sit_out(1)
        >>> table.player(1).sitting_out
        True
        >>> table.sit_in(1)
        >>> table.player(1).sitting_out
        False
        """
        p = self._player(seat)
        p.sitting_out = False
        if post_now is not None:
            p.post_now = bool(post_now)

    def set_post_now(self, seat: int, post_now: bool = True) -> None:
        """Whether the player pays owed blinds at once (True) or waits for the big blind.

        Parameters
        ----------
        seat : int
            A seat index (0 .. n_seats - 1).
        post_now : bool, default True
            Pay as soon as the position allows.

        Raises
        ------
        TableError
            A bad or empty seat.

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Table
        >>> table = Table(GameConfig.pot_limit(1, 2), seed=3)
        >>> _ = table.sit(0, "ann", 100); _ = table.sit(1, "bob", 100)
        >>> table.set_post_now(1, False)
        >>> table.player(1).post_now
        False
        """
        self._player(seat).post_now = bool(post_now)

    def add_chips(self, seat: int, amount: int) -> None:
        """A rebuy or top-up between hands (not while the player is in a hand).

        Parameters
        ----------
        seat : int
            A seat index (0 .. n_seats - 1).
        amount : int
            Chips to add (positive; the table total stays within the chip limit of 2**62).

        Raises
        ------
        TableError
            A bad or empty seat, or a player in the hand being played; the table is unchanged.

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Table
        >>> table = Table(GameConfig.pot_limit(1, 2), seed=3)
        >>> _ = table.sit(0, "ann", 100); _ = table.sit(1, "bob", 100)
        >>> table.add_chips(1, 50)
        >>> table.stacks()
        {0: 100, 1: 150}
        """
        p = self._player(seat)
        if not is_int(amount) or amount <= 0:
            raise TableError(f"amount must be a positive int, got {amount!r}")
        if self._in_running_hand(seat):
            raise TableError(f"seat {seat} ({p.name}) is in the hand being played; add chips after it")
        self._check_chip_limit(amount)
        p.stack += amount
        self.bought_in += amount

    def _check_chip_limit(self, amount: int) -> None:
        # one player can win every chip at the table, and no stack may start a hand above the
        # chip limit: so the table as a whole holds at most that many
        if self.total_chips() + amount > MAX_CHIPS:
            raise TableError(f"{amount} more chips would put {self.total_chips() + amount} on the "
                             f"table, above the chip limit 2**62")

    # ---- saving and resuming (the file format is :mod:`~omaha_eval.game.session`'s) ----

    def to_state(self) -> Dict[str, Any]:
        """The seats and counters the next hand depends on, beyond the constructor's arguments.

        Returns
        -------
        dict
            JSON-ready: ``seats``, ``positions``, ``pending_kill``, ``next_pid`` (the id of the
            next player to sit), ``bought_in`` and ``cashed_out``; what :meth:`from_state` reads.

        Raises
        ------
        TableError
            During a hand: the state is taken between hands only.

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Table
        >>> table = Table(GameConfig.fixed_limit(2, 4), seed=7)
        >>> _ = table.sit(4, "cy", 80)
        >>> state = table.to_state()
        >>> state["seats"][4]["name"], state["next_pid"], state["positions"]["hands"]
        ('cy', 2, 0)
        """
        if self.in_hand:
            raise TableError("cannot save a table during a hand; finish the hand first")
        kill = self._pending_kill
        return {
            "seats": [None if p is None else p.to_dict() for p in self._seats],
            "positions": self._positions.to_dict(),
            "pending_kill": None if kill is None else kill.to_dict(),
            "next_pid": self._next_pid,
            "bought_in": self.bought_in,
            "cashed_out": self.cashed_out,
        }

    @classmethod
    def from_state(cls, state: Dict[str, Any], config: GameConfig,
                   rules: Optional[TableRules] = None, *, seed: Optional[int] = None,
                   button: Optional[int] = None, name: str = "table", keep_history: bool = True,
                   seat_base: int = 0) -> "Table":
        """A table built as the constructor builds it, with :meth:`to_state`'s seats and counters.

        Parameters
        ----------
        state : dict
            As :meth:`to_state` returns it (other keys are ignored).
        config, rules, seed, button, name, keep_history, seat_base
            As :class:`Table`.

        Returns
        -------
        Table
            The table whose next hand is the one the saved table would have dealt.

        Raises
        ------
        TableError
            What the constructor refuses, a seat list whose length is not the rules' seat
            count, or missing or bad fields.

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Table
        >>> first = Table(GameConfig.pot_limit(5, 10), seed=11)
        >>> _ = first.sit(2, "dee", 500); _ = first.sit(6, "eve", 400)
        >>> _ = first.play_hand(lambda table, seat, legal: ("fold",))
        >>> later = Table.from_state(first.to_state(), first.config, seed=first.seed)
        >>> later.stacks(), later.hands_played, later.next_plan() == first.next_plan()
        ({2: 495, 6: 405}, 1, True)
        """
        table = cls(config, rules, seed=seed, button=button, name=name,
                    keep_history=keep_history, seat_base=seat_base)
        try:
            seats: List[Any] = state["seats"]
            if len(seats) != table.rules.seats:
                raise TableError(f"session has {len(seats)} seats, its rules say {table.rules.seats}")
            table._seats = [None if s is None else SeatedPlayer.from_dict(s) for s in seats]
            table._positions = Positions.from_dict(state["positions"])
            kill = state.get("pending_kill")
            table._pending_kill = None if kill is None else PendingKill.from_dict(kill)
            table._next_pid = int(state["next_pid"])
            table.bought_in = int(state["bought_in"])
            table.cashed_out = int(state["cashed_out"])
        except (KeyError, TypeError) as exc:
            raise TableError(f"bad saved session: {exc!r}") from None
        return table

    # ---- planning and playing hands ----

    @property
    def positions(self) -> Positions:
        """Where last hand's button and blinds were (seats and player ids)."""
        return self._positions

    @property
    def pending_kill(self) -> Optional[PendingKill]:
        """The kill earned for the next hand (kill games), or None."""
        return self._pending_kill

    @property
    def hands_played(self) -> int:
        """Hands started at this table so far."""
        return self._positions.hands

    def can_start(self) -> bool:
        """Whether a new hand can be dealt now (no hand running, two players present).

        Returns
        -------
        bool
            True if :meth:`start_hand` can deal now.

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Table
        >>> table = Table(GameConfig.pot_limit(1, 2), seed=3)
        >>> _ = table.sit(0, "ann", 100); _ = table.sit(1, "bob", 100)
        >>> table.can_start()
        True
        >>> _ = table.start_hand()
        >>> table.can_start()
        False
        """
        return self._finished and sum(1 for p in self._seats if p is not None and p.present) >= 2

    def next_plan(self, *, straddle: bool = False,
                  overblind: Optional[Tuple[int, int]] = None) -> HandPlan:
        """The plan of the next hand without starting it: who is dealt in, button, blinds and posts.

        Parameters
        ----------
        straddle : bool, default False
            The player left of the big blind straddles (if the rules allow it).
        overblind : (int, int), optional
            ``(seat, amount)`` of a voluntary kill (with ``TableRules(overblind=True)``).

        Returns
        -------
        HandPlan
            Seats dealt in, button, blinds, posts and who acts first.

        Raises
        ------
        TableError
            Fewer than two players present, or a straddle or overblind the rules refuse.

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Table
        >>> table = Table(GameConfig.pot_limit(1, 2), seed=3)
        >>> _ = table.sit(0, "ann", 100); _ = table.sit(1, "bob", 100)
        >>> plan = table.next_plan()
        >>> plan.button, plan.small_blind, plan.big_blind, plan.seats
        (0, 0, 1, (0, 1))
        """
        return plan_hand(self._seats, self._positions, self.rules, self.config,
                         pending_kill=self._pending_kill, straddle=straddle, overblind=overblind,
                         first_button=self.first_button)

    def hand_config(self, plan: HandPlan) -> GameConfig:
        """The game of ``plan``'s hand: the limits scaled by the stakes (the blinds as posted).

        Parameters
        ----------
        plan : HandPlan
            A plan of this table (:meth:`next_plan`).

        Returns
        -------
        GameConfig
            The table's game at the hand's stakes.

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Table
        >>> table = Table(GameConfig.pot_limit(1, 2), seed=3)
        >>> _ = table.sit(0, "ann", 100); _ = table.sit(1, "bob", 100)
        >>> table.hand_config(table.next_plan()).describe()
        'Omaha Hi, pot limit (minimum bet 2), blinds 1/2'
        """
        num, den = plan.stakes
        if (num, den) == (1, 1):
            return self.config
        return self.config.with_structure(self.config.structure.scaled(num, den))

    def start_hand(self, *, straddle: bool = False, overblind: Optional[Tuple[int, int]] = None,
                   seed: Any = None, hole_cards: Optional[Sequence[Any]] = None, board: Any = None,
                   deck: Optional[Sequence[Any]] = None, showdown: str = "auto") -> Hand:
        """Plan and deal the next hand.

        A hand that is over but not finished is finished first; if the new hand is then refused
        (TableError, or HandSetupError for bad cards), that finishing is undone too, so a refused
        call leaves the table exactly as it was.

        Parameters
        ----------
        straddle : bool, default False
            The player left of the big blind straddles (if the rules allow it).
        overblind : (int, int), optional
            ``(seat, amount)`` of a voluntary kill (with ``TableRules(overblind=True)``).
        seed : int or numpy.random.Generator, optional
            Shuffle with this instead of the table's seed and the hand number.
        hole_cards : sequence of cards, optional
            Fixed hole cards by hand index (player ``i`` sits at ``table.plan.seats[i]``).
        board : cards, optional
            A fixed board (or its first cards).
        deck : sequence of cards, optional
            The whole deck in dealing order, as for a :class:`Hand`.
        showdown : {"auto", "manual"}, default "auto"
            Who shows and mucks at showdown: the engine, or the players.

        Returns
        -------
        Hand
            The new hand (player ``i`` sits at ``table.plan.seats[i]``).

        Raises
        ------
        TableError
            The current hand is not over, fewer than two players present, a refused straddle or
            overblind.
        HandSetupError
            Bad cards.

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Table
        >>> table = Table(GameConfig.pot_limit(1, 2), seed=3)
        >>> _ = table.sit(0, "ann", 100); _ = table.sit(1, "bob", 100)
        >>> hand = table.start_hand(board="AsKsQsJsTs")
        >>> table.plan.number, table.plan.seats, hand.n_players
        (1, (0, 1), 2)
        >>> table.start_hand()
        Traceback (most recent call last):
            ...
        omaha_eval.errors.TableError: the current hand is not over
        """
        if not self._finished:
            if self._hand is None or not self._hand.is_over:
                raise TableError("the current hand is not over")
            saved = self._save_state()
            try:
                self.finish_hand()
                return self._deal(straddle, overblind, seed, hole_cards, board, deck, showdown)
            except BaseException:
                self._restore_state(saved)
                raise
        return self._deal(straddle, overblind, seed, hole_cards, board, deck, showdown)

    def _save_state(self) -> Tuple[Any, ...]:
        """Everything a hand's start or end changes, to undo a refused or failed call (the seat
        objects themselves are kept: callers may hold them)."""
        record = self._record
        return ([None if p is None else dict(vars(p)) for p in self._seats], list(self._seats),
                self._positions, self._pending_kill, self._plan, self._hand, record,
                None if record is None else (dict(record.finishing), record.kill_earned, record.chopped),
                self._finished, list(self.history), self.bought_in, self.cashed_out, self._next_pid)

    def _restore_state(self, saved: Tuple[Any, ...]) -> None:
        (players, seats, self._positions, self._pending_kill, self._plan, self._hand, record,
         record_state, self._finished, history, self.bought_in, self.cashed_out, self._next_pid) = saved
        self._seats[:] = seats
        for p, state in zip(seats, players):
            if p is not None:  # the same objects callers may hold, with their old values
                vars(p).clear()
                vars(p).update(state)
        self._record = record
        if record is not None:
            record.finishing, record.kill_earned, record.chopped = record_state
        self.history[:] = history

    def _deal(self, straddle: bool, overblind: Optional[Tuple[int, int]], seed: Any,
              hole_cards: Optional[Sequence[Any]], board: Any, deck: Optional[Sequence[Any]],
              showdown: str) -> Hand:
        plan = self.next_plan(straddle=straddle, overblind=overblind)
        n = len(plan.seats)
        index = {s: i for i, s in enumerate(plan.seats)}
        posts = [Post(index[p.seat], p.kind, p.amount) for p in plan.posts]
        if seed is None and deck is None and (hole_cards is None or board is None):
            seed = np.random.default_rng(np.random.SeedSequence(self.seed, spawn_key=(plan.number,)))
        opener = plan.first_to_act if self._override_opener(plan) else None
        last = plan.killer if plan.killer_acts_last else None
        hand = Hand(self.hand_config(plan), [self._player(s).stack for s in plan.seats],
                    button=plan.hand_button, posts=posts,
                    first_to_act=None if opener is None else index[opener],
                    last_to_act=None if last is None else index[last],
                    seed=seed, hole_cards=hole_cards, board=board, deck=deck,
                    seats=[s + self.seat_base for s in plan.seats], showdown=showdown)
        # the hand is dealt: only now change the table
        state = [None if p is None else {"name": p.name, "stack": p.stack,
                                         "mark": "out" if p.sitting_out else p.mark}
                 for p in self._seats]
        self._positions = apply_plan(self._seats, self._positions, plan)
        self._pending_kill = None
        self._plan, self._hand, self._finished = plan, hand, False
        self._record = HandRecord(plan, hand, tuple(self._player(s).name for s in plan.seats), state,
                                  self.name, self.n_seats)
        if hand.is_over:  # everyone all in on the posts
            self.finish_hand()
        return hand

    @staticmethod
    def _override_opener(plan: HandPlan) -> bool:
        # the Hand opens left of the largest live blind by itself (left of the big blind when the
        # killer acts last); only a killer acting in turn needs the opener set (left of the big
        # blind, not of the kill blind)
        return plan.first_to_act is not None and plan.killer is not None and not plan.killer_acts_last

    @property
    def hand(self) -> Optional[Hand]:
        """The current (or last) hand."""
        return self._hand

    @property
    def plan(self) -> Optional[HandPlan]:
        """The plan of the current (or last) hand."""
        return self._plan

    @property
    def in_hand(self) -> bool:
        """A hand is being played (dealt and not yet finished)."""
        return not self._finished

    @property
    def actor_seat(self) -> Optional[int]:
        """The seat whose turn it is in the current hand (None between hands)."""
        if self._finished or self._hand is None or self._hand.actor is None or self._plan is None:
            return None
        return self._plan.seats[self._hand.actor]

    def legal_actions(self) -> LegalActions:
        """What the player to act may do in the hand being played.

        Returns
        -------
        LegalActions
            Of the player to act.

        Raises
        ------
        TableError
            No hand is being played.

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Table
        >>> table = Table(GameConfig.pot_limit(1, 2), seed=3)
        >>> _ = table.sit(0, "ann", 100); _ = table.sit(1, "bob", 100)
        >>> _ = table.start_hand()
        >>> table.legal_actions().describe()
        'player 0 to act: fold, call 1 or raise to 4..6'
        """
        if self._hand is None or self._finished:
            raise TableError("no hand is being played")
        return self._hand.legal_actions()

    # ---- chop ----

    def can_chop(self) -> bool:
        """Whether the blinds may chop now.

        True when the chop rule is on and everyone folded to the blinds: the small blind is to act
        before the flop, every other player but the big blind has folded, nobody called or raised,
        and the pot holds only the two blinds.

        Returns
        -------
        bool
            True if :meth:`chop` is allowed now.

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Table, TableRules
        >>> table = Table(GameConfig.pot_limit(1, 2), TableRules(seats=3, chop=True), seed=3)
        >>> for s, name in enumerate(["ann", "bob", "cy"]): _ = table.sit(s, name, 100)
        >>> hand = table.start_hand()
        >>> table.can_chop()  # the button has not folded yet
        False
        >>> hand.fold()
        >>> table.can_chop()
        True
        """
        if not self.rules.chop or self._finished or self._hand is None:
            return False
        hand, plan = self._hand, self._plan
        if plan is None or hand.phase != "betting" or hand.street != 0:
            return False
        kinds = sorted(p.kind for p in plan.posts)
        if kinds != sorted([SMALL_BLIND, BIG_BLIND]):
            return False
        sb, bb = plan.index(self._sb_seat(plan)), plan.index(plan.big_blind)
        if hand.actor != sb:
            return False
        folded = hand.folded
        if any(not folded[i] for i in range(hand.n_players) if i not in (sb, bb)):
            return False
        return all(e.kind in ("post", "deal_hole", "fold") for e in hand.history)

    @staticmethod
    def _sb_seat(plan: HandPlan) -> int:
        return plan.small_blind if plan.small_blind is not None else -1

    def chop(self) -> HandRecord:
        """The blinds chop: they take their blinds back and the hand ends (the button still moves).

        Returns
        -------
        HandRecord
            The record of the chopped hand.

        Raises
        ------
        TableError
            :meth:`can_chop` is False.

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Table, TableRules
        >>> table = Table(GameConfig.pot_limit(1, 2), TableRules(seats=3, chop=True), seed=3)
        >>> for s, name in enumerate(["ann", "bob", "cy"]): _ = table.sit(s, name, 100)
        >>> table.start_hand().fold()
        >>> table.chop().chopped, table.stacks()
        (True, {0: 100, 1: 100, 2: 100})
        """
        if not self.can_chop():
            raise TableError("no chop now: the table does not allow it, or not everyone folded "
                             "to the blinds")
        _, plan, record = self._dealt()
        record.chopped = True
        record.finishing = {s: self._player(s).stack for s in plan.seats}
        return self._close(record)

    def _dealt(self) -> Tuple[Hand, HandPlan, HandRecord]:
        """The current (or last) hand, its plan and its record."""
        if self._hand is None or self._plan is None or self._record is None:
            raise TableError("no hand has been played")
        return self._hand, self._plan, self._record

    # ---- end of a hand ----

    def finish_hand(self) -> HandRecord:
        """Take the finished hand's stacks back to the seats, note a kill, keep the record.

        Returns
        -------
        HandRecord
            The hand's record (the same one again if the hand was already finished).

        Raises
        ------
        TableError
            The hand is not over, or no hand has been played.

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Table
        >>> table = Table(GameConfig.pot_limit(1, 2), seed=3)
        >>> _ = table.sit(0, "ann", 100); _ = table.sit(1, "bob", 100)
        >>> table.start_hand().fold()
        >>> table.finish_hand().number, table.stacks()
        (1, {0: 99, 1: 101})
        """
        if self._finished:
            if self._record is None:
                raise TableError("no hand has been played")
            return self._record
        hand, plan, record = self._dealt()
        if not hand.is_over:
            raise TableError("the hand is not over")
        for i, s in enumerate(plan.seats):
            self._player(s).stack = hand.stacks[i]
        record.finishing = {s: hand.stacks[i] for i, s in enumerate(plan.seats)}
        if self.rules.kill is not None:
            killer = None if hand.result is None else self._kill_winner(hand.result)
            if killer is not None:
                seat = plan.seats[killer]
                num, den = self.rules.kill_stakes
                self._pending_kill = PendingKill(self._player(seat).pid, seat, num, den)
                record.kill_earned = seat
        return self._close(record)

    def _close(self, record: HandRecord) -> HandRecord:
        self._finished = True
        if self.keep_history:
            self.history.append(record)
        else:
            self.history[:] = [record]
        return record

    def _kill_winner(self, result: HandResult) -> Optional[int]:
        """The player who scooped the whole hand (every pot, both halves), if the pots add up to
        at least the kill size; pots won without a showdown count if ``kill_uncontested``."""
        if result is None or not result.pots:
            return None
        total = sum(p.amount for p in result.pots)
        minimum = self.rules.kill_min_pot
        if minimum is None:
            minimum = 10 * self.config.big_blind
        if total < minimum:
            return None
        winners = {a.player for p in result.pots for a in p.awards}
        if len(winners) != 1:
            return None
        halves = {a.half for p in result.pots for a in p.awards}
        if halves == {ALL}:
            return winners.pop() if self.rules.kill_uncontested else None
        if self.config.hilo and self.rules.kill_hilo_both_halves and not {HI, LO} <= halves:
            return None
        return winners.pop()

    # ---- convenience: play a whole hand with policies ----

    def play_hand(self, policy: Policy, *, chop: Optional[Callable[["Table"], bool]] = None,
                  **start: Any) -> HandRecord:
        """Start a hand and play it to the end.

        Parameters
        ----------
        policy : callable
            ``policy(table, seat, legal)`` returns an action tuple: ``("fold",)``,
            ``("check",)``, ``("call",)``, ``("bet", to)``, ``("raise", to)``, ``("all_in",)``.
        chop : callable, optional
            ``chop(table)`` says whether both blinds agree to chop when it is offered.
        **start
            Keyword arguments of :meth:`start_hand`.

        Returns
        -------
        HandRecord
            The finished hand.

        Raises
        ------
        TableError, IllegalActionError, or whatever ``policy`` raises
            The hand is then undone and the table is exactly as before the call (same hand
            number and cards next time); the exception propagates.

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Table
        >>> table = Table(GameConfig.pot_limit(1, 2), seed=3)
        >>> _ = table.sit(0, "ann", 100); _ = table.sit(1, "bob", 100)
        >>> def calling(table, seat, legal):
        ...     return ("call",) if legal.can_call else ("check",)
        >>> table.play_hand(calling).number, sum(table.stacks().values())
        (1, 200)
        >>> def broken(table, seat, legal):
        ...     raise RuntimeError("a bug in the policy")
        >>> table.play_hand(broken)
        Traceback (most recent call last):
        ...
        RuntimeError: a bug in the policy
        >>> table.in_hand, table.hands_played
        (False, 1)
        """
        before = self._save_state()
        hand = self.start_hand(**start)
        try:
            while not hand.is_over:
                if chop is not None and self.can_chop() and chop(self):
                    return self.chop()
                seat = self.actor_seat
                if seat is None:  # pragma: no cover - a hand that is not over has an actor
                    raise TableError("no player is to act")
                apply_action(hand, policy(self, seat, hand.legal_actions()))
            return self.finish_hand()
        except BaseException:
            self._restore_state(before)
            raise

    def __repr__(self) -> str:
        taken = sum(1 for p in self._seats if p is not None)
        return (f"Table({self.name!r}, {self.config.describe()}, {taken}/{self.n_seats} seats, "
                f"{self.hands_played} hands)")


def apply_action(hand: Hand, action: Tuple[Any, ...]) -> None:
    """Apply an action tuple (see :meth:`Table.play_hand`) to ``hand``."""
    kind = action[0]
    if kind == "fold":
        hand.fold()
    elif kind == "check":
        hand.check()
    elif kind == "call":
        hand.call()
    elif kind in ("bet", "raise"):
        hand.bet_or_raise_to(action[1])
    elif kind == "all_in":
        hand.all_in()
    elif kind == "show":
        hand.show()
    elif kind == "muck":
        hand.muck()
    else:
        raise TableError(f"unknown action {action!r}")
