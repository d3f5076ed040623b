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


_COMMANDS: list[Callable[[argparse._SubParsersAction], None]] = [
    _add_eval,
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
