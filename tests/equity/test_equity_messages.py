"""Wrong shapes of input to the equity API get the library's own error, saying what to write."""

from __future__ import annotations

import pytest

import omaha_eval as oe


def test_one_string_of_holes_to_equity_batch_is_a_card_error() -> None:
    # was an IndexError from deep inside (issue 32 item 6)
    with pytest.raises(oe.CardError, match=r"holes: one string 'AsAs'; give one list of hand "
                                           r"texts per matchup"):
        oe.equity_batch("AsAs", "2c3c4c")


def test_a_bad_hand_inside_a_batch_names_its_place() -> None:
    with pytest.raises(oe.CardError, match=r"holes \(0, 1\): "):
        oe.equity_batch([["AsKsQhJh", "2c2d7h7h"]])


def test_one_string_of_hands_to_equity_says_what_to_write() -> None:
    with pytest.raises(oe.OmahaEvalError) as exc:
        oe.equity("AsKsQhJh2c2d7h8s")  # type: ignore[arg-type]
    assert '["AsKsQhJh", "2c2d7h8s"]' in str(exc.value)
    assert "'AsKsQhJh2c2d7h8s'" in str(exc.value)
    with pytest.raises(oe.OmahaEvalError, match=r'\["AsKsQhJhTc", "2c2d7h8s3s"\]'):
        oe.equity("AsKsQhJhTc2c2d7h8s3s")  # type: ignore[arg-type]


@pytest.mark.parametrize("kwargs, message", [
    ({"workers": 0}, "workers must be -1"),
    ({"workers": 1.0}, "workers must be a positive int"),
    ({"seed": -1, "trials": 10}, "seed must be an int in"),
    ({"game": "razz"}, "game must be one of"),
    ({"trials": 0}, "trials must be a positive int"),
])
def test_shared_arguments_raise_argument_error(kwargs: dict, message: str) -> None:
    with pytest.raises(oe.ArgumentError, match=message):
        oe.equity(["AsKsQhJh", "2c2d7h8s"], **kwargs)
