"""The work a checked plan costs: what the engine weighs to enumerate or sample, how many trials
it samples by default, how big a block of deals is, and the preflop equities' budget.

Work is counted in units of about one evaluation (20 ns on the 2-core EPYC of 2026-12-02).
Equities are counted by street, not by call: ``HvHequity(hero, flop)`` and
``HvHequity(villain, flop)`` share one enumeration of the runouts.

Examples
--------
>>> from omaha_eval.query.check import plan_of
>>> from omaha_eval.query.cost import preflop_matchups, work_of
>>> from omaha_eval.query.syntax import parse
>>> p = plan_of(parse("select avg(HvHequity(hero, preflop)) from game='omahahi', "
...                   "hero='AsKsQhJh', villain='2c2d7h8s'"))
>>> preflop_matchups(p, 100_000), work_of(p)
(1, (4, 50000))
"""

from __future__ import annotations

from typing import Any, Dict, Iterator, Optional, Tuple

import numpy as np

from ..errors import QueryError
from .check import Func, Plan
from .functions import min_streets

__all__ = ["PREFLOP_COST", "PREFLOP_BUDGET", "BLOCK", "funcs", "work_of", "estimated_cost",
           "preflop_matchups", "check_preflop_budget", "preflop_stop", "block_size"]

PREFLOP_COST = 50_000
"""The work of one exact preflop equity (one matchup, every board): about 1 ms, measured
0.7 to 1.1 ms for 2 to 6 players of every variant on a loaded 2-core machine."""

PREFLOP_BUDGET = 1_000_000_000
"""The most preflop work a sampled query may need (about 20 s: 20,000 distinct matchups); above
it the query is refused before any work."""

BLOCK = 16384
"""The most deals evaluated at a time (a query stops, or reports progress, between blocks)."""

_BLOCK_WORK = 20_000_000  # a block of costly deals is cut to about this much work (0.4 s)
_EQUITY = ("HvHequity", "equity", "minHvHEquity")
# per deal (equities: per distinct matchup and board of the street)
_EQUITY_COST = {0: PREFLOP_COST, 3: 500, 4: 170, 5: 2}
_STREET_COST = {"nutHi": {3: 7_500, 4: 30_000, 5: 1_750}, "outsToHandType": {3: 30_000, 4: 150},
                "handType": {3: 150, 4: 600}}

Item = Tuple[str, Optional[int], Optional[int]]


def funcs(e: Any) -> Iterator[Func]:
    """Every function call inside a typed expression."""
    if isinstance(e, Func):
        yield e
    for child in getattr(e, "args", None) or ():
        yield from funcs(child)
    default = getattr(e, "default", None)
    if default is not None:
        yield from funcs(default)
    for cond, value in getattr(e, "whens", ()):
        yield from funcs(cond)
        yield from funcs(value)


def _items(plan: Plan) -> Dict[Item, Func]:
    """The distinct pieces of work of a plan, each with the first call that asks for it: an
    equity street ``("equity", None, street)`` or a call ``(name, player, street)``."""
    exprs = [c.expr for c in plan.columns] + ([plan.where] if plan.where is not None else [])
    items: Dict[Item, Func] = {}
    for e in exprs:
        for f in funcs(e):
            if f.name in _EQUITY or f.name == "riverEquity":
                street = 5 if f.street is None else f.street
                streets = min_streets(street) if f.name == "minHvHEquity" else (street,)
                for s in streets:
                    items.setdefault(("equity", None, s), f)
            else:
                items.setdefault((f.name, f.player, f.street), f)
    return items


def _cost(item: Item) -> int:
    name, _, street = item
    if name == "equity":
        return _EQUITY_COST[street or 0]
    return _STREET_COST.get(name, {}).get(street or 0, 2)


def _matchups(plan: Plan) -> Optional[int]:
    """Distinct tuples of the players' hands at most, or None with a random player."""
    ranges = plan.spot.ranges
    if any(r is None for r in ranges):
        return None
    return int(np.prod([len(r) for r in ranges if r is not None]))


def _once(plan: Plan, item: Item) -> Optional[int]:
    """How many times a piece of work on a known street is done in all (once per distinct hand,
    or hands, it depends on), or None when that is per deal (a random player's hand)."""
    name, player, _ = item
    if name == "equity":
        return _matchups(plan)
    if player is None:
        return 1
    r = plan.spot.ranges[player]
    return None if r is None else len(r)


def work_of(plan: Plan) -> Tuple[int, int]:
    """The work of enumerating the plan's deals: per deal, and once in all for the work of a
    known street (the same for every completion of the board; the preflop is always known)."""
    known = int(plan.spot.board.size)
    per_deal, once = 2 * len(plan.spot.names), 0
    for item in _items(plan):
        street = item[2]
        times = _once(plan, item) if street is not None and street <= known else None
        if times is None:
            per_deal += _cost(item)
        else:
            once += _cost(item) * times
    return per_deal, once


def preflop_matchups(plan: Plan, trials: int) -> int:
    """The distinct matchups whose preflop equities ``trials`` sampled deals need at most (0
    when the plan has no preflop equity)."""
    if ("equity", None, 0) not in _items(plan):
        return 0
    bound = _matchups(plan)
    return trials if bound is None else min(trials, bound)


def estimated_cost(plan: Plan, trials: int) -> int:
    """Work per sampled deal over ``trials`` deals (preflop equities: once per matchup)."""
    per_deal = 2 * len(plan.spot.names)
    for item in _items(plan):
        if item == ("equity", None, 0):
            per_deal += -(-PREFLOP_COST * preflop_matchups(plan, trials) // max(trials, 1))
        else:
            per_deal += _cost(item)
    return per_deal


def check_preflop_budget(plan: Plan, trials: int) -> None:
    """Refuses a sampled query whose preflop equities would need more than
    :data:`PREFLOP_BUDGET` (before any work).

    Raises
    ------
    QueryError
        Naming the first preflop equity call and its line and column.
    """
    n = preflop_matchups(plan, trials)
    if n * PREFLOP_COST <= PREFLOP_BUDGET:
        return
    f = _items(plan)[("equity", None, 0)]
    most = PREFLOP_BUDGET // PREFLOP_COST
    raise QueryError(f"{f.name}(..., preflop) needs an exact preflop equity for each of up to "
                     f"{n:,} distinct matchups (about {n * PREFLOP_COST * 20e-9:,.0f} s), above "
                     f"the budget of {most:,} per query: sample at most {most:,} trials, or give "
                     f"the players fewer hands", f.line, f.column)


def preflop_stop(plan: Plan) -> QueryError:
    """The error that stops a sampled query whose ``where`` let so few deals pass that its
    preflop equities went past twice :data:`PREFLOP_BUDGET` (the check before the work counts
    one matchup per trial)."""
    f = _items(plan)[("equity", None, 0)]
    most = 2 * PREFLOP_BUDGET // PREFLOP_COST
    return QueryError(f"{f.name}(..., preflop): the where clause held so rarely that the "
                      f"deals drawn needed more than {most:,} exact preflop equities; sample "
                      f"fewer trials or widen the where", f.line, f.column)


def block_size(plan: Plan, trials: int) -> int:
    """Deals per block when sampling: :data:`BLOCK`, fewer when each deal costs much (an exact
    preflop equity each), so a block takes well under a second."""
    return int(max(64, min(BLOCK, _BLOCK_WORK // estimated_cost(plan, trials))))
