"""The button and the blinds over many hands, written from the rules (seeds 000, 003; issue 5):
the big blind moves one player a hand, the small blind is last hand's big blind, the button goes
to whoever posted the small blind last hand (dead where that seat emptied), and heads-up the
button posts the small blind, into and out of heads-up."""

from __future__ import annotations

from omaha_eval.game.seating import WAIT_BIG_BLIND, WAIT_BUTTON, TableRules

from table_helpers import fixed_table, passive, posts


def test_button_path_over_twenty_hands_with_players_leaving_and_joining() -> None:
    t = fixed_table(TableRules(seats=9), button=0)
    for seat, name in [(0, "A"), (2, "B"), (4, "C"), (6, "D"), (7, "E")]:
        t.sit(seat, name, 200)
    # before-hand changes, keyed by hand number
    changes = {
        3: lambda: t.sit(5, "F", 200, post_now=True),    # between the button and the blinds
        4: lambda: t.sit(3, "G", 200),                   # left of the blinds, waits for the bb
        7: lambda: t.sit(8, "H", 200, post_now=True),    # left of the blinds, posts at once
        8: lambda: (t.leave(2), t.sit_out(7)),           # B (last button) leaves, E sits out
        11: lambda: t.sit_in(7, post_now=True),          # E back, owing MB
        13: lambda: t.leave(0),                          # A, last small blind: dead button
        14: lambda: t.leave(4),                          # C, last big blind: dead small blind
        17: lambda: t.sit_out(7),                        # E, last big blind, sits out: MS
        18: lambda: t.sit_in(7, post_now=True),
        20: lambda: (t.leave(5), t.leave(6), t.leave(7)),  # down to G and H: heads-up
        22: lambda: t.sit(0, "J", 200),                  # between the button and the big blind
    }
    # (button, dead button, small blind, big blind, seats dealt in, extra posts)
    expected = {
        1: (0, False, 2, 4, (0, 2, 4, 6, 7), []),
        2: (2, False, 4, 6, (0, 2, 4, 6, 7), []),
        3: (4, False, 6, 7, (0, 2, 4, 6, 7), []),
        4: (6, False, 7, 0, (0, 2, 4, 5, 6, 7), [(5, "live", 2)]),
        5: (7, False, 0, 2, (0, 2, 4, 5, 6, 7), []),
        6: (0, False, 2, 3, (0, 2, 3, 4, 5, 6, 7), []),   # G sits in the big blind
        7: (2, False, 3, 4, (0, 2, 3, 4, 5, 6, 7, 8), [(8, "live", 2)]),
        8: (3, False, 4, 5, (0, 3, 4, 5, 6, 8), []),
        9: (4, False, 5, 6, (0, 3, 4, 5, 6, 8), []),
        10: (5, False, 6, 8, (0, 3, 4, 5, 6, 8), []),     # E passed: MB
        11: (6, False, 8, 0, (0, 3, 4, 5, 6, 8), []),     # E between button and blinds: waits
        12: (8, False, 0, 3, (0, 3, 4, 5, 6, 7, 8), [(7, "dead", 1), (7, "live", 2)]),
        13: (0, True, 3, 4, (3, 4, 5, 6, 7, 8), []),
        14: (3, False, None, 5, (3, 5, 6, 7, 8), []),
        15: (4, True, 5, 6, (3, 5, 6, 7, 8), []),
        16: (5, False, 6, 7, (3, 5, 6, 7, 8), []),
        17: (6, False, None, 8, (3, 5, 6, 8), []),        # E's small blind is dead: MS
        18: (7, True, 8, 3, (3, 5, 6, 8), []),            # E on the (dead) button: waits
        19: (8, False, 3, 5, (3, 5, 6, 7, 8), [(7, "dead", 1)]),
        20: (3, False, 3, 8, (3, 8), []),
        21: (8, False, 8, 3, (3, 8), []),
        22: (3, False, 3, 8, (3, 8), []),
        23: (3, False, 8, 0, (0, 3, 8), []),
    }
    waiting = {3: [(5, WAIT_BUTTON)], 4: [(3, WAIT_BIG_BLIND)], 5: [(3, WAIT_BIG_BLIND)],
               11: [(7, WAIT_BUTTON)], 18: [(7, WAIT_BUTTON)], 22: [(0, WAIT_BUTTON)]}
    missed = {10: [(7, "MB")], 17: [(7, "MS")]}
    for number in range(1, 24):
        if number in changes:
            changes[number]()
        record = t.play_hand(passive)
        plan = record.plan
        button, dead, sb, bb, dealt, extra = expected[number]
        got = (plan.button, plan.dead_button, plan.small_blind, plan.big_blind, plan.seats)
        assert got == (button, dead, sb, bb, dealt), f"hand {number}"
        want = sorted(([(sb, "small_blind", 1)] if sb is not None else []) + [(bb, "big_blind", 2)] + extra)
        assert posts(plan) == want, f"hand {number}"
        assert list(plan.waiting) == waiting.get(number, []), f"hand {number}"
        assert list(plan.missed) == missed.get(number, []), f"hand {number}"
        assert plan.heads_up == (number in (20, 21, 22)), f"hand {number}"


def test_dead_button_hand_acts_as_if_the_button_were_there() -> None:
    # seats 0..3; the small blind (seat 1) leaves: next hand the button is dead on seat 1, the
    # player right of it (seat 0) acts last after the flop and the small blind opens it
    t = fixed_table(button=0)
    for seat in range(4):
        t.sit(seat, "abcd"[seat], 100)
    t.play_hand(passive)            # B0 SB1 BB2
    t.leave(1)
    hand = t.start_hand()           # button dead on 1, SB 2, BB 3
    plan = t.plan
    assert (plan.button, plan.dead_button, plan.small_blind, plan.big_blind) == (1, True, 2, 3)
    assert plan.seats[plan.hand_button] == 0
    assert t.actor_seat == 0        # first to act preflop: left of the big blind
    while hand.street == 0:
        hand.check_or_call()
    assert t.actor_seat == 2        # after the flop: the small blind first


def test_into_and_out_of_heads_up_nobody_takes_the_big_blind_twice() -> None:
    for leaver in (0, 1, 2):  # the button, the small blind or the big blind leaves
        t = fixed_table(button=0)
        for seat in range(3):
            t.sit(seat, "abc"[seat], 100)
        first = t.play_hand(passive).plan   # B0 SB1 BB2
        assert (first.button, first.small_blind, first.big_blind) == (0, 1, 2)
        t.leave(leaver)
        plan = t.play_hand(passive).plan
        assert plan.heads_up and plan.button == plan.small_blind
        assert plan.big_blind != 2, "last hand's big blind posts the big blind again"
        assert [p.kind for p in plan.posts if p.seat == plan.button] == ["small_blind"]
        # heads-up alternates
        nxt = t.play_hand(passive).plan
        assert (nxt.button, nxt.big_blind) == (plan.big_blind, plan.button)


def test_back_to_three_handed_new_player_between_button_and_big_blind_waits() -> None:
    t = fixed_table(button=0)
    t.sit(0, "a", 100)
    t.sit(2, "b", 100)
    hu = t.play_hand(passive).plan          # heads-up: button/SB 0, BB 2
    assert (hu.button, hu.big_blind) == (0, 2)
    t.sit(1, "c", 100, post_now=True)       # between the button and the big blind
    plan = t.play_hand(passive).plan        # still heads-up: the button must pass c first
    assert plan.heads_up and (plan.button, plan.big_blind) == (2, 0)
    assert plan.waiting == ((1, WAIT_BUTTON),)
    plan = t.play_hand(passive).plan        # the button passed: c is the big blind
    assert not plan.heads_up
    assert (plan.button, plan.small_blind, plan.big_blind, plan.seats) == (2, 0, 1, (0, 1, 2))
