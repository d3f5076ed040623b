"""Hands of our own in the formats of Full Tilt, 888poker, PartyPoker and iPoker: each read
into the model, replayed, and in agreement with the site; encodings, locales, hi-lo, side
pots, walks, tournaments, summaries without win lines, and what cannot be replayed."""

from __future__ import annotations

import json
import re

import pytest

from omaha_eval.cli import main
from omaha_eval.hh import HHError, read_file, read_text, replay_hand

FTP_HILO_TOURNAMENT = """Full Tilt Poker Game #20000000001: $10 + $1 Sit & Go (123456789), Table 1 - 20/40 - Limit Omaha H/L - 20:00:00 ET - 2010/01/01
Seat 1: Alice (1,500)
Seat 2: Bob Smith (1,500)
Seat 3: Carol (1,500)
Alice antes 5
Bob Smith antes 5
Carol antes 5
Bob Smith posts the small blind of 10
Carol posts the big blind of 20
The button is in seat #1
*** HOLE CARDS ***
Dealt to Alice [Ah 2h Kd Qc]
Alice raises to 40
Bob Smith calls 30
Carol: nice hand earlier
Carol folds
*** FLOP *** [3c 4d Ks]
Bob Smith checks
Alice bets 20
Bob Smith calls 20
*** TURN *** [3c 4d Ks] [8h]
Bob Smith checks
Alice bets 40
Bob Smith calls 40
*** RIVER *** [3c 4d Ks 8h] [Jd]
Bob Smith checks
Alice checks
*** SHOW DOWN ***
Alice shows [Ah 2h Kd Qc] a pair of Kings
Bob Smith shows [Jc Js 5h 6h] three of a kind, Jacks
Bob Smith wins the high pot (118) with three of a kind, Jacks
Alice wins the low pot (117) with 8,4,3,2,A
*** SUMMARY ***
Total pot 235 | Rake 0
Board: [3c 4d Ks 8h Jd]
Seat 1: Alice (button) showed [Ah 2h Kd Qc] and won (117) with 8,4,3,2,A
Seat 2: Bob Smith (small blind) showed [Jc Js 5h 6h] and won (118) with three of a kind, Jacks
Seat 3: Carol (big blind) folded before the Flop
"""

FTP_SUMMARY_ONLY = """FullTiltPoker Game #20000000002: Table Vega (6 max) - $0.50/$1 - Pot Limit Omaha Hi - 12:00:00 ET - 2011/03/04
Seat 1: Hero ($100)
Seat 2: Villain ($80.50)
Seat 4: Third ($50), is sitting out
Hero posts the small blind of $0.50
Villain posts the big blind of $1
The button is in seat #1
*** HOLE CARDS ***
Dealt to Hero [As Ks Qd Jd]
Hero raises to $3
Villain calls $2
*** FLOP *** [2c 7d 9s]
Villain checks
Hero bets $5
Villain folds
Uncalled bet of $5 returned to Hero
*** SUMMARY ***
Total pot $6 | Rake $0.30
Board: [2c 7d 9s]
Seat 1: Hero (small blind) collected ($5.70), mucked
Seat 2: Villain (big blind) folded on the Flop
Seat 4: Third is sitting out
"""

DUTCH_WALK = """#Game No : 400000001
***** 888poker Hand History for Game 400000001 *****
$ 1/$ 2 Blinds Pot Limit Omaha - *** 05 05 2014 21:40:00
Table Leiden 6 Max (Real Money)
Seat 2 is the button
Total number of players : 3
Seat 1: Anna ( $ 1.200 )
Seat 2: Bram ( $ 250,50 )
Seat 3: Cees ( $ 80 )
Cees posts small blind [$ 1]
Anna posts big blind [$ 2]
** Dealing down cards **
Dealt to Anna [ Hc, Vh, Bd, 10s ]
Bram folds
Cees folds
** Summary **
Anna did not show his hand
Anna collected [ $ 3 ]
"""

SWEDISH_HILO = """#Game No : 400000002
***** 888poker Hand History for Game 400000002 *****
5 $/10 $ Blinds Pot Limit Omaha Hi/Lo - *** 21 04 2016 16:40:00
Table Umea 6 Max (Real Money)
Seat 4 is the button
Total number of players : 2
Seat 4: Erik ( 1 500 $ )
Seat 9: Sven ( 2 000 $ )
Erik posts small blind [5 $]
Sven posts big blind [10 $]
** Dealing down cards **
Dealt to Sven [ Ec, 2d, Knh, 9c ]
Erik raises [25 $]
Sven calls [20 $]
** Dealing flop ** [ 3s, 4d, Ks ]
Sven bets [30 $]
Erik calls [30 $]
** Dealing turn ** [ Dd ]
Sven checks
Erik checks
** Dealing river ** [ 8h ]
Sven checks
Erik checks
** Summary **
Sven shows [ Ec, 2d, Knh, 9c ]
Erik shows [ Kc, Kh, 6d, 7c ]
Erik collected [ 58,50 $ ]
Sven collected [ 58,50 $ ]
"""

PARTY_OLD_SIDE_POT = """Game #500000001 starts.

#Game No : 500000001
***** Hand History for Game 500000001 *****
$0.50/$1 USD NL Omaha - Friday, March 02, 18:00:00 EST 2012
Table Table  7777 (Real Money)
Seat 1 is the button
Total number of players : 3/6
Seat 1: Ann ( $100 USD )
Seat 2: Ben ( $20 USD )
Seat 3: Cid ( $100 USD )
Ben posts small blind [$0.50 USD].
Cid posts big blind [$1 USD].
** Dealing down cards **
Dealt to Ann [  As Ad Kc Qh ]
Ann raises [$3.50 USD]
Ben raises [$19.50 USD]
Ben is all-In.
Cid calls [$19 USD]
Ann raises [$96.50 USD]
Ann is all-In.
Cid calls [$80 USD]
Cid is all-In.
** Dealing Flop ** [ 2c, 7d, 9s ]
** Dealing Turn ** [ Jh ]
** Dealing River ** [ 5s ]
Ann shows [ As, Ad, Kc, Qh ] a pair of Aces.
Ben shows [ 5c, 6c, 8h, 8d ] a straight, Five to Nine.
Cid shows [ Kd, Ks, Qd, Jd ] a pair of Kings.
Ann wins $158.55 USD from side pot #1 with a pair of Aces.
Ben wins $59.45 USD from the main pot with a straight, Five to Nine.
"""

PARTY_2026 = """***** Hand History For Game 1770000000000abcdefghij *****
0.25/0.50 Omaha Hi-Lo Game Table (PL) - Mon Feb 09 13:00:00 EST 2026
Table Table 7400000 (Real Money) -- Seat 2 is the button
Total number of players : 2/6
Seat 2: Hero ($50)
Seat 5: Villain ($30)
Hero posts small blind (0.25)
Villain posts big blind (0.50)
** Dealing down cards **
Dealt to Hero [ Ac, 2c, Kd, Qd ]
Hero raises 1.50 to 1.50
Villain calls (1)
** Dealing Flop ** :  [ 3h, 4s, Kc ]
Villain bets (3)
Hero raises 12 to 12
Villain folds
** Summary **
Main Pot: $8.85 Rake: $0.15
Board: [ 3h, 4s, Kc ]
Hero balance $54.35, bet $13.50, collected $17.85, net +$4.35
Villain balance $25.50, lost $4.50 (folded)
"""

IPOKER_OLD = """<?xml version="1.0" encoding="utf-8"?>
<session sessioncode="1000">
 <general>
  <mode>real</mode>
  <gametype>Omaha Hi-Lo PL €0,50/€1</gametype>
  <tablename>Lille</tablename>
  <currency>EUR</currency>
  <nickname>Hero</nickname>
 </general>
 <game gamecode="5000001">
  <general>
   <startdate>2012-01-01 10:00:00</startdate>
   <players>
    <player seat="1" name="Hero" chips="€100" dealer="1" win="€0" bet="€3"/>
    <player seat="2" name="Vil" chips="€60" dealer="0" win="€11,70" bet="€9"/>
   </players>
  </general>
  <round no="0">
   <action no="1" player="Hero" type="1" sum="€0,50"/>
   <action no="2" player="Vil" type="2" sum="€1"/>
  </round>
  <round no="1">
   <cards type="Pocket" player="Hero">HA H2 DK DQ</cards>
   <cards type="Pocket" player="Vil">X X X X</cards>
   <action no="3" player="Hero" type="3" sum="€0,50"/>
   <action no="4" player="Vil" type="4" sum="€0"/>
  </round>
  <round no="2">
   <cards type="Flop" player="">C3 S4 C10</cards>
   <action no="5" player="Vil" type="5" sum="€2"/>
   <action no="6" player="Hero" type="3" sum="€2"/>
  </round>
  <round no="3">
   <cards type="Turn" player="">CJ</cards>
   <action no="7" player="Vil" type="5" sum="€6"/>
   <action no="8" player="Hero" type="0" sum="€0"/>
  </round>
 </game>
</session>
"""



def _one(text):
    [hand] = read_text(text)
    assert not isinstance(hand, HHError), str(hand)
    return hand, replay_hand(hand)


@pytest.mark.parametrize("text, site, variant, collected", [
    (FTP_HILO_TOURNAMENT, "fulltilt", "flo8", {"Alice": 117, "Bob Smith": 118, "Carol": 0}),
    (FTP_SUMMARY_ONLY, "fulltilt", "plo", {"Hero": 570, "Villain": 0}),
    (DUTCH_WALK, "888poker", "plo", {"Anna": 200, "Bram": 0, "Cees": 0}),
    (SWEDISH_HILO, "888poker", "plo8", {"Erik": 5850, "Sven": 5850}),
    (PARTY_OLD_SIDE_POT, "partypoker", "nlo", {"Ann": 15855, "Ben": 5945, "Cid": 0}),
    (PARTY_2026, "partypoker", "plo8", {"Hero": 885, "Villain": 0}),
    (IPOKER_OLD, "ipoker", "plo8", {"Hero": 0, "Vil": 570}),
])
def test_each_sites_hand_replays_and_agrees(text, site, variant, collected):
    hand, o = _one(text)
    assert (hand.site, hand.variant) == (site, variant)
    assert o.ok and o.agrees and o.method == "engine", (o.error, o.differences, o.notes)
    assert o.collected == collected
    assert sum(o.collected.values()) == sum(o.site_collected.values())


def test_full_tilt_fields():
    hand, o = _one(FTP_HILO_TOURNAMENT)
    assert hand.tournament and hand.scale == 1 and hand.hand_id == "20000000001"
    assert hand.button_seat == 1 and [p.kind for p in hand.posts][:3] == ["ante"] * 3
    assert hand.known["Bob Smith"] == ["Jc", "Js", "5h", "6h"]  # a name with a space
    assert hand.total_pot == 235 and hand.rake == 0
    hand, o = _one(FTP_SUMMARY_ONLY)
    assert hand.collected == {"Hero": 570} and hand.uncalled == {"Hero": 500}  # from the summary
    assert not any(s.name == "Third" for s in hand.seats if s.name in o.players)  # sitting out


def test_full_tilt_utf16_with_blank_lines_and_crlf(tmp_path):
    path = tmp_path / "ftp.txt"
    path.write_bytes(FTP_SUMMARY_ONLY.replace("\n", "\r\n\r\n").encode("utf-16"))
    [hand] = read_file(path)
    assert hand.site == "fulltilt" and replay_hand(hand).agrees


def test_888_locales_walk_and_cards():
    hand, o = _one(DUTCH_WALK)
    assert hand.seats[0].stack == 120000 and hand.seats[1].stack == 25050  # $ 1.200, $ 250,50
    assert hand.known["Anna"] == ["Kc", "Qh", "Jd", "Ts"]  # Dutch H V B
    assert o.returned_in_collected and o.rake == 0  # the walk: collected with the returned part
    hand, o = _one(SWEDISH_HILO)
    assert hand.known["Sven"] == ["Ac", "2d", "Jh", "9c"] and hand.board[3] == "Qd"  # Kn D E
    assert hand.seats[0].stack == 150000 and o.rake == 300  # "1 500 $"; the rake: 120 - 117


def test_party_old_and_2026_formats():
    hand, o = _one(PARTY_OLD_SIDE_POT)
    assert hand.uncalled_in_collected and not hand.rake_known and o.rake == 200
    assert len(o.engine.result.pots) == 2  # main and side pot
    hand, o = _one(PARTY_2026)
    assert hand.total_pot == 885 and hand.rake == 15 and hand.total_after_rake
    assert hand.hand_id == "1770000000000abcdefghij" and hand.button_seat == 2


def test_ipoker_old_and_new_uncalled_rules():
    hand, o = _one(IPOKER_OLD)
    assert hand.uncalled_in_collected and o.rake == 30 and hand.known["Hero"] == ["Ah", "2h", "Kd", "Qd"]
    assert hand.board == ["3c", "4s", "Tc", "Jc"]
    newer = IPOKER_OLD.replace("<mode>real</mode>", "<client_version>20.5</client_version><mode>real</mode>") \
        .replace('win="€11,70"', 'win="€5,70"')  # newer exports: the win without the returned bet
    hand, o = _one(newer)
    assert not hand.uncalled_in_collected and o.agrees and o.rake == 30


def test_ipoker_cp1252_and_a_cut_off_game(tmp_path):
    path = tmp_path / "session.xml"
    path.write_bytes(IPOKER_OLD.encode("cp1252"))
    [hand] = read_file(path)
    assert replay_hand(hand).agrees
    cut = IPOKER_OLD[:IPOKER_OLD.index("<round no=\"3\">")]
    [hand] = read_text(cut)
    o = replay_hand(hand)
    assert not o.ok and "cut off" in o.error and "line" in o.error


def test_ipoker_tournament_chips():
    text = IPOKER_OLD.replace("<mode>real</mode>", "<mode>real</mode><tournamentcode>77</tournamentcode>")
    text = text.replace("€0,50/€1", "50/100").replace("€11,70", "1170").replace("€0,50", "50") \
        .replace("€100", "10000").replace("€60", "6000").replace("€9", "900").replace("€3", "300") \
        .replace("€1\"", "100\"").replace("€2\"", "200\"").replace("€6\"", "600\"").replace("€0\"", "0\"")
    hand, o = _one(text)
    assert hand.tournament and hand.scale == 1 and hand.currency == ""
    assert o.agrees and o.collected["Vil"] == 570


def test_the_site_is_told_by_the_text_not_the_file_name(tmp_path):
    path = tmp_path / "PokerStars-PLO.txt"
    path.write_text(DUTCH_WALK, encoding="utf-8")
    assert read_file(path)[0].site == "888poker"


def test_unseated_actors_are_reported_with_their_line():
    text = PARTY_OLD_SIDE_POT.replace("Cid calls [$19 USD]", "Ghost folds\nCid calls [$19 USD]")
    [hand] = read_text(text)
    o = replay_hand(hand)
    assert not o.ok and "Ghost acts but is not seated" in o.error and "line 19" in o.error


@pytest.mark.parametrize("text", [FTP_HILO_TOURNAMENT, DUTCH_WALK, PARTY_2026, IPOKER_OLD])
def test_cli_json_phh_and_allin_work_for_every_site(text, tmp_path, capsys):
    path = tmp_path / "hands.txt"
    path.write_text(text, encoding="utf-8")
    assert main(["hh", "--json", str(path), "--phh", str(tmp_path / "phh"), "--allin-ev"]) == 0
    out = capsys.readouterr().out
    [record] = json.loads(out[:out.rindex("]") + 1])
    assert record["ok"] and record["agrees"] and record["site"] in ("fulltilt", "888poker", "partypoker", "ipoker")
    assert len(list((tmp_path / "phh").iterdir())) == 1


def test_cli_exit_codes_and_plural(tmp_path, capsys):
    missing = tmp_path / "none.txt"
    assert main(["hh", str(missing)]) == 1
    empty = tmp_path / "empty.txt"
    empty.write_text("nothing here", encoding="utf-8")
    assert main(["hh", str(empty)]) == 1
    one = tmp_path / "one.txt"
    one.write_text(DUTCH_WALK, encoding="utf-8")
    capsys.readouterr()
    assert main(["hh", str(one)]) == 0
    out = capsys.readouterr().out
    assert "1 hand read" in out and not re.search(r"(?<!\d)1 hands", out)
    with pytest.raises(SystemExit) as exc:
        main(["hh"])
    assert exc.value.code == 2


def test_ipoker_sessions_one_after_another_keep_their_own_game():
    second = IPOKER_OLD.replace("Omaha Hi-Lo PL €0,50/€1", "Omaha PL €0,50/€1").replace("5000001", "5000002")
    text = IPOKER_OLD + second.split("\n", 1)[1]  # two sessions in one file
    first, other = read_text(text)
    assert (first.hand_id, first.game) == ("5000001", "hilo")
    assert (other.hand_id, other.game) == ("5000002", "hi")
    assert replay_hand(first).agrees and replay_hand(other).agrees


def test_party_old_tournament_chips():
    text = PARTY_OLD_SIDE_POT.replace("$0.50/$1 USD NL Omaha - Friday",
                                      "NL Omaha $5 USD Buy-in Trny:123 Level:1 Blinds-Antes(50/100 -0) - Friday")
    for money, chips in (("$100 USD", "10,000"), ("$20 USD", "2,000"), ("$0.50 USD", "50"),
                         ("$1 USD", "100"), ("$3.50 USD", "350"), ("$19.50 USD", "1,950"),
                         ("$19 USD", "1,900"), ("$96.50 USD", "9,650"), ("$80 USD", "8,000"),
                         ("$158.55 USD", "16,000 chips"), ("$59.45 USD", "6,000 chips")):
        text = text.replace(money, chips)
    hand, o = _one(text)
    assert hand.tournament and hand.scale == 1 and (hand.small_blind, hand.big_blind) == (50, 100)
    assert o.agrees and o.rake == 0 and o.collected == {"Ann": 16000, "Ben": 6000, "Cid": 0}


def test_full_tilt_wins_from_the_summary_by_seat_for_names_with_spaces():
    text = "\n".join(line for line in FTP_HILO_TOURNAMENT.splitlines() if " wins the " not in line)
    hand, o = _one(text)
    assert hand.collected == {"Alice": 117, "Bob Smith": 118} and o.agrees


def test_full_tilt_ante_returned_and_cancelled_hand():
    text = FTP_HILO_TOURNAMENT.replace("Carol folds", "Carol folds\nAnte of 5 returned to Carol")
    hand, _ = _one(text)
    assert [p.amount for p in hand.posts if p.kind == "ante"] == [5, 5, 0]
    hand, o = _one(FTP_SUMMARY_ONLY.replace("Villain folds", "Hand #20000000002 has been canceled"))
    assert not o.ok and "cancelled" in o.error and "line 15" in o.error


def test_party_all_in_lines_with_amounts_and_lo_wins():
    text = PARTY_OLD_SIDE_POT.replace("Ben raises [$19.50 USD]\nBen is all-In.", "Ben is all-In  [$19.50 USD]") \
        .replace("Ann raises [$96.50 USD]\nAnn is all-In.", "Ann is all-In  [$96.50 USD]") \
        .replace("Cid calls [$80 USD]\nCid is all-In.", "Cid is all-In  [$80 USD]") \
        .replace("Ann wins $158.55 USD", "Ann wins Lo ($158.55 USD)")
    hand, o = _one(text)
    assert [a.verb for a in hand.actions] == ["bet", "allin", "call", "allin", "allin"]
    assert o.ok and o.agrees and o.method == "engine", (o.error, o.differences, o.notes)
    lost = PARTY_OLD_SIDE_POT.replace("Cid calls [$19 USD]", "Connection Lost due to some reason\nCid calls [$19 USD]")
    hand, o = _one(lost)
    assert not o.ok and "lost the hand" in o.error


def test_888_omaha_hl_is_hi_lo():
    text = SWEDISH_HILO.replace("Pot Limit Omaha Hi/Lo", "Pot Limit OmahaHL")
    hand, o = _one(text)
    assert hand.game == "hilo" and o.agrees


@pytest.mark.parametrize("game, variant", [("Omaha HiLow L €0,50/€1", "flo8"), ("Omaha LP €0,50/€1", "plo"),
                                           ("Omaha SL €0,50/€1", "nlo"), ("PL €0,50/€1", "plo")])
def test_ipoker_game_words_of_the_skins(game, variant):
    hand, o = _one(IPOKER_OLD.replace("Omaha Hi-Lo PL €0,50/€1", game))
    assert hand.variant == variant and o.ok and o.agrees


def test_party_lines_before_the_game_line():
    text = PARTY_OLD_SIDE_POT.replace("***** Hand History for Game 500000001 *****",
                                      "***** Hand History for Game 500000001 *****\n"
                                      "Zed has left the table.\nYan finished in 3 place.")
    hand, o = _one(text)
    assert hand.variant == "nlo" and hand.button_seat == 1 and o.agrees
