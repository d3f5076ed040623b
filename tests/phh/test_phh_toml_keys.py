"""The PHH writer always writes valid TOML that reads back to the same fields (issue 32 item 4):
names with newlines, quotes, ``=``, dots or unicode are quoted, strings are escaped."""

from __future__ import annotations

import math
import sys
from typing import Any, Dict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from omaha_eval import PHHError
from omaha_eval.game import GameConfig, Hand
from omaha_eval.game.phh import hand_to_phh, parse_phh, to_toml

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

# any text TOML can hold: every code point but the surrogates (not UTF-8)
TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=30)
SCALARS = st.one_of(TEXT, st.integers(-(2**63), 2**63 - 1), st.booleans(),
                    st.floats(allow_nan=False))
VALUES = st.one_of(SCALARS, st.lists(SCALARS, max_size=5))
KEYS = st.one_of(TEXT, st.sampled_from(["_posts", "finishing_stacks", "small_bet", "a\nb",
                                        'say "x"', "it's", "a = 1", "a.b", "[t]", "#c", "é", "",
                                        " ", "\x00", "\\", "\u2028", "k\r\n"]))


# fields the writer derives from the hand and never copies from ``extra``
RESERVED = {"finishing_stacks", "winnings", "_max_raises", "_heads_up_max_raises",
            "_half_bet_reopens", "_max_bet", "_late_min_bet", "_late_max_bet", "_show_all",
            "_posts", "_first_to_act", "_last_to_act", "_runs", "_run_boards", "_rake", "_added",
            "_free_folds", "variant", "ante_trimming_status", "antes", "blinds_or_straddles",
            "small_bet", "big_bet", "min_bet", "starting_stacks", "actions"}


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, float) and isinstance(b, float):
        return a == b or (math.isnan(a) and math.isnan(b))
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return type(a) is type(b) and a == b


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(KEYS, VALUES, max_size=8))
def test_to_toml_reads_back_to_the_same_mapping(fields: Dict[str, Any]) -> None:
    back = tomllib.loads(to_toml(fields))
    assert back.keys() == fields.keys()
    assert all(_same(back[k], v) for k, v in fields.items())


@settings(max_examples=100, deadline=None)
@given(st.dictionaries(KEYS, VALUES, max_size=5))
def test_hand_to_phh_extra_fields_read_back(extra: Dict[str, Any]) -> None:
    hand = Hand(GameConfig.pot_limit(1, 2), [100, 100], seed=1)
    hand.fold()
    fields = parse_phh(hand_to_phh(hand, extra=extra)).fields
    plain = parse_phh(hand_to_phh(hand)).fields
    for key, value in extra.items():
        if key in plain or key in RESERVED:  # the hand's own fields win; reserved ones are skipped
            continue
        assert _same(fields[key], value), key
    assert {k: fields[k] for k in plain} == plain  # extra never changes the hand's own fields


def test_a_newline_key_cannot_inject_a_field() -> None:
    hand = Hand(GameConfig.pot_limit(1, 2), [100, 100], seed=1)
    hand.fold()
    text = hand_to_phh(hand, extra={"x = 1\nfinishing_stacks": "[0, 0]", "event": "a'b\nc"})
    fields = parse_phh(text).fields
    assert fields["finishing_stacks"] == [101, 99]
    assert fields["x = 1\nfinishing_stacks"] == "[0, 0]" and fields["event"] == "a'b\nc"


def test_what_toml_cannot_hold_is_refused() -> None:
    with pytest.raises(PHHError, match="field names are strings"):
        to_toml({1: 2})  # type: ignore[dict-item]
    with pytest.raises(PHHError, match="not encodable as UTF-8"):
        to_toml({"a": "\ud800"})
    with pytest.raises(PHHError, match="tables are not part of PHH"):
        to_toml({"a": {"b": 1}})
    with pytest.raises(PHHError, match="cannot write"):
        to_toml({"a": object()})
