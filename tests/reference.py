"""A slow, plainly written pure-Python Omaha evaluator used as the tests' reference.

It shares nothing with the package: no tables, no card parser.  Everything is derived here from
the rules of poker:

* a five-card high hand is classified into a category and a tuple of ranks that breaks ties
  (``classify_hi``); sorting every possible (category, ranks) pair gives the dense score
  1..7462 (``hi_score``);
* an 8-or-better low is five distinct ranks of eight or lower, ace low; sorting the 56 of them
  gives the dense score 1..56, 0 meaning no low (``lo_score``);
* an Omaha hand is the best of the C(k, 2) * 10 ways to take exactly two of the k hole cards
  (k = 4, 5 or 6: 60, 100 or 150 ways) and exactly three of the five board cards (``omaha_hi``,
  ``omaha_lo``).

Card ids follow the project convention ``4 * rank + suit`` (rank 0 = deuce .. 12 = ace, suit
0..3 = c d h s), but this module parses text on its own (``card``, ``cards``).
"""

from __future__ import annotations

import itertools
from functools import lru_cache
from typing import Iterable, Sequence

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
ACE = 12

HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)
CATEGORY_NAMES = (
    "High card",
    "Pair",
    "Two pair",
    "Three of a kind",
    "Straight",
    "Flush",
    "Full house",
    "Four of a kind",
    "Straight flush",
)
# Number of equivalence classes per category in classic five-card poker.
CLASSES_PER_CATEGORY = (1277, 2860, 858, 858, 10, 1277, 156, 156, 10)
# Number of five-card hands (out of 2,598,960) per category.
HANDS_PER_CATEGORY = (1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 40)


# ---------------------------------------------------------------- cards


def card(text: str) -> int:
    """'As' -> 51; strict: one rank char from RANK_CHARS, one suit char from SUIT_CHARS."""
    return 4 * RANK_CHARS.index(text[0]) + SUIT_CHARS.index(text[1])


def cards(text: str) -> list[int]:
    """'AsKd7h' -> [51, 45, 22] (spaces allowed between cards)."""
    text = text.replace(" ", "")
    assert len(text) % 2 == 0, text
    return [card(text[i : i + 2]) for i in range(0, len(text), 2)]


def card_text(c: int) -> str:
    return RANK_CHARS[c // 4] + SUIT_CHARS[c % 4]


def rank(c: int) -> int:
    return c // 4


def suit(c: int) -> int:
    return c % 4


# ---------------------------------------------------------------- five-card high


def _straight_high(distinct_desc: Sequence[int]) -> int | None:
    """High rank of the straight formed by five distinct ranks (descending), else None."""
    if len(distinct_desc) != 5:
        return None
    if distinct_desc[0] - distinct_desc[4] == 4:
        return distinct_desc[0]
    if list(distinct_desc) == [ACE, 3, 2, 1, 0]:  # A-2-3-4-5: the ace plays low, five high
        return 3
    return None


def classify_hi(ranks: Sequence[int], flush: bool) -> tuple[int, tuple[int, ...]]:
    """Category and tie-break ranks of five cards given their ranks and whether all share a suit.

    The tie-break tuple lists ranks by significance: grouped ranks first (bigger groups first,
    then higher rank), then kickers high to low; a straight is described by its top card only.
    """
    assert len(ranks) == 5
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    assert max(counts.values()) <= 4, "five of a kind is impossible with one deck"
    # Groups sorted by (size, rank), biggest first: e.g. K K K 7 7 -> [(3, K), (2, 7)].
    groups = sorted(((n, r) for r, n in counts.items()), reverse=True)
    shape = tuple(n for n, _ in groups)
    by_significance = tuple(r for _, r in groups)
    distinct_desc = sorted(counts, reverse=True)
    straight_high = _straight_high(distinct_desc)

    if straight_high is not None and flush:
        return STRAIGHT_FLUSH, (straight_high,)
    if shape == (4, 1):
        return QUADS, by_significance
    if shape == (3, 2):
        return FULL_HOUSE, by_significance
    if flush:
        return FLUSH, by_significance
    if straight_high is not None:
        return STRAIGHT, (straight_high,)
    if shape == (3, 1, 1):
        return TRIPS, by_significance
    if shape == (2, 2, 1):
        return TWO_PAIR, by_significance
    if shape == (2, 1, 1, 1):
        return PAIR, by_significance
    assert shape == (1, 1, 1, 1, 1)
    return HIGH_CARD, by_significance


def all_hi_classes() -> list[tuple[int, tuple[int, ...]]]:
    """Every distinct (category, tie-break) of five-card poker, weakest first."""
    classes = set()
    # Every multiset of five ranks (at most four of a rank), with and without a flush where a
    # flush is possible (five distinct ranks).
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        if max(ranks.count(r) for r in ranks) > 4:
            continue
        classes.add(classify_hi(ranks, False))
        if len(set(ranks)) == 5:
            classes.add(classify_hi(ranks, True))
    return sorted(classes)


@lru_cache(maxsize=None)
def _hi_score_table() -> dict[tuple[int, tuple[int, ...]], int]:
    return {cls: i + 1 for i, cls in enumerate(all_hi_classes())}


@lru_cache(maxsize=None)
def _hi_score_by_ranks(sorted_ranks: tuple[int, ...], flush: bool) -> int:
    return _hi_score_table()[classify_hi(sorted_ranks, flush)]


def hi_score(five: Sequence[int]) -> int:
    """Dense high score 1..7462 of five card ids (7462 = royal flush)."""
    assert len(five) == 5 and len(set(five)) == 5
    flush = len({suit(c) for c in five}) == 1
    return _hi_score_by_ranks(tuple(sorted(rank(c) for c in five)), flush)


def hi_class_of_score(score: int) -> tuple[int, tuple[int, ...]]:
    """Inverse of the dense numbering: score -> (category, tie-break ranks)."""
    return all_hi_classes_cached()[score - 1]


@lru_cache(maxsize=None)
def all_hi_classes_cached() -> tuple[tuple[int, tuple[int, ...]], ...]:
    return tuple(all_hi_classes())


# ---------------------------------------------------------------- five-card 8-or-better low


def low_value(r: int) -> int | None:
    """Low value of a rank: ace = 1, deuce = 2 .. eight = 8; None for nine and above."""
    if r == ACE:
        return 1
    if r <= 6:  # deuce (0) .. eight (6)
        return r + 2
    return None


@lru_cache(maxsize=None)
def all_lows() -> tuple[tuple[int, ...], ...]:
    """The 56 qualifying lows as descending low values, best (5-4-3-2-A) first."""
    lows = [tuple(sorted(c, reverse=True)) for c in itertools.combinations(range(1, 9), 5)]
    # A low is compared from its highest card down; smaller is better.
    return tuple(sorted(lows))


@lru_cache(maxsize=None)
def _lo_score_table() -> dict[tuple[int, ...], int]:
    lows = all_lows()
    return {low: len(lows) - i for i, low in enumerate(lows)}  # best -> 56, worst -> 1


def lo_score_of_ranks(ranks: Iterable[int]) -> int:
    """Dense low score of five ranks: 0 if they are not five distinct ranks of eight or lower."""
    values = [low_value(r) for r in ranks]
    if None in values or len(set(values)) != 5:
        return 0
    return _lo_score_table()[tuple(sorted(values, reverse=True))]  # type: ignore[arg-type]


def lo_score(five: Sequence[int]) -> int:
    """Dense 8-or-better low score 0..56 of five card ids (56 = 5-4-3-2-A, 0 = no low)."""
    assert len(five) == 5 and len(set(five)) == 5
    return lo_score_of_ranks(rank(c) for c in five)


def lo_text(score: int) -> str:
    """56 -> '5-4-3-2-A'; 0 -> 'no low'."""
    if score == 0:
        return "no low"
    low = all_lows()[len(all_lows()) - score]
    return "-".join("A" if v == 1 else str(v) for v in low)


# ---------------------------------------------------------------- Omaha

HOLE_CARDS = (4, 5, 6)
HOLE_PAIRS = tuple(itertools.combinations(range(4), 2))  # 6 (four cards)
BOARD_TRIPLES = tuple(itertools.combinations(range(5), 3))  # 10


def _check_deal(hole: Sequence[int], board: Sequence[int]) -> None:
    assert len(hole) in HOLE_CARDS and len(board) == 5, (len(hole), len(board))
    assert len(set(hole) | set(board)) == len(hole) + 5, "duplicate card"


def omaha_combos(hole: Sequence[int], board: Sequence[int]):
    """The C(k, 2) * 10 legal five-card hands: (hole pair, board triple, five cards)."""
    _check_deal(hole, board)
    for hp in itertools.combinations(hole, 2):
        for bt in itertools.combinations(board, 3):
            yield hp, bt, hp + bt


def omaha_hi_plain(hole: Sequence[int], board: Sequence[int]) -> int:
    """Best high score using exactly two hole cards and exactly three board cards (definition)."""
    hole, board = tuple(hole), tuple(board)
    return max(hi_score(five) for _, _, five in omaha_combos(hole, board))


def omaha_lo_plain(hole: Sequence[int], board: Sequence[int]) -> int:
    """Best 8-or-better low score (0 = no low) under the same two-plus-three rule (definition)."""
    hole, board = tuple(hole), tuple(board)
    return max(lo_score(five) for _, _, five in omaha_combos(hole, board))


# The same two functions, quick enough for 200,000 deals in Python.  They still try all 60
# combinations; they only avoid sorting: a rank multiset is summarised by the sum of 5 ** rank
# over its cards (a base-5 number whose digits are the rank counts, all below 5), so the key of
# two hole cards plus three board cards is the sum of the two parts' keys.  Tests check that they
# agree with the plain definitions above.


def _rank_key(cs: Iterable[int]) -> int:
    return sum(5 ** rank(c) for c in cs)


@lru_cache(maxsize=None)
def _hi_by_rank_key() -> tuple[dict[int, int], dict[int, int]]:
    """(non-flush, flush) tables: rank key -> dense high score."""
    table = _hi_score_table()
    plain: dict[int, int] = {}
    flush: dict[int, int] = {}
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        if max(ranks.count(r) for r in ranks) > 4:
            continue
        key = sum(5**r for r in ranks)
        plain[key] = table[classify_hi(ranks, False)]
        if len(set(ranks)) == 5:
            flush[key] = table[classify_hi(ranks, True)]
    return plain, flush


def _common_suit(cs: Sequence[int]) -> int | None:
    suits = {suit(c) for c in cs}
    return suits.pop() if len(suits) == 1 else None


def omaha_hi(hole: Sequence[int], board: Sequence[int]) -> int:
    """Best high score using exactly two hole cards and exactly three board cards."""
    _check_deal(hole, board)
    plain, flush = _hi_by_rank_key()
    pairs = [(_rank_key(p), _common_suit(p)) for p in itertools.combinations(hole, 2)]
    triples = [(_rank_key(t), _common_suit(t)) for t in itertools.combinations(board, 3)]
    best = 0
    for pair_key, pair_suit in pairs:
        for triple_key, triple_suit in triples:
            is_flush = pair_suit is not None and pair_suit == triple_suit
            score = (flush if is_flush else plain)[pair_key + triple_key]
            if score > best:
                best = score
    return best


def _low_mask(cs: Sequence[int]) -> int | None:
    """Bit mask of the cards' low values (bit v for value v), None unless all are distinct lows."""
    mask = 0
    for c in cs:
        v = low_value(rank(c))
        if v is None or mask & (1 << v):
            return None
        mask |= 1 << v
    return mask


@lru_cache(maxsize=None)
def _lo_by_mask() -> dict[int, int]:
    return {sum(1 << v for v in low): lo_score_of_ranks([ACE if v == 1 else v - 2 for v in low])
            for low in all_lows()}


def omaha_lo(hole: Sequence[int], board: Sequence[int]) -> int:
    """Best 8-or-better low score (0 = no low) under the same two-plus-three rule."""
    _check_deal(hole, board)
    by_mask = _lo_by_mask()
    pairs = [m for m in map(_low_mask, itertools.combinations(hole, 2)) if m is not None]
    triples = [m for m in map(_low_mask, itertools.combinations(board, 3)) if m is not None]
    best = 0
    for pm in pairs:
        for tm in triples:
            if pm & tm == 0:  # five distinct low values
                best = max(best, by_mask[pm | tm])
    return best


def omaha_hi_parts(hole: Sequence[int], board: Sequence[int]) -> set[tuple[frozenset, frozenset]]:
    """Every (hole pair, board triple) that reaches the best high score."""
    best = omaha_hi(hole, board)
    return {
        (frozenset(hp), frozenset(bt))
        for hp, bt, five in omaha_combos(tuple(hole), tuple(board))
        if hi_score(five) == best
    }


def omaha_lo_parts(hole: Sequence[int], board: Sequence[int]) -> set[tuple[frozenset, frozenset]]:
    """Every (hole pair, board triple) that reaches the best low; empty when there is no low."""
    best = omaha_lo(hole, board)
    if best == 0:
        return set()
    return {
        (frozenset(hp), frozenset(bt))
        for hp, bt, five in omaha_combos(tuple(hole), tuple(board))
        if lo_score(five) == best
    }


# ---------------------------------------------------------------- many deals at once


def omaha_hi_many(holes, boards) -> list[int]:
    """omaha_hi over rows (sequences of k-card hole rows and 5-card board rows of equal length)."""
    return [omaha_hi(h, b) for h, b in zip(_rows(holes), _rows(boards))]


def omaha_lo_many(holes, boards) -> list[int]:
    return [omaha_lo(h, b) for h, b in zip(_rows(holes), _rows(boards))]


def _rows(a) -> list[tuple[int, ...]]:
    """Rows of a 2-D array or sequence as tuples of Python ints."""
    rows = a.tolist() if hasattr(a, "tolist") else a
    return [tuple(int(c) for c in row) for row in rows]


# ---------------------------------------------------------------- dealing (for the tests)


def random_deals(rng, n: int, pool=None, hole_cards: int = 4):
    """n deals of hole_cards + 5 distinct cards drawn from `pool` (default: the deck).

    Returns (holes uint8 (n, hole_cards), boards uint8 (n, 5)).
    """
    import numpy as np

    k = hole_cards
    pool = np.arange(52, dtype=np.uint8) if pool is None else np.asarray(pool, dtype=np.uint8)
    assert pool.size >= k + 5 and np.unique(pool).size == pool.size
    deals = rng.permuted(np.broadcast_to(pool, (n, pool.size)), axis=1)[:, : k + 5]
    deals = np.ascontiguousarray(deals, dtype=np.uint8)
    return deals[:, :k].copy(), deals[:, k:].copy()


def board_shape_mask(boards, shape: str):
    """Rows of `boards` (n, 5) whose rank/suit pattern matches `shape`.

    shape: 'paired' (exactly one pair, no trips), 'two_pair', 'trips' (three of a rank, rest
    unpaired), 'full_house', 'quads', 'four_flush' (exactly four of one suit), 'monotone'.
    """
    import numpy as np

    ranks = boards // 4
    suits = boards % 4
    rank_counts = np.stack([(ranks == r).sum(axis=1) for r in range(13)], axis=1)
    suit_counts = np.stack([(suits == s).sum(axis=1) for s in range(4)], axis=1)
    pattern = -np.sort(-rank_counts, axis=1)[:, :3]  # biggest three rank groups
    top_suit = suit_counts.max(axis=1)
    if shape == "paired":
        return (pattern[:, 0] == 2) & (pattern[:, 1] == 1)
    if shape == "two_pair":
        return (pattern[:, 0] == 2) & (pattern[:, 1] == 2)
    if shape == "trips":
        return (pattern[:, 0] == 3) & (pattern[:, 1] == 1)
    if shape == "full_house":
        return (pattern[:, 0] == 3) & (pattern[:, 1] == 2)
    if shape == "quads":
        return pattern[:, 0] == 4
    if shape == "four_flush":
        return top_suit == 4
    if shape == "monotone":
        return top_suit == 5
    raise ValueError(shape)


def holes_for_boards(rng, boards, hole_cards: int = 4):
    """Random holes of hole_cards cards, one per board row, drawn from the cards not on that board."""
    import numpy as np

    boards = np.asarray(boards, dtype=np.uint8)
    keys = rng.random((boards.shape[0], 52))
    np.put_along_axis(keys, boards.astype(np.intp), 2.0, axis=1)  # board cards sort last
    return np.argsort(keys, axis=1)[:, :hole_cards].astype(np.uint8)


def boards_with_shape(rng, n: int, shape: str):
    """n random boards (uint8 (n, 5)) with the given shape (see board_shape_mask).

    Common shapes are drawn by rejection from uniform boards; rare ones are built.
    """
    import numpy as np

    if shape == "monotone":
        suits = rng.integers(4, size=(n, 1))
        ranks = np.array([rng.choice(13, size=5, replace=False) for _ in range(n)])
        return (4 * ranks + suits).astype(np.uint8)
    if shape in ("full_house", "quads"):
        rows = []
        for _ in range(n):
            r1, r2 = rng.choice(13, size=2, replace=False)
            if shape == "quads":
                cs = [4 * r1 + s for s in range(4)] + [4 * r2 + int(rng.integers(4))]
            else:
                cs = [4 * r1 + int(s) for s in rng.choice(4, 3, replace=False)]
                cs += [4 * r2 + int(s) for s in rng.choice(4, 2, replace=False)]
            rows.append(rng.permutation(cs))
        return np.array(rows, dtype=np.uint8)
    found = []
    total = 0
    while total < n:
        _, boards = random_deals(rng, 50_000)
        boards = boards[board_shape_mask(boards, shape)]
        found.append(boards)
        total += len(boards)
    return np.concatenate(found)[:n]
