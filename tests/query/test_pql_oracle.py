"""oe.pql against the brute-force oracle (tests/query/oracle.py), column by column.

Exact answers must equal the oracle's to 1e-9 (and the counts and trials exactly); sampled
answers (``trials=`` forces sampling) must lie within five standard errors of the oracle's
exact value. Every query also runs through the CLI (``omaha-eval pql ... --json``).
"""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout
from typing import Dict, Optional

import pytest

import omaha_eval as oe
from omaha_eval.cli import main
from oracle import Column, Deal, Spot, answer

HERO_VS_TURN = "from game='omahahi', hero='AsKsQhJh', villain='9s9d8c7c', board='Ts8s2d3c'"
HILO_TURN = "from game='omaha8', hero='As2s3hKh', villain='KcKdQcJd', board='4s5d9cTh'"
FLOP_RANGE = ("from game='omahahi', hero='AhAdKcQc', villain='JsTs9h8h, 7d7c6s5s, KhKdQdJc', "
              "board='Ac7h2s'")
FLOP_3WAY = ("from game='omahahi', a='AhAdKcQc', b='JsTs9h8h', c='7d7c6s5s', board='Ac7h2s9c'")
DEAD = "2d2h2s3c3h3s4c4d4h5c5d5h5s6c6d6h6s7c7d7h"
RIVER_RANDOM = f"from game='omahahi', hero='AhKhQhJh', villain='*', board='Th9h2c3d4s', dead='{DEAD}'"
BIGO_TURN = "from game='omaha85', hero='As2s3hKhQd', villain='KcKdQcJd8s', board='4s5d9cTh'"

WEIGHTED = ("from game='omahahi', hero='AhAdKcQc', villain='JsTs9h8h:3, 7d7c6s5s, KhKdQdJc:0.5', "
            "board='Ac7h2s9c'")
PLO6_TURN = ("from game='omahahi6', hero='AsAhKsKhQdJd', villain='9s8s7d6d5c4c', "
             "board='Ts9h2d3c'")
O86_FLOP = "from game='omaha86', hero='As2s3hKhQdJd', villain='Ac4c5d6dTsTh', board='7s8d9c'"

SPOT_WEIGHTED = Spot([["AhAdKcQc"], ["JsTs9h8h:3", "7d7c6s5s", "KhKdQdJc:0.5"]],
                     board="Ac7h2s9c")
SPOT_PLO6 = Spot([["AsAhKsKhQdJd"], ["9s8s7d6d5c4c"]], board="Ts9h2d3c", hole=6)
SPOT_O86 = Spot([["As2s3hKhQdJd"], ["Ac4c5d6dTsTh"]], board="7s8d9c", hole=6, hilo=True)

SPOT_TURN = Spot([["AsKsQhJh"], ["9s9d8c7c"]], board="Ts8s2d3c")
SPOT_HILO = Spot([["As2s3hKh"], ["KcKdQcJd"]], board="4s5d9cTh", hilo=True)
SPOT_FLOP_RANGE = Spot([["AhAdKcQc"], ["JsTs9h8h", "7d7c6s5s", "KhKdQdJc"]], board="Ac7h2s")
SPOT_3WAY = Spot([["AhAdKcQc"], ["JsTs9h8h"], ["7d7c6s5s"]], board="Ac7h2s9c")
SPOT_RIVER_RANDOM = Spot([["AhKhQhJh"], None], board="Th9h2c3d4s", dead=DEAD)
SPOT_BIGO = Spot([["As2s3hKhQd"], ["KcKdQcJd8s"]], board="4s5d9cTh", hole=5, hilo=True)

CASES = [
    ("winsHi/tiesHi/equity on a turn",
     f"select count(winsHi(hero)) as w, count(tiesHi(hero)) as t, avg(riverEquity(hero)) as eq, "
     f"avg(HvHequity(villain, turn)) as veq {HERO_VS_TURN}",
     SPOT_TURN, {"w": Column("count", lambda d: d.winsHi(0)),
                 "t": Column("count", lambda d: d.tiesHi(0)),
                 "eq": Column("avg", lambda d: d.riverEquity(0)),
                 "veq": Column("avg", lambda d: d.HvHequity(1, "turn"))}, None),
    ("hand types and the river card",
     f"select histogram(handType(hero, river)) as ht, histogram(winningHandType()) as wt, "
     f"count(riverCard() = 'Js') as js, histogram(boardSuitCount(river)) as suits {HERO_VS_TURN}",
     SPOT_TURN, {"ht": Column("histogram", lambda d: d.handType(0, "river")),
                 "wt": Column("histogram", lambda d: d.winningHandType()),
                 "js": Column("count", lambda d: d.riverCard() == "Js"),
                 "suits": Column("histogram", lambda d: d.boardSuitCount("river"))}, None),
    ("nuts and outs on the turn",
     f"select count(nutHi(hero, river)) as nut, count(nutHi(villain, turn)) as vnut, "
     f"avg(outsToHandType(villain, turn, fullhouse)) as outs, "
     f"avg(outsToHandType(hero, turn, 'flush')) as flushouts {HERO_VS_TURN}",
     SPOT_TURN, {"nut": Column("count", lambda d: d.nutHi(0, "river")),
                 "vnut": Column("count", lambda d: d.nutHi(1, "turn")),
                 "outs": Column("avg", lambda d: d.outsToHandType(1, "turn", "fullhouse")),
                 "flushouts": Column("avg", lambda d: d.outsToHandType(0, "turn", "flush"))},
     None),
    ("hi-lo: lows, scoops, nut low",
     f"select count(winsLo(hero)) as wl, count(tiesLo(hero)) as tl, count(scoops(hero)) as sc, "
     f"count(scoops(villain)) as vsc, count(nutLo(hero, river)) as nl, "
     f"avg(riverEquity(hero)) as eq {HILO_TURN}",
     SPOT_HILO, {"wl": Column("count", lambda d: d.winsLo(0)),
                 "tl": Column("count", lambda d: d.tiesLo(0)),
                 "sc": Column("count", lambda d: d.scoops(0)),
                 "vsc": Column("count", lambda d: d.scoops(1)),
                 "nl": Column("count", lambda d: d.nutLo(0, "river")),
                 "eq": Column("avg", lambda d: d.riverEquity(0))}, None),
    ("hi-lo where: quartered when making the nut low",
     f"select count(tiesLo(hero)) as quartered, avg(riverEquity(hero)) as eq {HILO_TURN} "
     f"where nutLo(hero, river) and not (winsHi(hero) or tiesHi(hero))",
     SPOT_HILO, {"quartered": Column("count", lambda d: d.tiesLo(0)),
                 "eq": Column("avg", lambda d: d.riverEquity(0))},
     lambda d: d.nutLo(0, "river") and not (d.winsHi(0) or d.tiesHi(0))),
    ("a range on the flop: equity, suck-out and resuck",
     f"select count(HvHequity(villain, turn) > 0.5 and winsHi(hero)) as resuck, "
     f"avg(HvHequity(hero, flop)) as flopeq, count(inRange(villain, 'KK**')) as kings "
     f"{FLOP_RANGE} where HvHequity(hero, flop) > 0.5",
     SPOT_FLOP_RANGE, {"resuck": Column("count", lambda d: d.HvHequity(1, "turn") > 0.5
                                        and d.winsHi(0)),
                       "flopeq": Column("avg", lambda d: d.HvHequity(0, "flop")),
                       "kings": Column("count", lambda d: d.inRange(1, ["KhKdQdJc"]))},
     lambda d: d.HvHequity(0, "flop") > 0.5),
    ("flop functions: hand type, nuts, outs, min equity, suits",
     f"select histogram(handType(villain, turn)) as ht, count(nutHi(villain, flop)) as nut, "
     f"avg(outsToHandType(villain, flop, straight)) as outs, "
     f"avg(minHvHEquity(hero, river)) as mineq, avg(boardSuitCount(turn)) as suits "
     f"{FLOP_RANGE}",
     SPOT_FLOP_RANGE, {"ht": Column("histogram", lambda d: d.handType(1, "turn")),
                       "nut": Column("count", lambda d: d.nutHi(1, "flop")),
                       "outs": Column("avg", lambda d: d.outsToHandType(1, "flop", "straight")),
                       "mineq": Column("avg", lambda d: d.minHvHEquity(0, "river")),
                       "suits": Column("avg", lambda d: d.boardSuitCount("turn"))}, None),
    ("three players, arithmetic and case",
     f"select avg(riverEquity(a) - riverEquity(b) * 2) as diff, "
     f"histogram(case when winsHi(a) then 'a' when winsHi(b) then 'b' when winsHi(c) then 'c' "
     f"else 'split' end) as who, avg(case when scoops(c) then 1 else 0 end) as c_scoops, "
     f"count(turnCard() <> riverCard()) as always {FLOP_3WAY}",
     SPOT_3WAY, {"diff": Column("avg", lambda d: d.riverEquity(0) - 2 * d.riverEquity(1)),
                 "who": Column("histogram", lambda d: "a" if d.winsHi(0) else "b" if d.winsHi(1)
                               else "c" if d.winsHi(2) else "split"),
                 "c_scoops": Column("avg", lambda d: 1 if d.scoops(2) else 0),
                 "always": Column("count", lambda d: d.turnCard() != d.riverCard())}, None),
    ("a random villain on the river",
     f"select count(winsHi(hero)) as w, count(tiesHi(hero)) as t, "
     f"histogram(handType(villain, river)) as vt {RIVER_RANDOM}",
     SPOT_RIVER_RANDOM, {"w": Column("count", lambda d: d.winsHi(0)),
                         "t": Column("count", lambda d: d.tiesHi(0)),
                         "vt": Column("histogram", lambda d: d.handType(1, "river"))}, None),
    ("Big O on the turn",
     f"select avg(riverEquity(hero)) as eq, count(scoops(hero)) as sc, "
     f"count(nutLo(hero, turn)) as nlt, count(winsLo(villain)) as vl, "
     f"avg(HvHequity(villain, turn)) as veq {BIGO_TURN}",
     SPOT_BIGO, {"eq": Column("avg", lambda d: d.riverEquity(0)),
                 "sc": Column("count", lambda d: d.scoops(0)),
                 "nlt": Column("count", lambda d: d.nutLo(0, "turn")),
                 "vl": Column("count", lambda d: d.winsLo(1)),
                 "veq": Column("avg", lambda d: d.HvHequity(1, "turn"))}, None),
]


CASES += [
    ("weighted ranges on the turn",
     f"select count(winsHi(hero)) as w, avg(riverEquity(hero)) as eq, "
     f"histogram(handType(villain, river)) as vt {WEIGHTED}",
     SPOT_WEIGHTED, {"w": Column("count", lambda d: d.winsHi(0)),
                     "eq": Column("avg", lambda d: d.riverEquity(0)),
                     "vt": Column("histogram", lambda d: d.handType(1, "river"))}, None),
    ("6-card Omaha hi on the turn",
     f"select avg(riverEquity(villain)) as eq, histogram(handType(villain, turn)) as turn, "
     f"avg(HvHequity(hero, turn)) as heq, avg(minHvHEquity(villain, river)) as vmin, "
     f"count(nutHi(villain, river)) as nut, avg(outsToHandType(hero, turn, fullhouse)) as outs "
     f"{PLO6_TURN}",
     SPOT_PLO6, {"eq": Column("avg", lambda d: d.riverEquity(1)),
                 "heq": Column("avg", lambda d: d.HvHequity(0, "turn")),
                 "vmin": Column("avg", lambda d: d.minHvHEquity(1, "river")),
                 "turn": Column("histogram", lambda d: d.handType(1, "turn")),
                 "nut": Column("count", lambda d: d.nutHi(1, "river")),
                 "outs": Column("avg", lambda d: d.outsToHandType(0, "turn", "fullhouse"))},
     None),
    ("6-card Omaha 8 on the flop: flop hand types and nut lows",
     f"select histogram(handType(villain, flop)) as flop, count(nutLo(hero, flop)) as nlf, "
     f"count(nutLo(villain, turn)) as nlt, count(tiesLo(hero)) as tl {O86_FLOP} "
     f"where boardSuitCount(turn) >= 3",
     SPOT_O86, {"flop": Column("histogram", lambda d: d.handType(1, "flop")),
                "nlf": Column("count", lambda d: d.nutLo(0, "flop")),
                "nlt": Column("count", lambda d: d.nutLo(1, "turn")),
                "tl": Column("count", lambda d: d.tiesLo(0))},
     lambda d: d.boardSuitCount("turn") >= 3),
]



def _all_but(*texts: str) -> str:
    """Every card not named in ``texts`` (dead cards that leave the oracle a small deck)."""
    named = {t[i:i + 2] for t in texts for i in range(0, len(t), 2)}
    return "".join(r + s for r in "23456789TJQKA" for s in "cdhs" if r + s not in named)


# preflop equities: every board from a small live deck (the dead cards take the rest)
PRE_HANDS = ("AsKsQhJh", "2c2d7h8s")
PRE_DEAD = _all_but(*PRE_HANDS, "TcTd9d9h6h6s5s5c4c4d3h3s2hJc")      # 14 live: 2,002 boards
PRE_RANGE = ("KcKdQcJd", "4d5d6h7h", "Ac3c8d9s")
PRE_RANGE_DEAD = _all_but("As2s3hKh", *PRE_RANGE, "2c4s9d", "6c7s")  # 13 live preflop
BIGO_PRE = ("As2s3hKhQd", "KcKdQcJd8s")
BIGO_PRE_DEAD = _all_but(*BIGO_PRE, "TcTd9d9h6h6s5s5c4c4d3d2h")      # 12 live: 792 boards
PLO6_PRE = ("AsAhKsKhQdJd", "9s8s7d6d5c4c")
PLO6_PRE_DEAD = _all_but(*PLO6_PRE, "TcTd9d9h6h6s5s3c2c2d3d")        # 11 live: 462 boards

CASES += [
    ("preflop equities of fixed hands",
     f"select avg(HvHequity(hero, preflop)) as pre, avg(equity(villain, preflop)) as vpre, "
     f"avg(minHvHEquity(hero, preflop)) as mpre, avg(riverEquity(hero)) as eq, "
     f"count(HvHequity(hero, preflop) < 0.5 and winsHi(hero)) as upset "
     f"from game='omahahi', hero='{PRE_HANDS[0]}', villain='{PRE_HANDS[1]}', dead='{PRE_DEAD}'",
     Spot([[PRE_HANDS[0]], [PRE_HANDS[1]]], dead=PRE_DEAD),
     {"pre": Column("avg", lambda d: d.HvHequity(0, "preflop")),
      "vpre": Column("avg", lambda d: d.HvHequity(1, "preflop")),
      "mpre": Column("avg", lambda d: d.minHvHEquity(0, "preflop")),
      "eq": Column("avg", lambda d: d.riverEquity(0)),
      "upset": Column("count", lambda d: d.HvHequity(0, "preflop") < 0.5 and d.winsHi(0))},
     None),
    ("preflop equities of a tiny range, hi-lo, a known flop",
     f"select avg(HvHequity(villain, preflop)) as vpre, avg(riverEquity(hero)) as eq, "
     f"avg(minHvHEquity(hero, river)) as mineq, count(scoops(hero)) as sc, "
     f"histogram(HvHequity(hero, flop) > 0.5) as flopfav "
     f"from game='omaha8', hero='As2s3hKh', villain='{', '.join(PRE_RANGE)}', board='2c4s9d', "
     f"dead='{PRE_RANGE_DEAD}' where HvHequity(hero, preflop) > 0.6",
     Spot([["As2s3hKh"], list(PRE_RANGE)], board="2c4s9d", dead=PRE_RANGE_DEAD, hilo=True),
     {"vpre": Column("avg", lambda d: d.HvHequity(1, "preflop")),
      "eq": Column("avg", lambda d: d.riverEquity(0)),
      "mineq": Column("avg", lambda d: d.minHvHEquity(0, "river")),
      "sc": Column("count", lambda d: d.scoops(0)),
      "flopfav": Column("histogram", lambda d: d.HvHequity(0, "flop") > 0.5)},
     lambda d: d.HvHequity(0, "preflop") > 0.6),
    ("preflop equities in Big O",
     f"select avg(HvHequity(hero, preflop)) as pre, avg(minHvHEquity(villain, preflop)) as vpre, "
     f"count(winsLo(hero)) as lo from game='omaha85', hero='{BIGO_PRE[0]}', "
     f"villain='{BIGO_PRE[1]}', dead='{BIGO_PRE_DEAD}'",
     Spot([[BIGO_PRE[0]], [BIGO_PRE[1]]], dead=BIGO_PRE_DEAD, hole=5, hilo=True),
     {"pre": Column("avg", lambda d: d.HvHequity(0, "preflop")),
      "vpre": Column("avg", lambda d: d.minHvHEquity(1, "preflop")),
      "lo": Column("count", lambda d: d.winsLo(0))}, None),
    ("preflop equities in 6-card Omaha",
     f"select avg(equity(villain, preflop)) as vpre, avg(riverEquity(villain)) as eq "
     f"from game='omahahi6', hero='{PLO6_PRE[0]}', villain='{PLO6_PRE[1]}', "
     f"dead='{PLO6_PRE_DEAD}'",
     Spot([[PLO6_PRE[0]], [PLO6_PRE[1]]], dead=PLO6_PRE_DEAD, hole=6),
     {"vpre": Column("avg", lambda d: d.HvHequity(1, "preflop")),
      "eq": Column("avg", lambda d: d.riverEquity(1))}, None),
]


def _compare_exact(got: Dict, want) -> None:
    assert got["exact"] is True and got["seed"] is None
    assert got["trials"] == want.trials
    for name, expected in want.columns.items():
        col = got["columns"][name]
        assert col["std_error"] is None
        assert col["count"] == expected["count"], name
        if "bins" in expected:
            assert set(col["bins"]) == set(expected["bins"]), name
            for label, fraction in expected["bins"].items():
                assert col["bins"][label] == pytest.approx(fraction, abs=1e-9), (name, label)
        else:
            assert col["value"] == pytest.approx(expected["value"], abs=1e-9), name


@pytest.fixture(scope="module")
def oracle_answers():
    return {title: answer(spot, cols, where) for title, _, spot, cols, where in CASES}


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_exact_equals_oracle(case, oracle_answers) -> None:
    title, query, *_ = case
    _compare_exact(oe.pql(query).to_dict(), oracle_answers[title])


def _cli_json(argv) -> Dict:
    out = io.StringIO()
    with redirect_stdout(out):
        code = main(argv)
    assert code == 0
    return json.loads(out.getvalue())


@pytest.mark.parametrize("case", CASES[:4], ids=[c[0] for c in CASES[:4]])
def test_cli_exact_equals_oracle(case, oracle_answers) -> None:
    title, query, *_ = case
    _compare_exact(_cli_json(["pql", query, "--json"]), oracle_answers[title])


SAMPLED = [CASES[0], CASES[3], CASES[5], CASES[7], CASES[10], CASES[12], CASES[13], CASES[14]]


@pytest.mark.parametrize("case", SAMPLED, ids=[c[0] for c in SAMPLED])
def test_sampled_within_five_standard_errors(case, oracle_answers) -> None:
    title, query, *_ = case
    got = oe.pql(query, trials=4000, seed=7).to_dict()
    assert got["exact"] is False and got["seed"] == 7 and got["trials"] == 4000
    for name, expected in oracle_answers[title].columns.items():
        col = got["columns"][name]
        if "bins" in expected:
            for label, fraction in expected["bins"].items():
                se = (fraction * (1 - fraction) / 4000) ** 0.5
                assert abs(col["bins"].get(label, 0.0) - fraction) <= 5 * se + 1e-12
            continue
        assert col["std_error"] is not None
        # (+1e-9: a column constant over the deals has no spread, only rounding)
        assert abs(col["value"] - expected["value"]) <= 5 * col["std_error"] + 1e-9, name
        if col["kind"] == "count":
            assert col["count"] == round(col["value"] * got["trials"])


def test_same_seed_same_numbers_any_workers_and_cli() -> None:
    query = CASES[5][1]
    a = oe.pql(query, trials=3000, seed=11).to_dict()
    b = oe.pql(query, trials=3000, seed=11, workers=2).to_dict()
    c = _cli_json(["pql", query, "--trials", "3000", "--seed", "11", "--json"])
    assert a == b == c
    d = oe.pql(query, trials=3000, seed=12).to_dict()
    assert d != a


def test_where_fractions_are_over_the_deals_that_pass() -> None:
    r = oe.pql(f"select count(winsHi(hero)) as w {HERO_VS_TURN} where winsHi(hero)")
    assert r.exact and r["w"].value == 1.0 and r["w"].count == r.trials


def test_sampled_where_counts_passing_trials() -> None:
    r = oe.pql("select count(winsHi(hero)) as w from game='omahahi', hero='AA**', villain='*' "
               "where HvHequity(hero, flop) > 0.5", trials=500, seed=3)
    assert r.trials == 500 and not r.exact
    assert isinstance(r["w"].count, int) and 0 < r["w"].count < 500


def test_preflop_equity_once_per_distinct_matchup(monkeypatch) -> None:
    """A million deals of two fixed hands need one exact preflop equity; two holdings, two."""
    import omaha_eval.query.functions as functions

    rows = []
    real = functions.equity_batch

    def counted(holes, boards, *args, **kwargs):
        if boards.shape[1] == 0:
            rows.append(len(holes))
        return real(holes, boards, *args, **kwargs)

    monkeypatch.setattr(functions, "equity_batch", counted)
    r = oe.pql("select avg(HvHequity(hero, preflop)) as pre from game='omahahi', "
               "hero='AsKsQhJh', villain='2c2d7h8s'")
    assert r.exact and r.trials == 1_086_008 and sum(rows) == 1
    assert r["pre"].value == pytest.approx(oe.equity(["AsKsQhJh", "2c2d7h8s"]).equity[0],
                                           abs=1e-12)
    rows.clear()
    r = oe.pql("select avg(HvHequity(hero, preflop)) as pre from game='omahahi', "
               "hero='AsKsQhJh', villain='2c2d7h8s, 3c3d4h5s'", trials=3000, seed=2)
    assert not r.exact and sum(rows) == 2


def test_preflop_sampled_same_numbers_any_workers() -> None:
    query = ("select avg(HvHequity(hero, preflop)) as pre, count(winsHi(villain)) as w "
             "from game='omaha8', hero='A2**', villain='*' where HvHequity(hero, preflop) > 0.5")
    a = oe.pql(query, trials=150, seed=4).to_dict()
    assert a == oe.pql(query, trials=150, seed=4, workers=2).to_dict()
    assert a["trials"] == 150 and 0.5 < a["columns"]["pre"]["value"] < 1
