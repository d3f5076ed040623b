"""Properties of the evaluator (hypothesis): symmetries, workers, and what a low needs."""

from __future__ import annotations

import itertools

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import reference as ref
from omaha_eval.evaluate import describe_lo, evaluate_hi, evaluate_hilo, evaluate_lo

LOW_RANKS = (0, 1, 2, 3, 4, 5, 6, 12)  # deuce .. eight, ace
LOW_CARDS = [c for c in range(52) if c // 4 in LOW_RANKS]
HIGH_CARDS = [c for c in range(52) if c // 4 not in LOW_RANKS]

PROPERTY_SETTINGS = settings(max_examples=300, deadline=None)


@st.composite
def deals(draw) -> tuple[list[int], list[int]]:
    """One deal of 4 hole and 5 board cards; often rich in low cards, suits and pairs."""
    kind = draw(st.sampled_from(["any", "low", "two_suits", "few_ranks"]))
    if kind == "any":
        pool = list(range(52))
    elif kind == "low":
        # Low cards plus a few high ones, so lows are common but not certain.
        pool = LOW_CARDS + draw(st.lists(st.sampled_from(HIGH_CARDS), max_size=8, unique=True))
    elif kind == "two_suits":
        suits = draw(st.lists(st.integers(0, 3), min_size=2, max_size=2, unique=True))
        pool = [c for c in range(52) if c % 4 in suits]
    else:
        ranks = draw(st.lists(st.integers(0, 12), min_size=3, max_size=5, unique=True))
        pool = [c for c in range(52) if c // 4 in ranks]
    cards = draw(st.permutations(pool))[:9]
    return list(cards[:4]), list(cards[4:])


def batch_of_deals(min_size: int = 1, max_size: int = 40):
    return st.lists(deals(), min_size=min_size, max_size=max_size).map(
        lambda ds: (
            np.array([h for h, _ in ds], dtype=np.uint8),
            np.array([b for _, b in ds], dtype=np.uint8),
        )
    )


def relabel_suits(cards_: list[int], perm: list[int]) -> list[int]:
    return [4 * (c // 4) + perm[c % 4] for c in cards_]


@PROPERTY_SETTINGS
@given(deal=deals(), perm=st.permutations(range(4)))
def test_permuting_suits_changes_nothing(deal, perm):
    hole, board = deal
    before = evaluate_hilo(np.array(hole, np.uint8), np.array(board, np.uint8))
    after = evaluate_hilo(
        np.array(relabel_suits(hole, perm), np.uint8), np.array(relabel_suits(board, perm), np.uint8)
    )
    assert before == after


@PROPERTY_SETTINGS
@given(deal=deals(), hole_order=st.permutations(range(4)), board_order=st.permutations(range(5)))
def test_reordering_hole_or_board_cards_changes_nothing(deal, hole_order, board_order):
    hole, board = deal
    before = evaluate_hilo(np.array(hole, np.uint8), np.array(board, np.uint8))
    h2 = np.array([hole[i] for i in hole_order], np.uint8)
    b2 = np.array([board[i] for i in board_order], np.uint8)
    assert evaluate_hilo(h2, np.array(board, np.uint8)) == before
    assert evaluate_hilo(np.array(hole, np.uint8), b2) == before
    assert evaluate_hilo(h2, b2) == before


@PROPERTY_SETTINGS
@given(deal=deals())
def test_scores_equal_reference(deal):
    hole, board = deal
    assert evaluate_hilo(np.array(hole, np.uint8), np.array(board, np.uint8)) == (
        ref.omaha_hi(hole, board),
        ref.omaha_lo(hole, board),
    )


@settings(max_examples=60, deadline=None)
@given(batch=batch_of_deals())
def test_workers_change_nothing(batch):
    holes, boards = batch
    hi1, lo1 = evaluate_hilo(holes, boards, workers=1)
    for workers in (2, 3, -1):
        hi_w, lo_w = evaluate_hilo(holes, boards, workers=workers)
        np.testing.assert_array_equal(hi_w, hi1)
        np.testing.assert_array_equal(lo_w, lo1)
        np.testing.assert_array_equal(evaluate_hi(holes, boards, workers=workers), hi1)
        np.testing.assert_array_equal(evaluate_lo(holes, boards, workers=workers), lo1)


def _low_values(cards_) -> set[int]:
    return {ref.low_value(c // 4) for c in cards_} - {None}


def _two_plus_three_low_exists(hole: list[int], board: list[int]) -> bool:
    """Some two hole cards and three board cards hold five distinct ranks of eight or lower."""
    for pair in itertools.combinations(hole, 2):
        for triple in itertools.combinations(board, 3):
            values = [ref.low_value(c // 4) for c in pair + triple]
            if None not in values and len(set(values)) == 5:
                return True
    return False


@PROPERTY_SETTINGS
@given(deal=deals())
def test_low_qualifies_exactly_when_five_distinct_low_ranks_are_usable(deal):
    hole, board = deal
    lo = evaluate_lo(np.array(hole, np.uint8), np.array(board, np.uint8))
    usable = _two_plus_three_low_exists(hole, board)
    assert (lo > 0) == usable
    # Necessary conditions, stated without any combination search.
    if len(_low_values(board)) < 3 or len(_low_values(hole)) < 2:
        assert lo == 0
    if len(_low_values(hole) | _low_values(board)) < 5:
        assert lo == 0


@PROPERTY_SETTINGS
@given(deal=deals())
def test_low_uses_ranks_present_in_the_deal(deal):
    hole, board = deal
    lo = evaluate_lo(np.array(hole, np.uint8), np.array(board, np.uint8))
    if lo:
        shown = [1 if t == "A" else int(t) for t in describe_lo(lo).split("-")]
        assert len(set(shown)) == 5 and max(shown) <= 8
        assert set(shown) <= _low_values(hole) | _low_values(board)
        assert len(set(shown) & _low_values(hole)) >= 2
        assert len(set(shown) & _low_values(board)) >= 3
