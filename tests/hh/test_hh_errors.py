"""Odd input to the hand-history readers ends in the library's own HHError, saying what and
where (issue 32 item 6), and a fixed seed of mutated hands raises nothing else."""

from __future__ import annotations

import random

import pytest

from omaha_eval.errors import OmahaEvalError
from omaha_eval.hh import HHError, read_text, replay_hand

HAND = """Poker Hand #OM7: PLO ($0.5/$1) - 2020/06/13 13:15:53
Table 'T' 6-max Seat #1 is the button
Seat 1: A ($100 in chips)
Seat 2: B ($100 in chips)
A: posts small blind $0.5
B: posts big blind $1
*** HOLE CARDS ***
Dealt to A [Ad Kd Qh Jh]
A: raises $2 to $3
B: calls $2
*** FLOP *** [2c 7d 9s]
B: checks
A: bets $4
B: folds
Uncalled bet ($4) returned to A
A collected $5.70 from pot
*** SUMMARY ***
Total pot $6 | Rake $0.30"""


def test_the_hand_agrees_as_written():
    [hand] = read_text(HAND)
    assert replay_hand(hand).agrees


@pytest.mark.parametrize("dealt", ["[Kh 7s Qs TcTc]", "[Kh 7s Qs Xx]", "[Kh 7s Qs 1c]"])
def test_a_damaged_card_word_is_reported_with_its_line(dealt):
    [hand] = read_text(HAND.replace("[Ad Kd Qh Jh]", dealt), "h.txt")
    outcome = replay_hand(hand)
    assert not outcome.ok and outcome.error.startswith("h.txt hand OM7 line 8: ")
    assert "is not one card" in outcome.error


def test_replay_hand_refuses_what_is_not_a_site_hand():
    [bad] = read_text(HAND.replace("Seat 1: A ($100 in chips)", "Seat 1: A ($ in chips)"), "h.txt")
    assert isinstance(bad, HHError) and bad.line == 3
    with pytest.raises(HHError, match="h.txt hand OM7 line 3: this hand could not be read"):
        replay_hand(bad)
    with pytest.raises(HHError, match="takes a SiteHand .* not str"):
        replay_hand(HAND)  # type: ignore[arg-type]


def _mutations(rng: random.Random, text: str) -> str:
    lines = text.splitlines()
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(lines))
        line = lines[i]
        op = rng.randrange(4)
        if op == 0 and line:
            j = rng.randrange(len(line))
            lines[i] = line[:j] + rng.choice(["[", "]", "$", "TcTc", " ", ":", "-1", "99999999999"]) + line[j:]
        elif op == 1 and line:
            j = rng.randrange(len(line))
            lines[i] = line[:j] + line[j + rng.randint(1, 4):]
        elif op == 2 and len(lines) > 2:
            del lines[i]
        else:
            lines.insert(i, rng.choice(lines))
    return "\n".join(lines)


def test_mutated_hands_raise_only_the_librarys_errors():
    rng = random.Random(26)
    for _ in range(400):
        text = _mutations(rng, HAND)
        try:
            for item in read_text(text):
                if not isinstance(item, HHError):
                    replay_hand(item)
        except OmahaEvalError:
            pass
