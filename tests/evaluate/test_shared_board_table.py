"""Big batches on one shared board: the kernel's per-board pair table (issue 12).

From 1,536 hands on one board the kernel builds a table of every two hole cards' score with
that board (flush included) in which 0 marks a pair that makes the deal bad, so scoring and
validation are a load per hole pair. These tests hold it to the small-batch path (below the
threshold, the generic check and the deferred flush pass) and to the reference: the scores,
the low scores, and for every kind of bad deal the same error, naming the same deal.
"""

from __future__ import annotations

import numpy as np
import pytest

import reference as ref
from omaha_eval import _core
from omaha_eval.cards import CardError
from omaha_eval.evaluate import evaluate_hi, evaluate_hilo
from test_evaluate import assert_matches_reference

BIG = 3000  # above the kernel's table threshold (1,536 hands on one board)
assert BIG > _core.SHARED_TABLE_MIN
BOARDS = ("AsQs7h4d2s", "KhQhJhTh2c", "9c8d7h6s5c", "AcAdAh2s2c")  # 3 and 4 suited, none


def _holes(rng: np.random.Generator, board: np.ndarray, n: int, k: int) -> np.ndarray:
    return ref.holes_for_boards(rng, np.broadcast_to(board, (n, 5)), hole_cards=k)


@pytest.mark.parametrize("k", (4, 5, 6))
@pytest.mark.parametrize("text", BOARDS)
def test_pair_table_scores_match_the_reference(k: int, text: str) -> None:
    rng = np.random.default_rng(len(text) * 7 + k)
    board = np.array(ref.cards(text), dtype=np.uint8)
    holes = _holes(rng, board, BIG, k)
    hi, lo = evaluate_hilo(holes, board)
    full = np.broadcast_to(board, (BIG, 5))
    assert_matches_reference(holes[:400], full[:400], hi[:400], lo[:400])
    # the whole batch against the small-batch path (500 hands a call: below the threshold)
    small = [evaluate_hilo(holes[i:i + 500], board) for i in range(0, BIG, 500)]
    np.testing.assert_array_equal(hi, np.concatenate([s[0] for s in small]))
    np.testing.assert_array_equal(lo, np.concatenate([s[1] for s in small]))


@pytest.mark.parametrize("text", BOARDS[:2])
def test_batches_either_side_of_the_table_threshold_agree(text: str) -> None:
    # one hand fewer than the kernel's SHARED_TABLE_MIN runs the small loop, that many the pair
    # table: one hand more must not change the scores of the others
    n = _core.SHARED_TABLE_MIN
    rng = np.random.default_rng(len(text))
    board = np.array(ref.cards(text), dtype=np.uint8)
    holes = _holes(rng, board, n, 5)
    below, above = evaluate_hilo(holes[:n - 1], board), evaluate_hilo(holes, board)
    np.testing.assert_array_equal(below[0], above[0][:n - 1])
    np.testing.assert_array_equal(below[1], above[1][:n - 1])
    np.testing.assert_array_equal(evaluate_hi(holes, board), above[0])
    last = holes[-1:]
    assert_matches_reference(last, board[None, :], above[0][-1:], above[1][-1:])


def _error(holes: np.ndarray, board: np.ndarray, check: bool = True) -> str:
    with pytest.raises(CardError) as info:
        evaluate_hi(holes, board, check=check)
    return str(info.value)


@pytest.mark.parametrize("k", (4, 6))
@pytest.mark.parametrize("kind", ("repeat-in-hole", "on-board", "id-52", "id-63", "id-64", "id-255"))
def test_bad_deal_in_a_big_shared_batch_is_named_as_in_a_small_one(k: int, kind: str) -> None:
    rng = np.random.default_rng(99 + k)
    board = np.array(ref.cards("AsQs7h4d2s"), dtype=np.uint8)
    holes = _holes(rng, board, BIG, k)
    row, position = int(rng.integers(BIG)), int(rng.integers(1, k))
    bad = holes.copy()
    if kind == "repeat-in-hole":
        bad[row, position] = bad[row, 0]
    elif kind == "on-board":
        bad[row, position] = board[int(rng.integers(5))]
    else:
        bad[row, position] = int(kind.split("-")[1])
    message = _error(bad, board)
    assert f"in deal {row} " in message
    # the same words as the small-batch path gives for that deal alone (deal 0 there)
    assert message.replace(f"in deal {row} ", "in deal 0 ") == _error(bad[row:row + 1], board)
    if kind in ("repeat-in-hole", "on-board"):  # check=False: repeated cards are not checked
        hi = evaluate_hi(bad, board, check=False)
        np.testing.assert_array_equal(np.delete(hi, row), evaluate_hi(np.delete(bad, row, 0), board))
    else:  # ids are always checked
        assert f"in deal {row} " in _error(bad, board, check=False)


def test_first_of_several_bad_deals_is_reported() -> None:
    rng = np.random.default_rng(5)
    board = np.array(ref.cards("KhQhJhTh2c"), dtype=np.uint8)
    holes = _holes(rng, board, BIG, 4)
    holes[2500, 1] = 60
    holes[1700, 3] = board[2]
    holes[2900, 0] = holes[2900, 2]
    assert "in deal 1700 " in _error(holes, board)


@pytest.mark.parametrize("board_text", ("AsAsQh7d2c", None))
def test_a_bad_shared_board_fails_every_deal(board_text: str | None) -> None:
    rng = np.random.default_rng(8)
    good = np.array(ref.cards("AsQh7d2c9s"), dtype=np.uint8)
    holes = _holes(rng, good, BIG, 4)
    board = good.copy()
    if board_text is None:
        board[3] = 77  # an id above 51 on the board
    else:
        board = np.array(ref.cards(board_text), dtype=np.uint8)
    message = _error(holes, board)
    assert "in deal 0 " in message or "board position" in message
    assert message == _error(holes[:5], board)
