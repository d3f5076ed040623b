"""Session 3 of issue 14's speed work: lines read once per distinct text (seats, betting,
forced bets, fees), plain-find replacements of slow patterns, and the rules layer's plan for
given posts. Each says what the plain reading says, and no cache carries one hand's facts or
errors into another."""

from __future__ import annotations

import random

import pytest

from omaha_eval.game import GameConfig, Hand, Post
from omaha_eval.game.deck import card_list
from omaha_eval.game.errors import HandSetupError
from omaha_eval.hh import HHError, read_text, replay_hand
from omaha_eval.hh.reader import _CASH_OUT, _STREET, _cash_out

HAND = """PokerStars Hand #{id}:  Omaha Pot Limit ($0.01/$0.02 USD) - 2010/06/07 20:13:12 ET
Table 'T' 6-max Seat #1 is the button
Seat 1: A ({stack} in chips)
Seat 2: B ($1 in chips)
A: posts small blind $0.01
B: posts big blind $0.02
*** HOLE CARDS ***
A: {action}
B: folds
Uncalled bet ($0.02) returned to A
A collected $0.04 from pot
*** SUMMARY ***
Total pot $0.04 | Rake $0
"""


def _hand(**fields: str) -> str:
    values = {"id": "1", "stack": "$1", "action": "raises $0.04 to $0.06"}
    values.update(fields)
    return HAND.format(**values)


def test_a_bad_seat_or_wager_is_an_error_with_each_hands_own_line():
    bad_seat = _hand(stack="$0.005")
    items = read_text(bad_seat + "\n" + bad_seat)
    assert [type(item) for item in items] == [HHError, HHError]
    assert [item.line for item in items] == [3, 17]
    bad_raise = _hand(action="raises $0.04 to $0.065")
    items = read_text(bad_raise + "\n" + bad_raise)
    assert [item.line for item in items] == [8, 22]
    assert all("finer than the unit" in str(item) for item in items)


def test_cached_lines_give_each_hand_its_own_records():
    first, second = read_text(_hand(id="1") + "\n" + _hand(id="2", stack="$2"))
    assert [(s.name, s.stack, s.line) for s in first.seats] == [("A", 100, 3), ("B", 100, 4)]
    assert [(s.name, s.stack, s.line) for s in second.seats] == [("A", 200, 17), ("B", 100, 18)]
    assert [(p.kind, p.amount, p.line) for p in second.posts] == [
        ("small_blind", 1, 19), ("big_blind", 2, 20)]
    assert [(a.verb, a.amount, a.line) for a in second.actions] == [("raise", 6, 22), ("fold", 0, 23)]
    second.actions.append(second.actions[0])  # a record is the hand's own, not the cache's
    assert len(first.actions) == 2 and replay_hand(first).agrees


def test_a_betting_line_among_the_forced_bets_is_still_a_problem():
    text = _hand().replace("A: posts small blind $0.01", "A: calls $0.01")
    [hand] = read_text(text)
    assert hand.problems == [("A calls among the forced bets", 5)]


def test_street_lines_split_as_the_pattern_does():
    rng = random.Random(14)
    alphabet = ["*", " ", ":", "F", "l", "\t", "[", "]", "9", "\u00a0", "\u2003"]
    for _ in range(20000):
        line = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 14)))
        line = "***" + line if rng.random() < 0.5 else line
        m = _STREET.match(line)
        cut = line.find("***", 3) if line.startswith("***") else -1
        mine = None
        if cut >= 0:  # as the reader's loop splits it
            after = cut + 4 if line[cut + 3:cut + 4] == ":" else cut + 3
            mine = (line[3:cut].upper().split(), line[after:].lstrip())
        assert mine == (None if m is None else (m.group(1).strip().upper().split(), m.group(2))), line


@pytest.mark.parametrize("text", [
    "A cashed out", "B: CASH OUT 4", "Insured pot", "c: insurance", "nothing here",
    "Cashout fee", "ca\u017fh out",  # a long s, which the case-blind pattern takes for "s"
    "\u0131nsured", "plain text é"])
def test_the_cash_out_guard_answers_as_the_pattern(text):
    assert _cash_out(text) == (_CASH_OUT.search(text) is not None)


def test_given_posts_that_come_back_play_as_fresh_ones():
    config = GameConfig.pot_limit(1, 2)
    posts = [Post(0, "small_blind", 1), Post(1, "big_blind", 2), Post(2, "straddle", 4)]
    deep = Hand(config, [100, 100, 100], posts=posts, seed=3)
    again = Hand(config, [100, 100, 100], posts=[Post(0, "small_blind", 1), Post(1, "big_blind", 2),
                                                Post(2, "straddle", 4)], seed=3)
    assert deep.stacks == again.stacks == (99, 98, 96) and deep.actor == again.actor == 0
    short = Hand(config, [100, 1, 3], posts=posts, seed=3)  # posting puts two players all in
    assert short.stacks == (99, 0, 0) and short.committed == (1, 1, 3)
    assert short.legal_actions().to_call == 3
    with pytest.raises(HandSetupError, match="outside"):
        Hand(config, [100, 100], posts=posts)  # the checks of the posts stay


def test_card_ids_pass_and_anything_else_meets_the_parser():
    assert card_list([0, 51, 7], "x") == [0, 51, 7] and card_list((), "x") == []
    for bad in ([52], [-1], [True, 2], [[1]], [1.0]):
        with pytest.raises(HandSetupError, match="x"):
            card_list(bad, "x")
