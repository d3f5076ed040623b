"""Site hand histories: hands per second for parse + replay + agreement on the shared files
(../shared/data/hh), for every site and for the 4-card hands, and the share of that time spent
parsing. Target of issue 26: at least 5,000 four-card hands per second on one core.

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

from omaha_eval.hh.model import SiteHand
from omaha_eval.hh.replay import replay_hand
from omaha_eval.hh.sites import parse
from omaha_eval.hh.sites.ipoker import is_ipoker, read_games
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


def _one_pass(data: List[Tuple[str, bytes]]) -> List[Tuple[str, bool, bool, float, float]]:
    """Every hand of the files once: (site, 4-card Omaha, agrees, parse seconds, replay
    seconds), CPU time. A file's decoding and splitting is charged to its hands by line count
    (an iPoker file's whole reading, XML included, to its games equally)."""
    out: List[Tuple[str, bool, bool, float, float]] = []
    clock = time.process_time
    for path, raw in data:
        t0 = clock()
        text = decode(raw, path)
        if is_ipoker(text):
            games = [g for g in read_games(text, path) if isinstance(g, SiteHand)]
            share = (clock() - t0) / max(len(games), 1)
            parsed = [(g, share) for g in games]
        else:
            found = split_hands(text)
            split = clock() - t0
            lines = sum(len(item[2]) for item in found) or 1
            parsed = []
            for site, start, hand_lines in found:
                t1 = clock()
                hand = parse(site, hand_lines, path, start)
                parsed.append((hand, clock() - t1 + split * len(hand_lines) / lines))
        for hand, parse_time in parsed:
            t2 = clock()
            outcome = replay_hand(hand)
            out.append((hand.site, hand.hole_cards == 4 and hand.omaha, bool(outcome.agrees),
                        parse_time, clock() - t2))
    return out


def measure(repeat: int = 15) -> Dict[str, float]:
    """CPU seconds (best and median of ``repeat``) for parsing and for replay + agreement, for
    all hands, for the 4-card Omaha hands alone and for each site, as hands per second.

    Parsing is decoding and splitting the files plus reading every hand's lines (timed per
    hand); replay + agreement is :func:`replay_hand` (the rules engine plays the hand, then its
    award is compared with the site's), timed per hand.
    """
    data = _files()
    passes = [_one_pass(data) for _ in range(repeat)]
    first = passes[0]
    figures: Dict[str, float] = {"hands": len(first), "four_card_hands": sum(1 for h in first if h[1]),
                                 "agreeing": sum(1 for h in first if h[2])}
    groups = {"": lambda h: True, "four_card_": lambda h: h[1]}
    for site in sorted({h[0] for h in first}):
        groups[f"site_{site}_"] = lambda h, site=site: h[0] == site
        figures[f"site_{site}_hands"] = sum(1 for h in first if h[0] == site)
    for prefix, keep in groups.items():
        parse_t = [sum(h[3] for h in one if keep(h)) for one in passes]
        replay_t = [sum(h[4] for h in one if keep(h)) for one in passes]
        count = sum(1 for h in first if keep(h))
        for label, pick in (("best", min), ("median", statistics.median)):
            parse_s, replay_s = pick(parse_t), pick(replay_t)
            figures[f"{label}_{prefix}hands_per_second"] = count / max(parse_s + replay_s, 1e-9)
            figures[f"{label}_{prefix}parse_share"] = parse_s / max(parse_s + replay_s, 1e-9)
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
    assert figures["hands"] == 215 and figures["agreeing"] == 206
    assert figures["site_ipoker_hands"] == 31 and figures["site_fulltilt_hands"] == 5
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
    for key in sorted(k for k in f if k.startswith("site_") and k.endswith("_hands")):
        site = key[5:-6]
        print(f"  {site}: {f[key]:.0f} hands, {f['best_site_' + site + '_hands_per_second']:.0f} hands/s "
              f"(median {f['median_site_' + site + '_hands_per_second']:.0f}), "
              f"{f['best_site_' + site + '_parse_share']:.0%} of it parsing")
    print(f"anchor, same run: the rules engine alone plays {f['anchor_engine_hands_per_second']:.0f} "
          f"6-handed checked-down PLO hands/s (ratio {f['hands_per_second'] / f['anchor_engine_hands_per_second']:.2f})")


if __name__ == "__main__":
    main()
