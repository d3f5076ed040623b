"""Load-independent figures for issue 12's small calls, counted by callgrind.

    python bench/small_calls_callgrind.py          # instructions a call, six small calls (~1 min)
    python bench/small_calls_callgrind.py split    # the bench's call-hilo-hands10, split (~4 min)

Instructions a call: 20,000 calls on one repeated deal through ``deque(map(f, ...), maxlen=0)``,
counted only inside that loop (``--toggle-collect=consume_iterator``), so each figure is the
call and the freeing of its result, under ``PYTHONHASHSEED=0``.

``split``: the bench's own ``call-hilo-hands10`` deals (20,000 distinct deals of ten hands on
one board, results kept), after the bench's warm-up, two repetitions, with callgrind's cache
simulation set to this VM's L1d (48 KB, 12-way) and L2 (2 MB, 16-way, as the "LL" level), so
that an "LL miss" is a read or write that leaves the core's L2.  It prints per call the whole
call and its parts (the kernel, the output arrays, the input arrays' structs), then the
concatenation of the results into arrays for the bench's agreement check (which the bench does
outside its clock, in ``output()``, as for every library).

The package measured is the one this Python imports (set PYTHONPATH to measure another copy).
"""

from __future__ import annotations

import collections
import os
import re
import subprocess
import sys
import tempfile

CASES = ("hilo10", "hilo1", "hi1", "hi-ints", "hi-text", "hilo-text")
CALLS = 20_000
CACHE = ["--cache-sim=yes", "--D1=49152,12,64", "--LL=2097152,16,64"]


def _one_case(case: str, calls: int) -> None:
    import numpy as np

    import omaha_eval as oe
    rng = np.random.default_rng(1)
    deck = np.argsort(rng.random(52)).astype(np.uint8)
    board, holes10, hole = deck[:5].copy(), deck[5:45].reshape(10, 4).copy(), deck[5:9].copy()
    forms = {"hilo10": (oe.evaluate_hilo, holes10, board), "hilo1": (oe.evaluate_hilo, hole, board),
             "hi1": (oe.evaluate_hi, hole, board),
             "hi-ints": (oe.evaluate_hi, hole.tolist(), board.tolist()),
             "hi-text": (oe.evaluate_hi, oe.format_cards(hole), oe.format_cards(board)),
             "hilo-text": (oe.evaluate_hilo, oe.format_cards(hole), oe.format_cards(board))}
    f, h, b = forms[case]
    f(h, b)
    collections.deque(map(f, [h] * calls, [b] * calls), maxlen=0)


def _bench_loop(reps: int) -> None:
    import gc

    import numpy as np

    from omaha_eval import evaluate_hilo
    from omaha_eval.benchmark import adapters
    from omaha_eval.benchmark.workloads import standard
    w = next(x for x in standard() if x.name == "call-hilo-hands10")
    args = adapters._call_args(w, w.size)
    holes, boards = [a[0] for a in args], [a[1] for a in args]
    # the bench's warm-up and the gathering of its answers for the check (outside its clock),
    # counted once
    adapters._our_call_scores(w, adapters._our_calls(w, args))
    for _ in range(reps):
        gc.collect()
        results = list(map(evaluate_hilo, holes, boards))
        del results


def _callgrind(argv: list, extra: list) -> str:
    out = tempfile.mktemp(prefix="oe_small_calls.")
    env = dict(os.environ, PYTHONHASHSEED="0")
    subprocess.run(["valgrind", "--tool=callgrind", "--collect-atstart=no",
                    f"--callgrind-out-file={out}"] + extra + [sys.executable, __file__] + argv,
                   check=True, env=env, capture_output=True)
    return out


def _inclusive(path: str) -> dict:
    """Inclusive cost of every function: {name: [Ir, Dr, Dw, I1mr, D1mr, D1mw, ILmr, DLmr, DLmw]}."""
    text = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", path],
                          check=True, capture_output=True, text=True).stdout
    costs: dict = {}
    for line in text.splitlines():
        m = re.match(r"\s*([\d,]+) \([^)]*\)((?:\s+[\d,.]+ \([^)]*\)|\s+\.)*)\s+(\S+)", line)
        if m:
            values = [int(m.group(1).replace(",", ""))] + [
                int(v.replace(",", "")) if v != "." else 0
                for v in re.findall(r"([\d,]+|\.)(?: \([^)]*\))?", m.group(2))]
            costs.setdefault(m.group(3).split(":")[-1], values)
    return costs


def main() -> None:
    if len(sys.argv) > 2 and sys.argv[1] == "--case":
        _one_case(sys.argv[2], int(sys.argv[3]))
        return
    if len(sys.argv) > 1 and sys.argv[1] == "--loop":
        _bench_loop(int(sys.argv[2]))
        return
    if len(sys.argv) > 1 and sys.argv[1] == "split":
        reps = 2
        path = _callgrind(["--loop", str(reps)], CACHE + ["--toggle-collect=map_next",
                                                          "--toggle-collect=array_concatenate"])
        costs = _inclusive(path)
        os.unlink(path)
        calls = reps * CALLS
        print("per call of the bench's call-hilo-hands10 (distinct deals, results kept):")
        # the kernel: the small shared-board entry (or, in older builds, the batch kernel)
        kernel = next((k for k in ("oe_eval_shared", "oe_eval_batch")
                       if any(key.split(".")[0].endswith(k) for key in costs)), "oe_eval_batch")
        for label, name, per in (("whole call", "map_next", calls),
                                 (f"  kernel ({kernel})", kernel, calls),
                                 ("  output arrays", "_fast_eval", calls),
                                 ("bench's gathering for its check (untimed)", "array_concatenate", CALLS)):
            c = next((v for k, v in costs.items() if k.split(".")[0].endswith(name)), None)
            if c is None:
                continue
            if name == "_fast_eval":  # the arrays: what _fast_eval spends outside the kernel
                k = next(v for key, v in costs.items() if key.split(".")[0].endswith(kernel))
                c = [a - b for a, b in zip(c, k)]
                label = "  _fast_eval outside the kernel (input structs, output arrays)"
            print(f"  {label:<62} {c[0] / per:7.0f} instructions  {(c[4] + c[5]) / per:5.1f} L1d misses"
                  f"  {(c[7] + c[8]) / per:5.1f} L2 misses")
        return
    for case in CASES:
        path = _callgrind(["--case", case, str(CALLS)], ["--toggle-collect=consume_iterator"])
        with open(path) as handle:
            total = sum(int(x) for x in re.findall(r"^summary: (\d+)", handle.read(), re.M))
        os.unlink(path)
        print(f"{case:<10} {total / CALLS:7.0f} instructions a call")


if __name__ == "__main__":
    main()
