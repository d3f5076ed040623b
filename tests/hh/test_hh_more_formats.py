"""More format features with hand-written excerpts: PokerStars "small & big blinds", Zoom,
antes and a short all-in big blind; Winamax tournaments; GGPoker hi-lo and cash drop."""

from __future__ import annotations

from omaha_eval.hh import SiteHand, read_text, replay_hand
from omaha_eval.hh.headers import ggpoker

STARS_DEAD = """PokerStars Zoom Hand #10:  Omaha Pot Limit ($0.05/$0.10) - 2014/01/01 10:00:00 ET
Table 'Z' 6-max Seat #1 is the button
Seat 1: a ($10 in chips)
Seat 2: b ($10 in chips)
Seat 3: c ($10 in chips)
Seat 4: d ($10 in chips)
b: posts small blind $0.05
c: posts big blind $0.10
d: posts small & big blinds $0.15
*** HOLE CARDS ***
d: checks
a: folds
b: calls $0.05
c: checks
*** FLOP *** [2c 3d 4h]
b: checks
c: checks
d: bets $0.25
b: folds
c: folds
Uncalled bet ($0.25) returned to d
d collected $0.33 from pot
*** SUMMARY ***
Total pot $0.35 | Rake $0.02
"""


def test_small_and_big_blinds_is_a_live_big_blind_and_a_dead_small_one():
    [hand] = read_text(STARS_DEAD)
    o = replay_hand(hand)
    assert o.ok and o.method == "engine", o.error
    # b 0.10 + c 0.10 + d 0.15 (0.10 live, 0.05 dead), less the rake
    assert o.collected["d"] == 33 and o.agrees and o.engine.posts[-1].kind == "dead"


WINAMAX_MTT = """Winamax Poker - Tournament "Freeroll" buyIn: 0€ + 0€ level: 3 - HandId: #1-7-9 - Omaha pot limit (5/20/40) - 2016/01/01 10:00:00 UTC
Table: 'Freeroll(1)#003' 6-max (real money) Seat #1 is the button
Seat 1: A (1500)
Seat 2: B (1500, 0.45€ bounty)
Seat 3: C (30)
*** ANTE/BLINDS ***
A posts ante 5
B posts ante 5
C posts ante 5
B posts small blind 20
C posts big blind 25 and is all-in
Dealt to A [As Ad Kc Kd]
*** PRE-FLOP ***
A raises 80 to 120
B calls 100
*** FLOP *** [2c 3d 4h]
B checks
A bets 200
B folds
*** TURN *** [2c 3d 4h][Ts]
*** RIVER *** [2c 3d 4h Ts][9s]
*** SHOW DOWN ***
A shows [As Ad Kc Kd] (One pair : Aces)
C shows [Qs Qd 5c 6d] (Straight)
C collected 90 from pot
A collected 390 from side pot 1
*** SUMMARY ***
Total pot 480 | No rake
"""


def test_winamax_tournament_antes_and_a_short_big_blind():
    [hand] = read_text(WINAMAX_MTT)
    assert hand.tournament and hand.scale == 1 and (hand.ante, hand.small_blind, hand.big_blind) == (5, 20, 40)
    o = replay_hand(hand)
    assert o.ok, o.error
    # main pot: antes 15 + 25 from each of the three = 90 (C's straight); side: 95 + 95 from
    # A and B, plus A's 200 returned: A collects 190 + 200 (Winamax counts the return in it)
    assert o.collected == {"A": 190, "B": 0, "C": 90}
    assert o.site_collected["A"] == 190 and o.agrees and o.returned == {"A": 200}


GG_HILO = """Poker Hand #OM5: PLO Hi/Lo ($0.5/$1) - 2021/01/01 10:00:00
Table 'H' 6-max Seat #2 is the button
Seat 1: x ($50 in chips)
Seat 2: y ($50 in chips)
Cash Drop to Pot : total $1
y: posts small blind $0.5
x: posts big blind $1
*** HOLE CARDS ***
y: calls $0.5
x: checks
*** FLOP *** [Ac 2d 7h]
x: bets $3
y: calls $3
*** TURN *** [Ac 2d 7h] [Kc]
x: checks
y: checks
*** RIVER *** [Ac 2d 7h Kc] [9s]
x: checks
y: checks
x: shows [3c 4d Kd Ks] (HI: Three Kings; LO: 7,4,3,2,A)
y: shows [Ad 8s 5c Th] (HI: Pair of Aces; LO: 8,7,5,2,A)
*** SHOWDOWN ***
x collected $8.55 from pot
*** SUMMARY ***
Total pot $9 | Rake $0.45 | Jackpot $0 | Bingo $0
"""


def test_gg_hi_lo_scoop_with_a_cash_drop_and_rake():
    [hand] = read_text(GG_HILO)
    assert hand.game == "hilo" and hand.added == 100 and hand.rake == 45
    o = replay_hand(hand)
    assert o.ok and o.collected == {"x": 855, "y": 0} and o.agrees


def test_the_deal_tells_the_hole_count_and_gg_antes_inside_the_stakes():
    text = GG_HILO.replace("PLO Hi/Lo ($0.5/$1)", "Omaha ($0.5/$1)").replace(
        "*** HOLE CARDS ***", "*** HOLE CARDS ***\nDealt to x [3c 4d Kd Ks Qh]").replace(
        "x: shows [3c 4d Kd Ks]", "x: shows [3c 4d Kd Ks Qh]")
    [hand] = read_text(text)
    assert hand.hole_cards == 5 and hand.variant == "plo5"
    header = "Poker Hand #TM1: Tournament #9, Bounty $5 Omaha Pot Limit - Level5(50/100(15)) - 2021/04/15 11:12:42"
    hand = SiteHand(site="ggpoker", file="f", line=1)
    ggpoker(header, hand)
    assert (hand.ante, hand.small_blind, hand.big_blind, hand.tournament) == (15, 50, 100, True)


def test_a_player_who_shows_part_of_his_hand_cannot_win():
    text = GG_HILO.replace("y: shows [Ad 8s 5c Th] (HI: Pair of Aces; LO: 8,7,5,2,A)", "y: shows [Ad 8s]")
    # y's two cards would not matter: x's hand is the only one tabled, x takes it all
    [hand] = read_text(text)
    assert hand.partial == {"y": ["Ad", "8s"]}
    o = replay_hand(hand)
    assert o.ok and o.collected == {"x": 855, "y": 0} and o.engine.result.mucked == [1]


def test_json_of_an_excluded_hand_names_file_hand_and_line(capsys, tmp_path):
    import json
    from omaha_eval.cli import main
    path = tmp_path / "cut.txt"
    path.write_text("\n".join(STARS_DEAD.splitlines()[:12]), encoding="utf-8")
    assert main(["hh", "--json", str(path)]) == 1  # an excluded hand: some input failed
    [record] = json.loads(capsys.readouterr().out)
    assert record["ok"] is False and record["hand_id"] == "10"
    assert record["error"] == f"{path} hand 10 line 12: cut off before its summary"
    assert [p["start"] for p in record["players"]] == [1000] * 4
