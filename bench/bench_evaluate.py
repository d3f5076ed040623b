"""Evaluator regressions (pytest-benchmark): hi, low and hi-lo on random (hand, board) pairs,
hands on one shared board, and workers=2.

    python -m pytest bench/bench_evaluate.py --benchmark-enable     # timings
    python -m pytest bench/bench_evaluate.py                        # CI: each runs once, checked

The deals are the ``eval-*`` and ``board-hi`` workloads of ``omaha-eval bench`` (same seed, so
the same deals); that command adds the other libraries beside ours. ``OMAHA_BENCH_HANDS`` sets
the number of deals (default 1,000,000).
"""

from __future__ import annotations

import os
from typing import Tuple

import numpy as np
import pytest

from omaha_eval.benchmark.workloads import DEFAULT_SEED, random_deals
from omaha_eval.evaluate import evaluate_hi, evaluate_hilo, evaluate_lo

N = int(os.environ.get("OMAHA_BENCH_HANDS", "1000000"))


@pytest.fixture(scope="module")
def pairs() -> Tuple[np.ndarray, np.ndarray]:
    deals = random_deals(N, 9, DEFAULT_SEED)
    return np.ascontiguousarray(deals[:, :4]), np.ascontiguousarray(deals[:, 4:])


@pytest.fixture(scope="module")
def shared() -> Tuple[np.ndarray, np.ndarray]:
    rng = np.random.Generator(np.random.PCG64(DEFAULT_SEED + 2))
    board = rng.permutation(52)[:5].astype(np.uint8)
    return random_deals(N, 4, DEFAULT_SEED + 3, exclude=board), board


@pytest.fixture(scope="module")
def reference(pairs: Tuple[np.ndarray, np.ndarray]) -> Tuple[np.ndarray, np.ndarray]:
    """Both halves, one thread, untimed: what every timed variant must return."""
    return evaluate_hilo(*pairs)


def _check_hi(hi: np.ndarray) -> None:
    assert hi.shape == (N,) and hi.dtype == np.uint16
    assert 1 <= hi.min() and hi.max() <= 7462


def _check_lo(lo: np.ndarray) -> None:
    assert lo.shape == (N,) and lo.dtype == np.uint8
    assert lo.max() <= 56
    share = np.count_nonzero(lo) / N  # random Omaha deals make a low a bit under half the time
    assert 0.3 < share < 0.6 or N < 10_000


@pytest.mark.benchmark(group="random pairs")
def test_hi(benchmark, pairs, reference) -> None:
    hi = benchmark(evaluate_hi, *pairs)
    _check_hi(hi)
    assert np.array_equal(hi, reference[0])


@pytest.mark.benchmark(group="random pairs")
def test_lo(benchmark, pairs, reference) -> None:
    lo = benchmark(evaluate_lo, *pairs)
    _check_lo(lo)
    assert np.array_equal(lo, reference[1])


@pytest.mark.benchmark(group="random pairs")
def test_hilo(benchmark, pairs, reference) -> None:
    hi, lo = benchmark(evaluate_hilo, *pairs)
    _check_hi(hi)
    _check_lo(lo)


@pytest.mark.benchmark(group="random pairs, workers=2")
def test_hi_workers2(benchmark, pairs, reference) -> None:
    hi = benchmark(evaluate_hi, *pairs, workers=2)
    assert np.array_equal(hi, reference[0])


@pytest.mark.benchmark(group="random pairs, workers=2")
def test_hilo_workers2(benchmark, pairs, reference) -> None:
    hi, lo = benchmark(evaluate_hilo, *pairs, workers=2)
    assert np.array_equal(hi, reference[0]) and np.array_equal(lo, reference[1])


@pytest.mark.benchmark(group="shared board")
def test_shared_board_hi(benchmark, shared) -> None:
    holes, board = shared
    hi = benchmark(evaluate_hi, holes, board)
    _check_hi(hi)
    # one board broadcast against every hand scores exactly like the board repeated per row
    rows = slice(0, 5000)
    assert np.array_equal(hi[rows], evaluate_hi(holes[rows], np.tile(board, (5000, 1))))


@pytest.mark.benchmark(group="shared board")
def test_shared_board_hi_workers2(benchmark, shared) -> None:
    holes, board = shared
    hi = benchmark(evaluate_hi, holes, board, workers=2)
    assert np.array_equal(hi, evaluate_hi(holes, board))


def test_agrees_with_phevaluator(pairs, reference) -> None:
    """The other fast evaluator, where installed, on the first 20,000 deals (ours = 7463 - its)."""
    pheval = pytest.importorskip("phevaluator")
    holes, boards = pairs
    n = min(N, 20_000)
    theirs = [pheval.evaluate_omaha_cards(*b, *h)
              for h, b in zip(holes[:n].tolist(), boards[:n].tolist())]
    assert np.array_equal(reference[0][:n], 7463 - np.asarray(theirs))
