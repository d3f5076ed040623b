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


@dataclass(frozen=True)
class FixedLimit:
    """Fixed limit: every bet and raise is the small bet preflop and on the flop, the big bet on the turn and river.

    The next raise is always a full bet on top of the amount to match.

    Parameters
    ----------
    small_bet, big_bet : int
        The bets before and from the turn.
    max_raises : int or None, default 3
        Raises allowed per round after the bet (None: no cap).
    heads_up_max_raises : int, optional
        The cap heads-up (default ``max_raises``).
    half_bet_reopens : bool, default True
        An all-in raise of at least half a bet counts as a full raise (it reopens the betting and
        counts toward the cap), the common limit rule; False: only a complete bet does.

    Examples
    --------
    >>> from omaha_eval.game import FixedLimit
    >>> FixedLimit(2, 4).describe()
    'fixed limit 2/4'
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

    def street_min_bet(self, street: int) -> int:
        """The size of a bet on ``street``.

        Parameters
        ----------
        street : int
            0 preflop, 1 flop, 2 turn, 3 river.

        Returns
        -------
        int
            Chips.

        Examples
        --------
        >>> from omaha_eval.game import FixedLimit
        >>> [FixedLimit(2, 4).street_min_bet(s) for s in range(4)]
        [2, 2, 4, 4]
        """
        return self.small_bet if street < 2 else self.big_bet

    def bounds(self, street: int, level: int, full_raise: int, pot: int, to_call: int) -> Tuple[int, int]:
        """The range of a bet or raise allowed by the structure.

        Parameters
        ----------
        street : int
            0 preflop, 1 flop, 2 turn, 3 river.
        level : int
            The bet to match on this street.
        full_raise : int
            The size of the last full bet or raise.
        pot : int
            Chips in the pot, this street's bets included.
        to_call : int
            What the player to act owes.

        Returns
        -------
        (int, int)
            The smallest and largest "raise to" total (before the stack caps it).

        Examples
        --------
        >>> from omaha_eval.game import FixedLimit
        >>> FixedLimit(2, 4).bounds(0, 2, 2, 3, 1)
        (4, 4)
        """
        to = level + (self.small_bet if street < 2 else self.big_bet)
        return to, to

    def reopen_threshold(self, street: int, full_raise: int) -> int:
        """The smallest all-in raise that counts as a full raise (reopens the betting).

        Parameters
        ----------
        street : int
            0 preflop, 1 flop, 2 turn, 3 river.
        full_raise : int
            The size of the last full bet or raise.

        Returns
        -------
        int
            Chips added to the bet to match.

        Examples
        --------
        >>> from omaha_eval.game import FixedLimit
        >>> FixedLimit(2, 4).reopen_threshold(2, 4), FixedLimit(2, 4, half_bet_reopens=False).reopen_threshold(2, 4)
        (2, 4)
        """
        bet = self.small_bet if street < 2 else self.big_bet
        return (bet + 1) // 2 if self.half_bet_reopens else bet

    def scaled(self, num: int, den: int = 1) -> "FixedLimit":
        """The structure with every amount multiplied by ``num / den`` (a kill pot).

        Parameters
        ----------
        num, den : int
            Positive integers.

        Returns
        -------
        FixedLimit
            A new structure (this one is frozen).

        Examples
        --------
        >>> from omaha_eval.game import FixedLimit
        >>> FixedLimit(2, 4).scaled(2).describe()
        'fixed limit 4/8'
        """
        return replace(self, small_bet=self.small_bet * num // den, big_bet=self.big_bet * num // den)

    def describe(self) -> str:
        """The structure in words.

        Returns
        -------
        str
            For example ``'pot limit (minimum bet 2)'``.

        Examples
        --------
        >>> from omaha_eval.game import FixedLimit
        >>> FixedLimit(2, 4).describe()
        'fixed limit 2/4'
        """
        return f"fixed limit {self.small_bet}/{self.big_bet}"


@dataclass(frozen=True)
class SpreadLimit:
    """Spread limit: a bet is any amount from ``min_bet`` to ``max_bet``.

    A raise adds at least the previous bet or raise and at most ``max_bet``. Raises are capped like
    fixed limit.

    Parameters
    ----------
    min_bet, max_bet : int
        The smallest and largest bet.
    late_min_bet, late_max_bet : int, optional
        The limits on the turn and river (default the same).
    max_raises : int or None, default 3
        Raises allowed per round after the bet (None: no cap).
    heads_up_max_raises : int, optional
        The cap heads-up (default ``max_raises``).

    Examples
    --------
    >>> from omaha_eval.game import SpreadLimit
    >>> SpreadLimit(2, 8, late_max_bet=16).describe()
    'spread limit 2-8, 2-16 on the turn and river'
    """
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
        for street in (0, 3):
            if self.street_min_bet(street) > self._max(street):
                raise HandSetupError(f"spread limit minimum {self.street_min_bet(street)} is above the "
                                     f"maximum {self._max(street)} on the {STREETS[street]}")
        _check_cap("max_raises", self.max_raises)
        _check_cap("heads_up_max_raises", self.heads_up_max_raises)

    def street_min_bet(self, street: int) -> int:
        """The smallest bet on ``street``.

        Parameters
        ----------
        street : int
            0 preflop, 1 flop, 2 turn, 3 river.

        Returns
        -------
        int
            Chips.

        Examples
        --------
        >>> from omaha_eval.game import SpreadLimit
        >>> [SpreadLimit(2, 8, late_min_bet=4).street_min_bet(s) for s in range(4)]
        [2, 2, 4, 4]
        """
        return self.late_min_bet if street >= 2 and self.late_min_bet is not None else self.min_bet

    def _max(self, street: int) -> int:
        return self.late_max_bet if street >= 2 and self.late_max_bet is not None else self.max_bet

    def bounds(self, street: int, level: int, full_raise: int, pot: int, to_call: int) -> Tuple[int, int]:
        """The range of a bet or raise allowed by the structure.

        Parameters
        ----------
        street : int
            0 preflop, 1 flop, 2 turn, 3 river.
        level : int
            The bet to match on this street.
        full_raise : int
            The size of the last full bet or raise.
        pot : int
            Chips in the pot, this street's bets included.
        to_call : int
            What the player to act owes.

        Returns
        -------
        (int, int)
            The smallest and largest "raise to" total (before the stack caps it).

        Examples
        --------
        >>> from omaha_eval.game import SpreadLimit
        >>> SpreadLimit(2, 8).bounds(1, 2, 2, 5, 0)
        (4, 10)
        """
        top = self._max(street)
        low = max(full_raise, self.street_min_bet(street))
        return level + min(low, top), level + top

    def reopen_threshold(self, street: int, full_raise: int) -> int:
        """The smallest raise that counts as a full raise (reopens the betting).

        Parameters
        ----------
        street : int
            0 preflop, 1 flop, 2 turn, 3 river.
        full_raise : int
            The size of the last full bet or raise.

        Returns
        -------
        int
            Chips added to the bet to match.

        Examples
        --------
        >>> from omaha_eval.game import SpreadLimit
        >>> SpreadLimit(2, 8).reopen_threshold(0, 5)
        5
        """
        return max(full_raise, self.street_min_bet(street))

    def scaled(self, num: int, den: int = 1) -> "SpreadLimit":
        """The structure with every amount multiplied by ``num / den`` (a kill pot).

        Parameters
        ----------
        num, den : int
            Positive integers.

        Returns
        -------
        SpreadLimit
            A new structure (this one is frozen).

        Examples
        --------
        >>> from omaha_eval.game import SpreadLimit
        >>> SpreadLimit(2, 8).scaled(3, 2).describe()
        'spread limit 3-12'
        """
        return replace(self, min_bet=self.min_bet * num // den, max_bet=self.max_bet * num // den,
                       late_min_bet=_scale(self.late_min_bet, num, den),
                       late_max_bet=_scale(self.late_max_bet, num, den))

    def describe(self) -> str:
        """The structure in words.

        Returns
        -------
        str
            For example ``'pot limit (minimum bet 2)'``.

        Examples
        --------
        >>> from omaha_eval.game import SpreadLimit
        >>> SpreadLimit(2, 8).describe()
        'spread limit 2-8'
        """
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

    def street_min_bet(self, street: int) -> int:
        return self.late_min_bet if street >= 2 and self.late_min_bet is not None else self.min_bet

    def reopen_threshold(self, street: int, full_raise: int) -> int:
        return max(full_raise, self.street_min_bet(street))

    def scaled(self, num: int, den: int = 1) -> Any:  # the same subclass as self
        return replace(self, min_bet=self.min_bet * num // den,
                       late_min_bet=_scale(self.late_min_bet, num, den))


@dataclass(frozen=True)
class PotLimit(_BigBetStructure):
    """Pot limit: a bet or raise is at least the minimum bet and the previous raise, and at most the pot.

    The largest raise-to is the amount to match plus the whole pot after calling (pot + all
    pending bets + the call).

    Parameters
    ----------
    min_bet : int
        The smallest bet.
    late_min_bet : int, optional
        The smallest bet on the turn and river (default ``min_bet``).
    max_raises : int, optional
        Raises allowed per round after the bet (default: no cap).
    heads_up_max_raises : int, optional
        The cap heads-up (default ``max_raises``).

    Examples
    --------
    >>> from omaha_eval.game import PotLimit
    >>> PotLimit(2).describe()
    'pot limit (minimum bet 2)'
    """
    kind = "pot"
    phh_letter = "P"

    def bounds(self, street: int, level: int, full_raise: int, pot: int, to_call: int) -> Tuple[int, int]:
        """The range of a bet or raise allowed by the structure.

        Parameters
        ----------
        street : int
            0 preflop, 1 flop, 2 turn, 3 river.
        level : int
            The bet to match on this street.
        full_raise : int
            The size of the last full bet or raise.
        pot : int
            Chips in the pot, this street's bets included.
        to_call : int
            What the player to act owes.

        Returns
        -------
        (int, int)
            The smallest and largest "raise to" total (before the stack caps it).

        Examples
        --------
        >>> from omaha_eval.game import PotLimit
        >>> PotLimit(2).bounds(0, 2, 2, 3, 1)
        (4, 6)
        """
        low = level + max(full_raise, self.street_min_bet(street))
        high = level + pot + to_call
        return low, max(low, high)

    def describe(self) -> str:
        """The structure in words.

        Returns
        -------
        str
            For example ``'pot limit (minimum bet 2)'``.

        Examples
        --------
        >>> from omaha_eval.game import PotLimit
        >>> PotLimit(2).describe()
        'pot limit (minimum bet 2)'
        """
        return f"pot limit (minimum bet {self.min_bet})"


@dataclass(frozen=True)
class NoLimit(_BigBetStructure):
    """No limit: a bet is at least the minimum bet, a raise at least the previous bet or raise; at most the player's stack.

    Parameters
    ----------
    min_bet : int
        The smallest bet.
    late_min_bet : int, optional
        The smallest bet on the turn and river (default ``min_bet``).
    max_raises : int, optional
        Raises allowed per round after the bet (default: no cap).
    heads_up_max_raises : int, optional
        The cap heads-up (default ``max_raises``).

    Examples
    --------
    >>> from omaha_eval.game import NoLimit
    >>> NoLimit(2, late_min_bet=4).describe()
    'no limit (minimum bet 2)'
    """
    kind = "no"
    phh_letter = "N"

    def bounds(self, street: int, level: int, full_raise: int, pot: int, to_call: int) -> Tuple[int, int]:
        """The range of a bet or raise allowed by the structure.

        Parameters
        ----------
        street : int
            0 preflop, 1 flop, 2 turn, 3 river.
        level : int
            The bet to match on this street.
        full_raise : int
            The size of the last full bet or raise.
        pot : int
            Chips in the pot, this street's bets included.
        to_call : int
            What the player to act owes.

        Returns
        -------
        (int, int)
            The smallest and largest "raise to" total (before the stack caps it).

        Examples
        --------
        >>> from omaha_eval.game import NoLimit
        >>> NoLimit(2).bounds(1, 0, 0, 3, 0)
        (2, 4611686018427387904)
        """
        return level + max(full_raise, self.street_min_bet(street)), NO_MAX

    def describe(self) -> str:
        """The structure in words.

        Returns
        -------
        str
            For example ``'pot limit (minimum bet 2)'``.

        Examples
        --------
        >>> from omaha_eval.game import NoLimit
        >>> NoLimit(2).describe()
        'no limit (minimum bet 2)'
        """
        return f"no limit (minimum bet {self.min_bet})"


@dataclass(frozen=True)
class PotLimitPreflop(_BigBetStructure):
    """Pot limit before the flop and no limit after it (GGPoker's "Omaha (NL postflop)").

    Parameters
    ----------
    min_bet : int
        The smallest bet.
    late_min_bet : int, optional
        The smallest bet on the turn and river (default ``min_bet``).
    max_raises : int, optional
        Raises allowed per round after the bet (default: no cap).
    heads_up_max_raises : int, optional
        The cap heads-up (default ``max_raises``).

    Examples
    --------
    >>> from omaha_eval.game.structures import PotLimitPreflop
    >>> PotLimitPreflop(2).describe()
    'pot limit preflop, no limit postflop (minimum bet 2)'
    """
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
