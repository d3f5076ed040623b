"""The cards of one hand, in the order the dealer takes them from the deck.

Layout of the dealt part of the deck for ``n`` players holding ``hole`` cards (4, 5 or 6): hole
cards one at a time, ``hole`` rounds, starting left of the button (``hole n`` cards), then burn,
flop (3), burn, turn, burn, river. A hand run more than once takes the cards of its later runs
from the rest of the deck, in order (``extra_boards`` places known ones there for a replay).
Cards can come from a seeded shuffle, from an explicit deck order, or be fixed in part (hole
cards and/or board for a replay) with the rest shuffled from the unused cards.
"""

from __future__ import annotations

from typing import Any, List, Optional, Sequence

import numpy as np

from .. import _core
from ..cards import CardError, parse_cards
from .errors import HandSetupError

HOLE = 4
BOARD_POSITIONS = (1, 2, 3, 5, 7)  # offsets of the five board cards after the hole cards
BURN_POSITIONS = (0, 4, 6)
_CARDS = frozenset(range(52))


def deal_size(n: int, hole: int = HOLE) -> int:
    return hole * n + 8


def max_players(hole: int) -> int:
    """How many players a 52-card deck deals ``hole`` cards to, with burns and a full board."""
    return (52 - 8) // hole


def hole_position(n: int, button: int, player: int, j: int) -> int:
    """Deck index of hole card ``j`` (0 .. hole-1) of ``player``."""
    return j * n + (player - button - 1) % n


def _check_seed(seed: Any) -> None:
    """``seed``: None (fresh entropy), a non-negative int, a SeedSequence or a Generator."""
    if seed is None or isinstance(seed, (np.random.Generator, np.random.SeedSequence)):
        return
    if isinstance(seed, (bool, np.bool_)) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise HandSetupError(f"seed must be None, a non-negative int, a numpy SeedSequence or "
                             f"Generator, got {seed!r}")


def _rng(seed: Any) -> np.random.Generator:
    return seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)


def card_list(value: Any, what: str) -> List[int]:
    """Card ids from any card form (see :func:`~omaha_eval.cards.parse_cards`); raises
    HandSetupError naming ``what``."""
    if isinstance(value, (list, tuple)) and list(map(type, value)).count(int) == len(value) and \
            _CARDS.issuperset(value):  # (ints first: every one hashable)
        return list(value)  # replays pass card ids (checked in C-speed passes): no general parser
    try:
        return [int(c) for c in parse_cards(value, unique=False).ravel().tolist()]
    except CardError as exc:
        raise HandSetupError(f"{what}: {exc}") from None


def build_deck(n: int, button: int, *, seed: Any = None, deck: Optional[Sequence[Any]] = None,
               hole_cards: Optional[Sequence[Any]] = None, board: Any = None, hole: int = HOLE,
               full: bool = False, extra_boards: Sequence[Sequence[int]] = (),
               exclude: Sequence[int] = ()) -> List[int]:
    """The ``hole n + 8`` cards of the hand in dealing order (see the module docstring), or
    with ``full`` all 52 (the rest in order after them, for the later runs of the board).

    ``hole_cards``: one entry per player, ``hole`` cards or None (dealt at random). ``board``: up
    to five cards (the rest at random). ``deck``: an explicit order of at least ``hole n + 8``
    cards; it cannot be combined with ``hole_cards`` or ``board``. ``extra_boards`` (card ids,
    with ``full``): the cards of later runs that differ from the first board, placed in order
    right after the dealt part. ``exclude``: cards the random fill must not use.
    """
    _check_seed(seed)
    size = deal_size(n, hole)
    if size > 52:
        raise HandSetupError(f"{n} players need {size} cards with burns; a deck has 52 "
                             f"(at most {max_players(hole)} players with {hole} hole cards)")
    if full or extra_boards:
        return _full_deck(n, button, seed, deck, hole_cards, board, hole, extra_boards)
    if deck is not None:
        return _given_order(deck, n, size, hole_cards, board)
    if hole_cards is None and board is None and not exclude:  # the common case: a plain shuffle
        shuffled: List[int] = _rng(seed).permutation(52)[:size].tolist()
        return shuffled
    if seed is None and not len(exclude) and board is not None and hole_cards is not None:
        known = _known_deal(n, button, hole_cards, board, hole, size)
        if known is not None:
            return known
    fixed = _fixed_cards(n, button, hole_cards, board, hole, size)
    return _fill(fixed, seed, exclude, n, hole)


def _given_order(deck: Any, n: int, size: int, hole_cards: Any, board: Any) -> List[int]:
    """The first ``size`` cards of a deck order given explicitly, checked."""
    if hole_cards is not None or board is not None:
        raise HandSetupError("give either deck= or hole_cards=/board=, not both")
    if type(deck) is list and len(deck) >= size and _CARDS.issuperset(deck) and \
            len(set(deck)) == len(deck) and list(map(type, deck)).count(int) == len(deck):
        return deck[:size]  # card ids (a replay's own deck), checked in C-speed passes
    order = card_list(deck, "deck")
    if len(order) < size:
        raise HandSetupError(f"deck has {len(order)} cards; {n} players need {size}")
    if len(set(order)) != len(order):
        raise HandSetupError("deck has a repeated card")
    return order[:size]


def _fixed_cards(n: int, button: int, hole_cards: Any, board: Any, hole: int,
                 size: int) -> List[Optional[int]]:
    """The dealt part with the given hole cards and board in place (None: to be dealt)."""
    fixed: List[Optional[int]] = [None] * size
    if hole_cards is not None:
        if isinstance(hole_cards, (str, bytes)) or not hasattr(hole_cards, "__len__"):
            raise HandSetupError(f"hole_cards must be a sequence of one entry per player, got {hole_cards!r}")
        if len(hole_cards) != n:
            raise HandSetupError(f"hole_cards has {len(hole_cards)} entries for {n} players")
        for player, cards in enumerate(hole_cards):
            if cards is None:
                continue
            ids = card_list(cards, f"hole cards of player {player}")
            if len(ids) != hole:
                raise HandSetupError(f"player {player} has {len(ids)} hole cards; this game deals {hole}")
            # hole card j of the player is at hole_position(n, button, player, j)
            fixed[(player - button - 1) % n:hole * n:n] = ids
    if board is not None:
        ids = card_list(board, "board")
        if len(ids) > 5:
            raise HandSetupError(f"board has {len(ids)} cards; at most 5")
        for k, card in enumerate(ids):
            fixed[hole * n + BOARD_POSITIONS[k]] = card
    return fixed


def _fill(fixed: List[Optional[int]], seed: Any, exclude: Sequence[int], n: int,
          hole: int) -> List[int]:
    """The gaps of ``fixed`` dealt from the shuffled rest (no card twice, none of ``exclude``)."""
    used = [c for c in fixed if c is not None]
    taken = set(used)
    if len(taken) != len(used):
        seen = set()
        for card in used:
            if card in seen:
                raise HandSetupError(f"card {_name(card)} is given twice")
            seen.add(card)
    if len(used) == len(fixed):
        return used
    if len(exclude):
        if taken & set(exclude):
            raise HandSetupError(f"card {_name(min(taken & set(exclude)))} is given twice")
        taken |= set(exclude)
    if seed is None and all(fixed[hole * n + k] is not None for k in BOARD_POSITIONS) and \
            len(used) == len(fixed) - len(BURN_POSITIONS):
        # only the burns are unknown, and they are never seen: no shuffle needed for them
        rest: Sequence[int] = range(52)
    else:
        rest = _rng(seed).permutation(52).tolist()
    it = (c for c in rest if c not in taken)  # lazily: only as many as there are gaps
    return [c if c is not None else next(it) for c in fixed]


def _known_deal(n: int, button: int, hole_cards: Any, board: Any, hole: int,
                size: int) -> Optional[List[int]]:
    """The deal of a replay that knows every hole card and the whole board as card ids (lists
    or tuples of ints), checked and laid out in one native call; None for anything else (the
    general path then builds the deck, or says what is wrong). Same deck as the general path:
    the burns are the lowest unused cards."""
    known = _core.known_deal(hole_cards, board, n, button, hole)
    return None if known is None else known[0]


def _full_deck(n: int, button: int, seed: Any, deck: Optional[Sequence[Any]],
               hole_cards: Optional[Sequence[Any]], board: Any, hole: int,
               extra_boards: Sequence[Sequence[int]]) -> List[int]:
    """All 52 cards: the dealt part as :func:`build_deck` makes it, then the known cards of the
    later runs, then the rest shuffled."""
    if deck is not None:
        return build_deck(n, button, deck=deck, hole=hole, full=False) + \
            [c for c in card_list(deck, "deck")[deal_size(n, hole):]]
    extra = [int(c) for b in extra_boards for c in b]
    if len(set(extra)) != len(extra):
        card = next(c for c in extra if extra.count(c) > 1)
        raise HandSetupError(f"card {_name(card)} is in two later runs of the board")
    dealt = build_deck(n, button, seed=seed, hole_cards=hole_cards, board=board, hole=hole,
                       exclude=extra)
    taken = set(dealt)
    if taken & set(extra):
        raise HandSetupError(f"card {_name(min(taken & set(extra)))} of a later run of the board "
                             f"is already dealt")
    rest = [c for c in _rng(seed).permutation(52).tolist() if c not in taken and c not in extra]
    return dealt + extra + rest


def _name(card: int) -> str:
    return "23456789TJQKA"[card // 4] + "cdhs"[card % 4]
