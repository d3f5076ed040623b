"""Board filters (``AA**@set``) in a query's ranges, resolved against its known board: checked
against the brute-force oracle (a set found from the rules) and against ``oe.classify``."""

from __future__ import annotations

import numpy as np
import pytest

import omaha_eval as oe
from oracle import Column, Spot, answer, has_set
from test_pql_oracle import _compare_exact

RIVER = "AsKd3c9h2s"
HERO = "QhJhTh9c"


def _oracle_sets(pair_rank: str, board: str, out: str) -> list:
    """Every hand with two or more cards of ``pair_rank`` (``AA**``) holding a set on the
    board, from the rules alone; none shares a card with ``out``."""
    import itertools

    import reference as ref

    taken = set(ref.cards(board)) | set(ref.cards(out))
    live = [c for c in range(52) if c not in taken]
    rank = ref.rank(ref.card(pair_rank + "c"))
    found = []
    for hand in itertools.combinations(live, 4):
        if sum(ref.rank(c) == rank for c in hand) >= 2 and has_set(hand, ref.cards(board)):
            found.append("".join(ref.card_text(c) for c in hand))
    return found


def test_a_filtered_player_equals_the_oracle() -> None:
    query = (f"select avg(riverEquity(villain)) as eq, count(winsHi(villain)) as w, "
             f"histogram(handType(villain, river)) as made from game='omahahi', hero='{HERO}', "
             f"villain='AA**@set', board='{RIVER}'")
    sets = _oracle_sets("A", RIVER, HERO)
    assert len(sets) > 100
    want = answer(Spot([[HERO], sets], board=RIVER),
                  {"eq": Column("avg", lambda d: d.riverEquity(1)),
                   "w": Column("count", lambda d: d.winsHi(1)),
                   "made": Column("histogram", lambda d: d.handType(1, "river"))})
    _compare_exact(oe.pql(query).to_dict(), want)


@pytest.mark.parametrize("game,hero,villain,board,filters", [
    ("omahahi", "2c2d3c3d", "AA**", "AsTs4s9h", ("set", "nfd", "toptwo+", "oesd", "n3")),
    ("omaha8", "KcKdQcQd", "A2**", "3h4d8sJs", ("nutlow", "low", "nfd", "wrap9+")),
])
def test_in_range_filters_match_classify(game, hero, villain, board, filters) -> None:
    """count(inRange(villain, 'R@f')) over every deal = the holdings classify passes, each
    counted once per completion of the board."""
    cols = ", ".join(f"count(inRange(villain, '{villain}@{f}')) as c{i}"
                     for i, f in enumerate(filters))
    r = oe.pql(f"select {cols} from game='{game}', hero='{hero}', villain='{villain}', "
               f"board='{board}'")
    assert r.exact
    holdings = oe.parse_range(villain).remove(oe.parse_cards(hero + board).tolist()).hands
    per_holding = r.trials // len(holdings)
    assert per_holding * len(holdings) == r.trials
    c = oe.classify(holdings, board, "hilo" if game == "omaha8" else "hi")
    from omaha_eval.board.names import DRAW, MADE

    rules = {"set": np.isin(c.made_code, [MADE["bottom set"], MADE["middle set"],
                                          MADE["top set"]]),
             "nfd": c.flush_draw == 1, "toptwo+": c.made_code >= MADE["top two"],
             "oesd": (c.draw_mask & (DRAW["open-ended"] | DRAW["wrap"])) != 0,
             "n3": c.nut_rank <= 3, "nutlow": c.nut_lo_rank == 1, "low": c.lo > 0,
             "wrap9+": (c.category < 4) & (c.straight_outs >= 9)}
    counts = [int(rules[f].sum()) * per_holding for f in filters]
    assert [r[f"c{i}"].count for i in range(len(filters))] == counts
    assert any(counts) and not all(n == r.trials for n in counts)


def test_filters_resolve_against_the_whole_known_board() -> None:
    """On a turn the filter sees all four cards: every set of kings on the flop is a full
    house once the turn pairs the board, and no longer passes '@set'."""
    flop = oe.pql("select count(inRange(villain, 'KK**@set')) as s from game='omahahi', "
                  "hero='AcAd2c2d', villain='KhKs**', board='Kd7c3h'", trials=200, seed=1)
    turn = oe.pql("select count(inRange(villain, 'KK**@set')) as s from game='omahahi', "
                  "hero='AcAd2c2d', villain='KhKs**', board='Kd7c3h7d'", trials=200, seed=1)
    assert flop["s"].count == 200 and turn["s"].count == 0


@pytest.mark.parametrize("query,where", [
    ("select count(winsHi(hero)) from game='omahahi', hero='AA**@set', villain='*'", 54),
    ("select count(winsHi(hero)) from game='omahahi', hero='AA**@nfd', villain='*', "
     "board=''", 54),
    ("select count(inRange(villain, 'KK**@set')) from game='omahahi', hero='AA**', "
     "villain='*'", 31),
])
def test_filters_without_a_known_flop_are_refused(query: str, where: int) -> None:
    with pytest.raises(oe.QueryError) as info:
        oe.pql(query, trials=10, seed=1)
    assert "need a known flop" in str(info.value)
    assert (info.value.line, info.value.column) == (1, where)
