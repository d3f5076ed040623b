"""Missed blinds are owed however the player comes back (issue 10, rule 2; seed 003).

Seed 003, MB: "Чтобы вернуться в игру, игрок, пропустивший большой блайнд, должен поставить
ставку, равную сумме большого блайнда, а также внести в банк сумму, равную малому блайнду." (to
come back, a player who missed the big blind posts a bet of the big blind and puts the small
blind into the pot). MS: "Если игрок решит вернуться в игру, он должен до сдачи вложить
непосредственно в банк величину малого блайнда." (a player who missed the small blind puts the
small blind straight into the pot before the deal).

The default is the seed's rule; ``TableRules(missed_blinds="forgiven")`` is the card-room custom
where waiting for the big blind clears the debt.
"""

from __future__ import annotations

from typing import List, Tuple

import pytest

from omaha_eval.game.seating import TableError, TableRules
from omaha_eval.game.session import table_from_dict, table_to_dict
from omaha_eval.game.table import Table

from table_helpers import fixed_table, passive


def _table(n: int, rules: TableRules = TableRules()) -> Table:
    t = fixed_table(rules)
    for seat in range(n):
        t.sit(seat, "abcdefghij"[seat], 100)
    return t


def _own_posts(plan, seat: int) -> List[Tuple[str, int]]:
    return sorted((p.kind, p.amount) for p in plan.posts_of(seat))


def _until_dealt_in(t: Table, seat: int, limit: int = 12):
    for _ in range(limit):
        hand = t.start_hand()
        if seat in t.plan.seats:
            return hand
        while not hand.is_over:
            hand.check_or_call() if hand.legal_actions().can_check else hand.fold()
        t.finish_hand()
    raise AssertionError(f"seat {seat} was never dealt in")


def _miss_big_blind(t: Table) -> None:
    t.play_hand(passive)                # B0 SB1 BB2; seat 3 is the next big blind
    t.sit_out(3)
    plan = t.play_hand(passive).plan
    assert plan.missed == ((3, "MB"),) and t.player(3).mark == "MB"


def _miss_small_blind(t: Table) -> None:
    t.play_hand(passive)                # B0 SB1 BB2; seat 2 is the next small blind
    t.sit_out(2)
    plan = t.play_hand(passive).plan
    assert plan.missed == ((2, "MS"),) and t.player(2).mark == "MS"


@pytest.mark.parametrize("n", [4, 5, 7])
def test_missed_big_blind_waiting_for_the_big_blind_still_pays_the_dead_small_blind(n: int) -> None:
    t = _table(n)
    _miss_big_blind(t)
    t.sit_in(3)                         # waits for the big blind
    hand = _until_dealt_in(t, 3)
    plan = t.plan
    assert plan.big_blind == 3
    assert _own_posts(plan, 3) == [("big_blind", 2), ("dead", 1)]
    i = plan.index(3)
    assert hand.bets[i] == 2 and hand.committed[i] == 3   # the big blind is live, the rest dead
    assert hand.pot == 1 + 2 + 1
    while t.actor_seat != 3:
        hand.check_or_call()
    assert hand.legal_actions().can_check                # the big blind keeps its option
    assert t.player(3).mark == ""
    while not hand.is_over:
        hand.check_or_call()
    record = t.finish_hand()
    assert sum(record.finishing.values()) + sum(
        p.stack for s, p in enumerate(t.seats) if p is not None and s not in record.finishing) == 100 * n


def test_missed_small_blind_waiting_for_the_big_blind_pays_it_dead() -> None:
    t = _table(5)
    _miss_small_blind(t)
    t.sit_in(2)
    _until_dealt_in(t, 2)
    assert t.plan.big_blind == 2
    assert _own_posts(t.plan, 2) == [("big_blind", 2), ("dead", 1)]


def test_posting_at_once_pays_the_same_debts() -> None:
    t = _table(5)
    _miss_big_blind(t)
    t.sit_in(3, post_now=True)
    _until_dealt_in(t, 3)
    assert t.plan.big_blind != 3 and _own_posts(t.plan, 3) == [("dead", 1), ("live", 2)]
    t = _table(5)
    _miss_small_blind(t)
    t.sit_in(2, post_now=True)
    _until_dealt_in(t, 2)
    assert t.plan.big_blind != 2 and _own_posts(t.plan, 2) == [("dead", 1)]


@pytest.mark.parametrize("miss, seat", [(_miss_big_blind, 3), (_miss_small_blind, 2)])
def test_forgiven_option_clears_the_debt_in_the_big_blind(miss, seat: int) -> None:
    t = _table(5, TableRules(missed_blinds="forgiven"))
    miss(t)
    t.sit_in(seat)
    _until_dealt_in(t, seat)
    assert t.plan.big_blind == seat and _own_posts(t.plan, seat) == [("big_blind", 2)]
    # posting at once is still paid in full under that option
    t = _table(5, TableRules(missed_blinds="forgiven"))
    miss(t)
    t.sit_in(seat, post_now=True)
    _until_dealt_in(t, seat)
    assert t.plan.big_blind != seat and ("dead", 1) in _own_posts(t.plan, seat)


@pytest.mark.parametrize("rule", ["owed", "forgiven"])
def test_a_new_player_in_the_big_blind_owes_nothing_more(rule: str) -> None:
    t = fixed_table(TableRules(seats=9, missed_blinds=rule), button=0)
    for seat in (0, 2, 4, 6):
        t.sit(seat, "abcd"[seat // 2], 100)
    t.play_hand(passive)                # B0 SB2 BB4; next B2 SB4 BB6
    t.sit(7, "waiter", 100)
    t.play_hand(passive)
    _until_dealt_in(t, 7)
    assert t.plan.big_blind == 7 and _own_posts(t.plan, 7) == [("big_blind", 2)]


def test_heads_up_return_in_the_big_blind_pays_the_dead_small_blind() -> None:
    t = _table(3)
    t.play_hand(passive)                # B0 SB1 BB2
    t.sit_out(0)                        # 0 is the big blind after next
    t.play_hand(passive)                # heads-up: 1 and 2; the big blind passes seat 0
    t.play_hand(passive)
    assert t.player(0).mark == "MB"
    t.sit_in(0)
    _until_dealt_in(t, 0)               # three-handed again: B1 SB2 BB0
    assert (t.plan.button, t.plan.small_blind, t.plan.big_blind) == (1, 2, 0)
    assert _own_posts(t.plan, 0) == [("big_blind", 2), ("dead", 1)]


def test_missed_blinds_rule_is_checked_and_saved() -> None:
    with pytest.raises(TableError, match="missed_blinds"):
        TableRules(missed_blinds="never")
    t = _table(4, TableRules(missed_blinds="forgiven"))
    copy = table_from_dict(table_to_dict(t))
    assert copy.rules.missed_blinds == "forgiven"
    data = table_to_dict(_table(4))
    del data["rules"]["missed_blinds"]  # a session saved before the rule existed
    assert table_from_dict(data).rules.missed_blinds == "owed"
