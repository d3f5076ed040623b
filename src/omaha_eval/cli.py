"""The ``omaha-eval`` command line.

Each subcommand is registered by an ``_add_<name>(subparsers)`` function listed in ``_COMMANDS``;
its ``_run_<name>(args) -> int`` does the work and imports what it needs lazily, so that
``omaha-eval --help`` stays fast. The subcommands that live in other packages (``hh``,
``table``) are imported only when the parser is built; they never import this module.

Exit status, for every command: 0 done; 1 some input could not be processed (a file that does
not replay, a hand history that does not read); 2 usage: an unknown command or option, or an
argument value the library refuses (a bad card, range, game name, count).
"""

from __future__ import annotations

import argparse
import difflib
import json
import re
import sys
from typing import Any, Callable, Dict, List, Sequence, cast

from ._progress import ProgressBar
from .errors import ArgumentError
from .variants import VARIANTS, game_name

# bulk/cli.py imported the bar from here under this name (until its side of the cycle is gone)
_ProgressBar = ProgressBar

EXIT_STATUS = ("exit status: 0 done; 1 some input could not be processed (a file, a hand "
               "history); 2 usage: an unknown command or option, or an argument value that is "
               "refused (a bad card, range or game name)")

_GAME_HELP = "hi, hilo or a variant: " + ", ".join(VARIANTS) + " (aliases such as omaha8, PLO8, " \
             "omaha are accepted)"


def _game_arg(text: str) -> str:
    """``--game``: the same names as Python's ``game=`` (variants.game_name), canonical."""
    try:
        return game_name(text)
    except ArgumentError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def did_you_mean(word: str, choices: Sequence[str]) -> str:
    """`` (did you mean 'x'?)`` for the closest of ``choices``, or ``""``.

    Examples
    --------
    >>> did_you_mean("--trails", ["--trials", "--seed"])
    " (did you mean '--trials'?)"
    """
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose 'invalid choice' errors name the closest choice (Python 3.12's
    ``suggest_on_error`` does this; this project supports 3.9 and up)."""

    commands: Dict[str, argparse.ArgumentParser] = {}  # the subcommands' parsers, by name

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # every option string added to this parser, for the closest-option hint; kept here
        # because argparse lists a parser's actions only in private attributes
        self.option_names: List[str] = []
        super().__init__(*args, **kwargs)

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        action = super().add_argument(*args, **kwargs)
        self.option_names.extend(action.option_strings)
        return action

    def add_argument_group(self, *args: Any, **kwargs: Any) -> Any:
        return self._recorded(super().add_argument_group(*args, **kwargs))

    def add_mutually_exclusive_group(self, **kwargs: Any) -> Any:
        return self._recorded(super().add_mutually_exclusive_group(**kwargs))

    def _recorded(self, group: Any) -> Any:
        """``group`` with its add_argument noting the option strings here too."""
        add = group.add_argument

        def add_argument(*args: Any, **kwargs: Any) -> argparse.Action:
            action: argparse.Action = add(*args, **kwargs)
            self.option_names.extend(action.option_strings)
            return action
        group.add_argument = add_argument
        return group

    def error(self, message: str) -> Any:  # argparse's signature: NoReturn
        found = re.search(r"invalid choice: '([^']*)' \(choose from (.*)\)", message)
        if found:
            choices = re.findall(r"'([^']*)'", found.group(2)) or [
                c.strip() for c in found.group(2).split(",")]
            message += did_you_mean(found.group(1), choices)
        super().error(message)

    def parse_args(self, args: Any = None, namespace: Any = None) -> Any:
        """As argparse's, with unknown options refused by their command's parser and the
        closest known option named."""
        parsed, extras = self.parse_known_args(args, namespace)
        if extras:
            _unknown_options(self, parsed, extras)
        return parsed


def _unknown_options(parser: _Parser, args: argparse.Namespace, extras: List[str]) -> None:
    """Refuses arguments no parser took, naming the closest option of the subcommand."""
    command = parser.commands.get(getattr(args, "command", None) or "", parser)
    known = command.option_names if isinstance(command, _Parser) else []
    hints = "".join(did_you_mean(x.split("=")[0], known) for x in extras if x.startswith("-"))
    command.error(f"unrecognized arguments: {' '.join(extras)}{hints}")



def _add_eval(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = subparsers.add_parser(
        "eval",
        help="score one Omaha hand on a board",
        description="Score one Omaha hand (4, 5 or 6 hole cards: exactly two of them play) on a "
                    "5-card board, hi or hi-lo.",
    )
    p.add_argument("hole", help="4, 5 or 6 hole cards, e.g. AsKdQhJc")
    p.add_argument("board", help="five board cards, e.g. Tc9d8h2s2c")
    p.add_argument("--game", type=_game_arg, default="hi", metavar="GAME",
                   help=_GAME_HELP + " (a variant's hole-card count must match the hand; "
                   "default: hi)")
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


def _add_equity(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = subparsers.add_parser(
        "equity",
        help="each player's share of the pot, exact or sampled",
        description="Equity of 2 to 10 Omaha hands or ranges of 4, 5 or 6 cards (quote ranges: "
                    "'AA**ds, KK**:0.5'). "
                    "Every remaining board is enumerated exactly unless --trials is given "
                    "(ranges too large to enumerate are sampled).",
    )
    p.add_argument("hands", nargs="+", metavar="HAND", help="a hand (AsKsQhJh) or a range (AA**)")
    p.add_argument("--board", default="", help="0 to 5 known board cards (one: Courchevel preflop)")
    p.add_argument("--dead", default="", help="cards out of play")
    p.add_argument("--game", type=_game_arg, default="hi", metavar="GAME",
                   help=_GAME_HELP + " (default: hi; the hole count comes from the hands)")
    p.add_argument("--trials", type=int, default=None, metavar="N",
                   help="Monte Carlo with N trials instead of exact enumeration")
    p.add_argument("--seed", type=int, default=None, help="seed of the Monte Carlo trials")
    p.add_argument("--workers", type=int, default=1, metavar="N",
                   help="threads (-1: all cores; results do not depend on it)")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    p.set_defaults(func=_run_equity)


def _run_equity(args: argparse.Namespace) -> int:
    from ._equity import equity

    bar = ProgressBar(sys.stderr)
    try:
        result = equity(args.hands, args.board, args.dead, game=args.game, trials=args.trials,
                        seed=args.seed, workers=args.workers, progress=bar)
    finally:
        bar.close()
    if args.json:
        print(json.dumps(result.to_dict(), indent=2))
    else:
        print(result)
    return 0


def _add_replay(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = subparsers.add_parser(
        "replay",
        help="replay PHH hand histories and print the finishing stacks and pots",
        description="Replay Omaha hand histories in the PHH format (variants FO/8, PO, FO, PO/8, "
                    "NO, NO/8, SO, SO/8, and the family codes PO5, PO5/8, PO6, PO6/8, PCO, PCO/8, "
                    "PNO) through the rules engine; print the finishing stacks "
                    "and each pot with its winners. Each file is replayed on its own; a file that "
                    "cannot be read, breaks the rules, ends before the hand is over or whose "
                    "finishing_stacks disagree is named on stderr, and the exit status is 1.",
    )
    p.add_argument("files", nargs="+", metavar="FILE.phh", help="PHH file(s)")
    p.add_argument("--json", action="store_true",
                   help="print JSON ({\"finishing_stacks\": [...], \"pots\": [...], ...}; a list for several files)")
    p.set_defaults(func=_run_replay)


def _replay_one(path: str) -> Dict[str, Any]:
    """One file's report; ``"error"`` says what went wrong (unreadable, not PHH, illegal)."""
    from .game import PHHError
    from .game.phh import read_phh, replay, summary

    try:
        record = read_phh(path)
        report = summary(replay(record), record)
    except PHHError as exc:
        message = str(exc)
        prefix = f"{path}: "  # file errors already name the file
        return {"file": path, "error": message[len(prefix):] if message.startswith(prefix) else message}
    report["file"] = path
    expected = report.get("expected_finishing_stacks")
    if not report["complete"]:
        report["error"] = f"the history ends before the hand is over: {report['state']}"
    elif expected is not None and expected != report["finishing_stacks"]:
        report["error"] = f"finishing stacks {report['finishing_stacks']} differ from the file's {expected}"
    return report


def _print_replay(report: Dict[str, Any]) -> None:
    print(f"{report['file']}: {report['variant']}, {report['game']}, {len(report['players'])} players")
    if report["board"]:
        print(f"  board {report['board']}")
    if not report["complete"]:
        print("  stacks " + "  ".join(f"{p} {s}" for p, s in zip(report["players"], report["stacks"])))
        return
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


def _run_replay(args: argparse.Namespace) -> int:
    """Each file on its own: a broken one is named (with what and where) on stderr and the
    others are still replayed; exit status 1 when any file failed."""
    reports = [_replay_one(path) for path in args.files]
    failed = [r for r in reports if "error" in r]
    if args.json:
        print(json.dumps(reports[0] if len(reports) == 1 else reports, indent=2))
    else:
        for report in reports:
            if "variant" in report:
                _print_replay(report)
    for report in failed:
        print(f"omaha-eval replay: {report['file']}: {report['error']}", file=sys.stderr)
    if failed and len(reports) > 1:
        print(f"omaha-eval replay: {len(failed)} of {len(reports)} files failed", file=sys.stderr)
    return 1 if failed else 0


def _add_bench(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = subparsers.add_parser(
        "bench",
        help="benchmark omaha_eval against the other Omaha libraries installed",
        description="Time the standard workloads (seeded; see README, Benchmarks) on omaha_eval "
                    "and on every other Omaha library installed (phevaluator, poker-equity, "
                    "PokerKit, treys, xiapl). Each library is checked for agreement with "
                    "omaha_eval before it is timed; libraries not installed are skipped.",
    )
    p.add_argument("--quick", action="store_true", help="small workloads (seconds, not minutes)")
    p.add_argument("--against", metavar="NAMES",
                   help="comma-separated libraries to compare with (default: all; 'none': ours only)")
    p.add_argument("--workers", type=int, default=1, metavar="N",
                   help="threads for omaha_eval and libraries that take a thread count (default 1)")
    p.add_argument("--only", metavar="WORKLOADS",
                   help="comma-separated workloads or prefixes, e.g. eval-hi,exact (default: all)")
    p.add_argument("--json", metavar="FILE", help="also write the full report as JSON")
    p.add_argument("--plot", metavar="FILE.png", help="also draw a PNG chart (needs matplotlib)")
    p.add_argument("--seed", type=int, default=None, help="seed of the workloads (default fixed)")
    p.add_argument("--repetitions", type=int, default=None, metavar="R",
                   help="timed repetitions after the warm-up (default 5; 3 with --quick)")
    p.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    p.add_argument("--list", action="store_true", help="list the workloads and libraries, run nothing")
    p.set_defaults(func=_run_bench)


def _bench_command(args: argparse.Namespace) -> str:
    """The command line that reproduces a run, recorded in the report."""
    words = ["omaha-eval", "bench"] + (["--quick"] if args.quick else [])
    for flag, value in (("--against", args.against), ("--workers", args.workers),
                        ("--only", args.only), ("--seed", args.seed),
                        ("--repetitions", args.repetitions), ("--json", args.json),
                        ("--plot", args.plot)):
        if value is not None and not (flag == "--workers" and value == 1):
            words += [flag, str(value)]
    return " ".join(words)


def _run_bench(args: argparse.Namespace) -> int:
    from .benchmark import run_bench
    from .benchmark.report import format_report

    from ._args import workers as thread_count

    workers = thread_count(args.workers)  # -1: every core
    if args.repetitions is not None and args.repetitions < 1:
        raise ValueError(f"--repetitions must be at least 1, got {args.repetitions}")
    if args.list:
        from .benchmark import adapters, workloads
        for w in workloads.select(workloads.standard(args.quick), args.only):
            print(f"{w.name:<11} {w.title}")
        for a in adapters.select(adapters.registry(), args.against):
            print(f"{a.name:<14} {a.not_installed() or 'installed'}: {a.label}")
        return 0
    report = run_bench(quick=args.quick, against=args.against, workers=workers, only=args.only,
                       seed=args.seed, repetitions=args.repetitions,
                       progress=lambda msg: print(msg, file=sys.stderr, flush=True))
    report["command"] = _bench_command(args)
    print(format_report(report, markdown=args.markdown))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report, f, indent=2)
            f.write("\n")
    if args.plot:
        from .benchmark.plot import PlotError, write_plot
        try:
            write_plot(report, args.plot)
        except PlotError as exc:
            print(f"omaha-eval: error: {exc}", file=sys.stderr)
            return 1
    return 0


def _add_play(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = subparsers.add_parser(
        "play",
        help="play at a terminal table against built-in opponents",
        description="Play Omaha hand after hand against simple built-in opponents. Actions are "
                    "read one per line from standard input (f fold, k check, c call, b N bet, "
                    "r N raise to N, a all in, q quit); end of input ends the session.",
    )
    p.add_argument("--seed", type=int, default=None, help="seed of the deal and the opponents")
    p.add_argument("--players", type=int, default=6, help="players at the table, you included (2-10)")
    p.add_argument("--opponents", choices=("calling", "random"), default="calling",
                   help="calling: always check or call; random: random legal actions")
    p.add_argument("--game", type=_game_arg, default="hi", metavar="GAME",
                   help=_GAME_HELP + " (default: hi)")
    p.add_argument("--structure", choices=("fixed", "spread", "pot", "no"), default="fixed",
                   help="betting structure (default: fixed limit)")
    p.add_argument("--big-blind", type=int, default=2, help="big blind (default 2)")
    p.add_argument("--stack", type=int, default=None, help="starting stacks (default 100 big blinds)")
    p.add_argument("--hands", type=int, default=None, help="stop after this many hands")
    p.set_defaults(func=_run_play)


def _run_play(args: argparse.Namespace) -> int:
    from .game.play import run_play

    return run_play(seed=args.seed, players=args.players, opponents=args.opponents, game=args.game,
                    structure=args.structure, big_blind=args.big_blind, stack=args.stack,
                    hands=args.hands, variant=args.game if args.game in VARIANTS else None)


def _add_hh(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    from .hh.cli import add_parser  # the implementation lives in omaha_eval.hh
    add_parser(subparsers)


def _add_board(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    from .board.cli import add_parser  # the implementation lives in omaha_eval.board

    add_parser(subparsers)


def _add_pql(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    from .query.cli import add_parser  # the implementation lives in omaha_eval.query
    add_parser(subparsers)


def _add_table(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    from .bulk.cli import add_table  # the implementation lives in the bulk package

    add_table(subparsers)


def _add_serve(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    from .service import serve  # argparse only; FastAPI and uvicorn load when it runs

    p = subparsers.add_parser(
        "serve",
        help="serve the HTTP/JSON API and the equity calculator page",
        description="Serve the HTTP/JSON API (docs at /docs, schema at /openapi.json) and the "
                    "equity calculator page (/). Needs the server extra: "
                    "pip install \"omaha_eval[server]\".",
    )
    serve.add_arguments(p)
    p.set_defaults(func=serve.run)


_COMMANDS: list[Callable[["argparse._SubParsersAction[argparse.ArgumentParser]"], None]] = [
    _add_eval,
    _add_equity,
    _add_board,
    _add_replay,
    _add_pql,
    _add_hh,
    _add_bench,
    _add_play,
    _add_table,
    _add_serve,
]


def build_parser() -> _Parser:
    parser = _Parser(
        prog="omaha-eval",
        description="Omaha Hi and Hi-Lo (8 or better): evaluation, equity, rules, benchmarks.",
        epilog=EXIT_STATUS,
    )
    from . import __version__  # read from the metadata on first use

    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    # the commands' parsers are _Parser too (argparse makes them of the parent's class)
    subparsers = cast("argparse._SubParsersAction[argparse.ArgumentParser]",
                      parser.add_subparsers(dest="command", metavar="COMMAND"))
    for add in _COMMANDS:
        add(subparsers)
    parser.commands = dict(subparsers.choices)  # each command's parser, for its own errors
    for sub in parser.commands.values():
        if sub.epilog is None:
            sub.epilog = EXIT_STATUS
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
    except BrokenPipeError:  # output piped into `head` and closed early: not an error of ours
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:  # Ctrl-C: one line, and the shell's usual status for SIGINT
        print("omaha-eval: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
