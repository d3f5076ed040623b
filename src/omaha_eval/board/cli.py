"""``omaha-eval board HOLE|RANGE BOARD [--against RANGE] [--json] [--plot FILE.png]``.

One hand: every field of :func:`omaha_eval.classify` (and, with ``--against``, its exact
equity against that range).  A range: its breakdown by made-hand and draw group (with
``--against``, each group's equity); ``--plot`` draws the equity distribution (with
``--against``) or the made-hand shares (needs matplotlib: the plot extra).
"""

from __future__ import annotations

import argparse
import json
from typing import Any, Dict, List


def add_parser(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Registers the ``board`` subcommand.

    Parameters
    ----------
    subparsers : argparse._SubParsersAction
        The CLI's subcommands.
    """
    from ..variants import VARIANTS

    p = subparsers.add_parser(
        "board", help="what a hand or a range holds on a board: made hand, nut rank, outs, draws",
        description="Classify one hand (every field: nut rank, outs by category, nut outs, flush "
                    "draw, low) or break a range down by made-hand and draw group on a flop, turn "
                    "or river; with --against, exact equities against another range.")
    p.add_argument("hand", metavar="HOLE|RANGE", help="a hand (JhTs7d4c) or a range ('AA**,KK**ds')")
    p.add_argument("board", help="3, 4 or 5 board cards, e.g. 9h8s2d")
    p.add_argument("--against", metavar="RANGE", help="a range to compute exact equities against")
    p.add_argument("--game", choices=("hi", "hilo") + tuple(VARIANTS), default="hi", metavar="GAME",
                   help="hi, hilo or a variant (default: hi)")
    p.add_argument("--workers", type=int, default=1, metavar="N", help="threads (-1: all cores)")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.add_argument("--plot", metavar="FILE.png", help="write a chart (needs matplotlib)")
    p.set_defaults(func=run)


def _single_hand(text: str) -> bool:
    from ..cards import parse_cards
    from ..errors import CardError

    try:
        return len(parse_cards(text)) in (4, 5, 6)
    except CardError:
        return False


def _hand_text(row: Dict[str, Any]) -> List[str]:
    lines = [f"hand   {row['hand']}",
             f"made   {row['made']}  ({row['hi_text']}, score {row['hi']}, nut rank {row['nut_rank']})",
             f"outs   " + "  ".join(f"{n}:{v}" for n, v in zip(
                 ("any", "pair", "2pair", "trips", "straight", "flush", "full", "quads", "sf"),
                 row["outs"])),
             f"nuts   {row['nut_outs']} outs to the nuts, {row['straight_outs']} to a straight",
             f"draws  {', '.join(row['draws']) or 'none'}"]
    if row["lo"] or row["lo_outs"]:
        lines.append(f"low    {row['lo_text']} (nut low rank {row['nut_lo_rank']}), "
                     f"{row['lo_outs']} outs to a low, {row['nut_lo_outs']} to the nut low")
    return lines


def run(args: argparse.Namespace) -> int:
    """Runs the subcommand.

    Parameters
    ----------
    args : argparse.Namespace
        The parsed arguments.

    Returns
    -------
    int
        The exit status (0).
    """
    from .breakdown import breakdown
    from .distribution import equity_distribution
    from .fields import classify
    from .report import breakdown_dict, classify_rows

    out: Dict[str, Any]
    if _single_hand(args.hand):
        row = classify_rows(classify(args.hand, args.board, args.game, workers=args.workers))[0]
        out = {"board": args.board, "game": args.game, **row}
        if args.against:
            d = equity_distribution(args.hand, args.against, args.board, args.game,
                                    workers=args.workers)
            out["against"], out["equity"] = args.against, float(d.equity[0])
        text = _hand_text(row) + ([f"equity {out['equity']:.2%} against {args.against}"]
                                  if args.against else [])
    else:
        b = breakdown(args.hand, args.board, against=args.against, game=args.game,
                      workers=args.workers)
        out = breakdown_dict(b, args.against)
        text = [repr(b), b.table()]
        if args.against:
            text.append(f"range equity {b.equity:.2%} against {args.against}")
    if args.plot:
        _plot(args, out)
    print(json.dumps(out, indent=2) if args.json else "\n".join(text))
    return 0


def _plot(args: argparse.Namespace, out: Dict[str, Any]) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from .distribution import equity_distribution

    fig, ax = plt.subplots(figsize=(7, 4))
    if args.against:
        d = equity_distribution(args.hand, args.against, args.board, args.game, workers=args.workers)
        share, edges = d.histogram(20)
        ax.bar(edges[:-1], share, width=edges[1] - edges[0], align="edge", edgecolor="white")
        ax.set_xlabel(f"equity against {args.against}")
        ax.set_ylabel("share of the range")
        ax.set_title(f"{args.hand} on {args.board}: equity distribution (mean {d.mean:.1%})")
    else:
        groups = [g for g in out.get("groups", []) if g["kind"] == "made"]
        ax.barh([g["name"] for g in groups], [g["share"] for g in groups])
        ax.set_xlabel("share of the range")
        ax.set_title(f"{args.hand} on {args.board}: made hands")
    fig.tight_layout()
    fig.savefig(args.plot)
    plt.close(fig)
