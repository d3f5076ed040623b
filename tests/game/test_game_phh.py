"""PHH import, replay and export: the WSOP 2023 hands, round trips, variant codes, errors."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from game_helpers import WSOP_DIR, assert_same_hand

from omaha_eval.game import DEAD, KILL, FixedLimit, GameConfig, Hand, PHHError, Post
from omaha_eval.game.phh import VARIANTS, hand_from_phh, hand_to_phh, parse_phh, replay, to_toml
from omaha_eval.game.randomplay import play_random

EXPECTED = WSOP_DIR / "expected.json"
needs_wsop = pytest.mark.skipif(not EXPECTED.exists(), reason="../shared/data/phh not available")
WSOP_FILES = sorted(json.loads(EXPECTED.read_text())) if EXPECTED.exists() else []


@needs_wsop
def test_all_21_wsop_hands_are_there():
    assert len(WSOP_FILES) == 21


@needs_wsop
@pytest.mark.parametrize("name", WSOP_FILES)
def test_wsop_hand_replays_to_the_expected_stacks(name):
    expected = json.loads(EXPECTED.read_text())[name]
    hand = hand_from_phh(WSOP_DIR / name)
    assert hand.is_over
    assert parse_phh(WSOP_DIR / name).variant == expected["variant"]
    assert list(hand.starting_stacks) == expected["starting_stacks"]
    assert list(hand.stacks) == expected["finishing_stacks"]


@needs_wsop
@pytest.mark.parametrize("name", WSOP_FILES)
def test_wsop_hand_round_trip(name):
    record = parse_phh(WSOP_DIR / name)
    hand = hand_from_phh(WSOP_DIR / name)
    text = hand_to_phh(hand, cards_per_action=True, extra=record.fields)
    again = parse_phh(text)
    assert again.actions == record.actions  # the same actions, unknown cards still '??'
    assert {k: v for k, v in again.fields.items() if k != "finishing_stacks"} == record.fields
    assert again.fields["finishing_stacks"] == list(hand.stacks)
    assert_same_hand(hand, hand_from_phh(text))


HEADS_UP = """
variant = 'FO/8'
antes = [0, 0]
blinds_or_straddles = [1, 2]
small_bet = 2
big_bet = 4
starting_stacks = [100, 200]
actions = ['d dh p1 AsKs2c3c', 'd dh p2 QdJdTh9h', 'p2 cbr 4', 'p1 cc', 'd db 4c5d8h',
           'p1 cc', 'p2 cc', 'd db 9c', 'p1 cc  # commentary is ignored', 'p2 cc', 'd db Kd',
           'p1 cbr 4', 'p2 f']
"""


def _reverse_show_runs(actions):
    """The actions with every run of consecutive showdown actions in reverse order."""
    out, run = [], []
    for action in list(actions) + [None]:
        if action is not None and not action.startswith("d ") and " sm" in action:
            run.append(action)
            continue
        out += run[::-1]
        run = []
        if action is not None:
            out.append(action)
    return out


@needs_wsop
@pytest.mark.parametrize("name", WSOP_FILES)
def test_wsop_hand_replays_with_shows_in_another_order(name):
    # another engine's show order changes no payout: out-of-turn shows wait for their turn
    record = parse_phh(WSOP_DIR / name)
    record.actions = _reverse_show_runs(record.actions)
    expected = json.loads(EXPECTED.read_text())[name]
    assert replay(record).result.finishing_stacks == expected["finishing_stacks"]


@needs_wsop
def test_a_player_cannot_show_twice_out_of_turn():
    name = next(n for n in WSOP_FILES
                if sum(" sm" in a for a in parse_phh(WSOP_DIR / n).actions) >= 2)
    record = parse_phh(WSOP_DIR / name)
    shows = [a for a in record.actions if " sm" in a and not a.startswith("d ")]
    record.actions = _reverse_show_runs(record.actions)
    late = shows[-1]
    record.actions.insert(record.actions.index(late) + 1, late)
    with pytest.raises(PHHError, match="twice|turn"):
        replay(record)


def test_heads_up_blinds_are_reversed():
    hand = hand_from_phh(HEADS_UP)
    assert hand.button == 1
    assert sorted((p.player, p.kind, p.amount) for p in hand.posts) == [(0, "big_blind", 2), (1, "small_blind", 1)]
    assert hand.is_over and hand.stacks == (104, 196)
    assert hand.config.structure == FixedLimit(2, 4, 3, None)
    assert hand.config.game == "hilo"


def test_export_deals_one_action_per_player_or_per_card():
    hand = hand_from_phh(HEADS_UP)
    per_player = parse_phh(hand_to_phh(hand)).actions
    assert per_player[:2] == ["d dh p1 AsKs2c3c", "d dh p2 QdJdTh9h"]
    per_card = parse_phh(hand_to_phh(hand, cards_per_action=True)).actions
    assert per_card[:4] == ["d dh p1 As", "d dh p2 Qd", "d dh p1 Ks", "d dh p2 Jd"]
    assert per_card[8:] == per_player[2:]


def test_partial_history_leaves_the_hand_open():
    text = HEADS_UP.replace("'p1 cbr 4', 'p2 f'", "")
    hand = hand_from_phh(text)
    assert not hand.is_over and hand.street == 3 and hand.actor == 0
    assert "finishing_stacks" not in parse_phh(hand_to_phh(hand)).fields


def test_unknown_hole_cards_stay_unknown():
    text = HEADS_UP.replace("'d dh p2 QdJdTh9h'", "'d dh p2 ????????'")
    hand = hand_from_phh(text)
    assert len(hand.unknown_cards) == 4 and set(hand.hole_cards(1)) == set(hand.unknown_cards)
    assert "d dh p2 ????????" in parse_phh(hand_to_phh(hand)).actions


def test_cards_shown_later_fill_unknown_hole_cards():
    text = HEADS_UP.replace("'d dh p2 QdJdTh9h'", "'d dh p2 ????????'").replace(
        "'p1 cbr 4', 'p2 f'", "'p1 cc', 'p2 cc', 'p1 sm AsKs2c3c', 'p2 sm QdJdTh9h'")
    hand = hand_from_phh(text)
    assert hand.is_over and not hand.unknown_cards
    assert hand.result.shown[1] == hand.hole_cards(1)


@pytest.mark.parametrize("code", sorted(VARIANTS))
def test_every_variant_code_round_trips(code):
    kind, game = VARIANTS[code]
    make = {"fixed": lambda: GameConfig.fixed_limit(4, 8, game=game),
            "spread": lambda: GameConfig.spread_limit(2, 10, game=game, late_max_bet=20),
            "pot": lambda: GameConfig.pot_limit(1, 2, game=game, ante=1),
            "no": lambda: GameConfig.no_limit(1, 2, game=game, late_min_bet=4, straddle=4)}[kind]
    rng = random.Random(code)
    for _ in range(20):
        n = rng.randint(2, 7)
        hand = Hand(make(), [rng.randint(5, 120) for _ in range(n)], button=rng.randrange(n),
                    seed=rng.randrange(10**6), showdown=rng.choice(["auto", "manual"]))
        play_random(hand, rng)
        text = hand_to_phh(hand)
        assert parse_phh(text).variant == code
        assert_same_hand(hand, hand_from_phh(text))


def test_table_set_ups_round_trip():
    base = GameConfig.fixed_limit(2, 4, game="hilo", max_raises=4, heads_up_max_raises=2,
                                  half_bet_reopens=False, show_all=True)
    kill = base.with_structure(FixedLimit(4, 8, 4, 2, False))
    posts = [Post(1, "small_blind", 1), Post(2, "big_blind", 2), Post(4, KILL, 4), Post(0, DEAD, 1),
             Post(0, "live", 2)]
    hand = Hand(kill, [50, 60, 70, 80, 90], button=0, posts=posts, first_to_act=3, seed=11)
    play_random(hand, random.Random(3))
    text = hand_to_phh(hand)
    fields = parse_phh(text).fields
    assert fields["_posts"] == ["p1 small_blind 1", "p2 big_blind 2", "p4 kill 4", "p5 dead 1", "p5 live 2"]
    assert fields["blinds_or_straddles"] == [1, 2, 0, 4, 2]
    assert fields["_first_to_act"] == 3
    assert fields["_max_raises"] == 4 and fields["_heads_up_max_raises"] == 2
    assert_same_hand(hand, hand_from_phh(text))


def test_extra_fields_are_written_but_never_override_the_hand():
    hand = hand_from_phh(HEADS_UP)
    text = hand_to_phh(hand, extra={"event": "it's a test", "players": ["A", "B"], "_sponsor": "x",
                                    "finishing_stacks": [1, 2], "variant": "PO"})
    fields = parse_phh(text).fields
    assert fields["event"] == "it's a test" and fields["players"] == ["A", "B"] and fields["_sponsor"] == "x"
    assert fields["variant"] == "FO/8" and fields["finishing_stacks"] == [104, 196]


@pytest.mark.parametrize("change, match", [
    (("'FO/8'", "'NT'"), "not an Omaha variant"),
    (("'p2 cbr 4', 'p1 cc'", "'p2 cbr 5', 'p1 cc'"), r"action 2 'p2 cbr 5': raise to 5 is above the fixed-limit maximum 4"),
    (("'p2 cbr 4', 'p1 cc'", "'p1 cbr 4', 'p1 cc'"), r"action 2 'p1 cbr 4': it is p2's turn, not p1's"),
    (("'p2 f'", "'p3 f'"), "unknown actor 'p3'"),
    (("'p2 f'", "'p2 xx'"), "unknown or unsupported action"),
    (("'p2 f'", "'p2 cbr x'"), "not an integer"),
    (("starting_stacks = [100, 200]", "starting_stacks = [100]"), "2 to 11"),
    (("small_bet = 2", ""), "missing field 'small_bet'"),
    (("[1, 2]", "[1, 2, 3]"), "3 entries for 2 players"),
    (("'d db 9c'", "'d db 9x'"), "unknown card"),
    (("'p1 cc', 'd db 4c5d8h'", "'d db 4c5d8h', 'p1 cc'"), "before the betting round is over"),
    (("variant", "variant = = "), "not valid TOML"),
])
def test_errors_name_the_problem(change, match):
    old, new = change
    assert old in HEADS_UP
    with pytest.raises(PHHError, match=match):
        hand_from_phh(HEADS_UP.replace(old, new, 1))


def test_missing_file():
    with pytest.raises(PHHError, match="cannot read"):
        hand_from_phh(Path("no/such/file.phh"))


def test_to_toml_quotes():
    text = to_toml({"a": "it's", "b": 'say "hi"', "c": [1, True, "x"], "d": 1.5})
    assert text == "a = \"it's\"\nb = 'say \"hi\"'\nc = [1, true, 'x']\nd = 1.5\n"


def test_shows_before_the_board_when_all_in():
    text = """
variant = 'PO'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [6, 6]
actions = ['d dh p1 AsKs2c3c', 'd dh p2 QdJdTh9h', 'p2 cbr 6', 'p1 cc', 'p2 sm QdJdTh9h',
           'p1 sm AsKs2c3c', 'd db 4c5d8h', 'd db 9c', 'd db Kd']
"""
    hand = hand_from_phh(text)
    assert hand.is_over and hand.stacks == (12, 0)  # kings beat nines
    again = parse_phh(hand_to_phh(hand)).actions
    assert again[-2:] == ["p2 sm QdJdTh9h", "p1 sm AsKs2c3c"]  # the raiser first; we deal, then show
