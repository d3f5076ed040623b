"""Chip arithmetic: uncalled bets, side pots, odd-chip splits (pure functions and whole hands)."""

from __future__ import annotations

from omaha_eval.game import DEAD, GameConfig, Hand, Post
from omaha_eval.game.pots import build_pots, left_of_button_order, split_evenly, split_hilo, uncalled_bet


def test_uncalled_bet():
    assert uncalled_bet([10, 30, 5]) == (1, 20)
    assert uncalled_bet([30, 30, 5]) is None
    assert uncalled_bet([0, 0, 0]) is None
    assert uncalled_bet([7]) == (0, 7)


def test_three_all_in_levels_with_folded_money():
    # A all in 10, B all in 30, C all in 60, D and E 100, F folded after putting in 20
    layered = [10, 30, 60, 100, 100, 20]
    folded = [False] * 5 + [True]
    pots = build_pots(layered, 0, folded)
    assert pots == [
        (60, (0, 1, 2, 3, 4)),       # 10 from each of the six
        (20 * 4 + 10, (1, 2, 3, 4)),  # 20 more from B..E, 10 from F
        (30 * 3, (2, 3, 4)),
        (40 * 2, (3, 4)),
    ]
    assert sum(a for a, _ in pots) == sum(layered)


def test_dead_money_goes_to_the_main_pot():
    pots = build_pots([10, 20, 20], 6, [False, False, False])
    assert pots == [(36, (0, 1, 2)), (20, (1, 2))]


def test_player_all_in_on_the_ante_plays_for_the_dead_money_only():
    pots = build_pots([0, 4, 4], 3, [False, False, False])
    assert pots == [(3, (0, 1, 2)), (8, (1, 2))]


def test_split_helpers():
    assert split_evenly(11, [4, 0, 2]) == [(4, 4), (0, 4), (2, 3)]
    assert split_evenly(10, [1, 2]) == [(1, 5), (2, 5)]
    assert split_hilo(7) == (4, 3)
    assert split_hilo(8) == (4, 4)
    assert left_of_button_order([0, 1, 2, 3], 1, 4) == [2, 3, 0, 1]


def test_side_pots_three_all_in_levels_in_a_hand():
    # ranked hands: player 0 (set of kings) > 1 (jacks) > 2 (nines) > 3 (sevens)
    holes = ["KdKh3c4c", "JhJd5c6c", "9c9d5d6d", "7h7c3h4h"]
    hand = Hand(GameConfig.no_limit(1, 2), [10, 20, 30, 100], hole_cards=holes, board="2c7d9hJsKc")
    hand.all_in()  # player 2 to 30
    hand.call()    # player 3
    hand.all_in()  # small blind, 10 (a call all in)
    hand.all_in()  # big blind, 20
    assert hand.is_over
    result = hand.result
    assert [(p.amount, p.eligible) for p in result.pots] == [(40, (0, 1, 2, 3)), (30, (1, 2, 3)), (20, (2, 3))]
    assert [p.winners for p in result.pots] == [{0: 40}, {1: 30}, {2: 20}]
    assert result.finishing_stacks == [40, 30, 20, 70]
    assert result.payoffs == [30, 10, -10, -30]


def test_uncalled_part_of_the_biggest_all_in_is_returned():
    holes = ["KdKh3c4c", "JhJd5c6c", "9c9d5d6d"]
    hand = Hand(GameConfig.no_limit(1, 2), [10, 20, 100], hole_cards=holes, board="2c7d9hJsKc")
    hand.all_in()  # player 2 to 100
    hand.call()    # 10 all in
    hand.call()    # 20 all in
    assert hand.result.returned == [(2, 80)]
    assert hand.result.finishing_stacks == [30, 20, 80]


def test_ante_all_in_without_and_with_trimming():
    holes = ["3d3s4d5s", "6c6h8c8d", "KdKh3c4c"]  # player 2 holds the best hand
    posts = [Post(i, "ante", 2) for i in range(3)] + [Post(0, "small_blind", 1), Post(1, "big_blind", 2)]
    for trimming, won in ((False, 5), (True, 3)):
        config = GameConfig.no_limit(1, 2, ante_trimming=trimming)
        hand = Hand(config, [100, 100, 1], posts=posts, hole_cards=holes, board="2c7d9hJsKc", button=2)
        while not hand.is_over:
            hand.call() if hand.legal_actions().can_call else hand.check()
        assert hand.result.winnings[2] == won
        assert sum(hand.stacks) == 201


def test_dead_blind_is_not_a_bet_but_stays_in_the_pot():
    posts = GameConfig.no_limit(1, 2).default_posts(3, 2) + [Post(2, DEAD, 1)]
    hand = Hand(GameConfig.no_limit(1, 2), [50, 50, 50], posts=posts, seed=5)
    assert hand.bets == (1, 2, 0) and hand.committed == (1, 2, 1)
    hand.fold()
    hand.fold()
    assert hand.result.finishing_stacks == [49, 52, 49]
