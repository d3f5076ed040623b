"""Card text with suit symbols (issue 30: 'A♠K♠Q♥J♥' was one unknown card)."""

from __future__ import annotations

import pytest

import omaha_eval as oe


@pytest.mark.parametrize("text", ["A♠K♠Q♥J♥", "A♤K♤Q♡J♡", "a♠ k♠, q♥ j♥", "A♠ K♠ Q♥ J♥"])
def test_symbols_read_as_letters(text):
    assert oe.parse_cards(text).tolist() == oe.parse_cards("AsKsQhJh").tolist()


def test_every_symbol_and_ten():
    assert oe.parse_cards("2♣3♧4♦5♢6♥7♡8♠9♤10♠").tolist() == \
        oe.parse_cards("2c3c4d5d6h7h8s9sTs").tolist()
    assert oe.evaluate_hi("A♠K♠Q♥J♥", "T♠9♠8♥2♣2♦") == oe.evaluate_hi("AsKsQhJh", "Ts9s8h2c2d")


def test_a_bad_token_is_still_blamed_alone():
    with pytest.raises(oe.CardError, match=r"unknown card 'X♠' at position 2"):
        oe.parse_cards("A♠K♠X♠")
