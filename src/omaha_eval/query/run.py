"""The engine: run a checked plan over deals, exactly or by seeded sampling, into a result.

Examples
--------
>>> from omaha_eval.query.run import pql
>>> r = pql("select count(winsHi(hero)) as w from game='omahahi', hero='AsAhKsKh', "
...         "villain='2c3d4h5s', board='QsJs9d8c'")
>>> r.exact, r.trials, r["w"].count
(True, 40, 40)
"""

from __future__ import annotations

import itertools
import math
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Callable, Dict, Iterator, List, Optional, Tuple

import numpy as np

from .._args import positive_int, seed as seed_value, workers as thread_count
from .check import Column, Plan, plan_of
from .cost import (BLOCK, PREFLOP_BUDGET, PREFLOP_COST, block_size, check_preflop_budget,
                   estimated_cost, preflop_stop, work_of)
from .deals import Batch, exact_batches, exact_size, sample
from .functions import Frame, Matchups
from .result import ColumnResult, PQLResult
from .syntax import parse
from .values import evaluate, labels, sort_labels

__all__ = ["pql", "compile_query", "EXACT_BUDGET", "EXACT_MAX_DEALS", "DEFAULT_TRIALS",
           "MIN_DEFAULT_TRIALS", "DEFAULT_WORK", "MAX_TRIALS", "exact_fits", "default_trials"]

EXACT_BUDGET = 30_000_000
"""Exact enumeration runs when deals x their estimated cost (about 20 ns units) fit this."""

EXACT_MAX_DEALS = 2_000_000
"""And when there are at most this many deals."""

DEFAULT_TRIALS = 100_000
"""Sampled deals when the space is too big to enumerate and no ``trials`` is given (fewer, down
to :data:`MIN_DEFAULT_TRIALS`, for queries whose functions cost more than
:data:`DEFAULT_WORK` units over that many deals)."""

MIN_DEFAULT_TRIALS = 10_000
"""The fewest trials a query samples by default."""

DEFAULT_WORK = 300_000_000
"""The work (about 20 ns units, so about 6 s) a default sample aims at."""

MAX_TRIALS = 10 ** 9
"""The most trials a query takes."""

_MAX_DRAWS_FACTOR = 1000  # sampling stops after trials * this many deals if `where` rarely holds


def compile_query(query: str) -> Plan:
    """Parses and checks ``query``: the :class:`~omaha_eval.query.check.Plan` the engine runs.

    Raises
    ------
    QueryError
        Every problem of the query, before any work, with its line and column.
    """
    return plan_of(parse(query))


@dataclass
class _Block:
    """The per-deal values of one block's deals that passed ``where``."""

    raw: int
    weight: Optional[np.ndarray]
    values: List[np.ndarray]


def _run_block(plan: Plan, batch: Batch, matchups: Matchups) -> _Block:
    frame = Frame(batch, plan.spot.variant.game, plan.spot.dead, matchups)
    if plan.where is not None:
        keep = evaluate(plan.where, frame)
        frame = frame.take(keep)
    values = [evaluate(c.expr, frame) for c in plan.columns]
    return _Block(len(batch), frame.batch.weight, values)


def _blocks(plan: Plan, batch: Batch, matchups: Matchups, size: int) -> List[_Block]:
    return [_run_block(plan, batch.take(slice(s, s + size)), matchups)
            for s in range(0, len(batch), size)]


def _exact_blocks(plan: Plan, progress: Progress = None) -> List[_Block]:
    total = exact_size(plan.spot, EXACT_MAX_DEALS) or 0
    out, done = [], 0
    matchups = Matchups()
    for batch in exact_batches(plan.spot):
        for s in range(0, len(batch), BLOCK):
            if progress is not None:
                progress(done, total)
            out.append(_run_block(plan, batch.take(slice(s, s + BLOCK)), matchups))
            done += min(BLOCK, len(batch) - s)
    return out


Progress = Optional[Callable[[int, int], None]]


class _Stream:
    """The blocks taken from the seeded stream of deals, until ``trials`` passed ``where``."""

    def __init__(self, trials: int, progress: Progress, most: int = BLOCK) -> None:
        self.trials, self.progress, self.most = trials, progress, most
        self.blocks: List[_Block] = []
        self.passed = self.drawn = 0

    @property
    def done(self) -> bool:
        return self.passed >= self.trials or self.drawn >= self.trials * _MAX_DRAWS_FACTOR

    def next_size(self) -> int:
        """Deals to evaluate next: about what the pass rate so far says is still needed (the
        numbers never depend on it: the same deals are taken whatever the block sizes)."""
        rate = self.passed / self.drawn if self.drawn else 1.0
        need = (self.trials - self.passed) / max(rate, 0.01)
        return int(min(self.most, max(min(256, self.most), math.ceil(need * 1.1) + 16)))

    def add(self, b: _Block) -> None:
        if self.done:
            return
        cut = _cut(b, self.trials - self.passed)
        self.blocks.append(cut)
        self.passed += len(cut.values[0])
        self.drawn += b.raw
        if self.progress is not None:
            self.progress(self.passed, self.trials)


def _sampled_blocks(plan: Plan, trials: int, seed: int, workers: int,
                    progress: Progress = None) -> List[_Block]:
    """Blocks of the seeded stream, in order, until ``trials`` deals passed ``where`` (the last
    block cut there). One thread evaluates each chunk only as far as needed; several threads
    evaluate whole chunks at once, or consecutive blocks when deals are costly. Either way the
    same deals are taken."""
    most = block_size(plan, trials)
    stream = _Stream(trials, progress, most)
    matchups = Matchups(2 * PREFLOP_BUDGET // PREFLOP_COST, lambda: preflop_stop(plan))
    if workers == 1:
        chunk = 0
        while not stream.done:
            batch = sample(plan.spot, seed, chunk)
            chunk += 1
            start = 0
            while start < len(batch) and not stream.done:
                size = stream.next_size()
                stream.add(_run_block(plan, batch.take(slice(start, start + size)), matchups))
                start += size
        return stream.blocks
    with ThreadPoolExecutor(workers) as pool:
        if most < BLOCK:
            pieces = _pieces(plan, seed, most)
            while not stream.done:
                group = list(itertools.islice(pieces, workers))
                for b in pool.map(lambda x: _run_block(plan, x, matchups), group):
                    stream.add(b)
            return stream.blocks
        chunk = 0
        while not stream.done:
            jobs = range(chunk, chunk + workers)
            chunk += workers
            for blocks in pool.map(lambda c: _blocks(plan, sample(plan.spot, seed, c), matchups,
                                                     BLOCK), jobs):
                for b in blocks:
                    stream.add(b)
    return stream.blocks


def _pieces(plan: Plan, seed: int, size: int) -> Iterator[Batch]:
    """The seeded stream of deals in blocks of ``size``, in order."""
    for chunk in itertools.count():
        batch = sample(plan.spot, seed, chunk)
        for s in range(0, len(batch), size):
            yield batch.take(slice(s, s + size))


def _cut(b: _Block, room: int) -> _Block:
    if b.values and len(b.values[0]) > room:
        return _Block(b.raw, None if b.weight is None else b.weight[:room],
                      [v[:room] for v in b.values])
    return b


def _column(col: Column, values: np.ndarray, weight: Optional[np.ndarray], exact: bool
            ) -> ColumnResult:
    n = int(values.shape[0])
    w = np.ones(n) if weight is None else weight
    total = float(w.sum())
    if n == 0 or total == 0:
        return ColumnResult(col.name, col.kind, 0.0, 0, None if exact else 0.0, {})
    # without weights the sums skip the product by ones (the same numbers, one pass less)
    if col.kind == "count" or (col.kind == "avg" and col.expr.type == "bool"):
        hits = values.astype(bool)
        count = int(hits.sum())
        p = (float(count) if weight is None else float(w[hits].sum())) / total
        return ColumnResult(col.name, col.kind, p, count if col.kind == "count" else n,
                            None if exact else _fraction_se(count, n), {})
    if col.kind == "avg":
        x = values.astype(np.float64)
        mean = float(x.sum() if weight is None else (w * x).sum()) / total
        se = None
        if not exact:
            var = float(((x - mean) ** 2).sum()) / max(n - 1, 1)
            se = math.sqrt(var / n)
        return ColumnResult(col.name, "avg", mean, n, se, {})
    return _histogram(col, values, w, total, exact)


def _fraction_se(hits: int, n: int) -> float:
    """The standard error of a sampled fraction, from (hits + 1) / (n + 2) so that a sample
    where the condition never (or always) held still reports its uncertainty."""
    p = (hits + 1) / (n + 2)
    return math.sqrt(p * (1 - p) / n)


def _histogram(col: Column, values: np.ndarray, w: np.ndarray, total: float, exact: bool
               ) -> ColumnResult:
    uniq, inverse = np.unique(values, return_inverse=True)
    sums = np.bincount(inverse.reshape(-1), weights=w, minlength=len(uniq))
    order = sort_labels(col.expr.type, uniq)
    names = labels(col.expr.type, uniq[order])
    bins: Dict[str, float] = {}
    for name, i in zip(names, order.tolist()):  # values that print alike share their bin
        bins[name] = bins.get(name, 0.0) + float(sums[i]) / total
    n = int(values.shape[0])
    se = None if exact else max(_fraction_se(round(f * n), n) for f in bins.values())
    return ColumnResult(col.name, "histogram", 1.0, n, se, bins)


def _result(plan: Plan, blocks: List[_Block], exact: bool, seed: Optional[int]) -> PQLResult:
    columns = []
    weights = [b.weight for b in blocks]
    weight = None if all(x is None for x in weights) else np.concatenate(
        [x if x is not None else np.ones(len(b.values[0])) for x, b in zip(weights, blocks)])
    trials = 0
    for j, col in enumerate(plan.columns):
        values = np.concatenate([b.values[j] for b in blocks]) if blocks else np.zeros(0)
        trials = int(values.shape[0])
        columns.append(_column(col, values, weight, exact))
    return PQLResult(trials, exact, seed, tuple(columns))


def _check_trials(trials: Any) -> Optional[int]:
    return None if trials is None else positive_int(trials, "trials", MAX_TRIALS)


def exact_fits(plan: Plan) -> bool:
    """True when the plan's deals fit the exact budget."""
    size = exact_size(plan.spot, EXACT_MAX_DEALS)
    if size is None:
        return False
    per_deal, once = work_of(plan)
    return size * per_deal + once <= EXACT_BUDGET


def default_trials(plan: Plan) -> int:
    """The trials a plan samples without ``trials=``: :data:`DEFAULT_TRIALS`, fewer (down to
    :data:`MIN_DEFAULT_TRIALS`) when that would be more than :data:`DEFAULT_WORK`."""
    return max(MIN_DEFAULT_TRIALS, min(DEFAULT_TRIALS,
                                       DEFAULT_WORK // estimated_cost(plan, DEFAULT_TRIALS)))


def pql(query: str, trials: Optional[int] = None, seed: Any = None, workers: int = 1, *,
        progress: Progress = None) -> PQLResult:
    """Runs a PQL query (see :mod:`omaha_eval.query` and the "Queries" guide).

    Parameters
    ----------
    query : str
        ``select AGG(expr) [as name], ... from game='...', PLAYER='range', ... [, board='...']
        [, dead='...'] [where condition]``.
    trials : int, optional
        Sample this many deals (that pass the ``where``). Without it the engine enumerates
        every deal when they fit its exact budget, and samples :data:`DEFAULT_TRIALS` if not
        (down to :data:`MIN_DEFAULT_TRIALS` for the costliest functions).
    seed : int or numpy.random.Generator, optional
        The seed of the sampled deals; a fresh one (reported in the result) when None.
    workers : int
        Threads for sampled chunks (-1: every core). The numbers never depend on it.
    progress : callable, optional
        Called as ``progress(done, total)`` between batches of deals (an exception it raises
        stops the work: the service's time limit uses it).

    Returns
    -------
    PQLResult
        ``to_dict()`` gives ``{"trials", "exact", "seed", "columns": {...}}``; printing it
        shows a table.

    Raises
    ------
    QueryError
        A bad query, with its line and column; a sampled query whose exact preflop equities
        would be above :data:`~omaha_eval.query.cost.PREFLOP_BUDGET` (before any work).
    ArgumentError
        A bad ``trials``, ``seed`` or ``workers``.

    Examples
    --------
    >>> import omaha_eval as oe
    >>> r = oe.pql("select avg(riverEquity(hero)) as eq from game='omahahi', "
    ...            "hero='AsKsQhJh', villain='2c2d7h8s', board='Ts9d4c'")
    >>> r.exact, r.trials, round(r["eq"].value, 4)
    (True, 820, 0.6049)
    >>> r = oe.pql("select count(winsHi(hero)) as w from game='omaha8', hero='A2**', "
    ...            "villain='*'", trials=2000, seed=1)
    >>> r.exact, r.trials, r.seed, r["w"].std_error is not None
    (False, 2000, 1, True)
    """
    plan = compile_query(query)
    n_trials = _check_trials(trials)
    w = thread_count(workers)
    if n_trials is None and exact_fits(plan):
        return _result(plan, _exact_blocks(plan, progress), True, None)
    s = seed_value(seed)
    if n_trials is None:
        n_trials = default_trials(plan)
    check_preflop_budget(plan, n_trials)
    blocks = _sampled_blocks(plan, n_trials, s, w, progress)
    return _result(plan, blocks, False, s)
