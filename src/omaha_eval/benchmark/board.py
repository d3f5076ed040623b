"""Board-analysis benchmark (issue 27): ``oe.classify`` over whole ranges, per hole count.

Run ``python -m omaha_eval.benchmark.board`` (``--json`` for machine-readable figures).  It
times, on one thread, medians of interleaved repeats:

* ``all-flop-4``: every field for all C(49, 4) = 211,876 four-card hands left on a flop;
* ``all-flop-5`` / ``all-flop-6``: the same number of random 5- and 6-card hands;
* ``range-1000-{street}-{4,5,6}``: a 1,000-hand range on a new board each repeat (so the
  per-board preparation is inside the figure), on a flop, a turn and a river;
* ``distribution-1000x1000-{hi,hilo}-w{1,2}``: ``oe.equity_distribution`` of a 1,000-combo
  range against another on a flop, exact (1,176 runouts), on one and two threads.

Inputs are seeded (PCG64); the figures are wall-clock seconds on this machine.
"""

from __future__ import annotations

import argparse
import itertools
import json
import time
from typing import Callable, Dict, List

import numpy as np

FLOP = "9h8s2d"


def _median(f: Callable[[], object], repeats: int) -> float:
    times: List[float] = []
    for _ in range(repeats):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return sorted(times)[len(times) // 2]


def _random_hands(rng: np.random.Generator, board: np.ndarray, k: int, n: int) -> np.ndarray:
    deck = np.setdiff1d(np.arange(52), board)
    keys = rng.random((n, deck.size))
    return np.ascontiguousarray(deck[np.argsort(keys, axis=1)[:, :k]].astype(np.uint8))


def run(repeats: int = 7, seed: int = 27) -> Dict[str, float]:
    """Seconds per workload (medians of ``repeats``)."""
    import omaha_eval as oe

    rng = np.random.Generator(np.random.PCG64(seed))
    board = oe.parse_cards(FLOP)
    deck = np.setdiff1d(np.arange(52), board).astype(np.uint8)
    every = np.array(list(itertools.combinations(deck, 4)), dtype=np.uint8)
    out: Dict[str, float] = {}
    out["all-flop-4"] = _median(lambda: oe.classify(every, board), repeats)
    for k in (5, 6):
        hands = _random_hands(rng, board, k, len(every))
        out[f"all-flop-{k}"] = _median(lambda: oe.classify(hands, board), repeats)
    for street, n_board in (("flop", 3), ("turn", 4), ("river", 5)):
        for k in (4, 5, 6):
            spots = []
            for _ in range(repeats):
                b = rng.permutation(52)[:n_board].astype(np.uint8)
                spots.append((_random_hands(rng, b, k, 1000), b))
            it = iter(spots)
            out[f"range-1000-{street}-{k}"] = _median(lambda: oe.classify(*next(it)), repeats)
    hero, villain = (_random_hands(rng, board, 4, 1000) for _ in range(2))
    for game in ("hi", "hilo"):
        for workers in (1, 2):
            out[f"distribution-1000x1000-{game}-w{workers}"] = _median(
                lambda: oe.equity_distribution(hero, villain, board, game, workers=workers),
                max(1, repeats // 3))
    return out


def main(argv: List[str] | None = None) -> int:
    """Command line: print the figures."""
    p = argparse.ArgumentParser(prog="python -m omaha_eval.benchmark.board", description=__doc__)
    p.add_argument("--repeats", type=int, default=7)
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    figures = run(args.repeats)
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        for name, seconds in figures.items():
            print(f"{name:24s} {seconds * 1e3:9.2f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
