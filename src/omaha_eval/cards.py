"""Cards as uint8 ids (``4 * rank + suit``; ``2c`` = 0, ``As`` = 51) and their text form.

Text is tolerant: ``"AsKd"``, ``"As Kd"``, ``"as,kd"``, ``"10h"``, suit symbols ``"A♠K♦"`` (also
``♤♡♢♧``); so are sequences of strings or ints and NumPy arrays. Anything else raises :class:`CardError` naming the token and its position.
"""

from __future__ import annotations

import re
from typing import Any, Iterable, Sequence, Union

import numpy as np
import numpy.typing as npt

from .errors import ArgumentTypeError
from .errors import CardError as CardError  # re-exported: its old home

RANKS = "23456789TJQKA"
SUITS = "cdhs"

CardsLike = Union[str, Iterable[Union[str, int]], npt.ArrayLike]
#: One hand or one board: text (``"AsKd7h2c"``), card texts (``["As", "Kd"]``) or ids.
OneCards = Union[str, Sequence[str], Sequence[int]]
#: A batch of hands or boards: an integer array ``(..., K)`` or nested lists of ids.
ManyCards = Union["npt.NDArray[np.integer[Any]]", Sequence[Sequence[int]]]
AnyCards = Union[OneCards, ManyCards]

#: The text of each card id, ``CARD_NAMES[51] == "As"``.
CARD_NAMES = tuple(r + s for r in RANKS for s in SUITS)
#: Every two-character spelling of a card -> its id (``"As"``, ``"as"``, ``"AS"``, ``"A♠"``
#: ...), for the common compact form ``"AsKd7h"``; read it, never change it.
CARD_IDS = {name[0] + name[1]: card for card, name in enumerate(CARD_NAMES)}
CARD_IDS.update({name[0].lower() + name[1]: c for name, c in list(CARD_IDS.items())})
CARD_IDS.update({name[0] + name[1].upper(): c for name, c in list(CARD_IDS.items())})
# suits may also be written as symbols, filled or outlined (as sites and chat clients print them)
_SUIT_SYMBOLS = {"\u2663": "c", "\u2667": "c", "\u2666": "d", "\u2662": "d",
                 "\u2665": "h", "\u2661": "h", "\u2660": "s", "\u2664": "s"}
CARD_IDS.update({k[0] + sym: c for k, c in list(CARD_IDS.items())
                  for sym, letter in _SUIT_SYMBOLS.items() if k[1] == letter})
_TOKEN = re.compile("(10|[2-9tjqka])([cdhs" + "".join(_SUIT_SYMBOLS) + "])", re.IGNORECASE)
_SEPARATORS = re.compile(r"[\s,]+")


def card_to_str(card: int) -> str:
    """The text of one card id.

    Parameters
    ----------
    card : int
        A card id, ``4 * rank + suit``, 0 .. 51.

    Returns
    -------
    str
        Rank and suit, e.g. ``"As"``.

    Raises
    ------
    CardError
        ``card`` is not an int (a bool or a float is refused) or is outside 0..51.

    Examples
    --------
    >>> from omaha_eval.cards import card_to_str
    >>> card_to_str(51), card_to_str(0), card_to_str(4 * 8 + 2)
    ('As', '2c', 'Th')
    """
    if isinstance(card, (bool, np.bool_)) or not isinstance(card, (int, np.integer)):
        raise CardError(f"a card id is an int 0..51, got {card!r}")
    card = int(card)
    if not 0 <= card <= 51:
        raise CardError(f"card id {card} is outside 0..51")
    return CARD_NAMES[card]


def _parse_token(token: str, position: int) -> int:
    match = _TOKEN.fullmatch(token)
    if not match:
        raise CardError(f"unknown card {token!r} at position {position}")
    rank = match.group(1).upper()
    rank = "T" if rank == "10" else rank
    suit = match.group(2).lower()
    return 4 * RANKS.index(rank) + SUITS.index(_SUIT_SYMBOLS.get(suit, suit))


def _split_text(text: str) -> list[str]:
    """Splits "AsKd", "As Kd", "as,kd" or "10hJc" into card tokens; bad tokens stay whole."""
    tokens: list[str] = []
    for chunk in _SEPARATORS.split(text.strip()):
        while chunk:
            match = _TOKEN.match(chunk)
            if not match:  # keep the rest of the chunk up to the next card as the bad token
                nxt = _TOKEN.search(chunk, 1)
                end = nxt.start() if nxt else len(chunk)
                tokens.append(chunk[:end])
                chunk = chunk[end:]
                continue
            tokens.append(match.group(0))
            chunk = chunk[match.end():]
    return tokens


def parse_cards(cards: CardsLike, *, unique: bool = True) -> npt.NDArray[np.uint8]:
    """Cards as a uint8 array of ids.

    Parameters
    ----------
    cards : str, sequence of str or int, or array
        Text in any usual spelling (``"AsKd"``, ``"As Kd"``, ``"as,kd"``, ``"10h"``), card
        texts (``["As", "Kd"]``), ids (``[51, 45]``) or an integer array of any shape.
    unique : bool, default True
        Refuse a card that appears twice (for one-dimensional input).

    Returns
    -------
    numpy.ndarray of uint8
        The ids (``4 * rank + suit``: ``2c`` = 0 ... ``As`` = 51), in the order given.

    Raises
    ------
    CardError
        Unknown text, an id outside 0..51, a repeated card, or a value that is not cards at all
        (a number, None, a float or bool array); positions count from 0.

    Examples
    --------
    >>> from omaha_eval import parse_cards
    >>> parse_cards("AsKd")
    array([51, 45], dtype=uint8)
    >>> parse_cards("as 10h, 2c").tolist()
    [51, 34, 0]
    >>> parse_cards(["Qh", 3]).tolist()
    [42, 3]
    >>> parse_cards("A♠K♠Q♥J♥").tolist()  # suit symbols, filled or outlined (♤♡♢♧)
    [51, 47, 42, 38]
    >>> parse_cards("AsKdAs")
    Traceback (most recent call last):
    ...
    omaha_eval.errors.CardError: duplicate card As at positions 0 and 2
    >>> parse_cards(5)
    Traceback (most recent call last):
    ...
    omaha_eval.errors.CardError: cannot read 5 as cards: expected text, a sequence of cards or an integer array
    """
    if unique is not True and unique is not False:
        raise ArgumentTypeError(f"unique must be True or False, got {unique!r}")
    if isinstance(cards, str):  # first: text is the common case, and on the hot path
        ids = _text_ids(cards)
    elif isinstance(cards, np.ndarray) and cards.dtype.kind in "iu":
        ids = _checked_ids(cards)
    else:
        ids = _other_ids(cards)
    if unique and ids.ndim == 1:
        _check_unique(ids)
    return ids


def _text_ids(text: str) -> npt.NDArray[np.uint8]:
    """The ids of card text: the compact form by lookup, anything else token by token."""
    compact = [CARD_IDS.get(text[i:i + 2]) for i in range(0, len(text), 2)]
    if len(text) % 2 or None in compact:  # separators, "10h" or bad text: the tolerant path
        compact = [_parse_token(t, i) for i, t in enumerate(_split_text(text))]
    return np.array(compact, dtype=np.uint8)


def _other_ids(cards: Any) -> npt.NDArray[np.uint8]:
    """The ids of anything but text and integer arrays: other arrays, sequences of items."""
    if isinstance(cards, (bytes, bytearray, memoryview)):
        raise CardError(f"cards are text (str), not {type(cards).__name__}: decode them first, "
                        f"e.g. data.decode('utf-8')")
    if isinstance(cards, np.ndarray):
        cards = _non_integer_array(cards)
        if isinstance(cards, str):
            return _text_ids(cards)
    try:
        items = iter(cards)
    except TypeError:
        raise CardError(f"cannot read {cards!r} as cards: expected text, a sequence of cards "
                        f"or an integer array") from None
    return np.array([_item_id(item, i) for i, item in enumerate(items)], dtype=np.uint8)


def _item_id(item: Any, position: int) -> int:
    """The id of one item of a sequence of cards: card text or an int 0..51."""
    if isinstance(item, str):
        return _parse_token(item.strip(), position)
    if isinstance(item, (bytes, bytearray)):
        raise CardError(f"card {item!r} at position {position} is bytes, not text: decode it first")
    if isinstance(item, (int, np.integer)) and not isinstance(item, bool):
        if not 0 <= int(item) <= 51:
            raise CardError(f"card id {int(item)} at position {position} is outside 0..51")
        return int(item)
    raise CardError(f"cannot read {item!r} at position {position} as a card")


def _non_integer_array(array: np.ndarray) -> Any:
    """A text or object array as text or a list of items; other dtypes (float, bool, ...) are
    refused: a card id is an integer."""
    if array.dtype.kind in "UO":
        if array.ndim == 0:
            return array.item() if isinstance(array.item(), str) else [array.item()]
        if array.ndim == 1:
            return array.tolist()
    if array.dtype.kind in "UO":
        raise CardError(f"cannot read a {array.ndim}-dimensional array of {array.dtype} as cards; "
                        f"give card text or ids in one dimension")
    raise CardError(f"card arrays must have an integer dtype, got {array.dtype}"
                    f"{' (0-dimensional)' if array.ndim == 0 else ''}")


def _checked_ids(array: np.ndarray) -> np.ndarray:
    if array.size and (array.min() < 0 or array.max() > 51):
        flat = np.asarray(array).ravel()
        position = int(np.flatnonzero((flat < 0) | (flat > 51))[0])
        raise CardError(f"card id {int(flat[position])} at position {position} is outside 0..51")
    return array.astype(np.uint8, copy=False)


def _check_unique(ids: np.ndarray) -> None:
    seen: dict[int, int] = {}
    for position, card in enumerate(ids.tolist()):
        if card in seen:
            raise CardError(
                f"duplicate card {CARD_NAMES[card]} at positions {seen[card]} and {position}")
        seen[card] = position


def format_cards(cards: CardsLike, sep: str = "") -> str:
    """The text of cards.

    Parameters
    ----------
    cards : str, sequence or array
        Anything :func:`parse_cards` reads (repeats allowed); arrays are read in order.
    sep : str, default ""
        Put between cards.

    Returns
    -------
    str
        Rank and suit of each card, e.g. ``"AsKd"``.

    Raises
    ------
    CardError
        As for :func:`parse_cards`.

    Examples
    --------
    >>> from omaha_eval import format_cards
    >>> format_cards([51, 45])
    'AsKd'
    >>> format_cards("as kd 10h", sep=" ")
    'As Kd Th'
    """
    if not isinstance(sep, str):
        raise ArgumentTypeError(f"sep must be text (str), got {type(sep).__name__}")
    if type(cards) is np.ndarray and cards.dtype.kind in "iu" and cards.size <= _SMALL:
        # the common case (a hand, a board, the cards of a best hand): NumPy's min and max cost
        # more than the whole answer on a handful of cards, so check the ids in Python
        ids = cards.ravel().tolist()
        if not ids or (min(ids) >= 0 and max(ids) <= 51):
            return sep.join([CARD_NAMES[c] for c in ids])
    ids = np.asarray(parse_cards(cards, unique=False)).ravel().tolist()  # a matrix stays 2-D
    return sep.join([CARD_NAMES[c] for c in ids])


# arrays of at most this many cards take format_cards' Python path (its cost grows with the size)
_SMALL = 64


def new_deck() -> npt.NDArray[np.uint8]:
    """The 52 card ids in order.

    Returns
    -------
    numpy.ndarray of uint8
        ``0 .. 51`` (``2c 2d 2h 2s 3c ... As``).

    Examples
    --------
    >>> from omaha_eval import format_cards, new_deck
    >>> deck = new_deck()
    >>> deck.shape, format_cards(deck[:5]), format_cards(deck[-2:])
    ((52,), '2c2d2h2s3c', 'AhAs')
    """
    return np.arange(52, dtype=np.uint8)

