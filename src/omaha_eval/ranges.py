"""Omaha hand ranges: the text syntax players use for the holdings a player may have.

This docstring is the one description of the grammar. Case does not matter; spaces may stand
between parts, never inside a card or a number::

    range      := item ("," item)*
    item       := set ("!" set)* [":" weight]
    set        := "random" | "*" | percent ["-" percent] | slot{4,6} [qualifier]
    slot       := card | rank | "*" | "x"
    card       := rank suit                   As, kd, 10h
    rank       := 2 3 4 5 6 7 8 9 T J Q K A   (or 10)
    suit       := c d h s
    qualifier  := ["$"] ("ds" | "ss" | "r" | "rainbow")
    percent    := number "%"                  15%, 2.5%
    weight     := number ["%"]                0.5, 50%, 1e-3
    number     := digits ["." digits] | "." digits, then optionally e[+-]digits

Meaning:

* A **card** slot must be in the hand (``AsKsQhJh`` is one explicit hand). A **rank** slot needs
  one more card of that rank, any suit; ``*`` and ``x`` are any card. So ``AA**`` (``AAxx``) is
  every hand with at least two aces, ``AKQJ`` exactly one card of each of those ranks,
  ``AsA**`` the ace of spades and at least one other ace. The number of slots is the number of
  hole cards: 4 (Omaha), 5 (``AA***``) or 6 (``AAKK**``); every set of a range has the same.
* ``random`` and ``*`` mean every hand (four cards, or as many as the range's other sets have,
  or the ``hole_cards`` argument).
* Qualifiers look at the suits of all the hole cards. With four cards: ``ds`` (double-suited)
  two cards of one suit and two of another, ``ss`` (single-suited) exactly two of one suit and
  the other two of two other suits, ``r`` / ``rainbow`` four suits. With five and six cards they
  count the suits that hold at least two of the hand's cards: ``ds`` exactly two such suits,
  ``ss`` exactly one, ``r`` none (impossible with five or more cards, so it matches no hand).
  A ``$`` in front is accepted (``AA**$ds``), as ProPokerTools writes them.
* ``15%`` is the best 15% of all 270,725 four-card starting combinations by the shipped preflop
  table of the game at hand (``parse_range(text, game="hilo")``; equity against one random
  hand, see :func:`omaha_eval.preflop_table`): every class whose combinations, counted from the
  best class down, stay within 15% of the total, so ``hand_percentile(h) <= 15`` exactly for the
  hands of ``15%``. ``5%-15%`` is ``15%`` without ``5%``. Percentages are 0 to 100.
* ``A ! B`` is "A but not B": ``AA**!AAA*`` is exactly two aces; ``15%!AA**`` the best 15%
  without aces. Several ``!`` remove several sets.
* The weight is the relative frequency of the item's hands (default 1): ``AA**:0.5`` keeps aces
  half as often as the unweighted hands of the range. Weights lie in [1e-6, 1e6].

Items joined with commas make a union. Repeated items are merged; a hand in several items keeps
the largest of their weights. Card removal (:meth:`Range.remove`) drops every holding that uses
a known card (the board, dead cards, other players' fixed hands).

Limits (so that any text is refused or parsed quickly): at most ``MAX_TEXT`` (20,000)
characters and ``MAX_ITEMS`` (2,000) items; a set may expand to at most ``MAX_HOLDINGS``
(3,000,000) holdings (``******``, every six-card hand, is 20 million: refused; the equity
functions take ``random`` players without building their holdings). Parsing is linear in the
text: one pass splits it, each distinct set is built once.

Rejected input raises :class:`RangeError`, naming the offending token and its position (a
0-based character offset into the text).
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from itertools import chain, combinations, product
from typing import Any, Iterable, NoReturn, Sequence

import numpy as np
import numpy.typing as npt

from .errors import RangeError as RangeError  # re-exported: its old home

__all__ = ["Range", "RangeError", "parse_range", "all_hands", "range_from_hands",
           "MAX_TEXT", "MAX_ITEMS", "MAX_HOLDINGS", "MIN_WEIGHT", "MAX_WEIGHT"]

MAX_TEXT = 20_000
MAX_ITEMS = 2_000
MAX_HOLDINGS = 3_000_000
MIN_WEIGHT = 1e-6
MAX_WEIGHT = 1e6
_MAX_GENERATED = 12_000_000  # candidate rows while building one set (before merging)

_RANKS = "23456789TJQKA"
_SUITS = "cdhs"
_QUALIFIERS = {"ds": "ds", "ss": "ss", "r": "r", "rainbow": "r"}
# four cards: the exact suit-count pattern of each qualifier, largest count first
_QUALIFIER_PATTERN4 = {"ds": (2, 2, 0, 0), "ss": (2, 1, 1, 0), "r": (1, 1, 1, 1)}
# five and six cards: how many suits hold two or more cards
_QUALIFIER_SUITED = {"ds": 2, "ss": 1, "r": 0}
_HOLE_COUNTS = (4, 5, 6)


def _bad(text: str, pos: int, token: str, why: str) -> RangeError:
    shown = text if len(text) <= 80 else text[:77] + "..."
    return RangeError(f"bad range {shown!r}: {why} {token!r} at position {pos}")


# ---------------------------------------------------------------- holdings as integer keys
# A holding is its cards sorted ascending; its key packs them 6 bits each, first card highest,
# so sorting keys sorts holdings lexicographically.


def _keys_of(rows: np.ndarray, ascending: bool = False) -> np.ndarray:
    """One int64 key per row of card ids (6 bits a card, cards in ascending order); pass
    ``ascending=True`` for rows already ascending (the sort is skipped)."""
    rows = rows.astype(np.int64) if ascending else np.sort(rows.astype(np.int64), axis=1)
    key = np.zeros(rows.shape[0], dtype=np.int64)
    for j in range(rows.shape[1]):
        key = (key << 6) | rows[:, j]
    return key


def _rows_of(keys: np.ndarray, k: int) -> np.ndarray:
    out = np.empty((keys.size, k), dtype=np.uint8)
    for j in range(k):
        out[:, k - 1 - j] = (keys >> (6 * j)) & 63
    return out


@lru_cache(maxsize=16)
def _combinations(n: int, r: int) -> np.ndarray:
    """Every r-subset of range(n) as uint8 rows, ascending (cached, read-only).

    Built a column at a time in NumPy (each row grows by every value above its last), so the
    2,598,960 five-card rows take milliseconds rather than a Python loop over 13 M values."""
    if r == 0 or r > n:
        out = np.zeros((1 if r == 0 else 0, r), dtype=np.uint8)
    else:
        out = np.arange(n - r + 1, dtype=np.uint8).reshape(-1, 1)
        for j in range(1, r):
            # row with last value v extends by v+1 .. n-r+j, in order: lexicographic rows
            last = out[:, -1].astype(np.int64)
            grow = (n - r + j) - last
            starts = np.cumsum(grow) - grow
            repeated = np.repeat(out, grow, axis=0)
            offsets = np.arange(int(grow.sum()), dtype=np.int64) - np.repeat(starts, grow)
            nxt = (np.repeat(last, grow) + 1 + offsets).astype(np.uint8)
            out = np.concatenate([repeated, nxt[:, None]], axis=1)
    assert out.shape[0] == math.comb(n, r)
    out.flags.writeable = False
    return out


def all_hands() -> np.ndarray:
    """Every four-card hand, uint8 (270725, 4), rows ascending, in lexicographic order."""
    return _combinations(52, 4)


# ---------------------------------------------------------------- scanning


def _skip(text: str, i: int, end: int) -> int:
    while i < end and text[i].isspace():
        i += 1
    return i


def _rstrip(text: str, start: int, end: int) -> int:
    while end > start and text[end - 1].isspace():
        end -= 1
    return end


def _number(text: str, i: int, end: int) -> int:
    """End of the number starting at i (i itself when there is none). One pass, no regex."""
    j = i
    digits = 0
    while j < end and text[j].isdigit():
        j += 1
        digits += 1
    if j < end and text[j] == ".":
        j += 1
        while j < end and text[j].isdigit():
            j += 1
            digits += 1
    if digits == 0:
        return i
    if j < end and text[j] in "eE":
        m = j + 1
        if m < end and text[m] in "+-":
            m += 1
        n = m
        while n < end and text[n].isdigit():
            n += 1
        if n > m:
            j = n
    return j


def _parse_weight(text: str, start: int, end: int) -> float:
    a = _skip(text, start, end)
    b = _rstrip(text, a, end)
    token = text[a:b]
    j = _number(text, a, b)
    percent = j < b and text[j] == "%"
    if j == a or j + percent != b:
        raise _bad(text, a, token, "bad weight")
    value = float(text[a:j]) / (100.0 if percent else 1.0)
    if not value > 0 or not math.isfinite(value):
        raise _bad(text, a, token, "weight must be a positive number, not")
    if not MIN_WEIGHT <= value <= MAX_WEIGHT:
        raise _bad(text, a, token, f"weight must lie in [{MIN_WEIGHT:g}, {MAX_WEIGHT:g}], not")
    return value


# ---------------------------------------------------------------- one set


@dataclass(frozen=True)
class _Set:
    """One parsed set: a pattern, ``random``, or a percent band."""

    kind: str                     # "pattern", "random", "percent"
    hole_cards: int | None        # None: takes the range's
    cards: tuple[int, ...] = ()
    ranks: tuple[int, ...] = ()
    wild: int = 0
    qualifier: str | None = None
    band: tuple[float, float] = (0.0, 0.0)


def _rank_at(text: str, i: int, end: int) -> tuple[int | None, int]:
    if text[i] == "1" and i + 1 < end and text[i + 1] == "0":
        return _RANKS.index("T"), i + 2
    ch = text[i].upper()
    if ch in _RANKS:
        return _RANKS.index(ch), i + 1
    return None, i


def _qualifier_at(text: str, i: int, end: int) -> str | None:
    """The qualifier that makes up exactly text[i:end] (with or without '$'), else None."""
    word = text[i:end].lower()
    if word.startswith("$"):
        word = word[1:]
    return _QUALIFIERS.get(word.strip())


def _parse_percent(text: str, a: int, b: int) -> _Set | None:
    """``15%`` or ``5%-15%`` filling text[a:b], else None (not a percent set)."""
    bounds = []
    i = a
    for part in range(2):
        i = _skip(text, i, b)
        j = _number(text, i, b)
        if j == i or j >= b or text[j] != "%":
            return None if part == 0 else _raise_bad_percent(text, a, b)
        value = float(text[i:j])
        if not 0 <= value <= 100:
            raise _bad(text, i, text[i:j + 1], "a percentage must lie in 0..100, not")
        bounds.append(value)
        i = _skip(text, j + 1, b)
        if i == b:
            break
        if text[i] != "-" or part == 1:
            _raise_bad_percent(text, a, b)
        i += 1
    low, high = (0.0, bounds[0]) if len(bounds) == 1 else (bounds[0], bounds[1])
    if low > high:
        raise _bad(text, a, text[a:b], "a percent band must go from low to high, not")
    return _Set("percent", 4, band=(low, high))


def _raise_bad_percent(text: str, a: int, b: int) -> NoReturn:
    raise _bad(text, a, text[a:b], "bad percent band (write 15% or 5%-15%)")


def _parse_set(text: str, start: int, end: int, what: str) -> _Set:
    a = _skip(text, start, end)
    b = _rstrip(text, a, end)
    if a == b:
        raise RangeError(f"bad range {text!r}: missing hand {what} at position {a}")
    word = text[a:b].lower()
    if word in ("random", "*"):
        return _Set("random", None)
    if text[a].isdigit() or text[a] == ".":
        pct = _parse_percent(text, a, b)
        if pct is not None:
            return pct
    cards: list[int] = []
    ranks: list[int] = []
    wild = 0
    qualifier = None
    i = a
    while i < b:
        if text[i].isspace():
            i += 1
            continue
        n_slots = len(cards) + len(ranks) + wild
        if text[i] in "*xX":
            wild += 1
            i += 1
            continue
        if n_slots >= 4 and _qualifier_at(text, i, b):
            qualifier = _qualifier_at(text, i, b)
            i = b
            break
        if text[i] == "$":
            raise _bad(text, i, text[i:b], "unknown qualifier")
        rank, j = _rank_at(text, i, b)
        if rank is None:
            tok_end = i
            while tok_end < b and not text[tok_end].isspace():
                tok_end += 1
            raise _bad(text, i, text[i:tok_end], "unknown card or rank")
        # a suit binds to the rank before it, unless the rest is exactly a qualifier that
        # follows a complete hand ("AKQJds": J, then the qualifier "ds")
        if j < b and text[j].lower() in _SUITS and not (
                n_slots + 1 >= 4 and _qualifier_at(text, j, b)):
            card = 4 * rank + _SUITS.index(text[j].lower())
            if card in cards:
                raise _bad(text, i, text[i:j + 1], "repeated card")
            cards.append(card)
            i = j + 1
            continue
        ranks.append(rank)
        i = j
    n_slots = len(cards) + len(ranks) + wild
    if n_slots not in _HOLE_COUNTS:
        raise _bad(text, a, text[a:b],
                   f"a hand pattern needs 4, 5 or 6 cards, ranks or '*', got {n_slots} in")
    for r in set(ranks):
        if ranks.count(r) + sum(1 for c in cards if c >> 2 == r) > 4:
            raise _bad(text, a, text[a:b], f"more than four {_RANKS[r]}s in")
    return _Set("pattern", n_slots, tuple(sorted(cards)), tuple(sorted(ranks)), wild, qualifier)


# ---------------------------------------------------------------- building a set's holdings


def _suit_filter(rows: np.ndarray, qualifier: str) -> np.ndarray:
    counts = np.zeros((rows.shape[0], 4), dtype=np.int8)
    for j in range(rows.shape[1]):
        np.add.at(counts, (np.arange(rows.shape[0]), rows[:, j] & 3), 1)
    if rows.shape[1] == 4:
        pattern = np.array(_QUALIFIER_PATTERN4[qualifier], dtype=np.int8)
        matches: np.ndarray = np.all(-np.sort(-counts, axis=1) == pattern, axis=1)
    else:
        matches = (counts >= 2).sum(axis=1) == _QUALIFIER_SUITED[qualifier]
    return matches


def _pattern_keys(s: _Set, text: str, pos: int) -> np.ndarray:
    """Sorted unique keys of every holding the pattern describes."""
    if not s.ranks and not s.wild:  # an explicit hand: its key directly, no arrays
        if s.qualifier and not _suit_filter(np.array([s.cards], dtype=np.uint8), s.qualifier)[0]:
            return np.zeros(0, dtype=np.int64)
        key = 0
        for c in s.cards:  # s.cards is sorted ascending
            key = (key << 6) | c
        return np.array([key], dtype=np.int64)
    if not s.ranks and not s.cards and not s.qualifier and s.wild <= 5:
        # only wild cards ('*****'): every hand of that size, in key order (six are refused below)
        return _all_keys(s.wild)
    used = set(s.cards)
    choices = []  # per distinct rank slot: the ways to pick its extra cards
    for r, m in sorted(Counter(s.ranks).items()):
        avail = [4 * r + x for x in range(4) if 4 * r + x not in used]
        choices.append([tuple(c) for c in combinations(avail, m)])
    base = [s.cards + tuple(chain.from_iterable(pick)) for pick in product(*choices)]
    if not base:
        return np.zeros(0, dtype=np.int64)
    base_arr = np.array(base, dtype=np.uint8).reshape(len(base), -1)
    deck = np.array([c for c in range(52) if c not in used], dtype=np.uint8)
    if len(base) * math.comb(deck.size, s.wild) > _MAX_GENERATED:
        raise _bad(text, pos, text[pos:pos + 40].strip(),
                   f"more than {MAX_HOLDINGS:,} holdings in")
    wild = deck[_combinations(deck.size, s.wild)]  # (n_wild, w)
    rows = np.concatenate([np.repeat(base_arr, wild.shape[0], axis=0),
                           np.tile(wild, (len(base), 1))], axis=1)
    if s.wild:  # a wild card may not repeat one of the row's rank cards
        srt = np.sort(rows, axis=1)
        rows = rows[np.all(srt[:, 1:] != srt[:, :-1], axis=1)]
    if s.qualifier:
        rows = rows[_suit_filter(rows, s.qualifier)]
    keys = np.unique(_keys_of(rows))
    if keys.size > MAX_HOLDINGS:
        raise _bad(text, pos, text[pos:pos + 40].strip(), f"more than {MAX_HOLDINGS:,} holdings in")
    return keys


def _random_keys(k: int, text: str, pos: int) -> np.ndarray:
    if math.comb(52, k) > MAX_HOLDINGS:
        raise _bad(text, pos, "random", f"every {k}-card hand is more than {MAX_HOLDINGS:,} "
                   f"holdings (equity takes random players directly):")
    return _all_keys(k)


@lru_cache(maxsize=2)
def _all_keys(k: int) -> np.ndarray:
    keys = _keys_of(_combinations(52, k), ascending=True)
    keys.flags.writeable = False
    return keys


@lru_cache(maxsize=4)
def _class_of_holding() -> np.ndarray:
    from .bulk.canonical import canonical_hands

    out = canonical_hands(4).index(all_hands())
    out.flags.writeable = False
    return out


def _percent_keys(s: _Set, game: str, text: str, pos: int) -> np.ndarray:
    from .bulk.preflop import preflop_table

    try:
        table = preflop_table(game=game)
    except ValueError as exc:
        raise _bad(text, pos, f"{s.band[1]:g}%", f"no preflop table for {game!r}:") from exc
    low, high = s.band
    in_band = table.top_mask(high) & ~table.top_mask(low)
    keys: np.ndarray = _all_keys(4)[in_band[_class_of_holding()]]
    return keys


def _set_keys(s: _Set, k: int, game: str, text: str, pos: int) -> np.ndarray:
    if s.kind == "random":
        return _random_keys(k, text, pos)
    if s.kind == "percent":
        return _percent_keys(s, game, text, pos)
    return _pattern_keys(s, text, pos)


# ---------------------------------------------------------------- the Range object


@dataclass(frozen=True)
class Range:
    """A set of holdings (4, 5 or 6 cards) with weights; immutable (ranges are cached and shared).

    Writable arrays given to the constructor are copied; the arrays a Range holds are
    read-only, and its fields cannot be reassigned.

    Parameters
    ----------
    text : str
        The source text, or a description.
    hands : numpy.ndarray of uint8
        ``(n, k)`` card ids, each row ascending, rows in lexicographic order.
    weights : numpy.ndarray of float64
        ``(n,)`` relative frequencies, all in [MIN_WEIGHT, MAX_WEIGHT].

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
    def hole_cards(self) -> int:
        """Cards per holding."""
        return int(self.hands.shape[1])

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
        return _make_range(self.text, self.hands[keep], self.weights[keep])

    def to_strings(self) -> list[str]:
        """The text of each holding, cards in ascending id order.

        Returns
        -------
        list of str
            One string per row of :attr:`hands`.

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


def _make_range(text: str, hands: np.ndarray, weights: np.ndarray) -> Range:
    hands = np.ascontiguousarray(hands, dtype=np.uint8)
    weights = np.ascontiguousarray(weights, dtype=np.float64)
    hands.flags.writeable = False
    weights.flags.writeable = False
    return Range(text, hands, weights)


def parse_range(text: str, *, game: str = "hi", hole_cards: int | None = None) -> Range:
    """Parses range text (grammar in the module docstring) into every matching holding.

    Parameters
    ----------
    text : str
        The range, e.g. ``"AA**ds, KK**:0.5"``, ``"15%"``, ``"AA**!AAA*"``.
    game : {'hi', 'hilo'}
        The preflop table that ranks hands for percent sets (``15%``).
    hole_cards : int, optional
        Cards per holding for a range of only ``random`` (default 4); other sets fix it.

    Returns
    -------
    Range
        The matching holdings with their weights; cached, so the same text gives the same
        (immutable) object. No card removal is applied: see :meth:`Range.remove`.

    Raises
    ------
    RangeError
        Bad syntax (the token and its position), a size limit, a weight out of bounds, sets of
        different hole counts, or no holding left.
    TypeError
        ``text`` is not a string.

    Examples
    --------
    >>> from omaha_eval.ranges import parse_range
    >>> len(parse_range("AA**")), len(parse_range("AAxx!AAA*")), len(parse_range("AA***"))
    (6961, 6768, 108336)
    >>> import omaha_eval as oe
    >>> oe.parse_range("AA**ds")
    Range('AA**ds', 864 hands)
    >>> r = oe.parse_range("KK**:0.5, QQ**")
    >>> len(r), sorted(set(r.weights.tolist()))
    (13886, [0.5, 1.0])
    """
    if not isinstance(text, str):
        raise TypeError(f"a range is text, got {type(text).__name__}")
    if game not in ("hi", "hilo"):
        raise RangeError(f"game must be 'hi' or 'hilo', got {game!r}")
    if hole_cards is not None and (isinstance(hole_cards, bool) or hole_cards not in _HOLE_COUNTS):
        raise RangeError(f"hole_cards must be 4, 5 or 6, got {hole_cards!r}")
    if len(text) > MAX_TEXT:
        raise RangeError(f"range text of {len(text):,} characters is above the limit of "
                         f"{MAX_TEXT:,}")
    return _parse_range_cached(text, game, hole_cards)


def _split(text: str, sep: str, start: int, end: int) -> list[tuple[int, int]]:
    bounds = []
    i = start
    while True:
        j = text.find(sep, i, end)
        if j < 0:
            bounds.append((i, end))
            return bounds
        bounds.append((i, j))
        i = j + 1


@lru_cache(maxsize=256)
def _parse_range_cached(text: str, game: str, hole_cards: int | None) -> Range:
    if not text.strip():
        raise RangeError("empty range text")
    items = _split(text, ",", 0, len(text))
    if len(items) > MAX_ITEMS:
        raise RangeError(f"range of {len(items):,} items is above the limit of {MAX_ITEMS:,}")
    parsed = []  # (position, [(set, position)], weight) per item
    for start, end in items:
        if not text[start:end].strip():
            raise RangeError(f"bad range {text[:80]!r}: empty item at position {start}")
        colon = text.find(":", start, end)
        weight = 1.0
        body_end = end
        if colon >= 0:
            weight = _parse_weight(text, colon + 1, end)
            body_end = colon
        sets = []
        for n, (a, b) in enumerate(_split(text, "!", start, body_end)):
            what = "before ':'" if n == 0 and colon >= 0 else "after '!'" if n else "in item"
            sets.append((_parse_set(text, a, b, what), _skip(text, a, b)))
        parsed.append((_skip(text, start, end), sets, weight))
    k = _hole_count(text, parsed, hole_cards)
    built: dict[_Set, np.ndarray] = {}  # each distinct set is built once
    all_keys: list[np.ndarray] = []
    all_weights: list[np.ndarray] = []
    for pos, sets, weight in parsed:
        for s, spos in sets:
            if s not in built:
                built[s] = _set_keys(s, k, game, text, spos)
        keys = built[sets[0][0]]
        for s, _ in sets[1:]:  # the sets after '!' are taken away
            keys = keys[~np.isin(keys, built[s], assume_unique=True)]
        if keys.size == 0:
            raise _bad(text, pos, text[pos:_rstrip(text, pos, len(text))].split(",")[0].strip(),
                       "no hand matches")
        all_keys.append(keys)
        all_weights.append(np.full(keys.size, weight))
    keys = np.concatenate(all_keys)
    weights = np.concatenate(all_weights)
    uniq, inverse = np.unique(keys, return_inverse=True)
    merged = np.zeros(uniq.size)
    np.maximum.at(merged, inverse, weights)
    if uniq.size > MAX_HOLDINGS:
        raise RangeError(f"range of {uniq.size:,} holdings is above the limit of {MAX_HOLDINGS:,}")
    return _make_range(text.strip(), _rows_of(uniq, k), merged)


def _hole_count(text: str, parsed: list[Any], hole_cards: int | None) -> int:
    k = hole_cards
    for _, sets, _ in parsed:
        for s, pos in sets:
            if s.hole_cards is None:
                continue
            if k is None:
                k = s.hole_cards
            elif s.hole_cards != k:
                what = "a percent range is four-card" if s.kind == "percent" else \
                    f"{s.hole_cards} cards where the range has {k}"
                raise _bad(text, pos, text[pos:pos + 20].split(",")[0].split("!")[0].strip(),
                           f"every set needs the same number of cards: {what}:")
    return 4 if k is None else k


def range_from_hands(hands: Sequence[Sequence[int]] | npt.ArrayLike,
                     weights: Sequence[float] | npt.ArrayLike | None = None,
                     text: str = "custom") -> Range:
    """A range from explicit card ids and optional weights.

    Parameters
    ----------
    hands : array_like
        ``(n, k)`` card ids (k = 4, 5 or 6); rows that repeat (in any card order) are merged,
        keeping the largest weight.
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
    if arr.ndim != 2 or arr.shape[1] not in _HOLE_COUNTS:
        raise RangeError(f"expected hands of shape (n, 4|5|6), got {arr.shape}")
    if arr.size and (arr.min() < 0 or arr.max() > 51):
        raise RangeError("card ids must be in 0..51")
    arr = np.sort(arr, axis=1)
    if (np.diff(arr, axis=1) == 0).any():
        row = int(np.flatnonzero((np.diff(arr, axis=1) == 0).any(axis=1))[0])
        raise RangeError(f"hand {row} repeats a card")
    w = np.ones(arr.shape[0]) if weights is None else np.asarray(weights, dtype=np.float64)
    if w.shape != (arr.shape[0],) or not np.all((w >= MIN_WEIGHT) & (w <= MAX_WEIGHT)):
        raise RangeError(f"weights must lie in [{MIN_WEIGHT:g}, {MAX_WEIGHT:g}], one per hand")
    uniq, inverse = np.unique(_keys_of(arr), return_inverse=True)
    merged = np.zeros(uniq.size)
    np.maximum.at(merged, inverse, w)
    return _make_range(text, _rows_of(uniq, arr.shape[1]), merged)
