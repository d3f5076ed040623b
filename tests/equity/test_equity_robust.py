"""Robustness of the equity engine (issue 10): wide ranges, impossible spots, weights, Ctrl-C,
huge arguments, empty batches, and input bytes changed during a call."""

from __future__ import annotations

import _thread
import gc
import signal
import threading
import time

import numpy as np
import pytest

from omaha_eval import CardError, _core
from omaha_eval._equity import MAX_TRIALS, equity, equity_batch, showdown
from omaha_eval.ranges import Range, RangeError, parse_range


def test_many_random_hands_are_dealt_from_the_deck():
    t = time.perf_counter()
    r = equity(["random"] * 10, trials=100_000, seed=1)
    assert time.perf_counter() - t < 10
    assert abs(float(r.equity.sum()) - 1) < 1e-12
    assert np.all(np.abs(r.equity - 0.1) < 5 * r.std_error)
    r = equity(["random"] * 8, game="plo5-8", trials=50_000, seed=2)
    assert np.all(np.abs(r.equity - 1 / 8) < 5 * r.std_error)


def test_random_hands_beside_a_range():
    # 'AA**' is drawn, the random hands are dealt from what it leaves
    r = equity(["AA**", "random", "random"], "Kd7c2h", trials=40_000, seed=3)
    assert r.equity[0] > r.equity[1] and abs(r.equity[1] - r.equity[2]) < 5 * r.std_error[1]


@pytest.mark.parametrize("hands, board, reason", [
    (["2cAd2d2s", "AA**", "AA**"], "", "players 1 and 2 need at least 4 aces between them; 3 are "
                                        "left"),
    (["AsKs**", "AsQs**", "random"], "", "players 0 and 1 both need the As"),
    (["KK**", "KK**", "KK**"], "Kd", "need at least 6 kings between them; 3 are left"),
])
def test_impossible_spots_fail_at_once_with_the_reason(hands, board, reason):
    t = time.perf_counter()
    with pytest.raises(RangeError, match=reason):
        equity(hands, board, trials=1000, seed=1)
    with pytest.raises(RangeError, match=reason):
        equity(hands, board)
    assert time.perf_counter() - t < 2


def _range(text: str, weight: float) -> Range:
    r = parse_range(text)
    return Range(text, r.hands, np.full(len(r), weight))


def _union(*parts: Range) -> Range:
    return Range("+".join(p.text for p in parts), np.concatenate([p.hands for p in parts]),
                 np.concatenate([p.weights for p in parts]))


@pytest.mark.parametrize("big, small", [(1e308, 5e307), (1e-300, 5e-301), (1.0, 0.5)])
def test_extreme_weights_are_normalised(big, small):
    base = _union(_range("AsAh**", 1.0), _range("KsKh**", 0.5)).remove([0, 1, 2])
    extreme = _union(_range("AsAh**", big), _range("KsKh**", small)).remove([0, 1, 2])
    ref = equity(["2c2d2h3c", base], "9c8d7h", trials=30_000, seed=4)
    got = equity(["2c2d2h3c", extreme], "9c8d7h", trials=30_000, seed=4)
    assert np.all(np.isfinite(got.equity)) and got.equity.tolist() == ref.equity.tolist()
    exact_ref = equity(["2c2d2h3c", base], "9c8d7h6s")
    exact = equity(["2c2d2h3c", extreme], "9c8d7h6s")
    assert exact.exact and np.allclose(exact.equity, exact_ref.equity, rtol=0, atol=1e-12)


def test_bad_weights_are_a_clear_error():
    r = parse_range("AA**")
    for w in (np.nan, np.inf, 0.0, -1.0):
        bad = Range("bad", r.hands, np.where(np.arange(len(r)) == 0, w, 1.0))
        with pytest.raises(RangeError, match="positive and finite"):
            equity(["KcKdQhJh", bad], trials=1000, seed=1)


def test_huge_arguments_are_clear_errors_or_capped():
    hands = ["AsKsQhJh", "2c2d7h8s"]
    # issue 9: a worker count above MAX_WORKERS is refused, not quietly capped
    with pytest.raises(ValueError, match="workers must be -1"):
        equity(hands, "Ts9h3c", workers=2**31)
    with pytest.raises(ValueError, match="Monte Carlo budget"):
        equity(hands, trials=2**64)
    with pytest.raises(ValueError, match="Monte Carlo budget"):
        equity(hands, trials=MAX_TRIALS + 1)
    with pytest.raises(ValueError, match="Monte Carlo budget"):
        equity_batch(np.arange(8).reshape(1, 2, 4), trials=2**64)
    with pytest.raises(ValueError, match="workers must be -1"):
        equity_batch(np.arange(8).reshape(1, 2, 4), [20, 21, 22], workers=2**31)
    eq = equity_batch(np.arange(8).reshape(1, 2, 4), [20, 21, 22], workers=256)
    assert eq.shape == (1, 2)
    # issue 9: seeds are never folded together (2**64 + 5 would have meant seed 5)
    with pytest.raises(ValueError, match=r"seed must be an int in 0..2\*\*64 - 1"):
        equity(hands, trials=5000, seed=2**64 + 5)


def test_empty_batches_give_empty_results():
    for k in (4, 5, 6):
        assert equity_batch(np.zeros((0, 2, k), dtype=np.uint8)).shape == (0, 2)
        eq, se = equity_batch(np.zeros((0, 3, k), dtype=np.int64), np.zeros((0, 3), np.int64),
                              trials=100, seed=1, return_std_error=True)
        assert eq.shape == se.shape == (0, 3)
        r = showdown(np.zeros((0, 2, k), dtype=np.uint8), np.zeros((0, 5), dtype=np.uint8))
        assert r.share.shape == (0, 2) and r.scoop.tolist() == [0, 0]


class _Interrupter(threading.Thread):
    """Ctrl-C for the main thread after ``first`` seconds, and again every ``again`` seconds
    while the call runs. A Ctrl-C can be lost (one niced full run under load hung here for 40 min;
    a KeyboardInterrupt raised inside a finaliser that runs in the main thread is discarded by
    CPython, one way it can happen): re-sending keeps a lost one from leaving a call of 10**11
    trials running for hours, and the test times the last Ctrl-C sent."""

    def __init__(self, first: float, again: float = 3.0) -> None:
        super().__init__(daemon=True)
        self.first, self.again = first, again
        self.done = threading.Event()
        self.sent_at: list[float] = []

    def run(self) -> None:
        wait = self.first
        while not self.done.wait(wait):
            self.sent_at.append(time.perf_counter())
            _thread.interrupt_main()
            wait = self.again


@pytest.mark.parametrize("call", [
    lambda: equity(["AsKsQhJh", "2c2d7h8s", "9c9dTcTd"], trials=MAX_TRIALS, seed=1),
    lambda: equity(["AA**", "KK**", "random"], trials=MAX_TRIALS, seed=1, workers=2),
    # 60,000 preflop matchups: seconds of work, so the interrupt at 0.3 s always lands in it
    lambda: equity_batch(np.tile(np.arange(8, dtype=np.uint8).reshape(1, 2, 4), (60_000, 1, 1))),
    lambda: equity_batch(np.arange(10).reshape(1, 2, 5), trials=10**10, seed=1),
])
def test_ctrl_c_is_honoured_quickly(call):
    # Ctrl-C raises KeyboardInterrupt only under Python's own SIGINT handler: make sure it is
    # the one installed (an earlier test may have left another), and put back what was there
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    gc.collect()  # fewer finalisers left to run in the main thread during the call
    interrupter = _Interrupter(0.3)
    interrupter.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            call()
        honoured = time.perf_counter()
    finally:
        interrupter.done.set()
        interrupter.join()
        signal.signal(signal.SIGINT, previous)
    assert interrupter.sent_at, "the call ended before any Ctrl-C"
    # the slices are about a tenth of a second on a quiet machine; allow for a busy one
    assert honoured - interrupter.sent_at[-1] < 1.5
    assert len(interrupter.sent_at) <= 2, f"{len(interrupter.sent_at)} Ctrl-C sent before one was honoured"


def test_garbage_bytes_stay_in_bounds_in_the_kernels():
    # the binding does not check card values: the kernels clamp what they read
    rng = np.random.default_rng(0)
    for k in (4, 5, 6):
        holes = rng.integers(0, 256, size=(64, 3, k), dtype=np.uint8)
        boards = rng.integers(0, 256, size=(64, 5), dtype=np.uint8)
        _core.showdown(holes, boards, 1, 2)
        c = np.ascontiguousarray
        _core.exact_batch(holes[:4], c(boards[:4, :3]), np.full(3, 255, np.uint8), 1, 2)
        _core.exact(holes[0], c(boards[0, :1]), np.zeros(0, np.uint8), 1)
        _core.monte_carlo_batch(holes[:4], c(boards[:4, :4]), np.zeros(0, np.uint8), 1, 500, 1, 2)
        hands = rng.integers(0, 256, size=(20, k), dtype=np.uint8)
        offsets = np.array([0, 10, 20, 20], dtype=np.uintp)
        _core.monte_carlo(hands, offsets, None, c(boards[0, :2]), np.zeros(0, np.uint8), 1, 1, 0,
                          5000, 2)


def test_input_rewritten_by_another_thread_during_the_call():
    rng = np.random.default_rng(1)
    deals = np.stack([rng.permutation(52)[:13] for _ in range(3000)]).astype(np.uint8)
    holes = np.ascontiguousarray(deals[:, :8].reshape(3000, 2, 4))
    boards = np.ascontiguousarray(deals[:, 8:13])
    stop = threading.Event()

    def scribble() -> None:
        flat = holes.reshape(-1)
        i = 0
        while not stop.is_set():
            flat[i % flat.size] = 255
            i += 7919

    t = threading.Thread(target=scribble)
    t.start()
    try:
        for _ in range(5):
            try:
                showdown(holes, boards, game="hilo", workers=2)
                equity_batch(holes[:200], boards[:200, :4], workers=2)
            except CardError:
                pass  # the copy was taken after the scribbling started: refused cleanly
    finally:
        stop.set()
        t.join()
