"""The evaluator under hostile conditions: any bytes, input changed by another thread during the
call, Ctrl-C during a long batch."""

from __future__ import annotations

import os
import signal
import threading
import time

import numpy as np
import pytest

import reference as ref
from omaha_eval import _core
from omaha_eval.cards import CardError
from omaha_eval.evaluate import evaluate_hi, evaluate_hilo


@pytest.mark.parametrize("k", [4, 5, 6])
@pytest.mark.parametrize("shared", [False, True], ids=["own_boards", "shared_board"])
def test_unchecked_kernels_stay_in_range_on_any_bytes(k, shared):
    # Every byte value in every position: the kernels mask ids, so nothing is read past a
    # table (a build with -fsanitize=address confirms it) and scores stay on their scales.
    rng = np.random.default_rng(k + 10 * shared)
    n = 20_000
    holes = rng.integers(0, 256, (n, k), dtype=np.uint8)
    boards = rng.integers(0, 256, (1 if shared else n, 5), dtype=np.uint8)
    for workers in (1, 2):
        hi, lo = _core.unchecked_eval(holes, boards, True, True, workers)
        assert hi.max() <= 7462 and lo.max() <= 56
        hi_only, _ = _core.unchecked_eval(holes, boards, True, False, workers)
        _, lo_only = _core.unchecked_eval(holes, boards, False, True, workers)
        np.testing.assert_array_equal(hi_only, hi)
        assert lo_only.max() <= 56  # garbage ids: the low-only pass need not agree with hi-lo


def test_unchecked_kernel_equals_checked_on_valid_deals():
    holes, boards = ref.random_deals(np.random.default_rng(3), 5000, hole_cards=5)
    hi, lo = _core.unchecked_eval(holes, boards, True, True)
    want_hi, want_lo = evaluate_hilo(holes, boards)
    np.testing.assert_array_equal(hi, want_hi)
    np.testing.assert_array_equal(lo, want_lo)


@pytest.mark.parametrize("k", [4, 6])
def test_input_changed_by_another_thread_during_the_call(k):
    # A writer flips cards between valid ids and 255 while the evaluator (GIL released) reads
    # them: each call either raises CardError or returns scores on their scales, never crashes.
    holes, boards = ref.random_deals(np.random.default_rng(4), 400_000, hole_cards=k)
    stop = threading.Event()

    def writer() -> None:
        rng = np.random.default_rng(5)
        rows = rng.integers(0, len(holes), 4096)
        while not stop.is_set():
            saved = holes[rows, 0].copy()
            holes[rows, 0] = 255
            boards[rows, 1] = boards[rows, 0]
            holes[rows, 0] = saved

    thread = threading.Thread(target=writer)
    thread.start()
    outcomes = set()
    try:
        for _ in range(12):
            try:
                hi, lo = evaluate_hilo(holes, boards, workers=2)
                assert hi.max() <= 7462 and lo.max() <= 56
                outcomes.add("scores")
            except CardError:
                outcomes.add("error")
    finally:
        stop.set()
        thread.join()
    assert outcomes


def test_ctrl_c_interrupts_a_long_batch_quickly():
    # Validation of 2 * 10**9 deals (rows shared by stride 0: no memory) would take seconds; a
    # SIGINT must end it with KeyboardInterrupt within a fraction of a second.
    if threading.current_thread() is not threading.main_thread():
        pytest.skip("signals go to the main thread")
    n = 2 * 10**9
    holes = np.broadcast_to(np.array(ref.cards("AsKdQh2c"), np.uint8), (n, 4))
    boards = np.broadcast_to(np.array(ref.cards("3c4h5sKsQc"), np.uint8), (n, 5))
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    sent = []

    def interrupt() -> None:
        sent.append(time.perf_counter())
        os.kill(os.getpid(), signal.SIGINT)

    timer = threading.Timer(0.1, interrupt)
    try:
        timer.start()
        with pytest.raises(KeyboardInterrupt):
            _core.checked_eval(holes, boards, False, False)
        reacted = time.perf_counter() - sent[0]
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)
    assert reacted < 0.5, reacted  # ~10 ms slices; generous for a loaded machine


def test_ctrl_c_during_public_evaluate_hi():
    if threading.current_thread() is not threading.main_thread():
        pytest.skip("signals go to the main thread")
    n = 30_000_000  # a 60 MB output; about 0.2-0.5 s of work on one shared row
    holes = np.broadcast_to(np.array(ref.cards("AsKdQh2c"), np.uint8), (n, 4))
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.02, lambda: os.kill(os.getpid(), signal.SIGINT))
    try:
        timer.start()
        with pytest.raises(KeyboardInterrupt):
            evaluate_hi(holes, "3c4h5sKsQc")
            time.sleep(1)  # finished before the signal: it still arrives, here
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)
