"""Equity: each player's share of the pot, exactly or by sampling, hi or hi-lo, hands or ranges.

* :func:`equity` -- one spot: 2 to 10 players (hands or ranges, see :mod:`omaha_eval.ranges`),
  a known board of 0 to 5 cards, dead cards. Exact enumeration of every remaining board by
  default; Monte Carlo when ``trials`` is given (or when exact is unaffordable, see below).
* :func:`equity_batch` -- many matchups of fixed hands at once: ``(N, P, k)`` holes, optional
  boards, returns the ``(N, P)`` equities without a Python loop.
* :func:`showdown` -- complete deals: each player's share of the pot and the win/tie/scoop counts.

The Omaha family: every player holds the same number of hole cards, 4 (Omaha), 5 (5-card Omaha,
Big O, Courchevel) or 6 (6-card Omaha), and plays exactly two of them with exactly three board
cards, for high and for the 8-or-better low. ``game`` is ``"hi"`` or ``"hilo"`` (the hole count
then comes from the hands), or a variant name as the sites write them (:data:`VARIANTS`:
``plo``, ``plo8``, ``plo5``, ``plo5-8`` = Big O, ``plo6``, ``plo6-8``, ``courchevel``,
``courchevel-8``, from :mod:`omaha_eval.variants`), which also fixes the hole count. Courchevel's preflop spot is a one-card
board. The deck limits the table: 10 players with four cards, 8 with five, 7 with six.

Pot shares are computed as integers in units of :data:`POT` (5040 = 2 * lcm(1..10)), so exact
results are exact fractions (:meth:`EquityResult.fractions`) and never depend on ``workers``.
Monte Carlo results depend only on ``seed`` (not on ``workers``): trials come in fixed streams of
``MC_CHUNK``, each with its own generator derived from the seed.

Budgets. Exact enumeration of fixed hands is always affordable: boards are grouped by rank
multiset (about 6,000 groups preflop) with only flush-capable boards handled one suit pattern at
a time, so even a 6-card, 7-player preflop spot takes milliseconds. With ranges, every
collision-free combination of holdings is enumerated when that costs at most
:data:`EXACT_BUDGET` units (a unit is one rank-multiset group of one combination, about 0.3 us
here, so about a second); above it ``equity`` samples :data:`DEFAULT_TRIALS` trials instead and
says so (``exact=False``). Monte Carlo takes at most :data:`MAX_TRIALS` trials per call (a clear
error above; about a day of work). ``random`` players are dealt straight from the remaining deck
(no rejected draws); other range players are drawn together, a draw that collides being drawn
again (at most ``100,000`` times in a row per trial, after the card-count check below has ruled
out impossible spots: only spots where almost every draw collides fail that way).
A spot that cannot be dealt at all (two players who both need the ace of spades, three players
who need six aces between them) is refused at once, with the reason, before any work.

Long calls run in slices (about a tenth of a second each) and check for Ctrl-C between them.
"""

from __future__ import annotations

import math
import os
import secrets
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property, lru_cache
from itertools import combinations
from typing import Any, Callable, Literal, Optional, Sequence, Union, overload

import numpy as np
import numpy.typing as npt

from . import _core
from .cards import CardError, card_to_str, format_cards, parse_cards
from .evaluate import MAX_WORKERS, _workers
from .ranges import Range, RangeError, parse_range
from .variants import VARIANTS, variant

__all__ = [
    "EquityResult",
    "ShowdownResult",
    "equity",
    "equity_batch",
    "showdown",
    "POT",
    "DEFAULT_TRIALS",
    "EXACT_BUDGET",
    "MAX_TRIALS",
    "MAX_WORKERS",
    "VARIANTS",
]

POT: int = int(_core.POT)
MC_CHUNK: int = int(_core.MC_CHUNK)
MAX_PLAYERS: int = int(_core.MAX_PLAYERS)
HOLE_COUNTS = (4, 5, 6)
DEFAULT_TRIALS = 1_000_000
MAX_TRIALS = 10**11
# threads beyond the work are idle anyway; more than this are capped (results never change)
# Work units for exact enumeration with ranges: holding combinations times the rank-multiset
# groups one combination costs (by missing board cards: preflop ~6,000, Courchevel's one-card
# board ~1,800, two cards ~450, flop ~100, turn ~13, river 1), scaled by the two-card choices of
# a hand (6, 10, 15); a unit is about 0.3 us here, so the budget is about a second.
EXACT_BUDGET = 4_000_000
_GROUPS_BY_MISSING = {5: 6_000, 4: 1_800, 3: 450, 2: 120, 1: 15, 0: 2}
_PAIR_COST = {4: 1.0, 5: 1.5, 6: 2.2}
# a random player enumerated exactly costs one table row per holding: keep that table small
_RANDOM_TABLE_LIMIT = 300_000
_GAMES = {"hi": 0, "hilo": 1}
# stats columns from the native core
_SHARE, _SHARE_SQ, _HI_WIN, _HI_TIE, _LO_WIN, _LO_TIE, _SCOOP = range(7)
_RATE_NAMES = ("hi_win", "hi_tie", "lo_win", "lo_tie", "scoop")
_RANK_NAMES = ("deuces", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines",
               "tens", "jacks", "queens", "kings", "aces")
_SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
_U16, _U8 = np.dtype(np.uint16), np.dtype(np.uint8)  # dtype objects: no lookup per small call

HandLike = Union[str, Range, Sequence[int], npt.ArrayLike]
SeedLike = Union[None, int, np.random.Generator]
ProgressFn = Callable[[int, int], None]


# ---------------------------------------------------------------- results


@dataclass(frozen=True, eq=False)  # arrays inside: compare fields, not results
class EquityResult:
    """What :func:`equity` found, per player (arrays of length P, in the order given).

    ``str(result)`` is a table; :meth:`to_dict` a JSON-ready dict; :meth:`fractions` the exact
    equities of an exact result. The arrays are built on first use from the integer sums the
    engine returns.

    Attributes
    ----------
    players : tuple of str
        Each player's hand or range text.
    board, dead : str
        The known board and the dead cards.
    game : {"hi", "hilo"}
        The game.
    exact : bool
        True when every board (and holding combination) was enumerated.
    deals : int
        Boards enumerated (times ``holdings`` for ranges) when exact, else trials sampled.
    seed : int or None
        The seed a sampled result used (None when exact): pass it again to repeat the run.
    holdings : int
        Collision-free holding combinations enumerated (1 for fixed hands).
    hole_cards : int
        The cards each player holds (4, 5 or 6).
    sampled_because : str or None
        Why :func:`equity` sampled without being asked to (ranges above the exact budget).
    equity : numpy.ndarray of float64
        The share of the pot each player wins on average.
    std_error : numpy.ndarray of float64
        The standard error of ``equity`` (zeros when exact).
    hi_win, hi_tie, lo_win, lo_tie, scoop : numpy.ndarray of float64
        Rates of winning the high half alone, sharing it, the same for the low half (zeros in
        ``"hi"``), and winning the whole pot alone.

    Examples
    --------
    >>> import omaha_eval as oe
    >>> r = oe.equity(["AsKsQhJh", "2c2d7h8s"], game="hilo")
    >>> print(r)
    hand       equity   hi win   hi tie   lo win   lo tie    scoop
    --------------------------------------------------------------
    AsKsQhJh   49.20%   64.20%    0.00%    0.00%    0.00%   34.20%
    2c2d7h8s   50.80%   35.80%    0.00%   51.76%    0.00%   35.80%
    hi-lo, preflop: exact, 1,086,008 boards
    >>> r.exact, r.boards, r.trials
    (True, 1086008, None)
    >>> r.scoop.round(4)
    array([0.342, 0.358])
    """

    players: tuple[str, ...]
    board: str
    dead: str
    game: str
    exact: bool
    deals: int
    seed: Optional[int] = None
    holdings: int = 1
    hole_cards: int = 4
    _stats: Any = field(default=None, repr=False)  # (P, 7) sums: ints or float64
    _integer: bool = field(default=False, repr=False)  # sums are exact integers
    sampled_because: Optional[str] = None

    @cached_property
    def _table(self) -> np.ndarray:
        return np.asarray(self._stats, dtype=np.float64)

    def _column(self, col: int) -> np.ndarray:
        return self._table[:, col] / float(self.deals)

    @cached_property
    def equity(self) -> np.ndarray:
        return (self._table[:, _SHARE] / POT) / float(self.deals)

    @cached_property
    def std_error(self) -> np.ndarray:
        if self.exact:
            return np.zeros(len(self.players))
        n = float(self.deals)
        eq = self.equity
        mean_sq = self._table[:, _SHARE_SQ] / (POT * POT) / n
        var = np.maximum(mean_sq - eq ** 2, 0.0) * (n / max(n - 1.0, 1.0))
        se: np.ndarray = np.sqrt(var / n)
        return se

    @cached_property
    def hi_win(self) -> np.ndarray:
        return self._column(_HI_WIN)

    @cached_property
    def hi_tie(self) -> np.ndarray:
        return self._column(_HI_TIE)

    @cached_property
    def lo_win(self) -> np.ndarray:
        return self._column(_LO_WIN)

    @cached_property
    def lo_tie(self) -> np.ndarray:
        return self._column(_LO_TIE)

    @cached_property
    def scoop(self) -> np.ndarray:
        return self._column(_SCOOP)

    @property
    def boards(self) -> Optional[int]:
        """Boards enumerated per holding combination when exact, else None.

        Examples
        --------
        >>> import omaha_eval as oe
        >>> oe.equity(["AsKsQhJh", "KK**"], board="Ts9d3c").boards
        820
        """
        return self.deals // self.holdings if self.exact else None

    @property
    def trials(self) -> Optional[int]:
        """Trials sampled when not exact, else None.

        Examples
        --------
        >>> import omaha_eval as oe
        >>> oe.equity(["AsKsQhJh", "2c2d7h8s"], trials=5000, seed=1).trials
        5000
        """
        return None if self.exact else self.deals

    def fractions(self) -> tuple[Fraction, ...]:
        """Exact equities as fractions.

        Returns
        -------
        tuple of fractions.Fraction
            One per player; they add up to 1.

        Raises
        ------
        ValueError
            The result was sampled, or its ranges carry weights.

        Examples
        --------
        >>> import omaha_eval as oe
        >>> oe.equity(["AsKsQhJh", "2c2d7h8s"], game="hilo").fractions()
        (Fraction(97149, 197456), Fraction(100307, 197456))
        """
        if not (self.exact and self._integer):
            raise ValueError("fractions are only available for exact, unweighted results")
        return tuple(Fraction(int(row[_SHARE]), POT * self.deals) for row in self._stats)

    def to_dict(self) -> dict[str, Any]:
        """A plain, JSON-ready dict: what ``omaha-eval equity --json`` prints.

        Returns
        -------
        dict
            ``game``, ``board``, ``dead``, ``exact``, ``boards`` or ``trials`` (and ``seed``,
            ``sampled_because`` when sampled), and ``players``: one dict per player with
            ``hand``, ``equity``, the rates and, when sampled, ``std_error``.

        Examples
        --------
        >>> import omaha_eval as oe
        >>> d = oe.equity(["AsKsQhJh", "2c2d7h8s"], board="Ts9d3c").to_dict()
        >>> d["exact"], d["boards"], d["players"][0]["hand"], round(d["players"][0]["equity"], 4)
        (True, 820, 'AsKsQhJh', 0.6049)
        """
        out: dict[str, Any] = {
            "game": self.game,
            "hole_cards": self.hole_cards,
            "board": self.board,
            "dead": self.dead,
            "exact": self.exact,
        }
        if self.exact:
            out["boards"] = self.boards
            if self.holdings > 1:
                out["holdings"] = self.holdings
                out["deals"] = self.deals
        else:
            out["trials"] = self.deals
        if self.seed is not None:
            out["seed"] = self.seed
        if self.sampled_because is not None:
            out["sampled_because"] = self.sampled_because
        players = []
        for p, hand in enumerate(self.players):
            row: dict[str, Any] = {"hand": hand, "equity": float(self.equity[p])}
            if not self.exact:
                row["std_error"] = float(self.std_error[p])
            for name in _RATE_NAMES:
                if self.game == "hi" and name.startswith("lo_"):
                    continue
                row[name] = float(getattr(self, name)[p])
            players.append(row)
        out["players"] = players
        return out

    def __repr__(self) -> str:
        # not rebuildable from a line (the engine's sums): Python's <...> form, one line
        shares = ", ".join(f"{hand} {100 * e:.2f}%" for hand, e in zip(self.players, self.equity))
        how = f"exact, {self.deals:,} deals" if self.exact else f"{self.deals:,} trials, seed {self.seed}"
        board = f"board {self.board}" if self.board else "preflop"
        return f"<EquityResult {self.game}, {board}, {how}: {shares}>"

    def __str__(self) -> str:
        hilo = self.game == "hilo"
        cols = ["equity"] + ([] if self.exact else ["+/-"]) + ["hi win", "hi tie"]
        cols += ["lo win", "lo tie", "scoop"] if hilo else []
        width = max(4, max(len(h) for h in self.players))
        head = f"{'hand':<{width}}  " + "  ".join(f"{c:>7}" for c in cols)
        lines = [head, "-" * len(head)]
        for p, hand in enumerate(self.players):
            vals = [self.equity[p]] + ([] if self.exact else [self.std_error[p]])
            vals += [self.hi_win[p], self.hi_tie[p]]
            vals += [self.lo_win[p], self.lo_tie[p], self.scoop[p]] if hilo else []
            lines.append(f"{hand:<{width}}  " + "  ".join(f"{100 * v:>6.2f}%" for v in vals))
        if not self.exact:
            what = f"Monte Carlo, {self.deals:,} trials, seed {self.seed}"
            if self.sampled_because:
                what += f"\n(sampled: {self.sampled_because})"
        elif self.holdings > 1:
            what = f"exact, {self.holdings:,} holding combinations x {self.boards:,} boards"
        else:
            what = f"exact, {self.deals:,} boards"
        board = f"board {self.board}" if self.board else "preflop"
        dead = f", dead {self.dead}" if self.dead else ""
        cards = "" if self.hole_cards == 4 else f"{self.hole_cards}-card "
        lines.append(f"{cards}{'hi-lo' if hilo else 'hi'}, {board}{dead}: {what}")
        return "\n".join(lines)


@dataclass(frozen=True, eq=False)  # arrays inside: compare fields, not results
class ShowdownResult:
    """Complete deals settled by :func:`showdown` (the arrays are built on first use).

    Attributes
    ----------
    share : numpy.ndarray of float64
        ``(N, P)``: the fraction of the pot each player wins in each deal.
    share_units : numpy.ndarray of int64
        The same in integer units of :data:`POT` (5040), exact.
    hi_win, hi_tie, lo_win, lo_tie, scoop : numpy.ndarray of int64
        ``(P,)``: in how many of the N deals each player won the high half alone, shared it,
        the same for the low half, and won the whole pot alone.

    Examples
    --------
    >>> import omaha_eval as oe
    >>> r = oe.showdown(["As2sQhJh", "2c3d7h8s"], "4s5h9d8dKc", game="hilo")
    >>> r.share
    array([[0.5, 0.5]])
    >>> r.hi_win.tolist(), r.lo_win.tolist(), r.lo_tie.tolist()
    ([0, 1], [1, 0], [0, 0])
    """

    # (N, P) uint16 units of POT and uint8 flags: arrays, or for one deal the bytes of its row
    _shares: Any = field(repr=False)
    _flags: Any = field(repr=False)

    @classmethod
    def _of(cls, shares: Any, flags: Any) -> "ShowdownResult":
        # set directly: a frozen dataclass's __init__ costs microseconds on a single deal
        r = object.__new__(cls)
        d = r.__dict__
        d["_shares"] = shares
        d["_flags"] = flags
        return r

    @cached_property
    def _share_array(self) -> np.ndarray:
        s = self._shares
        if type(s) is bytes:  # one deal: P native uint16
            return np.frombuffer(s, _U16).reshape(1, -1)
        return np.asarray(s, dtype=np.uint16)

    @cached_property
    def _flag_array(self) -> np.ndarray:
        f = self._flags
        if type(f) is bytes:
            return np.frombuffer(f, _U8).reshape(1, -1)
        return np.asarray(f, dtype=np.uint8)

    @cached_property
    def share(self) -> np.ndarray:
        if type(self._shares) is bytes:  # one deal: a copy of the row's cached fractions
            return _one_deal_share(self._shares).copy()
        return self._share_array / float(POT)

    @cached_property
    def share_units(self) -> np.ndarray:
        return self._share_array.astype(np.int64)

    def _count(self, bit: int) -> np.ndarray:
        counts: np.ndarray = ((self._flag_array & bit) != 0).sum(axis=0).astype(np.int64)
        return counts

    @cached_property
    def hi_win(self) -> np.ndarray:
        return self._count(1)

    @cached_property
    def hi_tie(self) -> np.ndarray:
        return self._count(2)

    @cached_property
    def lo_win(self) -> np.ndarray:
        return self._count(4)

    @cached_property
    def lo_tie(self) -> np.ndarray:
        return self._count(8)

    @cached_property
    def scoop(self) -> np.ndarray:
        return self._count(16)

    def __repr__(self) -> str:
        a = self._share_array
        n, p = a.shape
        return f"<ShowdownResult {n} deal{'s' * (n != 1)}, {p} players>"


@lru_cache(maxsize=4096)
def _one_deal_share(units: bytes) -> np.ndarray:
    """(1, P) float64 shares of one deal's uint16 units (read-only; callers copy): one deal has
    few distinct splits, and a division of a tiny array costs more than the whole showdown."""
    a = np.frombuffer(units, _U16).reshape(1, -1) / float(POT)
    a.flags.writeable = False
    return a


# ---------------------------------------------------------------- input checks


def _game(game: str) -> tuple[int, Optional[int]]:
    """(0 = hi / 1 = hi-lo, hole count fixed by a variant name or None for hi / hilo)."""
    if isinstance(game, str) and game in _GAMES:
        return _GAMES[game], None
    try:
        v = variant(game)
    except (TypeError, ValueError):
        names = ", ".join(repr(n) for n in (*_GAMES, *VARIANTS))
        raise ValueError(f"game must be one of {names}; got {game!r}") from None
    return _GAMES[v.game], v.hole_cards


def _seed(seed: SeedLike) -> int:
    if seed is None:
        return secrets.randbits(63)
    if isinstance(seed, np.random.Generator):
        return int(seed.integers(0, 2**63))
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
        raise ValueError(f"seed must be an int, a numpy Generator or None, got {seed!r}")
    if not 0 <= seed < 2**64:  # the native generators take 64 bits: never fold seeds together
        raise ValueError(f"seed must be an int in 0..2**64 - 1, got {seed}")
    return int(seed)


def _trials(trials: Optional[int]) -> Optional[int]:
    if trials is None:
        return None
    if isinstance(trials, bool) or not isinstance(trials, (int, np.integer)) or trials < 1:
        raise ValueError(f"trials must be a positive int or None, got {trials!r}")
    if trials > MAX_TRIALS:
        raise ValueError(f"trials={trials} is above the Monte Carlo budget of {MAX_TRIALS:,} "
                         "trials per call (MAX_TRIALS); split the work over several seeds")
    return int(trials)


@lru_cache(maxsize=1024)
def _text_cards(text: str) -> np.ndarray:
    """Parsed card text, cached (read-only): the same strings come back call after call."""
    ids = np.ascontiguousarray(parse_cards(text), dtype=np.uint8)
    ids.flags.writeable = False
    return ids


def _cards(cards: Any, what: str) -> np.ndarray:
    if cards is None:
        return np.zeros(0, dtype=np.uint8)
    try:
        ids = _text_cards(cards) if isinstance(cards, str) else parse_cards(cards)
    except CardError as exc:
        raise CardError(f"{what}: {exc}") from None
    if ids.ndim != 1:
        raise CardError(f"{what}: expected a flat list of cards, got shape {ids.shape}")
    return np.ascontiguousarray(ids, dtype=np.uint8)


@dataclass(frozen=True)
class _Player:
    """One player as given: a fixed hand, a range, or a random hand (dealt from the deck)."""

    name: str
    hole: Optional[int]                  # None: a random hand whose count the spot decides
    hand: Optional[np.ndarray] = None    # fixed: (k,) ids, ascending
    range: Optional[Range] = None
    random: bool = False

    @property
    def fixed(self) -> bool:
        return self.hand is not None

    def fixed_hand(self) -> np.ndarray:
        """The hand of a fixed player (asked only of one)."""
        if self.hand is None:  # pragma: no cover - an internal invariant
            raise ValueError(f"{self.name!r} has no fixed hand")
        return self.hand

    def given_range(self) -> Range:
        """The range of a range player (asked only of one)."""
        if self.range is None:  # pragma: no cover - an internal invariant
            raise ValueError(f"{self.name!r} has no range")
        return self.range


def _given(r: Optional[Range]) -> Range:
    """A range player's range after card removal (None only for fixed and random players)."""
    if r is None:  # pragma: no cover - an internal invariant
        raise ValueError("a range player has no range")
    return r


def _is_random_text(text: str) -> Optional[int]:
    """0 for 'random' / '*' (any count), k for k stars, None for anything else."""
    t = text.strip().lower()
    if t in ("random", "*"):
        return 0
    if t and set(t) == {"*"}:
        return len(t)
    return None


def _fixed_player(ids: np.ndarray, who: str) -> _Player:
    if ids.size not in HOLE_COUNTS:
        raise CardError(f"{who}: a hand has 4, 5 or 6 cards, got {ids.size}")
    hand = np.sort(ids).astype(np.uint8)
    hand.flags.writeable = False
    return _Player(format_cards(ids), int(ids.size), hand=hand)


def _range_player(rng: Range, name: str, who: str) -> _Player:
    k = int(rng.hands.shape[1]) if rng.hands.ndim == 2 else 0
    if k not in HOLE_COUNTS:
        raise RangeError(f"{who}: range {name!r} holds hands of {k} cards")
    if len(rng) == 1:
        return _fixed_player(np.asarray(rng.hands[0], dtype=np.uint8), who)
    return _Player(name, k, range=rng)


@lru_cache(maxsize=4096)
def _player_text(hand: str, half: str = "hi") -> _Player:
    """A hand or range given as text, cached; errors carry no player number (added by caller)."""
    try:
        ids = parse_cards(hand)
    except CardError:
        stars = _is_random_text(hand)
        if stars is not None:
            if stars and stars not in HOLE_COUNTS:
                raise RangeError(f"{hand.strip()!r}: a random hand has 4, 5 or 6 cards") from None
            return _Player(hand.strip(), stars or None, random=True)
        rng = parse_range(hand, game=half)  # half: the table that ranks percent sets (15%)
        return _range_player(rng, hand.strip(), "range")
    if ids.size not in HOLE_COUNTS:
        raise CardError(f"hand {hand!r} has {ids.size} cards; an Omaha hand has 4, 5 or 6")
    return _fixed_player(ids, "hand")


def _player(hand: HandLike, p: int, half: str = "hi") -> _Player:
    who = f"player {p}"
    if isinstance(hand, Range):
        return _range_player(hand, hand.text, who)
    if isinstance(hand, str):
        try:
            return _player_text(hand, half)
        except (CardError, RangeError) as exc:
            raise type(exc)(f"{who}: {exc}") from None
    try:
        ids = parse_cards(hand)
    except CardError as exc:
        raise CardError(f"{who}: {exc}") from None
    if ids.ndim != 1:
        raise CardError(f"{who}: a hand is a flat list of 4, 5 or 6 cards, got shape {ids.shape}")
    return _fixed_player(ids, who)


def _place(card: int, places: dict[int, str], where: str) -> None:
    if card in places:
        raise CardError(f"card {card_to_str(card)} is used twice: in {places[card]} and in {where}")
    places[card] = where


def _players_text(ps: Sequence[int]) -> str:
    names = [str(p) for p in ps]  # numbered from 0, as everywhere in the library
    return "player " + names[0] if len(names) == 1 else (
        "players " + ", ".join(names[:-1]) + " and " + names[-1])


@dataclass
class _Spot:
    names: list[str]
    players: list[_Player]
    ranges: list[Optional[Range]]  # after card removal; None for random players
    board: np.ndarray
    dead: np.ndarray
    game: int
    hole: int
    board_text: str = ""
    dead_text: str = ""
    _holes: Optional[np.ndarray] = None
    _packed: Optional[bytes] = None
    names_tuple: tuple[str, ...] = ()

    def packed(self) -> bytes:
        """Fixed hands, board and dead cards in one bytes object (the small-call native path)."""
        if self._packed is None:
            self._packed = self.holes().tobytes() + self.board.tobytes() + self.dead.tobytes()
        return self._packed

    is_fixed: bool = False  # every player holds a fixed hand (set once, read on every call)

    @property
    def fixed(self) -> bool:
        return self.is_fixed

    def holes(self) -> np.ndarray:
        """(P, k) uint8 fixed hands, built once (spots given as text are cached and reused)."""
        if self._holes is None:
            h = np.ascontiguousarray(np.stack([p.fixed_hand() for p in self.players]), dtype=np.uint8)
            h.flags.writeable = False
            self._holes = h
        return self._holes


def max_players(hole: int) -> int:
    """Players a deck deals with ``hole`` cards each: 10 with four, 8 with five, 7 with six
    (hole cards, five board cards and three burn cards from 52; ten at most)."""
    return min(MAX_PLAYERS, (52 - 5 - 3) // hole)


def _hole_count(players: Sequence[_Player], fixed_by_game: Optional[int]) -> int:
    counts = {p: pl.hole for p, pl in enumerate(players) if pl.hole is not None}
    kinds = set(counts.values())
    if fixed_by_game is not None and kinds - {fixed_by_game}:
        p = next(p for p, k in counts.items() if k != fixed_by_game)
        raise CardError(f"player {p} holds {counts[p]} cards; this game deals "
                        f"{fixed_by_game}")
    if len(kinds) > 1:
        first = next(iter(counts.items()))
        p, k = next((p, k) for p, k in counts.items() if k != first[1])
        raise CardError(f"every player holds the same number of cards: player {first[0]} "
                        f"has {first[1]}, player {p} has {k}")
    if kinds:
        return kinds.pop()
    return fixed_by_game if fixed_by_game is not None else 4


def _check_dealable(spot: _Spot) -> None:
    """Refuses at once a spot whose range players cannot all be dealt (from card counts)."""
    live = [(p, r) for p, r in enumerate(spot.ranges)
            if r is not None and not spot.players[p].fixed]
    if len(live) < 2:
        return
    known = np.zeros(52, dtype=bool)
    known[spot.board] = True
    known[spot.dead] = True
    for pl in spot.players:
        if pl.fixed:
            known[pl.hand] = True
    left_rank = 4 - known.reshape(13, 4).sum(axis=1)
    left_suit = 13 - known.reshape(13, 4).sum(axis=0)
    need_card: dict[int, list[int]] = {}
    need_rank = np.zeros(13, dtype=np.int64)
    need_suit = np.zeros(4, dtype=np.int64)
    who_rank: list[list[int]] = [[] for _ in range(13)]
    who_suit: list[list[int]] = [[] for _ in range(4)]
    for p, r in live:
        hands = r.hands
        masks = np.bitwise_or.reduce(np.left_shift(np.uint64(1), hands.astype(np.uint64)), axis=1)
        common = int(np.bitwise_and.reduce(masks))
        for c in range(52):
            if common >> c & 1:
                need_card.setdefault(c, []).append(p)
        ranks = hands >> 2
        suits = hands & 3
        for x in range(13):
            m = int((ranks == x).sum(axis=1).min())
            if m:
                need_rank[x] += m
                who_rank[x].append(p)
        for s in range(4):
            m = int((suits == s).sum(axis=1).min())
            if m:
                need_suit[s] += m
                who_suit[s].append(p)
    for c, ps in need_card.items():
        if len(ps) > 1:
            raise RangeError(f"{_players_text(ps)} {'both' if len(ps) == 2 else 'all'} need "
                             f"the {card_to_str(c)}: no deal is possible")
    for x in range(13):
        if need_rank[x] > left_rank[x]:
            raise RangeError(f"{_players_text(who_rank[x])} need at least {need_rank[x]} "
                             f"{_RANK_NAMES[x]} between them; {left_rank[x]} are left")
    for s in range(4):
        if need_suit[s] > left_suit[s]:
            raise RangeError(f"{_players_text(who_suit[s])} need at least {need_suit[s]} "
                             f"{_SUIT_NAMES[s]} between them; {left_suit[s]} are left")


def _spot(hands: Sequence[HandLike], board: Any, dead: Any, game: str) -> _Spot:
    g, fixed_hole = _game(game)
    if isinstance(hands, (str, Range)) or not isinstance(hands, Sequence) and not isinstance(
            hands, np.ndarray):
        raise ValueError("hands must be a sequence of hands or ranges, one per player")
    if not 2 <= len(hands) <= MAX_PLAYERS:
        raise ValueError(f"equity needs 2 to {MAX_PLAYERS} players, got {len(hands)}")
    board_ids = _cards(board if board is not None else "", "board")
    dead_ids = _cards(dead if dead is not None else "", "dead cards")
    if board_ids.size > 5:
        raise CardError(f"board: a board has 0 to 5 cards, got {board_ids.size}")
    players = [_player(h, p, "hilo" if g == 1 else "hi") for p, h in enumerate(hands)]
    hole = _hole_count(players, fixed_hole)
    if len(players) > max_players(hole):
        raise ValueError(f"{len(players)} players of {hole} cards; at most {max_players(hole)} "
                         "(a deck of 52 deals them, the board and three burn cards)")
    places: dict[int, str] = {}
    for c in board_ids.tolist():
        _place(c, places, "the board")
    for c in dead_ids.tolist():
        _place(c, places, "the dead cards")
    for p, pl in enumerate(players):
        if pl.fixed:
            for c in pl.fixed_hand().tolist():
                _place(c, places, f"player {p}'s hand")
    needed = hole * len(players) + 5 + dead_ids.size
    if needed > 52:
        most = (52 - 5 - dead_ids.size) // hole
        raise ValueError(f"{len(players)} players of {hole} cards, a board and {dead_ids.size} "
                         f"dead cards need {needed} cards; a deck has 52 (at most {most} "
                         f"players here)")
    known = np.array(sorted(places), dtype=np.uint8)
    ranges: list[Optional[Range]] = []
    for p, pl in enumerate(players):
        if pl.fixed or pl.random:
            ranges.append(None)
            continue
        left = pl.given_range().remove(known)
        if len(left) == 0:
            raise RangeError(f"player {p}: range {pl.name!r} has no holding left once the "
                             "known cards are removed")
        ranges.append(left)
    spot = _Spot([pl.name for pl in players], players, ranges, board_ids, dead_ids, g, hole,
                 format_cards(board_ids), format_cards(dead_ids),
                 names_tuple=tuple(pl.name for pl in players),
                 is_fixed=all(pl.fixed for pl in players))
    _check_dealable(spot)
    return spot


# ---------------------------------------------------------------- result assembly


def _result(spot: _Spot, stats: Any, deals: int, exact: bool, seed: Optional[int],
            integer: bool, holdings: int = 1,
            sampled_because: Optional[str] = None) -> EquityResult:
    # the fields set directly: a frozen dataclass's __init__ costs microseconds on small spots
    r = object.__new__(EquityResult)
    r.__dict__.update(players=spot.names_tuple, board=spot.board_text, dead=spot.dead_text,
                      game="hilo" if spot.game == 1 else "hi", exact=exact, deals=int(deals),
                      seed=seed, holdings=holdings, hole_cards=spot.hole, _stats=stats,
                      _integer=integer, sampled_because=sampled_because)
    return r


# ---------------------------------------------------------------- engines


def _exact_fixed(spot: _Spot, workers: int) -> tuple[list[list[int]], int]:
    return _core.exact_packed(spot.packed(), len(spot.players), spot.hole, spot.board.size,
                              spot.dead.size, spot.game, workers)


def _deck_left(spot: _Spot) -> np.ndarray:
    used = np.zeros(52, dtype=bool)
    used[spot.board] = True
    used[spot.dead] = True
    for pl in spot.players:
        if pl.fixed:
            used[pl.hand] = True
    return np.flatnonzero(~used).astype(np.uint8)


def _holding_counts(spot: _Spot) -> list[int]:
    n_left = int(_deck_left(spot).size)
    out = []
    for pl, r in zip(spot.players, spot.ranges):
        out.append(1 if pl.fixed else math.comb(n_left, spot.hole) if pl.random else len(_given(r)))
    return out


def _exact_cost(spot: _Spot) -> float:
    m = 5 - spot.board.size
    return (math.prod(_holding_counts(spot)) * _GROUPS_BY_MISSING[m]
            * _PAIR_COST[spot.hole])


def _card_masks(hands: np.ndarray) -> np.ndarray:
    masks: np.ndarray = np.bitwise_or.reduce(np.left_shift(np.uint64(1), hands.astype(np.uint64)),
                                             axis=1)
    return masks


def _player_table(spot: _Spot, p: int) -> tuple[np.ndarray, np.ndarray]:
    """(hands (n, k), weights normalised to a maximum of 1) of one player, for enumeration."""
    pl = spot.players[p]
    if pl.fixed:
        return pl.fixed_hand()[None, :], np.ones(1)
    if pl.random:
        deck = _deck_left(spot)
        n = math.comb(deck.size, spot.hole)
        idx = np.fromiter((c for combo in combinations(range(deck.size), spot.hole) for c in combo),
                          dtype=np.intp, count=n * spot.hole).reshape(n, spot.hole)
        return deck[idx], np.ones(n)
    r = _given(spot.ranges[p])
    return r.hands, _normalised(r.weights)


def _normalised(weights: np.ndarray) -> np.ndarray:
    """Weights scaled to a maximum of 1 (sums of them stay finite whatever the parser allowed)."""
    w = np.asarray(weights, dtype=np.float64)
    if w.size == 0:
        return w
    if not np.all(np.isfinite(w)) or not np.all(w > 0):
        raise RangeError("range weights must be positive and finite")
    scaled: np.ndarray = w / w.max()
    return scaled


def _holding_tuples(tables: Sequence[tuple[np.ndarray, np.ndarray]]) -> tuple[np.ndarray, np.ndarray]:
    """Every collision-free choice of one holding per player: (T, P) row indices, (T,) weights."""
    hands0, w0 = tables[0]
    idx = np.arange(hands0.shape[0], dtype=np.int64)[:, None]
    masks = _card_masks(hands0)
    weights = w0.astype(np.float64)
    for hands, w in tables[1:]:
        m = _card_masks(hands)
        ok = (masks[:, None] & m[None, :]) == 0
        a, b = np.nonzero(ok)
        idx = np.concatenate([idx[a], b[:, None]], axis=1)
        masks = masks[a] | m[b]
        weights = weights[a] * w[b]
    return idx, weights


def _exact_ranges(spot: _Spot, workers: int,
                  progress: Optional[ProgressFn]) -> tuple[np.ndarray, int, bool, int]:
    """Exact over every holding combination: (stats, deals, integer-exact?, combinations)."""
    tables = [_player_table(spot, p) for p in range(len(spot.players))]
    idx, weights = _holding_tuples(tables)
    if idx.shape[0] == 0:
        raise RangeError("the ranges leave no collision-free combination of holdings")
    P = len(tables)
    uniform = all(np.all(w == 1.0) for _, w in tables)
    # integer sums stay far below 2**63 within the exact budget
    total = np.zeros((P, 7), dtype=np.int64 if uniform else np.float64)
    boards_each = 0
    n = idx.shape[0]
    # about twenty calls (a progress bar moves, Ctrl-C is seen), none longer than ~0.1 s
    per_combo = _GROUPS_BY_MISSING[5 - spot.board.size] * _PAIR_COST[spot.hole]
    block = int(max(1, min(1 << 16, -(-n // 20), 300_000 // per_combo)))
    board = spot.board[None, :] if spot.board.size else np.zeros((1, 0), dtype=np.uint8)
    for start in range(0, n, block):
        sel = idx[start:start + block]
        holes = np.empty((sel.shape[0], P, spot.hole), dtype=np.uint8)
        for p, (hands, _) in enumerate(tables):
            holes[:, p, :] = hands[sel[:, p]]
        stats, counts = _core.exact_batch(holes, board, spot.dead, spot.game, workers)
        boards_each = int(counts[0])
        if uniform:
            total += stats.sum(axis=0)
        else:
            total += np.tensordot(weights[start:start + block], stats.astype(np.float64), axes=1)
        if progress:
            progress(min(start + block, n), n)
    if uniform:
        return total, n * boards_each, True, n
    # weighted: rescale so that the weights sum to the number of combinations
    wsum = float(weights.sum())
    if not wsum > 0 or not math.isfinite(wsum):
        raise RangeError("the range weights are too far apart to combine (their products "
                         "underflow)")
    return total * (n / wsum), n * boards_each, False, n


def _mc_slice(players: int, workers: int) -> int:
    """Trials per native call: about a tenth of a second, in whole streams."""
    return MC_CHUNK * max(2, 48 // players) * workers


def _monte_carlo(spot: _Spot, trials: int, seed: int, workers: int,
                 progress: Optional[ProgressFn]) -> np.ndarray:
    P = len(spot.players)
    rows, cums = [], []
    weighted = False
    for pl, r in zip(spot.players, spot.ranges):
        if pl.fixed:
            rows.append(pl.fixed_hand()[None, :])
            cums.append(np.ones(1))
        elif pl.random:
            rows.append(np.zeros((0, spot.hole), dtype=np.uint8))
            cums.append(np.zeros(0))
        else:
            r = _given(r)
            rows.append(r.hands)
            w = _normalised(r.weights)
            weighted |= not np.all(w == 1.0)
            cums.append(np.cumsum(w))
    hands = np.ascontiguousarray(np.concatenate(rows), dtype=np.uint8)
    offsets = np.zeros(P + 1, dtype=np.uintp)
    offsets[1:] = np.cumsum([x.shape[0] for x in rows])
    cum = np.ascontiguousarray(np.concatenate(cums)) if weighted else None
    step = _mc_slice(P, workers)
    if progress is not None:  # progress reports need several calls; streams keep the sums
        step = min(step, max(MC_CHUNK, (trials // 50) // MC_CHUNK * MC_CHUNK))
    total = np.zeros((P, 7), dtype=np.int64)
    begin = 0
    while begin < trials:
        end = min(trials, begin + step)
        status, stats, _ = _core.monte_carlo(hands, offsets, cum, spot.board, spot.dead,
                                             spot.game, seed, begin, end, workers)
        if status:
            raise RangeError("the ranges almost never leave a collision-free combination of "
                             "holdings (100,000 draws in a row collided)")
        total += stats
        begin = end
        if progress:
            progress(begin, trials)
    return total


# ---------------------------------------------------------------- public API


@lru_cache(maxsize=2048)
def _text_spot(hands: tuple[str, ...], board: str, dead: str, game: str) -> _Spot:
    """Spots given as text, cached: repeated small calls skip the parsing and checks."""
    return _spot(hands, board, dead, game)


def equity(
    hands: Sequence[HandLike],
    board: Any = "",
    dead: Any = "",
    *,
    game: str = "hi",
    trials: Optional[int] = None,
    seed: SeedLike = None,
    workers: int = 1,
    progress: Optional[ProgressFn] = None,
) -> EquityResult:
    """Each player's share of the pot.

    Parameters
    ----------
    hands : sequence
        2 to 10 players (8 with five cards, 7 with six), each a hand (``"AsKsQhJh"``, a list of
        card ids), a range (``"AA**ds, KK**:0.5"``, a :class:`~omaha_eval.ranges.Range`) or
        ``"random"``. Every player holds the same number of cards (4, 5 or 6).
    board : str or sequence, optional
        0 to 5 known board cards (one card: Courchevel before the flop).
    dead : str or sequence, optional
        Cards out of play.
    game : str
        ``"hi"``, ``"hilo"`` (8 or better) or a variant name from :data:`VARIANTS`
        (``"plo5"``, ``"plo5-8"``, ``"courchevel"``, ...), which also fixes the hole count.
    trials : int, optional
        None enumerates every remaining board exactly (and, for ranges, every collision-free
        combination of holdings, weighted), unless that exceeds :data:`EXACT_BUDGET`, in which
        case :data:`DEFAULT_TRIALS` trials are sampled. An int samples that many deals (at most
        :data:`MAX_TRIALS`). With a complete board and fixed hands the showdown is settled
        exactly.
    seed : int or numpy.random.Generator, optional
        Seed of the sampling, 0 .. 2**64 - 1; None draws a fresh one (reported in the result's
        ``seed``, and in its text). The same seed gives the same numbers on any machine and
        for any ``workers``.
    workers : int
        Threads (-1 = all cores; at most :data:`MAX_WORKERS`). Results never depend on it.
    progress : callable, optional
        ``progress(done, total)`` is called as the work advances (used by the CLI).

    Returns
    -------
    EquityResult
        Per player: equity, its standard error, win, tie and scoop rates; how it was computed
        (exact boards, or trials and seed, and why it sampled when it was not asked to).

    Raises
    ------
    CardError
        A bad or repeated card, a hand of the wrong size, players of different hole counts.
    RangeError
        Bad range text, or ranges that cannot all be dealt (with the reason).
    ValueError
        A bad player count, game, trials, seed or workers value.

    Examples
    --------
    >>> r = equity(["AsKsQhJh", "2c2d7h8s"], "Ts9h3c")
    >>> r.exact, r.boards, [round(float(x), 4) for x in r.equity]
    (True, 820, [0.6232, 0.3768])
    >>> r = equity(["AsAhKsQdJc", "2c3d4h5s6c"], "Kd", game="courchevel-8")
    >>> r.hole_cards, r.boards
    (5, 101270)

    Exact preflop (every board; pot shares are integers, so the result is an exact fraction):

    >>> import omaha_eval as oe
    >>> r = oe.equity(["AsKsQhJh", "2c2d7h8s"])
    >>> r.equity.round(4), r.boards
    (array([0.642, 0.358]), 1086008)

    Monte Carlo, seeded, three-way:

    >>> r = oe.equity(["AsKsQhJh", "2c2d7h8s", "Td9d8c7c"], trials=100_000, seed=1)
    >>> print(r)
    hand       equity      +/-   hi win   hi tie
    --------------------------------------------
    AsKsQhJh   47.20%    0.16%   47.20%    0.00%
    2c2d7h8s   16.97%    0.11%   14.79%    4.37%
    Td9d8c7c   35.83%    0.15%   33.64%    4.37%
    hi, preflop: Monte Carlo, 100,000 trials, seed 1

    A range against a hand (exact: every holding of the range on every board):

    >>> r = oe.equity(["AsKsQhJh", "KK**"], board="Ts9d3c")
    >>> r.holdings, r.boards, r.equity.round(4)
    (2625, 820, array([0.5056, 0.4944]))

    A card cannot be in two places (players count from 0, as in the result's arrays):

    >>> oe.equity(["AsKsQhJh", "AsKd7h2c"])
    Traceback (most recent call last):
    ...
    omaha_eval.errors.CardError: card As is used twice: in player 0's hand and in player 1's hand
    """
    if (type(hands) in (list, tuple) and type(board) is str and type(dead) is str
            and type(game) is str and all(type(h) is str for h in hands)):
        spot = _text_spot(tuple(hands), board, dead, game)
        if spot.is_fixed and trials is None:
            # the small-call path: a cached spot straight to C and back (a few microseconds;
            # the engine itself keeps small spots on one thread whatever `workers` says)
            stats, n_boards = _core.exact_packed(spot.packed(), len(spot.players), spot.hole,
                                                 spot.board.size, spot.dead.size, spot.game,
                                                 _workers(workers))
            return _result(spot, stats, n_boards, True, None, True)
    else:
        spot = _spot(hands, board, dead, game)
    n_trials = _trials(trials)
    w = _workers(workers)
    if spot.fixed and (n_trials is None or spot.board.size == 5):
        sums, n_boards = _exact_fixed(spot, w)
        return _result(spot, sums, n_boards, True, None, True)
    if n_trials is None and _exact_cost(spot) <= EXACT_BUDGET and all(
            not pl.random or c <= _RANDOM_TABLE_LIMIT
            for pl, c in zip(spot.players, _holding_counts(spot))):
        sums_r, deals, integer, combos = _exact_ranges(spot, w, progress)
        return _result(spot, sums_r, deals, True, None, integer, combos)
    s = _seed(seed)
    n = n_trials if n_trials is not None else DEFAULT_TRIALS
    sums_mc = _monte_carlo(spot, n, s, w, progress)
    why = None
    if n_trials is None:
        why = (f"exact enumeration would visit up to {math.prod(_holding_counts(spot)):,} "
               "holding combinations, above the exact budget")
    return _result(spot, sums_mc, n, False, s, False, sampled_because=why)


def _text_batch(values: Any, what: str) -> Any:
    """Nested lists whose leaves are card texts ("AsKsQhJh") as an array of card ids; any
    other input unchanged (arrays of ids go straight to the checks)."""
    if isinstance(values, np.ndarray) and values.dtype.kind not in "USO":
        return values
    probe = values
    while isinstance(probe, (list, tuple, np.ndarray)) and len(probe):
        probe = probe[0]
    if not isinstance(probe, str):
        return values

    def convert(item: Any, where: tuple[int, ...]) -> Any:
        if isinstance(item, str):
            try:
                return _cards(item, "").tolist()
            except CardError as exc:
                message = str(exc).removeprefix(": ") if hasattr(str, "removeprefix") else str(exc)
                raise CardError(f"{what} {where if len(where) > 1 else where[0]}: "
                                f"{message.lstrip(': ')}") from None
        return [convert(x, where + (k,)) for k, x in enumerate(item)]

    converted = convert(values, ())
    try:
        return np.asarray(converted)
    except ValueError:  # ragged: not every row has the same number of cards
        raise CardError(f"{what}: every row must have the same number of cards") from None


def _batch_arrays(holes: Any, boards: Any, dead: Any, min_players: int = 2,
                  what: str = "matchup") -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Checked uint8 (N, P, k) holes, (N or 1, j) boards and dead cards (private copies).

    The input is copied first and the copy is checked and used: another thread that changes the
    caller's buffer meanwhile cannot slip unchecked bytes into the native call. Nested lists of
    card texts are read as card ids first."""
    h = np.array(_text_batch(holes, "holes"), copy=True)
    if h.size == 0 and h.dtype.kind not in "iu" and h.ndim == 3:
        h = h.astype(np.int64)  # an empty batch given as [] or a float array of shape (0, P, k)
    if h.dtype.kind not in "iu":
        raise CardError(f"holes must be card ids or card text, got dtype {h.dtype}")
    if h.ndim != 3 or h.shape[2] not in HOLE_COUNTS:
        raise CardError(f"holes must have shape (N, P, k) with k = 4, 5 or 6, got {h.shape}")
    most = max_players(h.shape[2])
    if not min_players <= h.shape[1] <= most:
        raise ValueError(f"expected {min_players} to {most} players of {h.shape[2]} cards, got "
                         f"{h.shape[1]}")
    n = h.shape[0]
    if boards is None:
        b = np.zeros((1, 0), dtype=np.int64)
    elif isinstance(boards, str):
        b = _cards(boards, "board")[None, :].astype(np.int64)
    else:
        b = np.array(_text_batch(boards, "boards"), copy=True)
        if b.size == 0 and b.dtype.kind not in "iu":
            b = b.astype(np.int64)
        if b.dtype.kind not in "iu":
            raise CardError(f"boards must be card ids or card text, got dtype {b.dtype}")
        if b.ndim == 1:
            b = b[None, :]
        if b.ndim != 2 or b.shape[0] not in (1, n):
            raise CardError(f"boards must have shape (N, j) or (j,), got {np.shape(boards)}")
    if b.shape[1] > 5:
        raise CardError(f"a board has 0 to 5 cards, got {b.shape[1]}")
    d = _cards(dead if dead is not None else "", "dead cards").astype(np.int64)
    if h.shape[1] * h.shape[2] + 5 + d.size > 52:
        raise ValueError(f"{h.shape[1]} players of {h.shape[2]} cards, a board and {d.size} dead "
                         "cards need more than the 52 cards of a deck")
    # every card of every matchup, to check ids and duplicates in one pass
    allc = np.concatenate([h.reshape(n, h.shape[1] * h.shape[2]).astype(np.int64),
                           np.broadcast_to(b, (n, b.shape[1])),
                           np.broadcast_to(d, (n, d.size))], axis=1)
    if allc.size and (allc.min() < 0 or allc.max() > 51):
        row, col = np.argwhere((allc < 0) | (allc > 51))[0]
        raise CardError(f"card id {int(allc[row, col])} outside 0..51 in {what} {int(row)}")
    srt = np.sort(allc, axis=1)
    dup = srt[:, 1:] == srt[:, :-1]
    if dup.any():
        row = int(np.flatnonzero(dup.any(axis=1))[0])
        card = int(srt[row, 1:][dup[row]][0])
        raise CardError(f"card {card_to_str(card)} is used twice in {what} {row}")
    return (np.ascontiguousarray(h, dtype=np.uint8), np.ascontiguousarray(b, dtype=np.uint8),
            np.ascontiguousarray(d, dtype=np.uint8))


def _row_slice(n_board: int, trials: Optional[int], players: int, hole: int, workers: int) -> int:
    """Matchups per native call in equity_batch: about a tenth of a second of work."""
    if trials is not None:
        return max(1, 200_000 // max(trials, 1)) * workers
    per_row = {0: 8, 1: 16, 2: 64, 3: 512, 4: 4096, 5: 65536}[n_board]
    return max(1, int(per_row * 4 / (players * _PAIR_COST[hole]))) * workers


@overload
def equity_batch(holes: Any, boards: Any = ..., dead: Any = ..., *, game: str = ...,
                 trials: Optional[int] = ..., seed: SeedLike = ..., workers: int = ...,
                 return_std_error: Literal[False] = ...) -> npt.NDArray[np.float64]: ...
@overload
def equity_batch(holes: Any, boards: Any = ..., dead: Any = ..., *, game: str = ...,
                 trials: Optional[int] = ..., seed: SeedLike = ..., workers: int = ...,
                 return_std_error: Literal[True]
                 ) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]: ...
def equity_batch(
    holes: Any,
    boards: Any = None,
    dead: Any = None,
    *,
    game: str = "hi",
    trials: Optional[int] = None,
    seed: SeedLike = None,
    workers: int = 1,
    return_std_error: bool = False,
) -> Union[npt.NDArray[np.float64], tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]]:
    """Equities of N matchups of fixed hands at once, without a Python loop.

    Parameters
    ----------
    holes : array_like
        Card ids, shape (N, P, k) with k = 4, 5 or 6 hole cards (N may be 0), or nested lists
        of hand texts (``[["AsKsQhJh", "2c2d7h8s"], ...]``).
    boards : array_like or str, optional
        None (preflop), one board shared by every matchup (text or (j,) ids), or one per
        matchup ((N, j) ids or a list of N texts), with j in 0..5.
    dead : str or sequence, optional
        Cards out of play in every matchup.
    game : str
        ``"hi"``, ``"hilo"`` or a variant name (:data:`VARIANTS`; its hole count must match k).
    trials : int, optional
        Exact by default; with ``trials``, each matchup is sampled with its own stream: row i
        uses ``seed`` mixed with i, so rows are independent and the result does not depend on
        ``workers``.
    seed, workers
        As in :func:`equity`.
    return_std_error : bool
        Also return the (N, P) standard errors (zeros when exact).

    Returns
    -------
    equity : numpy.ndarray of float64
        (N, P): row i equals ``equity(holes[i], ...).equity``.
    std_error : numpy.ndarray of float64
        (N, P), only with ``return_std_error=True``.

    Raises
    ------
    CardError
        Bad cards, wrong shapes, a card used twice in a matchup (which one is named).
    ValueError
        A bad number of players, ``game``, ``trials``, ``seed`` or ``workers``.

    Examples
    --------
    >>> eq = equity_batch([[[51, 47, 42, 38], [0, 1, 22, 27]]], boards=[32, 29, 4])
    >>> eq.shape, round(float(eq[0, 0] + eq[0, 1]), 12)
    ((1, 2), 1.0)
    >>> import numpy as np
    >>> import omaha_eval as oe
    >>> oe.equity_batch([["AsKsQhJh", "2c2d7h8s"], ["AhAd2c3c", "KsKh7d8d"]], "Ts9d4c").round(4)
    array([[0.6049, 0.3951],
           [0.5622, 0.4378]])
    >>> eq, se = oe.equity_batch([["AsKsQhJh", "2c2d7h8s"]], trials=10_000, seed=2,
    ...                          return_std_error=True)
    >>> eq.round(3), se.round(3)
    (array([[0.642, 0.358]]), array([[0.005, 0.005]]))
    >>> oe.equity_batch(np.zeros((0, 3, 4), dtype=np.uint8)).shape  # an empty batch
    (0, 3)
    """
    g, fixed_hole = _game(game)
    h, b, d = _batch_arrays(holes, boards, dead)
    if fixed_hole is not None and h.shape[2] != fixed_hole:
        raise CardError(f"holes of {h.shape[2]} cards; {game!r} deals {fixed_hole}")
    n_trials = _trials(trials)
    w = _workers(workers)
    n, P = h.shape[0], h.shape[1]
    exact = n_trials is None or b.shape[1] == 5
    mc_trials = 0 if n_trials is None else n_trials  # used only when not exact
    s = 0 if exact else _seed(seed)
    stats = np.zeros((n, P, 7), dtype=np.int64)
    counts = np.zeros(n, dtype=np.uint64)
    shared = b.shape[0] == 1
    if not exact and mc_trials > 4 * _mc_slice(P, w):
        # long rows: one row at a time, in slices of streams (same sums as the batch kernel)
        offsets = np.arange(P + 1, dtype=np.uintp)
        for i in range(n):
            row = h[i]
            brow = b[0] if shared else b[i]
            rs = _core.row_seed(s, i)
            step = _mc_slice(P, w)
            for begin in range(0, mc_trials, step):
                _, st, _ = _core.monte_carlo(row, offsets, None, brow, d, g, rs, begin,
                                             min(mc_trials, begin + step), w)
                stats[i] += st
    else:
        step = _row_slice(b.shape[1], n_trials, P, h.shape[2], w)
        for begin in range(0, n, step):
            end = min(n, begin + step)
            bs = b if shared else b[begin:end]
            if exact:
                stats[begin:end], counts[begin:end] = _core.exact_batch(h[begin:end], bs, d, g, w)
            else:
                stats[begin:end] = _core.monte_carlo_batch(h[begin:end], bs, d, g, mc_trials, s,
                                                           w, begin)
    if exact:
        # the same float operations as equity(), so that a row equals the single call
        eq = (stats[:, :, _SHARE].astype(np.float64) / POT) / counts.astype(np.float64)[:, None]
        se = np.zeros_like(eq)
    else:
        eq = (stats[:, :, _SHARE].astype(np.float64) / POT) / float(mc_trials)
        mean_sq = stats[:, :, _SHARE_SQ] / (POT * POT) / float(mc_trials)
        var = np.maximum(mean_sq - eq ** 2, 0.0) * (mc_trials / max(mc_trials - 1, 1))
        se = np.sqrt(var / mc_trials)
    return (eq, se) if return_std_error else eq


@lru_cache(maxsize=2048)
def _text_deal(holes: tuple[str, ...], board: str) -> tuple[np.ndarray, np.ndarray, bytes]:
    """One deal given as text, checked and cached (read-only arrays, and the cards packed)."""
    rows = [_cards(x, f"player {p}") for p, x in enumerate(holes)]
    for p, row in enumerate(rows):
        if row.size not in HOLE_COUNTS:
            raise CardError(f"player {p}: a hand has 4, 5 or 6 cards, got {row.size}")
        if row.size != rows[0].size:
            raise CardError(f"every player holds the same number of cards: player 0 has "
                            f"{rows[0].size}, player {p} has {row.size}")
    h, b, _ = _batch_arrays(np.stack(rows)[None], _cards(board, "board")[None, :], None,
                            min_players=1, what="deal")
    if b.shape[1] != 5:
        raise CardError(f"boards must have 5 cards, got {b.shape[1]}")
    h.flags.writeable = False
    b.flags.writeable = False
    return h, b, h.tobytes() + b.tobytes()


@lru_cache(maxsize=2048)
def _text_showdown(holes: tuple[Any, ...], board: str,
                   game: str) -> Optional[tuple[bytes, int, int, int]]:
    """(packed cards, players, hole count, game code) of one deal given as hand texts, checked
    and cached; None when the hands are not all text (the general path takes them)."""
    if not holes or not all(type(x) is str for x in holes):
        return None
    g, fixed_hole = _game(game)
    hh, _, packed = _text_deal(holes, board)
    if fixed_hole is not None and hh.shape[2] != fixed_hole:
        raise CardError(f"holes of {hh.shape[2]} cards; {game!r} deals {fixed_hole}")
    return packed, int(hh.shape[1]), int(hh.shape[2]), g


def showdown(holes: Any, boards: Any, *, game: str = "hi", workers: int = 1) -> ShowdownResult:
    """Settles complete deals: each player's share of the pot, and per-player counts.

    Parameters
    ----------
    holes : array_like or list of str
        (N, P, k) card ids (k = 4, 5 or 6; N may be 0), or (P, k), or a list of P hand texts
        (one deal).
    boards : array_like or str
        (N, 5), or (5,) / text shared by every deal.
    game : str
        ``"hi"``, ``"hilo"`` or a variant name (:data:`VARIANTS`).
    workers : int
        Threads; results never depend on it.

    Returns
    -------
    ShowdownResult
        The high half goes to the best high hand, the low half (hi-lo) to the best qualifying
        low, ties split their half, and the high hand scoops when no low qualifies.

    Examples
    --------
    >>> r = showdown(["AsKsQhJh", "2c2d7h8s"], "Ts9h3c4d5s", game="hilo")
    >>> r.share.tolist(), r.scoop.tolist()
    ([[0.0, 1.0]], [0, 1])
    >>> r = showdown(["AsKsQhJh", "2c2d7h8s"], "Ts9s8h3d4c")
    >>> r.share, r.share_units
    (array([[1., 0.]]), array([[5040,    0]]))
    """
    if type(holes) in (list, tuple) and type(boards) is str:
        # one deal as text: checked once and cached, then straight to C and back as two bytes
        try:
            deal = _text_showdown(tuple(holes), boards, game)
        except TypeError:  # unhashable rows (lists, arrays) or game: the general path
            deal = None
        if deal is not None and type(workers) is int and 1 <= workers <= MAX_WORKERS:
            return ShowdownResult._of(*_core.showdown_packed(*deal))  # one deal, one thread
    g, fixed_hole = _game(game)
    w = _workers(workers)
    if (type(holes) in (list, tuple) and holes and all(type(x) is str for x in holes)
            and isinstance(boards, str)):
        hh, bb, _ = _text_deal(tuple(holes), boards)
    else:
        if isinstance(holes, (list, tuple)) and holes and all(isinstance(x, str) for x in holes):
            holes = np.stack([_cards(x, f"player {p}") for p, x in enumerate(holes)])
        h = np.asarray(holes)
        if h.ndim == 2:
            h = h[None]
        if isinstance(boards, str):
            boards = _cards(boards, "board")
        b = np.asarray(boards)
        if b.ndim == 1:
            b = b[None, :]
        if h.ndim != 3 or h.shape[-1] not in HOLE_COUNTS:
            raise CardError(f"holes must have shape (N, P, k) with k = 4, 5 or 6, got "
                            f"{np.shape(holes)}")
        if b.ndim != 2 or b.shape[1] != 5 or b.shape[0] not in (1, h.shape[0]):
            raise CardError(f"boards must have shape (N, 5) or (5,), got {np.shape(boards)}")
        hh, bb, _ = _batch_arrays(h, b, None, min_players=1, what="deal")
    if fixed_hole is not None and hh.shape[2] != fixed_hole:
        raise CardError(f"holes of {hh.shape[2]} cards; {game!r} deals {fixed_hole}")
    n = hh.shape[0]
    step = 1 << 16
    if n <= step:
        shares, flags = _core.showdown(hh, bb, g, w)
    else:  # slices, so that Ctrl-C is seen between them
        shares = np.empty((n, hh.shape[1]), dtype=np.uint16)
        flags = np.empty((n, hh.shape[1]), dtype=np.uint8)
        for begin in range(0, n, step):
            end = min(n, begin + step)
            bs = bb if bb.shape[0] == 1 else bb[begin:end]
            shares[begin:end], flags[begin:end] = _core.showdown(hh[begin:end], bs, g, w)
    return ShowdownResult._of(shares, flags)
