"""Save and resume a session as plain JSON; write the session's hands as PHH files."""

from __future__ import annotations

import json

import pytest

from omaha_eval.game import GameConfig
from omaha_eval.game.bots import RandomBot
from omaha_eval.game.phh import parse_phh
from omaha_eval.game.seating import TableError, TableRules
from omaha_eval.game.session import (load_session, save_session, table_from_dict, table_to_dict,
                                     write_history)
from omaha_eval.game.table import Table


def _policy_for(table: Table):
    # a random bot seeded by the hand number: the same decisions whether resumed or not
    def policy(tb, seat, legal):
        bot = RandomBot([tb.seed, tb.plan.number, len(tb.hand.history)])
        return bot(tb, seat, legal)
    return policy


def _events(table: Table, k: int) -> None:
    # scripted comings and goings, keyed by hand number
    if k == 3:
        table.sit_out(4)
    if k == 7:
        table.sit_in(4, post_now=True)
    if k == 9:
        table.sit(6, "late", 120, post_now=True)
    if k == 12:
        table.leave(1)
    for seat, p in enumerate(table.seats):
        if p is not None and p.stack == 0:
            table.add_chips(seat, 100)


def _new_table() -> Table:
    t = Table(GameConfig.fixed_limit(2, 4, game="hilo"), TableRules(kill="kill", kill_min_pot=30,
                                                                     chop=True), seed=42, name="t1")
    for seat in (0, 1, 2, 4, 7):
        t.sit(seat, f"p{seat}", 100)
    return t


def _play(table: Table, first: int, last: int) -> list:
    out = []
    for k in range(first, last):
        _events(table, k)
        record = table.play_hand(_policy_for(table))
        out.append((record.plan.to_dict(), dict(record.finishing), record.to_phh()))
    return out


def test_resumed_session_plays_exactly_like_an_uninterrupted_one(tmp_path) -> None:
    straight = _new_table()
    expected = _play(straight, 0, 30)
    resumed = _new_table()
    first = _play(resumed, 0, 14)
    path = tmp_path / "session.json"
    save_session(resumed, path)
    data = json.loads(path.read_text())            # plain JSON: seats, stacks, button, owed blinds
    assert data["positions"]["button"] == first[-1][0]["button"]
    assert [s and s["stack"] for s in data["seats"]] == [
        p and p.stack for p in resumed.seats]
    again = load_session(path)
    second = _play(again, 14, 30)
    assert first + second == expected
    assert again.total_chips() == again.bought_in - again.cashed_out


def test_owed_blinds_and_pending_kill_survive_a_save() -> None:
    t = Table(GameConfig.fixed_limit(2, 4, game="hilo"), TableRules(kill="kill", kill_min_pot=6), seed=1)
    for seat in range(4):
        t.sit(seat, "abcd"[seat], 100)
    t.play_hand(lambda tb, s, legal: ("check",) if legal.can_check else ("call",),
                hole_cards=["AcTd2dKh", "QcQhJsJh", "TcTh9c9h", "8s8h7s7h"], board="3c4d5hKsKd")
    t.sit_out(3)
    t.play_hand(lambda tb, s, legal: ("check",) if legal.can_check else ("fold",))
    assert t.player(3).mark == "MB"
    copy = table_from_dict(json.loads(json.dumps(table_to_dict(t))))
    assert copy.player(3).mark == "MB" and copy.pending_kill == t.pending_kill
    assert copy.next_plan() == t.next_plan()


def test_cannot_save_during_a_hand_and_bad_files_are_refused() -> None:
    t = _new_table()
    t.start_hand()
    with pytest.raises(TableError, match="during a hand"):
        table_to_dict(t)
    with pytest.raises(TableError, match="not a saved table"):
        table_from_dict({"format": "other"})
    with pytest.raises(TableError, match="version"):
        table_from_dict({"format": "omaha_eval.table", "version": 99})


def test_history_written_as_phh_files_with_seats_and_table_state(tmp_path) -> None:
    t = _new_table()
    _play(t, 0, 12)
    paths = write_history(t, tmp_path / "hh")
    assert len(paths) == 12
    record = parse_phh(open(paths[-1], encoding="utf-8").read())
    fields = record.fields
    assert fields["hand"] == 12 and fields["table"] == "t1" and fields["seat_count"] == 10
    assert sorted(fields["seats"]) == [s + 1 for s in t.history[-1].plan.seats]
    assert fields["_button_seat"] == t.history[-1].plan.button + 1
    assert len(fields["_table_stacks"]) == 10


def test_hand_with_dead_and_live_blinds_and_a_dead_button_replays_from_phh() -> None:
    from omaha_eval.game.phh import hand_from_phh

    t = Table(GameConfig.fixed_limit(2, 4), TableRules(), seed=9, button=0)
    for seat in range(5):
        t.sit(seat, "abcde"[seat], 100)
    calling = lambda tb, s, legal: ("check",) if legal.can_check else ("call",)   # noqa: E731
    t.play_hand(calling)                 # B0 SB1 BB2
    t.sit_out(3)
    t.play_hand(calling)                 # 3 misses the big blind
    t.sit_in(3, post_now=True)
    t.play_hand(calling)
    t.leave(4)                           # last hand's small blind: the button is dead
    record = t.play_hand(calling)        # B4 (dead) SB0 BB1, seat 3 pays live + dead
    assert record.plan.dead_button and {p.kind for p in record.plan.posts_of(3)} == {"live", "dead"}
    text = record.to_phh()
    assert "_dead_button = true" in text and "_button_seat = 5" in text
    hand = hand_from_phh(text)
    assert sorted(p.kind for p in hand.posts) == sorted(p.kind for p in record.hand.posts)
    n, button = record.hand.n_players, record.hand.button
    phh_seats = [record.plan.seats[(button + 1 + k) % n] for k in range(n)]
    assert list(hand.result.finishing_stacks) == [record.finishing[s] for s in phh_seats]
