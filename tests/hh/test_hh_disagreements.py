"""The four classes of disagreement of issue 26, each with a hand of our own in the site's
format, and the total pot check that reports a disagreement instead of accepting it."""

from __future__ import annotations

from omaha_eval.hh import read_text, replay_hand

GG_STRADDLE_AFTER_BLIND = """Poker Hand #OM900001: PLO ($25/$50) - 2021/04/13 10:03:48
Table 'PLOGold1' 6-max Seat #1 is the button
Seat 1: aaaa1111 ($5000 in chips)
Seat 2: bbbb2222 ($5000 in chips)
Seat 3: ce67ea41 ($5000 in chips)
Seat 4: Hero ($5000 in chips)
bbbb2222: posts small blind $25
ce67ea41: posts big blind $50
ce67ea41: straddle $100
*** HOLE CARDS ***
Dealt to aaaa1111
Dealt to bbbb2222
Dealt to ce67ea41
Dealt to Hero [Ad Kd Qh Jh]
Hero: calls $100
aaaa1111: folds
bbbb2222: folds
ce67ea41: checks
*** FLOP *** [2c 7d 9s]
ce67ea41: checks
Hero: bets $150
ce67ea41: folds
Uncalled bet ($150) returned to Hero
*** SHOWDOWN ***
Hero collected $214 from pot
*** SUMMARY ***
Total pot $225 | Rake $11 | Jackpot $0 | Bingo $0
Board [2c 7d 9s]
Seat 1: aaaa1111 (button) folded before Flop (didn't bet)
Seat 2: bbbb2222 (small blind) folded before Flop
Seat 3: ce67ea41 (big blind) folded on the Flop
Seat 4: Hero collected ($214)
"""

# GGPoker 5-card PLO run twice with a jackpot fee: the site values the runs unequally after
# its rake and jackpot (93.50 and 96.50 of the 190 left); each run's winner is the engine's
GG_RIT_JACKPOT = """Poker Hand #OM900002: PLO-5 ($2/$5) - 2021/04/13 10:03:48
Table 'PLO-5Gold1' 6-max Seat #3 is the button
Seat 1: Hero ($100 in chips)
Seat 2: 1a2b3c4d ($100 in chips)
Seat 3: 9f8e7d6c ($200 in chips)
Hero: posts small blind $2
1a2b3c4d: posts big blind $5
*** HOLE CARDS ***
Dealt to Hero [Ad Jd Jc Ks 2h]
Dealt to 1a2b3c4d
Dealt to 9f8e7d6c
9f8e7d6c: folds
Hero: raises $13 to $15
1a2b3c4d: raises $85 to $100 and is all-in
Hero: calls $85 and is all-in
Hero: shows [Ad Jd Jc Ks 2h]
1a2b3c4d: shows [5d 6s 5c 7h 8h]
*** FIRST FLOP *** [2d 4h Ac]
*** FIRST TURN *** [2d 4h Ac] [7c]
*** FIRST RIVER *** [2d 4h Ac 7c] [Qs]
*** SECOND FLOP *** [4c 6c 9d]
*** SECOND TURN *** [4c 6c 9d] [Th]
*** SECOND RIVER *** [4c 6c 9d Th] [2s]
*** FIRST SHOWDOWN ***
Hero collected $93.50 from pot
*** SECOND SHOWDOWN ***
1a2b3c4d collected $96.50 from pot
*** SUMMARY ***
Total pot $200 | Rake $8 | Jackpot $2 | Bingo $0
Hand was run two times
FIRST Board [2d 4h Ac 7c Qs]
SECOND Board [4c 6c 9d Th 2s]
Seat 1: Hero (small blind) showed [Ad Jd Jc Ks 2h] and won ($93.50) with two pair, and lost with a pair
Seat 2: 1a2b3c4d (big blind) showed [5d 6s 5c 7h 8h] and lost with a pair, and won ($96.50) with a straight
Seat 3: 9f8e7d6c (button) folded before Flop (didn't bet)
"""

# PokerStars fixed limit: a player returning (UTG) posts a dead small blind, listed before the
# real small blind
STARS_FL_DEAD_SMALL_BLIND = """PokerStars Hand #200000000003:  Omaha Hi/Lo Limit ($30/$60 USD) - 2020/01/01 12:00:00 ET
Table 'Alpha' 6-max Seat #1 is the button
Seat 1: Btn ($500 in chips)
Seat 2: Sb ($500 in chips)
Seat 3: Bb ($500 in chips)
Seat 4: UTG ($500 in chips)
UTG: posts small blind $15
Sb: posts small blind $15
Bb: posts big blind $30
*** HOLE CARDS ***
UTG: calls $30
Btn: folds
Sb: folds
Bb: checks
*** FLOP *** [2c 7d 9s]
Bb: checks
UTG: bets $30
Bb: folds
Uncalled bet ($30) returned to UTG
UTG collected $87 from pot
*** SUMMARY ***
Total pot $90 | Rake $3
Board [2c 7d 9s]
Seat 1: Btn (button) folded before Flop (didn't bet)
Seat 2: Sb (small blind) folded before Flop
Seat 3: Bb (big blind) folded on the Flop
Seat 4: UTG collected ($87)
"""

WINAMAX_OMAHA8 = """Winamax Poker - CashGame - HandId: #1234567-12-1500000000 - Omaha8 pot limit (0.01/0.02) - 2017/07/14 12:00:00 UTC
Table: 'Play Table 3' 2-max (play money) Seat #1 is the button
Seat 1: PlayerA (2)
Seat 2: Hero (2)
*** ANTE/BLINDS ***
PlayerA posts small blind 0.01
Hero posts big blind 0.02
Dealt to Hero [As 2d 9c Kh]
*** PRE-FLOP ***
PlayerA calls 0.01
Hero checks
*** FLOP *** [3c 5h Qs]
Hero checks
PlayerA checks
*** TURN *** [3c 5h Qs][Qd]
Hero checks
PlayerA checks
*** RIVER *** [3c 5h Qs Qd][8h]
Hero checks
PlayerA checks
*** SHOW DOWN ***
PlayerA shows [Qh Jd Tc Ts] (Three of a kind : Q)
Hero shows [As 2d 9c Kh] (8-5-3-2-A)
PlayerA collected 0.02 from pot(HI)
Hero collected 0.02 from pot(LO)
*** SUMMARY ***
Total pot 0.04 | No rake
Board: [3c 5h Qs Qd 8h]
Seat 1: PlayerA (small blind) (button) showed [Qh Jd Tc Ts] and won 0.02 with HI : Three of a kind : Q
Seat 2: Hero (big blind) showed [As 2d 9c Kh] and won 0.02 with LO : 8-5-3-2-A
"""


def _one(text):
    [hand] = read_text(text)
    return hand, replay_hand(hand)


def test_a_ggpoker_straddle_after_the_blind_is_the_players_total():
    hand, o = _one(GG_STRADDLE_AFTER_BLIND)
    assert o.ok and o.method == "engine", (o.error, o.notes)
    assert o.agrees and not o.differences and not o.notes
    assert o.engine.committed[o.players.index("ce67ea41")] == 10000  # 50 + 50, not 50 + 100


def test_ggpoker_run_twice_takes_each_runs_value_from_the_site():
    hand, o = _one(GG_RIT_JACKPOT)
    assert hand.run_collected == {0: {"Hero": 9350}, 1: {"1a2b3c4d": 9650}}
    assert hand.fees == {"rake": 800, "jackpot": 200, "bingo": 0}
    assert o.ok and o.agrees, o.differences
    assert o.collected == {"Hero": 9350, "1a2b3c4d": 9650, "9f8e7d6c": 0}
    assert any("valued the runs" in note for note in o.notes)


def test_the_run_values_never_hand_a_run_to_another_winner():
    # the same hand with the runs' winners swapped in the text: a disagreement
    text = GG_RIT_JACKPOT.replace("*** FIRST SHOWDOWN ***\nHero", "*** FIRST SHOWDOWN ***\n1a2b3c4d") \
        .replace("*** SECOND SHOWDOWN ***\n1a2b3c4d", "*** SECOND SHOWDOWN ***\nHero")
    hand, o = _one(text)
    assert o.ok and not o.agrees


def test_a_stars_dead_small_blind_goes_to_the_pot_wherever_it_is_listed():
    hand, o = _one(STARS_FL_DEAD_SMALL_BLIND)
    assert hand.limit == "fixed"
    assert o.ok and o.method == "engine", (o.error, o.notes)
    assert o.agrees and o.collected["UTG"] == 8700 and not o.differences


def test_winamax_omaha8_is_hi_lo():
    hand, o = _one(WINAMAX_OMAHA8)
    assert hand.game == "hilo" and hand.variant == "plo8" and hand.scale == 100
    assert o.ok and o.agrees, o.differences
    assert o.collected == {"PlayerA": 2, "Hero": 2}


def test_a_total_pot_that_differs_from_the_chips_is_reported_as_a_disagreement():
    text = STARS_FL_DEAD_SMALL_BLIND.replace("Total pot $90 | Rake $3", "Total pot $75 | Rake $3")
    hand, o = _one(text)
    assert o.ok and not o.agrees
    assert any(d.startswith("total pot: site 7500, replay 9000") for d in o.differences)
