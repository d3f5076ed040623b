"""One spot: the players, the board and the dead cards, checked together.

:func:`parse_spot` reads what :func:`omaha_eval.equity` is given into a :class:`Spot`: every
card in one place only, a deck large enough, ranges less the known cards, a spot that can be
dealt. :func:`exact_cost` is what exact enumeration of it would cost (the budget's units).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Optional, Sequence

import numpy as np

from .._args import game_code
from ..cards import CardError, card_to_str, format_cards, parse_cards
from ..errors import ArgumentError
from ..ranges import Range, RangeError, parse_range
from .feasibility import RANDOM_TABLE_LIMIT, check_dealable, work_units
from .players import (HOLE_COUNTS, MAX_PLAYERS, HandLike, Player, card_array, hole_count,
                      max_players, player, range_of)

__all__ = ["Spot", "parse_spot", "text_spot", "exact_cost", "holding_counts", "deck_left",
           "enumerable"]


@dataclass
class Spot:
    """A checked spot; spots given as text are cached and reused (their arrays are read-only)."""

    names: tuple[str, ...]
    players: list[Player]
    ranges: list[Optional[Range]]  # after card removal; None for fixed and random players
    board: np.ndarray
    dead: np.ndarray
    game: int  # 0 = hi, 1 = hi-lo
    hole: int
    board_text: str = ""
    dead_text: str = ""
    fixed: bool = False  # every player holds a fixed hand (set once, read on every call)
    _holes: Optional[np.ndarray] = None
    _packed: Optional[bytes] = None

    def packed(self) -> bytes:
        """Fixed hands, board and dead cards in one bytes object (the small-call native path)."""
        if self._packed is None:
            self._packed = self.holes().tobytes() + self.board.tobytes() + self.dead.tobytes()
        return self._packed

    def holes(self) -> np.ndarray:
        """(P, k) uint8 fixed hands, built once (spots given as text are cached and reused)."""
        if self._holes is None:
            h = np.ascontiguousarray(np.stack([p.fixed_hand() for p in self.players]),
                                     dtype=np.uint8)
            h.flags.writeable = False
            self._holes = h
        return self._holes


def _place(card: int, places: dict[int, str], where: str) -> None:
    if card in places:
        raise CardError(f"card {card_to_str(card)} is used twice: in {places[card]} and in {where}")
    places[card] = where


def _one_string_hint(text: str) -> str:
    """What to write instead of one string of cards for ``hands``."""
    try:
        ids = parse_cards(text)
    except CardError:
        return '["AsKsQhJh", "2c2d7h8s"]'
    size = next((k for k in HOLE_COUNTS if ids.size >= 2 * k and ids.size % k == 0), 4)
    cards = [format_cards(ids[i:i + size]) for i in range(0, ids.size - size + 1, size)]
    return "[" + ", ".join(f'"{c}"' for c in (cards if len(cards) >= 2 else
                                               ["AsKsQhJh", "2c2d7h8s"])) + "]"


def _check_hands(hands: Any) -> None:
    if isinstance(hands, str):
        raise ArgumentError(f"hands must be a list of hands or ranges, one per player, e.g. "
                         f"{_one_string_hint(hands)}; got the single string {hands!r}")
    if isinstance(hands, Range) or not isinstance(hands, (Sequence, np.ndarray)):
        raise ArgumentError("hands must be a sequence of hands or ranges, one per player, e.g. "
                         f'["AsKsQhJh", "2c2d7h8s"]; got {type(hands).__name__}')
    if not 2 <= len(hands) <= MAX_PLAYERS:
        raise ArgumentError(f"equity needs 2 to {MAX_PLAYERS} players, got {len(hands)}")


def _known_cards(players: Sequence[Player], board: np.ndarray, dead: np.ndarray) -> np.ndarray:
    """The board, dead and fixed cards, each in one place only (sorted uint8 ids)."""
    places: dict[int, str] = {}
    for c in board.tolist():
        _place(c, places, "the board")
    for c in dead.tolist():
        _place(c, places, "the dead cards")
    for p, pl in enumerate(players):
        if pl.fixed:
            for c in pl.fixed_hand().tolist():
                _place(c, places, f"player {p}'s hand")
    return np.array(sorted(places), dtype=np.uint8)


def _check_seats(n_players: int, hole: int) -> None:
    if n_players > max_players(hole):
        raise ArgumentError(f"{n_players} players of {hole} cards; at most {max_players(hole)} "
                         "(a deck of 52 deals them, the board and three burn cards)")


def _check_deck(n_players: int, hole: int, dead: int) -> None:
    needed = hole * n_players + 5 + dead
    if needed > 52:
        most = (52 - 5 - dead) // hole
        raise ArgumentError(f"{n_players} players of {hole} cards, a board and {dead} "
                         f"dead cards need {needed} cards; a deck has 52 (at most {most} "
                         f"players here)")


def _ranges_left(players: Sequence[Player], known: np.ndarray) -> list[Optional[Range]]:
    ranges: list[Optional[Range]] = []
    for p, pl in enumerate(players):
        if pl.fixed or pl.random:
            ranges.append(None)
            continue
        left = pl.given_range().remove(known)
        if len(left) == 0:
            raise RangeError(f"player {p}: range {pl.name!r} has no holding left once the "
                             "known cards are removed")
        ranges.append(left)
    return ranges


def _board_range(hand: HandLike, p: int, board: np.ndarray, half: str) -> HandLike:
    """Range text with board filters (``@set``, see omaha_eval.ranges) resolved on the board."""
    if not (isinstance(hand, str) and "@" in hand):
        return hand
    try:
        return parse_range(hand, game=half, board=board.tolist())
    except RangeError as exc:
        raise RangeError(f"player {p}: {exc}") from None


def parse_spot(hands: Sequence[HandLike], board: Any, dead: Any, game: str) -> Spot:
    """The checked :class:`Spot` of an :func:`omaha_eval.equity` call's arguments.

    Raises the errors ``equity`` documents (CardError, RangeError, ValueError), before any
    work; the service calls it to weigh a request before running it."""
    g, fixed_hole = game_code(game)
    _check_hands(hands)
    board_ids = card_array(board if board is not None else "", "board")
    dead_ids = card_array(dead if dead is not None else "", "dead cards")
    if board_ids.size > 5:
        raise CardError(f"board: a board has 0 to 5 cards, got {board_ids.size}")
    half = "hilo" if g == 1 else "hi"
    players = [player(_board_range(h, p, board_ids, half), p, half) for p, h in enumerate(hands)]
    hole = hole_count(players, fixed_hole)
    _check_seats(len(players), hole)
    known = _known_cards(players, board_ids, dead_ids)
    _check_deck(len(players), hole, dead_ids.size)
    ranges = _ranges_left(players, known)
    mask = np.zeros(52, dtype=bool)
    mask[known] = True
    check_dealable(players, ranges, mask)
    return Spot(tuple(pl.name for pl in players), players, ranges, board_ids, dead_ids, g, hole,
                format_cards(board_ids), format_cards(dead_ids),
                fixed=all(pl.fixed for pl in players))


@lru_cache(maxsize=2048)
def text_spot(hands: tuple[str, ...], board: str, dead: str, game: str) -> Spot:
    """Spots given as text, cached: repeated small calls skip the parsing and checks."""
    return parse_spot(hands, board, dead, game)


def deck_left(spot: Spot) -> np.ndarray:
    """The cards not on the board, dead or in a fixed hand (uint8 ids, ascending)."""
    used = np.zeros(52, dtype=bool)
    used[spot.board] = True
    used[spot.dead] = True
    for pl in spot.players:
        if pl.fixed:
            used[pl.hand] = True
    return np.flatnonzero(~used).astype(np.uint8)


def holding_counts(spot: Spot) -> list[int]:
    """Per player the holdings exact enumeration visits (1 for a fixed hand)."""
    n_left = int(deck_left(spot).size)
    return [1 if pl.fixed else math.comb(n_left, spot.hole) if pl.random else len(range_of(r))
            for pl, r in zip(spot.players, spot.ranges)]


def exact_cost(spot: Spot) -> float:
    """The work of exact enumeration of ``spot``, in the units of ``EXACT_BUDGET``."""
    return work_units(holding_counts(spot), int(spot.board.size), spot.hole)


def enumerable(spot: Spot, budget: float) -> bool:
    """Exact enumeration fits the budget (and every random player's table is small enough)."""
    return exact_cost(spot) <= budget and all(
        not pl.random or c <= RANDOM_TABLE_LIMIT
        for pl, c in zip(spot.players, holding_counts(spot)))
