"""The query functions, each computed for a whole batch of deals at once.

:class:`Frame` holds one batch and caches what several functions share (river scores, the
equities of a street, the nuts of a board), so ``winsHi(hero) and not tiesHi(villain)`` scores
the river once. Results are NumPy arrays of one value per deal: ``bool``, ``float64``, hand
types as ``int8`` (0 = high card .. 8 = straight flush) and cards as ``uint8`` ids.

Examples
--------
>>> import numpy as np
>>> from omaha_eval import parse_cards
>>> from omaha_eval.query.deals import Batch
>>> from omaha_eval.query.functions import Frame
>>> holes = parse_cards("AsAhKsKh 2c3d4h5s").reshape(1, 2, 4)
>>> board = parse_cards("QsJs9d8c2h").reshape(1, 5)
>>> f = Frame(Batch(holes, board, None), game="hi", dead=np.zeros(0, np.uint8))
>>> f.share()[0].tolist(), f.wins_hi(0).tolist()
([1.0, 0.0], [True])
"""

from __future__ import annotations

from typing import Any, Callable, Dict, Optional, Tuple

import numpy as np

from .. import equity_batch
from ..evaluate import evaluate_hi, evaluate_lo
from . import kernels
from .check import Func
from .deals import Batch

__all__ = ["Frame", "Matchups", "call", "min_streets"]


def min_streets(street: int) -> Tuple[int, ...]:
    """The streets (board cards) ``minHvHEquity`` takes the minimum over: the flop up to
    ``street``, or the preflop alone."""
    return (0,) if street == 0 else tuple(s for s in (3, 4, 5) if s <= street)


def _unique_rows(keys: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
    """The first row of each distinct key and each row's key index."""
    if len(keys) and bool((keys == keys[0]).all()):  # fixed hands: one key (a cheap test)
        return np.zeros(1, dtype=np.intp), np.zeros(len(keys), dtype=np.intp)
    uniq, first, inverse = np.unique(keys, axis=0, return_index=True, return_inverse=True)
    return first, inverse.reshape(-1)


def _column_max(scores: np.ndarray) -> np.ndarray:
    """The best score of each deal (a loop over the few player columns beats an axis reduce)."""
    best = scores[:, 0].copy()
    for p in range(1, scores.shape[1]):
        np.maximum(best, scores[:, p], out=best)
    return best


def _split(scores: np.ndarray) -> np.ndarray:
    """Each player's share of one pot: 1/k to each of the k players with the best score."""
    top = scores == _column_max(scores)[:, None]
    k = top[:, 0].astype(np.float64)
    for p in range(1, scores.shape[1]):
        k += top[:, p]
    out: np.ndarray = top / k[:, None]
    return out


def _next_categories(hole: np.ndarray, board: np.ndarray) -> np.ndarray:
    """(n, 52): each hand's category with each card as the next board card (-1 for the cards
    of the hand and of the board)."""
    n, k = hole.shape
    street = board.shape[1]
    cards = np.arange(52, dtype=np.uint8)
    boards = np.empty((n, 52, street + 1), dtype=np.uint8)
    boards[:, :, :street] = board[:, None, :]
    boards[:, :, street] = cards[None, :]
    holes = np.broadcast_to(hole[:, None, :], (n, 52, k)).reshape(-1, k)
    flat = boards.reshape(-1, street + 1)
    if street + 1 == 5:
        cats = kernels.category_of_scores(evaluate_hi(holes, flat, check=False))
    else:
        cats = kernels.best_category(np.ascontiguousarray(holes), flat)
    cats = cats.reshape(n, 52).astype(np.int8)
    seen = np.concatenate([hole, board], axis=1)
    cats[np.arange(n)[:, None], seen] = -1
    return cats


class Matchups:
    """Preflop equities by matchup (the players' hands, each sorted), kept for a whole query:
    one exact enumeration per distinct matchup, whichever block or thread meets it first.

    ``limit``: at most this many matchups, else ``stop()`` is raised before computing more
    (a sampled query whose ``where`` rarely holds draws more deals than its trials)."""

    def __init__(self, limit: Optional[int] = None,
                 stop: Optional[Callable[[], Exception]] = None) -> None:
        self.rows: Dict[bytes, np.ndarray] = {}
        self.limit, self.stop = limit, stop

    def equities(self, holes: np.ndarray, dead: np.ndarray, game: str) -> np.ndarray:
        """(m, players) preflop equities of m distinct matchups (sorted hands)."""
        keys = [row.tobytes() for row in holes.reshape(len(holes), -1)]
        todo = [i for i, k in enumerate(keys) if k not in self.rows]
        if todo and self.limit is not None and len(self.rows) + len(todo) > self.limit:
            raise (self.stop() if self.stop is not None else RuntimeError("too many matchups"))
        if todo:
            empty = np.zeros((len(todo), 0), dtype=np.uint8)
            eq = equity_batch(holes[todo], empty, dead, game=game)
            for i, row in zip(todo, eq):
                self.rows[keys[i]] = row
        return np.array([self.rows[k] for k in keys]).reshape(len(holes), holes.shape[1])


class Frame:
    """One batch of deals and the values computed on it so far (``matchups``: the query's
    preflop equities, shared by every frame of the query)."""

    def __init__(self, batch: Batch, game: str, dead: np.ndarray,
                 matchups: Optional[Matchups] = None) -> None:
        self.batch = batch
        self.game = game
        self.dead = dead
        self.matchups = Matchups() if matchups is None else matchups
        self.cache: Dict[Any, np.ndarray] = {}

    def memo(self, key: Any, make: Callable[[], np.ndarray]) -> np.ndarray:
        found = self.cache.get(key)
        if found is None:
            found = self.cache[key] = make()
        return found

    def take(self, rows: np.ndarray) -> "Frame":
        """The frame of the deals at ``rows``, keeping every value already computed."""
        out = Frame(self.batch.take(rows), self.game, self.dead, self.matchups)
        out.cache = {k: v[rows] for k, v in self.cache.items()}
        return out

    # ---- the river showdown
    def hi(self) -> np.ndarray:
        return self.memo("hi", lambda: self._per_player(evaluate_hi))

    def lo(self) -> np.ndarray:
        return self.memo("lo", lambda: self._per_player(evaluate_lo))

    def _per_player(self, evaluate: Callable[..., np.ndarray]) -> np.ndarray:
        """(n, players) river scores, one evaluator call per player on the deals' boards."""
        b = self.batch
        out = np.empty(b.holes.shape[:2], dtype=np.uint16)
        for p in range(b.holes.shape[1]):
            out[:, p] = evaluate(b.holes[:, p], b.board, check=False)
        return out

    def share(self) -> np.ndarray:
        """Each player's share of the pot at the river: (n, players)."""
        return self.memo("share", self._share)

    def _share(self) -> np.ndarray:
        hi_part = _split(self.hi())
        if self.game != "hilo":
            return hi_part
        lo = self.lo()
        best = _column_max(lo)
        lo_part = _split(lo)
        return np.where((best > 0)[:, None], 0.5 * hi_part + 0.5 * lo_part, hi_part)

    def _winners(self, scores: np.ndarray, p: int, alone: bool) -> np.ndarray:
        best = _column_max(scores)
        top = scores == best[:, None]
        mine = top[:, p] & (best > 0)
        many = top.sum(axis=1) > 1
        return np.asarray(mine & ~many if alone else mine & many)

    def wins_hi(self, p: int) -> np.ndarray:
        return self._winners(self.hi(), p, True)

    def ties_hi(self, p: int) -> np.ndarray:
        return self._winners(self.hi(), p, False)

    def wins_lo(self, p: int) -> np.ndarray:
        return self._winners(self.lo(), p, True)

    def ties_lo(self, p: int) -> np.ndarray:
        return self._winners(self.lo(), p, False)

    def scoops(self, p: int) -> np.ndarray:
        if self.game != "hilo":
            return self.wins_hi(p)
        return np.asarray(self.wins_hi(p) & ((self.lo().max(axis=1) == 0) | self.wins_lo(p)))

    # ---- equities on a street
    def equity(self, p: int, street: int) -> np.ndarray:
        if street == 5:
            return self.share()[:, p]
        return self.memo(("equity", street), lambda: self._street_equity(street))[:, p]

    def _street_equity(self, street: int) -> np.ndarray:
        """Every player's equity knowing the board up to ``street`` (0: none, the whole board
        to come), exact, once per distinct (hands, board) of the batch."""
        b = self.batch
        n, players, k = b.holes.shape
        if n == 0:
            return np.zeros((0, players))
        hands = np.sort(b.holes, axis=2)
        if street == 0:
            first, inverse = _unique_rows(hands.reshape(n, -1))
            pre: np.ndarray = self.matchups.equities(hands[first], self.dead, self.game)
            return np.asarray(pre[inverse])
        keys = np.concatenate([hands.reshape(n, -1), np.sort(b.board[:, :street], axis=1)],
                              axis=1)
        first, inverse = _unique_rows(keys)
        eq = equity_batch(b.holes[first], b.board[first, :street], self.dead, game=self.game)
        out: np.ndarray = eq[inverse]
        return out

    def min_equity(self, p: int, street: int) -> np.ndarray:
        values = [self.equity(p, s) for s in min_streets(street)]
        return np.asarray(np.minimum.reduce(values))

    # ---- hands on a street
    def per_hand(self, p: int, street: int,
                 compute: Callable[[np.ndarray, np.ndarray], np.ndarray]) -> np.ndarray:
        """``compute(holes, boards)`` for p's hand and the board of a street, once per distinct
        (hand, board) of the batch (exact enumeration repeats them many times)."""
        b = self.batch
        holes, boards = b.holes[:, p], b.board[:, :street]
        if len(b) < 2:
            return compute(holes, boards)
        first, inverse = _unique_rows(np.concatenate([np.sort(holes, axis=1),
                                                      np.sort(boards, axis=1)], axis=1))
        out: np.ndarray = compute(holes[first], boards[first])[inverse]
        return out

    def hi_key(self, p: int, street: int) -> np.ndarray:
        return self.memo(("key", p, street),
                         lambda: self.per_hand(p, street, kernels.best_hi_key))

    def hand_type(self, p: int, street: int) -> np.ndarray:
        if street == 5:
            return kernels.category_of_scores(self.hi()[:, p])
        return (self.hi_key(p, street) // 16 ** 5).astype(np.int8)

    def winning_hand_type(self) -> np.ndarray:
        return kernels.category_of_scores(self.hi().max(axis=1))

    def nut_hi(self, p: int, street: int) -> np.ndarray:
        b = self.batch
        nut = self.memo(("nut", street), lambda: kernels.nut_hi_key(b.board[:, :street]))
        mine = self.hi()[:, p] if street == 5 else self.hi_key(p, street)
        return np.asarray(mine == nut)

    def nut_lo(self, p: int, street: int) -> np.ndarray:
        b = self.batch
        mine = kernels.best_low_key(b.holes[:, p], b.board[:, :street])
        return np.asarray((mine > 0) & (mine == kernels.nut_low_key(b.board[:, :street])))

    def outs(self, p: int, street: int, handtype: int) -> np.ndarray:
        """Unseen next cards (not on the board, not in p's hand) after which p's best hand is at
        least ``handtype``; 0 on the river."""
        b = self.batch
        n = len(b)
        if street == 5 or n == 0:
            return np.zeros(n)
        cats = self.memo(("next", p, street), lambda: self.per_hand(p, street, _next_categories))
        return np.asarray(((cats >= handtype).sum(axis=1)).astype(np.float64))

    def board_suits(self, street: int) -> np.ndarray:
        return kernels.suit_count(self.batch.board[:, :street]).astype(np.float64)

    def in_range(self, p: int, range_masks: np.ndarray) -> np.ndarray:
        if range_masks.size == 0:  # a board filter may leave no holding on this board
            return np.zeros(len(self.batch), dtype=bool)
        hands = self.batch.holes[:, p].astype(np.uint64)
        masks = np.bitwise_or.reduce(np.left_shift(np.uint64(1), hands), axis=1)
        pos = np.searchsorted(range_masks, masks)
        pos = np.minimum(pos, range_masks.size - 1)
        found: np.ndarray = range_masks[pos] == masks
        return found


_RANGE_MASKS: Dict[int, Tuple[Any, np.ndarray]] = {}


def _sorted_masks(r: Any) -> np.ndarray:
    """The range's holdings as sorted card masks (kept with the range, so an id is never stale)."""
    found = _RANGE_MASKS.get(id(r))
    if found is None or found[0] is not r:
        hands = r.hands.astype(np.uint64)
        masks = np.sort(np.bitwise_or.reduce(np.left_shift(np.uint64(1), hands), axis=1))
        if len(_RANGE_MASKS) > 64:
            _RANGE_MASKS.clear()
        found = _RANGE_MASKS[id(r)] = (r, masks)
    return found[1]


def call(frame: Frame, f: Func) -> np.ndarray:
    """The value of one resolved function call on every deal of ``frame``."""
    # the checker fills exactly the slots each function takes; -1 stands for "not taken"
    p = -1 if f.player is None else f.player
    s = -1 if f.street is None else f.street
    t = -1 if f.handtype is None else f.handtype
    name = f.name
    b = frame.batch
    table: Dict[str, Callable[[], np.ndarray]] = {
        "riverEquity": lambda: frame.equity(p, 5),
        "equity": lambda: frame.equity(p, s),
        "HvHequity": lambda: frame.equity(p, s),
        "minHvHEquity": lambda: frame.min_equity(p, s),
        "winsHi": lambda: frame.wins_hi(p),
        "tiesHi": lambda: frame.ties_hi(p),
        "winsLo": lambda: frame.wins_lo(p),
        "tiesLo": lambda: frame.ties_lo(p),
        "scoops": lambda: frame.scoops(p),
        "handType": lambda: frame.hand_type(p, s),
        "winningHandType": frame.winning_hand_type,
        "nutHi": lambda: frame.nut_hi(p, s),
        "nutLo": lambda: frame.nut_lo(p, s),
        "outsToHandType": lambda: frame.outs(p, s, t),
        "boardSuitCount": lambda: frame.board_suits(s),
        "inRange": lambda: frame.in_range(p, _sorted_masks(f.range)),
        "turnCard": lambda: b.board[:, 3],
        "riverCard": lambda: b.board[:, 4],
    }
    key = ("call", name, p, s, f.handtype, id(f.range))
    return frame.memo(key, table[name])
