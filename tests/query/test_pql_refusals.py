"""Malformed queries are refused before any work, with the problem and its line and column."""

from __future__ import annotations

import io
import subprocess
import sys
from contextlib import redirect_stderr

import pytest

import omaha_eval as oe
from omaha_eval.cli import main

F = "from game='omahahi', hero='AA**', villain='*'"

REFUSED = [
    (f"select avg(winsHi(hero)) > 'x' {F}", "cannot compare a number with a string", 1, 26),
    (f"select count(winsHi(hero) = 'x') {F}", "cannot compare a boolean with a string", 1, 27),
    (f"select count(foo(hero)) {F}", "unknown function 'foo'", 1, 14),
    (f"select count(winsHi(hero, flop)) {F}", "winsHi takes 1 argument, got 2", 1, 14),
    (f"select count(winsHi(bob)) {F}", "unknown name 'bob'", 1, 21),
    ("select count(winsHi(hero)) from game='omahahi', hero='AAKy', villain='*'",
     "unknown card or rank 'y' at position 3", 1, 54),
    ("select count(winsHi(hero)) from game='holdem', hero='AA', villain='*'",
     "unknown game 'holdem'", 1, 38),
    (f"select count(winsLo(hero)) {F}", "winsLo needs an 8-or-better game", 1, 14),
    (f"select count(riverEquity(hero)) {F}", "count needs a boolean, got a number", 1, 14),
    (f"select avg(handType(hero, flop)) {F}", "avg needs a number or a boolean", 1, 12),
    (f"select count(handType(hero, flop) >= 'flushy') {F}", "unknown hand type 'flushy'", 1, 38),
    (f"select count(nutHi(hero, preflop)) {F}", "not preflop", 1, 26),
    (f"select count(inRange(hero, 'QQ*')) {F}", "bad range 'QQ*'", 1, 28),
    (f"select winsHi(hero) {F}", "a select item must be count(...), avg(...) or histogram", 1, 8),
    (f"select count(winsHi(hero)) {F} where riverEquity(hero)", "where needs a boolean", 1, 80),
    ("select count(winsHi(hero)) from game='omahahi', hero='AA**'", "2 to 6 players", 1, 49),
    ("select count(winsHi(hero)) from game='omahahi', hero='AsAhKsKh', villain='AsQsQhJh'",
     "no holding of 'AsQsQhJh' is left", 1, 74),
    ("select count(winsHi(hero)) from game='omahahi', hero='AA**', villain='*', board='AsKd'",
     "a board has 0, 3, 4 or 5 cards", 1, 81),
    (f"select count(winsHi(hero)) as a, avg(riverEquity(hero)) as a {F}", "two columns", 1, 34),
    (f"select count(winsHi(hero)) {F} where", "the query ends too early", 1, 79),
    (f"select count(winsHi(hero) from game='omahahi'", "unexpected 'from'", 1, 27),
    ("select count(winsHi(hero))\nfrom game='omahahi', hero='AA**', villain='*'\nwhere x # 3",
     "unexpected character '#'", 3, 9),
    (f"select count(case when winsHi(hero) then 1 else 'x' end > 0) {F}",
     "branches of a case give different types", 1, 14),
    (f"select count(turnCard() = 'Zz') {F}", "unknown card 'Zz'", 1, 27),
    (f"select count(winsHi(hero) and 1) {F}", "and needs booleans", 1, 14),
    (f"select avg(count(winsHi(hero))) {F}", "count() is an aggregate", 1, 12),
    (f"select count(winsHi(hero)) {F}, villain='KK**'", "villain is bound twice", 1, 75),
    ("select count(winsHi(hero)) from game='omahahi', hero='AA**@set', villain='*'",
     "the board filters (@...) of 'AA**@set' need a known flop", 1, 54),
    (f"select count(inRange(villain, 'KK**@nfd')) {F}", "need a known flop", 1, 31),
]


@pytest.mark.parametrize("query,message,line,column", REFUSED, ids=[r[1] for r in REFUSED])
def test_refused_with_position(query: str, message: str, line: int, column: int) -> None:
    with pytest.raises(oe.QueryError) as info:
        oe.pql(query, trials=10, seed=1)
    err = info.value
    assert isinstance(err, ValueError) and isinstance(err, oe.OmahaEvalError)
    assert message in str(err)
    assert (err.line, err.column) == (line, column)
    assert str(err).endswith(f"at line {line}, column {column}")


@pytest.mark.parametrize("kwargs", [{"trials": 0}, {"trials": True}, {"trials": 1.5},
                                    {"seed": -1}, {"seed": "x"}, {"workers": 0}])
def test_bad_arguments(kwargs) -> None:
    with pytest.raises(oe.ArgumentError) as info:
        oe.pql(f"select count(winsHi(hero)) {F}", **{"trials": 10, **kwargs})
    assert str(info.value).startswith(next(iter(kwargs)))


def test_cli_bad_query_one_line_exit_2() -> None:
    err = io.StringIO()
    with redirect_stderr(err):
        code = main(["pql", f"select count(foo(hero)) {F}"])
    assert code == 2
    lines = err.getvalue().strip().split("\n")
    assert len(lines) == 1 and "unknown function 'foo' at line 1, column 14" in lines[0]


def test_cli_process_exit_status() -> None:
    proc = subprocess.run([sys.executable, "-m", "omaha_eval", "pql",
                           f"select count(winsHi(hero) > 1) {F}"], capture_output=True, text=True)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.count("\n") == 1 and "cannot compare a boolean with a number" in proc.stderr


def test_query_length_limit() -> None:
    from omaha_eval.query.syntax import MAX_QUERY

    with pytest.raises(oe.QueryError, match="above the limit"):
        oe.pql("select " + " " * MAX_QUERY + f"count(winsHi(hero)) {F}")


def test_deep_nesting_is_refused_not_a_recursion_error() -> None:
    from omaha_eval.query.syntax import MAX_DEPTH

    ok = "select count(" + "not " * (MAX_DEPTH - 4) + f"winsHi(hero)) {F}"
    assert oe.pql(ok, trials=10, seed=1).trials == 10
    for deep in ("select count(" + "not " * 2000 + f"winsHi(hero)) {F}",
                 "select avg(" + "1 + " * 2000 + f"1) {F}"):
        with pytest.raises(oe.QueryError, match="nests deeper"):
            oe.pql(deep, trials=10, seed=1)


def test_preflop_equities_above_the_budget_are_refused_before_any_work(monkeypatch) -> None:
    from omaha_eval.query.cost import PREFLOP_BUDGET, PREFLOP_COST
    from omaha_eval.query.functions import Matchups

    def no_work(*args, **kwargs):
        raise AssertionError("a preflop equity was computed")

    monkeypatch.setattr(Matchups, "equities", no_work)
    most = PREFLOP_BUDGET // PREFLOP_COST
    query = f"select count(winsHi(hero)) {F} where minHvHEquity(villain, preflop) < 0.4"
    with pytest.raises(oe.QueryError) as info:
        oe.pql(query, trials=most + 1, seed=1)
    assert f"minHvHEquity(..., preflop) needs an exact preflop equity for each of up to " \
           f"{most + 1:,} distinct matchups" in str(info.value)
    assert f"sample at most {most:,} trials" in str(info.value)
    assert (info.value.line, info.value.column) == (1, 80)


def test_preflop_work_counts_distinct_matchups() -> None:
    from omaha_eval.query.cost import PREFLOP_BUDGET, PREFLOP_COST, check_preflop_budget, \
        preflop_matchups
    from omaha_eval.query.run import compile_query, default_trials

    pre = "select avg(HvHequity(hero, preflop)) from game='omahahi', "
    random = compile_query(pre + "hero='AA**', villain='*'")
    n = default_trials(random)   # a default sample fits the budget
    assert preflop_matchups(random, n) == n and n * PREFLOP_COST <= PREFLOP_BUDGET
    check_preflop_budget(random, n)
    fixed = compile_query(pre + "hero='AsAhKsKh', villain='QcQdJcJd'")
    tiny = compile_query(pre + "hero='AsAhKsKh', villain='QcQdJcJd, 7h8h9sTs'")
    for plan, matchups in ((fixed, 1), (tiny, 2)):
        assert preflop_matchups(plan, 10 ** 9) == matchups
        check_preflop_budget(plan, 10 ** 9)
    flop = compile_query("select avg(HvHequity(hero, flop)) from game='omahahi', hero='AA**', "
                         "villain='*'")
    assert preflop_matchups(flop, 10 ** 9) == 0


def test_a_rare_where_stops_the_preflop_work(monkeypatch) -> None:
    """The check before the work counts one matchup per trial; a where that almost never holds
    draws many more deals, and the engine stops once their preflop equities would pass twice
    the budget (here made small), with the call's position, before computing past it."""
    import omaha_eval.query.functions as functions
    import omaha_eval.query.run as run

    rows = []
    real = functions.equity_batch
    monkeypatch.setattr(functions, "equity_batch",
                        lambda h, b, *a, **k: rows.append(len(h)) or real(h, b, *a, **k))
    monkeypatch.setattr(run, "PREFLOP_BUDGET", 300 * run.PREFLOP_COST)
    query = f"select count(winsHi(hero)) {F} where HvHequity(hero, preflop) > 0.99"
    with pytest.raises(oe.QueryError) as info:
        oe.pql(query, trials=20, seed=1)
    assert "the where clause held so rarely" in str(info.value)
    assert (info.value.line, info.value.column) == (1, 80)
    assert 0 < sum(rows) <= 600
