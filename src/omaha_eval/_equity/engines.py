"""The engines: exact enumeration of fixed hands, of ranges, and Monte Carlo, in slices.

Each takes a checked :class:`~.spot.Spot` and returns the (P, 7) integer (or weighted) sums
the native core accumulates; long runs go in slices of about a tenth of a second, so that a
progress callback moves and Ctrl-C is seen between them.
"""

from __future__ import annotations

import math
from itertools import combinations
from typing import Callable, Optional, Sequence

import numpy as np

from .. import _core
from ..errors import ArgumentError
from ..ranges import RangeError
from .feasibility import GROUPS_BY_MISSING, PAIR_COST
from .players import range_of
from .spot import Spot, deck_left

__all__ = ["MC_CHUNK", "DEFAULT_TRIALS", "MAX_TRIALS", "ProgressFn", "exact_fixed",
           "exact_ranges", "monte_carlo", "mc_slice", "trial_count"]

MC_CHUNK: int = int(_core.MC_CHUNK)
DEFAULT_TRIALS = 1_000_000
MAX_TRIALS = 10**11
ProgressFn = Callable[[int, int], None]


def trial_count(trials: Optional[int]) -> Optional[int]:
    """``trials=``: None (exact), or a positive int up to :data:`MAX_TRIALS`."""
    if trials is None:
        return None
    if isinstance(trials, bool) or not isinstance(trials, (int, np.integer)) or trials < 1:
        raise ArgumentError(f"trials must be a positive int or None, got {trials!r}")
    if trials > MAX_TRIALS:
        raise ArgumentError(f"trials={trials} is above the Monte Carlo budget of {MAX_TRIALS:,} "
                            "trials per call (MAX_TRIALS); split the work over several seeds")
    return int(trials)


def exact_fixed(spot: Spot, workers: int) -> tuple[list[list[int]], int]:
    return _core.exact_packed(spot.packed(), len(spot.players), spot.hole, spot.board.size,
                              spot.dead.size, spot.game, workers)



def _card_masks(hands: np.ndarray) -> np.ndarray:
    masks: np.ndarray = np.bitwise_or.reduce(np.left_shift(np.uint64(1), hands.astype(np.uint64)),
                                             axis=1)
    return masks


def _player_table(spot: Spot, p: int) -> tuple[np.ndarray, np.ndarray]:
    """(hands (n, k), weights normalised to a maximum of 1) of one player, for enumeration."""
    pl = spot.players[p]
    if pl.fixed:
        return pl.fixed_hand()[None, :], np.ones(1)
    if pl.random:
        deck = deck_left(spot)
        n = math.comb(deck.size, spot.hole)
        idx = np.fromiter((c for combo in combinations(range(deck.size), spot.hole) for c in combo),
                          dtype=np.intp, count=n * spot.hole).reshape(n, spot.hole)
        return deck[idx], np.ones(n)
    r = range_of(spot.ranges[p])
    return r.hands, normalised(r.weights)


def normalised(weights: np.ndarray) -> np.ndarray:
    """Weights scaled to a maximum of 1 (sums of them stay finite whatever the parser allowed)."""
    w = np.asarray(weights, dtype=np.float64)
    if w.size == 0:
        return w
    if not np.all(np.isfinite(w)) or not np.all(w > 0):
        raise RangeError("range weights must be positive and finite")
    scaled: np.ndarray = w / w.max()
    return scaled


def _holding_tuples(tables: Sequence[tuple[np.ndarray, np.ndarray]]) -> tuple[np.ndarray, np.ndarray]:
    """Every collision-free choice of one holding per player: (T, P) row indices, (T,) weights."""
    hands0, w0 = tables[0]
    idx = np.arange(hands0.shape[0], dtype=np.int64)[:, None]
    masks = _card_masks(hands0)
    weights = w0.astype(np.float64)
    for hands, w in tables[1:]:
        m = _card_masks(hands)
        ok = (masks[:, None] & m[None, :]) == 0
        a, b = np.nonzero(ok)
        idx = np.concatenate([idx[a], b[:, None]], axis=1)
        masks = masks[a] | m[b]
        weights = weights[a] * w[b]
    return idx, weights


def exact_ranges(spot: Spot, workers: int,
                  progress: Optional[ProgressFn]) -> tuple[np.ndarray, int, bool, int]:
    """Exact over every holding combination: (stats, deals, integer-exact?, combinations)."""
    tables = [_player_table(spot, p) for p in range(len(spot.players))]
    idx, weights = _holding_tuples(tables)
    if idx.shape[0] == 0:
        raise RangeError("the ranges leave no collision-free combination of holdings")
    P = len(tables)
    uniform = all(np.all(w == 1.0) for _, w in tables)
    # integer sums stay far below 2**63 within the exact budget
    total = np.zeros((P, 7), dtype=np.int64 if uniform else np.float64)
    boards_each = 0
    n = idx.shape[0]
    # about twenty calls (a progress bar moves, Ctrl-C is seen), none longer than ~0.1 s
    per_combo = GROUPS_BY_MISSING[5 - spot.board.size] * PAIR_COST[spot.hole]
    block = int(max(1, min(1 << 16, -(-n // 20), 300_000 // per_combo)))
    board = spot.board[None, :] if spot.board.size else np.zeros((1, 0), dtype=np.uint8)
    for start in range(0, n, block):
        sel = idx[start:start + block]
        holes = np.empty((sel.shape[0], P, spot.hole), dtype=np.uint8)
        for p, (hands, _) in enumerate(tables):
            holes[:, p, :] = hands[sel[:, p]]
        stats, counts = _core.exact_batch(holes, board, spot.dead, spot.game, workers)
        boards_each = int(counts[0])
        if uniform:
            total += stats.sum(axis=0)
        else:
            total += np.tensordot(weights[start:start + block], stats.astype(np.float64), axes=1)
        if progress:
            progress(min(start + block, n), n)
    if uniform:
        return total, n * boards_each, True, n
    # weighted: rescale so that the weights sum to the number of combinations
    wsum = float(weights.sum())
    if not wsum > 0 or not math.isfinite(wsum):
        raise RangeError("the range weights are too far apart to combine (their products "
                         "underflow)")
    return total * (n / wsum), n * boards_each, False, n


def mc_slice(players: int, workers: int) -> int:
    """Trials per native call: about a tenth of a second, in whole streams."""
    return MC_CHUNK * max(2, 48 // players) * workers


def monte_carlo(spot: Spot, trials: int, seed: int, workers: int,
                 progress: Optional[ProgressFn]) -> np.ndarray:
    P = len(spot.players)
    rows, cums = [], []
    weighted = False
    for pl, r in zip(spot.players, spot.ranges):
        if pl.fixed:
            rows.append(pl.fixed_hand()[None, :])
            cums.append(np.ones(1))
        elif pl.random:
            rows.append(np.zeros((0, spot.hole), dtype=np.uint8))
            cums.append(np.zeros(0))
        else:
            r = range_of(r)
            rows.append(r.hands)
            w = normalised(r.weights)
            weighted |= not np.all(w == 1.0)
            cums.append(np.cumsum(w))
    hands = np.ascontiguousarray(np.concatenate(rows), dtype=np.uint8)
    offsets = np.zeros(P + 1, dtype=np.uintp)
    offsets[1:] = np.cumsum([x.shape[0] for x in rows])
    cum = np.ascontiguousarray(np.concatenate(cums)) if weighted else None
    step = mc_slice(P, workers)
    if progress is not None:  # progress reports need several calls; streams keep the sums
        step = min(step, max(MC_CHUNK, (trials // 50) // MC_CHUNK * MC_CHUNK))
    total = np.zeros((P, 7), dtype=np.int64)
    begin = 0
    while begin < trials:
        end = min(trials, begin + step)
        status, stats, _ = _core.monte_carlo(hands, offsets, cum, spot.board, spot.dead,
                                             spot.game, seed, begin, end, workers)
        if status:
            raise RangeError("the ranges almost never leave a collision-free combination of "
                             "holdings (100,000 draws in a row collided)")
        total += stats
        begin = end
        if progress:
            progress(begin, trials)
    return total

