"""Omaha hand ranges: a small text syntax for the holdings a player may have.

Grammar (case-insensitive; spaces are allowed between parts, never inside a card)::

    range      := item ("," item)*
    item       := body [qualifier] [":" weight]
    body       := "random" | "*" | slot slot slot slot
    slot       := card | rank | "*"
    card       := rank suit                  As, kd, 10h
    rank       := 2 3 4 5 6 7 8 9 T J Q K A (or 10)
    suit       := c d h s
    qualifier  := "ds" | "ss" | "r" | "rainbow"
    weight     := a positive number, or a percentage such as 50%

Meaning of one item:

* A **card** slot must be in the hand (``AsKsQhJh`` is one explicit hand).
* A **rank** slot needs one more card of that rank, any suit; ``*`` is any card. So ``AA**`` is
  every hand with at least two aces, ``KK**`` at least two kings, ``AKQJ`` exactly one card of
  each of those ranks (any suits), ``AsA**`` the ace of spades and at least one other ace.
* ``random`` and ``*`` (also ``****``) mean every hand.
* Qualifiers look at the suits of all four cards: ``ds`` (double-suited) two cards of one suit
  and two of another; ``ss`` (single-suited) exactly two cards of one suit, the other two of two
  different suits; ``r`` or ``rainbow`` four different suits. ``AA**ds``, ``AKQJ r``.
* The weight is the relative frequency of the item's hands (default 1). ``AA**:0.5`` keeps
  aces half as often as the unweighted hands of the range.

Items are joined with commas into a union. A hand matched by several items appears once, with the
largest of their weights. Card removal (:meth:`Range.remove`) drops every holding that uses a
known card (the board, dead cards, other players' fixed hands).

Rejected input raises :class:`RangeError`, naming the offending token and its position (a
0-based character offset into the text).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache
from itertools import chain, combinations
from typing import Iterable, Sequence

import numpy as np
import numpy.typing as npt

__all__ = ["Range", "RangeError", "parse_range", "all_hands"]

_RANKS = "23456789TJQKA"
_SUITS = "cdhs"
_QUALIFIERS = {"ds": "ds", "ss": "ss", "r": "r", "rainbow": "r"}
# suit-count pattern of each qualifier, largest count first
_QUALIFIER_PATTERN = {"ds": (2, 2, 0, 0), "ss": (2, 1, 1, 0), "r": (1, 1, 1, 1)}
_WEIGHT = re.compile(r"\s*(\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?\s*(%?)\s*")


class RangeError(ValueError):
    """A range text that does not follow the documented syntax, or leaves no holding.

    A subclass of :class:`ValueError`; the message names the token and its position.

    Examples
    --------
    >>> import omaha_eval as oe
    >>> oe.parse_range("AAx*")
    Traceback (most recent call last):
    ...
    omaha_eval.ranges.RangeError: bad range 'AAx*': unknown card or rank 'x*' at position 2
    """


@dataclass(frozen=True)
class _Item:
    """One parsed item: required cards, required extra ranks, suit qualifier, weight."""

    text: str
    cards: tuple[int, ...]        # explicit cards
    ranks: tuple[int, ...]        # one entry per rank slot
    qualifier: str | None         # "ds", "ss", "r" or None
    weight: float
    is_random: bool = False


# ---------------------------------------------------------------- the table of all hands


@dataclass(frozen=True)
class _HandTable:
    combos: np.ndarray       # (270725, 4) uint8, each row ascending
    masks: np.ndarray        # (270725,) uint64 card bit masks
    rank_counts: np.ndarray  # (270725, 13) int8
    suit_pattern: np.ndarray  # (270725, 4) int8 suit counts, largest first


@lru_cache(maxsize=1)
def _table() -> _HandTable:
    n = math.comb(52, 4)
    combos = np.fromiter(chain.from_iterable(combinations(range(52), 4)), dtype=np.uint8,
                         count=4 * n).reshape(n, 4)
    bits = np.left_shift(np.uint64(1), combos.astype(np.uint64))
    masks = bits[:, 0] | bits[:, 1] | bits[:, 2] | bits[:, 3]
    rank_counts = np.zeros((n, 13), dtype=np.int8)
    suit_counts = np.zeros((n, 4), dtype=np.int8)
    for k in range(4):  # one card column at a time: a scatter of ones per column
        rank_counts[np.arange(n), combos[:, k] >> 2] += 1
        suit_counts[np.arange(n), combos[:, k] & 3] += 1
    suit_pattern = -np.sort(-suit_counts, axis=1)
    for a in (combos, masks, rank_counts, suit_pattern):
        a.flags.writeable = False
    return _HandTable(combos, masks, rank_counts, suit_pattern)


def all_hands() -> np.ndarray:
    """Every four-card hand, uint8 (270725, 4), rows ascending, in lexicographic order."""
    return _table().combos


# ---------------------------------------------------------------- parsing


class _Scanner:
    """Reads one item's characters, keeping offsets into the whole range text."""

    def __init__(self, text: str, start: int, end: int) -> None:
        self.text, self.pos, self.end = text, start, end

    def skip_spaces(self) -> None:
        while self.pos < self.end and self.text[self.pos].isspace():
            self.pos += 1

    def peek(self, k: int = 0) -> str:
        p = self.pos + k
        return self.text[p] if p < self.end else ""

    def rest(self) -> str:
        return self.text[self.pos : self.end]


def _rank_at(sc: _Scanner) -> int | None:
    """Consumes a rank (``A``, ``t``, ``10``) and returns its index, or None if there is none."""
    if sc.peek() == "1" and sc.peek(1) == "0":
        sc.pos += 2
        return _RANKS.index("T")
    ch = sc.peek().upper()
    if ch and ch in _RANKS:
        sc.pos += 1
        return _RANKS.index(ch)
    return None


def _bad(text: str, pos: int, token: str, why: str) -> RangeError:
    return RangeError(f"bad range {text!r}: {why} {token!r} at position {pos}")


def _parse_slots(text: str, sc: _Scanner) -> tuple[list[int], list[int], int]:
    """Reads slots until the end of the item or a qualifier; returns cards, ranks, wildcards."""
    cards: list[int] = []
    ranks: list[int] = []
    wild = 0
    while True:
        sc.skip_spaces()
        if sc.pos >= sc.end:
            break
        start = sc.pos
        rest_lower = sc.rest().lower().rstrip()
        if sc.peek() == "*":
            sc.pos += 1
            wild += 1
            continue
        if rest_lower in _QUALIFIERS and len(cards) + len(ranks) + wild == 4:
            break
        rank = _rank_at(sc)
        if rank is None:
            token = re.match(r"\S+", sc.rest())
            raise _bad(text, start, token.group(0) if token else sc.rest(), "unknown card or rank")
        suit_ch = sc.peek().lower()
        # a suit binds to the rank before it, unless the rest of the item is exactly a
        # qualifier that completes four slots ("AKQJds": J then the qualifier "ds")
        if suit_ch and suit_ch in _SUITS:
            tail = sc.text[sc.pos : sc.end].lower().rstrip()
            slots_after_rank = len(cards) + len(ranks) + wild + 1
            if not (tail in _QUALIFIERS and slots_after_rank == 4):
                sc.pos += 1
                card = 4 * rank + _SUITS.index(suit_ch)
                if card in cards:
                    raise _bad(text, start, sc.text[start : sc.pos], "repeated card")
                cards.append(card)
                continue
        ranks.append(rank)
    return cards, ranks, wild


def _parse_weight(text: str, start: int, end: int) -> float:
    token = text[start:end]
    m = _WEIGHT.fullmatch(token)
    if not m:
        raise _bad(text, start, token.strip(), "bad weight")
    value = float(token.strip().rstrip("%"))
    if m.group(2):
        value /= 100.0
    if not (value > 0 and math.isfinite(value)):
        raise _bad(text, start, token.strip(), "weight must be a positive number, not")
    return value


def _parse_item(text: str, start: int, end: int) -> _Item:
    item_text = text[start:end]
    if not item_text.strip():
        raise RangeError(f"bad range {text!r}: empty item at position {start}")
    colon = item_text.find(":")
    weight = 1.0
    body_end = end
    if colon >= 0:
        body_end = start + colon
        weight = _parse_weight(text, body_end + 1, end)
    body = text[start:body_end].strip()
    body_start = start + (len(text[start:body_end]) - len(text[start:body_end].lstrip()))
    if not body:
        raise RangeError(f"bad range {text!r}: missing hand before ':' at position {body_start}")
    if body.lower() in ("random", "*"):
        return _Item(body, (), (), None, weight, is_random=True)

    sc = _Scanner(text, body_start, body_start + len(body))
    cards, ranks, wild = _parse_slots(text, sc)
    n_slots = len(cards) + len(ranks) + wild
    qualifier = None
    sc.skip_spaces()
    if sc.pos < sc.end:
        qualifier = _QUALIFIERS[sc.rest().lower().rstrip()]
    if n_slots != 4:
        raise _bad(text, body_start, body,
                   f"a hand pattern needs exactly 4 cards, ranks or '*', got {n_slots} in")
    for r in set(ranks):
        have = ranks.count(r) + sum(1 for c in cards if c >> 2 == r)
        if have > 4:
            raise _bad(text, body_start, body, f"more than four {_RANKS[r]}s in")
    return _Item(body, tuple(cards), tuple(ranks), qualifier, weight)


def _split_items(text: str) -> list[tuple[int, int]]:
    bounds = []
    start = 0
    for i, ch in enumerate(text):
        if ch == ",":
            bounds.append((start, i))
            start = i + 1
    bounds.append((start, len(text)))
    return bounds


def _match(item: _Item) -> np.ndarray:
    """Boolean mask over all_hands() of the hands an item describes."""
    t = _table()
    n = t.combos.shape[0]
    if item.is_random:
        return np.ones(n, dtype=bool)
    ok = np.ones(n, dtype=bool)
    if item.cards:
        want = np.uint64(sum(1 << c for c in item.cards))
        ok &= (t.masks & want) == want
    need = np.zeros(13, dtype=np.int8)
    for c in item.cards:
        need[c >> 2] += 1
    for r in item.ranks:
        need[r] += 1
    for r in np.flatnonzero(need).tolist():
        if need[r] > int(sum(1 for c in item.cards if c >> 2 == r)):
            ok &= t.rank_counts[:, r] >= need[r]
    if item.qualifier:
        ok &= (t.suit_pattern == np.array(_QUALIFIER_PATTERN[item.qualifier], np.int8)).all(axis=1)
    return ok


# ---------------------------------------------------------------- the Range object


def _frozen(array: np.ndarray) -> np.ndarray:
    """A new array nobody else holds, made read-only (no copy needed)."""
    array.flags.writeable = False
    return array


@dataclass(frozen=True)
class Range:
    """A set of holdings with weights; immutable (parsed ranges are cached and shared).

    Parameters
    ----------
    text : str
        The source text, or a description.
    hands : numpy.ndarray of uint8
        ``(n, K)`` card ids, each row ascending, rows in lexicographic order.
    weights : numpy.ndarray of float64
        ``(n,)`` relative frequencies, all positive.

    Writable arrays given to the constructor are copied; the arrays a Range holds are
    read-only, and its fields cannot be reassigned.

    Examples
    --------
    >>> import omaha_eval as oe
    >>> r = oe.parse_range("AA**ds")
    >>> r, len(r), r.is_single, r.uniform
    (Range('AA**ds', 864 hands), 864, False, True)
    >>> r.to_strings()[:2]
    ['2c2dAcAd', '2c2hAcAh']
    >>> r.hands.flags.writeable
    False
    """

    text: str
    hands: np.ndarray
    weights: np.ndarray

    def __post_init__(self) -> None:
        # ranges are cached and shared (parse_range): their arrays must never change, so
        # writable inputs are copied and every array is read-only
        for name in ("hands", "weights"):
            array = getattr(self, name)
            if not isinstance(array, np.ndarray) or array.flags.writeable:
                array = np.array(array)
                array.flags.writeable = False
                object.__setattr__(self, name, array)

    def __len__(self) -> int:
        return int(self.hands.shape[0])

    @property
    def is_single(self) -> bool:
        """True when the range is one holding (an explicit hand)."""
        return len(self) == 1

    @property
    def uniform(self) -> bool:
        """True when every holding has the same weight."""
        return len(self) == 0 or bool(np.all(self.weights == self.weights[0]))

    def remove(self, cards: Iterable[int] | npt.ArrayLike) -> "Range":
        """The holdings that use none of ``cards`` (card removal against known cards).

        Parameters
        ----------
        cards : iterable of int or array
            Card ids known to be elsewhere (the board, dead cards, other hands).

        Returns
        -------
        Range
            A new range (the same one when ``cards`` is empty).

        Examples
        --------
        >>> import omaha_eval as oe
        >>> oe.parse_range("AA**ds").remove(oe.parse_cards("AsAh"))
        Range('AA**ds', 144 hands)
        """
        ids = np.asarray(cards if isinstance(cards, np.ndarray) else list(cards),  # type: ignore[arg-type]
                         dtype=np.int64)
        if ids.size == 0:
            return self
        blocked = np.uint64(np.bitwise_or.reduce(np.left_shift(np.uint64(1), ids.astype(np.uint64))))
        masks = np.bitwise_or.reduce(
            np.left_shift(np.uint64(1), self.hands.astype(np.uint64)), axis=1)
        keep = (masks & blocked) == 0
        return Range(self.text, _frozen(self.hands[keep]), _frozen(self.weights[keep]))

    def to_strings(self) -> list[str]:
        """The text of each holding, cards in ascending id order.

        Examples
        --------
        >>> import omaha_eval as oe
        >>> oe.parse_range("AKQJ r").to_strings()[:2]
        ['JcQdKhAs', 'JcQdKsAh']
        """
        names = [r + s for r in _RANKS for s in _SUITS]
        return ["".join(names[c] for c in row) for row in self.hands.tolist()]

    def __repr__(self) -> str:
        return f"Range({self.text!r}, {len(self)} hands)"


def parse_range(text: str) -> Range:
    """Every holding that matches a range text.

    Parameters
    ----------
    text : str
        A range in the syntax of :mod:`omaha_eval.ranges`: ``"AA**ds"``, ``"KK**:0.5, QQ**"``,
        ``"random"``.

    Returns
    -------
    Range
        The matching holdings with their weights; cached, so the same text gives the same
        (immutable) object. No card removal is applied: see :meth:`Range.remove`.

    Raises
    ------
    RangeError
        Text outside the syntax (the message names the token and its position), or an item
        that matches no hand.
    TypeError
        ``text`` is not a string.

    Examples
    --------
    >>> import omaha_eval as oe
    >>> oe.parse_range("AA**ds")
    Range('AA**ds', 864 hands)
    >>> r = oe.parse_range("KK**:0.5, QQ**")
    >>> len(r), sorted(set(r.weights.tolist()))
    (13886, [0.5, 1.0])
    >>> len(oe.parse_range("random"))
    270725
    """
    if not isinstance(text, str):
        raise TypeError(f"a range is text, got {type(text).__name__}")
    return _parse_range_cached(text)


@lru_cache(maxsize=256)
def _parse_range_cached(text: str) -> Range:
    if not text.strip():
        raise RangeError("empty range text")
    t = _table()
    weights = np.zeros(t.combos.shape[0], dtype=np.float64)
    for start, end in _split_items(text):
        item = _parse_item(text, start, end)
        hit = _match(item)
        if not hit.any():
            raise _bad(text, start + len(text[start:end]) - len(text[start:end].lstrip()),
                       item.text, "no hand matches")
        weights[hit] = np.maximum(weights[hit], item.weight)
    keep = np.flatnonzero(weights > 0)
    return Range(text.strip(), _frozen(t.combos[keep]), _frozen(weights[keep]))


def range_from_hands(hands: Sequence[Sequence[int]] | npt.ArrayLike,
                     weights: Sequence[float] | npt.ArrayLike | None = None,
                     text: str = "custom") -> Range:
    """A range from explicit card ids and optional weights.

    Parameters
    ----------
    hands : array_like
        ``(n, 4)`` card ids; rows that repeat (in any card order) are merged, keeping the
        largest weight.
    weights : array_like, optional
        ``(n,)`` positive weights (default all 1).
    text : str, default "custom"
        The range's description.

    Returns
    -------
    Range

    Raises
    ------
    RangeError
        Wrong shape, ids outside 0..51, a hand with a repeated card, or bad weights.

    Examples
    --------
    >>> from omaha_eval.ranges import range_from_hands
    >>> r = range_from_hands([[51, 50, 49, 48], [0, 1, 2, 3]], [1, 2])
    >>> r.to_strings(), r.weights.tolist()
    (['2c2d2h2s', 'AcAdAhAs'], [2.0, 1.0])
    """
    arr = np.asarray(hands, dtype=np.int64)
    if arr.ndim != 2 or arr.shape[1] != 4:
        raise RangeError(f"expected hands of shape (n, 4), got {arr.shape}")
    if arr.size and (arr.min() < 0 or arr.max() > 51):
        raise RangeError("card ids must be in 0..51")
    arr = np.sort(arr, axis=1)
    if (np.diff(arr, axis=1) == 0).any():
        row = int(np.flatnonzero((np.diff(arr, axis=1) == 0).any(axis=1))[0])
        raise RangeError(f"hand {row} repeats a card")
    w = np.ones(arr.shape[0]) if weights is None else np.asarray(weights, dtype=np.float64)
    if w.shape != (arr.shape[0],) or not np.all((w > 0) & np.isfinite(w)):
        raise RangeError("weights must be positive, one per hand")
    keys = ((arr[:, 0] * 52 + arr[:, 1]) * 52 + arr[:, 2]) * 52 + arr[:, 3]
    uniq, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
    merged = np.zeros(uniq.size)
    np.maximum.at(merged, inverse, w)
    return Range(text, arr[first].astype(np.uint8), merged)
