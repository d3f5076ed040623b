"""``omaha-eval table``: a preflop table into Parquet (registered by omaha_eval.cli)."""

from __future__ import annotations

import argparse
import contextlib
import sys
import time
import warnings
from pathlib import Path
from typing import Iterator, TextIO

from ..errors import BulkError
from .execute import quiet_interrupts
from .parts import DamagedPartWarning
from .progress import TableProgress
from .shared import DEFAULT_BLOCKS_PER_TASK, SHARED_BLOCK, run_shared_table
from .table import DEFAULT_TRIALS_PER_TASK, run_table


def add_table(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser(
        "table",
        help="equity of every canonical starting hand against random opponents (Parquet)",
        description="Equity of every canonical starting hand (or the first --limit) against N "
                    "random opponents by seeded Monte Carlo, written to Parquet. Finished tasks "
                    "are kept in OUT.parts/ as they complete; --resume continues a killed run "
                    "and ends with the same file as an uninterrupted one. Runs in this process, "
                    "on a local Dask cluster (--workers) or on any Dask scheduler (--scheduler).",
    )
    p.add_argument("--game", choices=("hi", "hilo", "both"), default="hi",
                   help="game (both: one pass, one file per game; OUT must contain {game})")
    p.add_argument("--opponents", type=int, default=1, metavar="N", help="random opponents, 1..8")
    p.add_argument("--trials", type=int, required=True, metavar="T", help="trials per hand")
    p.add_argument("--seed", type=int, required=True, metavar="S", help="the job's seed")
    p.add_argument("--hole-cards", type=int, default=4, choices=(4, 5, 6), metavar="K",
                   help="cards per hand: 4, 5 or 6 (default 4)")
    p.add_argument("--limit", type=int, default=None, metavar="M",
                   help="only the first M canonical classes")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--scheduler", default=None, metavar="tcp://HOST:PORT",
                       help="a running Dask scheduler")
    where.add_argument("--workers", type=int, default=None, metavar="N",
                       help="a local Dask cluster of N worker processes")
    p.add_argument("--trials-per-task", type=int, default=None, metavar="T",
                   help="task size in trials (default 4,194,304; never changes a number)")
    p.add_argument("--method", choices=("per-hand", "shared"), default="per-hand",
                   help="per-hand: every class its own deals, seeded by its index (default); "
                        "shared: heads-up 4-card only, one stream of deals settles every class "
                        "it misses (--trials counts deals; each class gets about 45.6%%)")
    p.add_argument("--out", required=True, metavar="FILE.parquet", help="output file")
    p.add_argument("--resume", action="store_true", help="continue from FILE.parquet.parts")
    p.set_defaults(func=run_table_command)


def run_table_command(args: argparse.Namespace) -> int:
    """Run ``omaha-eval table``: progress on stderr, damaged parts reported by name, a line
    for what ``--resume`` reused, and a quiet Ctrl-C (the caller prints ``interrupted``)."""
    bar = TableProgress(sys.stderr)
    start = time.monotonic()
    try:
        with _warnings_as_lines(), quiet_interrupts():
            files = _run(args, bar)
    finally:
        bar.close()
    for game, path in files.items():
        print(f"{game}: {path}")
    print(f"wall time {time.monotonic() - start:.1f} s", file=sys.stderr)
    return 0


def _say(line: str) -> None:
    print(f"omaha-eval: {line}", file=sys.stderr, flush=True)


def _run(args: argparse.Namespace, bar: TableProgress) -> dict[str, Path]:
    if args.method == "shared":
        if args.opponents != 1 or args.hole_cards != 4:
            raise BulkError("--method shared is for 4-card hands against one opponent")
        per = (args.trials_per_task // SHARED_BLOCK if args.trials_per_task
               else DEFAULT_BLOCKS_PER_TASK)
        return run_shared_table(args.out, game=args.game, deals=args.trials, seed=args.seed,
                                limit=args.limit, scheduler=args.scheduler,
                                workers=args.workers, resume=args.resume,
                                blocks_per_task=max(1, per), progress=bar, status=_say)
    return run_table(args.out, game=args.game, opponents=args.opponents, trials=args.trials,
                     seed=args.seed, hole_cards=args.hole_cards, limit=args.limit,
                     scheduler=args.scheduler, workers=args.workers, resume=args.resume,
                     trials_per_task=args.trials_per_task or DEFAULT_TRIALS_PER_TASK,
                     progress=bar, status=_say)


@contextlib.contextmanager
def _warnings_as_lines() -> Iterator[None]:
    """Damaged-part warnings as one ``omaha-eval: warning: ...`` line each, at once."""
    def show(message: Warning | str, category: type[Warning], filename: str, lineno: int,
             file: TextIO | None = None, line: str | None = None) -> None:
        _say(f"warning: {message}")

    with warnings.catch_warnings():
        warnings.simplefilter("always", DamagedPartWarning)
        warnings.showwarning = show
        yield
