"""Where the killer acts in the first betting round (issue 10, rule 1; seed 000).

Seed 000, "Kill Pot": "In den meisten Pokerräumen agiert die Person, die den Pot killt, in der
ersten Bietrunde als Letzter und danach gilt die normale Reihenfolge." (the player who kills the
pot acts last in the first betting round, then the normal order applies). "Kill": "In einigen
Kasinos ist der Killer nach den Spielern, die den Blinds leisten, an der Reihe, in anderen kommt
er in der normalen Reihenfolge zum Zug." (``kill_acts="last"`` / ``"in_turn"``).

Every table size 2..10, every position of the killer, overblinds, kills and half kills, both
``kill_acts`` options; every hand goes back and forth through PHH.
"""

from __future__ import annotations

from typing import List

import pytest

from omaha_eval.game import GameConfig, Hand, Post
from omaha_eval.game.phh import hand_from_phh, hand_to_phh, parse_phh
from omaha_eval.game.seating import TableRules
from omaha_eval.game.session import table_from_dict, table_to_dict
from omaha_eval.game.table import Table


def _table(n: int, rules: TableRules) -> Table:
    t = Table(GameConfig.fixed_limit(2, 4, game="hilo"), rules, seed=5, button=0)
    for seat in range(n):
        t.sit(seat, "abcdefghij"[seat], 1000)
    return t


def _with_kill(t: Table, seat: int, num: int, den: int) -> Table:
    """The same table with a kill earned by ``seat`` last hand (through a saved session)."""
    data = table_to_dict(t)
    data["pending_kill"] = {"pid": t.player(seat).pid, "seat": seat, "num": num, "den": den}
    return table_from_dict(data)


def _expected_order(dealt: List[int], big_blind: int, killer: int, last: bool) -> List[int]:
    """The first round's order written from the rule: clockwise from the player left of the big
    blind, the big blind last; a killer who acts last is moved behind everyone."""
    k = dealt.index(big_blind)
    order = dealt[k + 1:] + dealt[:k + 1]
    if last:
        order.remove(killer)
        order.append(killer)
    return order


def _left_of(seat: int, dealt: List[int]) -> int:
    return next((s for s in dealt if s > seat), dealt[0])


def _first_round(t: Table, hand: Hand) -> List[int]:
    order = []
    while hand.street == 0 and not hand.is_over:
        order.append(t.actor_seat)
        hand.check_or_call()
    return order


def _round_trip(t: Table) -> None:
    """Play the hand out by checking and calling, then export it and replay the PHH."""
    while not t.hand.is_over:
        t.hand.check_or_call()
    record = t.finish_hand()
    text = record.to_phh()
    back = hand_from_phh(text)
    fields = parse_phh(text).fields
    assert list(back.stacks) == fields["finishing_stacks"]
    n, button = record.hand.n_players, record.hand.button
    phh_seats = [record.plan.seats[(button + 1 + k) % n] for k in range(n)]   # p1..pN
    assert list(back.stacks) == [record.finishing[s] for s in phh_seats]
    assert hand_to_phh(back).split("actions = ")[1].split("\n")[0] == \
        text.split("actions = ")[1].split("\n")[0]                       # the same actions
    assert ("_last_to_act" in fields) == record.plan.killer_acts_last


# ---- the examples: five seats, button 0, blinds 1 and 2 ----

@pytest.mark.parametrize("killer, want", [(4, [3, 0, 1, 2, 4]), (0, [3, 4, 1, 2, 0]),
                                          (1, [3, 4, 0, 2, 1]), (2, [3, 4, 0, 1, 2]),
                                          (3, [4, 0, 1, 2, 3])])
def test_overblind_killer_acts_last_then_the_normal_order(killer: int, want: List[int]) -> None:
    t = _table(5, TableRules(overblind=True))
    hand = t.start_hand(overblind=(killer, 4))
    assert (t.plan.button, t.plan.small_blind, t.plan.big_blind) == (0, 1, 2)
    assert t.plan.first_to_act == want[0] and t.plan.killer_acts_last
    assert _first_round(t, hand) == want
    assert t.actor_seat == 1                  # the flop opens left of the button
    _round_trip(t)


@pytest.mark.parametrize("killer, want", [(4, [3, 0, 1, 2, 4]), (0, [3, 4, 1, 2, 0]),
                                          (1, [3, 4, 0, 2, 1])])
def test_kill_game_with_kill_acts_last_the_same(killer: int, want: List[int]) -> None:
    t = _with_kill(_table(5, TableRules(kill="kill")), killer, 2, 1)
    hand = t.start_hand()
    assert t.plan.killer == killer and t.plan.kill_kind == "kill"
    assert _first_round(t, hand) == want
    _round_trip(t)


def test_kill_game_in_turn_keeps_the_normal_order() -> None:
    for killer in range(5):
        t = _with_kill(_table(5, TableRules(kill="kill", kill_acts="in_turn")), killer, 2, 1)
        hand = t.start_hand()
        assert not t.plan.killer_acts_last
        assert _first_round(t, hand) == [3, 4, 0, 1, 2]
        _round_trip(t)


def test_after_a_raise_the_first_round_keeps_the_killer_last() -> None:
    # killer 4 acts last: 3 0 1 2 4; when 0 raises, 1 and 2 answer, then the killer, then 3
    t = _table(5, TableRules(overblind=True))
    hand = t.start_hand(overblind=(4, 4))
    hand.call()                                # 3
    hand.raise_to(8)                           # 0
    seen = []
    while hand.street == 0:
        seen.append(t.actor_seat)
        hand.check_or_call()
    assert seen == [1, 2, 4, 3]
    _round_trip(t)
    # the killer raises: everyone answers in the first round's order, starting after the killer
    t = _table(5, TableRules(overblind=True))
    hand = t.start_hand(overblind=(4, 4))
    for _ in range(4):
        hand.call()                            # 3 0 1 2
    assert t.actor_seat == 4 and hand.legal_actions().can_raise
    hand.raise_to(8)
    assert _first_round(t, hand) == [3, 0, 1, 2]
    _round_trip(t)


def test_folded_or_all_in_players_are_passed_over() -> None:
    t = Table(GameConfig.fixed_limit(2, 4), TableRules(overblind=True), seed=2, button=0)
    for seat, stack in enumerate([100, 100, 100, 3, 100]):
        t.sit(seat, "abcde"[seat], stack)
    hand = t.start_hand(overblind=(0, 4))      # the killer is on the button
    assert t.actor_seat == 3
    hand.call()                                # 3 is all in for 3
    hand.fold()                                # 4
    assert _first_round(t, hand) == [1, 2, 0]
    _round_trip(t)


# ---- every table size, every position, every kind of kill, both options ----

def _kill_table(n: int, kind: str, acts: str, seat: int) -> Table:
    if kind == "overblind":
        return _table(n, TableRules(overblind=True, overblind_half_stack=True, kill_acts=acts))
    rules = TableRules(kill="half" if kind == "half" else "kill", kill_acts=acts)
    num_den = rules.kill_stakes
    return _with_kill(_table(n, rules), seat, *num_den)


@pytest.mark.parametrize("n", range(2, 11))
@pytest.mark.parametrize("kind", ["overblind", "kill", "half"])
@pytest.mark.parametrize("acts", ["last", "in_turn"])
def test_every_position_and_table_size(n: int, kind: str, acts: str) -> None:
    for seat in range(n):
        t = _kill_table(n, kind, acts, seat)
        amount = 6 if kind == "overblind" and seat % 2 else 4      # overblinds of 2x and 3x
        hand = t.start_hand(overblind=(seat, amount) if kind == "overblind" else None)
        plan = t.plan
        assert plan.killer == seat and plan.killer_acts_last == (acts == "last")
        kill_post = [p for p in plan.posts if p.kind == "kill"]
        assert [p.seat for p in kill_post] == [seat]
        if kind == "half":
            assert plan.stakes == (3, 2) and kill_post[0].amount == 3
        elif kind == "kill":
            assert plan.stakes == (2, 1) and kill_post[0].amount == 4
        else:
            assert plan.stakes == (amount // 2, 1) and kill_post[0].amount == amount
        # the killer's blind replaces a blind they owe, never adds to it
        assert [p.kind for p in plan.posts if p.seat == seat] == ["kill"]
        want = _expected_order(list(plan.seats), plan.big_blind, seat, acts == "last")
        assert plan.first_to_act == want[0]
        assert _first_round(t, hand) == want
        if not hand.is_over:                   # then the normal order: left of the button
            assert t.actor_seat == _left_of(plan.button, list(plan.seats))
        _round_trip(t)


def test_heads_up_killer_on_the_button_acts_after_the_big_blind() -> None:
    t = _table(2, TableRules(overblind=True))    # B0 (small blind) BB1
    hand = t.start_hand(overblind=(0, 4))
    assert [(p.seat, p.kind) for p in t.plan.posts] == [(1, "big_blind"), (0, "kill")]
    assert _first_round(t, hand) == [1, 0]
    assert t.actor_seat == 1                     # after the flop the big blind acts first
    _round_trip(t)


# ---- the Hand on its own ----

def test_hand_last_to_act_skips_and_comes_back() -> None:
    config = GameConfig.pot_limit(1, 2)
    posts = [Post(0, "small_blind", 1), Post(1, "big_blind", 2), Post(3, "kill", 4)]
    hand = Hand(config, [100] * 6, button=5, posts=posts, last_to_act=3, seed=1)
    order = []
    while hand.street == 0:
        order.append(hand.actor)
        hand.check_or_call()
    assert order == [2, 4, 5, 0, 1, 3]
    assert hand.actor == 0                       # the flop: left of the button
    # without last_to_act the round opens left of the largest blind (the kill blind)
    hand = Hand(config, [100] * 6, button=5, posts=posts, seed=1)
    assert hand.actor == 4
    back = hand_from_phh(hand_to_phh(Hand(config, [100] * 6, button=5, posts=posts, last_to_act=3,
                                          seed=1)))
    assert back.last_to_act == 3 and back.actor == 2


@pytest.mark.parametrize("bad", [-1, 6, 1.0, True, "3"])
def test_hand_last_to_act_is_checked(bad: object) -> None:
    from omaha_eval.game import HandSetupError
    with pytest.raises(HandSetupError, match="last_to_act"):
        Hand(GameConfig.pot_limit(1, 2), [100] * 6, last_to_act=bad)


def test_phh_last_to_act_is_checked() -> None:
    from omaha_eval.game import PHHError
    text = hand_to_phh(Hand(GameConfig.pot_limit(1, 2), [100] * 3, last_to_act=2, seed=1))
    assert "_last_to_act = 3" in text              # player 2 is p3
    with pytest.raises(PHHError, match="_last_to_act"):
        parse_phh(text.replace("_last_to_act = 3", "_last_to_act = 4"))
