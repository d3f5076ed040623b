"""Table errors: clear messages, and the table exactly as before after a refused operation."""

from __future__ import annotations

import json

import pytest

from omaha_eval.game import GameConfig, HandSetupError
from omaha_eval.game.seating import TableError, TableRules
from omaha_eval.game.session import table_to_dict
from omaha_eval.game.table import Table

from table_helpers import passive


def _table() -> Table:
    t = Table(GameConfig.pot_limit(1, 2), TableRules(seats=6), seed=3)
    for seat in range(3):
        t.sit(seat, "abc"[seat], 100)
    return t


def _snapshot(t: Table) -> str:
    return json.dumps(table_to_dict(t), sort_keys=True)


def test_seat_errors() -> None:
    t = _table()
    with pytest.raises(TableError, match="seat 1 is taken by b"):
        t.sit(1, "x", 100)
    with pytest.raises(TableError, match="seat must be 0..5"):
        t.sit(6, "x", 100)
    with pytest.raises(TableError, match="positive int"):
        t.sit(4, "x", 0)
    with pytest.raises(TableError, match="non-empty string"):
        t.sit(4, "", 10)
    with pytest.raises(TableError, match="seat 5 is empty"):
        t.leave(5)
    with pytest.raises(TableError, match="button must be a seat 0..5"):
        Table(GameConfig.pot_limit(1, 2), TableRules(seats=6), button=6)


def test_no_hand_with_fewer_than_two_players() -> None:
    t = Table(GameConfig.pot_limit(1, 2), seed=1)
    t.sit(0, "a", 100)
    t.sit(1, "b", 100, sitting_out=True)
    assert not t.can_start()
    with pytest.raises(TableError, match="two players able to play; 1 present"):
        t.start_hand()
    assert t.hands_played == 0


def test_leaving_or_topping_up_during_the_hand_is_refused() -> None:
    t = _table()
    t.start_hand()
    before = (t.stacks(), t.bought_in, t.cashed_out)
    with pytest.raises(TableError, match="in the hand being played"):
        t.leave(0)
    with pytest.raises(TableError, match="in the hand being played"):
        t.add_chips(1, 50)
    assert (t.stacks(), t.bought_in, t.cashed_out) == before
    t.sit(4, "late", 100)                 # sitting down during a hand is fine
    assert 4 not in t.plan.seats
    with pytest.raises(TableError, match="not over"):
        t.start_hand()
    with pytest.raises(TableError, match="not over"):
        t.finish_hand()


def test_bad_cards_leave_the_table_unchanged() -> None:
    t = _table()
    t.play_hand(passive)
    t.sit_out(1)
    before = _snapshot(t)
    with pytest.raises(HandSetupError):
        t.start_hand(board="AsAs")
    assert _snapshot(t) == before and not t.in_hand
    t.start_hand()                         # and the table goes on
    assert t.hands_played == 2


def test_next_plan_changes_nothing() -> None:
    t = _table()
    t.play_hand(passive)
    t.sit_out(2)
    before = _snapshot(t)
    first = t.next_plan()
    assert t.next_plan() == first and _snapshot(t) == before


def test_legal_actions_between_hands_is_an_error() -> None:
    t = _table()
    with pytest.raises(TableError, match="no hand"):
        t.legal_actions()
    with pytest.raises(TableError, match="no hand has been played"):
        t.finish_hand()
