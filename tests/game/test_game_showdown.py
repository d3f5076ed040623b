"""Showdown: order, mucking, cards speak, hi-lo splits and odd chips (from seeds 000 and 004)."""

from __future__ import annotations

import pytest
from game_helpers import assert_refused

from omaha_eval.cards import format_cards
from omaha_eval.game import DEAD, GameConfig, Hand, Post
from omaha_eval.game import events as ev

NL = GameConfig.no_limit(1, 2)
NL8 = GameConfig.no_limit(1, 2, game="hilo")


def check_down(hand: Hand) -> None:
    while hand.phase == "betting":
        hand.call() if hand.legal_actions().can_call else hand.check()


def shows(hand: Hand):
    return [(e.kind, e.player) for e in hand.history if e.kind in (ev.SHOW, ev.MUCK)]


# three hands, ranked 0 > 1 > 2 on the board 2c7d9hJsKc
RANKED = ["KdKh3c4c", "JhJd5c6c", "9c9d5d6d"]
BOARD = "2c7d9hJsKc"


def test_last_river_aggressor_shows_first():
    hand = Hand(NL, [100] * 3, hole_cards=RANKED, board=BOARD, showdown="manual")
    while hand.street < 3:
        hand.call() if hand.legal_actions().can_call else hand.check()
    assert hand.actor == 0
    hand.check()
    hand.bet(10)  # player 1 bets the river
    hand.call()
    hand.call()
    assert hand.phase == "showdown" and hand.actor == 1
    legal = hand.legal_actions()
    assert legal.can_show and legal.can_muck and not legal.can_call
    hand.show()
    assert hand.actor == 2
    hand.muck()
    assert hand.actor == 0
    hand.show(cards="4cKh3cKd")  # any order
    assert shows(hand) == [(ev.SHOW, 1), (ev.MUCK, 2), (ev.SHOW, 0)]
    assert hand.result.mucked == [2]
    assert hand.result.shown == {1: hand.hole_cards(1), 0: hand.hole_cards(0)}


def test_without_a_river_bet_first_left_of_the_button_shows_first():
    hand = Hand(NL, [100] * 3, hole_cards=RANKED, board=BOARD, showdown="manual", button=0)
    hand.raise_to(6)  # an earlier aggressor does not count
    check_down(hand)
    assert hand.phase == "showdown" and hand.actor == 1


def test_all_in_before_the_river_uses_that_rounds_aggressor():
    hand = Hand(NL, [100] * 3, hole_cards=RANKED, board=BOARD, showdown="manual")
    hand.all_in()  # player 2
    hand.call()
    hand.call()
    assert hand.phase == "showdown" and len(hand.board) == 5
    assert hand.actor == 2


def test_muck_rules_in_manual_showdown():
    hand = Hand(NL, [100, 100], hole_cards=RANKED[:2], board=BOARD, showdown="manual")
    check_down(hand)
    first = hand.actor
    assert_refused(hand, hand.show, None, "AsAsAhAc", match="cannot show")
    assert_refused(hand, hand.show, None, "2s3s4s5s", match="holds")
    assert_refused(hand, hand.muck, 1 - first, match="turn to show or muck")
    assert_refused(hand, hand.call, match="betting is over")
    hand.muck()
    assert not hand.legal_actions().can_muck
    assert_refused(hand, hand.muck, match="cannot muck")
    hand.show()
    assert hand.result.winnings[1 - first] == 4


def test_auto_showdown_mucks_losing_hands_and_show_all_shows_everything():
    # button 2: player 0 shows first (best hand); 1 and 2 cannot beat it and muck
    hand = Hand(NL, [100] * 3, hole_cards=RANKED, board=BOARD)
    check_down(hand)
    assert shows(hand) == [(ev.SHOW, 0), (ev.MUCK, 1), (ev.MUCK, 2)]
    # reversed: each later hand is better, so everybody shows
    hand = Hand(NL, [100] * 3, hole_cards=RANKED[::-1], board=BOARD)
    check_down(hand)
    assert shows(hand) == [(ev.SHOW, 0), (ev.SHOW, 1), (ev.SHOW, 2)]
    hand = Hand(GameConfig.no_limit(1, 2, show_all=True), [100] * 3, hole_cards=RANKED, board=BOARD,
                showdown="manual")
    check_down(hand)
    assert hand.is_over and shows(hand) == [(ev.SHOW, 0), (ev.SHOW, 1), (ev.SHOW, 2)]


def test_cards_speak_with_description_and_cards_used():
    hand = Hand(NL, [100] * 3, hole_cards=RANKED, board=BOARD)
    check_down(hand)
    (award,) = hand.result.pots[0].awards
    assert award.player == 0 and award.half == "hi" and award.amount == 6
    assert award.description == "Three of a kind, kings, jack-nine kickers"
    assert sorted(format_cards(list(award.hole_cards))) == sorted("KdKh")
    assert set(award.board_cards) <= set(hand.board)
    assert hand.result.to_dict()["pots"][0]["awards"][0]["description"].startswith("Three of a kind")


# ---- hi-lo ----

QUARTER_HOLES = ["Ac2cQsQh", "Ad2d9c9s", "JcJdThTs"]  # A: best high and a wheel-less 8 low; B: same low
QUARTER_BOARD = "3c4d8hKsKd"


def _all_in_preflop(config, stacks, holes, board, **kwargs):
    hand = Hand(config, stacks, hole_cards=holes, board=board, **kwargs)
    while not hand.is_over:
        legal = hand.legal_actions()
        if legal.can_raise and legal.max_to == legal.all_in_to:
            hand.all_in()
        else:
            hand.call()
    return hand


def test_quartered_low():
    hand = _all_in_preflop(NL8, [100] * 3, QUARTER_HOLES, QUARTER_BOARD)
    (pot,) = hand.result.pots
    assert (pot.amount, pot.hi_amount, pot.lo_amount) == (300, 150, 150)
    assert pot.winners == {0: 225, 1: 75}
    halves = sorted((a.player, a.half, a.amount) for a in pot.awards)
    assert halves == [(0, "hi", 150), (0, "lo", 75), (1, "lo", 75)]
    lo = [a for a in pot.awards if a.half == "lo"][0]
    assert lo.description == "8-4-3-2-A"


def test_odd_chip_between_halves_goes_high():
    posts = NL8.default_posts(3, 2) + [Post(2, DEAD, 1)]
    hand = _all_in_preflop(NL8, [100, 100, 101], QUARTER_HOLES, QUARTER_BOARD, posts=posts)
    (pot,) = hand.result.pots
    assert (pot.amount, pot.hi_amount, pot.lo_amount) == (301, 151, 150)
    assert pot.winners == {0: 226, 1: 75}


@pytest.mark.parametrize("button, first", [(2, 0), (0, 1)])
def test_odd_chip_among_tied_lows_goes_left_of_the_button(button, first):
    posts = NL8.default_posts(3, button) + [Post(2, DEAD, 3)]
    hand = _all_in_preflop(NL8, [100, 100, 103], QUARTER_HOLES, QUARTER_BOARD, posts=posts, button=button)
    (pot,) = hand.result.pots
    assert (pot.amount, pot.hi_amount, pot.lo_amount) == (303, 152, 151)
    lows = {a.player: a.amount for a in pot.awards if a.half == "lo"}
    assert lows[first] == 76 and lows[1 - first] == 75


def test_no_qualifying_low_high_scoops():
    hand = _all_in_preflop(NL8, [100] * 3, QUARTER_HOLES, "3cQd6cKsKh")
    (pot,) = hand.result.pots
    assert pot.lo_amount == 0 and pot.hi_amount == 300
    assert pot.winners == {0: 300}
    assert [a.half for a in pot.awards] == ["hi"]


def test_low_counts_only_among_the_pots_own_contenders():
    # player 0 all in for 50 with the only low; the side pot between 1 and 2 has no low
    holes = ["Ah3h9cTc", "QcQhJdJh", "8c8d9d9s"]
    hand = _all_in_preflop(NL8, [50, 100, 100], holes, "2c5d7hKdKs")
    main, side = hand.result.pots
    assert (main.amount, main.eligible, side.amount, side.eligible) == (150, (0, 1, 2), 100, (1, 2))
    assert main.winners == {1: 75, 0: 75}
    assert side.lo_amount == 0 and side.winners == {1: 100}
    assert hand.result.finishing_stacks == [75, 175, 0]


@pytest.mark.parametrize("button, expected", [(2, [97, 102, 101]), (0, [96, 102, 102])])
def test_odd_chips_among_three_tied_highs(button, expected):
    # every hand makes the same ace-high straight; pot 11 split 4/4/3 from left of the button
    holes = ["JcTd3h4h", "JdTh5c6d", "JhTc8c9d"]
    posts = NL.default_posts(3, button) + [Post(0, DEAD, 5)]
    hand = Hand(NL, [100] * 3, posts=posts, button=button, hole_cards=holes, board="AcKdQh7s2c")
    check_down(hand)
    (pot,) = hand.result.pots
    assert pot.amount == 11
    shares = sorted(pot.winners.values(), reverse=True)
    assert shares == [4, 4, 3]
    left = [(button + k) % 3 for k in (1, 2, 3)]
    assert [pot.winners[p] for p in left] == [4, 4, 3]
    assert hand.result.finishing_stacks == expected
