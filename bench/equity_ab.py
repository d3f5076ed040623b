"""Equity engine against a baseline install (0.1 by default), interleaved, in one run.

Two interpreters, each with its own ``omaha_eval`` (the checkout under test and, say, 0.1 =
commit b879b87 built in its own venv), run the same workloads in alternating subprocesses
(A B, B A, A B, ...); every round prints its ratios and the end the medians, beside the load
average. Threads are compared within the checkout (``workers=2`` vs 1 in the same process), and
the heads-up flop against poker-equity's ``exact_from_text`` when it is installed. With a
``--base`` of the same version (say main before a threading change), the baseline's
``workers`` ratios are printed too, so that two thread pools compare in one interleaved run.

Set up the baseline once (about two minutes)::

    git clone -q <repo> /tmp/oe-base && git -C /tmp/oe-base checkout -q b879b87
    python -m venv /tmp/oe-base/.venv && /tmp/oe-base/.venv/bin/pip install -q /tmp/oe-base

then (every workload, 7 rounds: roughly 8 minutes on a quiet 2-core machine; the version
comparisons alone, 5 rounds, took 4 minutes at load 9)::

    python bench/equity_ab.py --base /tmp/oe-base/.venv/bin/python --rounds 7
    python bench/equity_ab.py --base /tmp/oe-base/.venv/bin/python --rounds 5 \
        --only mc-random-hu,mc-random-3,mc-hero-random,mc-fixed3,showdown-one,flop-hu,pe-flop-hu

On a loaded machine add ``--clock cpu`` (process CPU time) for the version comparisons; the
``workers`` ratios need the wall clock and a quiet machine.

Workloads (per call; Monte Carlo in ns per trial):
  mc-random-hu     ``random`` vs ``random`` preflop hi, 400,000 trials         [0.1 / now >= 1.7]
  mc-random-3      three ``random`` players preflop hi, 200,000 trials
  mc-hero-random   AsKsQhJh vs ``random`` preflop hi, 400,000 trials
  mc-fixed3        three fixed hands preflop hi, 400,000 trials                [>= 1.15]
  showdown-one     one heads-up deal as text, ``showdown(...).share``          [now < 5 us]
  flop-hu          heads-up flop exact, text in                   [poker-equity / now >= 30]
  preflop-w1/-w2   heads-up preflop exact, workers 1 and 2            [w1 / w2 >= 1.6 on 2 cores]
  and for ``workers`` never slower: flop, turn, river, preflop, small Monte Carlo, showdowns
  of 16 and 4,096 deals, 64 preflop matchups, each at workers 1 and 2.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from typing import Any, Callable, Dict, List

HU = ["AsKsQhJh", "2c2d7h8s"]
THREE = ["AsKsQhJh", "2c2d7h8s", "9c9dTcTd"]
FLOP = "Ts9h3c"


def _api() -> tuple[Callable[..., Any], Callable[..., Any], Callable[..., Any]]:
    try:
        from omaha_eval._equity import equity, equity_batch, showdown
    except ImportError:  # 0.1: the module is omaha_eval.equity
        from omaha_eval.equity import equity, equity_batch, showdown  # type: ignore
    return equity, equity_batch, showdown


CLOCK = time.perf_counter


def _time(fn: Callable[[], Any], per: int, min_seconds: float = 0.25) -> float:
    """Seconds per call: the best of 5 batches of calls, each at least min_seconds / 5."""
    fn()
    perf_counter = CLOCK
    n = 1
    while True:
        t0 = perf_counter()
        for _ in range(n):
            fn()
        dt = perf_counter() - t0
        if dt >= min_seconds / 5 or n >= 1 << 20:
            break
        n *= 4
    best = dt / n
    for _ in range(4):
        t0 = perf_counter()
        for _ in range(n):
            fn()
        best = min(best, (perf_counter() - t0) / n)
    return best / per


def worker(names: List[str], trials_scale: float) -> Dict[str, float]:
    import numpy as np
    equity, equity_batch, showdown = _api()
    t = lambda n: max(4096, int(n * trials_scale) // 4096 * 4096)  # noqa: E731
    rng = np.random.default_rng(3)
    batch64 = np.argsort(rng.random((64, 52)), axis=1)[:, :8].reshape(64, 2, 4).astype(np.uint8)
    deals = np.argsort(rng.random((4096, 52)), axis=1)[:, :13].astype(np.uint8)
    holes4k, boards4k = np.ascontiguousarray(deals[:, :8].reshape(-1, 2, 4)), deals[:, 8:].copy()
    holes16, boards16 = holes4k[:16].copy(), boards4k[:16].copy()
    jobs: Dict[str, tuple[Callable[[], Any], int]] = {
        "mc-random-hu": (lambda: equity(["random", "random"], trials=t(400_000), seed=1),
                         t(400_000)),
        "mc-random-3": (lambda: equity(["random"] * 3, trials=t(200_000), seed=1), t(200_000)),
        "mc-hero-random": (lambda: equity([HU[0], "random"], trials=t(400_000), seed=1),
                           t(400_000)),
        "mc-fixed3": (lambda: equity(THREE, trials=t(400_000), seed=1), t(400_000)),
        "showdown-one": (lambda: showdown(HU, "Ts9h3c4d5s").share, 1),
        "flop-hu": (lambda: equity(HU, FLOP).equity, 1),
    }
    for w in (1, 2):
        jobs.update({
            f"preflop-w{w}": (lambda w=w: equity(HU, workers=w).equity, 1),
            f"preflop-hilo-w{w}": (lambda w=w: equity(HU, game="hilo", workers=w).equity, 1),
            f"flop-w{w}": (lambda w=w: equity(HU, FLOP, workers=w).equity, 1),
            f"turn-w{w}": (lambda w=w: equity(HU, FLOP + "Kh", workers=w).equity, 1),
            f"river-w{w}": (lambda w=w: equity(HU, FLOP + "Kh4d", workers=w).equity, 1),
            f"flop3-w{w}": (lambda w=w: equity(THREE, FLOP, workers=w).equity, 1),
            f"mc-small-w{w}": (lambda w=w: equity(THREE, trials=8192, seed=1, workers=w).equity,
                               1),
            f"mc-big-w{w}": (lambda w=w: equity(THREE, trials=t(400_000), seed=1,
                                                workers=w).equity, 1),
            f"showdown16-w{w}": (lambda w=w: showdown(holes16, boards16, workers=w).share, 1),
            f"showdown4k-w{w}": (lambda w=w: showdown(holes4k, boards4k, workers=w).share, 1),
            f"batch64-w{w}": (lambda w=w: equity_batch(batch64, workers=w), 1),
        })
    try:
        import poker_equity
        jobs["pe-flop-hu"] = (lambda: poker_equity.exact_from_text("omaha", HU, FLOP), 1)
    except ImportError:
        pass
    out = {}
    for name in names:
        if name in jobs:
            fn, per = jobs[name]
            out[name] = _time(fn, per)
    return out


RATIOS = [  # (label, numerator run:name, denominator run:name, target)
    ("mc-random-hu 0.1/now", "B:mc-random-hu", "A:mc-random-hu", 1.7),
    ("mc-random-3 0.1/now", "B:mc-random-3", "A:mc-random-3", 1.7),
    ("mc-hero-random 0.1/now", "B:mc-hero-random", "A:mc-hero-random", None),
    ("mc-fixed3 0.1/now", "B:mc-fixed3", "A:mc-fixed3", 1.15),
    ("showdown-one 0.1/now", "B:showdown-one", "A:showdown-one", None),
    ("flop-hu 0.1/now", "B:flop-hu", "A:flop-hu", None),
    ("flop-hu poker-equity/now", "A:pe-flop-hu", "A:flop-hu", 30.0),
    ("preflop now w1/w2", "A:preflop-w1", "A:preflop-w2", 1.6),
    ("preflop-hilo now w1/w2", "A:preflop-hilo-w1", "A:preflop-hilo-w2", 1.6),
    ("preflop 0.1 w1/w2", "B:preflop-w1", "B:preflop-w2", None),
]
W_SPOTS = ["preflop", "preflop-hilo", "flop", "turn", "river", "flop3", "mc-small", "mc-big",
           "showdown16", "showdown4k", "batch64"]


def _names() -> List[str]:
    names = ["mc-random-hu", "mc-random-3", "mc-hero-random", "mc-fixed3", "showdown-one",
             "flop-hu", "pe-flop-hu"]
    return names + [f"{s}-w{w}" for s in W_SPOTS for w in (1, 2)]


def _run(python: str, names: List[str], scale: float) -> Dict[str, float]:
    cmd = [python, os.path.abspath(__file__), "--worker", ",".join(names), "--scale", str(scale),
           "--clock", "cpu" if CLOCK is time.process_time else "wall"]
    res = subprocess.run(cmd, capture_output=True, text=True, check=True,
                         cwd=os.path.dirname(os.path.abspath(__file__)) + "/..")
    return json.loads(res.stdout.strip().splitlines()[-1])


def _fmt(x: float) -> str:
    return f"{x * 1e9:9.1f} ns" if x < 1e-5 else f"{x * 1e6:9.2f} us" if x < 1e-2 else \
        f"{x * 1e3:9.2f} ms"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--base", help="python of the baseline venv (0.1)")
    ap.add_argument("--now", default=sys.executable, help="python of the checkout under test")
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--scale", type=float, default=1.0, help="Monte Carlo trials scale")
    ap.add_argument("--only", help="comma-separated workload names")
    ap.add_argument("--clock", choices=["wall", "cpu"], default="wall",
                    help="cpu: the process's CPU time (a loaded machine; meaningless for workers=2)")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    args = ap.parse_args()
    global CLOCK
    CLOCK = time.process_time if args.clock == "cpu" else time.perf_counter
    if args.worker is not None:
        print(json.dumps(worker(args.worker.split(","), args.scale)))
        return
    names = args.only.split(",") if args.only else _names()
    runs: Dict[str, List[float]] = {}
    ratio_rows: Dict[str, List[float]] = {}
    print(f"load before: {os.getloadavg()[0]:.2f}", flush=True)
    for r in range(args.rounds):
        order = [("A", args.now), ("B", args.base)] if args.base else [("A", args.now)]
        if r % 2:
            order.reverse()
        got: Dict[str, float] = {}
        for tag, py in order:
            for k, v in _run(py, names, args.scale).items():
                got[f"{tag}:{k}"] = v
        for k, v in got.items():
            runs.setdefault(k, []).append(v)
        line = []
        for label, num, den, _ in RATIOS:
            if num in got and den in got:
                ratio_rows.setdefault(label, []).append(got[num] / got[den])
                line.append(f"{label.split()[0]} {got[num] / got[den]:.2f}")
        print(f"round {r + 1} (load {os.getloadavg()[0]:.1f}): " + ", ".join(line), flush=True)
    print("\nmedian time per call (ns/trial for mc-*):")
    for k in sorted(runs):
        print(f"  {k:24s} {_fmt(statistics.median(runs[k]))}")
    print("\nratios (median over rounds, [min..max]):")
    for label, _, _, target in RATIOS:
        if label in ratio_rows:
            v = ratio_rows[label]
            tgt = f"  target {target}" if target else ""
            print(f"  {label:28s} {statistics.median(v):6.2f}  [{min(v):.2f}..{max(v):.2f}]{tgt}")
    for tag, what in (("A", "checkout"), ("B", "baseline")):
        if not any(f"{tag}:{s}-w1" in runs for s in W_SPOTS):
            continue
        print(f"\nworkers=2 / workers=1 time, {what} (<= 1.0 means never slower):")
        for s in W_SPOTS:
            a, b = runs.get(f"{tag}:{s}-w1"), runs.get(f"{tag}:{s}-w2")
            if a and b:
                per = [y / x for x, y in zip(a, b)]
                print(f"  {s:14s} {statistics.median(per):5.2f}  [{min(per):.2f}..{max(per):.2f}]  "
                      f"w1 {_fmt(statistics.median(a))}  w2 {_fmt(statistics.median(b))}")
    print(f"load after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
