"""Vectorised building blocks over batches of deals: scores on partial boards, nuts, lows, outs.

The library's evaluator scores a hand on a full five-card board; a query also asks about the
flop and the turn. Here a small NumPy scorer of five-card hands (:func:`key5`: category first,
then the ranks that break ties) scores every 2-hole + 3-board combination of a hand on a board
of 3, 4 or 5 cards, so that "the best hand possible on this board" (the absolute nuts: any two
cards not on the board) and a hand's own best compare on one scale. The 8-or-better low is a
256 x 256 table over the low ranks of the hole and of the board.

They stay beside the board analysis (``oe.classify``, which agrees with them: see
tests/query/test_pql_kernels.py) because classify takes one board per call: on sampled deals,
where every board is new, it would be a Python call per deal (measured 350 to 470 us of CPU
each, against 14 to 1,160 us per deal here for ``nutHi`` on the river to the turn and 70 to
160 us for outs).

Examples
--------
>>> import numpy as np
>>> from omaha_eval import parse_cards
>>> from omaha_eval.query.kernels import best_category, nut_hi_key, best_hi_key
>>> hole = parse_cards("AsKsQhJh")[None, :]
>>> flop = parse_cards("Ts9s8h")[None, :]
>>> best_category(hole, flop).tolist()          # a straight (4)
[4]
>>> bool(best_hi_key(hole, flop)[0] == nut_hi_key(flop)[0])   # QJ: the nut straight
True
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import List, Tuple

import numpy as np

from ..evaluate import CATEGORIES, evaluate_hi, hi_category

__all__ = ["key5", "best_hi_key", "best_category", "nut_hi_key", "low_masks", "best_low_key",
           "nut_low_key", "category_of_scores", "suit_count"]

_CHUNK = 512  # rows of deals per block in the heavier kernels (bounds the temporary arrays)


@lru_cache(maxsize=None)
def _pairs(k: int) -> np.ndarray:
    return np.array(list(combinations(range(k), 2)), dtype=np.intp)


@lru_cache(maxsize=None)
def _triples(m: int) -> np.ndarray:
    return np.array(list(combinations(range(m), 3)), dtype=np.intp)


@lru_cache(maxsize=1)
def _score_categories() -> np.ndarray:
    table = np.zeros(7463, dtype=np.int8)
    for s in range(1, 7463):
        table[s] = CATEGORIES.index(hi_category(s))
    return table


def category_of_scores(scores: np.ndarray) -> np.ndarray:
    """The hi category (0 = high card .. 8 = straight flush) of library hi scores."""
    return np.asarray(_score_categories()[scores])


def _key5_slow(cards: np.ndarray) -> np.ndarray:
    """:func:`key5` computed directly (sorting ranks by count): builds the fast tables."""
    ranks = (cards >> 2).astype(np.int64)
    suits = cards & 3
    flush = np.all(suits == suits[..., :1], axis=-1)
    counts = (ranks[..., :, None] == ranks[..., None, :]).sum(axis=-1)
    order = np.sort(counts * 16 + ranks, axis=-1)[..., ::-1]
    top = order & 15
    packed = (((top[..., 0] * 16 + top[..., 1]) * 16 + top[..., 2]) * 16 + top[..., 3]) * 16 \
        + top[..., 4]
    c = order >> 4
    distinct = c[..., 0] == 1
    high, low = top[..., 0], top[..., 4]
    wheel = distinct & (high == 12) & (top[..., 1] == 3)
    straight = distinct & ((high - low == 4) | wheel)
    cat = np.where(c[..., 0] == 4, 7, 0)
    cat = np.where((c[..., 0] == 3) & (c[..., 3] == 2), 6, cat)
    cat = np.where((c[..., 0] == 3) & (c[..., 3] == 1), 3, cat)
    cat = np.where((c[..., 0] == 2) & (c[..., 2] == 2), 2, cat)
    cat = np.where((c[..., 0] == 2) & (c[..., 2] == 1), 1, cat)
    cat = np.where(distinct & flush, 5, cat)
    cat = np.where(straight, np.where(flush, 8, 4), cat)
    straight_top = np.where(wheel, 3, high)
    packed = np.where(straight, straight_top * 16 ** 4, packed)
    return np.asarray(cat * 16 ** 5 + packed)


_PRIMES = np.array([2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41], dtype=np.int64)


@lru_cache(maxsize=1)
def _key5_tables() -> Tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Lookup tables of :func:`key5`: five distinct ranks by their 13-bit mask (off-suit and
    flush), other rank multisets by their product of rank primes (sorted, for searchsorted)."""
    distinct = np.array(list(combinations(range(13), 5)), dtype=np.uint8)
    masks = np.bitwise_or.reduce(np.left_shift(1, distinct.astype(np.int64)), axis=1)
    plain = np.zeros(8192, dtype=np.int64)
    flush = np.zeros(8192, dtype=np.int64)
    suits_off = np.array([0, 1, 0, 0, 0], dtype=np.uint8)
    plain[masks] = _key5_slow(distinct * 4 + suits_off)
    flush[masks] = _key5_slow(distinct * 4)
    multi = [r for r in _rank_multisets() if len(set(r)) < 5]
    cards = np.array([_cards_of(r) for r in multi], dtype=np.uint8)
    products = np.prod(_PRIMES[np.array(multi)], axis=1)
    order = np.argsort(products)
    return plain, flush, products[order], _key5_slow(cards)[order]


def _rank_multisets() -> list[Tuple[int, ...]]:
    from itertools import combinations_with_replacement
    return [r for r in combinations_with_replacement(range(13), 5)
            if max(r.count(x) for x in r) <= 4]


def _cards_of(ranks: Tuple[int, ...]) -> list[int]:
    """Cards of these ranks, the suit of each its place among the cards of its rank (a repeated
    rank gives two suits: never a flush)."""
    return [4 * r + ranks[:i].count(r) for i, r in enumerate(ranks)]


def key5(cards: np.ndarray) -> np.ndarray:
    """A comparable key of five-card high hands (higher is better), shape ``cards.shape[:-1]``.

    The key is ``category * 16**5`` plus the ranks in the order that breaks ties (grouped by
    count, then rank; a straight by its top card, the wheel's being the five). Table lookups:
    a rank mask for five distinct ranks, a product of rank primes otherwise.
    """
    plain, flush_table, products, values = _key5_tables()
    ranks = (cards >> 2).astype(np.int64)
    suits = cards & 3
    flush = (suits[..., 0] == suits[..., 1]) & (suits[..., 0] == suits[..., 2]) \
        & (suits[..., 0] == suits[..., 3]) & (suits[..., 0] == suits[..., 4])
    bits = np.left_shift(1, ranks)
    mask = bits[..., 0] | bits[..., 1] | bits[..., 2] | bits[..., 3] | bits[..., 4]
    primes = _PRIMES[ranks]
    product = primes[..., 0] * primes[..., 1] * primes[..., 2] * primes[..., 3] * primes[..., 4]
    found = values[np.minimum(np.searchsorted(products, product), products.size - 1)]
    key = np.where(flush, flush_table[mask], plain[mask])
    return np.asarray(np.where(key > 0, key, found))


def _combos(hole2: np.ndarray, board: np.ndarray) -> np.ndarray:
    """Every (two of hole2's cards) + (three of board's cards): (n, pairs, triples, 5)."""
    pairs = hole2[:, _pairs(hole2.shape[1])]                 # (n, P, 2)
    triples = board[:, _triples(board.shape[1])]            # (n, T, 3)
    n, p, t = pairs.shape[0], pairs.shape[1], triples.shape[1]
    out = np.empty((n, p, t, 5), dtype=np.uint8)
    out[..., :2] = pairs[:, :, None, :]
    out[..., 2:] = triples[:, None, :, :]
    return out


def best_hi_key(holes: np.ndarray, board: np.ndarray) -> np.ndarray:
    """Each hand's best :func:`key5` with exactly two hole and three board cards: (n,)."""
    out = np.empty(holes.shape[0], dtype=np.int64)
    for s in range(0, holes.shape[0], _CHUNK):
        keys = key5(_combos(holes[s:s + _CHUNK], board[s:s + _CHUNK]))
        out[s:s + _CHUNK] = keys.reshape(keys.shape[0], -1).max(axis=1)
    return out


def best_category(holes: np.ndarray, board: np.ndarray) -> np.ndarray:
    """Each hand's best hi category (0 .. 8) on a board of 3 to 5 cards: (n,)."""
    return (best_hi_key(holes, board) // 16 ** 5).astype(np.int8)


def _unique_rows(board: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
    rows = np.sort(board, axis=1)
    uniq, inverse = np.unique(rows, axis=0, return_inverse=True)
    return uniq, inverse.reshape(-1)


@lru_cache(maxsize=None)
def _pair_cover(m: int) -> np.ndarray:
    """Four-card blocks of range(m) such that every pair lies in some block: (blocks, 4).

    The cards go in twos; every two twos make a block, and an odd last card goes with each
    consecutive three of the others. The best Omaha hand of a block is the best of its pairs,
    so the best over the blocks is the best over every pair of cards."""
    groups = [(2 * i, 2 * i + 1) for i in range(m // 2)]
    blocks: List[Tuple[int, ...]] = [a + b for a, b in combinations(groups, 2)]
    if m % 2:
        others = list(range(m - 1))
        for i in range(0, len(others), 3):
            three = [others[(i + j) % len(others)] for j in range(3)]
            blocks.append(tuple(three) + (m - 1,))
    return np.array(blocks, dtype=np.intp)


def _nut_river(board: np.ndarray) -> np.ndarray:
    """The best library hi score any two cards not on the board make: (n,) for (n, 5)."""
    n = board.shape[0]
    cards = np.arange(52, dtype=np.uint8)
    on_board = np.zeros((n, 52), dtype=bool)
    on_board[np.arange(n)[:, None], board] = True
    rest = np.broadcast_to(cards, (n, 52))[~on_board].reshape(n, 47)
    cover = _pair_cover(47)
    out = np.empty(n, dtype=np.int64)
    step = 256
    for s in range(0, n, step):
        holes = rest[s:s + step][:, cover]                          # (k, blocks, 4)
        scores = evaluate_hi(holes, board[s:s + step, None, :], check=False)
        out[s:s + step] = scores.max(axis=1)
    return out


def _nut_partial(board: np.ndarray) -> np.ndarray:
    """The best :func:`key5` any two cards not on a 3- or 4-card board make: (n,)."""
    n, m = board.shape
    cards = np.arange(52, dtype=np.uint8)
    on_board = np.zeros((n, 52), dtype=bool)
    on_board[np.arange(n)[:, None], board] = True
    rest = np.broadcast_to(cards, (n, 52))[~on_board].reshape(n, 52 - m)
    pairs = _pairs(52 - m)
    triples = board[:, _triples(m)]                                 # (n, T, 3)
    out = np.empty(n, dtype=np.int64)
    step = 4
    for s in range(0, n, step):
        pr = rest[s:s + step][:, pairs]                             # (k, C, 2)
        tr = triples[s:s + step]
        hands = np.empty((pr.shape[0], pr.shape[1], tr.shape[1], 5), dtype=np.uint8)
        hands[..., :2] = pr[:, :, None, :]
        hands[..., 2:] = tr[:, None, :, :]
        out[s:s + step] = key5(hands).reshape(hands.shape[0], -1).max(axis=1)
    return out


def nut_hi_key(board: np.ndarray) -> np.ndarray:
    """The best hand any two cards not on the board make with it (the absolute nuts; no hand's
    cards are removed): (n,) for boards (n, m). On a 3- or 4-card board a :func:`key5`, on a
    river board a library hi score (compare with :func:`omaha_eval.evaluate_hi`)."""
    uniq, inverse = _unique_rows(board)
    nuts = _nut_river(uniq) if board.shape[1] == 5 else _nut_partial(uniq)
    return np.asarray(nuts[inverse])


# ---- 8-or-better lows: ranks A..8 are bits 0..7

@lru_cache(maxsize=1)
def _low_bit() -> np.ndarray:
    """Card id -> its low-rank bit (0 for 9 .. K)."""
    bits = np.zeros(52, dtype=np.uint16)
    for card in range(52):
        rank = card >> 2
        idx = 0 if rank == 12 else rank + 1 if rank <= 6 else -1
        bits[card] = 0 if idx < 0 else 1 << idx
    return bits


def low_masks(cards: np.ndarray) -> np.ndarray:
    """The set of low ranks among each row's cards, as 8-bit masks: (n,)."""
    return np.asarray(np.bitwise_or.reduce(_low_bit()[cards], axis=-1).astype(np.intp))


@lru_cache(maxsize=1)
def _low_table() -> np.ndarray:
    """table[hole_mask, board_mask]: the best low key (0 = none; else 256 - the five ranks'
    mask, so a smaller top card is a higher key)."""
    table = np.zeros((256, 256), dtype=np.int16)
    for bmask in range(256):
        board = [r for r in range(8) if bmask >> r & 1]
        for tri in combinations(board, 3):
            t = sum(1 << r for r in tri)
            for a, b in combinations([r for r in range(8) if r not in tri], 2):
                key = 256 - (t | 1 << a | 1 << b)
                pair = 1 << a | 1 << b
                # every hole mask holding both ranks reaches this low
                holes = np.arange(256)
                hit = (holes & pair) == pair
                table[hit, bmask] = np.maximum(table[hit, bmask], key)
    return table


def best_low_key(holes: np.ndarray, board: np.ndarray) -> np.ndarray:
    """Each hand's best low key on the board (0 without a qualifying low): (n,)."""
    return np.asarray(_low_table()[low_masks(holes), low_masks(board)].astype(np.int64))


def nut_low_key(board: np.ndarray) -> np.ndarray:
    """The best low any two cards not on the board make (0 when no low is possible): (n,)."""
    return np.asarray(_low_table()[255, low_masks(board)].astype(np.int64))


def suit_count(board: np.ndarray) -> np.ndarray:
    """The number of distinct suits on each board: (n,)."""
    bits = np.bitwise_or.reduce(np.left_shift(1, board & 3), axis=-1)
    return np.asarray(((bits & 1) + (bits >> 1 & 1) + (bits >> 2 & 1) + (bits >> 3 & 1)).astype(np.int64))
