"""The functions a query may call: their arguments, result types and the streets they take.

Examples
--------
>>> from omaha_eval.query.signatures import FUNCTIONS
>>> f = FUNCTIONS["hvhequity"]
>>> f.name, f.args, f.result, f.streets
('HvHequity', ('player', 'street'), 'num', ('preflop', 'flop', 'turn', 'river'))
>>> FUNCTIONS["nuthi"].streets
('flop', 'turn', 'river')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, Tuple

__all__ = ["Signature", "FUNCTIONS", "AGGREGATES", "STREETS", "HAND_TYPES", "TYPE_WORDS"]

STREETS = {"preflop": 0, "flop": 3, "turn": 4, "river": 5}
"""Street names and the board cards dealt by then."""

HAND_TYPES = ("highcard", "pair", "twopair", "trips", "straight", "flush", "fullhouse",
              "quads", "straightflush")
"""The hi hand types, weakest first (the library's categories 0 .. 8)."""

TYPE_WORDS = {"bool": "a boolean", "num": "a number", "str": "a string",
              "handtype": "a hand type", "card": "a card", "player": "a player",
              "street": "a street", "range": "a range"}
"""How an error message names each type."""

_POSTFLOP = ("flop", "turn", "river")
_ANY_STREET = ("preflop",) + _POSTFLOP


@dataclass(frozen=True)
class Signature:
    """One function: its canonical name, argument kinds, result type and accepted streets.

    Argument kinds are ``player``, ``street``, ``handtype`` and ``range`` (a quoted range).
    ``lo`` marks the functions that need an 8-or-better game.
    """

    name: str
    args: Tuple[str, ...]
    result: str
    streets: Tuple[str, ...] = _POSTFLOP
    lo: bool = False


FUNCTIONS: Dict[str, Signature] = {s.name.lower(): s for s in (
    Signature("riverEquity", ("player",), "num"),
    Signature("equity", ("player", "street"), "num", _ANY_STREET),
    Signature("HvHequity", ("player", "street"), "num", _ANY_STREET),
    Signature("minHvHEquity", ("player", "street"), "num", _ANY_STREET),
    Signature("winsHi", ("player",), "bool"),
    Signature("tiesHi", ("player",), "bool"),
    Signature("winsLo", ("player",), "bool", lo=True),
    Signature("tiesLo", ("player",), "bool", lo=True),
    Signature("scoops", ("player",), "bool"),
    Signature("handType", ("player", "street"), "handtype"),
    Signature("winningHandType", (), "handtype"),
    Signature("nutHi", ("player", "street"), "bool"),
    Signature("nutLo", ("player", "street"), "bool", lo=True),
    Signature("outsToHandType", ("player", "street", "handtype"), "num"),
    Signature("boardSuitCount", ("street",), "num"),
    Signature("inRange", ("player", "range"), "bool"),
    Signature("turnCard", (), "card"),
    Signature("riverCard", (), "card"),
)}
"""Every function, by lower-case name (calls are case-insensitive)."""

AGGREGATES = ("count", "avg", "histogram")
"""The select list's aggregates: ``count(bool)``, ``avg(number or bool)``, ``histogram(any)``."""
