"""Parser features with small hand-written excerpts; bad input with a clear error and line."""

from __future__ import annotations

import pytest

from omaha_eval.hh import HHError, read_text, replay_hand
from omaha_eval.hh.text import decode

GG = """Poker Hand #OM9: PLO-5 ($0.1/$0.25) - 2021/04/13 10:03:48
Table 'T' 6-max Seat #3 is the button
Seat 1: a ($5 in chips)
Seat 3: b ($15.35 in chips)
Seat 4: c ($31.73 in chips)
c: posts small blind $0.1
a: posts big blind $0.25
b: straddle $0.5
b: straddle $15.35 and is all-in
*** HOLE CARDS ***
c: folds
a: folds
Uncalled bet ($15.1) returned to b
*** SHOWDOWN ***
b collected $0.6 from pot
*** SUMMARY ***
Total pot $0.6 | Rake $0 | Jackpot $0 | Bingo $0
"""

STARS_RIT = """PokerStars Hand #1:  Omaha Pot Limit ($1/$2 USD) - 2013/04/11 11:57:19 ET
Table 'X' 6-max Seat #1 is the button
Seat 1: p ($10 in chips)
Seat 2: q ($10 in chips)
p: posts small blind $1
q: posts big blind $2
*** HOLE CARDS ***
p: raises $8 to $10 and is all-in
q: calls $8 and is all-in
*** FLOP *** [2c 3d 9h]
*** FIRST TURN *** [2c 3d 9h] [Ks]
*** FIRST RIVER *** [2c 3d 9h Ks] [Kd]
*** SECOND TURN *** [2c 3d 9h] [4c]
*** SECOND RIVER *** [2c 3d 9h 4c] [5c]
*** FIRST SHOW DOWN ***
p: shows [Ah Ac 7s 7d] (a pair)
q: shows [Kc Qh 6s 6d] (trips)
q collected $9.75 from pot
*** SECOND SHOW DOWN ***
p collected $9.75 from pot
*** SUMMARY ***
Total pot $20 | Rake $0.50
"""

WINAMAX = """Winamax Poker - CashGame - HandId: #1-2-3 - Omaha pot limit (1€/2€) - 2014/07/30 01:25:40 UTC
Table: 'P' 5-max (real money) Seat #1 is the button
Seat 1: A B (100€)
Seat 2: C (100€)
Seat 3: D (100€)
*** ANTE/BLINDS ***
C posts small blind 1€
D posts big blind 2€
A B posts small blind 1€ out of position
*** PRE-FLOP ***
A B raises 5€ to 7€
C folds
D folds
A B collected 11€ from pot
*** SUMMARY ***
Total pot 11€ | No rake
"""


def test_gg_straddle_is_a_to_amount_and_may_come_twice():
    [hand] = read_text(GG)
    o = replay_hand(hand)
    assert o.ok and o.agrees and o.collected["b"] == 60 and o.returned["b"] == 1510
    assert hand.hole_cards == 5 and hand.variant == "plo5"


def test_run_it_twice_each_run_its_share_after_rake():
    [hand] = read_text(STARS_RIT)
    assert hand.boards == [["2c", "3d", "9h", "Ks", "Kd"], ["2c", "3d", "9h", "4c", "5c"]]
    o = replay_hand(hand)
    assert o.ok, o.error
    # run 1 (K K on board): q's Kc makes trips; run 2 (2 3 4 5 9): no straight for either
    # (two hole cards exactly), p's aces beat q's sixes: one share of 975 each
    assert o.collected == {"p": 975, "q": 975} and o.agrees and len(o.engine.boards) == 2


def test_winamax_dead_small_blind_and_uncalled_inside_collected():
    [hand] = read_text(WINAMAX)
    assert [p.kind for p in hand.posts] == ["small_blind", "big_blind", "small_out"]
    o = replay_hand(hand)
    assert o.ok and o.agrees
    # the raise to 7 is called by nobody: 5 back, in Winamax's "collected 11"; the pot is
    # 1 + 2 + the dead 1 + the 2 matched
    assert o.returned["A B"] == 500 and o.collected["A B"] == 600 and o.site_collected["A B"] == 600


def test_encodings_and_crlf_give_the_same_hand():
    base = read_text(WINAMAX)[0]
    for data in (WINAMAX.encode("utf-8-sig"), WINAMAX.encode("utf-16"),
                 WINAMAX.encode("cp1252"), WINAMAX.replace("\n", "\r\n").encode("utf-8")):
        [hand] = read_text(decode(data))
        assert hand.collected == base.collected and hand.seats == base.seats


def test_many_hands_per_file_and_text_between():
    [a, b] = read_text("junk line\n\n" + GG + "\n\n\n" + WINAMAX)
    assert (a.site, b.site) == ("ggpoker", "winamax")
    assert b.line == GG.count("\n") + 6


def test_cut_off_hand_is_reported_with_its_line():
    cut = "\n".join(STARS_RIT.splitlines()[:9])
    [hand] = read_text(cut)
    o = replay_hand(hand)
    assert not o.ok and "cut off before its summary" in o.error and "line 9" in o.error


def test_garbage_and_wrong_encoding_errors_name_the_line():
    with pytest.raises(HHError, match="line 2: no hand of a known site"):
        read_text("\nthis is not a hand history\n")
    with pytest.raises(HHError, match="NUL bytes"):
        decode(WINAMAX.encode("utf-16-le"))


def test_corrupt_action_line_is_a_problem_with_its_line():
    text = GG.replace("a: folds", "a: flaps wildly")
    [hand] = read_text(text)
    o = replay_hand(hand)
    assert not o.ok and "unrecognised action of a" in o.error and "line 12" in o.error


def test_amount_finer_than_the_unit_is_an_error():
    text = GG.replace("($5 in chips)", "($5.001 in chips)")
    [item] = read_text(text)
    assert isinstance(item, HHError) and "finer than the unit" in str(item) and item.line == 3


STARS_FL = """PokerStars Hand #5:  Omaha Hi/Lo Limit ($0.10/$0.20 USD) - 2012/01/01 10:00:00 ET
Table 'L' 6-max Seat #1 is the button
Seat 1: a ($5 in chips)
Seat 2: b ($5 in chips)
Seat 3: c ($5 in chips) is sitting out
a: posts small blind $0.05
b: posts big blind $0.10
*** HOLE CARDS ***
a: raises $0.10 to $0.20
b: raises $0.10 to $0.30
a: calls $0.10
*** FLOP *** [2c 3d 4h]
b: bets $0.10
a: calls $0.10
*** TURN *** [2c 3d 4h] [Kd]
b: bets $0.20
a: folds
Uncalled bet ($0.20) returned to b
b collected $0.78 from pot
b: doesn't show hand
*** SUMMARY ***
Total pot $0.80 | Rake $0.02
"""


def test_fixed_limit_stakes_are_the_bets_and_sitting_out_players_are_not_dealt_in():
    [hand] = read_text(STARS_FL)
    assert (hand.limit, hand.small_bet, hand.big_bet, hand.game) == ("fixed", 10, 20, "hilo")
    o = replay_hand(hand)
    assert o.ok, o.error
    assert o.players == ["a", "b"] and o.collected == {"a": 0, "b": 78} and o.agrees
    assert o.engine.config.structure.small_bet == 10 and o.engine.config.big_blind == 10


def test_go_fast_is_cash():
    text = WINAMAX.replace("CashGame", 'Go Fast "Kiwi"')
    [hand] = read_text(text)
    assert not hand.tournament and hand.scale == 100 and replay_hand(hand).agrees


def test_actions_the_state_machine_refuses_are_settled_from_the_chips():
    # b acts out of turn (a site rule we do not model): the pots still come from the chips
    text = STARS_FL.replace("a: raises $0.10 to $0.20\nb: raises $0.10 to $0.30\na: calls $0.10",
                            "b: checks\na: calls $0.05")
    [hand] = read_text(text.replace("b collected $0.78", "b collected $0.38").replace(
        "Total pot $0.80", "Total pot $0.40"))
    o = replay_hand(hand)
    assert o.ok and o.method == "chips" and o.engine is None
    assert "refused the text's actions" in o.notes[0] and "line 9" in o.notes[0]
    assert o.collected == {"a": 0, "b": 38} and o.agrees and o.returned == {"b": 20}
