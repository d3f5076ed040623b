"""Board filters of the range syntax (``AA**@set``, ``@nfd!@nuts``): names, rules, masks.

The grammar lives in :mod:`omaha_eval.ranges`' docstring; this module holds the table of
filters and decides which hands pass them on a board, through :func:`omaha_eval.classify`.

Examples
--------
>>> from omaha_eval.board.filters import parse_filter
>>> parse_filter("wrap13+"), parse_filter("n2"), parse_filter("toptwo+")
(('wrap', 13), ('nut', 2), ('made+', 10))
"""

from __future__ import annotations

from typing import Any, Callable, Dict, Optional, Sequence, Tuple

import numpy as np
import numpy.typing as npt

from .fields import BoardClass, classify
from .names import DRAW, MADE

Filter = Tuple[str, int]
Mask = npt.NDArray[np.bool_]

_SETS = (MADE["bottom set"], MADE["middle set"], MADE["top set"])
# fixed names: what each keeps (a function of the classification)
_FIXED: Dict[str, Callable[[BoardClass], Mask]] = {
    "nuts": lambda c: c.nut_rank == 1,
    "set": lambda c: np.isin(c.made_code, _SETS),
    "nfd": lambda c: c.flush_draw == 1,
    "fd": lambda c: c.flush_draw > 0,
    "bdfd": lambda c: c.backdoor_flush > 0,
    "oesd": lambda c: (c.draw_mask & (DRAW["open-ended"] | DRAW["wrap"])) != 0,
    "gutshot": lambda c: (c.draw_mask & DRAW["gutshot"]) != 0,
    "nutlow": lambda c: c.nut_lo_rank == 1,
    "low": lambda c: c.lo > 0,
    "lowdraw": lambda c: (c.lo == 0) & (c.lo_outs > 0),
    "nutlowdraw": lambda c: (c.lo == 0) & (c.nut_lo_outs > 0),
}
# made-hand names without spaces: "@toptwo", "@toptwo+" (that group or any stronger)
_MADE_WORDS = {name.replace(" ", "").replace("-", ""): code for name, code in MADE.items()}
# numbered: "@n2" (nut rank <= 2), "@wrap13+" / "@outs>=13", "@nutouts>=8"
_NUMBERED = {"n": "nut", "wrap": "wrap", "outs>=": "outs", "nutouts>=": "nutouts"}


def _number_after(word: str, prefix: str) -> Optional[int]:
    rest = word[len(prefix):]
    if rest.endswith("+"):
        rest = rest[:-1]
    return int(rest) if rest.isdigit() and len(rest) <= 3 else None


def parse_filter(word: str) -> Optional[Filter]:
    """The filter a word after ``@`` names (lower case, spaces removed), or None.

    Parameters
    ----------
    word : str
        The text after ``@``.

    Returns
    -------
    tuple of (str, int), or None
        (kind, argument): ``("fixed", 0)`` kinds are the names of ``_FIXED``.

    Examples
    --------
    >>> parse_filter("nuts"), parse_filter("outs>=13"), parse_filter("bogus")
    (('nuts', 0), ('outs', 13), None)
    """
    w = word.strip().lower().replace(" ", "")
    if w in _FIXED:
        return (w, 0)
    plus = w.endswith("+")
    base = w[:-1] if plus else w
    if base in _MADE_WORDS:
        return ("made+" if plus else "made", _MADE_WORDS[base])
    for prefix in sorted(_NUMBERED, key=len, reverse=True):
        if w.startswith(prefix):
            n = _number_after(w, prefix)
            if n is not None:
                return (_NUMBERED[prefix], n)
    return None


def filter_names() -> Tuple[str, ...]:
    """Every filter word (numbered ones with N).

    Returns
    -------
    tuple of str
        The words accepted after ``@``.

    Examples
    --------
    >>> "nfd" in filter_names() and "toptwo+" in filter_names()
    True
    """
    made = tuple(w for w in _MADE_WORDS) + tuple(w + "+" for w in _MADE_WORDS)
    return tuple(_FIXED) + made + ("nN", "wrapN+", "outs>=N", "nutouts>=N")


def _one(c: BoardClass, f: Filter) -> Mask:
    return np.asarray(_rule(c, f), dtype=bool)


def _rule(c: BoardClass, f: Filter) -> Any:
    kind, n = f
    if kind in _FIXED:
        return _FIXED[kind](c)
    if kind == "made":
        return c.made_code == n
    if kind == "made+":
        return c.made_code >= n
    if kind == "nut":
        return c.nut_rank <= n
    if kind == "wrap":
        return (c.category < 4) & (c.straight_outs >= n)
    if kind == "outs":
        return c.outs[:, 4] >= n
    return c.nut_outs >= n  # "nutouts"


def board_mask(rows: npt.NDArray[np.uint8], board: npt.NDArray[np.uint8],
               filters: Sequence[Filter], game: str) -> Mask:
    """True for the rows (hands) that pass every filter on the board; rows sharing a card
    with the board never pass.

    Parameters
    ----------
    rows : numpy.ndarray of uint8, (n, k)
        Hands.
    board : numpy.ndarray of uint8
        3, 4 or 5 cards.
    filters : sequence of (str, int)
        Parsed filters (:func:`parse_filter`).
    game : str
        ``"hi"`` or ``"hilo"``.

    Returns
    -------
    numpy.ndarray of bool
        One value per row.

    Examples
    --------
    >>> import numpy as np, omaha_eval as oe
    >>> rows = np.array([oe.parse_cards("AhAsKd7c"), oe.parse_cards("QhJh3c3d")])
    >>> board_mask(rows, oe.parse_cards("Ac7d2s"), [("set", 0)], "hi").tolist()
    [True, False]
    """
    bits = np.left_shift(np.uint64(1), rows.astype(np.uint64))
    used = np.uint64(np.bitwise_or.reduce(np.left_shift(np.uint64(1), board.astype(np.uint64))))
    free = (np.bitwise_or.reduce(bits, axis=1) & used) == 0
    out = np.zeros(len(rows), dtype=bool)
    if not free.any():
        return out
    c = classify(rows[free], board, game)
    keep = np.ones(int(free.sum()), dtype=bool)
    for f in filters:
        keep &= _one(c, f)
    out[np.flatnonzero(free)] = keep
    return out
