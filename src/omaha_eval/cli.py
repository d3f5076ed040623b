"""The ``omaha-eval`` command line.

Each subcommand is registered by an ``_add_<name>(subparsers)`` function listed in ``_COMMANDS``;
its ``_run_<name>(args) -> int`` does the work and imports what it needs lazily, so that
``omaha-eval --help`` stays fast.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Callable, Sequence

from . import __version__


def _add_eval(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "eval",
        help="score one Omaha hand on a board",
        description="Score one Omaha hand (4 hole cards) on a 5-card board, hi or hi-lo.",
    )
    p.add_argument("hole", help="four hole cards, e.g. AsKdQhJc")
    p.add_argument("board", help="five board cards, e.g. Tc9d8h2s2c")
    p.add_argument("--game", choices=("hi", "hilo"), default="hi", help="game (default: hi)")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.set_defaults(func=_run_eval)


def _run_eval(args: argparse.Namespace) -> int:
    from .evaluate import describe_hand

    result = describe_hand(args.hole, args.board, game=args.game)
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"hole  {result['hole']}   board  {result['board']}")
    hi = result["hi"]
    print(f"hi    {hi['score']:>5}  {hi['description']}  ({hi['hole_cards']} + {hi['board_cards']})")
    if "lo" in result:
        lo = result["lo"]
        if lo["score"]:
            print(f"lo    {lo['score']:>5}  {lo['description']}  "
                  f"({lo['hole_cards']} + {lo['board_cards']})")
        else:
            print(f"lo    {lo['score']:>5}  {lo['description']}")
    return 0


def _add_replay(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "replay",
        help="replay PHH hand histories and print the finishing stacks and pots",
        description="Replay Omaha hand histories in the PHH format (variants FO/8, PO, FO, PO/8, "
                    "NO, NO/8, SO, SO/8) through the rules engine; print the finishing stacks "
                    "and each pot with its winners. Exit status 1 if a file's own "
                    "finishing_stacks disagree with the replay.",
    )
    p.add_argument("files", nargs="+", metavar="FILE.phh", help="PHH file(s)")
    p.add_argument("--json", action="store_true",
                   help="print JSON ({\"finishing_stacks\": [...], \"pots\": [...], ...}; a list for several files)")
    p.set_defaults(func=_run_replay)


def _run_replay(args: argparse.Namespace) -> int:
    from .game.phh import parse_phh, replay, summary

    reports = []
    status = 0
    for path in args.files:
        record = parse_phh(path)
        report = summary(replay(record), record)
        report["file"] = path
        expected = report.get("expected_finishing_stacks")
        if expected is not None and report["complete"] and expected != report["finishing_stacks"]:
            status = 1
        reports.append(report)
    if args.json:
        print(json.dumps(reports[0] if len(reports) == 1 else reports, indent=2))
        return status
    for report in reports:
        print(f"{report['file']}: {report['variant']}, {report['game']}, {len(report['players'])} players")
        if report["board"]:
            print(f"  board {report['board']}")
        if not report["complete"]:
            print(f"  the history ends before the hand is over: {report['state']}")
            print("  stacks " + "  ".join(f"{p} {s}" for p, s in zip(report["players"], report["stacks"])))
            continue
        for item in report["returned"]:
            print(f"  uncalled {item['amount']} returned to {item['player']}")
        for pot in report["pots"]:
            print(f"  pot {pot['index']}: {pot['amount']} ({' '.join(pot['eligible'])})")
            for award in pot["awards"]:
                how = award.get("description") or "uncontested"
                cards = f" [{award['hole_cards']} + {award['board_cards']}]" if "hole_cards" in award else ""
                print(f"    {award['player']} wins {award['amount']} {award['half']}: {how}{cards}")
        print("  finishing stacks " + "  ".join(
            f"{p} {s}" for p, s in zip(report["players"], report["finishing_stacks"])))
        expected = report.get("expected_finishing_stacks")
        if expected is not None:
            print("  matches the file's finishing_stacks" if expected == report["finishing_stacks"]
                  else f"  DIFFERS from the file's finishing_stacks {expected}")
    return status


_COMMANDS: list[Callable[[argparse._SubParsersAction], None]] = [
    _add_eval,
    _add_replay,
]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="omaha-eval",
        description="Omaha Hi and Hi-Lo (8 or better): evaluation, equity, rules, benchmarks.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for add in _COMMANDS:
        add(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except ValueError as exc:  # bad cards, illegal actions, bad ranges: a message, not a traceback
        print(f"omaha-eval: error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
