"""The persistent thread pool (csrc/oe_parallel.c) under the uses that stress its hand-offs.

The pool keeps one job in static storage and lets helpers claim its chunks with a
compare-and-swap on a word naming the job, so a helper that arrives late (or reads a job while
the caller replaces it with the next one) must never run a chunk of the wrong job. These tests
change jobs as fast as the pool can (different kernels back to back, small and large), call it
from several Python threads at once (the pool is busy: callers start threads of their own), and
use it in a forked child, and ask for the workers=1 answer every time: exact fractions, Monte
Carlo counts from the same seed, and scores. On a busy machine the pool stands aside (the caller
runs alone), so these tests set OE_POOL_IGNORE_LOAD, which the C side reads at its next load
sample (at most 10 ms later), to make the helpers take part all the same.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time

import numpy as np
import pytest

from omaha_eval import equity, evaluate_hi

HU = ["AsKsQhJh", "2c2d7h8s"]
THREE = ["AsKsQhJh", "2c2d7h8s", "9c9dTcTd"]


def _deals(n: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    cards = np.argsort(rng.random((n, 52)), axis=1)[:, :9].astype(np.uint8)
    return np.ascontiguousarray(cards[:, :4]), np.ascontiguousarray(cards[:, 4:])


@pytest.fixture(autouse=True)
def _helpers_even_on_a_busy_machine(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("OE_POOL_IGNORE_LOAD", "1")
    time.sleep(0.025)  # past the pool's next load sample (every 10 ms)
    yield


def _mc(result) -> tuple:
    """A Monte Carlo result's counts (the same seed gives the same ones for any workers)."""
    return (np.asarray(result.equity).tobytes(), np.asarray(result.hi_win).tobytes(),
            np.asarray(result.hi_tie).tobytes(), result.trials)


def _one_of_each(workers: int, seed: int) -> tuple:
    """An exact preflop spot (one pool job of ~45 chunks), a small Monte Carlo (two streams)
    and a batch of scores (chunks of 16,384 deals): three kernels in a row on the pool."""
    holes, boards = _deals(40_000, seed)
    return (equity(HU, workers=workers).fractions(),
            _mc(equity(THREE, trials=8192, seed=seed, workers=workers)),
            evaluate_hi(holes, boards, workers=workers).tobytes())


def test_jobs_changing_back_to_back_give_the_one_thread_answers() -> None:
    expected = [_one_of_each(1, seed) for seed in range(3)]
    for _ in range(4):
        for seed in range(3):
            assert _one_of_each(2, seed) == expected[seed]


def test_many_short_jobs_in_a_row() -> None:
    # two streams of 4,096 trials: the shortest job the pool gets (flop spots stay on one thread)
    expected = [_mc(equity(THREE, "Ts9h3c", trials=8192, seed=s)) for s in range(40)]
    got = [_mc(equity(THREE, "Ts9h3c", trials=8192, seed=s, workers=2)) for s in range(40)]
    assert got == expected


def test_callers_in_several_threads_at_once() -> None:
    expected = {seed: _one_of_each(1, seed) for seed in range(4)}
    failures: list[str] = []

    def run(seed: int) -> None:
        try:
            for _ in range(3):
                if _one_of_each(2, seed) != expected[seed]:
                    failures.append(f"thread {seed}: a result differs from workers=1")
        except BaseException as exc:  # reported below, not lost in the thread
            failures.append(f"thread {seed}: {exc!r}")

    threads = [threading.Thread(target=run, args=(seed,)) for seed in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not any(t.is_alive() for t in threads), "a caller hung"
    assert failures == []


@pytest.mark.skipif(not hasattr(os, "fork") or sys.platform == "darwin",
                    reason="needs fork() (a fresh pool in the child)")
def test_a_forked_child_starts_a_fresh_pool() -> None:
    expected = _one_of_each(1, 7)
    assert _one_of_each(2, 7) == expected  # the parent's pool threads exist now
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: only the forking thread exists; the pool must start afresh
        ok = all(_one_of_each(2, 7) == expected for _ in range(2))
        os.write(write, b"1" if ok else b"0")
        os._exit(0)
    os.close(write)
    answer = os.read(read, 1)
    os.close(read)
    _, status = os.waitpid(pid, 0)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0
    assert answer == b"1"
    assert _one_of_each(2, 7) == expected  # and the parent's pool still works


# A helper that stalls inside its chunks (OE_POOL_TEST_STALL_US: every third chunk of an exact
# spot's job, as when a VM's host takes its vCPU away): the caller runs those chunks again
# itself and returns without waiting, leaving the job's memory to the late helper (parked)
# while its next calls, exact spots and plain batches, run on.
_STALLED_HELPER = r"""
import json
import numpy as np
from omaha_eval import equity, evaluate_hi
from omaha_eval._core import pool_counters
spots = [(["AsKsQhJh", "2c2d7h8s"], {}), (["AsKsQhJh", "2c2d7h8s", "9c9dTcTd"], {}),
         (["AhAd2c3c", "KsKd9h8h"], {"game": "hilo"}), (["AhKh5c4d", "QsQd9s8c"], {"dead": "2h3h"}),
         (["AsAd2s3d", "KhKcQhJc"], {"board": "Ts"})]
want = [equity(h, workers=1, **kw).to_dict() for h, kw in spots]
rng = np.random.default_rng(2)
cards = np.argsort(rng.random((50_000, 52)), axis=1)[:, :9].astype(np.uint8)
holes, boards = np.ascontiguousarray(cards[:, :4]), np.ascontiguousarray(cards[:, 4:])
scores = evaluate_hi(holes, boards)
wrong = []
for r in range(12):
    for (h, kw), w in zip(spots, want):
        if equity(h, workers=2, **kw).to_dict() != w:
            wrong.append([r, h])
        if r % 3 == 0 and not np.array_equal(evaluate_hi(holes, boards, workers=2), scores):
            wrong.append([r, "batch"])
print(json.dumps({"wrong": wrong, "pool": pool_counters()}))
"""


def test_a_stalled_helper_costs_no_result():
    if (len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1) < 2:
        pytest.skip("one usable CPU: workers=2 runs alone")
    env = dict(os.environ, OE_POOL_TEST_STALL_US="1500", OE_POOL_IGNORE_LOAD="1")
    done = subprocess.run([sys.executable, "-c", _STALLED_HELPER], env=env, capture_output=True,
                          text=True, timeout=300, check=True)
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["wrong"] == []
    pool = out["pool"]
    assert pool["redone"] > 0 and pool["parked"] > 0, pool
