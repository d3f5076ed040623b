"""The Omaha family by the names the sites use: ``plo``, ``plo8``, ``plo5``, ``plo5-8`` (Big O), ...

One table, :data:`VARIANTS`, maps each name to its hole-card count, whether the pot is split
with an 8-or-better low, and whether it is Courchevel (one flop card dealt face up before the
first betting round). Every layer that takes a ``--game``/``--variant`` name reads it from here.

Examples
--------
>>> from omaha_eval.variants import variant
>>> v = variant("plo5-8")
>>> (v.hole_cards, v.game, v.courchevel)
(5, 'hilo', False)
>>> variant("Big O").name
'plo5-8'
>>> [v.name for v in VARIANTS.values() if v.hole_cards == 6]
['plo6', 'plo6-8']
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Dict, Optional, Tuple

from .errors import ArgumentError, ArgumentTypeError

__all__ = ["Variant", "VARIANTS", "HOLE_CARDS", "GAMES", "variant", "variant_names", "game_of",
           "game_name", "known_names"]

HOLE_CARDS = (4, 5, 6)
"""Hole-card counts the evaluator and the equity engine accept."""


@dataclass(frozen=True)
class Variant:
    """One Omaha variant.

    Attributes
    ----------
    name : str
        Canonical name (``"plo5-8"``).
    hole_cards : int
        Cards in each player's hand: 4, 5 or 6.
    game : str
        ``"hi"`` or ``"hilo"`` (8-or-better low half).
    courchevel : bool
        One flop card is dealt face up before the first betting round.
    title : str
        The name people read (``"Big O (5-card Omaha hi-lo)"``).
    """

    name: str
    hole_cards: int
    game: str
    courchevel: bool
    title: str

    @property
    def hilo(self) -> bool:
        """True for the split-pot (8-or-better) games."""
        return self.game == "hilo"


VARIANTS: Dict[str, Variant] = {v.name: v for v in (
    Variant("plo", 4, "hi", False, "Omaha hi (4 cards)"),
    Variant("plo8", 4, "hilo", False, "Omaha hi-lo 8 or better (4 cards)"),
    Variant("plo5", 5, "hi", False, "5-card Omaha hi"),
    Variant("plo5-8", 5, "hilo", False, "Big O (5-card Omaha hi-lo)"),
    Variant("plo6", 6, "hi", False, "6-card Omaha hi"),
    Variant("plo6-8", 6, "hilo", False, "6-card Omaha hi-lo"),
    Variant("courchevel", 5, "hi", True, "Courchevel hi (5 cards)"),
    Variant("courchevel-8", 5, "hilo", True, "Courchevel hi-lo (5 cards)"),
)}
"""Every variant by canonical name, in the order the sites list them."""

# Other spellings people type; keys are compared after lower-casing and dropping spaces.
_ALIASES: Dict[str, str] = {
    "omaha": "plo", "plo4": "plo", "o8": "plo8", "plo4-8": "plo8", "omaha8": "plo8",
    "plo-8": "plo8", "plo5hilo": "plo5-8", "plo58": "plo5-8", "bigo": "plo5-8",
    "plo6hilo": "plo6-8", "plo68": "plo6-8", "courchevel8": "courchevel-8",
    "courchevelhilo": "courchevel-8",
}


GAMES: Tuple[str, ...] = ("hi", "hilo")
"""``game=`` values that name only the half of the pot; the hole count then comes from the hands."""


def _key(name: str) -> str:
    key = name.strip().lower().replace(" ", "").replace("_", "-")
    return _ALIASES.get(key, _ALIASES.get(key.replace("-", ""), key))


def known_names() -> Tuple[str, ...]:
    """Every name ``game=`` / ``--game`` accepts: ``hi``, ``hilo``, the variants, their aliases.

    Returns
    -------
    tuple of str
        Canonical names first, then the other spellings, as typed (lower case).

    Examples
    --------
    >>> names = known_names()
    >>> names[:3], "omaha8" in names, "bigo" in names
    (('hi', 'hilo', 'plo'), True, True)
    """
    return GAMES + tuple(VARIANTS) + tuple(_ALIASES)


def _suggestion(name: str) -> str:
    close = difflib.get_close_matches(name.strip().lower(), known_names(), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def game_name(name: str) -> str:
    """The canonical spelling of a ``game=`` value: ``hi``, ``hilo`` or a variant name.

    Python (``game=``), the command line (``--game``) and the HTTP service read the same table,
    so ``omaha8``, ``PLO8`` and ``O8`` mean ``plo8`` everywhere.

    Parameters
    ----------
    name : str
        ``hi``, ``hilo``, a variant name or an alias, any case.

    Returns
    -------
    str
        ``"hi"``, ``"hilo"`` or the variant's canonical name.

    Raises
    ------
    ArgumentError
        For an unknown name: the known ones, and the closest one.

    Examples
    --------
    >>> game_name("hilo"), game_name("PLO8"), game_name("omaha"), game_name("Big O")
    ('hilo', 'plo8', 'plo', 'plo5-8')
    >>> game_name("plo7")
    Traceback (most recent call last):
    ...
    omaha_eval.errors.ArgumentError: unknown game 'plo7' (did you mean 'plo'?); known: hi, hilo, plo, plo8, plo5, plo5-8, plo6, plo6-8, courchevel, courchevel-8
    """
    if not isinstance(name, str):
        raise ArgumentError(f"a game name must be a str, got {name!r}")
    key = name.strip().lower()
    if key in GAMES:
        return key
    key = _key(name)
    if key in VARIANTS:
        return key
    raise ArgumentError(f"unknown game {name!r}{_suggestion(name)}; known: "
                        f"{', '.join(GAMES + tuple(VARIANTS))}")


def variant_names() -> Tuple[str, ...]:
    """Canonical names, in table order."""
    return tuple(VARIANTS)


def variant(name: str) -> Variant:
    """The :class:`Variant` called ``name`` (canonical or a common alias, any case).

    Raises
    ------
    ArgumentError
        For an unknown name (a ValueError); the message lists the known ones and the closest.
    TypeError
        For a name that is not a str.
    """
    if not isinstance(name, str):
        raise ArgumentTypeError(f"a variant name must be a str, got {name!r:.60}")
    try:
        return VARIANTS[_key(name)]
    except KeyError:
        raise ArgumentError(f"unknown variant {name!r:.60}{_suggestion(name)}; known: "
                            f"{', '.join(VARIANTS)}") from None


def game_of(name: str, hole_cards: Optional[int] = None) -> str:
    """``"hi"`` or ``"hilo"`` for a ``--game`` value: ``hi``/``hilo`` or a variant name.

    With ``hole_cards`` given, a variant name must match it.

    Raises
    ------
    ValueError
        For an unknown name, or a variant whose hole-card count differs from ``hole_cards``.

    Examples
    --------
    >>> game_of("hilo"), game_of("plo6"), game_of("Big O", 5)
    ('hilo', 'hi', 'hilo')
    """
    if name in ("hi", "hilo"):
        return name
    v = variant(name)
    if hole_cards is not None and hole_cards != v.hole_cards:
        raise ArgumentError(f"{v.name} is played with {v.hole_cards} hole cards, "
                         f"the hand has {hole_cards}")
    return v.game
