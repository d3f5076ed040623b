"""The exact engine's two tallies and its one-job threading, against a showdown of every board.

Phase A and phase B count small spots (at most 5 players hi, 3 hi-lo) in plain arrays indexed by
packed outcome keys and larger ones in a hash tally; with workers > 1 both phases run as one
job whose phase B chunks wait for phase A's. Each case here is settled board by board with the
showdown kernel (checked against the pure-Python reference in test_equity.py) and must give the
same integers, for workers 1 and 2.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

import numpy as np
import pytest

from omaha_eval._equity import POT, equity, showdown
from test_equity import RATES, all_boards, txt


def suited_spot(seed: int, players: int, hole: int, board: int):
    """Holdings dealt from two suits first, so that flush corrections (phase B) happen."""
    rng = np.random.default_rng(seed)
    order = np.concatenate([rng.permutation(np.arange(52)[np.arange(52) % 4 < 2]),
                            rng.permutation(np.arange(52)[np.arange(52) % 4 >= 2])])
    holes = order[: hole * players].reshape(players, hole)
    known = rng.permutation(order[hole * players:])[:board].tolist()
    return holes, known


@lru_cache(maxsize=None)
def settled_board_by_board(seed: int, players: int, hole: int, board: int, game: str):
    """(hands, board text, boards, pot shares as fractions, rate counts) of one case, shared by
    its workers=1 and workers=2 runs."""
    holes, known = suited_spot(seed, players, hole, board)
    boards = all_boards(holes.ravel().tolist() + known, known)
    deals = showdown(np.broadcast_to(holes, (len(boards), players, hole)).copy(), boards,
                     game=game)
    shares = [Fraction(int(s), POT * len(boards)) for s in deals.share_units.sum(axis=0)]
    rates = {name: getattr(deals, name).tolist() for name in RATES}
    return [txt(h) for h in holes.tolist()], txt(known), len(boards), shares, rates


@pytest.mark.parametrize("seed, players, hole, board, game", [
    (11, 2, 4, 0, "hi"),     # direct tallies, the bench's spot shape
    (12, 5, 4, 2, "hi"),     # direct: 5 players hi is the largest
    (13, 6, 4, 2, "hi"),     # hash tally: 6 players hi
    (14, 3, 4, 1, "hilo"),   # direct: 3 players hi-lo is the largest
    (15, 4, 4, 0, "hilo"),   # hash tally, preflop: the multiset table walked in parallel
    (16, 2, 6, 0, "hilo"),   # 6-card holdings, preflop
])
@pytest.mark.parametrize("workers", [1, 2])
def test_exact_paths_equal_a_showdown_of_every_board(seed, players, hole, board, game, workers):
    hands, known, n_boards, shares, rates = settled_board_by_board(seed, players, hole, board,
                                                                   game)
    got = equity(hands, known, game=game, workers=workers)
    assert got.deals == n_boards
    assert list(got.fractions()) == shares
    for name in RATES:
        assert [round(x * got.deals) for x in getattr(got, name)] == rates[name]


def test_many_threaded_calls_in_a_row_give_the_same_numbers():
    """Back-to-back calls go through the pool's hand-offs (spinning helpers, late helpers, runs
    of jobs done by the caller alone after helpers missed some): the numbers never change."""
    hands = ["AsKsQhJh", "2c2d7h8s"]
    base = equity(hands).fractions()
    rng = np.random.default_rng(5)
    holes = rng.permutation(52)[:13].astype(np.uint8)
    holes_many = np.broadcast_to(holes[:8].reshape(2, 4), (20_000, 2, 4)).copy()
    boards = np.broadcast_to(holes[8:13], (20_000, 5)).copy()
    shares = showdown(holes_many, boards).share_units
    for _ in range(12):
        assert equity(hands, workers=2).fractions() == base
        assert np.array_equal(showdown(holes_many, boards, workers=2).share_units, shares)
