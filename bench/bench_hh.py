"""Site hand histories: hands per second for parse + replay + agreement on the shared files
(../shared/data/hh), and the share of that time spent parsing. Target of issue 14: at least
2,000 four-card hands per second on one core.

    python bench/bench_hh.py [--repeat 15]        # the figures (CPU time, best and median of --repeat)
    python bench/bench_hh.py --against DIR [--rounds 4] [--repeat 7]   # interleaved A/B with DIR's package
    python -m pytest bench/bench_hh.py            # CI: runs once, results checked

CPU time of this process (``time.process_time``), best and median of the repetitions: the
machines are shared, and wall time there measures the neighbours. The 4-card figures time the
4-card hands alone (parse and replay), with their share of decoding and splitting the files.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import statistics
import subprocess
import sys
import time
from typing import Dict, List, Tuple

import pytest

from omaha_eval.hh.reader import parse_hand
from omaha_eval.hh.replay import replay_hand
from omaha_eval.hh.text import decode, split_hands

ROOT = os.path.join(os.path.dirname(__file__), "..", "..", "shared", "data", "hh")


def _files() -> List[Tuple[str, bytes]]:
    paths = sorted(glob.glob(os.path.join(ROOT, "*", "*")))
    out = []
    for path in paths:
        with open(path, "rb") as handle:
            out.append((path, handle.read()))
    return out


def _best_and_median(times: List[float]) -> Tuple[float, float]:
    return min(times), statistics.median(times)


def measure(repeat: int = 15) -> Dict[str, float]:
    """CPU seconds (best and median of ``repeat``) for parsing and for replay + agreement, for
    all hands and for the 4-card Omaha hands alone, and hand counts.

    Parsing is decoding and splitting the files (per file; the 4-card hands are charged their
    share of it by line count) plus reading every hand's lines (per hand, so the 4-card hands
    are timed alone). Replay + agreement is :func:`replay_hand` (the rules engine plays the
    hand, then its award is compared with the site's).
    """
    data = _files()
    texts = [(path, decode(raw, path)) for path, raw in data]
    items = [(site, lines, path, start) for path, text in texts
             for site, start, lines in split_hands(text)]
    hands = [parse_hand(*item) for item in items]
    four_items = [item for item, h in zip(items, hands) if h.hole_cards == 4 and h.omaha]
    four = [h for h in hands if h.hole_cards == 4 and h.omaha]
    line_share4 = sum(len(item[1]) for item in four_items) / sum(len(item[1]) for item in items)
    split_t: List[float] = []
    parse_t: List[float] = []
    replay_t: List[float] = []
    parse4_t: List[float] = []
    replay4_t: List[float] = []
    outcomes: list = []
    for _ in range(repeat):
        t0 = time.process_time()
        split = [split_hands(decode(raw, path)) for path, raw in data]
        t1 = time.process_time()
        parsed = [parse_hand(site, lines, path, start) for (path, _), found in zip(data, split)
                  for site, start, lines in found]
        t2 = time.process_time()
        outcomes = [replay_hand(h) for h in parsed]
        t3 = time.process_time()
        parsed4 = [parse_hand(*item) for item in four_items]
        t4 = time.process_time()
        for h in parsed4:
            replay_hand(h)
        t5 = time.process_time()
        split_t.append(t1 - t0)
        parse_t.append(t2 - t0)
        replay_t.append(t3 - t2)
        parse4_t.append(t4 - t3 + (t1 - t0) * line_share4)
        replay4_t.append(t5 - t4)
    figures: Dict[str, float] = {"hands": len(hands), "four_card_hands": len(four),
                                 "agreeing": sum(1 for o in outcomes if o.agrees)}
    for label, pick in (("best", min), ("median", statistics.median)):
        parse, replay = pick(parse_t), pick(replay_t)
        parse4, replay4 = pick(parse4_t), pick(replay4_t)
        figures[f"{label}_hands_per_second"] = len(hands) / (parse + replay)
        figures[f"{label}_parse_share"] = parse / (parse + replay)
        figures[f"{label}_four_card_hands_per_second"] = len(four) / (parse4 + replay4)
        figures[f"{label}_four_card_parse_share"] = parse4 / (parse4 + replay4)
    figures["hands_per_second"] = figures["best_hands_per_second"]
    figures["parse_share"] = figures["best_parse_share"]
    figures["four_card_hands_per_second"] = figures["best_four_card_hands_per_second"]
    # anchor in the same run: the rules engine alone, 6-handed checked-down hands (bench_game)
    from omaha_eval.game import GameConfig, Hand
    from omaha_eval.game.randomplay import play_passive
    config = GameConfig.pot_limit(1, 2)
    anchor_t = []
    for r in range(repeat):
        t0 = time.process_time()
        for k in range(100):
            play_passive(Hand(config, [200] * 6, seed=k))
        anchor_t.append(time.process_time() - t0)
    figures["anchor_engine_hands_per_second"] = 100 / min(anchor_t)
    return figures


@pytest.mark.skipif(not os.path.isdir(ROOT), reason="shared hand histories not present")
def test_bench_hh_runs():
    figures = measure(repeat=1)
    assert figures["hands"] == 173 and figures["agreeing"] == 167
    assert figures["hands_per_second"] > 0


def _against(other: str, rounds: int, repeat: int) -> None:
    """Interleaved A/B: this checkout's package and the one under ``other`` (a directory holding
    an ``omaha_eval`` package, e.g. main's installed copy), ``rounds`` times each, alternating,
    each a fresh process; medians of the per-round figures and their ratio."""
    import omaha_eval  # the package this process runs: installed or editable
    here = os.path.dirname(os.path.dirname(os.path.abspath(omaha_eval.__file__)))
    runs: Dict[str, List[Dict[str, float]]] = {"other": [], "this": []}
    for _ in range(rounds):
        for label, path in (("other", other), ("this", here)):
            env = dict(os.environ, PYTHONPATH=path)
            out = subprocess.run([sys.executable, __file__, "--repeat", str(repeat), "--json"],
                                 env=env, check=True, capture_output=True, text=True).stdout
            runs[label].append(json.loads(out))
    for key in ("best_four_card_hands_per_second", "median_four_card_hands_per_second",
                "median_four_card_parse_share"):
        a = statistics.median(r[key] for r in runs["other"])
        b = statistics.median(r[key] for r in runs["this"])
        print(f"{key}: other {a:.3g}, this {b:.3g}, ratio {b / a:.3f}  (medians of {rounds} rounds)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--against", metavar="DIR", help="interleaved A/B with the omaha_eval "
                        "package found in DIR (e.g. main's site-packages)")
    parser.add_argument("--rounds", type=int, default=4, help="A/B rounds (with --against)")
    args = parser.parse_args()
    if args.against:
        _against(args.against, args.rounds, args.repeat)
        return
    f = measure(args.repeat)
    if args.json:
        print(json.dumps(f))
        return
    print(f"{f['hands']} hands ({f['four_card_hands']} with 4 cards), {f['agreeing']} agreeing")
    for label in ("best", "median"):
        print(f"{label} of {args.repeat}: parse + replay + agreement {f[label + '_hands_per_second']:.0f} "
              f"hands/s, {f[label + '_parse_share']:.0%} of it parsing; 4-card hands "
              f"{f[label + '_four_card_hands_per_second']:.0f} hands/s, "
              f"{f[label + '_four_card_parse_share']:.0%} of it parsing")
    print(f"anchor, same run: the rules engine alone plays {f['anchor_engine_hands_per_second']:.0f} "
          f"6-handed checked-down PLO hands/s (ratio {f['hands_per_second'] / f['anchor_engine_hands_per_second']:.2f})")


if __name__ == "__main__":
    main()
