"""Betting structures: how much a bet or raise may be, and how many raises a round allows.

Every structure answers the same three questions for the hand's state machine:

* ``street_min_bet(street)``: the smallest opening bet on a street (0 = preflop .. 3 = river); in fixed
  limit the only bet size.
* ``bounds(street, level, full_raise, pot, to_call)``: the smallest and largest "raise to" (or
  "bet to") amount before the player's stack is taken into account. ``level`` is the bet to
  match, ``full_raise`` the size of the last full bet or raise this round, ``pot`` every chip in
  the middle including all pending bets, ``to_call`` what the acting player still owes.
* ``reopen_threshold(street, full_raise)``: how big a raise increment must be to count as a full
  raise (one that reopens the betting for players who already acted and counts toward the cap).

``max_raises`` caps the raises per round after the opening bet (preflop the big blind is the
bet); ``None`` means no cap. ``heads_up_max_raises`` replaces it when exactly two players are
left in the hand (``None`` = unlimited; set it equal to ``max_raises`` for no exception).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Optional, Tuple, Union

from .errors import HandSetupError

#: The chip limit: no stack may start a hand above it (Hand refuses it, and a Table refuses to
#: hold more chips in all), so that "no maximum" below is above any stack a hand will see.
MAX_CHIPS = 1 << 62

#: "No maximum" for no limit: larger than any stack a hand will see; the hand clips to the stack.
NO_MAX = MAX_CHIPS

STREETS = ("preflop", "flop", "turn", "river")


def _check_amount(name: str, value: object, *, allow_zero: bool = False) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise HandSetupError(f"{name} must be an int, got {value!r}")
    if value < 0 or (value == 0 and not allow_zero):
        raise HandSetupError(f"{name} must be {'non-negative' if allow_zero else 'positive'}, got {value}")


def _check_cap(name: str, value: object) -> None:
    if value is not None:
        _check_amount(name, value, allow_zero=True)


def _scale(value: Optional[int], num: int, den: int) -> Optional[int]:
    return None if value is None else value * num // den


def _per_street(structure: Any, name: str, early: int, late: Optional[int]) -> None:
    """Store ``(early, early, late, late)`` (``late`` defaults to ``early``) as attribute
    ``name`` of a frozen structure: the per-street amounts a hand asks for at every raise,
    looked up instead of worked out. Not a field: equality, repr and ``replace`` ignore it."""
    late = early if late is None else late
    object.__setattr__(structure, name, (early, early, late, late))


@dataclass(frozen=True)
class FixedLimit:
    """Fixed limit: every bet and raise is the small bet preflop and on the flop, the big bet on
    the turn and river. A bet and ``max_raises`` raises per round (default 3).

    ``half_bet_reopens``: an all-in raise of at least half a bet counts as a full raise (it
    reopens the betting and counts toward the cap), the common limit rule; with ``False`` only a
    complete bet does. The next raise is always a full bet on top of the amount to match.
    """

    small_bet: int
    big_bet: int
    max_raises: Optional[int] = 3
    heads_up_max_raises: Optional[int] = None
    half_bet_reopens: bool = True

    kind = "fixed"
    phh_letter = "F"

    def __post_init__(self) -> None:
        _check_amount("small_bet", self.small_bet)
        _check_amount("big_bet", self.big_bet)
        _check_cap("max_raises", self.max_raises)
        _check_cap("heads_up_max_raises", self.heads_up_max_raises)
        _per_street(self, "_bets", self.small_bet, self.big_bet)
        _per_street(self, "_reopen", (self.small_bet + 1) // 2 if self.half_bet_reopens else self.small_bet,
                    (self.big_bet + 1) // 2 if self.half_bet_reopens else self.big_bet)

    def street_min_bet(self, street: int) -> int:
        return self._bets[street]  # type: ignore[attr-defined, no-any-return]

    def bounds(self, street: int, level: int, full_raise: int, pot: int, to_call: int) -> Tuple[int, int]:
        to = level + self._bets[street]  # type: ignore[attr-defined]
        return to, to

    def reopen_threshold(self, street: int, full_raise: int) -> int:
        return self._reopen[street]  # type: ignore[attr-defined, no-any-return]

    def scaled(self, num: int, den: int = 1) -> "FixedLimit":
        """The same structure with every amount multiplied by ``num / den`` (rounded down)."""
        return replace(self, small_bet=self.small_bet * num // den, big_bet=self.big_bet * num // den)

    def describe(self) -> str:
        return f"fixed limit {self.small_bet}/{self.big_bet}"


@dataclass(frozen=True)
class SpreadLimit:
    """Spread limit: a bet is any amount from ``min_bet`` to ``max_bet``; a raise adds at least the
    previous bet or raise and at most ``max_bet``. ``late_min_bet`` / ``late_max_bet`` (optional)
    apply on the turn and river. Raises are capped like fixed limit (default 3)."""

    min_bet: int
    max_bet: int
    late_min_bet: Optional[int] = None
    late_max_bet: Optional[int] = None
    max_raises: Optional[int] = 3
    heads_up_max_raises: Optional[int] = None

    kind = "spread"
    phh_letter = "S"

    def __post_init__(self) -> None:
        _check_amount("min_bet", self.min_bet)
        _check_amount("max_bet", self.max_bet)
        if self.late_min_bet is not None:
            _check_amount("late_min_bet", self.late_min_bet)
        if self.late_max_bet is not None:
            _check_amount("late_max_bet", self.late_max_bet)
        _per_street(self, "_mins", self.min_bet, self.late_min_bet)
        _per_street(self, "_maxes", self.max_bet, self.late_max_bet)
        for street in (0, 3):
            if self.street_min_bet(street) > self._max(street):
                raise HandSetupError(f"spread limit minimum {self.street_min_bet(street)} is above the "
                                     f"maximum {self._max(street)} on the {STREETS[street]}")
        _check_cap("max_raises", self.max_raises)
        _check_cap("heads_up_max_raises", self.heads_up_max_raises)

    def street_min_bet(self, street: int) -> int:
        return self._mins[street]  # type: ignore[attr-defined, no-any-return]

    def _max(self, street: int) -> int:
        return self._maxes[street]  # type: ignore[attr-defined, no-any-return]

    def bounds(self, street: int, level: int, full_raise: int, pot: int, to_call: int) -> Tuple[int, int]:
        top = self._maxes[street]  # type: ignore[attr-defined]
        low = self._mins[street]  # type: ignore[attr-defined]
        if full_raise > low:
            low = full_raise
        return level + (low if low < top else top), level + top

    def reopen_threshold(self, street: int, full_raise: int) -> int:
        low = self._mins[street]  # type: ignore[attr-defined]
        return full_raise if full_raise > low else low

    def scaled(self, num: int, den: int = 1) -> "SpreadLimit":
        return replace(self, min_bet=self.min_bet * num // den, max_bet=self.max_bet * num // den,
                       late_min_bet=_scale(self.late_min_bet, num, den),
                       late_max_bet=_scale(self.late_max_bet, num, den))

    def describe(self) -> str:
        late = ""
        if self.late_min_bet is not None or self.late_max_bet is not None:
            late = f", {self.street_min_bet(2)}-{self._max(2)} on the turn and river"
        return f"spread limit {self.min_bet}-{self.max_bet}{late}"


@dataclass(frozen=True)
class _BigBetStructure:
    """What pot limit and no limit share: a minimum bet (``late_min_bet`` on the turn and river
    if given), raises of at least the previous bet or raise, and no cap unless one is set."""

    min_bet: int
    late_min_bet: Optional[int] = None
    max_raises: Optional[int] = None
    heads_up_max_raises: Optional[int] = None

    def __post_init__(self) -> None:
        _check_amount("min_bet", self.min_bet)
        if self.late_min_bet is not None:
            _check_amount("late_min_bet", self.late_min_bet)
        _check_cap("max_raises", self.max_raises)
        _check_cap("heads_up_max_raises", self.heads_up_max_raises)
        _per_street(self, "_mins", self.min_bet, self.late_min_bet)

    def street_min_bet(self, street: int) -> int:
        return self._mins[street]  # type: ignore[attr-defined, no-any-return]

    def reopen_threshold(self, street: int, full_raise: int) -> int:
        low = self._mins[street]  # type: ignore[attr-defined]
        return full_raise if full_raise > low else low

    def scaled(self, num: int, den: int = 1) -> Any:  # the same subclass as self
        return replace(self, min_bet=self.min_bet * num // den,
                       late_min_bet=_scale(self.late_min_bet, num, den))


@dataclass(frozen=True)
class PotLimit(_BigBetStructure):
    """Pot limit: a bet or raise is at least the minimum bet (``late_min_bet`` on the turn and
    river if given) and at least the previous raise, and at most the pot: the largest raise-to is
    the amount to match plus the whole pot after calling (pot + all pending bets + the call)."""

    kind = "pot"
    phh_letter = "P"

    def bounds(self, street: int, level: int, full_raise: int, pot: int, to_call: int) -> Tuple[int, int]:
        least = self._mins[street]  # type: ignore[attr-defined]
        low = level + (full_raise if full_raise > least else least)
        high = level + pot + to_call
        return low, (high if high > low else low)

    def describe(self) -> str:
        return f"pot limit (minimum bet {self.min_bet})"


@dataclass(frozen=True)
class NoLimit(_BigBetStructure):
    """No limit: a bet is at least the minimum bet (``late_min_bet`` on the turn and river if
    given), a raise at least the previous bet or raise; at most the player's stack."""

    kind = "no"
    phh_letter = "N"

    def bounds(self, street: int, level: int, full_raise: int, pot: int, to_call: int) -> Tuple[int, int]:
        least = self._mins[street]  # type: ignore[attr-defined]
        return level + (full_raise if full_raise > least else least), NO_MAX

    def describe(self) -> str:
        return f"no limit (minimum bet {self.min_bet})"


@dataclass(frozen=True)
class PotLimitPreflop(_BigBetStructure):
    """Pot limit before the flop and no limit after it (GGPoker's "Omaha (NL postflop)")."""

    kind = "pot-no"
    phh_letter = "P"

    def bounds(self, street: int, level: int, full_raise: int, pot: int, to_call: int) -> Tuple[int, int]:
        low = level + max(full_raise, self.street_min_bet(street))
        if street > 0:
            return low, NO_MAX
        return low, max(low, level + pot + to_call)

    def describe(self) -> str:
        return f"pot limit preflop, no limit postflop (minimum bet {self.min_bet})"


Structure = Union[FixedLimit, SpreadLimit, PotLimit, NoLimit, PotLimitPreflop]
STRUCTURE_TYPES = (FixedLimit, SpreadLimit, PotLimit, NoLimit, PotLimitPreflop)
