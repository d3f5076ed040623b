"""Shared helpers of the table tests."""

from __future__ import annotations

from typing import Any, Tuple

from omaha_eval.game import GameConfig
from omaha_eval.game.seating import TableRules
from omaha_eval.game.table import Table


def passive(table: Table, seat: int, legal: Any) -> Tuple[Any, ...]:
    """Check when possible, else fold: the big blind (or a live poster) takes the pot."""
    return ("check",) if legal.can_check else ("fold",)


def calling(table: Table, seat: int, legal: Any) -> Tuple[Any, ...]:
    return ("check",) if legal.can_check else ("call",)


def fixed_table(rules: TableRules = TableRules(), *, game: str = "hi", seed: int = 1,
                button: int = 0, ante: int = 0) -> Table:
    return Table(GameConfig.fixed_limit(2, 4, game=game, ante=ante), rules, seed=seed, button=button)


def posts(plan: Any) -> list:
    """The plan's forced bets as sorted (seat, kind, amount) tuples."""
    return sorted((p.seat, p.kind, p.amount) for p in plan.posts)
