"""Card ids of every integer dtype are read in place (no converted copy), and ``out=`` reuses
the caller's output arrays."""

from __future__ import annotations

import numpy as np
import pytest

import reference as ref
from omaha_eval import _core
from omaha_eval.cards import CardError
from omaha_eval.evaluate import evaluate_hi, evaluate_hilo, evaluate_lo

DTYPES = [np.int8, np.uint16, np.int16, np.uint32, np.int32, np.uint64, np.int64]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("k", [4, 6])
def test_every_dtype_gives_the_uint8_scores(dtype, k):
    rng = np.random.default_rng(k)
    holes, boards = ref.random_deals(rng, 5000, hole_cards=k)  # several conversion chunks
    want_hi, want_lo = evaluate_hilo(holes, boards)
    for h, b in ((holes.astype(dtype), boards.astype(dtype)), (holes.astype(dtype), boards),
                 (holes, boards.astype(dtype))):
        hi, lo = evaluate_hilo(h, b, workers=2)
        np.testing.assert_array_equal(hi, want_hi)
        np.testing.assert_array_equal(lo, want_lo)
        np.testing.assert_array_equal(evaluate_hi(h, b), want_hi)
        np.testing.assert_array_equal(evaluate_lo(h, b), want_lo)
    # one shared board of a wide dtype, flushes possible, enough hands for the column table
    board = np.array(ref.cards("AsQs7h4d2s"), dtype=dtype)
    h = ref.holes_for_boards(rng, np.broadcast_to(board.astype(np.uint8), (3000, 5)), hole_cards=k)
    np.testing.assert_array_equal(evaluate_hi(h.astype(dtype), board),
                                  evaluate_hi(h, board.astype(np.uint8)))


@pytest.mark.parametrize("bad, dtype", [(52, np.int64), (256, np.uint16), (-1, np.int8),
                                        (2**40, np.int64), (2**63 + 5, np.uint64), (-300, np.int32)])
def test_out_of_range_values_are_reported_with_their_value(bad, dtype):
    holes, boards = ref.random_deals(np.random.default_rng(1), 9000, hole_cards=5)
    holes = holes.astype(dtype)
    holes[8500, 4] = bad  # 256 must not wrap around to card 0
    with pytest.raises(CardError, match=rf"card id {bad} outside 0..51 in deal 8500 \(hole position 4\)"):
        evaluate_hi(holes, boards)
    with pytest.raises(CardError, match=rf"card id {bad} outside 0..51 in deal 8500 \(hole position 4\)"):
        evaluate_lo(holes, boards, check=False)


def test_wide_dtype_duplicates_name_the_card():
    holes, boards = ref.random_deals(np.random.default_rng(2), 100)
    boards = boards.astype(np.int64)
    boards[40, 3] = holes[40, 1]
    card = ref.card_text(int(holes[40, 1]))
    with pytest.raises(CardError, match=rf"duplicate card {card} in deal 40 \(hole position 1 and board position 3\)"):
        evaluate_hilo(holes.astype(np.int32), boards)


def test_wide_dtypes_are_not_copied():
    # the binding reads the int64 buffer itself: checked_eval_any accepts it (None would mean
    # "convert first")
    holes, boards = ref.random_deals(np.random.default_rng(3), 10)
    problem, hi, lo = _core.checked_eval_any(holes.astype(np.int64), boards.astype(np.int64), True, True)
    assert problem is None
    np.testing.assert_array_equal(hi, evaluate_hi(holes, boards))
    # a byte-swapped array is not a native buffer: the general path converts it
    swapped = holes.astype(">i4")
    assert _core.checked_eval_any(swapped, boards.astype(np.int64), True, False) is None
    np.testing.assert_array_equal(evaluate_hi(swapped, boards), evaluate_hi(holes, boards))


def test_out_arrays_are_written_and_returned():
    holes, boards = ref.random_deals(np.random.default_rng(4), 3000, hole_cards=5)
    want_hi, want_lo = evaluate_hilo(holes, boards)
    hi_out = np.zeros(3000, np.uint16)
    lo_out = np.zeros(3000, np.uint8)
    assert evaluate_hi(holes, boards, out=hi_out) is hi_out
    np.testing.assert_array_equal(hi_out, want_hi)
    assert evaluate_lo(holes, boards, out=lo_out) is lo_out
    np.testing.assert_array_equal(lo_out, want_lo)
    hi_out[:] = 0
    lo_out[:] = 0
    got = evaluate_hilo(holes.astype(np.int16), boards, out=(hi_out, lo_out), workers=2)
    assert got[0] is hi_out and got[1] is lo_out
    np.testing.assert_array_equal(hi_out, want_hi)
    np.testing.assert_array_equal(lo_out, want_lo)
    grid = np.zeros((2, 1500), np.uint16)  # the batch shape, any number of axes
    evaluate_hi(holes.reshape(2, 1500, 5), boards.reshape(2, 1500, 5), out=grid)
    np.testing.assert_array_equal(grid.ravel(), want_hi)


@pytest.mark.parametrize("out", [np.zeros(10, np.uint8), np.zeros(9, np.uint16),
                                 np.zeros(20, np.uint16)[::2], [0] * 10])
def test_bad_out_arrays_are_refused(out):
    holes, boards = ref.random_deals(np.random.default_rng(5), 10)
    with pytest.raises(ValueError, match=r"out must be a writeable C-contiguous uint16 array of shape \(10,\)"):
        evaluate_hi(holes, boards, out=out)
    with pytest.raises(ValueError, match=r"out must be a pair"):
        evaluate_hilo(holes, boards, out=np.zeros(10, np.uint16))
