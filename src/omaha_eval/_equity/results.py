"""What the engine returns: :class:`EquityResult` for one spot, :class:`ShowdownResult` for deals.

Both are frozen dataclasses built from the integer sums the native core returns; the arrays a
reader asks for (``equity``, ``hi_win``, ``share`` ...) are computed on first use.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property, lru_cache
from typing import Any, Optional

import numpy as np

from .. import _core
from ..errors import ArgumentError

__all__ = ["EquityResult", "ShowdownResult", "POT", "SHARE", "SHARE_SQ"]

POT: int = int(_core.POT)
# stats columns from the native core
SHARE, SHARE_SQ, HI_WIN, HI_TIE, LO_WIN, LO_TIE, SCOOP = range(7)
_RATE_NAMES = ("hi_win", "hi_tie", "lo_win", "lo_tie", "scoop")
_U16, _U8 = np.dtype(np.uint16), np.dtype(np.uint8)  # dtype objects: no lookup per small call


@dataclass(frozen=True, eq=False, init=False)  # arrays inside: compare fields, not results
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

    def __init__(self, players: tuple[str, ...], board: str, dead: str, game: str, exact: bool,
                 deals: int, seed: Optional[int] = None, holdings: int = 1, hole_cards: int = 4,
                 _stats: Any = None, _integer: bool = False,
                 sampled_because: Optional[str] = None) -> None:
        # The generated __init__ of a frozen dataclass sets each of these 12 fields through
        # object.__setattr__: 6.5 us on this machine, more than the whole small equity call
        # (4.8 us). The constructor instead fills the new instance's dict in one update (1.4
        # us); the dataclass still refuses any later assignment or deletion.
        self.__dict__.update(players=players, board=board, dead=dead, game=game, exact=exact,
                             deals=deals, seed=seed, holdings=holdings, hole_cards=hole_cards,
                             _stats=_stats, _integer=_integer, sampled_because=sampled_because)

    @cached_property
    def _table(self) -> np.ndarray:
        return np.asarray(self._stats, dtype=np.float64)

    def _column(self, col: int) -> np.ndarray:
        return self._table[:, col] / float(self.deals)

    @cached_property
    def equity(self) -> np.ndarray:
        return (self._table[:, SHARE] / POT) / float(self.deals)

    @cached_property
    def std_error(self) -> np.ndarray:
        if self.exact:
            return np.zeros(len(self.players))
        n = float(self.deals)
        eq = self.equity
        mean_sq = self._table[:, SHARE_SQ] / (POT * POT) / n
        var = np.maximum(mean_sq - eq ** 2, 0.0) * (n / max(n - 1.0, 1.0))
        se: np.ndarray = np.sqrt(var / n)
        return se

    @cached_property
    def hi_win(self) -> np.ndarray:
        return self._column(HI_WIN)

    @cached_property
    def hi_tie(self) -> np.ndarray:
        return self._column(HI_TIE)

    @cached_property
    def lo_win(self) -> np.ndarray:
        return self._column(LO_WIN)

    @cached_property
    def lo_tie(self) -> np.ndarray:
        return self._column(LO_TIE)

    @cached_property
    def scoop(self) -> np.ndarray:
        return self._column(SCOOP)

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
            raise ArgumentError("fractions are only available for exact, unweighted results")
        return tuple(Fraction(int(row[SHARE]), POT * self.deals) for row in self._stats)

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


@dataclass(frozen=True, eq=False, init=False)  # arrays inside: compare fields, not results
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

    def __init__(self, _shares: Any, _flags: Any) -> None:
        # the constructor fills the instance's own dict once (as the generated one would, field
        # by field through object.__setattr__, at 0.3 us a field here): see EquityResult
        self.__dict__.update(_shares=_shares, _flags=_flags)

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

