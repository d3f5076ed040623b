"""Holdings as integer keys, and the holdings of one range pattern: counted, then built.

A holding is its cards sorted ascending; its key packs them 6 bits each, first card highest, so
sorting keys sorts holdings lexicographically. :mod:`omaha_eval.ranges` parses the text; this
module answers two questions about one parsed pattern (fixed cards, rank slots, wild slots and
an optional suit qualifier):

* how many holdings it makes, by counting alone (binomial sums, and a small walk over the four
  suits when a qualifier is given), so that an oversize pattern is refused before any holding
  is built;
* which holdings they are, built without duplicates: a holding that matches splits in exactly
  one way into its fixed cards, ``j`` further cards of each named rank (``j`` at least the
  slots of that rank) and the rest from the other ranks, so each block of that split is a
  product of combinations and no holding is made twice. Blocks are filtered by the qualifier
  one at a time, so memory stays in proportion to the answer.

Examples
--------
>>> from omaha_eval.holdings import Pattern, count_pattern, build_pattern
>>> aces = Pattern(hole_cards=4, cards=(), ranks=(12, 12), wild=2, qualifier=None)
>>> count_pattern(aces), build_pattern(aces).size
(6961, 6961)
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, product
from typing import Iterator

import numpy as np

__all__ = ["Pattern", "QUALIFIERS", "keys_of", "rows_of", "combinations_array",
           "all_keys", "count_pattern", "count_unqualified", "build_pattern", "suit_filter"]

QUALIFIERS = ("ds", "ss", "r")
# four cards: the exact suit-count pattern of each qualifier, largest count first
_PATTERN4 = {"ds": (2, 2, 0, 0), "ss": (2, 1, 1, 0), "r": (1, 1, 1, 1)}
# five and six cards: how many suits hold two or more cards
_SUITED = {"ds": 2, "ss": 1, "r": 0}
_BLOCK = 1 << 20  # rows filtered at once by a qualifier


@dataclass(frozen=True)
class Pattern:
    """One hand pattern of a range: what its slots ask for.

    Attributes
    ----------
    hole_cards : int
        Cards per holding (4, 5 or 6).
    cards : tuple of int
        Card ids that must be in the holding, ascending, distinct.
    ranks : tuple of int
        One entry per rank slot (0 = deuce .. 12 = ace): the holding has, besides ``cards``,
        at least as many cards of that rank as the slots name it.
    wild : int
        Slots for any card.
    qualifier : {'ds', 'ss', 'r'} or None
        The suit shape the whole holding must have (see :mod:`omaha_eval.ranges`).

    Examples
    --------
    >>> from omaha_eval.holdings import Pattern, count_pattern
    >>> count_pattern(Pattern(4, (), (12, 11, 10, 9), 0, "ds"))
    36
    """

    hole_cards: int
    cards: tuple[int, ...]
    ranks: tuple[int, ...]
    wild: int
    qualifier: str | None


# ---------------------------------------------------------------- keys


def keys_of(rows: np.ndarray, ascending: bool = False) -> np.ndarray:
    """One int64 key per row of card ids (6 bits a card, cards in ascending order).

    Parameters
    ----------
    rows : numpy.ndarray
        ``(n, k)`` card ids.
    ascending : bool, default False
        True when every row is already ascending (the sort is skipped).

    Returns
    -------
    numpy.ndarray
        ``(n,)`` int64 keys; sorting them sorts the holdings lexicographically.

    Examples
    --------
    >>> import numpy as np
    >>> from omaha_eval.holdings import keys_of
    >>> keys_of(np.array([[3, 2, 1, 0]])).tolist() == [(0 << 18) | (1 << 12) | (2 << 6) | 3]
    True
    """
    rows = rows.astype(np.int64) if ascending else np.sort(rows.astype(np.int64), axis=1)
    key = np.zeros(rows.shape[0], dtype=np.int64)
    for j in range(rows.shape[1]):
        key = (key << 6) | rows[:, j]
    return key


def rows_of(keys: np.ndarray, k: int) -> np.ndarray:
    """The holdings of ``keys`` as ``(n, k)`` uint8 rows (the inverse of :func:`keys_of`).

    Parameters
    ----------
    keys : numpy.ndarray
        int64 keys.
    k : int
        Cards per holding.

    Returns
    -------
    numpy.ndarray
        ``(n, k)`` uint8 card ids, each row ascending.

    Examples
    --------
    >>> import numpy as np
    >>> from omaha_eval.holdings import keys_of, rows_of
    >>> rows_of(keys_of(np.array([[51, 0, 7, 9]])), 4).tolist()
    [[0, 7, 9, 51]]
    """
    out = np.empty((keys.size, k), dtype=np.uint8)
    for j in range(k):
        out[:, k - 1 - j] = (keys >> (6 * j)) & 63
    return out


@lru_cache(maxsize=16)
def combinations_array(n: int, r: int) -> np.ndarray:
    """Every r-subset of ``range(n)`` as uint8 rows, ascending, in lexicographic order.

    Built a column at a time in NumPy (each row grows by every value above its last), so the
    2,598,960 five-card rows take milliseconds; cached and read-only.

    Parameters
    ----------
    n, r : int
        The set's size and the subsets' (``n`` at most 256).

    Returns
    -------
    numpy.ndarray
        ``(C(n, r), r)`` uint8.

    Examples
    --------
    >>> from omaha_eval.holdings import combinations_array
    >>> combinations_array(4, 2).tolist()
    [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]
    """
    if r == 0 or r > n:
        out = np.zeros((1 if r == 0 else 0, r), dtype=np.uint8)
    else:
        out = np.arange(n - r + 1, dtype=np.uint8).reshape(-1, 1)
        for j in range(1, r):
            # row with last value v extends by v+1 .. n-r+j, in order: lexicographic rows
            last = out[:, -1].astype(np.int64)
            grow = (n - r + j) - last
            starts = np.cumsum(grow) - grow
            repeated = np.repeat(out, grow, axis=0)
            offsets = np.arange(int(grow.sum()), dtype=np.int64) - np.repeat(starts, grow)
            nxt = (np.repeat(last, grow) + 1 + offsets).astype(np.uint8)
            out = np.concatenate([repeated, nxt[:, None]], axis=1)
    out.flags.writeable = False
    return out


@lru_cache(maxsize=2)
def all_keys(k: int) -> np.ndarray:
    """The sorted keys of every ``k``-card holding (cached, read-only).

    Parameters
    ----------
    k : int
        Cards per holding (4 or 5; six would be 20 million keys).

    Returns
    -------
    numpy.ndarray
        ``(C(52, k),)`` int64, ascending.

    Examples
    --------
    >>> from omaha_eval.holdings import all_keys
    >>> all_keys(4).size
    270725
    """
    keys = keys_of(combinations_array(52, k), ascending=True)
    keys.flags.writeable = False
    return keys


# ---------------------------------------------------------------- the split of a pattern


@dataclass(frozen=True)
class _Split:
    fixed: tuple[int, ...]
    need: tuple[tuple[int, int], ...]        # (rank, slots) per named rank
    avail: tuple[tuple[int, ...], ...]       # the free cards of each named rank
    free: tuple[int, ...]                    # cards of the other ranks, not fixed
    rest_total: int                          # cards beyond the fixed ones


def _split(p: Pattern) -> _Split:
    used = set(p.cards)
    need = tuple(sorted(Counter(p.ranks).items()))
    named = {r for r, _ in need}
    avail = tuple(tuple(4 * r + s for s in range(4) if 4 * r + s not in used) for r, _ in need)
    free = tuple(c for c in range(52) if c not in used and c >> 2 not in named)
    return _Split(p.cards, need, avail, free, p.hole_cards - len(p.cards))


def _blocks(sp: _Split) -> Iterator[tuple[tuple[int, ...], int]]:
    """(cards taken from each named rank, cards from the other ranks) of every block."""
    ranges_ = [range(m, len(a) + 1) for (_, m), a in zip(sp.need, sp.avail)]
    for js in product(*ranges_):
        rest = sp.rest_total - sum(js)
        if 0 <= rest <= len(sp.free):
            yield js, rest


def count_unqualified(p: Pattern) -> int:
    """How many holdings match ``p`` without its qualifier (binomial sums, nothing built).

    Parameters
    ----------
    p : Pattern
        The pattern.

    Returns
    -------
    int
        The number of holdings.

    Examples
    --------
    >>> from omaha_eval.holdings import Pattern, count_unqualified
    >>> count_unqualified(Pattern(6, (), (12,), 5, None))  # 'A*****': at least one ace
    8087008
    """
    sp = _split(p)
    total = 0
    for js, rest in _blocks(sp):
        ways = math.comb(len(sp.free), rest)
        for j, a in zip(js, sp.avail):
            ways *= math.comb(len(a), j)
        total += ways
    return total


def _shape_ok(counts: tuple[int, ...], qualifier: str) -> bool:
    if sum(counts) == 4:
        return tuple(sorted(counts, reverse=True)) == _PATTERN4[qualifier]
    return sum(c >= 2 for c in counts) == _SUITED[qualifier]


@lru_cache(maxsize=256)
def count_pattern(p: Pattern) -> int:
    """How many holdings match ``p``, qualifier included, by counting alone.

    Without a qualifier this is :func:`count_unqualified`; with one, a walk over the four
    suits counts, per suit, the cards taken of each named rank and of the other ranks.

    Parameters
    ----------
    p : Pattern
        The pattern.

    Returns
    -------
    int
        The number of holdings.

    Examples
    --------
    >>> from omaha_eval.holdings import Pattern, count_pattern
    >>> count_pattern(Pattern(4, (), (12, 12), 2, "ds"))  # 'AA**ds'
    864
    """
    if p.qualifier is None:
        return count_unqualified(p)
    sp = _split(p)
    named = [r for r, _ in sp.need]
    slots = tuple(m for _, m in sp.need)
    # state: (cards of each named rank so far, capped at its slots; cards so far; suit counts)
    states: dict[tuple[tuple[int, ...], int, tuple[int, ...]], int] = {
        (tuple(0 for _ in named), 0, ()): 1}
    for suit in range(4):
        fixed = sum(1 for c in sp.fixed if c & 3 == suit)
        ranked = [i for i, r in enumerate(named) if 4 * r + suit in sp.avail[i]]
        others = sum(1 for c in sp.free if c & 3 == suit)
        states = _next_suit(states, fixed, ranked, others, slots, p.hole_cards)
    return sum(ways for (got, n, counts), ways in states.items()
               if n == p.hole_cards and got == slots and _shape_ok(counts, p.qualifier))


def _next_suit(states: dict[tuple[tuple[int, ...], int, tuple[int, ...]], int], fixed: int,
               ranked: list[int], others: int, slots: tuple[int, ...],
               k: int) -> dict[tuple[tuple[int, ...], int, tuple[int, ...]], int]:
    out: dict[tuple[tuple[int, ...], int, tuple[int, ...]], int] = {}
    picks = [sub for n in range(len(ranked) + 1) for sub in combinations(ranked, n)]
    for (got, n, counts), ways in states.items():
        for sub in picks:
            base = n + fixed + len(sub)
            if base > k:
                continue
            new_got = list(got)
            for i in sub:
                new_got[i] = min(new_got[i] + 1, slots[i])
            for extra in range(0, min(others, k - base) + 1):
                key = (tuple(new_got), base + extra, counts + (fixed + len(sub) + extra,))
                out[key] = out.get(key, 0) + ways * math.comb(others, extra)
    return out


# ---------------------------------------------------------------- building


def suit_filter(rows: np.ndarray, qualifier: str) -> np.ndarray:
    """Which rows have the suit shape ``qualifier`` asks for.

    Parameters
    ----------
    rows : numpy.ndarray
        ``(n, k)`` card ids.
    qualifier : {'ds', 'ss', 'r'}
        The shape (see :mod:`omaha_eval.ranges`).

    Returns
    -------
    numpy.ndarray
        ``(n,)`` bool.

    Examples
    --------
    >>> import numpy as np
    >>> from omaha_eval.holdings import suit_filter
    >>> suit_filter(np.array([[0, 4, 1, 5], [0, 4, 8, 1]]), "ds").tolist()
    [True, False]
    """
    counts = np.zeros((rows.shape[0], 4), dtype=np.int8)
    at = np.arange(rows.shape[0])
    for j in range(rows.shape[1]):  # one card per row per column: no repeated index
        counts[at, rows[:, j] & 3] += 1
    return _suit_counts_ok(counts, rows.shape[1], qualifier)


def _suit_counts_ok(counts: np.ndarray, k: int, qualifier: str) -> np.ndarray:
    """Which rows of ``(n, 4)`` suit counts of k-card holdings have the shape ``qualifier``."""
    if k == 4:
        pattern = np.array(_PATTERN4[qualifier], dtype=np.int8)
        ok: np.ndarray = np.all(-np.sort(-counts, axis=1) == pattern, axis=1)
        return ok
    ok = (counts >= 2).sum(axis=1) == _SUITED[qualifier]
    return ok


_SUIT_BITS = [sum(1 << (4 * r + s) for r in range(13)) for s in range(4)]


def _popcount_swar(x: np.ndarray) -> np.ndarray:
    """Bits set in each non-negative int64 (NumPy before 2.0 has no bitwise_count)."""
    v = x.astype(np.uint64)
    v = v - ((v >> np.uint64(1)) & np.uint64(0x5555555555555555))
    v = (v & np.uint64(0x3333333333333333)) + ((v >> np.uint64(2)) & np.uint64(0x3333333333333333))
    v = (v + (v >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return ((v * np.uint64(0x0101010101010101)) >> np.uint64(56)).astype(np.uint8)


_popcount = getattr(np, "bitwise_count", _popcount_swar)


def _masks(rows: np.ndarray) -> np.ndarray:
    """One 52-bit card mask (int64) per row of card ids."""
    out = np.zeros(rows.shape[0], dtype=np.int64)
    for j in range(rows.shape[1]):
        out |= np.left_shift(np.int64(1), rows[:, j].astype(np.int64))
    return out


def _mask_keys(masks: np.ndarray, k: int) -> np.ndarray:
    """The key of each k-card mask: its cards from the lowest up, 6 bits each."""
    m = masks.copy()
    key = np.zeros(m.size, dtype=np.int64)
    for _ in range(k):
        low = m & -m
        key = (key << 6) | _popcount(low - 1).astype(np.int64)
        m ^= low
    return key


def _mask_shape_ok(masks: np.ndarray, k: int, qualifier: str) -> np.ndarray:
    counts = np.stack([_popcount(masks & np.int64(b)) for b in _SUIT_BITS],
                      axis=1).astype(np.int8)
    return _suit_counts_ok(counts, k, qualifier)


def build_pattern(p: Pattern) -> np.ndarray:
    """The sorted keys of every holding that matches ``p`` (each made once).

    Callers count first (:func:`count_pattern`) and refuse what is too large: the work here
    is in proportion to :func:`count_unqualified`.

    Parameters
    ----------
    p : Pattern
        The pattern.

    Returns
    -------
    numpy.ndarray
        int64 keys, ascending, distinct.

    Examples
    --------
    >>> from omaha_eval.holdings import Pattern, build_pattern, rows_of
    >>> rows_of(build_pattern(Pattern(4, (48, 49), (), 2, None)), 4)[:2].tolist()
    [[0, 1, 48, 49], [0, 2, 48, 49]]
    """
    sp = _split(p)
    tail_cards = np.array(sp.free, dtype=np.uint8)
    base = int(_masks(np.array([sp.fixed], dtype=np.uint8).reshape(1, -1))[0])
    found: list[np.ndarray] = []
    for js, rest in _blocks(sp):
        head = np.array([base], dtype=np.int64)
        for j, a in zip(js, sp.avail):
            part = _masks(np.array(a, dtype=np.uint8)[combinations_array(len(a), j)])
            head = (head[:, None] | part[None, :]).ravel()
        tail = _masks(tail_cards[combinations_array(tail_cards.size, rest)])
        step = max(1, _BLOCK // tail.size)
        for start in range(0, head.size, step):
            masks = (head[start:start + step, None] | tail[None, :]).ravel()
            if p.qualifier is not None:
                masks = masks[_mask_shape_ok(masks, p.hole_cards, p.qualifier)]
            found.append(_mask_keys(masks, p.hole_cards))
    if not found:
        return np.zeros(0, dtype=np.int64)
    keys = np.concatenate(found) if len(found) > 1 else found[0]
    keys.sort()
    return keys
