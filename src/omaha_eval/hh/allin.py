"""All-in equity report: for every replayed hand that went all in before the river with the
contenders' cards shown, each player's exact equity at the all-in (from the equity engine) in
each pot, the expected chips (equity times the pot after rake) and what they actually got.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from ..cards import format_cards
from .replay import Outcome


@dataclass
class AllInHand:
    hand_id: str
    file: str
    board: str
    pots: List[Dict[str, Any]] = field(default_factory=list)   # per pot: amount, equity, expected, actual
    expected: Dict[str, float] = field(default_factory=dict)
    actual: Dict[str, int] = field(default_factory=dict)
    skipped: str = ""


def all_in_report(outcome: Outcome) -> Optional[AllInHand]:
    """The all-in account of one replayed hand, or None when it did not go all in before the
    river. ``skipped`` says why a hand that did has no equities (cards not shown, a game the
    equity engine does not take yet)."""
    engine = outcome.engine
    if engine is None or engine.result is None or engine.all_in_board is None:
        return None
    from .. import equity
    board = engine.all_in_board
    names = outcome.players
    report = AllInHand(outcome.hand.hand_id, outcome.hand.file, format_cards(list(board)) if board else "")
    shown = engine.result.shown
    merged: Dict[int, List[Any]] = {}
    for pot in engine.result.pots:  # the runs of one pot are one pot for the equity
        entry = merged.setdefault(pot.index, [0, pot.eligible, {}])
        entry[0] += pot.amount
        for player, amount in pot.winners.items():
            entry[2][player] = entry[2].get(player, 0) + amount
    for index, (amount, eligible, won) in sorted(merged.items()):
        contenders = [p for p in eligible if p in shown]
        if len(eligible) > 1 and len(contenders) < len(eligible):
            report.skipped = "not every contender's cards were shown"
            return report
        if len(contenders) < 2:
            eq = {p: 1.0 for p in contenders}
        else:
            try:
                result = equity([format_cards(list(shown[p])) for p in contenders],
                                format_cards(list(board)) if board else "", game=engine.config.game)
            except Exception as exc:  # a game the equity engine does not take yet (5/6 cards)
                report.skipped = f"equity engine: {exc}"
                return report
            eq = dict(zip(contenders, result.equity.tolist()))
        pot_entry = {"pot": index, "amount": amount, "players": []}
        for p in contenders:
            expected = eq[p] * amount
            name = names[p]
            report.expected[name] = report.expected.get(name, 0.0) + expected
            report.actual[name] = report.actual.get(name, 0) + won.get(p, 0)
            pot_entry["players"].append({"name": name, "equity": eq[p], "expected": expected,
                                         "actual": won.get(p, 0)})
        report.pots.append(pot_entry)
    return report
