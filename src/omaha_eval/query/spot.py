"""The ``from`` clause: the game, the players and their ranges, the known board and dead cards.

Examples
--------
>>> from omaha_eval.query.spot import spot_of
>>> from omaha_eval.query.syntax import parse
>>> s = spot_of(parse("select count(winsHi(p1)) from game='omaha85', p1='A2***', p2='*'"))
>>> s.variant.name, s.names, s.hole, s.randoms
('plo5-8', ('p1', 'p2'), 5, (False, True))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, List, Optional, Tuple

import numpy as np

from ..cards import parse_cards
from ..errors import CardError, QueryError, RangeError
from ..ranges import Range, parse_range
from ..variants import Variant, variant
from .syntax import Binding, Query

__all__ = ["GAMES", "Spot", "spot_of", "card_mask", "filter_board", "MAX_PLAYERS"]

GAMES: Dict[str, str] = {
    "omahahi": "plo", "omaha8": "plo8", "omahahi5": "plo5", "omaha85": "plo5-8",
    "omahahi6": "plo6", "omaha86": "plo6-8", "courchevel": "courchevel",
    "courchevel8": "courchevel-8",
}
"""The query's game names and the library's variant each one means."""

MAX_PLAYERS = 6
"""At most this many players in a query (enough cards for every hole count)."""

_RESERVED = ("game", "board", "dead", "syntax")


@dataclass(frozen=True)
class Spot:
    """What the ``from`` clause binds.

    Attributes
    ----------
    variant : Variant
        The library's variant for the game.
    names : tuple of str
        The players, in the order written.
    ranges : tuple of Range or None
        Each player's holdings, less the board, the dead cards and the fixed hands of the
        others; None for a random player (any hand, dealt from what is left).
    board, dead : numpy.ndarray of uint8
        The known board (0 to 5 cards) and the dead cards.
    """

    variant: Variant
    names: Tuple[str, ...]
    ranges: Tuple[Optional[Range], ...]
    board: np.ndarray
    dead: np.ndarray

    @property
    def hole(self) -> int:
        """Hole cards per player."""
        return self.variant.hole_cards

    @property
    def hilo(self) -> bool:
        """True for the 8-or-better games."""
        return self.variant.hilo

    @property
    def randoms(self) -> Tuple[bool, ...]:
        """Per player, True when the player holds any hand."""
        return tuple(r is None for r in self.ranges)


def card_mask(cards: np.ndarray) -> int:
    """A set of card ids as a Python int bit mask."""
    mask = 0
    for c in cards.tolist():
        mask |= 1 << int(c)
    return mask


def _is_random(text: str, hole: int) -> bool:
    t = text.replace(" ", "").lower()
    return t in ("*", "random") or t in ("*" * hole, "x" * hole)


def _cards(b: Binding, limit: int) -> np.ndarray:
    try:
        ids = parse_cards(b.value)
    except CardError as exc:
        raise QueryError(f"{b.name}: {exc}", b.value_line, b.value_column) from None
    if ids.size > limit:
        raise QueryError(f"{b.name} has {ids.size} cards, at most {limit}", b.value_line,
                         b.value_column)
    return ids


def filter_board(board: np.ndarray, text: str, what: str, line: int, column: int
                 ) -> Optional[List[int]]:
    """The known board that the board filters of range ``text`` (``AA**@set``) are resolved
    against: None when the text has none, the board when it is a flop or later.

    Raises
    ------
    QueryError
        The text has a board filter and the query knows no flop (at ``line``, ``column``).
    """
    if "@" not in text:  # '@' only ever starts a board filter in the range syntax
        return None
    if board.size < 3:
        raise QueryError(f"{what}: the board filters (@...) of {text[:80]!r} need a known flop; "
                         f"bind board= to 3, 4 or 5 cards", line, column)
    return [int(c) for c in board.tolist()]


def _range(b: Binding, v: Variant, known: int, board: np.ndarray) -> Optional[Range]:
    if _is_random(b.value, v.hole_cards):
        return None
    on = filter_board(board, b.value, f"player {b.name}", b.value_line, b.value_column)
    try:
        r = parse_range(b.value, game=v.game, hole_cards=v.hole_cards, board=on)
    except RangeError as exc:
        raise QueryError(f"player {b.name}: {exc}", b.value_line, b.value_column) from None
    if r.hole_cards != v.hole_cards:
        raise QueryError(f"player {b.name}: a range of {r.hole_cards}-card hands in a game of "
                         f"{v.hole_cards} hole cards", b.value_line, b.value_column)
    return _removed(r, known, b)


def _removed(r: Range, known: int, b: Binding) -> Range:
    cards = [c for c in range(52) if known >> c & 1]
    out = r.remove(cards)
    if len(out) == 0:
        raise QueryError(f"player {b.name}: no holding of {b.value!r} is left beside the "
                         f"known cards", b.value_line, b.value_column)
    return out


def _game(bindings: Dict[str, Binding]) -> Variant:
    b = bindings.get("game")
    if b is None:
        raise QueryError(f"the from clause needs a game ({', '.join(GAMES)})", 1, 1)
    name = b.value.strip().lower()
    if name not in GAMES:
        raise QueryError(f"unknown game {b.value!r}; known: {', '.join(GAMES)}",
                         b.value_line, b.value_column)
    return variant(GAMES[name])


def _by_name(query: Query) -> Dict[str, Binding]:
    seen: Dict[str, Binding] = {}
    for b in query.bindings:
        key = b.name.lower() if b.name.lower() in _RESERVED else b.name
        if key in seen:
            raise QueryError(f"{b.name} is bound twice", b.line, b.column)
        seen[key] = b
    syntax = seen.get("syntax")
    if syntax is not None and syntax.value.lower() != "generic":
        raise QueryError(f"syntax={syntax.value!r} is not supported (only 'generic')",
                         syntax.value_line, syntax.value_column)
    return seen


def _check_cards(board: np.ndarray, dead: np.ndarray, where: Binding) -> None:
    both = np.concatenate([board, dead]).tolist()
    for c in both:
        if both.count(c) > 1:
            raise QueryError(f"card {parse_cards_text(c)} is both on the board and dead",
                             where.value_line, where.value_column)


def parse_cards_text(card: int) -> str:
    """One card id as text (``51`` -> ``'As'``)."""
    return "23456789TJQKA"[card >> 2] + "cdhs"[card & 3]


def spot_of(query: Query) -> Spot:
    """The :class:`Spot` a query's ``from`` clause binds (players in the order written).

    Raises
    ------
    QueryError
        No or an unknown game, a bad board or dead text, a bad or empty range, a name bound
        twice, fewer than two or more than :data:`MAX_PLAYERS` players, a fixed hand that
        shares a card with the board, the dead cards or another fixed hand.
    """
    bindings = _by_name(query)
    v = _game(bindings)
    empty = np.zeros(0, dtype=np.uint8)
    board = _cards(bindings["board"], 5) if "board" in bindings else empty
    dead = _cards(bindings["dead"], 52) if "dead" in bindings else empty
    if "board" in bindings and "dead" in bindings:
        _check_cards(board, dead, bindings["dead"])
    if board.size in (1, 2):
        b = bindings["board"]
        raise QueryError(f"a board has 0, 3, 4 or 5 cards, got {board.size}", b.value_line,
                         b.value_column)
    players = [b for b in query.bindings if b.name.lower() not in _RESERVED]
    if not 2 <= len(players) <= MAX_PLAYERS:
        raise QueryError(f"a query needs 2 to {MAX_PLAYERS} players, got {len(players)}",
                         *(players[-1].line, players[-1].column) if players else (1, 1))
    return _players(v, players, board, dead)


def _players(v: Variant, players: List[Binding], board: np.ndarray, dead: np.ndarray) -> Spot:
    known = card_mask(board) | card_mask(dead)
    ranges = [_range(b, v, known, board) for b in players]
    # the fixed hands are known cards for everyone else
    for i, r in enumerate(ranges):
        if r is not None and len(r) == 1:
            mask = card_mask(r.hands[0])
            for j, other in enumerate(ranges):
                if j != i and other is not None:
                    ranges[j] = _removed(other, mask, players[j])
    cards = sum(v.hole_cards for _ in players) + 5 + int(dead.size)
    if cards > 52:
        raise QueryError(f"{len(players)} players of {v.hole_cards} cards, a board and "
                         f"{dead.size} dead cards need {cards} cards, more than 52",
                         players[-1].line, players[-1].column)
    return Spot(v, tuple(b.name for b in players), tuple(ranges), board, dead)
