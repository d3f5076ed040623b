"""Interleaved wall-time A/B of one bench workload between two installs of omaha_eval.

    python bench/small_calls_ab.py A_PYTHON B_PYTHON [ROUNDS] [WORKLOAD]

Runs ``python -m omaha_eval bench --only WORKLOAD --repetitions 9`` (default workload
call-hilo-hands10, 15 rounds) with A's and B's interpreter in turn, A then B then A..., and
prints each round's ns per item, the medians and the median of the per-round ratios B / A
(the VM's speed drifts, so only rounds side by side compare).  ~2 s a run.
"""

from __future__ import annotations

import os
import re
import statistics
import subprocess
import sys


def _ns_per_item(python: str, workload: str) -> float:
    out = subprocess.run([python, "-m", "omaha_eval", "bench", "--only", workload, "--repetitions", "9"],
                         check=True, capture_output=True, text=True, cwd="/",
                         env=dict(os.environ, SKBUILD_EDITABLE_VERBOSE="0")).stdout
    row = next(line for line in out.splitlines() if line.startswith(workload + " ") and "omaha_eval" in line)
    # columns: workload, library, items, ..., time, spread, ns/item, items/s, vs ours
    return float(re.split(r"\s{2,}", row.strip())[6].replace(",", ""))


def main() -> None:
    a, b = sys.argv[1], sys.argv[2]
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 15
    workload = sys.argv[4] if len(sys.argv) > 4 else "call-hilo-hands10"
    times: dict = {"A": [], "B": []}
    for r in range(rounds):
        times["A"].append(_ns_per_item(a, workload))
        times["B"].append(_ns_per_item(b, workload))
        print(f"round {r + 1:2}: A {times['A'][-1]:7.0f} ns  B {times['B'][-1]:7.0f} ns  "
              f"B/A {times['B'][-1] / times['A'][-1]:.3f}  load {os.getloadavg()[0]:.2f}", flush=True)
    ratios = [y / x for x, y in zip(times["A"], times["B"])]
    print(f"{workload}: median A {statistics.median(times['A']):.0f} ns, B {statistics.median(times['B']):.0f} ns;"
          f" B/A median {statistics.median(ratios):.3f} (min {min(ratios):.3f}, max {max(ratios):.3f});"
          f" B under 1 us in {sum(t < 1000 for t in times['B'])} of {rounds} rounds,"
          f" A in {sum(t < 1000 for t in times['A'])}")


if __name__ == "__main__":
    main()
