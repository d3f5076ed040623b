"""Small equity spots in ``omaha-eval bench``: a slow library is checked on one call and timed on
as few calls as the budget allows (at least one), and its figures stay per call.

One deliberately slow adapter (it sleeps) stands in for xiapl's 2.3 s preflop calls, so the
test checks how the runner sizes the run, never how fast anything is.
"""

from __future__ import annotations

import time
from typing import Any, List

import pytest

from omaha_eval.benchmark import adapters, runner, workloads
from omaha_eval.benchmark.adapters import Adapter, OmahaEval, _our_equity_outcome

SLEEP_S = 0.04  # a call: above half the --quick budget (0.05 s), so one call fills a repetition


class SlowSpot(Adapter):
    """Our own exact answer, computed once before the clock, then one sleep per call."""

    name = family = "slowspot"
    module = "numpy"  # installed everywhere
    label = "a deliberately slow equity library"
    calls: List[int] = []

    def supports(self, w: workloads.Workload) -> Any:
        return None if w.kind == "equity" else "not offered"

    def prepare(self, w: workloads.Workload, n: int, workers: int) -> Any:
        from omaha_eval._equity import equity
        p = w.params
        answer = equity(list(p["hands"]), p["board"], p["dead"], game=p["game"])
        return answer, workloads.call_count(w, n)

    def run(self, prepared: Any) -> Any:
        answer, calls = prepared
        type(self).calls.append(calls)
        for _ in range(calls):
            time.sleep(SLEEP_S)
        return answer

    def output(self, prepared: Any, raw: Any) -> Any:
        return _our_equity_outcome(raw)


def test_small_spots_are_divisible_by_calls() -> None:
    full = {w.name: w for w in workloads.standard()}
    for name in ("spot-flop-hu", "spot-preflop-hu-w2", "variant-plo5-flop", "variant-courchevel-1"):
        w = full[name]
        assert w.divisible and w.repeated_call and w.unit == "call"
        assert workloads.call_count(w, 3) == 3
    for name in ("exact-hi", "exact-hilo"):  # one enumeration: never cut
        assert not full[name].divisible and not full[name].repeated_call
    assert workloads.call_count(full["mc3-hi"], 5000) == 1  # n trials in one call
    assert full["spot-preflop-hu"].size == 20 and full["spot-flop-hu"].size == 2000


def test_a_slow_library_is_timed_on_fewer_calls_per_call(monkeypatch: pytest.MonkeyPatch) -> None:
    SlowSpot.calls = []
    monkeypatch.setattr(adapters, "registry", lambda: [OmahaEval(), SlowSpot()])
    from omaha_eval.benchmark import run_bench
    report = run_bench(quick=True, only="spot-turn-hu,exact-hi", repetitions=2)
    rows = {(r["workload"], r["library"]): r for r in report["results"]}
    ours, slow = rows["spot-turn-hu", "omaha_eval"], rows["spot-turn-hu", "slowspot"]
    w = next(w for w in workloads.standard(quick=True) if w.name == "spot-turn-hu")
    assert ours["items"] == w.size == 500  # ours always runs every call
    assert slow["status"] == "ok" and slow["agreement"]["max_abs_difference"] < 1e-9
    # one call to check, and one call a repetition: the budget cannot hold two
    assert slow["items"] == 1 and slow["repetitions"] == 2
    assert slow["ns_per_item"] == pytest.approx(slow["median_s"] * 1e9)
    assert slow["ns_per_item"] >= SLEEP_S * 1e9
    assert slow["ratio_vs_ours"] == pytest.approx(slow["ns_per_item"] / ours["ns_per_item"])
    # an exact enumeration is one indivisible call: checked and timed whole
    exact = rows["exact-hi", "slowspot"]
    assert exact["status"] == "ok" and exact["items"] == 820 and exact["repetitions"] == 2
    assert rows["spot-turn-hu-w2", "slowspot"]["items"] == 1  # "spot-turn-hu" selects it too
    # every run a single call: per workload one check and two repetitions, no resized warm-up
    assert SlowSpot.calls == [1] * 9
    assert runner.MIN_TIMED_ITEMS > 1  # scoring workloads keep their minimum prefix


def test_the_timed_repetitions_of_the_libraries_are_interleaved(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Repetition i of ours, then of the other library, then repetition i + 1: a drift of the
    machine's speed moves both alike. A spot and its workers=2 twin are one group, interleaved
    together the same way."""
    log: List[str] = []

    class LoggedOurs(OmahaEval):
        def run(self, prepared: Any) -> Any:
            log.append(f"ours-w{prepared[2]}")
            return super().run(prepared)

    class LoggedSlow(SlowSpot):
        def run(self, prepared: Any) -> Any:
            log.append("slow")
            return super().run(prepared)

    monkeypatch.setattr(adapters, "registry", lambda: [LoggedOurs(), LoggedSlow()])
    from omaha_eval.benchmark import run_bench
    report = run_bench(quick=True, only="spot-turn-hu", repetitions=3)
    assert {r["library"]: r["status"] for r in report["results"]
            if r["workload"] == "spot-turn-hu"} == {"omaha_eval": "ok", "slowspot": "ok"}
    # per workload (spot-turn-hu and its -w2) our warm-up and the other's check, then the three
    # rounds of the whole group
    one_round = ["ours-w1", "slow", "ours-w2", "slow"]
    assert log == one_round * 4


def test_rows_with_threads_report_what_the_pool_did(monkeypatch: pytest.MonkeyPatch) -> None:
    """Our workers=2 preflop row carries the pool's counters over its timed repetitions (every
    call one pool job, shared or run alone); one-thread rows carry none."""
    monkeypatch.setattr(adapters, "registry", lambda: [OmahaEval()])
    from omaha_eval.benchmark import run_bench
    report = run_bench(quick=True, only="spot-preflop-hu", repetitions=2)
    rows = {r["workload"]: r for r in report["results"]}
    one, two = rows["spot-preflop-hu"], rows["spot-preflop-hu-w2"]
    assert one["pool"] == {}
    calls = two["items"] * two["repetitions"]  # an item is one call
    pool = two["pool"]
    assert pool["jobs"] == calls
    assert pool["joined"] + pool["solo"] <= calls
    assert pool["joined"] == 0 or pool["helper_chunks"] > 0
    assert pool["solo_busy"] <= pool["solo"]
    assert runner.describe_pool(pool).startswith(f"pool: a helper joined {pool['joined']:,} of "
                                                 f"{calls:,} jobs")
