"""describe_hand reads plain one-deal input (compact text, lists of ints) in Python, without
NumPy: its answers must equal what the public pieces give (best_*_cards, describe_*, format_cards)
for every input form, and every other input must keep the errors it always had."""

from __future__ import annotations

import numpy as np
import pytest

from omaha_eval import CardError
from omaha_eval.cards import format_cards
from omaha_eval.evaluate import (best_hi_cards, best_lo_cards, describe_hand, describe_hi,
                                 describe_lo, evaluate_hilo, hi_category)


def reference(hole: np.ndarray, board: np.ndarray, game: str) -> dict:
    hi, lo = evaluate_hilo(hole, board)
    h2, b3 = best_hi_cards(hole, board)
    want = {"hole": format_cards(hole), "board": format_cards(board),
            "hi": {"score": hi, "category": hi_category(hi), "description": describe_hi(hi),
                   "hole_cards": format_cards(h2), "board_cards": format_cards(b3)}}
    if game == "hilo":
        entry = {"score": lo, "description": describe_lo(lo)}
        cards = best_lo_cards(hole, board)
        if cards is not None:
            entry.update(hole_cards=format_cards(cards[0]), board_cards=format_cards(cards[1]))
        want["lo"] = entry
    return want


def test_every_form_equals_the_reference() -> None:
    rng = np.random.default_rng(2026)
    for k in range(600):
        n = (4, 5, 6)[k % 3]
        game = "hilo" if k % 2 else "hi"
        cards = rng.permutation(52)[:n + 5].astype(np.uint8)
        hole, board = cards[:n], cards[n:]
        want = reference(hole, board, game)
        text_h, text_b = format_cards(hole), format_cards(board)
        forms = [(text_h, text_b), (text_h.lower(), text_b.upper()),
                 (hole.tolist(), board.tolist()), (tuple(hole.tolist()), tuple(board.tolist())),
                 (hole, board), (format_cards(hole, sep=" "), text_b)]
        for h, b in forms:
            assert describe_hand(h, b, game=game) == want, (h, b, game)


@pytest.mark.parametrize("hole, board, message", [
    ("AsAsQhJh", "3s4s8h2c9d", "duplicate card As"),
    ("As2sQhJh", "3s4s8h2cAs", "duplicate card As"),
    ("As2sQhJ", "3s4s8h2c9d", "unknown card"),
    ("As2sQhJhXx", "3s4s8h2c9d", "unknown card 'Xx'"),
    ("As2sQh", "3s4s8h2c9d", "needs 4, 5 or 6 cards, got 3"),
    ([51, 0, 42, 52], [3, 7, 24, 1, 31], "outside 0..51"),
    ([51, 0, 42, True], [3, 7, 24, 1, 31], "duplicate card 2d"),  # True is 1, as before
])
def test_errors_are_unchanged(hole: object, board: object, message: str) -> None:
    with pytest.raises((CardError, ValueError), match=message):
        describe_hand(hole, board, game="hilo")


def test_hole_count_must_match_the_variant() -> None:
    with pytest.raises(ValueError, match="played with 4 hole cards, the hand has 5"):
        describe_hand("As2d9c9hKh", "3c4h5sKdQc", game="plo8")
