"""equity_distribution and breakdown against oe.equity on fixed hands (exact enumeration there)."""

from __future__ import annotations

import numpy as np
import pytest

import omaha_eval as oe
from omaha_eval.ranges import range_from_hands

HERO = ["AsKsQhJh", "AcAdTh9h", "7c6c5d4d"]
VILLAIN = ["2c2d7h8s", "KhKcQs3s", "JsTs9c8c", "AhAs5c2h"]


def _pairwise(board: str, game: str, weights: list) -> np.ndarray:
    out = []
    for g in HERO:
        num = den = 0.0
        for r, w in zip(VILLAIN, weights):
            if set(oe.parse_cards(g).tolist()) & set(oe.parse_cards(r).tolist()):
                continue
            num += w * float(oe.equity([g, r], board=board, game=game).equity[0])
            den += w
        out.append(num / den)
    return np.array(out)


@pytest.mark.parametrize("board", ["Td4c3d", "8h6h3c9d", "8h6h3c9dQd"])
@pytest.mark.parametrize("game", ["hi", "hilo"])
def test_each_combo_equals_pairwise_exact_equity(board: str, game: str) -> None:
    weights = [1.0, 0.5, 2.0, 0.25]
    villain = range_from_hands(oe.parse_cards("".join(VILLAIN)).reshape(-1, 4), weights)
    d = oe.equity_distribution(HERO, villain, board, game=game)
    order = [d.hands.tolist().index(sorted(oe.parse_cards(h).tolist())) for h in HERO]
    np.testing.assert_allclose(d.equity[order], _pairwise(board, game, weights), atol=1e-12)


@pytest.mark.parametrize("game", ["hi", "hilo"])
def test_range_equity_matches_exact_oe_equity(game: str) -> None:
    hero, villain = "AsAdJc9h", "KhKc**:0.5,QdQc**"
    r = oe.equity([hero, villain], board="Qs9s2h", game=game)
    assert r.exact
    d = oe.equity_distribution(hero, villain, "Qs9s2h", game=game)
    assert abs(d.mean - float(r.equity[0])) < 1e-9


def test_workers_do_not_change_results() -> None:
    a = oe.equity_distribution("AcAd**", "KhKs**", "Ts9d3c")
    b = oe.equity_distribution("AcAd**", "KhKs**", "Ts9d3c", workers=2)
    assert np.array_equal(a.equity, b.equity, equal_nan=True)


def test_histogram_and_percentiles() -> None:
    d = oe.equity_distribution("AcAd**", "KhKs**", "Ts9d3c")
    share, edges = d.histogram(10)
    assert len(share) == 10 and abs(share.sum() - 1) < 1e-12 and edges[0] == 0 and edges[-1] == 1
    p = d.percentiles([0, 50, 100])
    assert p[0] <= p[1] <= p[2]
    assert np.nanmin(d.equity) == p[0] and np.nanmax(d.equity) == p[2]


def test_breakdown_groups_add_up() -> None:
    b = oe.breakdown("AcAd**,KhKc**:0.5", "Ks9d3c", against="QhQs**")
    made = [r for r in b if r.kind == "made"]
    assert sum(r.combos for r in made) == b.combos
    assert abs(sum(r.share for r in made) - 1) < 1e-12
    d = oe.equity_distribution("AcAd**,KhKc**:0.5", "QhQs**", "Ks9d3c")
    w = d.weights * d.meets
    total = sum(r.equity * sum(w[oe.classify(d.hands, "Ks9d3c").made == r.name]) for r in made)
    assert abs(total / w.sum() - b.equity) < 1e-9
    assert repr(b).startswith("Breakdown(") and "Ks9d3c" in repr(b)
    assert b["top set"].combos > 0


def test_breakdown_without_against_has_no_equity() -> None:
    b = oe.breakdown("AA**", "Ks9d3c")
    assert all(np.isnan(r.equity) for r in b)
    assert b.to_dicts()[0]["equity"] is None


def test_empty_range_is_refused() -> None:
    with pytest.raises(oe.RangeError):
        oe.equity_distribution("AsAdAhAc", "KK**", "As9d3c")
