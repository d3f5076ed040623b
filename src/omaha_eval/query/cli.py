"""``omaha-eval pql "QUERY" [--trials N] [--seed S] [--workers W] [--json]``: run one query.

A bad query prints one line (the problem and its line and column) on stderr and exits with
status 2; the numbers are those of :func:`omaha_eval.pql` with the same arguments.
"""

from __future__ import annotations

import argparse
import json
import sys

__all__ = ["add_parser", "run"]


def add_parser(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Registers the ``pql`` subcommand."""
    p = subparsers.add_parser(
        "pql", help="answer a PQL query (select ... from game=..., hero=..., ... where ...)",
        description="Run a Poker Query Language query: exact when the deals fit the exact "
                    "budget, sampled otherwise (or with --trials). Example: omaha-eval pql "
                    "\"select avg(riverEquity(hero)) from game='omahahi', hero='AA**', "
                    "villain='*'\" --trials 100000 --seed 1")
    p.add_argument("query", help="the query text")
    p.add_argument("--trials", type=int, default=None, help="sample N deals (forces sampling)")
    p.add_argument("--seed", type=int, default=None, help="seed of the sampled deals")
    p.add_argument("--workers", type=int, default=1, help="threads (-1: every core)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Runs the query of ``args`` and prints the table or the JSON; a bad query raises
    :class:`~omaha_eval.QueryError`, which the command line prints as one line (status 2)."""
    from .run import pql

    result = pql(args.query, trials=args.trials, seed=args.seed, workers=args.workers)
    if args.json:
        json.dump(result.to_dict(), sys.stdout)
        sys.stdout.write("\n")
    else:
        print(result)
    return 0
