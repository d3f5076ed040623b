"""``classify``: what every hand holds on a board (fields of a fixed contract, docs/board.rst).

Examples
--------
>>> import omaha_eval as oe
>>> c = oe.classify("JhTs7d4c", "9h8s2d")
>>> int(c.outs[0, 4]), int(c.nut_outs[0]), str(c.draws[0])
(17, 11, 'wrap (17 outs)')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, List, Tuple

import numpy as np
import numpy.typing as npt

from ..cards import format_cards, parse_cards
from ..errors import ArgumentError, CardError
from .._args import workers as checked_workers
from ..variants import game_of
from . import _board
from .names import DRAW_NAMES, MADE_NAMES, draw_masks, draw_names

U8 = npt.NDArray[np.uint8]
U16 = npt.NDArray[np.uint16]


@lru_cache(maxsize=1)
def hi_class_table() -> U8:
    """(7463, 6) uint8: hi score -> category, then its five ranks by significance (read-only).

    Examples
    --------
    >>> hi_class_table()[7462].tolist()  # royal flush: the category, then the top rank
    [8, 12, 255, 255, 255, 255]
    """
    table = _board.hi_classes()
    table.flags.writeable = False
    return table


@dataclass(frozen=True, repr=False)
class BoardClass:
    """Result of :func:`classify`: one row per hand (NumPy arrays), fields as in docs/board.rst.

    Attributes
    ----------
    holes : numpy.ndarray of uint8, (N, k)
        The hands.
    board : numpy.ndarray of uint8
        The board (3, 4 or 5 cards).
    game : str
        ``"hi"`` or ``"hilo"`` (decides only the low draw names; every field is computed).
    hi, category, nut_rank : numpy.ndarray
        Best hi score now (uint16), its category 0..8 (uint8), 1 + the distinct hi scores above
        it that two non-board cards make with three board cards (uint16; 1 = the nuts).
    outs : numpy.ndarray of uint8, (N, 9)
        Column j: unseen next cards after which the best hi has category >= j (0 on a river).
    nut_outs, straight_outs : numpy.ndarray of uint8
        Unseen next cards after which the hand has the absolute nuts; after which two of its
        cards and three board cards form a straight.
    flush_draw, backdoor_flush : numpy.ndarray of uint8
        Place of the hand's flush draw (1 = nut flush draw, 0 = none); the same for a
        backdoor draw on a flop.
    lo, nut_lo_rank, lo_outs, nut_lo_outs : numpy.ndarray of uint8
        Best low now (0 = none), its rank among the made lows (0 without a low), unseen next
        cards giving a low, and giving the best low of the new board.
    made_code : numpy.ndarray of uint8
        Index into :data:`~omaha_eval.board.names.MADE_NAMES`.
    draw_mask : numpy.ndarray of uint16
        Bits over :data:`~omaha_eval.board.names.DRAW_NAMES`.
    nuts : int
        Best hi score any two non-board cards make on this board.
    category_best : tuple of int
        Best made score of each category on this board (0: none).

    Examples
    --------
    >>> import omaha_eval as oe
    >>> c = oe.classify(["AhAsKd7c", "QhJh3c3d"], "Ac7d2s")
    >>> c.made.tolist(), c.nut_rank.tolist()
    (['top set', 'underpair'], [1, 36])
    >>> c
    BoardClass(2 hands on Ac7d2s, game='hi')
    """

    holes: U8
    board: U8
    game: str
    hi: U16
    category: U8
    nut_rank: U16
    outs: U8
    nut_outs: U8
    straight_outs: U8
    flush_draw: U8
    backdoor_flush: U8
    lo: U8
    nut_lo_rank: U8
    lo_outs: U8
    nut_lo_outs: U8
    made_code: U8
    draw_mask: U16
    nuts: int
    category_best: Tuple[int, ...]
    _cache: dict = field(default_factory=dict, compare=False)  # type: ignore[type-arg]

    def __len__(self) -> int:
        return int(self.hi.shape[0])

    def __repr__(self) -> str:
        return f"BoardClass({len(self)} hands on {format_cards(self.board)}, game={self.game!r})"

    @property
    def hi_classes(self) -> U8:
        """The (7463, 6) table hi score -> category and ranks (:func:`hi_class_table`)."""
        return hi_class_table()

    @property
    def made(self) -> npt.NDArray[np.str_]:
        """Made-hand name of each hand (a NumPy string array from ``made_code``)."""
        return np.asarray(MADE_NAMES)[self.made_code]

    @property
    def draws(self) -> npt.NDArray[np.str_]:
        """Draw names of each hand joined by ``" + "`` (``""`` for none), a wrap with its outs."""
        if "draws" not in self._cache:
            self._cache["draws"] = np.asarray(draw_names(self.draw_mask, self.straight_outs),
                                              dtype=str)
        return self._cache["draws"]  # type: ignore[no-any-return]

    def has_draw(self, name: str) -> npt.NDArray[np.bool_]:
        """True where the hand has the draw ``name`` (one of ``DRAW_NAMES``).

        Parameters
        ----------
        name : str
            A draw name.

        Returns
        -------
        numpy.ndarray of bool
            One value per hand.

        Examples
        --------
        >>> import omaha_eval as oe
        >>> oe.classify("AhKh7d4c", "9h8h2d").has_draw("nut flush draw").tolist()
        [True]
        """
        if name not in DRAW_NAMES:
            raise ArgumentError(f"unknown draw {name!r}; known: {', '.join(DRAW_NAMES)}")
        return (self.draw_mask >> DRAW_NAMES.index(name) & 1).astype(bool)


def parse_holes(holes: Any) -> U8:
    """Hands as a (N, k) uint8 array, k = 4, 5 or 6: one text hand, a list of text hands or
    id rows, or an integer array (k,) or (N, k).

    Raises
    ------
    CardError
        Bad text or ids, a repeated card in a hand, a wrong number of cards, rows of unequal length.

    Examples
    --------
    >>> parse_holes("AsKsQhJh").tolist()
    [[51, 47, 42, 38]]
    >>> parse_holes(["AsKsQhJh", "2c2d3h3s"]).shape
    (2, 4)
    """
    if isinstance(holes, str):
        rows = [parse_cards(holes)]
    elif isinstance(holes, np.ndarray) and holes.dtype.kind in "iu":
        return _id_rows(holes)
    else:
        try:
            items = list(holes)
        except TypeError:
            raise CardError(f"cannot read {holes!r} as hands") from None
        if items and all(isinstance(x, (int, np.integer)) for x in items):
            items = [items]
        rows = [np.atleast_1d(parse_cards(x)) for x in items]  # a 0-d id is one card
    widths = {len(r) for r in rows}
    if len(widths) > 1:
        raise CardError(f"hands of unequal lengths {sorted(widths)}")
    width = widths.pop() if widths else 4
    if width not in (4, 5, 6):
        raise CardError(f"a hand needs 4, 5 or 6 cards, got {width}")
    return np.array(rows, dtype=np.uint8).reshape(len(rows), width)


def _id_rows(holes: npt.NDArray[Any]) -> U8:
    """An integer array (k,) or (N, k) as (N, k) uint8, ids checked (repeats are checked in C)."""
    if holes.ndim not in (1, 2) or holes.shape[-1] not in (4, 5, 6):
        raise CardError(f"hands must be an array (k,) or (N, k) with k = 4, 5 or 6, "
                        f"got shape {holes.shape}")
    rows = holes.reshape(-1, holes.shape[-1])
    if rows.size and (rows.min() < 0 or rows.max() > 51):
        row, pos = np.argwhere((rows < 0) | (rows > 51))[0]
        raise CardError(f"card id {int(rows[row, pos])} outside 0..51 in hand {int(row)} "
                        f"(position {int(pos)})")
    return np.ascontiguousarray(rows, dtype=np.uint8)


def parse_board(board: Any) -> U8:
    """A board of 3, 4 or 5 distinct cards as uint8 ids.

    Examples
    --------
    >>> parse_board("9h8s2d").tolist()
    [30, 27, 1]
    """
    ids = parse_cards(board)
    if ids.ndim != 1 or len(ids) not in (3, 4, 5):
        raise CardError(f"a board for classify needs 3, 4 or 5 cards, got {ids.size}")
    return ids


def classify(holes: Any, board: Any, game: str = "hi", *, workers: int = 1) -> BoardClass:
    """What every hand holds on the board: made hand, nut rank, outs, draws, hi and low.

    Parameters
    ----------
    holes : str, sequence or array
        One hand as text, a list of hands, or (N, k) card ids (k = 4, 5 or 6).
    board : str, sequence or array
        3, 4 or 5 cards.
    game : str, default "hi"
        ``"hi"``, ``"hilo"`` or a variant name (its hole count must match the hands).
    workers : int, default 1
        Threads (-1 = all cores); results never depend on it.

    Returns
    -------
    BoardClass
        One row per hand; the field definitions are in docs/board.rst.

    Raises
    ------
    CardError
        Bad cards, a hand sharing a card with the board or repeating one (which row).
    ValueError
        An unknown game, or a variant whose hole count differs from the hands'.

    Examples
    --------
    >>> import omaha_eval as oe
    >>> c = oe.classify("JhTs7d4c", "9h8s2d")
    >>> c.outs[0].tolist(), int(c.nut_outs[0])
    ([45, 29, 17, 17, 17, 0, 0, 0, 0], 11)
    >>> str(oe.classify("Ah2hKd7c", "3h8h9c", game="plo8").draws[0])
    'nut flush draw + nut low draw'
    """
    rows = parse_holes(holes)
    ids = parse_board(board)
    g = game_of(game, int(rows.shape[1]))
    try:
        res, facts = _board.classify(np.ascontiguousarray(rows), ids, checked_workers(workers))
    except IndexError as e:
        row = int(e.args[0])
        raise CardError(f"hand {row} ({format_cards(rows[row])}) repeats a card or shares one "
                        f"with the board {format_cards(ids)}") from None
    best = tuple(int(x) for x in facts["category_best"])
    draws = draw_masks(res["category"], res["flush_draw"], res["backdoor_flush"],
                       res["straight_outs"], res["lo"], res["lo_outs"], res["nut_lo_outs"],
                       g == "hilo")
    for a in res.values():
        a.flags.writeable = False
    return BoardClass(holes=rows, board=ids, game=g, draw_mask=draws,
                      nuts=int(facts["nuts"]), category_best=best, **res)


def field_names() -> List[str]:
    """The per-hand array fields of :class:`BoardClass`, in order.

    Examples
    --------
    >>> field_names()[:3]
    ['hi', 'category', 'nut_rank']
    """
    return ["hi", "category", "nut_rank", "outs", "nut_outs", "straight_outs", "flush_draw",
            "backdoor_flush", "lo", "nut_lo_rank", "lo_outs", "nut_lo_outs", "made_code",
            "draw_mask"]
