"""Canonical starting hands: one representative per class of suit-isomorphic holdings.

Two holdings are in the same class when a relabelling of the suits maps one onto the other (no
suit is special before the flop). A holding is, per suit, the set of ranks it holds in that suit:
four 13-bit masks. Relabelling suits permutes the masks, so a class *is* the multiset of the four
masks, and its number of combinations is ``24 / prod(m!)`` over the multiplicities ``m`` of equal
masks (an empty suit counts as a mask too).

The representative gives the masks, sorted as 13-bit numbers from the largest down, the suits
``s h d c`` in that order. That is the suit labelling whose cards, sorted from the highest down,
are the largest in lexicographic order (at the highest rank where two masks differ, the larger
mask must hold the higher suit), so the text reads the way players write hands: ``AsKsQhJh``,
``AsAhKsQh``, ``AsKhQdJc``.

Classes are ordered by their ranks from the highest down (``AAAA`` first, ``2222`` ... last among
equal-rank groups by their masks, largest first). That order fixes each class's index, and so
its random stream in a bulk job: it is part of the format of every table.

Counts found by this enumeration (and proved by the sum of their combinations, ``C(52, k)``):

=====  ===========  ==============
cards  classes      combinations
=====  ===========  ==============
4      16,432       270,725
5      134,459      2,598,960
6      962,988      20,358,520
=====  ===========  ==============
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations, combinations_with_replacement, product
from typing import Sequence

import numpy as np
import numpy.typing as npt

__all__ = ["CanonicalHands", "canonical_hands", "canonical_text"]

_RANKS = "23456789TJQKA"
_SUITS = "cdhs"
# suit of the k-th largest mask in a representative: s, h, d, c
_SUIT_OF_SLOT = np.array([3, 2, 1, 0], dtype=np.uint8)
HOLE_CARDS = (4, 5, 6)


def _check_hole_cards(hole_cards: object) -> int:
    if isinstance(hole_cards, bool) or not isinstance(hole_cards, (int, np.integer)) \
            or int(hole_cards) not in HOLE_CARDS:
        raise ValueError(f"hole_cards must be 4, 5 or 6, got {hole_cards!r}")
    return int(hole_cards)


def _suit_masks(hands: np.ndarray) -> np.ndarray:
    """(n, k) card ids -> (n, 4) int64 rank masks per suit (column = suit id)."""
    n = hands.shape[0]
    masks = np.zeros((n, 4), dtype=np.int64)
    ranks = (hands >> 2).astype(np.int64)
    suits = (hands & 3).astype(np.int64)
    rows = np.arange(n)
    for j in range(hands.shape[1]):
        np.bitwise_or.at(masks, (rows, suits[:, j]), np.left_shift(1, ranks[:, j]))
    return masks


def _pack(sorted_masks: np.ndarray) -> np.ndarray:
    """(n, 4) masks sorted from the largest down -> one int64 key each (13 bits a mask)."""
    m = sorted_masks.astype(np.int64)
    return (m[:, 0] << 39) | (m[:, 1] << 26) | (m[:, 2] << 13) | m[:, 3]


def _class_keys(hole_cards: int) -> np.ndarray:
    """Every multiset of four suit masks with hole_cards ranks in all: (n, 4), largest first."""
    by_count: dict[int, list[int]] = {
        p: [sum(1 << r for r in c) for c in combinations(range(13), p)] for p in range(hole_cards + 1)
    }
    rows: list[tuple[int, ...]] = []
    for parts in _partitions(hole_cards, 4):
        # equal parts take a multiset of masks (no order between them); distinct parts any masks
        groups = [(p, parts.count(p)) for p in sorted(set(parts), reverse=True)]
        choices = [list(combinations_with_replacement(by_count[p], g)) for p, g in groups]
        for pick in product(*choices):
            rows.append(tuple(m for group in pick for m in group))
    keys = -np.sort(-np.array(rows, dtype=np.int64), axis=1)
    return keys


def _partitions(n: int, parts: int) -> list[tuple[int, ...]]:
    """n as a sum of `parts` non-negative integers, largest first."""
    out: list[tuple[int, ...]] = []

    def rec(left: int, k: int, cap: int, acc: tuple[int, ...]) -> None:
        if k == 0:
            if left == 0:
                out.append(acc)
            return
        for p in range(min(left, cap), -1, -1):
            rec(left - p, k - 1, p, acc + (p,))

    rec(n, parts, n, ())
    return out


def _cards_of(keys: np.ndarray, hole_cards: int) -> np.ndarray:
    """Representatives: (n, 4) sorted masks -> (n, k) uint8 cards, highest card first."""
    n = keys.shape[0]
    bits = (keys[:, :, None] >> np.arange(13)[None, None, :]) & 1  # (n, slot, rank)
    ids = 4 * np.arange(13)[None, None, :] + _SUIT_OF_SLOT[None, :, None]
    ids = np.broadcast_to(ids, bits.shape)
    chosen = np.where(bits.astype(bool), ids, -1).reshape(n, 52)
    cards = -np.sort(-chosen, axis=1)[:, :hole_cards]
    return cards.astype(np.uint8)


@dataclass(frozen=True, eq=False)
class CanonicalHands:
    """The canonical classes of one hole-card count (see :func:`canonical_hands`).

    Two holdings are in one class when a relabelling of the suits turns one into the other; each
    class has one representative and the number of holdings it stands for.

    Attributes
    ----------
    hole_cards : int
        Cards per holding (4, 5 or 6).
    hands : numpy.ndarray
        ``(n, hole_cards)`` uint8 representatives, highest card first, read-only.
    combos : numpy.ndarray
        ``(n,)`` int64 number of holdings in each class, read-only; sums to ``C(52, hole_cards)``.

    Examples
    --------
    >>> from omaha_eval.bulk import canonical_hands
    >>> classes = canonical_hands(4)
    >>> len(classes), int(classes.combos.sum()), classes.text(0)
    (16432, 270725, 'AsAhAdAc')
    """
    hole_cards: int
    hands: np.ndarray
    combos: np.ndarray
    _keys: np.ndarray = field(repr=False)   # packed mask key of each class
    _order: np.ndarray = field(repr=False)  # argsort of _keys

    def __len__(self) -> int:
        return int(self.hands.shape[0])

    def __repr__(self) -> str:
        # the arrays are up to 962,988 rows: Python's <...> form, one line
        return (f"<CanonicalHands hole_cards={self.hole_cards}: {len(self):,} classes, "
                f"{int(self.combos.sum()):,} combinations>")

    def text(self, index: int) -> str:
        """The text of class ``index``.

        Parameters
        ----------
        index : int
            A class index (0 .. n-1).

        Returns
        -------
        str
            For example ``'AsKsQhJh'``.

        Examples
        --------
        >>> from omaha_eval.bulk import canonical_hands
        >>> classes = canonical_hands(4)
        >>> classes.text(1)
        'AsAhAdKs'
        """
        return "".join(_RANKS[c >> 2] + _SUITS[c & 3] for c in self.hands[index].tolist())

    def texts(self) -> list[str]:
        """The text of every class, in class order.

        Returns
        -------
        list of str
            One text per class.

        Examples
        --------
        >>> from omaha_eval.bulk import canonical_hands
        >>> classes = canonical_hands(4)
        >>> classes.texts()[:3]
        ['AsAhAdAc', 'AsAhAdKs', 'AsAhAdKc']
        """
        rs = np.array(list(_RANKS))[self.hands >> 2]
        ss = np.array(list(_SUITS))[self.hands & 3]
        both = np.char.add(rs, ss)
        return ["".join(row) for row in both.tolist()]

    def index(self, hands: npt.ArrayLike) -> np.ndarray:
        """The class index of each holding.

        Parameters
        ----------
        hands : array_like
            ``(n, hole_cards)`` card ids.

        Returns
        -------
        numpy.ndarray
            ``(n,)`` int64 class indices.

        Raises
        ------
        ValueError
            When the shape is wrong, an id is above 51 or a holding repeats a card.

        Examples
        --------
        >>> import omaha_eval as oe
        >>> from omaha_eval.bulk import canonical_hands
        >>> classes = canonical_hands(4)
        >>> i = classes.index([oe.parse_cards("AhKhQsJs"), oe.parse_cards("AsKsQhJh")])
        >>> i.tolist(), classes.text(int(i[0]))
        ([534, 534], 'AsKsQhJh')
        """
        h = np.asarray(hands)
        if h.ndim != 2 or h.shape[1] != self.hole_cards:
            raise ValueError(f"expected holdings of shape (n, {self.hole_cards}), got {h.shape}")
        if h.size and (h.min() < 0 or h.max() > 51):
            raise ValueError("card ids must be 0..51")
        h = h.astype(np.uint8)
        srt = np.sort(h, axis=1)
        if h.shape[0] and np.any(srt[:, 1:] == srt[:, :-1]):
            row = int(np.nonzero(np.any(srt[:, 1:] == srt[:, :-1], axis=1))[0][0])
            raise ValueError(f"holding {row} repeats a card")
        key = _pack(-np.sort(-_suit_masks(h), axis=1))
        pos = np.searchsorted(self._keys, key, sorter=self._order)
        return self._order[pos].astype(np.int64)


@lru_cache(maxsize=3)
def canonical_hands(hole_cards: int = 4) -> CanonicalHands:
    """One representative per suit-isomorphism class of starting hands, with its combinations.

    Parameters
    ----------
    hole_cards : int, default 4
        Cards per holding: 4 (Omaha), 5 or 6.

    Returns
    -------
    CanonicalHands
        ``hands`` (representatives, highest card first), ``combos`` and ``index()``; computed once
        per hole-card count and cached (6 cards take a few seconds).

    Raises
    ------
    ValueError
        When ``hole_cards`` is not 4, 5 or 6.

    Examples
    --------
    >>> from omaha_eval.bulk import canonical_hands
    >>> classes = canonical_hands(4)
    >>> len(classes), int(classes.combos.sum())
    (16432, 270725)
    >>> classes.text(0), int(classes.combos[0])
    ('AsAhAdAc', 1)
    """
    k = _check_hole_cards(hole_cards)
    keys = _class_keys(k)
    cards = _cards_of(keys, k)
    # order: ranks from the highest card down, then the masks, largest first
    ranks = (cards >> 2).astype(np.int64)
    packed = _pack(keys)
    order = np.lexsort((-packed,) + tuple(-ranks[:, j] for j in range(k - 1, -1, -1)))
    keys, cards, packed = keys[order], cards[order], packed[order]
    # 24 / prod(m!): equal masks are adjacent (sorted), so dividing by each mask's position in
    # its run of equal masks (1, 2, ...) divides by m! per run, exactly at every step
    combos = np.full(len(keys), 24, dtype=np.int64)
    for j in range(4):
        run = np.ones(len(keys), dtype=np.int64)
        for i in range(j):
            run += keys[:, i] == keys[:, j]
        combos //= run
    order_keys = np.argsort(packed, kind="stable")
    for a in (cards, combos, packed, order_keys):
        a.flags.writeable = False
    return CanonicalHands(k, cards, combos, packed, order_keys)


def canonical_text(hand: Sequence[int] | np.ndarray) -> str:
    """Text of the class representative of one holding given as card ids.

    Examples
    --------
    >>> from omaha_eval.bulk.canonical import canonical_text
    >>> from omaha_eval.cards import parse_cards
    >>> canonical_text(parse_cards("JdQdKcAc"))
    'AsKsQhJh'
    """
    h = np.asarray(hand, dtype=np.int64).reshape(1, -1)
    classes = canonical_hands(_check_hole_cards(h.shape[1]))
    return classes.text(int(classes.index(h)[0]))


def total_combinations(hole_cards: int) -> int:
    """``C(52, hole_cards)``: what the combinations of all classes sum to."""
    return math.comb(52, _check_hole_cards(hole_cards))
