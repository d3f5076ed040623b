"""The shipped ranking of four-card starting hands, and the small code that reads it.

Percent ranges (``15%`` in :func:`omaha_eval.parse_range`) and the preflop tables
(:func:`omaha_eval.preflop_table`, :func:`omaha_eval.hand_percentile`) rank the starting hands
the same way: by the shipped preflop table of the game (equity against one random hand), the
best class first, ties by class index. This module holds that ranking as data, below both
users: ``omaha_eval.bulk`` computes the tables and writes the ranking
(:func:`omaha_eval.bulk.preflop.write_ranking`); the equity layer reads it here without importing
the bulk layer.

The data (``data/ranking4.npz``, package data, about 120 KB) has, for every class of suit-isomorphic
four-card holdings, its key (below) and per game the number of the 270,725 combinations that
are at least as good as the class: so a holding is in the best ``X%`` exactly when that number
is at most ``X% * 270,725``, and ``hand_percentile`` is that number in percent of the total.

A class key packs the four per-suit rank masks of a holding (13 bits each), sorted from the
largest down: relabelling the suits permutes the masks, so the key is the same for every
holding of a class.

Examples
--------
>>> import omaha_eval as oe
>>> from omaha_eval.ranking import at_least_as_good, TOTAL
>>> best = at_least_as_good([oe.parse_cards("AsAhKsKh"), oe.parse_cards("7c2d8h3s")], "hi")
>>> bool(best[0] < 0.01 * TOTAL < 0.9 * TOTAL < best[1])
True
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

import numpy as np
import numpy.typing as npt

__all__ = ["GAMES", "TOTAL", "suit_class_keys", "at_least_as_good", "ranking_arrays"]

GAMES = ("hi", "hilo")
TOTAL = 270_725  # four-card combinations of one deck
_FILE = "data/ranking4.npz"


def suit_class_keys(hands: npt.ArrayLike) -> np.ndarray:
    """The class key of each holding: its four suit masks, sorted from the largest, packed.

    Parameters
    ----------
    hands : array_like
        ``(n, k)`` card ids (0..51, distinct in a row; not checked here).

    Returns
    -------
    numpy.ndarray
        ``(n,)`` int64; equal exactly for holdings that a relabelling of suits maps onto
        each other.

    Examples
    --------
    >>> import omaha_eval as oe
    >>> from omaha_eval.ranking import suit_class_keys
    >>> a, b, c = suit_class_keys([oe.parse_cards("AsKsQhJh"), oe.parse_cards("AdKdQcJc"),
    ...                            oe.parse_cards("AsKhQsJh")])
    >>> bool(a == b != c)
    True
    """
    h = np.asarray(hands, dtype=np.int64)
    h = h.reshape(-1, h.shape[-1]) if h.ndim else h.reshape(1, 1)
    masks = np.zeros((h.shape[0], 4), dtype=np.int64)
    rows = np.arange(h.shape[0])
    for j in range(h.shape[1]):  # one card per row per column: no repeated index
        masks[rows, h[:, j] & 3] |= np.left_shift(np.int64(1), h[:, j] >> 2)
    m = -np.sort(-masks, axis=1)
    keys: np.ndarray = (m[:, 0] << 39) | (m[:, 1] << 26) | (m[:, 2] << 13) | m[:, 3]
    return keys


@lru_cache(maxsize=1)
def ranking_arrays() -> dict[str, np.ndarray]:
    """The shipped data, read once: ``keys`` (ascending) and one array per game beside it.

    Returns
    -------
    dict of str to numpy.ndarray
        ``keys``: int64 class keys, ascending; ``hi``, ``hilo``: int64, the combinations at
        least as good as each class. Read-only.

    Examples
    --------
    >>> from omaha_eval.ranking import ranking_arrays
    >>> data = ranking_arrays()
    >>> data["keys"].size, int(data["hi"].max())
    (16432, 270725)
    """
    with resources.files("omaha_eval").joinpath(_FILE).open("rb") as fh, np.load(fh) as z:
        data = {name: z[name].astype(np.int64) for name in ("keys",) + GAMES}
    for a in data.values():
        a.flags.writeable = False
    return data


def at_least_as_good(hands: npt.ArrayLike, game: str) -> np.ndarray:
    """How many of the 270,725 four-card combinations are at least as good as each holding.

    Parameters
    ----------
    hands : array_like
        ``(n, 4)`` card ids (valid holdings; not checked here).
    game : {'hi', 'hilo'}
        Which table ranks them.

    Returns
    -------
    numpy.ndarray
        ``(n,)`` int64, 1 .. 270,725 (the holding's own class counts as at least as good).

    Raises
    ------
    KeyError
        For another game (callers check the game first).

    Examples
    --------
    >>> import omaha_eval as oe
    >>> from omaha_eval.ranking import at_least_as_good
    >>> int(at_least_as_good([oe.parse_cards("AsAhKsKh")], "hi")[0]) <= 100
    True
    """
    data = ranking_arrays()
    keys = suit_class_keys(hands)
    at = np.searchsorted(data["keys"], keys)
    out: np.ndarray = data[game][np.minimum(at, data["keys"].size - 1)]
    return out
