"""Load-independent figures for issue 14: instructions per 4-card hand, parsing and replay
(+ agreement) apart, counted by callgrind on the shared files (../shared/data/hh).

    python bench/hh_callgrind.py            # needs valgrind; ~5-15 minutes (3 runs)

Each figure is (a run doing the work 3 times after a warm-up - a run with the warm-up only)
/ 3 / 162 hands, under ``PYTHONHASHSEED=0`` and one BLAS thread. The package measured is the one
this Python imports (set PYTHONPATH to measure another copy). Named apart from the ``bench_*.py``
files on purpose: it holds no tests, and pytest collects those.
"""

from __future__ import annotations

import glob
import os
import re
import subprocess
import sys

# callgrind counts every thread: NumPy's BLAS threads wait by spinning, as long as the machine
# lets them, and would add the neighbours' load to the count
_ONE_THREAD = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared", "data", "hh")


def _work(what: str, reps: int) -> None:
    from omaha_eval.hh.reader import parse_hand
    from omaha_eval.hh.replay import replay_hand
    from omaha_eval.hh.text import decode, split_hands
    items = []
    for path in sorted(glob.glob(os.path.join(ROOT, "*", "*"))):
        if not path.endswith(".md"):
            with open(path, "rb") as handle:
                text = decode(handle.read(), path)
            items += [(site, lines, path, start) for site, start, lines in split_hands(text)]
    parsed = [parse_hand(*item) for item in items]
    four = [item for item, h in zip(items, parsed) if h.hole_cards == 4 and h.omaha]
    hands = [parse_hand(*item) for item in four]
    for h in hands:  # the warm-up: every cache of a long run filled
        replay_hand(h)
    for _ in range(reps):
        if what == "parse":
            for item in four:
                parse_hand(*item)
        else:
            for h in hands:
                replay_hand(h)
    print(len(four))


def _count(what: str, reps: int) -> int:
    run = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                          sys.executable, __file__, what, str(reps)], capture_output=True, text=True,
                         env=dict(os.environ, PYTHONHASHSEED="0", **_ONE_THREAD), check=True)
    return int(re.search(r"Collected : (\d+)", run.stderr).group(1))  # type: ignore[union-attr]


def main() -> None:
    if len(sys.argv) == 3:
        _work(sys.argv[1], int(sys.argv[2]))
        return
    warm = _count("parse", 0)
    for what in ("parse", "replay"):
        print(f"{what}: {(_count(what, 3) - warm) / 3 / 162:,.0f} instructions per 4-card hand")


if __name__ == "__main__":
    main()
