"""Button and blind bookkeeping of a table: who is dealt in, who posts what, where the button is.

:func:`plan_hand` is a pure function from the table's state (seats, last hand's positions, a
pending kill) and this hand's choices (a straddle, an overblind) to a :class:`HandPlan`: the
button seat, the seats dealt in, every forced post by seat, the stakes multiplier and the
first-round opener. :func:`apply_plan` then updates the players and positions for the next hand.

Rules (seeds 000 and 003, issue 5), and the choices made where they are silent:

* The big blind moves forward one player each hand: to the first seat after last hand's big
  blind with a player present (seated, not sitting out, chips in front). A player sitting out
  whom it passes has missed the big blind (MB). The next player is thus "asked to post in their
  place".
* The small blind is posted by last hand's big blind if that same player is still present;
  otherwise it is dead (nobody posts it). A player sitting out in that position missed the small
  blind (MS).
* The button goes to the seat of last hand's small blind, so the player who posted the small
  blind last hand gets the button; if that seat emptied or changed hands the button is dead (it
  marks the seat, nobody dealt in has it). Every player on a live button has thus posted the big
  blind and then the small blind in the two hands before.
* Heads-up (two players dealt in): the big blind still moves forward one player and the other
  player has the button and posts the small blind, so nobody takes the big blind twice in a row,
  into and out of heads-up.
* New players owe a big blind, MB players a big blind (live) and a small blind (dead), MS players
  a small blind (dead). A new player who waits for the big blind is dealt in there and owes
  nothing more; an MB or MS player who waits for it posts the big blind and the dead small
  blind there (seed 003: missed blinds are owed however the player comes back; the option
  ``TableRules(missed_blinds="forgiven")`` lets the big blind clear them). Otherwise, if they
  chose to post now, they pay what they owe and are dealt in, unless they sit between the button
  and the big blind (or on the button seat), where they wait until the button has passed them.
* When the rules above would deal in fewer than two players but two or more are present, the
  game restarts: the button moves to the next present player, everyone present is dealt in and
  owed blinds are forgiven (``plan.restart``), as when a game starts.
* Optional rules (:class:`TableRules`): straddle by the player left of the big blind (not
  heads-up, not in a kill hand, not by a player posting owed blinds); a voluntary overblind (kill
  pot) by any player dealt in, which replaces a blind they post and raises the limits by
  ``amount / big_blind``; kill and half-kill games, where the killer posts the kill blind in place
  of a blind they owe and the limits are multiplied by 2 or 3/2.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from math import gcd
from typing import Any, Callable, Dict, List, Optional, Sequence, Set, Tuple, Type, TypeVar, cast

from .._args import is_int
from ..errors import TableError as TableError  # re-exported: its old home
from .config import ANTE, BIG_BLIND, DEAD, KILL, LIVE, SMALL_BLIND, STRADDLE, GameConfig

MAX_SEATS = 10

KILL_GAMES = (None, "kill", "half")
KILL_ACTS = ("last", "in_turn")
MISSED_SB_RULES = ("dead", "forward")
MISSED_BLINDS_RULES = ("owed", "forgiven")

# why a present player is not dealt in
WAIT_BIG_BLIND = "waiting for the big blind"
WAIT_BUTTON = "waiting for the button to pass"


@dataclass(frozen=True)
class TableRules:
    """The house rules of a table; each optional rule is off by default.

    Parameters
    ----------
    seats : int
        2..10.
    chop : bool
        When everyone folds to the blinds, both blinds may take their blinds back.
    straddle : bool
        The player left of the big blind may post a live straddle of ``straddle_amount``.
    straddle_amount : int, optional
        The straddle (default twice the big blind).
    overblind : bool
        Any player may kill the pot with an overblind of twice the big blind
        (``overblind_half_stack``: up to half their stack); the limits are raised in proportion.
    overblind_half_stack : bool
        An overblind may be anything up to half the poster's stack.
    kill : {None, "kill", "half"}
        A kill game: the next hand is played at 2x ("kill") or 1.5x ("half") after a player
        scoops a pot of at least ``kill_min_pot`` (default ten big blinds);
        ``kill_uncontested``: a pot won without a showdown counts; ``kill_hilo_both_halves``: in
        hi-lo only a scoop of both halves counts (not a high hand taking a pot without a
        qualifying low).
    kill_min_pot : int, optional
        The smallest pot that earns a kill (default ten big blinds).
    kill_uncontested : bool
        A pot won without a showdown earns a kill (default True).
    kill_hilo_both_halves : bool
        In hi-lo only a scoop of both halves earns a kill.
    kill_acts : {"last", "in_turn"}
        Where the killer (of a kill game or an overblind) acts in the first betting round.
        "last" (the default): the round opens left of the big blind, the killer is skipped and
        acts after everyone else, and the round goes round in that order; from the flop on the
        normal order applies. Seed 000, "Kill Pot": "In den meisten Pokerräumen agiert die
        Person, die den Pot killt, in der ersten Bietrunde als Letzter und danach gilt die
        normale Reihenfolge." "in_turn": the normal order (seed 000, "Kill": "In einigen Kasinos
        ist der Killer nach den Spielern, die den Blinds leisten, an der Reihe, in anderen kommt
        er in der normalen Reihenfolge zum Zug.").
    missed_blinds : {"owed", "forgiven"}
        What a player who missed blinds (MB or MS) pays to come back. "owed" (the default, seed
        003): the debt is paid however they come back, also when they wait for the big blind;
        MB: "Чтобы вернуться в игру, игрок, пропустивший большой блайнд, должен поставить
        ставку, равную сумме большого блайнда, а также внести в банк сумму, равную малому
        блайнду" (a live big blind and a dead small blind; in the big blind that blind is the
        live one), MS: "Если игрок решит вернуться в игру, он должен до сдачи вложить
        непосредственно в банк величину малого блайнда" (a dead small blind). "forgiven": a
        player who waits for the big blind is dealt in there owing nothing more, as many card
        rooms play it. New players owe no dead blind either way: the big blind is their entry.
    missed_small_blind : {"dead", "forward"}
        When the player due the small blind sits out: "dead" (the small blind is dead, as when
        the seat empties; the default, which keeps every button holder's blinds paid in full) or
        "forward" (seed 003 read literally: the big blind posts the small blind and the next
        player the big blind; that player then gets the button without having posted a big
        blind in this round).

    Raises
    ------
    TableError
        For a value outside the ones above.

    Examples
    --------
    >>> TableRules(overblind=True).kill_acts
    'last'
    >>> TableRules(missed_blinds="forgiven").missed_blinds
    'forgiven'
    """

    seats: int = MAX_SEATS
    chop: bool = False
    straddle: bool = False
    straddle_amount: Optional[int] = None
    overblind: bool = False
    overblind_half_stack: bool = False
    kill: Optional[str] = None
    kill_min_pot: Optional[int] = None
    kill_uncontested: bool = True
    kill_hilo_both_halves: bool = False
    kill_acts: str = "last"
    missed_small_blind: str = "dead"
    missed_blinds: str = "owed"

    def __post_init__(self) -> None:
        if not is_int(self.seats) or not 2 <= self.seats <= MAX_SEATS:
            raise TableError(f"seats must be an int 2..{MAX_SEATS}, got {self.seats!r}")
        if self.kill not in KILL_GAMES:
            raise TableError(f"kill must be None, 'kill' or 'half', got {self.kill!r}")
        if self.missed_small_blind not in MISSED_SB_RULES:
            raise TableError(f"missed_small_blind must be 'dead' or 'forward', got {self.missed_small_blind!r}")
        if self.kill_acts not in KILL_ACTS:
            raise TableError(f"kill_acts must be 'last' or 'in_turn', got {self.kill_acts!r}")
        if self.missed_blinds not in MISSED_BLINDS_RULES:
            raise TableError(f"missed_blinds must be 'owed' or 'forgiven', got {self.missed_blinds!r}")
        for name in ("chop", "straddle", "overblind", "overblind_half_stack", "kill_uncontested",
                     "kill_hilo_both_halves"):
            if not isinstance(getattr(self, name), bool):
                raise TableError(f"{name} must be True or False, got {getattr(self, name)!r}")
        for name in ("straddle_amount", "kill_min_pot"):
            value = getattr(self, name)
            if value is not None and (not is_int(value) or value < 0):
                raise TableError(f"{name} must be a non-negative int or None, got {value!r}")

    @property
    def kill_stakes(self) -> Tuple[int, int]:
        """The limits multiplier of a kill hand: (3, 2) for a half kill, else (2, 1)."""
        return (3, 2) if self.kill == "half" else (2, 1)

    def to_dict(self) -> Dict[str, Any]:
        """The rules as plain data (every field).

        Returns
        -------
        dict
            Field names to values.

        Examples
        --------
        >>> from omaha_eval.game import TableRules
        >>> TableRules(seats=6, chop=True).to_dict()["seats"]
        6
        """
        return {name: getattr(self, name) for name in self.__dataclass_fields__}

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> "TableRules":
        """The rules from :meth:`to_dict`'s data.

        Parameters
        ----------
        data : dict
            Field names and values (missing fields take their defaults).

        Returns
        -------
        TableRules
            The rules.

        Raises
        ------
        TableError
            Not a dict, an unknown field, or a bad value.

        Examples
        --------
        >>> from omaha_eval.game import TableRules
        >>> TableRules.from_dict({"seats": 6, "chop": True}) == TableRules(seats=6, chop=True)
        True
        >>> TableRules.from_dict({"seets": 6})
        Traceback (most recent call last):
            ...
        omaha_eval.errors.TableError: unknown table rule(s): seets
        """
        if not isinstance(data, dict):
            raise TableError(f"table rules must be a dict, got {data!r:.80}")
        unknown = set(data) - set(cls.__dataclass_fields__)
        if unknown:
            raise TableError(f"unknown table rule(s): {', '.join(sorted(unknown))}")
        return cls(**data)


_Plain = TypeVar("_Plain", bound="_PlainFields")


class _PlainFields:
    """``to_dict`` / ``from_dict`` for a dataclass whose fields are plain JSON values (the
    table's saved state)."""

    def to_dict(self) -> Dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(cast(Any, self))}

    @classmethod
    def from_dict(cls: Type[_Plain], data: Dict[str, Any]) -> _Plain:
        return cls(**data)


@dataclass
class SeatedPlayer(_PlainFields):
    """A player in a seat. ``pid`` is unique per sit-down (a player who leaves and sits again is a
    new player). ``owes_bb`` / ``owes_dead_sb``: blinds owed before they may be dealt in (a new
    player: a big blind; MB: both; MS: the small blind, dead). ``post_now``: pay what is owed as
    soon as the position allows, rather than wait for the big blind."""

    name: str
    stack: int
    pid: int
    sitting_out: bool = False
    post_now: bool = False
    owes_bb: bool = True
    owes_dead_sb: bool = False
    played: bool = False

    @property
    def present(self) -> bool:
        """Able to take part in the next hand (seated in, with chips)."""
        return not self.sitting_out and self.stack > 0

    @property
    def mark(self) -> str:
        """"new", "MB", "MS" or "" (nothing owed)."""
        if not self.played and self.owes_bb:
            return "new"
        if self.owes_bb:
            return "MB"
        if self.owes_dead_sb:
            return "MS"
        return ""


@dataclass
class Positions(_PlainFields):
    """Where last hand's button and blinds were: seats, and the player ids of the live blinds
    (None when a blind was dead). ``hands``: hands started at this table."""

    button: Optional[int] = None
    sb_seat: Optional[int] = None
    sb_pid: Optional[int] = None
    bb_seat: Optional[int] = None
    bb_pid: Optional[int] = None
    hands: int = 0


@dataclass(frozen=True)
class PendingKill(_PlainFields):
    """A kill earned last hand: ``pid`` / ``seat`` of the killer and the stakes ``(num, den)``."""

    pid: int
    seat: int
    num: int
    den: int


@dataclass(frozen=True)
class SeatPost:
    """One forced bet by seat: ``kind`` is one of the :mod:`~omaha_eval.game.config` post kinds."""

    seat: int
    kind: str
    amount: int


@dataclass(frozen=True)
class HandPlan:
    """Everything the table decides before the cards are dealt (:meth:`Table.next_plan`).

    Attributes
    ----------
    number : int
        The hand's number at the table (from 1).
    seats : tuple of int
        The seats dealt in, in seat order: player ``i`` of the hand sits at ``seats[i]``.
    button : int
        The button's seat.
    dead_button : bool
        Nobody dealt in has the button; the player acting last after the flop is then
        ``hand_button``.
    hand_button : int
        The hand's button index: the player right of the button (or on it).
    small_blind, big_blind : int or None
        Seats of the blinds (``small_blind`` None when it is dead).
    posts : tuple of SeatPost
        Every forced bet, by seat.
    stakes : (int, int)
        The limits multiplier ``(num, den)`` (a kill hand: (2, 1) or (3, 2)).
    killer : int or None
        The seat of a kill or overblind poster.
    kill_kind : str or None
        ``"kill"``, ``"half"`` or ``"overblind"``.
    killer_acts_last : bool
        The killer acts after everyone else in the first round (``TableRules.kill_acts == "last"``).
    first_to_act : int or None
        The seat that opens the first round.
    heads_up : bool
        Two players are dealt in.
    restart : bool
        The game starts (first hand) or restarts, and owed blinds are forgiven.
    straddle_seat : int or None
        The player who may straddle this hand (None if nobody may).
    straddled : bool
        Whether they do.
    missed : tuple of (int, str)
        Seats newly marked "MB" (missed big blind) or "MS" (missed small blind).
    waiting : tuple of (int, str)
        Present players not dealt in, with the reason.
    pids : tuple of int
        The table's id of the player in each dealt seat.

    Examples
    --------
    >>> from omaha_eval.game import GameConfig, Table
    >>> table = Table(GameConfig.pot_limit(1, 2), seed=3)
    >>> for s, name in enumerate(["ann", "bob", "cy"]): _ = table.sit(s, name, 100)
    >>> plan = table.next_plan()
    >>> plan.number, plan.seats, plan.button, plan.small_blind, plan.big_blind
    (1, (0, 1, 2), 0, 1, 2)
    >>> [(p.seat, p.kind, p.amount) for p in plan.posts]
    [(1, 'small_blind', 1), (2, 'big_blind', 2)]
    """
    number: int
    seats: Tuple[int, ...]
    button: int
    dead_button: bool
    hand_button: int
    small_blind: Optional[int]
    big_blind: int
    posts: Tuple[SeatPost, ...]
    stakes: Tuple[int, int] = (1, 1)
    killer: Optional[int] = None
    kill_kind: Optional[str] = None
    killer_acts_last: bool = False
    first_to_act: Optional[int] = None
    heads_up: bool = False
    restart: bool = False
    straddle_seat: Optional[int] = None
    straddled: bool = False
    missed: Tuple[Tuple[int, str], ...] = ()
    waiting: Tuple[Tuple[int, str], ...] = ()
    pids: Tuple[int, ...] = field(default=())

    def index(self, seat: int) -> int:
        """The hand's player index of ``seat``.

        Parameters
        ----------
        seat : int
            A seat dealt in.

        Returns
        -------
        int
            The index of the player in the hand (0 .. n-1).

        Raises
        ------
        TableError
            The seat is not dealt in this hand.

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Table
        >>> table = Table(GameConfig.pot_limit(1, 2), seed=3)
        >>> for s, name in enumerate(["ann", "bob", "cy"]): _ = table.sit(s, name, 100)
        >>> plan = table.next_plan()
        >>> plan.index(2)
        2
        """
        try:
            return self.seats.index(seat)
        except ValueError:
            raise TableError(f"seat {seat} is not dealt in this hand") from None

    def posts_of(self, seat: int) -> List[SeatPost]:
        """The forced bets of ``seat`` in this hand.

        Parameters
        ----------
        seat : int
            A seat.

        Returns
        -------
        list of SeatPost
            In posting order (empty if none).

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Table
        >>> table = Table(GameConfig.pot_limit(1, 2), seed=3)
        >>> for s, name in enumerate(["ann", "bob", "cy"]): _ = table.sit(s, name, 100)
        >>> plan = table.next_plan()
        >>> plan.posts_of(2)
        [SeatPost(seat=2, kind='big_blind', amount=2)]
        """
        return [p for p in self.posts if p.seat == seat]

    def to_dict(self) -> Dict[str, Any]:
        """The plan as plain data (JSON-ready).

        Returns
        -------
        dict
            Field names to values.

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Table
        >>> table = Table(GameConfig.pot_limit(1, 2), seed=3)
        >>> for s, name in enumerate(["ann", "bob", "cy"]): _ = table.sit(s, name, 100)
        >>> plan = table.next_plan()
        >>> plan.to_dict()["posts"]
        [{'seat': 1, 'kind': 'small_blind', 'amount': 1}, {'seat': 2, 'kind': 'big_blind', 'amount': 2}]
        """
        return {
            "number": self.number, "seats": list(self.seats), "button": self.button,
            "dead_button": self.dead_button, "small_blind": self.small_blind,
            "big_blind": self.big_blind,
            "posts": [{"seat": p.seat, "kind": p.kind, "amount": p.amount} for p in self.posts],
            "stakes": list(self.stakes), "killer": self.killer, "kill_kind": self.kill_kind,
            "killer_acts_last": self.killer_acts_last,
            "first_to_act": self.first_to_act, "heads_up": self.heads_up, "restart": self.restart,
            "straddled": self.straddled, "missed": [list(m) for m in self.missed],
            "waiting": [list(w) for w in self.waiting],
        }


# ---- clockwise helpers ----

def _after(start: int, n: int) -> List[int]:
    """Seats clockwise after ``start`` (exclusive), ending with ``start`` itself."""
    return [(start + k) % n for k in range(1, n + 1)]


def _between(a: int, b: int, n: int) -> List[int]:
    """Seats strictly after ``a`` and before ``b`` clockwise; every other seat when ``a == b``."""
    out = []
    for s in _after(a, n):
        if s == b:
            break
        out.append(s)
    return out


def _next(start: int, n: int, pred: Callable[[int], bool]) -> Optional[int]:
    for s in _after(start, n):
        if pred(s):
            return s
    return None


def _next_found(start: int, n: int, pred: Callable[[int], bool]) -> int:
    """``_next`` where the caller knows such a seat exists (two players are present)."""
    s = _next(start, n, pred)
    if s is None:  # pragma: no cover - an internal invariant, not a user error
        raise TableError(f"no seat after seat {start} qualifies")
    return s


def _player(seats: Sequence[Optional[SeatedPlayer]], s: int) -> SeatedPlayer:
    """The player in seat ``s``, which the caller knows is taken."""
    p = seats[s]
    if p is None:  # pragma: no cover - an internal invariant, not a user error
        raise TableError(f"seat {s} is empty")
    return p


# ---- the plan ----

def plan_hand(seats: Sequence[Optional[SeatedPlayer]], positions: Positions, rules: TableRules,
              config: GameConfig, *, pending_kill: Optional[PendingKill] = None,
              straddle: bool = False, overblind: Optional[Tuple[int, int]] = None,
              first_button: Optional[int] = None) -> HandPlan:
    """The plan of the next hand (see the module docstring); changes nothing.

    ``straddle``: the player left of the big blind straddles (if the table allows it and they
    may). ``overblind``: ``(seat, amount)`` of a voluntary kill. ``first_button``: the button of
    the first hand (default: the first present seat).
    """
    n = len(seats)
    present = [s for s, p in enumerate(seats) if p is not None and p.present]
    if len(present) < 2:
        raise TableError(f"a hand needs two players able to play; {len(present)} present")
    number = positions.hands + 1
    layout = (None if positions.bb_seat is None
              else _positional(seats, positions, positions.bb_seat, n, rules))
    if layout is None:
        layout = _fresh(seats, positions, n, present, first_button)
    return _forced_bets(seats, rules, config, number, layout, pending_kill, straddle, overblind)


@dataclass
class _Layout:
    dealt: List[int]
    button: int
    dead_button: bool
    small_blind: Optional[int]
    big_blind: int
    heads_up: bool
    restart: bool
    owed: Dict[int, Tuple[bool, bool]]   # seat -> (live bb, dead sb) paid to come in
    missed: List[Tuple[int, str]]
    waiting: List[Tuple[int, str]]


def _fresh(seats: Sequence[Optional[SeatedPlayer]], positions: Positions, n: int,
           present: List[int], first_button: Optional[int]) -> _Layout:
    """A (re)start: everyone present is dealt in, nothing owed; the button on the first present
    seat (or ``first_button``), or on the next present seat after the old one."""
    if positions.bb_seat is not None and positions.button is not None:
        button = _next_found(positions.button, n, lambda s: s in present)
    elif first_button is not None and first_button in present:
        button = first_button
    else:
        button = present[0]
    heads_up = len(present) == 2
    if heads_up:
        sb = button
    else:
        sb = _next_found(button, n, lambda s: s in present)
    bb = _next_found(sb, n, lambda s: s in present)
    return _Layout(list(present), button, False, sb, bb, heads_up, True, {}, [], [])


def _missed(seats: Sequence[Optional[SeatedPlayer]], start: int, end: int,
            n: int) -> List[Tuple[int, str]]:
    """Seats between ``start`` and ``end`` whose players sat out the big blind (marked MB)."""
    missed: List[Tuple[int, str]] = []
    for s in _between(start, end, n):
        p = seats[s]
        if p is not None and p.played and not p.present and p.mark != "MB":
            missed.append((s, "MB"))
    return missed


def _blind_seats(seats: Sequence[Optional[SeatedPlayer]], positions: Positions, last_bb: int,
                 n: int, rules: TableRules,
                 present: Callable[[int], bool]) -> Tuple[int, int, bool, List[Tuple[int, str]]]:
    """(big blind seat, small blind seat, is the small blind live, the missed blinds): the big
    blind moves to the next present player; the small blind stays on last hand's big blind."""
    bb = _next_found(last_bb, n, present)
    missed = _missed(seats, last_bb, bb, n)
    sb_player = seats[last_bb]
    sb_seat = last_bb
    was_bb = sb_player is not None and sb_player.pid == positions.bb_pid
    sb_live = was_bb and sb_player is not None and sb_player.present and last_bb != bb
    if was_bb and sb_player is not None and not sb_player.present:
        if sb_player.played and sb_player.mark == "":
            missed.append((last_bb, "MS"))
        due = _player(seats, bb)
        if rules.missed_small_blind == "forward" and not (due.owes_bb or due.owes_dead_sb):
            # the big blind is asked to post the small blind, the next player the big blind (not
            # a player who owes blinds: they enter by the big blind, and the small blind is dead)
            sb_seat, sb_live = bb, True
            bb = _next_found(sb_seat, n, present)
            missed += _missed(seats, sb_seat, bb, n)
    return bb, sb_seat, sb_live, missed


def _dealt_in(seats: Sequence[Optional[SeatedPlayer]], n: int, rules: TableRules,
              present: Callable[[int], bool], bb: int, blinds_live: Set[int],
              restricted: Set[int]) -> Tuple[List[int], Dict[int, Tuple[bool, bool]],
                                             List[Tuple[int, str]]]:
    """(the seats dealt in, what each owes and posts now, the seats waiting and for what)."""
    dealt: List[int] = []
    owed: Dict[int, Tuple[bool, bool]] = {}
    waiting: List[Tuple[int, str]] = []
    for s in range(n):
        if not present(s):
            continue
        p = _player(seats, s)
        if s == bb:
            dealt.append(s)
            if p.owes_dead_sb and rules.missed_blinds == "owed":
                owed[s] = (False, True)  # MB or MS: the big blind is their live blind
        elif s in blinds_live or (not p.owes_bb and not p.owes_dead_sb):
            dealt.append(s)
        elif s in restricted:
            waiting.append((s, WAIT_BUTTON))
        elif p.post_now:
            dealt.append(s)
            owed[s] = (p.owes_bb, p.owes_dead_sb)
        else:
            waiting.append((s, WAIT_BIG_BLIND))
    return dealt, owed, waiting


def _positional(seats: Sequence[Optional[SeatedPlayer]], positions: Positions, last_bb: int,
                n: int, rules: TableRules) -> Optional[_Layout]:
    """The normal layout from last hand's positions (``last_bb``: last hand's big blind seat);
    None if it deals in fewer than two."""
    def present(s: int) -> bool:
        p = seats[s]
        return p is not None and p.present

    bb, sb_seat, sb_live, missed = _blind_seats(seats, positions, last_bb, n, rules, present)
    button = positions.sb_seat if positions.sb_seat is not None else last_bb
    bp = seats[button]
    button_live = (bp is not None and positions.sb_pid is not None and bp.pid == positions.sb_pid
                   and bp.present and button not in (bb, sb_seat))
    restricted = set(_between(button, bb, n)) | {button}
    blinds_live = ({sb_seat} if sb_live else set()) | ({button} if button_live else set())
    dealt, owed, waiting = _dealt_in(seats, n, rules, present, bb, blinds_live, restricted)
    if len(dealt) < 2:
        return None
    if len(dealt) == 2:
        other = dealt[0] if dealt[1] == bb else dealt[1]
        return _Layout(dealt, other, False, other, bb, True, False, owed, missed, waiting)
    return _Layout(dealt, button, not button_live, sb_seat if sb_live else None, bb, False, False,
                   owed, missed, waiting)


_Kill = Tuple[Optional[int], int, Optional[str], Tuple[int, int]]  # seat, amount, kind, stakes


def _overblind_kill(seats: Sequence[Optional[SeatedPlayer]], rules: TableRules, bb_amount: int,
                    lay: _Layout, pending_kill: Optional[PendingKill],
                    overblind: Any) -> _Kill:
    """A voluntary overblind (kill pots), checked."""
    in_hand = set(lay.dealt)
    if not rules.overblind:
        raise TableError("this table does not allow overblinds (kill pots)")
    if not isinstance(overblind, (tuple, list)) or len(overblind) != 2:
        raise TableError(f"overblind must be a (seat, amount) pair, got {overblind!r}")
    seat, amount = overblind
    if not is_int(seat) or seat not in in_hand:
        raise TableError(f"seat {seat!r} is not dealt in this hand and cannot post an overblind")
    if lay.owed.get(seat):
        raise TableError(f"seat {seat} posts owed blinds this hand and cannot post an overblind")
    if pending_kill is not None and pending_kill.pid in {_player(seats, s).pid for s in lay.dealt}:
        raise TableError("this hand is already a kill hand")
    low = 2 * bb_amount
    high = max(low, _player(seats, seat).stack // 2) if rules.overblind_half_stack else low
    if not is_int(amount) or not low <= amount <= high:
        allowed = f"{low}" if high == low else f"{low} to {high} (half the stack)"
        raise TableError(f"overblind of seat {seat} must be {allowed}, got {amount!r}")
    g = gcd(amount, bb_amount) or 1
    return seat, amount, "overblind", (amount // g, bb_amount // g) if bb_amount else (2, 1)


def _kill(seats: Sequence[Optional[SeatedPlayer]], rules: TableRules, bb_amount: int,
          lay: _Layout, pending_kill: Optional[PendingKill], overblind: Any) -> _Kill:
    """The killer of this hand: an earned kill (kill games) or a voluntary overblind."""
    if overblind is not None:
        return _overblind_kill(seats, rules, bb_amount, lay, pending_kill, overblind)
    if pending_kill is not None and rules.kill is not None:
        n = len(seats)
        p = seats[pending_kill.seat] if 0 <= pending_kill.seat < n else None
        if p is not None and p.pid == pending_kill.pid and pending_kill.seat in lay.dealt:
            stakes = (pending_kill.num, pending_kill.den)
            return pending_kill.seat, bb_amount * stakes[0] // stakes[1], rules.kill, stakes
    return None, 0, None, (1, 1)


def _blind_posts(config: GameConfig, lay: _Layout, killer: Optional[int],
                 kill_amount: int) -> List[SeatPost]:
    """Antes, blinds, owed live and dead blinds, and the kill blind, in that order."""
    bb_amount, sb_amount = config.big_blind, config.small_blind
    posts: List[SeatPost] = []
    if config.ante:
        posts.extend(SeatPost(s, ANTE, config.ante) for s in lay.dealt)
    sb = lay.small_blind
    if sb is not None and sb != killer and sb_amount and not (lay.heads_up and lay.owed.get(sb, (0, 0))[0]):
        # (heads-up, a button coming back with a live big blind posts that instead)
        posts.append(SeatPost(sb, SMALL_BLIND, sb_amount))
    if lay.big_blind != killer:
        posts.append(SeatPost(lay.big_blind, BIG_BLIND, bb_amount))
    for s in lay.dealt:
        live_bb, dead_sb = lay.owed.get(s, (False, False))
        if live_bb and s != killer:  # the kill blind replaces an owed live blind too
            posts.append(SeatPost(s, LIVE, bb_amount))
        if dead_sb and sb_amount:
            posts.append(SeatPost(s, DEAD, sb_amount))
    if killer is not None:
        posts.append(SeatPost(killer, KILL, kill_amount))
    return posts


def _straddle_seat(rules: TableRules, lay: _Layout, n: int, killer: Optional[int]) -> Optional[int]:
    """The player left of the big blind, who may straddle (not heads-up, not in a kill hand)."""
    if not rules.straddle or lay.heads_up or killer is not None:
        return None
    in_hand = set(lay.dealt)
    left = _next(lay.big_blind, n, lambda s: s in in_hand)
    if left is not None and left not in lay.owed and left not in (lay.small_blind, lay.big_blind):
        return left
    return None


def _forced_bets(seats: Sequence[Optional[SeatedPlayer]], rules: TableRules, config: GameConfig,
                 number: int, lay: _Layout, pending_kill: Optional[PendingKill], straddle: bool,
                 overblind: Optional[Tuple[int, int]]) -> HandPlan:
    n = len(seats)
    dealt = lay.dealt
    in_hand = set(dealt)
    # killer: an earned kill (kill games) or a voluntary overblind (kill pots)
    killer, kill_amount, kill_kind, stakes = _kill(seats, rules, config.big_blind, lay,
                                                   pending_kill, overblind)
    posts = _blind_posts(config, lay, killer, kill_amount)
    straddle_seat = _straddle_seat(rules, lay, n, killer)
    straddled = bool(straddle and straddle_seat is not None)
    if straddled and straddle_seat is not None:
        posts.append(SeatPost(straddle_seat, STRADDLE, rules.straddle_amount or 2 * config.big_blind))

    # who opens the first round: left of the big blind (or of the straddle); a killer who acts
    # last is skipped there and acts after everyone else, one who acts in turn keeps their place
    killer_last = killer is not None and rules.kill_acts == "last"
    opener = straddle_seat if straddle_seat is not None and straddled else lay.big_blind
    first = _next(opener, n, lambda s: s in in_hand and not (killer_last and s == killer))

    # the hand's button index: the dealt-in player right of the button (or on it)
    hb_seat = next(s for s in reversed(_after(lay.button, n)) if s in in_hand)
    hand_button = sorted(dealt).index(hb_seat)
    order = sorted(dealt)
    return HandPlan(
        number=number, seats=tuple(order), button=lay.button, dead_button=lay.dead_button,
        hand_button=hand_button, small_blind=lay.small_blind, big_blind=lay.big_blind,
        posts=tuple(posts), stakes=stakes, killer=killer, kill_kind=kill_kind,
        killer_acts_last=killer_last, first_to_act=first,
        heads_up=lay.heads_up, restart=lay.restart, straddle_seat=straddle_seat,
        straddled=straddled, missed=tuple(lay.missed), waiting=tuple(lay.waiting),
        pids=tuple(_player(seats, s).pid for s in order))


def apply_plan(seats: List[Optional[SeatedPlayer]], positions: Positions, plan: HandPlan) -> Positions:
    """Record that ``plan``'s hand was dealt: marks, paid debts, and the new positions."""
    for s, mark in plan.missed:
        p = _player(seats, s)
        if mark == "MB":
            p.owes_bb = True
            p.owes_dead_sb = True
        elif mark == "MS":
            p.owes_dead_sb = True
    for s in plan.seats:
        p = _player(seats, s)
        p.owes_bb = p.owes_dead_sb = False
        p.played = True
        p.post_now = False
    if plan.heads_up:
        sb_seat, sb_pid = plan.button, _player(seats, plan.button).pid
    elif plan.small_blind is not None:
        sb_seat, sb_pid = plan.small_blind, _player(seats, plan.small_blind).pid
    else:
        # a dead small blind: its position was last hand's big blind seat
        sb_seat, sb_pid = (positions.bb_seat if positions.bb_seat is not None else plan.button), None
    return Positions(button=plan.button, sb_seat=sb_seat, sb_pid=sb_pid, bb_seat=plan.big_blind,
                     bb_pid=_player(seats, plan.big_blind).pid, hands=positions.hands + 1)
