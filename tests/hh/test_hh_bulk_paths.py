"""Session 4 of issue 14's speed work: records made from their fields' tuple, lines split by
partition, the summary's pot lines found in its text, the deck order
filled by slices (against the plain fill it replaced), the ledger and the set-up in C-speed
passes, and an action at the showdown said as before. Each result is checked against what the
plain reading or a plain reference gives."""

from __future__ import annotations

import random
from typing import List, Optional

import pytest

from omaha_eval.game import GameConfig, Hand
from omaha_eval.game.deck import BOARD_POSITIONS
from omaha_eval.game.errors import HandSetupError
from omaha_eval.hh import read_text, replay_hand
from omaha_eval.hh.model import Action, Seat
from omaha_eval.hh.replay import _deck_order

SHOWDOWN = """PokerStars Hand #7:  Omaha Pot Limit ($0.01/$0.02 USD) - 2010/06/07 20:13:12 ET
Table 'T' 6-max Seat #1 is the button
Seat 1: A ($1 in chips)
Seat 2: B ($1 in chips)
A: posts small blind $0.01
B: posts big blind $0.02
*** HOLE CARDS ***
A: calls $0.01
B: checks
*** FLOP *** [2c 7d 9h]
B: checks
A: checks
*** TURN *** [2c 7d 9h] [Js]
B: checks
A: checks
*** RIVER *** [2c 7d 9h Js] [Kd]
B: checks
A: checks{extra}
*** SHOW DOWN ***
B: shows [Ac Ad 3s 4s] (a pair of Aces)
A: shows [Qh Qs 5c 6c] (a pair of Queens)
B collected $0.04 from pot
*** SUMMARY ***
Total pot $0.04 | Rake $0
"""


def test_records_are_named_tuples_with_the_dataclass_repr():
    [hand] = read_text(SHOWDOWN.format(extra=""))
    assert hand.seats[0] == Seat(1, "A", 100, 3, False)
    assert repr(hand.actions[0]) == "Action(street=0, name='A', verb='call', amount=1, line=8)"
    with pytest.raises(AttributeError):
        hand.actions[0].amount = 5  # type: ignore[misc]
    assert type(hand.actions[0]) is Action and hand.actions[0]._fields[-1] == "line"


def test_an_action_at_the_showdown_is_said_as_after_the_betting():
    ok = replay_hand(read_text(SHOWDOWN.format(extra=""))[0])
    assert ok.ok and ok.agrees and ok.collected == {"A": 0, "B": 4}
    # B shows first at the showdown: a bet, a call, a check or a fold of B's there, then A's
    for line, who in (("B: bets $0.02", "B"), ("B: checks", "B"), ("B: calls $0.02", "B"),
                      ("B: folds", "B"), ("A: checks", "A")):
        out = replay_hand(read_text(SHOWDOWN.format(extra="\n" + line))[0])
        verb = line.split(": ")[1].split()[0]
        assert f"{who} {verb[:-1] if verb.endswith('s') else verb}s after the betting is over" in \
            out.error or out.method == "chips", (line, out.error, out.notes)
        assert "line 19" in out.error or any("line 19" in n for n in out.notes)


def test_the_summarys_pot_lines_read_alike_with_and_without_a_show():
    text = SHOWDOWN.format(extra="").replace("Total pot $0.04 | Rake $0",
                                             "Total pot $0.04 | Rake $0.01\nTotal pot $0.05 | Rake $0.01")
    [shown] = read_text(text)
    [quiet] = read_text(text.replace("shows", "mucks"))  # no "showed"/"mucked" in the summary
    assert (shown.total_pot, shown.fees, shown.rake) == (5, {"rake": 2}, 2)
    assert (quiet.total_pot, quiet.fees, quiet.rake) == (5, {"rake": 2}, 2)
    bad = read_text(text.replace("Total pot $0.05", "Total pot $0.055").replace("shows", "mucks"))
    assert "line 25" in str(bad[0])  # the pot line's own line, found in the summary's text


def _plain_deck_order(n: int, button: int, holes: List[Optional[List[int]]], board: List[int],
                      hole: int, extra: List[List[int]], partial: List[int], full: bool):
    """The fill replaced by slices: every place in deck order, the unused cards ascending."""
    size = hole * n + 8
    order = [-1] * size
    deal = hole * n
    for p, cards in enumerate(holes):
        if cards is not None:
            order[(p - button - 1) % n:deal:n] = cards
    for k, card in enumerate(board[:5]):
        order[deal + BOARD_POSITIONS[k]] = card
    later = [c for b in extra for c in b]
    known = [c for c in order if c >= 0] + later + partial
    if len(set(known)) != len(known):
        return None
    free = sorted(set(range(52)).difference(known))
    if order.count(-1) > len(free):
        return "short"
    fill = iter(free).__next__
    dealt = [c if c >= 0 else fill() for c in order]
    unknown = [c for p in range(n) if holes[p] is None for c in dealt[(p - button - 1) % n:deal:n]]
    if not full:
        return dealt, sorted(unknown)
    missing = order.count(-1)
    return dealt + later + free[missing:], sorted(unknown)


def test_the_deck_order_matches_the_plain_fill():
    rng = random.Random(4)
    shorts = 0
    for _ in range(400):
        hole = rng.choice((4, 5, 6))
        n = rng.randint(2, 44 // hole)
        button = rng.randrange(n)
        cards = rng.sample(range(52), 52)
        holes: List[Optional[List[int]]] = [cards[p * hole:(p + 1) * hole] if rng.random() < 0.4 else None
                                            for p in range(n)]
        at = n * hole
        board = cards[at:at + rng.choice((0, 3, 4, 5))]
        extra = [cards[at + 5:at + 7]] if rng.random() < 0.2 else []
        partial = cards[at + 7:at + 9] if rng.random() < 0.2 else []
        if rng.random() < 0.1 and board:  # a card given twice
            holes[0] = [board[0]] + cards[1:hole]
        full = bool(extra) or rng.random() < 0.3
        want = _plain_deck_order(n, button, holes, board, hole, extra, partial, full)
        if want == "short":  # (the plain fill ran out of cards)
            with pytest.raises(HandSetupError, match="unseen cards to deal"):
                _deck_order(n, button, holes, board, hole, extra, partial, full=full)
            shorts += 1
            continue
        got = _deck_order(n, button, holes, board, hole, extra, partial, full=full)
        if want is None:
            assert got is None
        else:
            assert got is not None and got[0] == want[0] and sorted(got[1]) == want[1]
    assert shorts > 0


@pytest.mark.parametrize("stacks, message", [
    ([100, True], "must be a positive int"), ([100, 0], "must be a positive int"),
    ([100, 2.0], "must be a positive int"), ([100, 2 ** 62 + 1], "above the chip limit"),
])
def test_stacks_checked_in_bulk_still_say_which(stacks, message):
    with pytest.raises(HandSetupError, match=f"stack of player 1 .*{message}|{message}"):
        Hand(GameConfig.pot_limit(1, 2), stacks, seed=1)
