"""``omaha-eval hh FILE... [--json] [--phh DIR] [--allin-ev]``: read site hand histories,
replay every hand through the rules layer and compare the award with the site's.

Exit status (the convention of every command): 0 when every file was read and every hand
replayed and agreed with the site; 1 when some input failed: a file missing or unreadable, a
file with no hand of a known site, a hand that cannot be replayed (reported with its reason
and line) or that disagrees with the site; 2 for a usage error (argparse's).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Dict, List

if TYPE_CHECKING:  # the readers load when the command runs, so that --help stays fast
    from .replay import Outcome


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser(
        "hh", help="read site hand histories, replay them, compare with the site",
        description="Read site hand histories (PokerStars, GGPoker, Winamax, Full Tilt, 888poker, "
                    "PartyPoker, iPoker), replay every hand through the rules layer and compare "
                    "each player's award with the site's. Exit status: 0 every hand agreed, 1 some "
                    "input failed (a file missing or without hands, a hand not replayed or "
                    "disagreeing), 2 usage.")
    p.add_argument("files", nargs="+", metavar="FILE")
    p.add_argument("--json", action="store_true", help="one JSON array, one object per hand")
    p.add_argument("--phh", metavar="DIR", help="write every replayed hand as PHH into DIR")
    p.add_argument("--allin-ev", action="store_true",
                   help="all-in equity report: equity at the all in, expected and actual chips per player")
    p.set_defaults(func=run)


def hand_json(outcome: "Outcome") -> Dict[str, Any]:
    """The ``--json`` object of one hand."""
    hand = outcome.hand
    out: Dict[str, Any] = {"file": hand.file, "site": hand.site, "hand_id": hand.hand_id,
                           "variant": hand.variant, "ok": outcome.ok}
    if not outcome.ok:
        out["error"] = outcome.error
    out["unit"] = hand.unit
    out["currency"] = hand.currency
    out["tournament"] = hand.tournament
    out["table"] = hand.table
    out["line"] = hand.line
    out["rake"] = outcome.rake
    out["fees"] = dict(hand.fees)
    if hand.added:
        out["added"] = hand.added
    players = []
    for seat in sorted(hand.seats, key=lambda s: s.seat):
        entry: Dict[str, Any] = {"name": seat.name, "seat": seat.seat, "start": seat.stack,
                                 "collected": outcome.collected.get(seat.name, 0) if outcome.ok else None,
                                 "site_collected": outcome.site_collected.get(seat.name, 0) if outcome.ok
                                 else hand.collected.get(seat.name, 0),
                                 "dealt_in": seat.name in outcome.players if outcome.ok else None}
        players.append(entry)
    out["players"] = players
    out["site_collected"] = {p["name"]: p["site_collected"] for p in players}
    out["agrees"] = outcome.agrees if outcome.ok else False
    if outcome.ok:
        out["method"] = outcome.method
        out["exact"] = outcome.exact
        out["boards"] = [" ".join(b) for b in hand.boards]
        if outcome.differences:
            out["differences"] = outcome.differences
    if outcome.notes:
        out["notes"] = outcome.notes
    return out


@dataclass
class _Tally:
    """What a run gathers over its files: the ``--json`` records, the all-in reports and
    per-player totals, the hands replayed."""

    records: List[Dict[str, Any]] = field(default_factory=list)
    allin: Dict[str, List[float]] = field(default_factory=dict)
    allin_hands: List[Any] = field(default_factory=list)
    count: int = 0


def run(args: argparse.Namespace) -> int:
    from . import HHError, read_file
    status = 0
    tally = _Tally()
    started = time.perf_counter()
    for path in args.files:
        try:
            hands = read_file(path)
        except HHError as exc:
            print(f"omaha-eval hh: {exc}", file=sys.stderr)
            status = 1
            continue
        status = max(status, _run_file(args, path, hands, tally))
    elapsed = time.perf_counter() - started
    if args.json:
        json.dump(tally.records, sys.stdout, indent=1, ensure_ascii=False)
        sys.stdout.write("\n")
    if args.allin_ev:
        _print_allin(tally.allin_hands, tally.allin, args.json)
    count = tally.count
    if not args.json and count:
        print(f"{_count(count, 'hand')} in {elapsed:.3f} s ({count / max(elapsed, 1e-9):.0f} hands/s)")
    return status


def _run_file(args: argparse.Namespace, path: str, hands: List[Any], tally: _Tally) -> int:
    """Replay the hands read from ``path`` into ``tally`` and print the file's line; 1 when a
    hand could not be read or replayed or disagrees, else 0."""
    from . import HHError, replay_hand
    status = 0
    summary: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    for item in hands:
        summary["read"] += 1
        if isinstance(item, HHError):
            status = 1
            reasons[item.message] += 1
            tally.records.append({"file": path, "site": "", "hand_id": item.hand_id, "variant": "",
                                  "ok": False, "error": str(item), "unit": "", "rake": 0,
                                  "players": [], "site_collected": {}, "agrees": False})
            continue
        outcome = replay_hand(item)
        tally.count += 1
        if not (outcome.ok and outcome.agrees):
            status = 1
        if outcome.ok:
            summary["replayed"] += 1
            summary["agreeing"] += bool(outcome.agrees)
            if args.phh and outcome.engine is not None:
                from .phh_export import write_phh
                write_phh(outcome, args.phh)
            if args.allin_ev:
                _add_allin(outcome, tally.allin_hands, tally.allin)
        else:
            reasons[outcome.error.split(": ", 1)[-1]] += 1
        record = hand_json(outcome)
        tally.records.append(record)
        if not args.json and not args.allin_ev:
            _print_hand(record)
    text = (f"{path}: {_count(summary['read'], 'hand')} read, {summary['replayed']} replayed, "
            f"{summary['agreeing']} agreeing, {summary['read'] - summary['replayed']} excluded")
    if reasons:
        text += " (" + "; ".join(f"{k}: {v}" for k, v in reasons.most_common()) + ")"
    print(text, file=sys.stderr if args.json else sys.stdout)
    return status


def _add_allin(outcome: "Outcome", hands: List[Any], totals: Dict[str, List[float]]) -> None:
    """The all-in report of one hand into ``hands``, its expected and actual chips into the
    per-player ``totals``."""
    from .allin import all_in_report
    report = all_in_report(outcome)
    if report is None:
        return
    hands.append(report)
    for name, value in report.expected.items():
        total = totals.setdefault(name, [0.0, 0, 0])
        total[0] += value
        total[1] += report.actual.get(name, 0)
        total[2] += 1


def _count(n: int, word: str) -> str:
    """``1 hand``, ``2 hands``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _print_hand(record: Dict[str, Any]) -> None:
    head = f"{record['site']} {record['hand_id']} {record['variant']} (unit {record['unit']})"
    if not record["ok"]:
        print(f"{head}: excluded: {record['error']}")
        return
    print(f"{head}: {'agrees' if record['agrees'] else 'DISAGREES'} with the site; rake {record['rake']}")
    for p in record["players"]:
        if p["dealt_in"]:
            print(f"  seat {p['seat']} {p['name']}: start {p['start']}, engine {p['collected']}, "
                  f"site {p['site_collected']}")
    for note in record.get("notes", []) + record.get("differences", []):
        print(f"  note: {note}")


def _print_allin(hands: List[Any], totals: Dict[str, List[float]], as_json: bool) -> None:
    out = sys.stderr if as_json else sys.stdout
    for report in hands:
        if report.skipped:
            print(f"all in {report.hand_id}: skipped ({report.skipped})", file=out)
            continue
        for pot in report.pots:
            parts = ", ".join(f"{p['name']} {p['equity']:.4f} -> {p['expected']:.2f} (got {p['actual']})"
                              for p in pot["players"])
            print(f"all in {report.hand_id} board [{report.board}] pot {pot['pot']} ({pot['amount']}): {parts}",
                  file=out)
    print("all-in EV per player (expected, actual, difference, hands):", file=out)
    for name, (expected, actual, n) in sorted(totals.items()):
        print(f"  {name}: {expected:.2f} {actual} {actual - expected:+.2f} ({n})", file=out)
