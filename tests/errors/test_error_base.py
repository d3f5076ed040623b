"""Every error the library raises on purpose is an OmahaEvalError, a ValueError, at the top level."""

from __future__ import annotations

import pytest

import omaha_eval as oe
from omaha_eval import errors

NAMES = ["CardError", "RangeError", "HandSetupError", "IllegalActionError", "PHHError",
         "TableError", "BulkError", "HHError", "ChipError"]


@pytest.mark.parametrize("name", NAMES)
def test_every_error_is_under_the_base(name: str) -> None:
    cls = getattr(oe, name)
    assert cls is getattr(errors, name)
    assert issubclass(cls, oe.OmahaEvalError) and issubclass(cls, ValueError)


def test_the_old_homes_name_the_same_classes() -> None:
    from omaha_eval.bulk.job import BulkError
    from omaha_eval.cards import CardError
    from omaha_eval.game import IllegalActionError, TableError
    from omaha_eval.hh.errors import HHError
    from omaha_eval.ranges import RangeError
    assert (CardError, RangeError, IllegalActionError, TableError, BulkError, HHError) == (
        oe.CardError, oe.RangeError, oe.IllegalActionError, oe.TableError, oe.BulkError, oe.HHError)


@pytest.mark.parametrize("call", [
    lambda: oe.parse_cards("AsKd1x"),
    lambda: oe.parse_range("AAKy"),
    lambda: oe.evaluate_hi("AsKsQhJh", "AsKd7h"),
    lambda: oe.equity(["AsKsQhJh", "AsKdQdJd"]),
])
def test_one_except_clause_catches_them(call) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(oe.OmahaEvalError):
        call()
