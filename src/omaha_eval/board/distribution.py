"""``equity_distribution``: every combo's exact equity against another range on a board.

Every combo of both ranges is scored once per runout (the public evaluator, in bulk), then a C
kernel compares each pair of combos that share no card over the runouts valid for both
(csrc/oe_board_eq.c).  Weights are honoured: a combo's equity averages its equities against
the opposing combos it can meet, weighted by their weights.

Examples
--------
>>> import omaha_eval as oe
>>> d = oe.equity_distribution("AsKsQhJh", "2c2d7h8s", "Ts9d3c")
>>> round(float(d.equity[0]), 4)
0.6049
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any, Optional, Sequence, Tuple

import numpy as np
import numpy.typing as npt

from .._args import workers as checked_workers
from ..cards import parse_cards
from ..errors import RangeError
from ..evaluate import evaluate_hi, evaluate_lo
from ..ranges import Range, parse_range, range_from_hands
from ..variants import game_of
from . import _board
from .fields import parse_board

F64 = npt.NDArray[np.float64]
#: Largest range (combos after card removal) either side of an equity distribution may have.
MAX_COMBOS = 20_000


def as_range(value: Any, game: str = "hi", board: Any = None) -> Range:
    """A :class:`~omaha_eval.Range` from range text (board filters resolved on ``board``), a
    Range, one hand or a list of hands.

    Examples
    --------
    >>> as_range("AA**ds")
    Range('AA**ds', 864 hands)
    >>> len(as_range(["AsKsQhJh", "2c2d7h8s"]))
    2
    """
    if isinstance(value, Range):
        return value
    if isinstance(value, str):
        where = None if board is None else parse_cards(board).tolist()
        return parse_range(value, game="hilo" if game_of(game) == "hilo" else "hi", board=where)
    from .fields import parse_holes

    return range_from_hands(parse_holes(value), text="hands")


def runouts(board: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    """Every completion of a 3-, 4- or 5-card board to five cards, (n, 5) uint8.

    Examples
    --------
    >>> import numpy as np
    >>> runouts(np.array([0, 1, 2], np.uint8)).shape
    (1176, 5)
    """
    if len(board) == 5:
        return np.ascontiguousarray(board.reshape(1, 5).astype(np.uint8))
    deck = np.setdiff1d(np.arange(52, dtype=np.uint8), board)
    extra = np.array(list(itertools.combinations(deck.tolist(), 5 - len(board))),
                     dtype=np.uint8).reshape(-1, 5 - len(board))
    return np.concatenate([np.broadcast_to(board, (len(extra), len(board))), extra], axis=1)


def card_masks(hands: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint64]:
    """Bit mask of each row's cards.

    Examples
    --------
    >>> import numpy as np
    >>> card_masks(np.array([[0, 1, 2, 3]], np.uint8)).tolist()
    [15]
    """
    bits = np.left_shift(np.uint64(1), hands.astype(np.uint64))
    masks: npt.NDArray[np.uint64] = np.bitwise_or.reduce(bits, axis=1).astype(np.uint64)
    return masks


def _scores(hands: npt.NDArray[np.uint8], boards: npt.NDArray[np.uint8], lo: bool
            ) -> Tuple[npt.NDArray[np.int16], Optional[npt.NDArray[np.int16]]]:
    """(n, runouts) int16 scores, -1 where the hand holds a card of the runout."""
    clash = (card_masks(hands)[:, None] & card_masks(boards)[None, :]) != 0
    # unchecked: clashing deals are scored (in bounds, meaningless) and then masked out
    hi = evaluate_hi(hands[:, None, :], boards[None, :, :], check=False).astype(np.int16)
    hi[clash] = -1
    if not lo:
        return np.ascontiguousarray(hi), None
    low = evaluate_lo(hands[:, None, :], boards[None, :, :], check=False).astype(np.int16)
    low[clash] = -1
    return np.ascontiguousarray(hi), np.ascontiguousarray(low)


@dataclass(frozen=True, repr=False)
class EquityDistribution:
    """Each combo's exact equity against the other range (:func:`equity_distribution`).

    Attributes
    ----------
    hands : numpy.ndarray of uint8, (n, k)
        The combos of the range, after removing those that use a board card.
    weights : numpy.ndarray of float64
        Their weights in the range.
    equity : numpy.ndarray of float64
        Each combo's equity against the combos of the other range it can meet (their weights
        honoured); NaN for a combo that meets none.
    meets : numpy.ndarray of float64
        The summed weight of those opposing combos.
    board : numpy.ndarray of uint8
        The board.
    game : str
        ``"hi"`` or ``"hilo"``.

    Examples
    --------
    >>> import omaha_eval as oe
    >>> oe.equity_distribution("AA**ds", "KK**ds", "Ts9d3c")
    EquityDistribution(759 combos on Ts9d3c, game='hi', mean=0.7238)
    """

    hands: npt.NDArray[np.uint8]
    weights: F64
    equity: F64
    meets: F64
    board: npt.NDArray[np.uint8]
    game: str

    def __len__(self) -> int:
        return int(self.equity.shape[0])

    def __repr__(self) -> str:
        from ..cards import format_cards

        return (f"EquityDistribution({len(self)} combos on {format_cards(self.board)}, "
                f"game={self.game!r}, mean={self.mean:.4f})")

    @property
    def _w(self) -> F64:
        ok = ~np.isnan(self.equity)
        return np.where(ok, self.weights * self.meets, 0.0)

    @property
    def mean(self) -> float:
        """The range's equity: combos weighted by their weight times the weight they meet."""
        w = self._w
        return float(np.nansum(self.equity * w) / w.sum()) if w.sum() > 0 else float("nan")

    def histogram(self, bins: int = 20) -> Tuple[F64, F64]:
        """(share of the range per bin, bin edges over [0, 1]); shares sum to 1.

        Parameters
        ----------
        bins : int, default 20
            Equal-width bins over [0, 1].

        Returns
        -------
        share : numpy.ndarray of float64
            (bins,) share of the range's weight (combo weight times the weight it meets).
        edges : numpy.ndarray of float64
            (bins + 1,) bin edges.

        Examples
        --------
        >>> import omaha_eval as oe
        >>> share, edges = oe.equity_distribution("AA**ds", "KK**ds", "Ts9d3c").histogram(4)
        >>> edges.tolist(), round(float(share.sum()), 6)
        ([0.0, 0.25, 0.5, 0.75, 1.0], 1.0)
        """
        w = self._w
        ok = w > 0
        counts, edges = np.histogram(self.equity[ok], bins=bins, range=(0.0, 1.0), weights=w[ok])
        total = counts.sum()
        return (counts / total if total else counts), edges

    def percentiles(self, q: Sequence[float] = (10, 25, 50, 75, 90)) -> F64:
        """Weighted percentiles of the combos' equities (q in 0..100).

        Parameters
        ----------
        q : sequence of float
            Percentiles, 0..100.

        Returns
        -------
        numpy.ndarray of float64
            The smallest equity with at least q% of the range's weight at or below it.

        Examples
        --------
        >>> import omaha_eval as oe
        >>> p = oe.equity_distribution("AA**ds", "KK**ds", "Ts9d3c").percentiles([0, 100])
        >>> bool(p[0] <= p[1])
        True
        """
        w = self._w
        ok = w > 0
        e, w = self.equity[ok], w[ok]
        order = np.argsort(e, kind="stable")
        e, cum = e[order], np.cumsum(w[order])
        if not len(e):
            return np.full(len(q), np.nan)
        at = np.asarray(q, dtype=np.float64) / 100.0 * cum[-1]
        return e[np.minimum(np.searchsorted(cum, at, side="left"), len(e) - 1)]  # type: ignore[no-any-return]


def equity_distribution(range_: Any, against: Any, board: Any, game: str = "hi", *,
                        workers: int = 1) -> EquityDistribution:
    """Every combo's exact equity against another range on a flop, turn or river.

    Parameters
    ----------
    range_, against : str, Range or hands
        The two ranges (range text, a :class:`~omaha_eval.Range`, one hand or a list of hands).
    board : str or sequence
        3, 4 or 5 cards.
    game : str, default "hi"
        ``"hi"``, ``"hilo"`` or a variant name.
    workers : int, default 1
        Threads (-1 = all cores); results never depend on it.

    Returns
    -------
    EquityDistribution
        The combos, their weights and equities, with histogram and percentiles.

    Raises
    ------
    RangeError
        A range empty after card removal, of another hole count than the other, or larger than
        :data:`MAX_COMBOS`.

    Examples
    --------
    >>> import omaha_eval as oe
    >>> d = oe.equity_distribution("AA**ds", "KK**ds", "Ts9d3c")
    >>> len(d), round(d.mean, 3)
    (759, 0.724)
    """
    g = game_of(game)
    ids = parse_board(board)
    hero = as_range(range_, g, ids).remove(ids)
    villain = as_range(against, g, ids).remove(ids)
    for name, r in (("range", hero), ("against", villain)):
        if len(r) == 0:
            raise RangeError(f"the {name} has no combo left on the board")
        if len(r) > MAX_COMBOS:
            raise RangeError(f"the {name} has {len(r)} combos on the board, above {MAX_COMBOS}")
    if hero.hole_cards != villain.hole_cards:
        raise RangeError(f"the ranges hold {hero.hole_cards} and {villain.hole_cards} cards")
    boards = runouts(ids)
    hh, hl = _scores(hero.hands, boards, g == "hilo")
    vh, vl = _scores(villain.hands, boards, g == "hilo")
    num, den, _ = _board.range_equity(hh, hl, card_masks(hero.hands), vh, vl,
                                      card_masks(villain.hands),
                                      np.ascontiguousarray(villain.weights, dtype=np.float64),
                                      checked_workers(workers))
    with np.errstate(invalid="ignore", divide="ignore"):
        eq = np.where(den > 0, num / np.where(den > 0, den, 1.0), np.nan)
    return EquityDistribution(hands=hero.hands, weights=np.asarray(hero.weights, np.float64),
                              equity=eq, meets=den, board=ids, game=g)
