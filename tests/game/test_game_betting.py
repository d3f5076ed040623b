"""Betting rules, written from the rules (issue 4, seed 000): order, limits, caps, short all-ins,
forced bets, uncalled bets, errors."""

from __future__ import annotations

import pytest
from game_helpers import assert_refused

from omaha_eval.game import (DEAD, KILL, LIVE, FixedLimit, GameConfig, Hand, HandSetupError,
                             IllegalActionError, Post)
from omaha_eval.game import events as ev

NL = GameConfig.no_limit(1, 2)
PL = GameConfig.pot_limit(1, 2)
FL = GameConfig.fixed_limit(2, 4)  # blinds 1/2, small bet 2, big bet 4


def call_around(hand: Hand) -> None:
    """Everyone calls or checks until the street changes."""
    street = hand.street
    while not hand.is_over and hand.street == street:
        if hand.legal_actions().can_call:
            hand.call()
        else:
            hand.check()


# ---- order of play ----

def test_heads_up_button_posts_small_blind_acts_first_preflop_last_after():
    hand = Hand(NL, [100, 100])  # button = player 1
    assert hand.button == 1
    assert hand.bets == (2, 1)  # player 0 big blind, the button small blind
    assert hand.actor == 1
    hand.call()
    assert hand.actor == 0  # the big blind's option
    legal = hand.legal_actions()
    assert legal.can_check and legal.can_raise and not legal.can_fold
    hand.check()
    assert hand.street == 1 and hand.actor == 0  # the big blind acts first after the flop
    hand.check()
    assert hand.actor == 1


def test_heads_up_with_button_zero():
    hand = Hand(NL, [100, 100], button=0)
    assert hand.bets == (1, 2) and hand.actor == 0


def test_four_handed_order_and_big_blind_option():
    hand = Hand(NL, [100] * 4)  # button 3, small blind 0, big blind 1
    assert hand.bets == (1, 2, 0, 0)
    assert hand.actor == 2  # left of the big blind
    hand.call()
    hand.call()
    hand.call()  # small blind completes
    assert hand.actor == 1 and hand.legal_actions().can_check
    hand.check()
    assert hand.street == 1 and hand.actor == 0  # first left of the button


def test_postflop_skips_folded_small_blind():
    hand = Hand(NL, [100] * 4)
    hand.call()
    hand.call()
    hand.fold()  # small blind
    hand.check()
    assert hand.street == 1 and hand.actor == 1


def test_preflop_fold_to_big_blind_ends_hand_and_returns_uncalled():
    hand = Hand(NL, [100] * 3)
    hand.fold()
    hand.fold()
    assert hand.is_over
    assert hand.stacks == (99, 101, 100)
    assert hand.result.returned == [(1, 1)]  # the big blind's unmatched second chip


# ---- limits ----

def test_pot_limit_maximum_heads_up_message():
    hand = Hand(PL, [100, 100])
    legal = hand.legal_actions()
    assert (legal.min_to, legal.max_to) == (4, 6)  # pot 3 + call 1 on top of the 2 to match
    assert_refused(hand, hand.raise_to, 7, match="raise to 7 is above the pot-limit maximum 6")
    hand.raise_to(6)
    legal = hand.legal_actions()
    # big blind: pot 8, call 4, raise to 6 + 8 + 4
    assert (legal.min_to, legal.max_to) == (10, 18)


def test_pot_limit_three_handed_and_postflop_pot_bet():
    hand = Hand(PL, [1000] * 3)
    assert hand.legal_actions().max_to == 7
    hand.raise_to(7)
    legal = hand.legal_actions()  # small blind: pot 10, owes 6
    assert (legal.min_to, legal.max_to) == (12, 23)
    hand.call()
    hand.call()
    assert hand.street == 1 and hand.pot == 21
    legal = hand.legal_actions()
    assert legal.can_bet and (legal.min_to, legal.max_to) == (2, 21)
    assert_refused(hand, hand.bet, 22, match="above the pot-limit maximum 21")
    hand.bet(21)


def test_pot_limit_counts_antes_and_dead_money_in_the_pot():
    config = GameConfig.pot_limit(1, 2, ante=1)
    hand = Hand(config, [100] * 3, posts=config.default_posts(3, 2) + [Post(2, DEAD, 1)])
    # pot: antes 3 + blinds 3 + dead 1 = 7; raise to 2 + 7 + 2
    assert hand.pot == 7
    assert hand.legal_actions().max_to == 11


def test_no_limit_minimums_and_late_min_bet():
    config = GameConfig.no_limit(1, 2, late_min_bet=4)
    hand = Hand(config, [500] * 3)
    assert hand.legal_actions().min_to == 4
    assert hand.legal_actions().max_to == 500
    call_around(hand)
    assert hand.legal_actions().min_to == 2
    hand.bet(5)
    assert hand.legal_actions().min_to == 10  # previous raise 5
    hand.raise_to(17)  # raise by 12
    assert hand.legal_actions().min_to == 29
    assert_refused(hand, hand.raise_to, 28, match="below the no-limit minimum 29")
    hand.call()
    hand.call()
    assert hand.street == 2 and hand.legal_actions().min_to == 4  # the bigger bet on the turn


def test_spread_limit_bounds():
    config = GameConfig.spread_limit(2, 10)
    hand = Hand(config, [500] * 3)
    legal = hand.legal_actions()
    assert (legal.min_to, legal.max_to) == (4, 12)
    hand.raise_to(9)  # a raise of 7
    legal = hand.legal_actions()
    assert (legal.min_to, legal.max_to) == (16, 19)
    assert_refused(hand, hand.raise_to, 15, match="below the spread-limit minimum 16")
    assert_refused(hand, hand.raise_to, 20, match="above the spread-limit maximum 19")
    hand.call()
    hand.call()
    legal = hand.legal_actions()
    assert (legal.min_to, legal.max_to) == (2, 10)


def test_fixed_limit_amounts():
    hand = Hand(FL, [500] * 3)
    legal = hand.legal_actions()
    assert (legal.min_to, legal.max_to) == (4, 4)
    assert_refused(hand, hand.raise_to, 5, match="above the fixed-limit maximum 4")
    assert_refused(hand, hand.raise_to, 3, match="below the fixed-limit minimum 4")
    call_around(hand)
    call_around(hand)
    assert hand.street == 2
    legal = hand.legal_actions()
    assert (legal.min_to, legal.max_to) == (4, 4)  # the big bet on the turn
    hand.bet(4)
    assert hand.legal_actions().min_to == 8


# ---- raise caps ----

def test_fixed_limit_cap_preflop_counts_the_big_blind_as_the_bet():
    hand = Hand(FL, [500] * 4)
    hand.raise_to(4)
    hand.raise_to(6)
    hand.raise_to(8)  # the third raise
    legal = hand.legal_actions()
    assert legal.player == 1 and not legal.can_raise and legal.can_call
    assert "capped" in legal.raise_reason
    assert_refused(hand, hand.raise_to, 10, match="capped: a bet and 3 raises")
    hand.call()
    assert not hand.legal_actions().can_raise


def test_fixed_limit_cap_postflop_bet_and_three_raises():
    hand = Hand(FL, [500] * 4)
    call_around(hand)
    hand.bet(2)
    hand.raise_to(4)
    hand.raise_to(6)
    hand.raise_to(8)
    assert not hand.legal_actions().can_raise
    assert_refused(hand, hand.raise_to, 10, match="capped")


def test_fixed_limit_heads_up_unlimited_by_default():
    hand = Hand(FL, [500, 500])
    for to in range(4, 30, 2):
        hand.raise_to(to)
    assert hand.legal_actions().can_raise


def test_fixed_limit_heads_up_cap_configurable():
    config = GameConfig.fixed_limit(2, 4, heads_up_max_raises=5)
    hand = Hand(config, [500, 500])
    for to in (4, 6, 8, 10, 12):
        hand.raise_to(to)
    assert_refused(hand, hand.raise_to, 14, match="a bet and 5 raises")
    no_exception = GameConfig.fixed_limit(2, 4, heads_up_max_raises=3)
    hand = Hand(no_exception, [500, 500])
    for to in (4, 6, 8):
        hand.raise_to(to)
    assert not hand.legal_actions().can_raise


def test_heads_up_exception_applies_once_the_hand_is_down_to_two():
    hand = Hand(FL, [500] * 3)
    hand.fold()  # the button; two players left
    for to in (4, 6, 8, 10, 12):
        hand.raise_to(to)
    assert hand.legal_actions().can_raise


def test_no_cap_in_pot_limit_by_default_and_configurable():
    hand = Hand(PL, [10**6] * 3)
    for _ in range(6):
        hand.raise_to(hand.legal_actions().min_to)
    assert hand.legal_actions().can_raise
    capped = Hand(GameConfig.pot_limit(1, 2, max_raises=3), [10**6] * 3)
    for _ in range(3):
        capped.raise_to(capped.legal_actions().min_to)
    assert not capped.legal_actions().can_raise


# ---- short all-ins ----

def _nl_flop(stacks):
    hand = Hand(NL, stacks)
    call_around(hand)
    assert hand.street == 1 and hand.actor == 0
    return hand


def test_short_all_in_does_not_reopen_for_players_who_acted():
    hand = _nl_flop([100, 100, 17, 100])  # player 2 has 15 left on the flop
    hand.bet(10)
    hand.call()
    hand.all_in()  # to 15: a raise of 5, less than the full 10
    assert hand.history[-1].kind == ev.RAISE and hand.history[-1].to == 15
    legal = hand.legal_actions()
    assert legal.player == 3 and legal.can_raise and legal.min_to == 25  # not acted yet: may raise
    hand.call()
    legal = hand.legal_actions()
    assert legal.player == 0 and not legal.can_raise and legal.can_call
    assert "not reopened" in legal.raise_reason
    assert_refused(hand, hand.raise_to, 25, match="not reopened")
    hand.call()
    assert hand.actor == 1 and not hand.legal_actions().can_raise
    hand.call()
    assert hand.street == 2


def test_short_all_ins_that_add_up_to_a_full_raise_reopen():
    hand = _nl_flop([100, 100, 17, 22])  # 15 and 20 left
    hand.bet(10)
    hand.call()
    hand.all_in()  # 15
    hand.all_in()  # 20: short again, but 10 over the 10 that player 0 faced
    legal = hand.legal_actions()
    assert legal.player == 0 and legal.can_raise and legal.min_to == 30


def test_full_raise_after_short_all_in_reopens():
    hand = _nl_flop([100, 100, 17, 100])
    hand.bet(10)
    hand.call()
    hand.all_in()  # 15
    hand.raise_to(25)
    assert hand.legal_actions().can_raise  # player 0 faces a full raise


def test_fixed_limit_half_bet_all_in_counts_as_a_raise():
    config = GameConfig.fixed_limit(10, 20)
    hand = Hand(config, [200, 200, 25, 200])  # player 2: 15 behind on the flop
    call_around(hand)
    hand.bet(10)
    hand.call()
    hand.all_in()  # to 15: half a bet
    hand.call()
    legal = hand.legal_actions()
    assert legal.player == 0 and legal.can_raise and legal.min_to == legal.max_to == 25


def test_fixed_limit_half_bet_rule_can_be_turned_off():
    config = GameConfig.fixed_limit(10, 20, half_bet_reopens=False)
    hand = Hand(config, [200, 200, 25, 200])
    call_around(hand)
    hand.bet(10)
    hand.call()
    hand.all_in()
    assert hand.legal_actions().can_raise  # player 3 has not acted
    hand.call()
    assert not hand.legal_actions().can_raise


def test_fixed_limit_all_in_under_half_a_bet():
    config = GameConfig.fixed_limit(10, 20)
    hand = Hand(config, [200, 200, 24, 200])  # 14 behind on the flop
    call_around(hand)
    hand.bet(10)
    hand.call()
    hand.all_in()  # to 14
    legal = hand.legal_actions()
    assert legal.player == 3 and legal.can_raise and legal.min_to == 24
    hand.call()
    assert not hand.legal_actions().can_raise


def test_fixed_limit_short_all_in_and_the_cap():
    config = GameConfig.fixed_limit(10, 20)
    hand = Hand(config, [300, 300, 37, 300])  # 27 behind on the flop
    call_around(hand)
    hand.bet(10)
    hand.raise_to(20)
    hand.all_in()  # to 27: at least half a bet, so the third bet
    hand.raise_to(37)  # the fourth bet: capped now
    assert not hand.legal_actions().can_raise
    hand = Hand(config, [300, 300, 34, 300])  # 24 behind on the flop
    call_around(hand)
    hand.bet(10)
    hand.raise_to(20)
    hand.all_in()  # to 24: less than half a bet, does not count
    hand.raise_to(34)  # the third bet
    assert hand.legal_actions().can_raise
    hand.call()
    hand.raise_to(44)  # the fourth
    assert not hand.legal_actions().can_raise


def test_fixed_limit_all_in_for_less_than_a_bet():
    config = GameConfig.fixed_limit(10, 20)
    hand = Hand(config, [200, 16, 200])  # player 1 has 6 left after the flop call
    call_around(hand)
    hand.check()
    legal = hand.legal_actions()
    assert legal.player == 1 and legal.min_to == legal.max_to == 6
    hand.all_in()
    legal = hand.legal_actions()
    assert legal.can_raise and legal.min_to == 16
    assert hand.legal_actions().to_call == 6


def test_opening_all_in_bet_below_minimum_lets_checkers_raise():
    hand = _nl_flop([100, 100, 3, 100])  # player 2 has 1 behind
    hand.check()
    hand.check()
    hand.all_in()  # bet 1, below the minimum 2
    legal = hand.legal_actions()
    assert legal.can_raise and legal.min_to == 3
    hand.call()
    assert hand.legal_actions().can_raise  # player 0 only checked: the bet is still open to him


def test_cannot_raise_when_nobody_could_call():
    hand = Hand(NL, [300, 100])
    hand.all_in()  # the button (player 1) to 100
    legal = hand.legal_actions()
    assert legal.can_call and not legal.can_raise and "nobody left" in legal.raise_reason
    assert_refused(hand, hand.raise_to, 200, match="nobody left")
    assert_refused(hand, hand.all_in, match="nobody left")


def test_player_covered_can_only_call_all_in():
    hand = Hand(NL, [300, 50, 300])
    hand.raise_to(100)
    hand.fold()
    legal = hand.legal_actions()
    assert legal.player == 1 and legal.to_call == 48 and not legal.can_raise
    hand.all_in()
    call = [e for e in hand.history if e.player == 1 and e.kind == ev.CALL]
    assert call and call[0].amount == 48 and call[0].all_in


def test_all_in_above_pot_limit_is_refused():
    hand = Hand(PL, [1000, 1000])
    assert_refused(hand, hand.all_in, match="pot-limit maximum 6")


# ---- forced bets ----

def test_antes_do_not_count_toward_bets():
    config = GameConfig.no_limit(1, 2, ante=1)
    hand = Hand(config, [100] * 3)
    assert hand.stacks == (98, 97, 99)
    assert hand.bets == (1, 2, 0)
    assert hand.pot == 6
    assert hand.legal_actions().to_call == 2


def test_straddle_is_live_and_sets_the_minimum_raise():
    config = GameConfig.no_limit(1, 2, straddle=4)
    hand = Hand(config, [100] * 5)  # button 4: SB 0, BB 1, straddle 2
    assert hand.bets == (1, 2, 4, 0, 0)
    legal = hand.legal_actions()
    assert legal.player == 3 and legal.to_call == 4 and legal.min_to == 8
    hand.call()
    hand.call()
    hand.call()  # small blind
    assert hand.legal_actions().to_call == 2  # the big blind faces the straddle
    hand.call()
    legal = hand.legal_actions()
    assert legal.player == 2 and legal.can_check and legal.can_raise and legal.min_to == 8
    hand.raise_to(12)  # the straddler's option
    assert hand.street == 0 and hand.actor == 3


def test_straddle_counts_as_a_raise_in_fixed_limit():
    config = GameConfig.fixed_limit(2, 4, straddle=4)
    hand = Hand(config, [100] * 5)
    assert hand.legal_actions().min_to == 6
    hand.raise_to(6)
    hand.raise_to(8)
    assert not hand.legal_actions().can_raise


def test_kill_blind_changes_limits_and_acts_last():
    base = GameConfig.fixed_limit(2, 4)
    kill = base.with_structure(FixedLimit(4, 8))
    posts = [Post(0, "small_blind", 1), Post(1, "big_blind", 2), Post(3, KILL, 4)]
    hand = Hand(kill, [100] * 5, posts=posts)
    legal = hand.legal_actions()
    assert legal.player == 4 and legal.to_call == 4 and legal.min_to == 8
    order = []
    while hand.street == 0:
        order.append(hand.actor)
        hand.call() if hand.legal_actions().can_call else hand.check()
    assert order == [4, 0, 1, 2, 3]  # the killer last, with the option
    assert hand.legal_actions().min_to == 4  # flop bets are the doubled small bet


def test_first_to_act_override():
    posts = [Post(0, "small_blind", 1), Post(1, "big_blind", 2), Post(3, KILL, 4)]
    hand = Hand(GameConfig.fixed_limit(4, 8), [100] * 5, posts=posts, first_to_act=2)
    assert hand.actor == 2


def test_scaled_config_for_a_kill_pot():
    config = GameConfig.fixed_limit(2, 4).scaled(3, 2)
    assert config.structure.small_bet == 3 and config.structure.big_bet == 6
    assert (config.small_blind, config.big_blind) == (1, 3)


def test_dead_and_live_blinds_of_a_returning_player():
    posts = NL.default_posts(4, 3) + [Post(3, LIVE, 2), Post(3, DEAD, 1)]
    hand = Hand(NL, [100] * 4, posts=posts)
    assert hand.bets == (1, 2, 0, 2)
    assert hand.pot == 6
    assert hand.actor == 2 and hand.legal_actions().to_call == 2
    hand.call()
    legal = hand.legal_actions()
    assert legal.player == 3 and legal.can_check  # a live blind keeps the option
    hand.check()
    hand.call()
    hand.check()
    assert hand.street == 1 and hand.pot == 9
    assert hand.committed == (2, 2, 2, 3)


def test_short_big_blind_others_still_call_the_full_blind():
    hand = Hand(NL, [100, 1, 100])
    assert hand.bets == (1, 1, 0) and hand.level == 2
    assert hand.legal_actions().to_call == 2
    hand.call()
    hand.fold()
    # player 2's second chip is unmatched: returned; the all-in big blind and player 2 run it out
    assert hand.is_over and len(hand.board) == 5
    assert hand.result.returned == [(2, 1)]
    assert [(p.amount, p.eligible) for p in hand.result.pots] == [(3, (1, 2))]


def test_all_in_preflop_runs_the_board_out():
    hand = Hand(NL, [50, 50], seed=3)
    hand.all_in()
    hand.call()
    assert hand.is_over and len(hand.board) == 5
    kinds = [e.kind for e in hand.history]
    assert kinds.count(ev.BURN) == 3 and kinds.count(ev.DEAL_BOARD) == 3
    assert sum(hand.stacks) == 100


def test_uncalled_bet_returned_on_the_river():
    hand = Hand(NL, [100] * 3, seed=1)
    for _ in range(3):
        call_around(hand)
    assert hand.street == 3
    hand.bet(30)
    hand.fold()
    hand.fold()
    assert hand.is_over
    assert hand.result.returned == [(0, 30)]
    assert hand.stacks == (104, 98, 98)
    assert hand.result.pots[0].awards[0].half == "all"
    assert any(e.kind == ev.RETURN and e.amount == 30 for e in hand.history)


# ---- errors ----

def test_errors_say_why_and_change_nothing():
    hand = Hand(NL, [100] * 4, seats=[1, 2, 3, 4])
    assert_refused(hand, hand.call, 1, match="it is seat 3's turn, not seat 2's")
    assert_refused(hand, hand.check, match="cannot check facing a bet of 2")
    assert_refused(hand, hand.bet, 6, match="cannot bet facing a bet of 2")
    assert_refused(hand, hand.raise_to, 3, match="below the no-limit minimum 4")
    assert_refused(hand, hand.raise_to, 101, match="more than seat 3 has")
    assert_refused(hand, hand.raise_to, 2, match="not above the current bet")
    assert_refused(hand, hand.raise_to, 4.0, match="must be an int")
    assert_refused(hand, hand.raise_to, True, match="must be an int")
    assert_refused(hand, hand.show, match="betting is not over")
    hand.call()
    hand.call()
    hand.call()
    assert_refused(hand, hand.fold, match="nothing to call")
    assert_refused(hand, hand.call, match="no bet to call")
    hand.check()
    assert_refused(hand, hand.raise_to, 4, match="no bet to raise")
    hand.bet(2)
    hand.fold()
    hand.fold()
    hand.fold()
    assert hand.is_over
    assert_refused(hand, hand.check, match="the hand is over")
    assert_refused(hand, hand.muck, match="the hand is over")
    assert hand.legal_actions().player is None


def test_can_methods_mirror_verify():
    hand = Hand(PL, [100, 100])
    assert hand.can_call() and hand.can_fold() and not hand.can_check()
    assert hand.can_raise_to(6) and not hand.can_raise_to(7) and not hand.can_bet(4)
    assert not hand.can_call(player=0)


@pytest.mark.parametrize("kwargs, match", [
    (dict(stacks=[100]), "2 to 11 players"),
    (dict(stacks=[100, 0]), "positive int"),
    (dict(stacks=[100, 50.5]), "positive int"),
    (dict(stacks=[100, 100], button=2), "button"),
    (dict(stacks=[100, 100], posts=[Post(5, "ante", 1)]), "outside"),
    (dict(stacks=[100, 100], hole_cards=["AsKsQsJs", "AsKd2c3c"]), "given twice"),
    (dict(stacks=[100, 100], showdown="later"), "showdown"),
    (dict(stacks=[100] * 12), "2 to 11"),
])
def test_bad_setup(kwargs, match):
    with pytest.raises(HandSetupError, match=match):
        Hand(NL, **kwargs)


def test_bad_config():
    with pytest.raises(HandSetupError, match="game must be"):
        GameConfig.no_limit(1, 2, game="lo")
    with pytest.raises(HandSetupError, match="spread limit minimum"):
        GameConfig.spread_limit(10, 5)
    with pytest.raises(HandSetupError, match="unknown post kind"):
        Post(0, "blind", 1)
    assert issubclass(IllegalActionError, ValueError) and issubclass(HandSetupError, ValueError)


def test_spread_limit_is_capped_like_fixed_limit():
    hand = Hand(GameConfig.spread_limit(2, 10), [500] * 4)
    for _ in range(3):
        hand.raise_to(hand.legal_actions().min_to)
    legal = hand.legal_actions()
    assert not legal.can_raise and "capped" in legal.raise_reason
