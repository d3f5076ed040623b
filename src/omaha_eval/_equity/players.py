"""The players of a spot as given: card input, fixed hands, ranges and random hands.

Each player is read once into a :class:`Player` (a fixed hand, a range or a random hand) and
checked alone; :mod:`.spot` then checks them together with the board and the dead cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Optional, Sequence, Union

import numpy as np
import numpy.typing as npt

from .. import _core
from ..cards import CardError, format_cards, parse_cards
from ..ranges import Range, RangeError, parse_range

__all__ = ["HOLE_COUNTS", "MAX_PLAYERS", "HandLike", "Player", "card_array", "player",
           "max_players", "hole_count", "range_of", "players_text"]

MAX_PLAYERS: int = int(_core.MAX_PLAYERS)
HOLE_COUNTS = (4, 5, 6)

HandLike = Union[str, Range, Sequence[int], npt.ArrayLike]


@lru_cache(maxsize=1024)
def _text_cards(text: str) -> np.ndarray:
    """Parsed card text, cached (read-only): the same strings come back call after call."""
    ids = np.ascontiguousarray(parse_cards(text), dtype=np.uint8)
    ids.flags.writeable = False
    return ids


def card_array(cards: Any, what: str) -> np.ndarray:
    if cards is None:
        return np.zeros(0, dtype=np.uint8)
    try:
        ids = _text_cards(cards) if isinstance(cards, str) else parse_cards(cards)
    except CardError as exc:
        raise CardError(f"{what}: {exc}") from None
    if ids.ndim != 1:
        raise CardError(f"{what}: expected a flat list of cards, got shape {ids.shape}")
    return np.ascontiguousarray(ids, dtype=np.uint8)


@dataclass(frozen=True)
class Player:
    """One player as given: a fixed hand, a range, or a random hand (dealt from the deck)."""

    name: str
    hole: Optional[int]                  # None: a random hand whose count the spot decides
    hand: Optional[np.ndarray] = None    # fixed: (k,) ids, ascending
    range: Optional[Range] = None
    random: bool = False

    @property
    def fixed(self) -> bool:
        return self.hand is not None

    def fixed_hand(self) -> np.ndarray:
        """The hand of a fixed player (asked only of one)."""
        if self.hand is None:  # pragma: no cover - an internal invariant
            raise ValueError(f"{self.name!r} has no fixed hand")
        return self.hand

    def given_range(self) -> Range:
        """The range of a range player (asked only of one)."""
        if self.range is None:  # pragma: no cover - an internal invariant
            raise ValueError(f"{self.name!r} has no range")
        return self.range


def range_of(r: Optional[Range]) -> Range:
    """A range player's range after card removal (None only for fixed and random players)."""
    if r is None:  # pragma: no cover - an internal invariant
        raise ValueError("a range player has no range")
    return r


def _is_random_text(text: str) -> Optional[int]:
    """0 for 'random' / '*' (any count), k for k stars, None for anything else."""
    t = text.strip().lower()
    if t in ("random", "*"):
        return 0
    if t and set(t) == {"*"}:
        return len(t)
    return None


def _fixed_player(ids: np.ndarray, who: str) -> Player:
    if ids.size not in HOLE_COUNTS:
        raise CardError(f"{who}: a hand has 4, 5 or 6 cards, got {ids.size}")
    hand = np.sort(ids).astype(np.uint8)
    hand.flags.writeable = False
    return Player(format_cards(ids), int(ids.size), hand=hand)


def _range_player(rng: Range, name: str, who: str) -> Player:
    k = int(rng.hands.shape[1]) if rng.hands.ndim == 2 else 0
    if k not in HOLE_COUNTS:
        raise RangeError(f"{who}: range {name!r} holds hands of {k} cards")
    if len(rng) == 1:
        return _fixed_player(np.asarray(rng.hands[0], dtype=np.uint8), who)
    return Player(name, k, range=rng)


@lru_cache(maxsize=4096)
def _player_text(hand: str, half: str = "hi") -> Player:
    """A hand or range given as text, cached; errors carry no player number (added by caller)."""
    try:
        ids = parse_cards(hand)
    except CardError:
        stars = _is_random_text(hand)
        if stars is not None:
            if stars and stars not in HOLE_COUNTS:
                raise RangeError(f"{hand.strip()!r}: a random hand has 4, 5 or 6 cards") from None
            return Player(hand.strip(), stars or None, random=True)
        rng = parse_range(hand, game=half)  # half: the table that ranks percent sets (15%)
        return _range_player(rng, hand.strip(), "range")
    if ids.size not in HOLE_COUNTS:
        raise CardError(f"hand {hand!r} has {ids.size} cards; an Omaha hand has 4, 5 or 6")
    return _fixed_player(ids, "hand")


def player(hand: HandLike, p: int, half: str = "hi") -> Player:
    who = f"player {p}"
    if isinstance(hand, Range):
        return _range_player(hand, hand.text, who)
    if isinstance(hand, str):
        try:
            return _player_text(hand, half)
        except (CardError, RangeError) as exc:
            raise type(exc)(f"{who}: {exc}") from None
    try:
        ids = parse_cards(hand)
    except CardError as exc:
        raise CardError(f"{who}: {exc}") from None
    if ids.ndim != 1:
        raise CardError(f"{who}: a hand is a flat list of 4, 5 or 6 cards, got shape {ids.shape}")
    return _fixed_player(ids, who)


def players_text(ps: Sequence[int]) -> str:
    """'player 2' or 'players 0, 1 and 3' (numbered from 0, as everywhere in the library)."""
    names = [str(p) for p in ps]  # numbered from 0, as everywhere in the library
    return "player " + names[0] if len(names) == 1 else (
        "players " + ", ".join(names[:-1]) + " and " + names[-1])


def max_players(hole: int) -> int:
    """Players a deck deals with ``hole`` cards each: 10 with four, 8 with five, 7 with six
    (hole cards, five board cards and three burn cards from 52; ten at most)."""
    return min(MAX_PLAYERS, (52 - 5 - 3) // hole)


def hole_count(players: Sequence[Player], fixed_by_game: Optional[int]) -> int:
    """The hole count every player shares (random players take it from the others)."""
    counts = {p: pl.hole for p, pl in enumerate(players) if pl.hole is not None}
    kinds = set(counts.values())
    if fixed_by_game is not None and kinds - {fixed_by_game}:
        p = next(p for p, k in counts.items() if k != fixed_by_game)
        raise CardError(f"player {p} holds {counts[p]} cards; this game deals "
                        f"{fixed_by_game}")
    if len(kinds) > 1:
        first = next(iter(counts.items()))
        p, k = next((p, k) for p, k in counts.items() if k != first[1])
        raise CardError(f"every player holds the same number of cards: player {first[0]} "
                        f"has {first[1]}, player {p} has {k}")
    if kinds:
        return kinds.pop()
    return fixed_by_game if fixed_by_game is not None else 4

