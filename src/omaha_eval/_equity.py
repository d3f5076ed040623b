"""Equity: each player's share of the pot, exactly or by sampling, hi or hi-lo, hands or ranges.

* :func:`equity` -- one spot: 2 to 10 players (hands or ranges, see :mod:`omaha_eval.ranges`),
  a board of 0, 3, 4 or 5 known cards, dead cards. Exact enumeration of every remaining board
  by default; Monte Carlo when ``trials`` is given (or when exact is unaffordable, see below).
* :func:`equity_batch` -- many matchups of fixed hands at once: ``(N, P, 4)`` holes, optional
  boards, returns the ``(N, P)`` equities without a Python loop.
* :func:`showdown` -- complete deals: each player's share of the pot and the win/tie/scoop counts.

Pot shares are computed as integers in units of :data:`POT` (5040 = 2 * lcm(1..10)), so exact
results are exact fractions (:meth:`EquityResult.fractions`) and never depend on ``workers``.
Monte Carlo results depend only on ``seed`` (not on ``workers``): trials come in fixed streams of
``MC_CHUNK``, each with its own generator derived from the seed.

When is exact affordable? With fixed hands, always: boards are grouped by rank multiset (about
6,000 groups preflop) with only flush-capable boards handled one suit pattern at a time, so even
a preflop spot takes milliseconds. With ranges, every collision-free combination of holdings is
enumerated; when that would cost more than about :data:`EXACT_BUDGET` board-groups of work,
``equity`` samples :data:`DEFAULT_TRIALS` trials instead and says so (``exact=False``).
"""

from __future__ import annotations

import math
import secrets
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any, Callable, Literal, Optional, Sequence, Union, overload

import numpy as np
import numpy.typing as npt

from . import _core
from .cards import CardError, card_to_str, format_cards, parse_cards
from .evaluate import _workers
from .ranges import Range, RangeError, parse_range

__all__ = [
    "EquityResult",
    "ShowdownResult",
    "equity",
    "equity_batch",
    "showdown",
    "POT",
    "DEFAULT_TRIALS",
]

POT: int = int(_core.POT)
MC_CHUNK: int = int(_core.MC_CHUNK)
MAX_PLAYERS: int = int(_core.MAX_PLAYERS)
DEFAULT_TRIALS = 1_000_000
# Work units for exact enumeration with ranges: holding combinations times the rank-multiset
# groups one combination costs (preflop ~6,000; flop ~100; turn ~13; river 1); a unit is about
# 0.3 us here, so the budget is about a second.
EXACT_BUDGET = 4_000_000
_GROUPS_PER_COMBO = {5: 6_000, 2: 120, 1: 15, 0: 2}
_GAMES = {"hi": 0, "hilo": 1}
# stats columns from the native core
_SHARE, _SHARE_SQ, _HI_WIN, _HI_TIE, _LO_WIN, _LO_TIE, _SCOOP = range(7)
_RATE_NAMES = ("hi_win", "hi_tie", "lo_win", "lo_tie", "scoop")

HandLike = Union[str, Range, Sequence[int], npt.ArrayLike]
SeedLike = Union[None, int, np.random.Generator]
ProgressFn = Callable[[int, int], None]


# ---------------------------------------------------------------- results


@dataclass(frozen=True, eq=False)  # arrays inside: compare fields, not results
class EquityResult:
    """What :func:`equity` found, per player (arrays of length P, in the order given).

    ``str(result)`` is a table; :meth:`to_dict` a JSON-ready dict; :meth:`fractions` the exact
    equities of an exact result.

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
    equity : numpy.ndarray of float64
        The share of the pot each player wins on average.
    std_error : numpy.ndarray of float64
        The standard error of ``equity`` (zeros when exact).
    hi_win, hi_tie, lo_win, lo_tie, scoop : numpy.ndarray of float64
        Rates of winning the high half alone, sharing it, the same for the low half (zeros in
        ``"hi"``), and winning the whole pot alone.
    seed : int or None
        The seed a sampled result used (None when exact): pass it again to repeat the run.
    holdings : int
        Collision-free holding combinations enumerated (1 for fixed hands).
    sampled_because : str or None
        Why ``equity`` sampled without being asked to (ranges above the exact budget).

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
    equity: np.ndarray
    std_error: np.ndarray
    hi_win: np.ndarray
    hi_tie: np.ndarray
    lo_win: np.ndarray
    lo_tie: np.ndarray
    scoop: np.ndarray
    seed: Optional[int] = None
    holdings: int = 1
    sampled_because: Optional[str] = None
    _share_sums: Optional[tuple[int, ...]] = field(default=None, repr=False)

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
        if self._share_sums is None:
            raise ValueError("fractions are only available for exact, unweighted results")
        return tuple(Fraction(s, POT * self.deals) for s in self._share_sums)

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
        lines.append(f"{'hi-lo' if hilo else 'hi'}, {board}{dead}: {what}")
        return "\n".join(lines)


@dataclass(frozen=True, eq=False)  # arrays inside: compare fields, not results
class ShowdownResult:
    """Complete deals settled by :func:`showdown`.

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

    share: np.ndarray
    share_units: np.ndarray
    hi_win: np.ndarray
    hi_tie: np.ndarray
    lo_win: np.ndarray
    lo_tie: np.ndarray
    scoop: np.ndarray


# ---------------------------------------------------------------- input checks


def _game(game: str) -> int:
    if game not in _GAMES:
        raise ValueError(f"game must be 'hi' or 'hilo', got {game!r}")
    return _GAMES[game]




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


def _fixed_hand(ids: np.ndarray) -> tuple[str, Range]:
    name = format_cards(ids)
    hands = np.sort(ids)[None, :]
    hands.flags.writeable = False
    return name, Range(name, hands, np.ones(1))


@lru_cache(maxsize=4096)
def _player_text(hand: str) -> tuple[str, Range]:
    """A hand or range given as text, cached; errors carry no player number (added by caller)."""
    try:
        ids = parse_cards(hand)
    except CardError:
        return hand.strip(), parse_range(hand)
    if ids.size != 4:
        raise CardError(f"hand {hand!r} has {ids.size} cards; an Omaha hand has 4")
    return _fixed_hand(ids)


def _player(hand: HandLike, p: int) -> tuple[str, Range]:
    """(display text, holdings) of one player given as a hand, a range text or a Range."""
    who = f"player {p}"
    if isinstance(hand, Range):
        return hand.text, hand
    if isinstance(hand, str):
        try:
            return _player_text(hand)
        except (CardError, RangeError) as exc:
            raise type(exc)(f"{who}: {exc}") from None
    try:
        ids = parse_cards(hand)
    except CardError as exc:
        raise CardError(f"{who}: {exc}") from None
    if ids.ndim != 1 or ids.size != 4:
        raise CardError(f"{who}: an Omaha hand has 4 cards, got shape {ids.shape}")
    return _fixed_hand(ids)


def _place(card: int, places: dict[int, str], where: str) -> None:
    if card in places:
        raise CardError(f"card {card_to_str(card)} is used twice: in {places[card]} and in {where}")
    places[card] = where


@dataclass
class _Spot:
    names: list[str]
    ranges: list[Range]
    board: np.ndarray
    dead: np.ndarray
    game: int

    @property
    def fixed(self) -> bool:
        return all(r.is_single for r in self.ranges)


def _spot(hands: Sequence[HandLike], board: Any, dead: Any, game: str) -> _Spot:
    g = _game(game)
    if isinstance(hands, (str, Range)) or not isinstance(hands, Sequence) and not isinstance(
            hands, np.ndarray):
        raise ValueError("hands must be a sequence of hands or ranges, one per player")
    if not 2 <= len(hands) <= MAX_PLAYERS:
        raise ValueError(f"equity needs 2 to {MAX_PLAYERS} players, got {len(hands)}")
    board_ids = _cards(board if board is not None else "", "board")
    dead_ids = _cards(dead if dead is not None else "", "dead cards")
    if board_ids.size not in (0, 3, 4, 5):
        raise CardError(f"board: a board has 0, 3, 4 or 5 cards, got {board_ids.size}")
    players = [_player(h, p) for p, h in enumerate(hands)]
    places: dict[int, str] = {}
    for c in board_ids.tolist():
        _place(c, places, "the board")
    for c in dead_ids.tolist():
        _place(c, places, "the dead cards")
    for p, (_, rng) in enumerate(players):
        if rng.is_single:
            for c in rng.hands[0].tolist():
                _place(c, places, f"player {p}'s hand")
    needed = 4 * len(players) + board_ids.size + dead_ids.size + (5 - board_ids.size)
    if needed > 52:
        raise ValueError(f"{len(players)} players, {board_ids.size} board and {dead_ids.size} dead "
                         f"cards need {needed} cards; a deck has 52")
    known = np.array(sorted(places), dtype=np.uint8)
    ranges = []
    for p, (name, rng) in enumerate(players):
        if rng.is_single:
            ranges.append(rng)
            continue
        left = rng.remove(known)
        if len(left) == 0:
            raise RangeError(f"player {p}: range {name!r} has no holding left once the known "
                             "cards are removed")
        ranges.append(left)
    return _Spot([n for n, _ in players], ranges, board_ids, dead_ids, g)


# ---------------------------------------------------------------- result assembly


def _from_stats(spot: _Spot, stats: np.ndarray, deals: int, exact: bool, seed: Optional[int],
                exact_sums: bool, holdings: int = 1,
                sampled_because: Optional[str] = None) -> EquityResult:
    """Builds the result from integer stats (P, 7) summed over `deals` equally likely deals."""
    sums = tuple(int(v) for v in stats[:, _SHARE]) if exact and exact_sums else None
    stats = np.asarray(stats, dtype=np.float64)
    denom = float(deals)
    share = stats[:, _SHARE] / POT
    equity_ = share / denom
    if exact:
        se = np.zeros(len(spot.names))
    else:
        mean_sq = stats[:, _SHARE_SQ] / (POT * POT) / denom
        var = np.maximum(mean_sq - equity_ ** 2, 0.0) * (denom / max(denom - 1.0, 1.0))
        se = np.sqrt(var / denom)
    rates = {name: stats[:, col] / denom
             for name, col in zip(_RATE_NAMES, (_HI_WIN, _HI_TIE, _LO_WIN, _LO_TIE, _SCOOP))}
    return EquityResult(tuple(spot.names), format_cards(spot.board), format_cards(spot.dead),
                        "hilo" if spot.game == 1 else "hi", exact, int(deals), equity_, se,
                        seed=seed, holdings=holdings, sampled_because=sampled_because,
                        _share_sums=sums, **rates)


# ---------------------------------------------------------------- engines


def _exact_fixed(spot: _Spot, workers: int) -> tuple[np.ndarray, int]:
    holes = np.ascontiguousarray(np.stack([r.hands[0] for r in spot.ranges]), dtype=np.uint8)
    return _core.exact(holes, spot.board, spot.dead, spot.game, workers)


def _combos_upper_bound(ranges: Sequence[Range]) -> int:
    return math.prod(len(r) for r in ranges)


def _exact_cost(spot: _Spot) -> int:
    m = 5 - spot.board.size
    return _combos_upper_bound(spot.ranges) * _GROUPS_PER_COMBO.get(m, 6_000)


def _card_masks(hands: np.ndarray) -> np.ndarray:
    masks: np.ndarray = np.bitwise_or.reduce(np.left_shift(np.uint64(1), hands.astype(np.uint64)),
                                             axis=1)
    return masks


def _holding_tuples(ranges: Sequence[Range]) -> tuple[np.ndarray, np.ndarray]:
    """Every collision-free choice of one holding per player: (T, P) row indices, (T,) weights."""
    idx = np.arange(len(ranges[0]), dtype=np.int64)[:, None]
    masks = _card_masks(ranges[0].hands)
    weights = ranges[0].weights.astype(np.float64)
    for r in ranges[1:]:
        m = _card_masks(r.hands)
        ok = (masks[:, None] & m[None, :]) == 0
        a, b = np.nonzero(ok)
        idx = np.concatenate([idx[a], b[:, None]], axis=1)
        masks = masks[a] | m[b]
        weights = weights[a] * r.weights[b]
    return idx, weights


def _exact_ranges(spot: _Spot, workers: int,
                  progress: Optional[ProgressFn]) -> tuple[np.ndarray, int, bool, int]:
    """Exact over every holding combination: (stats, deals, integer-exact?, combinations)."""
    idx, weights = _holding_tuples(spot.ranges)
    if idx.shape[0] == 0:
        raise RangeError("the ranges leave no collision-free combination of holdings")
    P = len(spot.ranges)
    uniform = all(r.uniform for r in spot.ranges)
    # integer sums stay far below 2**63 within the exact budget
    total = np.zeros((P, 7), dtype=np.int64 if uniform else np.float64)
    boards_each = 0
    n = idx.shape[0]
    # about twenty calls, so that a progress bar moves (and memory stays small)
    block = max(256, min(1 << 16, -(-n // 20)))
    board = spot.board[None, :] if spot.board.size else np.zeros((1, 0), dtype=np.uint8)
    for start in range(0, n, block):
        sel = idx[start:start + block]
        holes = np.empty((sel.shape[0], P, 4), dtype=np.uint8)
        for p, r in enumerate(spot.ranges):
            holes[:, p, :] = r.hands[sel[:, p]]
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
    scale = n / float(weights.sum())
    return total * scale, n * boards_each, False, n


def _monte_carlo(spot: _Spot, trials: int, seed: int, workers: int,
                 progress: Optional[ProgressFn]) -> np.ndarray:
    P = len(spot.ranges)
    hands = np.ascontiguousarray(np.concatenate([r.hands for r in spot.ranges]), dtype=np.uint8)
    offsets = np.zeros(P + 1, dtype=np.uintp)
    offsets[1:] = np.cumsum([len(r) for r in spot.ranges])
    cum = None
    if not all(r.uniform for r in spot.ranges):
        cum = np.ascontiguousarray(np.concatenate([np.cumsum(r.weights) for r in spot.ranges]))
    # progress reports need several calls; split only at stream boundaries (same sums)
    step = trials if progress is None else max(MC_CHUNK, (trials // 50) // MC_CHUNK * MC_CHUNK)
    total = np.zeros((P, 7), dtype=np.int64)
    begin = 0
    while begin < trials:
        end = min(trials, begin + step)
        status, stats, _ = _core.monte_carlo(hands, offsets, cum, spot.board, spot.dead,
                                             spot.game, seed, begin, end, workers)
        if status:
            raise RangeError("the ranges leave no collision-free combination of holdings "
                             "(a million draws in a row collided)")
        total += stats
        begin = end
        if progress:
            progress(begin, trials)
    return total


# ---------------------------------------------------------------- public API


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
    """Each player's share of the pot, exactly or by sampling.

    Parameters
    ----------
    hands : sequence of str, card ids or Range
        2 to 10 players, each a hand (``"AsKsQhJh"``, a list or array of card ids) or a range
        (``"AA**ds, KK**:0.5"``, see :mod:`omaha_eval.ranges`, or a :class:`Range`).
    board : str or card ids, optional
        0, 3, 4 or 5 known board cards.
    dead : str or card ids, optional
        Cards out of play (seen folded, burnt face up).
    game : {"hi", "hilo"}, default "hi"
        Omaha Hi, or Omaha Hi-Lo 8 or better (the low half to the best qualifying low).
    trials : int, optional
        Sample this many deals (Monte Carlo). By default every remaining board is enumerated
        (and, for ranges, every collision-free combination of holdings, weighted), unless that
        would cost more than about :data:`EXACT_BUDGET` units of work; then
        :data:`DEFAULT_TRIALS` deals are sampled and the result says why. Fixed hands on a
        complete board are settled exactly whatever ``trials`` says.
    seed : int or numpy.random.Generator, optional
        The seed of the sample, 0 .. 2**64 - 1; None draws a fresh one, reported in the
        result's ``seed``. The same seed gives the same numbers on any machine and for any
        ``workers``.
    workers : int, default 1
        Threads (-1 = all cores); results never depend on it.
    progress : callable, optional
        ``progress(done, total)`` is called as the work advances (the CLI's progress bar).

    Returns
    -------
    EquityResult
        Per player: equity, its standard error, win, tie and scoop rates.

    Raises
    ------
    CardError
        Bad card text or ids, a card used twice (the message names both places), a hand that
        is not 4 cards, a board of 1, 2 or more than 5 cards.
    RangeError
        Bad range text, or a range left empty by the known cards.
    ValueError
        Fewer than 2 or more than 10 players, a bad ``game``, ``trials``, ``seed`` or
        ``workers``.

    Examples
    --------
    Exact (every board; pot shares are integers, so the result is an exact fraction):

    >>> import omaha_eval as oe
    >>> r = oe.equity(["AsKsQhJh", "2c2d7h8s"])
    >>> r.equity.round(4), r.boards
    (array([0.642, 0.358]), 1086008)
    >>> oe.equity(["AsKsQhJh", "2c2d7h8s"], board="Ts9d3c").equity.round(4)
    array([0.6049, 0.3951])

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

    A card cannot be in two places:

    >>> oe.equity(["AsKsQhJh", "AsKd7h2c"])
    Traceback (most recent call last):
    ...
    omaha_eval.cards.CardError: card As is used twice: in player 0's hand and in player 1's hand
    """
    spot = _spot(hands, board, dead, game)
    n_trials = _trials(trials)
    w = _workers(workers)
    if spot.fixed and (n_trials is None or spot.board.size == 5):
        stats, n_boards = _exact_fixed(spot, w)
        return _from_stats(spot, stats, n_boards, True, None, True)
    if n_trials is None and _exact_cost(spot) <= EXACT_BUDGET:
        stats, deals, integer, combos = _exact_ranges(spot, w, progress)
        return _from_stats(spot, stats, deals, True, None, integer, combos)
    s = _seed(seed)
    n = n_trials if n_trials is not None else DEFAULT_TRIALS
    stats = _monte_carlo(spot, n, s, w, progress)
    why = None
    if n_trials is None:
        why = (f"exact enumeration would visit up to {_combos_upper_bound(spot.ranges):,} "
               "holding combinations, above the exact budget")
    return _from_stats(spot, stats, n, False, s, False, sampled_because=why)


def _text_batch(values: Any, what: str) -> Any:
    """Nested lists whose leaves are card texts ("AsKsQhJh") as nested lists of card ids; any
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
                return _text_cards(item).tolist()
            except CardError as exc:
                raise CardError(f"{what} {where if len(where) > 1 else where[0]}: {exc}") from None
        return [convert(x, where + (k,)) for k, x in enumerate(item)]

    converted = convert(values, ())
    try:
        return np.asarray(converted)
    except ValueError:  # ragged: not every row has the same number of cards
        raise CardError(f"{what}: every row must have the same number of cards") from None


def _batch_arrays(holes: Any, boards: Any, dead: Any, min_players: int = 2,
                  what: str = "matchup") -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Checked uint8 (N, P, 4) holes, (N or 1, k) boards and dead cards."""
    h = np.asarray(_text_batch(holes, "holes"))
    if h.dtype.kind not in "iu":
        if h.size == 0:  # an empty list has no dtype to speak of
            h = h.astype(np.uint8)
        else:
            raise CardError(f"holes must be card ids or card text, got dtype {h.dtype}")
    if h.ndim != 3 or h.shape[2] != 4:
        raise CardError(f"holes must have shape (N, P, 4), got {h.shape}")
    if not min_players <= h.shape[1] <= MAX_PLAYERS:
        raise ValueError(f"expected {min_players} to {MAX_PLAYERS} players, got {h.shape[1]}")
    n = h.shape[0]
    if boards is None:
        b = np.zeros((1, 0), dtype=np.int64)
    elif isinstance(boards, str):
        b = parse_cards(boards)[None, :].astype(np.int64)
    else:
        b = np.asarray(_text_batch(boards, "boards"))
        if b.dtype.kind not in "iu":
            raise CardError(f"boards must be card ids or card text, got dtype {b.dtype}")
        if b.ndim == 1:
            b = b[None, :]
        if b.ndim != 2 or b.shape[0] not in (1, n):
            raise CardError(f"boards must have shape (N, k) or (k,), got {np.shape(boards)}")
    if b.shape[1] not in (0, 3, 4, 5):
        raise CardError(f"a board has 0, 3, 4 or 5 cards, got {b.shape[1]}")
    d = _cards(dead if dead is not None else "", "dead cards").astype(np.int64)
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
        ``(N, P, K)`` card ids (K = 4 in Omaha), or nested lists of hand texts
        (``[["AsKsQhJh", "2c2d7h8s"], ...]``): N matchups of P players.
    boards : str, array_like, optional
        None (preflop), one board shared by every matchup (text or ``(k,)`` ids), or one per
        matchup (``(N, k)`` ids or a list of N texts); k is 0, 3, 4 or 5.
    dead : str or card ids, optional
        Cards out of play in every matchup.
    game : {"hi", "hilo"}, default "hi"
        As for :func:`equity`.
    trials : int, optional
        Monte Carlo with this many trials per matchup (exact by default). Row i samples its own
        stream from ``seed`` and i, so rows are independent and nothing depends on ``workers``.
    seed : int or numpy.random.Generator, optional
        As for :func:`equity`.
    workers : int, default 1
        Threads (-1 = all cores); matchups are split between them.
    return_std_error : bool, default False
        Also return the standard errors (zeros when exact).

    Returns
    -------
    equity : numpy.ndarray of float64
        ``(N, P)``: row i equals ``equity(holes[i], ...).equity``.
    std_error : numpy.ndarray of float64
        ``(N, P)``, only with ``return_std_error=True``.

    Raises
    ------
    CardError
        Bad cards, wrong shapes, a card used twice in a matchup (which one is named).
    ValueError
        A bad number of players, ``game``, ``trials``, ``seed`` or ``workers``.

    Examples
    --------
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
    g = _game(game)
    h, b, d = _batch_arrays(holes, boards, dead)
    n_trials = _trials(trials)
    w = _workers(workers)
    if h.shape[0] == 0:  # nothing to compute, as for an empty evaluate_* batch
        empty = np.zeros(h.shape[:2], dtype=np.float64)
        return (empty, empty.copy()) if return_std_error else empty
    if n_trials is None or b.shape[1] == 5:
        stats, counts = _core.exact_batch(h, b, d, g, w)
        # the same float operations as equity(), so that a row equals the single call
        eq = (stats[:, :, _SHARE].astype(np.float64) / POT) / counts.astype(np.float64)[:, None]
        se = np.zeros_like(eq)
    else:
        stats = _core.monte_carlo_batch(h, b, d, g, n_trials, _seed(seed), w)
        eq = (stats[:, :, _SHARE].astype(np.float64) / POT) / float(n_trials)
        mean_sq = stats[:, :, _SHARE_SQ] / (POT * POT) / float(n_trials)
        var = np.maximum(mean_sq - eq ** 2, 0.0) * (n_trials / max(n_trials - 1, 1))
        se = np.sqrt(var / n_trials)
    return (eq, se) if return_std_error else eq


def showdown(holes: Any, boards: Any, *, game: str = "hi", workers: int = 1) -> ShowdownResult:
    """Settles complete deals: each player's share of the pot, and per-player counts.

    The high half goes to the best high hand, the low half (``game="hilo"``) to the best
    qualifying low; ties split their half, and the high hand scoops when no low qualifies.

    Parameters
    ----------
    holes : array_like or list of str
        ``(N, P, K)`` card ids, ``(P, K)`` or a list of P hand texts (one deal).
    boards : str or array_like
        ``(N, 5)`` card ids, or one board (text or ``(5,)``) shared by every deal.
    game : {"hi", "hilo"}, default "hi"
        The game.
    workers : int, default 1
        Threads (-1 = all cores).

    Returns
    -------
    ShowdownResult
        Shares ``(N, P)`` and per-player win, tie and scoop counts.

    Raises
    ------
    CardError
        Bad cards or shapes, a card used twice in a deal.
    ValueError
        A bad ``game`` or ``workers``.

    Examples
    --------
    >>> import omaha_eval as oe
    >>> r = oe.showdown(["AsKsQhJh", "2c2d7h8s"], "Ts9s8h3d4c")
    >>> r.share, r.share_units
    (array([[1., 0.]]), array([[5040,    0]]))
    >>> r.scoop.tolist()
    [1, 0]
    """
    g = _game(game)
    if isinstance(holes, (list, tuple)) and holes and all(isinstance(x, str) for x in holes):
        rows = [_cards(x, f"player {p}") for p, x in enumerate(holes)]
        for p, row in enumerate(rows):
            if row.size != 4:
                raise CardError(f"player {p}: an Omaha hand has 4 cards, got {row.size}")
        holes = np.stack(rows)
    h = np.asarray(holes)
    if h.ndim == 2:
        h = h[None]
    if isinstance(boards, str):
        boards = _cards(boards, "board")
    b = np.asarray(boards)
    if b.ndim == 1:
        b = b[None, :]
    if h.ndim != 3 or h.shape[2] != 4:
        raise CardError(f"holes must have shape (N, P, 4), got {np.shape(holes)}")
    if b.ndim != 2 or b.shape[1] != 5 or b.shape[0] not in (1, h.shape[0]):
        raise CardError(f"boards must have shape (N, 5) or (5,), got {np.shape(boards)}")
    hh, bb, _ = _batch_arrays(h, b, None, min_players=1, what="deal")
    shares, flags = _core.showdown(hh, bb, g, _workers(workers))

    def count(bit: int) -> npt.NDArray[np.int64]:
        return ((flags & bit) != 0).sum(axis=0).astype(np.int64)  # type: ignore[no-any-return]

    return ShowdownResult(shares / float(POT), shares.astype(np.int64),
                          count(1), count(2), count(4), count(8), count(16))
