"""The readers' fast paths (issue 14's speed work) say what the plain reading says: a header's
game description and a table's player names are read once and reused, wager texts are cached,
and none of that carries one hand's facts or errors into another."""

from __future__ import annotations

from omaha_eval.hh import HHError, read_text, replay_hand
from omaha_eval.hh.reader import _name_index

HAND = """Poker Hand #OM{id}: PLO ($0.5/$1) - 2020/06/13 13:15:{sec}
Table 'T' 6-max Seat #1 is the button
Seat 1: {a} ($100 in chips)
Seat 2: {b} ($100 in chips)
{a}: posts small blind $0.5
{b}: posts big blind $1
*** HOLE CARDS ***
{a}: raises $2 to $3
{b}: {answer}
*** SUMMARY ***
Total pot $2 | Rake $0
"""


def _hand(**fields: str) -> str:
    values = {"id": "1", "sec": "53", "a": "A", "b": "B", "answer": "folds"}
    values.update(fields)
    return HAND.format(**values)


def test_hands_sharing_a_description_keep_their_own_id_date_and_stakes():
    text = "\n\n".join([_hand(id="1", sec="01"), _hand(id="2", sec="02"),
                        _hand(id="3", sec="03").replace("($0.5/$1)", "($1/$2)")])
    first, second, third = read_text(text)
    assert (first.hand_id, second.hand_id, third.hand_id) == ("OM1", "OM2", "OM3")
    assert (first.date, second.date) == ("2020/06/13 13:15:01", "2020/06/13 13:15:02")
    assert (first.small_blind, first.big_blind) == (second.small_blind, second.big_blind) == (50, 100)
    assert (third.small_blind, third.big_blind) == (100, 200)


def test_a_bad_description_is_an_error_with_each_hands_own_line():
    bad = _hand().replace("($0.5/$1)", "($0.505/$1)")
    items = read_text(bad + "\n" + bad)
    assert [type(item) for item in items] == [HHError, HHError]
    assert [item.line for item in items] == [1, 13]
    assert all("stakes '$0.505/$1'" in str(item) and "finer than the unit" in str(item)
               for item in items)


def test_a_name_that_begins_another_name_takes_the_longest_match():
    names, found, clash = _name_index(("Player1", "Player10", "A", "A B", "A", "Bob"))
    assert names[:2] == ("Player10", "Player1") and found == {"Player1", "Player10", "A", "A B", "Bob"}
    assert clash == {"Player1", "A"}  # a repeated name alone is no clash
    [hand] = read_text(_hand(a="Player1", b="Player10", answer="calls $2"))
    assert [(a.name, a.verb, a.amount) for a in hand.actions] == [
        ("Player1", "raise", 300), ("Player10", "call", 200)]


def test_cached_wager_texts_stay_per_hand_and_per_unit():
    cash = _hand(answer="calls $2")
    chips = cash.replace("PLO ($0.5/$1)", "Tournament #7, $1+$0.1 PLO - Level1 (1/2)").replace(
        "$", "").replace(" 0.5", " 1").replace("raises 2 to 3", "raises 4 to 6").replace(
        "calls 2", "calls 4")
    [a] = read_text(cash)
    [b] = read_text(chips)
    assert a.unit == "0.01" and [x.amount for x in a.actions] == [300, 200]
    assert b.unit == "1" and [x.amount for x in b.actions] == [6, 4]
    bad = _hand(answer="calls $2.001")
    [item] = read_text(bad)
    assert isinstance(item, HHError) and item.line == 9 and item.hand_id == "OM1"


def test_a_raise_nobody_can_call_is_played_as_a_call():
    text = _hand(answer="raises $97 to $100 and is all-in").replace(
        "Seat 1: A ($100 in chips)", "Seat 1: A ($3 in chips)").replace(
        "A: raises $2 to $3", "A: raises $2 to $3 and is all-in")
    # B's raise to 100 meets nobody with chips: the site returns 97 uncalled
    text = text.replace("*** SUMMARY ***", "Uncalled bet ($97) returned to B\n*** SHOWDOWN ***\n"
                        "A: shows [Ah Ad Kh Kd]\nB: shows [2c 3c 7d 8s]\n"
                        "*** FLOP *** [As Ks 2d]\n*** TURN *** [As Ks 2d] [5h]\n"
                        "*** RIVER *** [As Ks 2d 5h] [9c]\nA collected $6 from pot\n*** SUMMARY ***")
    text = text.replace("Total pot $2", "Total pot $6")
    [hand] = read_text(text)
    outcome = replay_hand(hand)
    assert outcome.ok and outcome.agrees, (outcome.error, outcome.differences)
    assert outcome.collected["A"] == 600 and outcome.returned["B"] == 9700
    assert any("nobody could call is played as a call" in note for note in outcome.notes)
