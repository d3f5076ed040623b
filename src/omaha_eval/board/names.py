"""The made-hand and draw vocabulary of :func:`omaha_eval.classify` (one table, one rule each).

Made hands are integer codes into :data:`MADE_NAMES`, ordered by strength group (so ``@toptwo+``
means "code at least that of top two"); draws are bit masks over :data:`DRAW_NAMES`. The rules
are written out in ``docs/board.rst``; this module is their one implementation, vectorised over
NumPy arrays.

Examples
--------
>>> from omaha_eval.board.names import MADE_NAMES, DRAW_NAMES
>>> MADE_NAMES[:3]
('no made hand', 'board pair', 'underpair')
>>> DRAW_NAMES[0]
'nut flush draw'
"""

from __future__ import annotations

from typing import Dict, List, Sequence, Tuple

import numpy as np
import numpy.typing as npt

MADE_NAMES: Tuple[str, ...] = (
    "no made hand", "board pair", "underpair", "bottom pair", "middle pair", "top pair",
    "overpair", "two pair", "bottom two", "top and bottom", "top two", "board trips", "trips",
    "bottom set", "middle set", "top set", "straight", "nut straight", "flush", "nut flush",
    "full house", "nut full house", "quads", "straight flush",
)
"""Made-hand names by code (``c.made_code``), weakest group first."""

MADE: Dict[str, int] = {name: i for i, name in enumerate(MADE_NAMES)}
"""Code of each made-hand name."""

DRAW_NAMES: Tuple[str, ...] = (
    "nut flush draw", "second nut flush draw", "flush draw", "backdoor nut flush draw",
    "backdoor flush draw", "wrap", "open-ended", "gutshot", "nut low draw", "low draw",
)
"""Draw names by bit (``c.draw_mask >> i & 1``)."""

DRAW: Dict[str, int] = {name: 1 << i for i, name in enumerate(DRAW_NAMES)}
"""Bit of each draw name."""

IntArray = npt.NDArray[np.int64]


def board_ranks(board: npt.NDArray[np.uint8]) -> Tuple[IntArray, IntArray]:
    """(count per rank (13,), distinct board ranks, highest first).

    Examples
    --------
    >>> import numpy as np
    >>> counts, distinct = board_ranks(np.array([48, 49, 20], np.uint8))  # Ac Ad 7c
    >>> counts[12], distinct.tolist()
    (2, [12, 5])
    """
    counts = np.bincount(board.astype(np.int64) // 4, minlength=13)
    return counts, np.flatnonzero(counts)[::-1]


def _pair_code(rank: IntArray, counts: IntArray, distinct: IntArray) -> IntArray:
    """Code of a pair of ``rank`` the hand holds (board pair, under/overpair, bottom..top)."""
    pos = np.searchsorted(-distinct, -rank)  # place among the distinct board ranks, 0 = top
    cb = counts[rank]
    code = np.where(pos == 0, MADE["top pair"],
                    np.where(pos == len(distinct) - 1, MADE["bottom pair"], MADE["middle pair"]))
    pocket = np.where(rank > distinct[0], MADE["overpair"], MADE["underpair"])
    code = np.where(cb == 0, pocket, code)
    return np.where(cb >= 2, MADE["board pair"], code)


def _two_pair_code(high: IntArray, low: IntArray, counts: IntArray, distinct: IntArray) -> IntArray:
    ph = np.searchsorted(-distinct, -high)
    pl = np.searchsorted(-distinct, -low)
    last = len(distinct) - 1
    both = (counts[high] == 1) & (counts[low] == 1)
    named = np.select([(ph == 0) & (pl == 1), (ph == 0) & (pl == last),
                       (ph == last - 1) & (pl == last)],
                      [MADE["top two"], MADE["top and bottom"], MADE["bottom two"]], MADE["two pair"])
    code = np.where(both, named, MADE["two pair"])
    # one pair is the board's own: the hand is named by its other pair
    hb, lb = counts[high] >= 2, counts[low] >= 2
    code = np.where(hb & ~lb, _pair_code(low, counts, distinct), code)
    return np.where(lb & ~hb, _pair_code(high, counts, distinct), code)


def _trips_code(rank: IntArray, counts: IntArray, distinct: IntArray) -> IntArray:
    pos = np.searchsorted(-distinct, -rank)
    cb = counts[rank]
    sets = np.where(pos == 0, MADE["top set"],
                    np.where(pos == len(distinct) - 1, MADE["bottom set"], MADE["middle set"]))
    return np.where(cb == 1, sets, np.where(cb == 2, MADE["trips"], MADE["board trips"]))


def made_codes(hi: npt.NDArray[np.uint16], classes: npt.NDArray[np.uint8],
               board: npt.NDArray[np.uint8], category_best: Sequence[int]) -> npt.NDArray[np.uint8]:
    """Made-hand code of each hi score on the board (the rules of docs/board.rst).

    ``classes`` is the (7463, 6) table score -> category and ranks by significance;
    ``category_best`` the best score of each category that two non-board cards make.

    Examples
    --------
    >>> import numpy as np, omaha_eval as oe
    >>> from omaha_eval.board.names import made_codes, MADE_NAMES
    >>> c = oe.classify("AhAsKd7c", "Ac7d2s")
    >>> MADE_NAMES[int(made_codes(c.hi, c.hi_classes, c.board, c.category_best)[0])]
    'top set'
    """
    counts, distinct = board_ranks(board)
    cls = classes[hi.astype(np.int64)].astype(np.int64)
    # every branch is computed on every row: unused rank slots (255) are clipped
    cat, r1, r2 = cls[:, 0], np.minimum(cls[:, 1], 12), np.minimum(cls[:, 2], 12)
    best = np.asarray(category_best, dtype=np.int64)[cat]
    nut = hi.astype(np.int64) == best
    code = np.select(
        [cat == 0, cat == 1, cat == 2, cat == 3, cat == 4, cat == 5, cat == 6, cat == 7],
        [np.zeros_like(cat), _pair_code(r1, counts, distinct),
         _two_pair_code(r1, r2, counts, distinct), _trips_code(r1, counts, distinct),
         np.where(nut, MADE["nut straight"], MADE["straight"]),
         np.where(nut, MADE["nut flush"], MADE["flush"]),
         np.where(nut, MADE["nut full house"], MADE["full house"]),
         np.full_like(cat, MADE["quads"])],
        MADE["straight flush"])
    return code.astype(np.uint8)


def draw_masks(category: npt.NDArray[np.uint8], flush_draw: npt.NDArray[np.uint8],
               backdoor_flush: npt.NDArray[np.uint8], straight_outs: npt.NDArray[np.uint8],
               lo: npt.NDArray[np.uint8], lo_outs: npt.NDArray[np.uint8],
               nut_lo_outs: npt.NDArray[np.uint8], hilo: bool) -> npt.NDArray[np.uint16]:
    """Draw bit mask of each hand (the rules of docs/board.rst).

    Examples
    --------
    >>> import omaha_eval as oe
    >>> from omaha_eval.board.names import draw_names
    >>> c = oe.classify("JhTs7d4c", "9h8s2d")
    >>> draw_names(c.draw_mask, c.straight_outs)
    ['wrap (17 outs)']
    """
    f = flush_draw.astype(np.int64)
    b = backdoor_flush.astype(np.int64)
    s = np.where(category < 4, straight_outs, 0).astype(np.int64)
    m = np.zeros(len(category), dtype=np.int64)
    m |= np.where(f == 1, DRAW["nut flush draw"], 0)
    m |= np.where(f == 2, DRAW["second nut flush draw"], 0)
    m |= np.where(f >= 3, DRAW["flush draw"], 0)
    m |= np.where(b == 1, DRAW["backdoor nut flush draw"], 0)
    m |= np.where(b >= 2, DRAW["backdoor flush draw"], 0)
    m |= np.where(s >= 9, DRAW["wrap"], 0)
    m |= np.where((s >= 5) & (s <= 8), DRAW["open-ended"], 0)
    m |= np.where((s >= 1) & (s <= 4), DRAW["gutshot"], 0)
    if hilo:
        no_low = lo == 0
        m |= np.where(no_low & (nut_lo_outs > 0), DRAW["nut low draw"], 0)
        m |= np.where(no_low & (nut_lo_outs == 0) & (lo_outs > 0), DRAW["low draw"], 0)
    return m.astype(np.uint16)


def draw_names(mask: npt.NDArray[np.uint16], straight_outs: npt.NDArray[np.uint8]) -> List[str]:
    """One text per hand: its draw names joined by ``" + "`` (``""`` for none); a wrap shows
    its out count.

    Examples
    --------
    >>> import numpy as np
    >>> draw_names(np.array([0b100001, 0], np.uint16), np.array([13, 0], np.uint8))
    ['nut flush draw + wrap (13 outs)', '']
    """
    texts: Dict[Tuple[int, int], str] = {}
    out: List[str] = []
    for m, s in zip(mask.tolist(), straight_outs.tolist()):
        key = (m, s if m & DRAW["wrap"] else 0)
        if key not in texts:
            parts = [name if name != "wrap" else f"wrap ({s} outs)"
                     for i, name in enumerate(DRAW_NAMES) if m >> i & 1]
            texts[key] = " + ".join(parts)
        out.append(texts[key])
    return out
