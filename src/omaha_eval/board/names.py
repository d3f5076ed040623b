"""The made-hand and draw vocabulary of :func:`omaha_eval.classify` (one table, one rule each).

Made hands are integer codes into :data:`MADE_NAMES`, ordered by strength group (so ``@toptwo+``
means "code at least that of top two"), decided in C (``enum oe_made`` in csrc/oe_board.h);
draws are bit masks over :data:`DRAW_NAMES`, decided here over NumPy arrays.  The rules are
written out in ``docs/board.rst``.

Examples
--------
>>> from omaha_eval.board.names import MADE_NAMES, DRAW_NAMES
>>> MADE_NAMES[:3]
('no made hand', 'board pair', 'underpair')
>>> DRAW_NAMES[0]
'nut flush draw'
"""

from __future__ import annotations

from typing import Dict, List, Tuple

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
