"""Every refusal is a documented library error with a message, and changes nothing (issue 10).

Regression tests for the audit's findings: refusals that changed state, and errors of the wrong
kind (IndexError, TypeError, ValueError from deep inside instead of the library's own).
"""

from __future__ import annotations

import copy
import json

import numpy as np
import pytest

from omaha_eval.cards import CardError, parse_cards
from omaha_eval.game import (GameConfig, Hand, HandSetupError, IllegalActionError, PHHError,
                             TableError, TableRules)
from omaha_eval.game.phh import hand_from_phh, hand_to_phh
from omaha_eval.game.session import save_session
from omaha_eval.game.structures import MAX_CHIPS
from omaha_eval.game.table import Table


def _plain(value: object) -> object:
    to_dict = getattr(value, "to_dict", None)
    return to_dict() if to_dict is not None else copy.deepcopy(value)


def hand_state(hand: Hand) -> tuple:
    """Everything a Hand holds (its slots; a result as its dict), copied for comparison."""
    return tuple(_plain(getattr(hand, name)) for name in Hand.__slots__)


def table_state(table: Table) -> tuple:
    seats = tuple(None if p is None else tuple(sorted(vars(p).items())) for p in table.seats)
    record = table.history[-1] if table.history else None
    return (seats, table.positions.to_dict(), table.pending_kill, table.in_hand, table.hands_played,
            len(table.history), None if record is None else (dict(record.finishing), record.kill_earned),
            table.bought_in, table.cashed_out, table.plan,
            None if table.hand is None else hand_state(table.hand))


# ---- Table.start_hand after a finished hand ----

def test_refused_start_hand_does_not_finish_the_last_hand() -> None:
    t = Table(GameConfig.no_limit(1, 2), seed=3, button=0)
    t.sit(0, "a", 50)
    t.sit(1, "b", 50)
    hand = t.start_hand(hole_cards=["AsAhAdKs", "2c3c4d7h"], board="AcKd9s8h2d")
    hand.all_in()
    hand.call()                          # player 1 busts: nobody to play the next hand
    assert hand.is_over and t.in_hand
    before = table_state(t)
    with pytest.raises(TableError, match="two players"):
        t.start_hand()
    assert table_state(t) == before      # stacks, history and positions as they were
    assert t.stacks() == {0: 50, 1: 50} and t.in_hand
    record = t.finish_hand()             # and the hand can still be finished normally
    assert record.finishing == {0: 100, 1: 0} and t.stacks() == {0: 100, 1: 0}


@pytest.mark.parametrize("bad", [dict(overblind=(0, 4)), dict(showdown="later"),
                                 dict(hole_cards=["AsAs"]), dict(seed=-1), dict(overblind=5)])
def test_refused_start_hand_with_bad_arguments_changes_nothing(bad) -> None:
    t = Table(GameConfig.fixed_limit(2, 4), seed=3, button=0)
    for seat in range(3):
        t.sit(seat, "abc"[seat], 100)
    hand = t.start_hand()
    while not hand.is_over:
        hand.fold() if hand.legal_actions().can_fold else hand.check()
    before = table_state(t)
    with pytest.raises((TableError, HandSetupError)) as info:
        t.start_hand(**bad)
    assert str(info.value)
    assert table_state(t) == before


def test_refused_save_leaves_the_file_alone(tmp_path) -> None:
    t = Table(GameConfig.fixed_limit(2, 4), seed=3)
    t.sit(0, "a", 100)
    t.sit(1, "b", 100)
    path = tmp_path / "s.json"
    save_session(t, path)
    text = path.read_text()
    t.start_hand()
    with pytest.raises(TableError, match="during a hand"):
        save_session(t, path)
    assert path.read_text() == text and json.loads(text)["format"] == "omaha_eval.table"


# ---- player arguments of a Hand ----

def _manual_showdown() -> Hand:
    hand = Hand(GameConfig.pot_limit(1, 2), [100, 100, 100], seed=1, showdown="manual")
    while hand.phase == "betting":
        hand.check_or_call()
    return hand


@pytest.mark.parametrize("bad", [7, -1, "x", [], 2.5, None.__class__, 1.0, 0.0, True, False])
def test_show_and_muck_with_a_bad_player_are_illegal_actions(bad) -> None:
    hand = _manual_showdown()
    before = hand_state(hand)
    for action in (hand.show, hand.muck, hand.verify_show, hand.verify_muck):
        with pytest.raises(IllegalActionError, match="no player|turn"):
            action(bad)
    assert not hand.can_show(bad) and not hand.can_muck(bad)
    assert hand_state(hand) == before


def test_float_or_bool_equal_to_the_actor_is_refused() -> None:
    hand = Hand(GameConfig.pot_limit(1, 2), [100, 100, 100], seed=1)
    actor = hand.actor
    before = hand_state(hand)
    for bad in (float(actor), bool(actor) if actor in (0, 1) else True, np.float64(actor)):
        for action in (hand.fold, hand.call, hand.check_or_call, hand.all_in):
            with pytest.raises(IllegalActionError, match="no player|turn"):
                action(bad)
        with pytest.raises(IllegalActionError):
            hand.raise_to(6, bad)
    assert hand_state(hand) == before
    hand.call(np.int64(actor))           # a NumPy int is an int
    assert hand.actor != actor


@pytest.mark.parametrize("bad", [2.0, True, float("nan"), "6", None, np.float64(6)])
def test_amounts_must_be_ints(bad) -> None:
    hand = Hand(GameConfig.no_limit(1, 2), [100, 100, 100], seed=1)
    before = hand_state(hand)
    for action in (hand.raise_to, hand.bet_or_raise_to, hand.verify_raise_to):
        with pytest.raises(IllegalActionError, match="must be an int"):
            action(bad)
    assert hand_state(hand) == before
    hand.raise_to(np.int64(6))
    assert hand.level == 6 and type(hand.level) is int


def test_hole_cards_of_no_player() -> None:
    hand = Hand(GameConfig.pot_limit(1, 2), [100, 100], seed=1)
    for bad in (2, -1, "0", 0.0):
        with pytest.raises(IllegalActionError, match="no player"):
            hand.hole_cards(bad)


# ---- set-up ----

@pytest.mark.parametrize("kwargs, match", [
    (dict(seed=-1), "seed"), (dict(seed=1.5), "seed"), (dict(seed="x"), "seed"),
    (dict(seed=True), "seed"), (dict(unknown_cards=["x"]), "unknown_cards"),
    (dict(unknown_cards=5), "unknown_cards"), (dict(unknown_cards=[60]), "unknown_cards"),
    (dict(hole_cards=5), "hole_cards"), (dict(board=5), "board"), (dict(deck=5.0), "deck"),
    (dict(seats=5), "seats"), (dict(posts=5), "posts"), (dict(posts=[5]), "Post"),
])
def test_bad_set_up_is_a_hand_setup_error(kwargs, match) -> None:
    with pytest.raises(HandSetupError, match=match):
        Hand(GameConfig.pot_limit(1, 2), [100, 100], **kwargs)


@pytest.mark.parametrize("stacks", [5, None, "100", [100, 2 ** 70], [100, MAX_CHIPS + 1]])
def test_bad_stacks(stacks) -> None:
    with pytest.raises(HandSetupError, match="stack"):
        Hand(GameConfig.no_limit(1, 2), stacks)


def test_chip_limit_stacks_can_go_all_in_in_no_limit() -> None:
    hand = Hand(GameConfig.no_limit(1, 2), [MAX_CHIPS, MAX_CHIPS], seed=1)
    hand.all_in()
    hand.call()
    assert hand.is_over and sorted(hand.stacks) in ([0, 2 * MAX_CHIPS], [MAX_CHIPS, MAX_CHIPS])


def test_table_refuses_chips_above_the_limit() -> None:
    t = Table(GameConfig.no_limit(1, 2), seed=1)
    t.sit(0, "a", MAX_CHIPS - 10)
    with pytest.raises(TableError, match="chip limit"):
        t.sit(1, "b", 11)
    t.sit(1, "b", 10)
    with pytest.raises(TableError, match="chip limit"):
        t.add_chips(1, 1)
    assert t.total_chips() == MAX_CHIPS and t.bought_in == MAX_CHIPS
    hand = t.start_hand()
    hand.all_in()
    hand.call()
    assert sum(t.finish_hand().finishing.values()) == MAX_CHIPS


def test_table_options_are_checked() -> None:
    for bad in (dict(name=5), dict(seat_base="1"), dict(seed=-1)):
        with pytest.raises(TableError):
            Table(GameConfig.no_limit(1, 2), **bad)
    for bad in (dict(chop="yes"), dict(overblind=1), dict(straddle=None)):
        with pytest.raises(TableError, match="True or False"):
            TableRules(**bad)


# ---- PHH ----

BASE = hand_to_phh(Hand(GameConfig.fixed_limit(2, 4, game="hilo"), [100, 100, 100], seed=3))


@pytest.mark.parametrize("text, match", [
    (BASE.replace("variant = 'FO/8'", "variant = ['FO/8']"), "variant"),
    (BASE.replace("'d dh p1", "'p\u00b2 f', 'd dh p1", 1), "unknown actor"),
    (BASE.replace("'d dh p1", "'p99999999999999999999 f', 'd dh p1", 1), "unknown actor"),
    ("variant\x00 = 'FO/8'", "NUL"),
    ("abc\x00", "NUL"),
    (b"\xff\xfe = 1\n", "UTF-8"),
    (BASE + "_half_bet_reopens = 'false'\n", "_half_bet_reopens"),
    (BASE.replace("ante_trimming_status = false", "ante_trimming_status = 'no'"), "ante_trimming"),
    (BASE + "_show_all = 1\n", "_show_all"),
    (BASE + "_posts = ['p1 small_blind \u00b2']\n", "_posts"),
    (BASE.replace("']", "', 'p3 cbr \u0663']", 1), "not an integer"),
    (BASE.replace("']", "', 'p3 cbr 1_0']", 1), "not an integer"),
    (BASE.replace("']", "', 'p3 cbr " + "9" * 5000 + "']", 1), "not an integer"),
    (BASE.replace("starting_stacks = [100", f"starting_stacks = [{MAX_CHIPS + 1}"), "chip limit"),
    (5, "PHH source"), (None, "PHH source"), (["variant"], "PHH source"),
])
def test_bad_phh_is_a_phh_error(text, match) -> None:
    with pytest.raises(PHHError, match=match):
        hand_from_phh(text)


def test_phh_half_bet_reopens_false_is_read() -> None:
    hand = hand_from_phh(BASE + "_half_bet_reopens = false\n")
    assert hand.config.structure.half_bet_reopens is False


def test_phh_shown_cards_that_cannot_be_read() -> None:
    config = GameConfig.fixed_limit(2, 4, show_all=True)
    hand = Hand(config, [100, 100], seed=3)
    while not hand.is_over:
        hand.check_or_call()
    text = hand_to_phh(hand)
    assert "sm " in text
    bad = text.replace("sm ", "sm X", 1)
    with pytest.raises(PHHError, match="card"):
        hand_from_phh(bad)


# ---- cards ----

@pytest.mark.parametrize("bad", [5, 5.5, None, np.array(1.0), np.array([1.0, 2.0]),
                                 np.array([True]), np.array([["As"]]), object()])
def test_parse_cards_of_things_that_are_not_cards(bad) -> None:
    with pytest.raises(CardError) as info:
        parse_cards(bad)
    assert str(info.value)


def test_parse_cards_of_text_arrays() -> None:
    assert parse_cards(np.array(["As", "Kd"])).tolist() == [51, 45]
    assert parse_cards(np.array("AsKd")).tolist() == [51, 45]
    assert parse_cards(np.array(["As"], dtype=object)).tolist() == [51]


def test_scaled_config_and_rules_from_dict_are_checked() -> None:
    config = GameConfig.pot_limit(1, 2)
    for num, den in ((0, 1), (2, 0), (1.5, 1), (True, 1), ("2", 1)):
        with pytest.raises(HandSetupError, match="positive int"):
            config.scaled(num, den)
    assert config.scaled(3, 2).big_blind == 3
    for bad in (5, None, ["kill"]):
        with pytest.raises(TableError, match="dict"):
            TableRules.from_dict(bad)


def test_hand_to_phh_arguments_are_checked() -> None:
    hand = Hand(GameConfig.pot_limit(1, 2), [100, 100], seed=1)
    for bad in (dict(hand=5), dict(hand=hand, extra=[("author", "x")]),
                dict(hand=hand, extra={"author": object()}), dict(hand=hand, extra={"t": {"a": 1}})):
        with pytest.raises(PHHError):
            hand_to_phh(**bad)
