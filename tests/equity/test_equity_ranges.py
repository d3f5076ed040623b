"""Players given as ranges: exact averages over holdings, sampling, card removal, errors."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

import reference as ref
from omaha_eval._equity import DEFAULT_TRIALS, equity
from omaha_eval.ranges import RangeError, parse_range
from test_equity_brute import brute_equity


def brute_range_equity(players, board, dead="", game="hi"):
    """Average of the brute-force equity over every collision-free holding combination,
    weighted by the product of the holdings' weights (every combination has the same number of
    boards, so each (combination, board) deal counts the same)."""
    board_ids, dead_ids = ref.cards(board), ref.cards(dead)
    known = set(board_ids) | set(dead_ids)
    options = []
    for p in players:
        r = parse_range(p)
        options.append([(tuple(h), Fraction(w).limit_denominator(1000))
                        for h, w in zip(r.hands.tolist(), r.weights.tolist())
                        if not known & set(h)])
    total = [Fraction(0)] * len(players)
    weight_sum = Fraction(0)

    def walk(p, chosen, used, weight):
        nonlocal weight_sum
        if p == len(players):
            res = brute_equity([h for h in chosen], board_ids, dead_ids, game)
            for i, e in enumerate(res.equity):
                total[i] += weight * e
            weight_sum += weight
            return
        for h, w in options[p]:
            if used & set(h):
                continue
            walk(p + 1, chosen + [h], used | set(h), weight * w)

    walk(0, [], set(), Fraction(1))
    return [t / weight_sum for t in total]


def test_exact_range_against_brute_force_turn():
    players = ["AhKh2c3d", "AKQJds", "9s9d8c7c"]
    board = "Td9h4h5s"
    got = equity(players, board, game="hilo")
    assert got.exact
    assert list(got.fractions()) == brute_range_equity(players, board, game="hilo")


def test_exact_two_ranges_against_brute_force_turn():
    players = ["AsAdKK", "QQJJ ds", "Th9h8c7c"]
    board = "2h3h4c5d"
    got = equity(players, board, "6s")
    assert got.exact
    assert list(got.fractions()) == brute_range_equity(players, board, "6s")


def test_exact_weighted_range_against_brute_force():
    players = ["AKQJds:0.25, AsAdKK", "Th9h8c7c"]
    board = "2h3h4c5d"
    got = equity(players, board, game="hilo")
    expected = brute_range_equity(players, board, game="hilo")
    assert got.exact
    assert got.equity == pytest.approx([float(e) for e in expected], abs=1e-12)
    with pytest.raises(ValueError):
        got.fractions()  # weighted: floats only


def test_fixed_hand_given_as_range_is_the_same_hand():
    a = equity(["AsKsQhJh", "2c2d7h8s"], "Td9h4h")
    b = equity([parse_range("As Ks Qh Jh"), "2c 2d 7h 8s"], "Td9h4h")
    assert a.fractions() == b.fractions()


@pytest.mark.parametrize("players, board, game", [
    (["AhKh2c3d", "AKQJds", "9s9d8c7c"], "Td9h4h", "hilo"),
    (["AsAdKK", "QQJJ ds, TT99", "Th9h8c7c"], "2h3h4c", "hi"),
    (["AKQJds:0.25, AsAdKK", "Th9h8c7c"], "2h3h4c5d", "hilo"),
])
def test_sampled_ranges_within_four_standard_errors(players, board, game):
    exact = equity(players, board, game=game)
    mc = equity(players, board, game=game, trials=100_000, seed=11)
    assert exact.exact and not mc.exact
    assert np.all(np.abs(mc.equity - exact.equity) <= 4 * mc.std_error + 1e-12)
    again = equity(players, board, game=game, trials=100_000, seed=11, workers=2)
    assert np.array_equal(again.equity, mc.equity)


def test_unaffordable_exact_falls_back_to_sampling():
    r = equity(["AsKsQhJh", "AA**"], seed=1)
    assert not r.exact and r.trials == DEFAULT_TRIALS and r.seed == 1
    assert r.equity.sum() == pytest.approx(1.0)


def test_random_range_preflop_sampled_reproducibly():
    a = equity(["AsKsQhJh", "random"], game="hilo", trials=40_000, seed=2)
    b = equity(["AsKsQhJh", "*"], game="hilo", trials=40_000, seed=2)
    assert np.array_equal(a.equity, b.equity)


def test_range_loses_holdings_to_known_cards():
    with pytest.raises(RangeError, match="player 1: range 'AsA\\*\\*' has no holding left"):
        equity(["AsAh2c3d", "AsA**"])


def test_ranges_that_always_collide():
    # refused at once from card counts, with the reason
    with pytest.raises(RangeError, match="players 0 and 1 both need the As"):
        equity(["AsAhKK", "AsAdQQ"], "2c3c4c5c")
    with pytest.raises(RangeError, match="players 0 and 1 need at least 5 aces between them; 4 "
                                         "are left"):
        equity(["AAA*", "AA**"], trials=1000, seed=1)


def test_bad_range_names_player_and_position():
    with pytest.raises(RangeError, match=r"player 1: bad range 'AAKy': .* at position 3"):
        equity(["AsKsQhJh", "AAKy"])
