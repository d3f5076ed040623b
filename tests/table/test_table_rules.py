"""Scenario tests of the rules around the hand (seeds 000, 003; issue 5): missed blinds, new
players in each position, chop, straddle, overblind (kill pot), kill and half-kill games."""

from __future__ import annotations

import pytest

from omaha_eval.game.seating import WAIT_BIG_BLIND, WAIT_BUTTON, TableError, TableRules

from table_helpers import calling, fixed_table, passive, posts


def _table(n: int, rules: TableRules = TableRules(), **kw):
    t = fixed_table(rules, **kw)
    for seat in range(n):
        t.sit(seat, "abcdefghij"[seat], 100)
    return t


# ---- missed blinds ----

def test_missed_big_blind_is_paid_back_live_plus_dead() -> None:
    t = _table(5)                       # B0 SB1 BB2
    t.play_hand(passive)
    t.sit_out(3)                        # 3 would be the next big blind
    plan = t.play_hand(passive).plan
    assert (plan.button, plan.small_blind, plan.big_blind) == (1, 2, 4)
    assert plan.missed == ((3, "MB"),)  # the next player posted the big blind in its place
    assert t.player(3).mark == "MB"
    t.sit_in(3, post_now=True)
    plan = t.next_plan()                # B2 SB4 BB0: seat 3 is between the button and the blinds
    assert (3, WAIT_BUTTON) in plan.waiting and 3 not in plan.seats
    t.play_hand(passive)
    hand = t.start_hand()               # B4 SB0 BB1: the button has passed seat 3
    plan = t.plan
    assert 3 in plan.seats
    assert [(p.kind, p.amount) for p in plan.posts if p.seat == 3] == [("live", 2), ("dead", 1)]
    i = plan.index(3)
    assert hand.bets[i] == 2 and hand.committed[i] == 3   # live counts as a bet, dead does not
    assert hand.pot == 1 + 2 + 2 + 1
    while t.actor_seat != 3:
        hand.check_or_call()
    assert hand.legal_actions().can_check               # the live blind has its option
    assert t.player(3).mark == ""


def test_missed_big_blind_waiting_for_the_big_blind_is_forgiven_as_an_option() -> None:
    t = _table(4, TableRules(missed_blinds="forgiven"))   # B0 SB1 BB2
    t.play_hand(passive)
    t.sit_out(3)
    t.play_hand(passive)                # B1 SB2 BB0: 3 missed the big blind
    assert t.player(3).mark == "MB"
    t.sit_in(3)                         # waits for the big blind
    seen = []
    for _ in range(4):
        plan = t.play_hand(passive).plan
        seen.append((plan.big_blind, 3 in plan.seats, posts(plan)))
        if 3 in plan.seats:
            break
    assert seen[-1][0] == 3 and seen[-1][1]
    assert [p for p in seen[-1][2] if p[0] == 3] == [(3, "big_blind", 2)]
    assert all(not dealt for _, dealt, _ in seen[:-1])


def test_missed_small_blind_is_paid_dead_after_the_button_passes() -> None:
    t = _table(5)
    t.play_hand(passive)                # B0 SB1 BB2
    t.sit_out(2)                        # the big blind leaves the game before posting the small blind
    plan = t.play_hand(passive).plan
    assert (plan.button, plan.small_blind, plan.big_blind) == (1, None, 3)   # dead small blind
    assert plan.missed == ((2, "MS"),)
    t.sit_in(2, post_now=True)
    plan = t.play_hand(passive).plan    # button on seat 2's seat (dead): it has not passed
    assert (plan.button, plan.dead_button) == (2, True) and (2, WAIT_BUTTON) in plan.waiting
    plan = t.play_hand(passive).plan    # B3 SB4 BB0: back with the small blind dead
    assert 2 in plan.seats
    assert [(p.kind, p.amount) for p in plan.posts if p.seat == 2] == [("dead", 1)]
    assert t.player(2).mark == ""


def test_sitting_out_away_from_the_blinds_costs_nothing() -> None:
    t = _table(6)                       # B0 SB1 BB2
    t.play_hand(passive)
    t.sit_out(5)                        # the blinds go 2-3, 3-4: they do not reach seat 5
    t.play_hand(passive)
    t.play_hand(passive)
    t.sit_in(5)
    plan = t.play_hand(passive).plan
    assert 5 in plan.seats and plan.big_blind == 5 and plan.missed == ()
    assert [(p.kind, p.amount) for p in plan.posts_of(5)] == [("big_blind", 2)]   # no dead blind


# ---- new players ----

def test_new_player_left_of_the_blinds_posts_at_once_or_waits() -> None:
    t = fixed_table(TableRules(seats=9), button=0)
    for seat in (0, 2, 4, 6):
        t.sit(seat, "abcd"[seat // 2], 100)
    t.play_hand(passive)                # B0 SB2 BB4; next B2 SB4 BB6
    t.sit(8, "poster", 100, post_now=True)
    t.sit(7, "waiter", 100)
    plan = t.play_hand(passive).plan
    assert (plan.button, plan.small_blind, plan.big_blind) == (2, 4, 6)
    assert 8 in plan.seats and plan.posts_of(8)[0].kind == "live" and plan.posts_of(8)[0].amount == 2
    assert (7, WAIT_BIG_BLIND) in plan.waiting
    plan = t.play_hand(passive).plan    # the big blind reaches the waiter
    assert plan.big_blind == 7 and 7 in plan.seats


def test_new_player_in_the_big_blind_plays_normally() -> None:
    t = fixed_table(TableRules(seats=9), button=0)
    for seat in (0, 2, 4, 6):
        t.sit(seat, "abcd"[seat // 2], 100)
    t.play_hand(passive)                # B0 SB2 BB4
    t.sit(5, "newcomer", 100)           # the next big blind's seat
    plan = t.play_hand(passive).plan
    assert (plan.button, plan.small_blind, plan.big_blind) == (2, 4, 5)
    assert [(p.kind, p.amount) for p in plan.posts if p.seat == 5] == [("big_blind", 2)]


def test_new_player_between_button_and_blinds_waits_for_the_button() -> None:
    t = fixed_table(TableRules(seats=9), button=0)
    for seat in (0, 2, 4, 6):
        t.sit(seat, "abcd"[seat // 2], 100)
    t.play_hand(passive)                # B0 SB2 BB4; next B2 SB4 BB6
    t.sit(3, "late", 100, post_now=True)  # between the next button (2) and small blind (4)
    plan = t.play_hand(passive).plan
    assert (3, WAIT_BUTTON) in plan.waiting and 3 not in plan.seats
    plan = t.play_hand(passive).plan    # B4 SB6 BB0: the button passed seat 3
    assert 3 in plan.seats and plan.posts_of(3)[0].kind == "live"


# ---- chop ----

def test_chop_when_everyone_folds_to_the_blinds() -> None:
    t = _table(4, TableRules(chop=True))  # B0 SB1 BB2
    before = t.stacks()
    hand = t.start_hand()
    assert not t.can_chop()
    hand.fold()                          # seat 3
    hand.fold()                          # seat 0, the button
    assert t.actor_seat == 1 and t.can_chop()
    record = t.chop()
    assert record.chopped and t.stacks() == before and not t.in_hand
    assert "_chopped = true" in record.to_phh()
    plan = t.play_hand(passive).plan     # the button moves on as after any hand
    assert (plan.button, plan.small_blind, plan.big_blind) == (1, 2, 3)


def test_no_chop_after_a_call_or_when_the_table_does_not_allow_it() -> None:
    t = _table(4, TableRules(chop=True))
    hand = t.start_hand()
    hand.call()                          # seat 3 calls
    hand.fold()                          # the button folds
    assert t.actor_seat == 1 and not t.can_chop()
    with pytest.raises(TableError, match="no chop"):
        t.chop()
    t = _table(4)
    hand = t.start_hand()
    hand.fold()
    hand.fold()
    assert not t.can_chop()


def test_play_hand_chops_when_both_blinds_agree() -> None:
    t = _table(3, TableRules(chop=True))
    before = t.stacks()
    record = t.play_hand(lambda tb, s, legal: ("fold",) if legal.can_fold else ("check",),
                         chop=lambda tb: True)
    assert record.chopped and t.stacks() == before


# ---- straddle ----

def test_straddle_is_live_and_keeps_the_option() -> None:
    t = _table(5, TableRules(straddle=True))   # B0 SB1 BB2, straddle 3
    assert t.next_plan().straddle_seat == 3
    hand = t.start_hand(straddle=True)
    plan = t.plan
    assert plan.straddled and (3, "straddle", 4) in posts(plan)
    assert t.actor_seat == 4 and hand.level == 4
    for _ in range(4):                          # seats 4, 0, 1, 2 call the straddle
        hand.call()
    assert t.actor_seat == 3
    legal = hand.legal_actions()
    assert legal.can_check and legal.can_raise and legal.min_to == 6   # the option: raise a bet
    hand.check()
    assert hand.street == 1


def test_no_straddle_heads_up_or_when_the_rule_is_off() -> None:
    t = _table(2, TableRules(straddle=True))
    assert t.next_plan().straddle_seat is None
    t = _table(5)
    plan = t.next_plan(straddle=True)
    assert not plan.straddled and all(p.kind != "straddle" for p in plan.posts)


# ---- overblind (kill pot) ----

def test_overblind_doubles_the_limits_and_the_killer_acts_last() -> None:
    t = _table(5, TableRules(overblind=True))   # B0 SB1 BB2
    hand = t.start_hand(overblind=(4, 4))
    plan = t.plan
    assert plan.killer == 4 and plan.stakes == (2, 1) and (4, "kill", 4) in posts(plan)
    assert hand.config.structure.small_bet == 4 and hand.config.structure.big_bet == 8
    order = []
    while hand.street == 0:
        order.append(t.actor_seat)
        legal = hand.legal_actions()
        if t.actor_seat == 3:
            assert legal.min_to == legal.max_to == 8   # a raise is 4 on top of the overblind
        hand.check_or_call()
    assert order == [3, 0, 1, 2, 4]                    # the killer acts last before the flop
    assert t.actor_seat == 1                           # then the normal order
    assert hand.legal_actions().min_to == 4            # flop bet: the doubled small bet
    while hand.street == 1:
        hand.check()
    assert hand.legal_actions().min_to == 8            # turn: the doubled big bet


def test_overblind_up_to_half_the_stack() -> None:
    t = _table(4, TableRules(overblind=True, overblind_half_stack=True))
    with pytest.raises(TableError, match="4 to 50"):
        t.start_hand(overblind=(3, 51))
    assert not t.in_hand and t.hands_played == 0
    hand = t.start_hand(overblind=(3, 10))
    assert t.plan.stakes == (5, 1) and hand.config.structure.small_bet == 10


def test_overblind_refused_when_not_allowed_or_wrong_size() -> None:
    t = _table(4)
    with pytest.raises(TableError, match="does not allow"):
        t.start_hand(overblind=(3, 4))
    t = _table(4, TableRules(overblind=True))
    with pytest.raises(TableError, match="must be 4"):
        t.start_hand(overblind=(3, 6))
    with pytest.raises(TableError, match="not dealt in"):
        t.start_hand(overblind=(7, 4))


def test_overblind_by_the_small_blind_replaces_the_small_blind() -> None:
    t = _table(4, TableRules(overblind=True))   # B0 SB1 BB2
    t.start_hand(overblind=(1, 4))
    assert posts(t.plan) == [(1, "kill", 4), (2, "big_blind", 2)]
    assert t.actor_seat == 3                    # left of the big blind: the killer acts last


# ---- kill and half-kill games ----

SCOOP_BOARD = "3c4d5hKsKd"
WINNER = "AcTd2dKh"      # trip kings and the wheel: scoops
LOSERS = ["QcQhJsJh", "TcTh9c9h", "8s8h7s7h"]


def _scoop_cards(n: int, winner_index: int):
    holes = list(LOSERS[: n - 1])
    holes.insert(winner_index, WINNER)
    return holes


def test_kill_hand_after_a_scoop() -> None:
    t = _table(3, TableRules(kill="kill", kill_min_pot=6), game="hilo")  # B0 SB1 BB2
    record = t.play_hand(calling, hole_cards=_scoop_cards(3, 1), board=SCOOP_BOARD)
    assert record.kill_earned == 1 and t.pending_kill.seat == 1
    hand = t.start_hand()                # B1 SB2 BB0; the killer (1) is on the button
    plan = t.plan
    assert plan.killer == 1 and plan.stakes == (2, 1) and plan.kill_kind == "kill"
    assert posts(plan) == [(0, "big_blind", 2), (1, "kill", 4), (2, "small_blind", 1)]
    assert hand.config.structure.small_bet == 4 and hand.config.structure.big_bet == 8
    order = []
    while hand.street == 0:
        order.append(t.actor_seat)
        hand.check_or_call()
    assert order == [2, 0, 1]            # the killer acts after the blinds
    while not hand.is_over:
        hand.check_or_call()
    t.finish_hand()
    plan = t.play_hand(passive).plan     # no new scoop at showdown: back to normal stakes
    assert plan.stakes == (1, 1) and plan.killer is None


def test_killer_in_a_blind_posts_the_kill_blind_in_its_place() -> None:
    t = _table(4, TableRules(kill="kill", kill_min_pot=6), game="hilo")  # B0 SB1 BB2
    t.play_hand(calling, hole_cards=_scoop_cards(4, 2), board=SCOOP_BOARD)  # the big blind scoops
    hand = t.start_hand()                # B1 SB2 BB3: the killer owes the small blind
    assert posts(t.plan) == [(2, "kill", 4), (3, "big_blind", 2)]
    assert t.actor_seat == 0             # the round opens left of the big blind; the killer acts last
    order = []
    while hand.street == 0:
        order.append(t.actor_seat)
        hand.check_or_call()
    assert order == [0, 1, 3, 2]
    t2 = _table(4, TableRules(kill="kill", kill_min_pot=6, kill_acts="in_turn"), game="hilo")
    t2.play_hand(calling, hole_cards=_scoop_cards(4, 2), board=SCOOP_BOARD)
    hand = t2.start_hand()
    assert posts(t2.plan) == [(2, "kill", 4), (3, "big_blind", 2)]
    assert t2.actor_seat == 0            # normal order: left of the big blind
    order = []
    while hand.street == 0:
        order.append(t2.actor_seat)
        hand.check_or_call()
    assert order == [0, 1, 2, 3]


def test_half_kill_plays_at_one_and_a_half_stakes() -> None:
    t = _table(3, TableRules(kill="half", kill_min_pot=6), game="hilo")
    t.play_hand(calling, hole_cards=_scoop_cards(3, 0), board=SCOOP_BOARD)
    hand = t.start_hand()                # B1 SB2 BB0: the killer is the big blind
    plan = t.plan
    assert plan.stakes == (3, 2) and plan.kill_kind == "half"
    assert posts(plan) == [(0, "kill", 3), (2, "small_blind", 1)]
    assert hand.config.structure.small_bet == 3 and hand.config.structure.big_bet == 6


def test_no_kill_below_the_pot_size_or_without_a_scoop() -> None:
    t = _table(3, TableRules(kill="kill", kill_min_pot=7), game="hilo")
    record = t.play_hand(calling, hole_cards=_scoop_cards(3, 1), board=SCOOP_BOARD)
    assert sum(p.amount for p in record.result.pots) == 6 and record.kill_earned is None
    t = _table(3, TableRules(kill="kill", kill_min_pot=6), game="hilo")
    # a split low: the winner's low is tied by another A2
    record = t.play_hand(calling, hole_cards=[WINNER, "As2h9s9d", "QcQhJsJh"], board=SCOOP_BOARD)
    assert len(record.result.pots[0].winners) == 2 and record.kill_earned is None
    assert t.next_plan().killer is None


def test_hilo_both_halves_option_ignores_a_high_only_scoop() -> None:
    board = "KcKd9h9sJc"                 # no low possible
    holes = ["KhKs2d3d", "QcQhTsTh", "AcAh8c8h"]   # quad kings
    for both, earned in ((False, 0), (True, None)):
        t = _table(3, TableRules(kill="kill", kill_min_pot=6, kill_hilo_both_halves=both), game="hilo")
        assert t.play_hand(calling, hole_cards=holes, board=board).kill_earned == earned


def test_kill_is_off_when_the_killer_leaves() -> None:
    t = _table(4, TableRules(kill="kill", kill_min_pot=6), game="hilo")
    t.play_hand(calling, hole_cards=_scoop_cards(4, 3), board=SCOOP_BOARD)
    assert t.pending_kill is not None
    t.leave(3)
    plan = t.next_plan()
    assert plan.killer is None and plan.stakes == (1, 1)


def test_missed_small_blind_forward_rule_as_seed_003_reads() -> None:
    # "the big blind is asked to post the small blind, and the next player the big blind"
    t = _table(5, TableRules(missed_small_blind="forward"))
    t.play_hand(passive)                # B0 SB1 BB2
    t.sit_out(2)
    plan = t.play_hand(passive).plan
    assert (plan.button, plan.small_blind, plan.big_blind) == (1, 3, 4)
    assert plan.missed == ((2, "MS"),)
    t.sit_in(2, post_now=True)
    plan = t.play_hand(passive).plan    # the player who posted the small blind gets the button
    assert (plan.button, plan.small_blind, plan.big_blind) == (3, 4, 0)
    assert 2 in plan.seats and [(p.kind, p.amount) for p in plan.posts_of(2)] == [("dead", 1)]


def test_table_rules_are_checked() -> None:
    for bad in (dict(seats=11), dict(seats=1), dict(kill="double"), dict(kill_acts="first"),
                dict(missed_small_blind="skip"), dict(straddle_amount=-1)):
        with pytest.raises(TableError):
            TableRules(**bad)
