"""Deals: every player's hand and the whole board, enumerated exactly or sampled, in batches.

The model: each ranged player's holding is drawn by weight from the range, the tuple of
holdings is kept only when no card is used twice (so fixed hands, board and dead cards are
respected), random players then get cards from what is left, and the board is completed from
the rest, uniformly. Exact enumeration lists every such deal once with its weight (the product
of the holdings' weights); sampling draws deals from the same distribution with a NumPy
Generator, in fixed chunks seeded from ``(seed, chunk index)``, so the deals do not depend on
how many threads consume them.

Examples
--------
>>> from omaha_eval.query.deals import exact_deals, exact_size
>>> from omaha_eval.query.spot import spot_of
>>> from omaha_eval.query.syntax import parse
>>> s = spot_of(parse("select count(winsHi(a)) from game='omahahi', a='AsAhKsKh', "
...                   "b='2c3d4h5s', board='QsJs9d8c'"))
>>> exact_size(s), exact_deals(s).holes.shape
(40, (40, 2, 4))
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import chain, combinations
from math import comb
from typing import Dict, Iterator, List, Optional, Tuple, Union

import numpy as np

from ..errors import QueryError
from ..ranges import Range
from .spot import Spot

__all__ = ["Batch", "exact_size", "exact_batches", "exact_deals", "sample", "CHUNK"]

CHUNK = 1 << 15
"""Deals per sampled chunk (fixed: results never depend on the number of threads)."""

_MAX_REJECTION_ROUNDS = 2000


@dataclass
class Batch:
    """Deals: ``holes`` (n, players, k), ``board`` (n, 5) card ids and per-deal ``weight``
    (None when every deal counts the same)."""

    holes: np.ndarray
    board: np.ndarray
    weight: Optional[np.ndarray]

    def __len__(self) -> int:
        return int(self.holes.shape[0])

    def take(self, rows: Union[np.ndarray, slice]) -> "Batch":
        """The deals at ``rows`` (a boolean mask or indices)."""
        return Batch(self.holes[rows], self.board[rows],
                     None if self.weight is None else self.weight[rows])


def _masks(hands: np.ndarray) -> np.ndarray:
    return np.asarray(np.bitwise_or.reduce(np.left_shift(np.uint64(1), hands.astype(np.uint64)), axis=-1))


def _free_cards(spot: Spot) -> int:
    dealt_ranges = sum(spot.hole for r in spot.ranges if r is not None)
    return 52 - int(spot.board.size) - int(spot.dead.size) - dealt_ranges


def _completions(spot: Spot) -> int:
    """Deals per tuple of the ranged players' holdings: the random hands, then the board."""
    left = _free_cards(spot)
    total = 1
    for _ in range(sum(spot.randoms)):
        total *= comb(left, spot.hole)
        left -= spot.hole
    return total * comb(left, 5 - int(spot.board.size))


def exact_size(spot: Spot, limit: int = 2_000_000) -> Optional[int]:
    """The number of deals exact enumeration lists, or None when it is above ``limit``."""
    per_tuple = _completions(spot)
    if per_tuple > limit:
        return None
    tuples = _tuple_count(spot, limit // per_tuple)
    if tuples is None:
        return None
    total = tuples * per_tuple
    return total if total <= limit else None


def _tuple_count(spot: Spot, limit: int) -> Optional[int]:
    """Compatible tuples of the ranged players' holdings (an upper bound first, then exact)."""
    sizes = [len(r) for r in spot.ranges if r is not None]
    bound = int(np.prod(sizes)) if sizes else 1
    if bound > limit:
        return None
    return len(_tuples(spot)[0])


def _tuples(spot: Spot) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every compatible tuple: holding indices (T, ranged), card masks (T,), weights (T,)."""
    idx = np.zeros((1, 0), dtype=np.int64)
    used = np.zeros(1, dtype=np.uint64)
    weight = np.ones(1, dtype=np.float64)
    for r in spot.ranges:
        if r is None:
            continue
        masks = _masks(r.hands)
        ok = (used[:, None] & masks[None, :]) == 0
        a, b = np.nonzero(ok)
        idx = np.concatenate([idx[a], b[:, None]], axis=1)
        used = used[a] | masks[b]
        weight = weight[a] * r.weights[b]
    return idx, used, weight


@lru_cache(maxsize=64)
def _combos(n: int, r: int) -> np.ndarray:
    """All r-subsets of range(n), in lexicographic order: (C, r)."""
    flat = np.fromiter(chain.from_iterable(combinations(range(n), r)), dtype=np.intp,
                       count=comb(n, r) * r)
    return flat.reshape(comb(n, r), r)


@lru_cache(maxsize=16)
def _complements(n: int, r: int) -> np.ndarray:
    """The complement of each of :func:`_combos` (n, r) in range(n): (C, n - r)."""
    chosen = _combos(n, r)
    keep = np.ones((len(chosen), n), dtype=bool)
    keep[np.arange(len(chosen))[:, None], chosen] = False
    return np.nonzero(keep)[1].reshape(len(chosen), n - r)


def _known_deck(spot: Spot, used: np.ndarray) -> np.ndarray:
    """Per tuple, the cards nobody holds and that are not on the board or dead: (T, left)."""
    free = np.ones((len(used), 52), dtype=bool)
    free[:, np.concatenate([spot.board, spot.dead]).astype(np.intp)] = False
    free &= ((used[:, None] >> np.arange(52, dtype=np.uint64)[None, :]) & np.uint64(1)) == 0
    left = 52 - int(spot.board.size) - int(spot.dead.size) - \
        sum(spot.hole for r in spot.ranges if r is not None)
    order = np.argsort(~free, axis=1, kind="stable")[:, :left]
    return order.astype(np.uint8)


def _deals_of(spot: Spot, idx: np.ndarray, used: np.ndarray, weight: np.ndarray
              ) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every deal of some tuples of holdings: hands, boards, weights."""
    deck = _known_deck(spot, used)
    k = spot.hole
    hands = np.zeros((len(used), len(spot.ranges), k), dtype=np.uint8)
    j = 0
    for p, r in enumerate(spot.ranges):
        if r is not None:
            hands[:, p] = r.hands[idx[:, j]]
            j += 1
    for p, r in enumerate(spot.ranges):
        if r is None:
            chosen, rest = _combos(deck.shape[1], k), _complements(deck.shape[1], k)
            hands = np.repeat(hands, len(chosen), axis=0)
            hands[:, p] = deck[:, chosen].reshape(-1, k)
            weight = np.repeat(weight, len(chosen))
            deck = deck[:, rest].reshape(-1, deck.shape[1] - k)
    need = 5 - int(spot.board.size)
    chosen = _combos(deck.shape[1], need)
    hands = np.repeat(hands, len(chosen), axis=0)
    weight = np.repeat(weight, len(chosen))
    board = np.empty((len(hands), 5), dtype=np.uint8)
    board[:, :spot.board.size] = spot.board
    board[:, spot.board.size:] = deck[:, chosen].reshape(len(hands), need)
    return hands, board, weight


def exact_batches(spot: Spot, size: int = 1 << 16) -> Iterator[Batch]:
    """Every deal of the spot once, with its weight, in batches of about ``size`` deals (call
    :func:`exact_size` first); weights are None when they are all equal."""
    idx, used, weight = _tuples(spot)
    uniform = weight.size == 0 or bool(np.all(weight == weight[0]))
    step = max(1, size // _completions(spot))
    for s in range(0, max(len(used), 1), step):
        hands, board, w = _deals_of(spot, idx[s:s + step], used[s:s + step], weight[s:s + step])
        yield Batch(hands, board, None if uniform else w)


def exact_deals(spot: Spot) -> Batch:
    """Every deal of the spot once, with its weight, in one batch (see :func:`exact_batches`)."""
    parts = list(exact_batches(spot))
    weights = [b.weight for b in parts]
    return Batch(np.concatenate([b.holes for b in parts]), np.concatenate([b.board for b in parts]),
                 None if weights[0] is None else np.concatenate([w for w in weights if w is not None]))


# ---- sampling

def _draw_ranged(spot: Spot, rng: np.random.Generator, n: int
                 ) -> Tuple[np.ndarray, np.ndarray]:
    """Holdings of the ranged players for n deals, redrawn until no two share a card."""
    hands = np.empty((n, len(spot.ranges), spot.hole), dtype=np.uint8)
    used = np.zeros(n, dtype=np.uint64)
    todo: Union[slice, np.ndarray] = slice(0, n)  # the first round fills every row
    m = n
    for _ in range(_MAX_REJECTION_ROUNDS):
        if m == 0:
            return hands, used
        u = np.zeros(m, dtype=np.uint64)
        ok = np.ones(m, dtype=bool)
        for p, r in enumerate(spot.ranges):
            if r is None:
                continue
            pick = _pick(r.hands.shape[0], r.weights, rng, m)
            mask = np.take(_range_masks(r), pick)
            ok &= (u & mask) == 0
            u |= mask
            # np.take: a row gather many times faster than r.hands[pick] on (n, 4) uint8
            hands[todo, p] = np.take(r.hands, pick, axis=0)
        used[todo] = u
        rows = np.arange(n)[todo] if isinstance(todo, slice) else todo
        todo = rows[~ok]
        m = todo.size
    raise QueryError("the players' ranges almost always share cards: no deal found in "
                     f"{_MAX_REJECTION_ROUNDS} rounds of draws")


_MASK_CACHE: Dict[int, Tuple[Range, np.ndarray]] = {}


def _range_masks(r: Range) -> np.ndarray:
    """The card masks of a range's holdings (kept with the range, so an id is never stale)."""
    found = _MASK_CACHE.get(id(r))
    if found is None or found[0] is not r:
        if len(_MASK_CACHE) > 64:
            _MASK_CACHE.clear()
        found = _MASK_CACHE[id(r)] = (r, _masks(r.hands))
    return found[1]


def _pick(n: int, weights: np.ndarray, rng: np.random.Generator, m: int) -> np.ndarray:
    if n == 1:
        return np.zeros(m, dtype=np.intp)
    if weights[0] == weights[-1] and np.all(weights == weights[0]):
        return rng.integers(0, n, m)
    cum = np.cumsum(weights)
    return np.asarray(np.minimum(np.searchsorted(cum, rng.random(m) * cum[-1], side="right"), n - 1))




def _draw_cards(used: np.ndarray, rng: np.random.Generator, count: int) -> np.ndarray:
    """count cards per row, none in the row's ``used`` mask (updated in place): (count, n).

    One draw of every candidate at once (int64 draws are the fastest NumPy makes), then a
    redraw of the few that hit a used card, card by card so the cards of a row are distinct."""
    n = used.size
    cards = rng.integers(0, 52, (count, n), dtype=np.int64)
    bit = np.empty(n, dtype=np.uint64)
    one = np.uint64(1)
    # a shift (not a table gather) and a boolean test before nonzero: the fast NumPy paths
    for j in range(count):
        card = cards[j]
        np.left_shift(one, card.view(np.uint64), out=bit)
        bad = np.flatnonzero((used & bit) != 0)
        while bad.size:
            again = rng.integers(0, 52, bad.size, dtype=np.int64)
            again_bit = np.left_shift(one, again.view(np.uint64))
            card[bad] = again
            bit[bad] = again_bit
            bad = bad[(used[bad] & again_bit) != 0]
        used |= bit
    return cards


def sample(spot: Spot, seed: int, chunk: int, n: int = CHUNK) -> Batch:
    """Chunk number ``chunk`` of the sampled deals: n deals from ``(seed, chunk)``'s stream."""
    rng = np.random.default_rng([seed, chunk])
    hands, used = _draw_ranged(spot, rng, n)
    used |= np.uint64(sum(1 << int(c) for c in np.concatenate([spot.board, spot.dead])))
    randoms: List[int] = [p for p, r in enumerate(spot.ranges) if r is None]
    need = 5 - int(spot.board.size)
    drawn = _draw_cards(used, rng, spot.hole * len(randoms) + need)
    for j, p in enumerate(randoms):
        hands[:, p] = drawn[j * spot.hole:(j + 1) * spot.hole].T
    board = np.empty((n, 5), dtype=np.uint8)
    board[:, :spot.board.size] = spot.board
    board[:, spot.board.size:] = drawn[drawn.shape[0] - need:].T
    return Batch(hands, board, None)
