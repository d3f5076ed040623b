"""Omaha hand ranges: the text syntax players use for the holdings a player may have.

This docstring is the one description of the grammar. Case does not matter; spaces may stand
between parts, never inside a card or a number::

    range      := item ("," item)*
    item       := set ("!" set)* [":" weight]
    set        := base filter* | filter+
    base       := "random" | "*" | percent ["-" percent] | slot{4,6} [qualifier]
    filter     := "@" word                    @set, @nfd, @toptwo+, @n2, @wrap13+ (below)
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
* A **board filter** keeps the hands of its set that pass it on the board of the call
  (``parse_range(text, board=...)``; :func:`omaha_eval.equity` and the CLI and service pass
  their board), as :func:`omaha_eval.classify` decides (docs/board.rst); a set of filters
  alone (``@set``) filters every hand.  Several filters must all pass (``AA**@set@nfd``);
  with ``!`` and ``,`` they combine like any set: ``AA**@set,@nfd!@nuts``.  Hands that
  share a card with the board never pass.  The words: ``@nuts`` (nut rank 1), ``@nN`` (nut
  rank <= N), ``@set`` (top, middle or bottom set), a made-hand name without spaces
  (``@toppair``, ``@overpair``, ``@toptwo``, ``@nutflush``, ...; with ``+`` that group or a
  stronger one: ``@toptwo+``), ``@nfd`` (nut flush draw), ``@fd`` (any flush draw),
  ``@bdfd`` (backdoor flush draw), ``@oesd`` (open-ended or a wrap), ``@gutshot``,
  ``@wrapN+`` (no straight yet and N or more straight outs), ``@outs>=N`` (N or more next
  cards give a straight or better), ``@nutouts>=N`` (N or more next cards give the nuts),
  ``@low``, ``@nutlow`` (the best low), ``@lowdraw`` (no low yet, a next card gives one),
  ``@nutlowdraw`` (no low yet, a next card gives the nut low).  Filters need a board of 3 to
  5 cards.
* The weight is a relative weight, not a probability (default 1): only the ratios between the
  weights of a range matter. ``AA**:0.5`` keeps aces half as often as the unweighted hands of
  the range, and ``AA**ds:1.5`` (allowed) keeps them one and a half times as often; ``AA**:2,
  KK**:2`` is the same range as ``AA**, KK**``. The equity functions normalise them. A weight
  is any number in [1e-6, 1e6] (``MIN_WEIGHT``, ``MAX_WEIGHT``), or a percentage of 1 (``50%``
  is 0.5).

Items joined with commas make a union. Repeated items are merged; a hand in several items keeps
the largest of their weights. Card removal (:meth:`Range.remove`) drops every holding that uses
a known card (the board, dead cards, other players' fixed hands).

Limits (so that any text is refused or parsed quickly): at most ``MAX_TEXT`` (20,000)
characters and ``MAX_ITEMS`` (2,000) items; a set may expand to at most ``MAX_HOLDINGS``
(3,000,000) holdings (``******``, every six-card hand, is 20 million, and ``A*****`` 8 million:
refused; the equity functions take ``random`` players without building their holdings), and a
set with a qualifier to at most 12,000,000 before the qualifier applies. Every set is counted
by binomial sums before any holding is built (:mod:`omaha_eval.holdings`), so an oversize set is
refused in microseconds. The whole range may cost at most ``MAX_WORK`` (12,000,000) holdings
built and compared, also counted beforehand: the holdings of each distinct set once, plus, per
item with ``!``, the holdings it removes (not the holdings of the set it removes them from, so
``****!AsKsQhJh`` repeated a thousand times costs a few thousand). Parsing is linear in the
text: one pass splits it, each distinct set is built once, repeated items are merged; a 14 KB
range of 1,000 ``****!hand`` items parses in tens of milliseconds.

Rejected input raises :class:`RangeError`, naming the offending token and its position (a
0-based character offset into the text).
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache
from fractions import Fraction
from typing import Any, Iterable, NoReturn, Sequence

import numpy as np
import numpy.typing as npt

from .board.filters import board_mask, parse_filter
from .cards import parse_cards
from .errors import RangeError as RangeError  # re-exported: its old home
from .holdings import (Pattern, all_keys, build_pattern, combinations_array, count_pattern,
                       count_unqualified, keys_of, rows_of, suit_filter)

__all__ = ["Range", "RangeError", "parse_range", "all_hands", "range_from_hands",
           "MAX_TEXT", "MAX_ITEMS", "MAX_HOLDINGS", "MAX_WORK", "MIN_WEIGHT", "MAX_WEIGHT"]

MAX_TEXT = 20_000
MAX_ITEMS = 2_000
MAX_HOLDINGS = 3_000_000
MIN_WEIGHT = 1e-6
MAX_WEIGHT = 1e6
MAX_WORK = 12_000_000
_MAX_GENERATED = 12_000_000  # holdings built for one set before its qualifier filters them
_combinations = combinations_array  # the tests' name for it

_RANKS = "23456789TJQKA"
_SUITS = "cdhs"
_QUALIFIERS = {"ds": "ds", "ss": "ss", "r": "r", "rainbow": "r"}
_HOLE_COUNTS = (4, 5, 6)


def _bad(text: str, pos: int, token: str, why: str) -> RangeError:
    shown = text if len(text) <= 80 else text[:77] + "..."
    return RangeError(f"bad range {shown!r}: {why} {token!r} at position {pos}")


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
    filters: tuple[tuple[str, int], ...] = ()  # board filters (@set, ...), all must pass


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
    at = text.find("@", a, b)
    if at >= 0:
        return _with_filters(text, a, b, at, what)
    word = text[a:b].lower()
    if word in ("random", "*"):
        return _Set("random", None)
    if text[a].isdigit() or text[a] == ".":
        pct = _parse_percent(text, a, b)
        if pct is not None:
            return pct
    cards, ranks, wild, qualifier = _parse_slots(text, a, b)
    n_slots = len(cards) + len(ranks) + wild
    if n_slots not in _HOLE_COUNTS:
        raise _bad(text, a, text[a:b],
                   f"a hand pattern needs 4, 5 or 6 cards, ranks or '*', got {n_slots} in")
    for r in set(ranks):
        if ranks.count(r) + sum(1 for c in cards if c >> 2 == r) > 4:
            raise _bad(text, a, text[a:b], f"more than four {_RANKS[r]}s in")
    return _Set("pattern", n_slots, tuple(sorted(cards)), tuple(sorted(ranks)), wild, qualifier)


def _with_filters(text: str, a: int, b: int, at: int, what: str) -> _Set:
    """A set with board filters: its base (every hand when there is none), then '@' words."""
    base = _parse_set(text, a, at, what) if text[a:at].strip() else _Set("random", None)
    filters = []
    for start, end in _split(text, "@", at + 1, b):
        word = text[start:end].strip()
        f = parse_filter(word)
        if f is None:
            raise _bad(text, start - 1, "@" + word, "unknown board filter")
        filters.append(f)
    return _Set(base.kind, base.hole_cards, base.cards, base.ranks, base.wild, base.qualifier,
                base.band, base.filters + tuple(filters))


def _parse_slots(text: str, a: int, b: int) -> tuple[list[int], list[int], int, str | None]:
    """The cards, ranks, wild slots and qualifier of the pattern text[a:b], left to right."""
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
    return cards, ranks, wild, qualifier


# ---------------------------------------------------------------- sizing and building sets
# Every set is counted before any holding is built (holdings.count_pattern: binomial sums), so
# an oversize set or an oversize range is refused at once, whatever its text.


def _pattern(s: _Set, k: int) -> Pattern:
    return Pattern(s.hole_cards or k, s.cards, s.ranks, s.wild, s.qualifier)


@lru_cache(maxsize=2)
def _percent_order(game: str) -> tuple[np.ndarray, np.ndarray]:
    """Every four-card key from the best class down (ties by key), and beside each the
    combinations at least as good as its class (non-decreasing)."""
    from .bulk.canonical import canonical_hands
    from .bulk.preflop import preflop_table

    table = preflop_table(game=game)
    classes = canonical_hands(4).index(all_hands())
    at_least = (table._cum_before + table.combos)[classes]
    order = np.lexsort((all_keys(4), at_least))
    keys, bound = all_keys(4)[order], at_least[order]
    for a in (keys, bound):
        a.flags.writeable = False
    return keys, bound


def _percent_slice(s: _Set, game: str) -> tuple[int, int]:
    """The band as a slice of _percent_order(game): exact rational limits, as top_mask."""
    _, bound = _percent_order(game)
    total = len(bound)
    low, high = (Fraction(str(p)) * total / 100 for p in s.band)
    # a holding is in 'X%' when its class and those ahead stay within X% of the total
    return (int(np.searchsorted(bound, math.floor(low), side="right")),
            int(np.searchsorted(bound, math.floor(high), side="right")))


def _set_size(s: _Set, k: int, game: str) -> tuple[int, int]:
    """(holdings, holdings built on the way) of one set, by counting alone."""
    if s.kind == "random":
        return math.comb(52, k), 0
    if s.kind == "percent":
        a, b = _percent_slice(s, game)
        return b - a, b - a
    if not s.ranks and not s.wild:  # an explicit hand
        return int(_explicit_keys(s).size), 0
    p = _pattern(s, k)
    return count_pattern(p), count_unqualified(p)


def _check_set(s: _Set, k: int, game: str, text: str, pos: int) -> tuple[int, int]:
    """Refuses a set above the limits (before it is built); returns (size, build cost)."""
    size, cost = _set_size(s, k, game)
    if s.kind == "random" and size > MAX_HOLDINGS:
        raise _bad(text, pos, "random", f"every {k}-card hand is more than {MAX_HOLDINGS:,} "
                   f"holdings (equity takes random players directly):")
    if size > MAX_HOLDINGS or cost > _MAX_GENERATED:
        raise _bad(text, pos, text[pos:pos + 40].split(",")[0].split("!")[0].strip(),
                   f"more than {MAX_HOLDINGS:,} holdings in")
    return size, cost


def _explicit_keys(s: _Set) -> np.ndarray:
    key = 0
    for c in s.cards:  # s.cards is sorted ascending
        key = (key << 6) | c
    if s.qualifier and not suit_filter(np.array([s.cards], dtype=np.uint8), s.qualifier)[0]:
        return np.zeros(0, dtype=np.int64)
    return np.array([key], dtype=np.int64)


def _filtered(s: _Set, keys: np.ndarray, k: int, game: str,
              board: np.ndarray | None) -> np.ndarray:
    """The set's keys less the hands its board filters drop."""
    if not s.filters or board is None:
        return keys
    return keys[board_mask(rows_of(keys, k), board, s.filters, game)]


def _set_keys(s: _Set, k: int, game: str) -> np.ndarray:
    """Sorted distinct keys of the set (already checked by _check_set), board filters aside."""
    if s.kind == "random" or (s.kind == "pattern" and s.wild == (s.hole_cards or k)
                              and s.qualifier is None):
        return all_keys(k)
    if s.kind == "percent":
        a, b = _percent_slice(s, game)
        return np.sort(_percent_order(game)[0][a:b])
    if not s.ranks and not s.wild:  # an explicit hand: its key directly
        return _explicit_keys(s)
    return build_pattern(_pattern(s, k))


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


def parse_range(text: str, *, game: str = "hi", hole_cards: int | None = None,
                board: str | Sequence[int] | None = None) -> Range:
    """Parses range text (grammar in the module docstring) into every matching holding.

    Parameters
    ----------
    text : str
        The range, e.g. ``"AA**ds, KK**:0.5"``, ``"15%"``, ``"AA**!AAA*"``.
    game : {'hi', 'hilo'}
        The preflop table that ranks hands for percent sets (``15%``).
    hole_cards : int, optional
        Cards per holding for a range of only ``random`` (default 4); other sets fix it.
    board : str or sequence of int, optional
        The board that board filters (``@set``) are resolved against (3 to 5 cards).

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
    >>> len(oe.parse_range("AA**@set,@nfd!@nuts", board="Ts9d3c"))  # no flush draw on a rainbow flop
    54
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
    board_key = None if board is None else tuple(int(c) for c in parse_cards(board))
    return _parse_range_cached(text, game, hole_cards, board_key)


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


class _ParseCache:
    """Parsed ranges by (text, game, hole_cards): at most 256 of them and 256 MB of holdings,
    the least recently used dropped first (a service parses any text it is sent)."""

    def __init__(self, entries: int = 256, nbytes: int = 256 * 2**20) -> None:
        self.entries, self.nbytes = entries, nbytes
        self.kept: OrderedDict[tuple[str, str, int | None, tuple[int, ...] | None], Range] = \
            OrderedDict()
        self.used = 0
        self.lock = threading.Lock()

    def __call__(self, text: str, game: str, hole_cards: int | None,
                 board: tuple[int, ...] | None = None) -> Range:
        key = (text, game, hole_cards, board)
        with self.lock:
            hit = self.kept.get(key)
            if hit is not None:
                self.kept.move_to_end(key)
                return hit
        made = _parse_range_uncached(text, game, hole_cards, board)
        size = made.hands.nbytes + made.weights.nbytes
        with self.lock:
            if key in self.kept:
                return self.kept[key]
            if size <= self.nbytes:
                self.kept[key] = made
                self.used += size
                while self.used > self.nbytes or len(self.kept) > self.entries:
                    _, old = self.kept.popitem(last=False)
                    self.used -= old.hands.nbytes + old.weights.nbytes
        return made

    def cache_clear(self) -> None:
        with self.lock:
            self.kept.clear()
            self.used = 0


def _filter_board(text: str, parsed: list[Any], board: tuple[int, ...] | None) -> np.ndarray | None:
    """The board as ids when some set has board filters (refused without a 3- to 5-card one)."""
    if not any(s.filters for _, sets, _ in parsed for s, _ in sets):
        return None
    if board is None or not 3 <= len(board) <= 5:
        got = "no board" if board is None else f"a board of {len(board)} cards"
        raise RangeError(f"range {text[:80]!r} has board filters (@...): they need a board of "
                         f"3 to 5 cards, got {got}")
    return np.array(board, dtype=np.uint8)


def _parse_range_uncached(text: str, game: str, hole_cards: int | None,
                          board: tuple[int, ...] | None = None) -> Range:
    if not text.strip():
        raise RangeError("empty range text")
    items = _split(text, ",", 0, len(text))
    if len(items) > MAX_ITEMS:
        raise RangeError(f"range of {len(items):,} items is above the limit of {MAX_ITEMS:,}")
    parsed = [_parse_item(text, start, end) for start, end in items]
    k = _hole_count(text, parsed, hole_cards)
    board_ids = _filter_board(text, parsed, board)
    # every distinct set is counted (and refused when too large) before anything is built
    cost = 0
    sizes: dict[_Set, int] = {}
    for _, sets, _ in parsed:
        for s, spos in sets:
            if s not in sizes:
                sizes[s], build = _check_set(s, k, game, text, spos)
                cost += build
    groups = _group_items(parsed)
    cost += sum(_group_cost(members, sizes) for members in groups.values())
    if cost > MAX_WORK:
        raise RangeError(f"range {text[:80]!r} needs about {cost:,} holdings built and compared, "
                         f"above the limit of {MAX_WORK:,}: write it with fewer or smaller sets")
    built = {s: _filtered(s, _set_keys(s, k, game), k, game, board_ids) for s in sizes}
    keys_out, weights_out = [], []
    for head, members in groups.items():
        keys, weights = _combine_group(built, head, members, text)
        keys_out.append(keys)
        weights_out.append(weights)
    if len(keys_out) == 1:
        uniq, merged = keys_out[0], weights_out[0]
    else:
        uniq, inverse = np.unique(np.concatenate(keys_out), return_inverse=True)
        merged = np.zeros(uniq.size)
        np.maximum.at(merged, inverse, np.concatenate(weights_out))
    if uniq.size > MAX_HOLDINGS:
        raise RangeError(f"range of {uniq.size:,} holdings is above the limit of {MAX_HOLDINGS:,}")
    return _make_range(text.strip(), rows_of(uniq, k), merged)


_Item = tuple[int, list[tuple[_Set, int]], float]  # (position, [(set, position)], weight)


def _parse_item(text: str, start: int, end: int) -> _Item:
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
    return _skip(text, start, end), sets, weight


# One group per distinct first set: its items as {removed sets: (weight, position)}, the
# weight the largest of the repeated items', the position the first one's.
_Group = dict[frozenset[_Set], tuple[float, int]]


def _group_items(parsed: list[_Item]) -> dict[_Set, _Group]:
    groups: dict[_Set, _Group] = {}
    for pos, sets, weight in parsed:
        members = groups.setdefault(sets[0][0], {})
        removed = frozenset(s for s, _ in sets[1:])
        old = members.get(removed)
        members[removed] = (weight, pos) if old is None else (max(old[0], weight), old[1])
    return groups


def _group_cost(members: _Group, sizes: dict[_Set, int]) -> int:
    """An upper bound of the holdings _combine_group touches (see there)."""
    removed = [sum(sizes[s] for s in sets) for sets in members]
    return sum(removed) + len(members) * min(removed, default=0)


def _combine_group(built: dict[_Set, np.ndarray], head: _Set, members: _Group,
                   text: str) -> tuple[np.ndarray, np.ndarray]:
    """The holdings of one group's items and their weights (largest of the items keeping it).

    Items go from the largest weight down; a holding takes the weight of the first item that
    does not remove it. ``left`` holds the positions no item has kept yet: after the first
    item it is a subset of what that item removed, so each item costs the size of what it
    removes, never the size of the head set (``****!AsKsQhJh`` a thousand times is cheap)."""
    keys = built[head]
    removed = {sets: _positions(built, keys, sets) for sets in members}
    for sets, (_, pos) in sorted(members.items(), key=lambda m: m[1][1]):  # text order
        # a board filter may leave nothing on this board (@nfd on a rainbow flop): not an error
        if removed[sets].size == keys.size and not (head.filters or any(x.filters for x in sets)):
            raise _bad(text, pos, text[pos:_rstrip(text, pos, len(text))].split(",")[0].strip(),
                       "no hand matches")
    order = sorted(members, key=lambda sets: (-members[sets][0], removed[sets].size))
    weights = np.full(keys.size, members[order[0]][0])
    left = removed[order[0]]
    weights[left] = 0.0
    for sets in order[1:]:
        if left.size == 0:
            break
        kept = np.isin(left, removed[sets], assume_unique=True, invert=True)
        weights[left[kept]] = members[sets][0]
        left = left[~kept]
    if left.size == 0:
        return keys, weights
    keep = weights > 0
    return keys[keep], weights[keep]


def _positions(built: dict[_Set, np.ndarray], keys: np.ndarray,
               sets: frozenset[_Set]) -> np.ndarray:
    """Sorted distinct positions in ``keys`` of the holdings of ``sets`` (those that are in)."""
    found = []
    for s in sets:
        other = built[s]
        at = np.searchsorted(keys, other)
        inside = at < keys.size
        at = at[inside]
        found.append(at[keys[at] == other[inside]])
    if not found:
        return np.zeros(0, dtype=np.int64)
    return found[0] if len(found) == 1 else np.unique(np.concatenate(found))


_parse_range_cached = _ParseCache()


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
    uniq, inverse = np.unique(keys_of(arr), return_inverse=True)
    merged = np.zeros(uniq.size)
    np.maximum.at(merged, inverse, w)
    return _make_range(text, rows_of(uniq, arr.shape[1]), merged)
