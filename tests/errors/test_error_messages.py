"""Bad input gets a clear error naming what is wrong and where (messages are checked)."""

from __future__ import annotations

import numpy as np
import pytest

import reference as ref
from omaha_eval.cards import CardError, format_cards, parse_cards
from omaha_eval.evaluate import (
    best_hi_cards,
    best_lo_cards,
    describe_hi,
    describe_lo,
    evaluate_hi,
    evaluate_hilo,
    evaluate_lo,
    hi_category,
)

EVALUATORS = [evaluate_hi, evaluate_lo, evaluate_hilo]
HOLE = "AsKd7h2c"
BOARD = "ThJc9s3d4d"


def valid_batch(n: int = 30, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    return ref.random_deals(np.random.default_rng(seed), n)


def test_card_error_is_a_value_error():
    assert issubclass(CardError, ValueError)


# ---------------------------------------------------------------- unknown cards


@pytest.mark.parametrize(
    "text, token, position",
    [
        ("AsKd7h1x", "1x", 3),
        ("1xAsKd7h", "1x", 0),
        ("As Kd 7h 1x", "1x", 3),
        ("AsKdZz7h", "Zz", 2),
        ("AsKd7h2q", "2q", 3),
        ("As Kd 11h", "11h", 2),
    ],
)
def test_parse_unknown_card_names_token_and_position(text, token, position):
    with pytest.raises(CardError, match=rf"unknown card '{token}' at position {position}"):
        parse_cards(text)


def test_parse_unknown_card_in_list():
    with pytest.raises(CardError, match=r"unknown card 'Xx' at position 1"):
        parse_cards(["As", "Xx", "Kd"])


def test_parse_bad_item_type_in_list():
    with pytest.raises(CardError, match=r"position 1"):
        parse_cards(["As", 2.5, "Kd"])


@pytest.mark.parametrize("evaluate", EVALUATORS)
def test_evaluate_unknown_card_in_hole_text(evaluate):
    with pytest.raises(CardError, match=r"unknown card '1x' at position 3"):
        evaluate("AsKd7h1x", BOARD)


@pytest.mark.parametrize("evaluate", EVALUATORS)
def test_evaluate_unknown_card_in_board_text(evaluate):
    with pytest.raises(CardError, match=r"unknown card 'Qx' at position 4"):
        evaluate(HOLE, "ThJc9s3dQx")


# ---------------------------------------------------------------- duplicated cards


def test_parse_duplicate_card_names_card():
    with pytest.raises(CardError, match=r"duplicate card As.*\b0\b.*\b2\b"):
        parse_cards("AsKdAs")


def test_parse_duplicate_is_fine_when_not_unique():
    assert parse_cards("AsAs", unique=False).tolist() == [51, 51]


@pytest.mark.parametrize("evaluate", EVALUATORS)
def test_evaluate_duplicate_between_hole_and_board_text(evaluate):
    with pytest.raises(CardError, match=r"duplicate card Th"):
        evaluate("AsKd7hTh", BOARD)


@pytest.mark.parametrize("evaluate", EVALUATORS)
def test_evaluate_duplicate_inside_hole_text(evaluate):
    with pytest.raises(CardError, match=r"duplicate card As"):
        evaluate("AsAsKd7h", BOARD)


@pytest.mark.parametrize("evaluate", EVALUATORS)
def test_evaluate_duplicate_names_card_and_row(evaluate):
    holes, boards = valid_batch(30)
    holes[17, 2] = 51  # As
    boards[17, 4] = 51
    with pytest.raises(CardError, match=r"duplicate card As in deal 17\b"):
        evaluate(holes, boards)


def test_evaluate_duplicate_reports_the_first_bad_row():
    holes, boards = valid_batch(30)
    for row in (21, 5):
        holes[row, 0] = boards[row, 3]
    with pytest.raises(CardError, match=rf"duplicate card {ref.card_text(int(boards[5, 3]))} in deal 5\b"):
        evaluate_hi(holes, boards)


@pytest.mark.parametrize("workers", [1, 2, 3])
def test_first_bad_deal_across_threads_and_blocks(workers):
    # problems far apart in a large batch land in different blocks and thread chunks: the
    # error always names the first one, whichever thread finds which
    holes, boards = valid_batch(70_000)
    holes[65_000, 1] = 99
    holes[40_123, 0] = boards[40_123, 2]
    holes[20_000, 3] = boards[20_000, 0]
    first = ref.card_text(int(boards[20_000, 0]))
    with pytest.raises(CardError, match=rf"duplicate card {first} in deal 20000\b"):
        evaluate_hilo(holes, boards, workers=workers)
    with pytest.raises(CardError, match=r"card id 99 above 51 in deal 65000 \(hole position 1\)"):
        evaluate_hi(holes, boards, workers=workers, check=False)


def test_evaluate_duplicate_on_a_shared_board():
    holes, boards = valid_batch(10)
    board = boards[0]
    holes = ref.holes_for_boards(np.random.default_rng(1), np.broadcast_to(board, (10, 5)))
    holes[6, 1] = board[2]
    with pytest.raises(CardError, match=rf"duplicate card {ref.card_text(int(board[2]))} in deal 6\b"):
        evaluate_lo(holes, board)


def test_evaluate_duplicate_in_a_grid_names_the_index():
    holes, boards = valid_batch(6)
    grid = np.stack([holes, holes])  # (2, 6, 4) against boards (6, 5)
    grid[1, 4, 0] = boards[4, 1]
    with pytest.raises(CardError, match=rf"duplicate card {ref.card_text(int(boards[4, 1]))} in deal \(1, 4\)"):
        evaluate_hi(grid, boards)


def test_check_false_skips_only_duplicate_check():
    holes, boards = valid_batch(5)
    holes[2, 0] = boards[2, 0]
    hi = evaluate_hi(holes, boards, check=False)  # unchecked: no error, no crash
    assert hi.shape == (5,)
    holes[3, 0] = 60
    with pytest.raises(CardError, match=r"above 51"):
        evaluate_hi(holes, boards, check=False)


# ---------------------------------------------------------------- shapes


@pytest.mark.parametrize("evaluate", EVALUATORS)
@pytest.mark.parametrize("hole, got", [("AsKd7h", 3), ("AsKd7h2c3c4c5c", 7), ("AsKd", 2)])
def test_hole_of_wrong_size_text(evaluate, hole, got):
    with pytest.raises(CardError, match=rf"the hole needs 4, 5 or 6 cards, got {got}"):
        evaluate(hole, BOARD)


@pytest.mark.parametrize("evaluate", EVALUATORS)
def test_board_of_four_cards(evaluate):
    with pytest.raises(CardError, match=r"the board needs 5 cards, got 4"):
        evaluate(HOLE, "ThJc9s3d")


@pytest.mark.parametrize("width", [2, 3, 7, 9])
def test_hole_array_of_wrong_width(width):
    holes = np.zeros((10, width), dtype=np.uint8)
    with pytest.raises(CardError, match=rf"the hole needs 4, 5 or 6 cards, got {width}"):
        evaluate_hi(holes, np.arange(5, dtype=np.uint8))


def test_board_array_of_wrong_width():
    holes, boards = valid_batch(10)
    with pytest.raises(CardError, match=r"the board needs 5 cards, got 4"):
        evaluate_lo(holes, boards[:, :4])


def test_batches_that_do_not_broadcast():
    holes, boards = valid_batch(10)
    with pytest.raises(ValueError, match=r"\(3,\).*\(2,\).*broadcast"):
        evaluate_hi(holes[:3], boards[:2])


def test_empty_text():
    with pytest.raises(CardError, match=r"the hole needs 4, 5 or 6 cards, got 0"):
        evaluate_hi("", BOARD)


def test_best_cards_need_a_single_deal():
    holes, boards = valid_batch(3)
    with pytest.raises(ValueError, match=r"single deal"):
        best_hi_cards(holes, boards)
    with pytest.raises(ValueError, match=r"single deal"):
        best_lo_cards(holes, boards)


def test_best_cards_validate_like_evaluate():
    with pytest.raises(CardError, match=r"duplicate card Th"):
        best_hi_cards("AsKd7hTh", BOARD)
    with pytest.raises(CardError, match=r"unknown card '1x' at position 3"):
        best_lo_cards("AsKd7h1x", BOARD)


# ---------------------------------------------------------------- card ids and dtypes


@pytest.mark.parametrize("evaluate", EVALUATORS)
def test_uint8_id_above_51_names_value_row_and_position(evaluate):
    holes, boards = valid_batch(5)
    boards[2, 1] = 60
    with pytest.raises(CardError, match=r"card id 60 .*deal 2 \(board position 1\)"):
        evaluate(holes, boards)


def test_uint8_id_above_51_in_hole():
    holes, boards = valid_batch(5)
    holes[4, 3] = 255
    with pytest.raises(CardError, match=r"card id 255 .*deal 4 \(hole position 3\)"):
        evaluate_hi(holes, boards)


@pytest.mark.parametrize("dtype", [np.int64, np.int32, np.int16, np.uint16, np.int8])
def test_wider_ints_that_fit_are_accepted(dtype):
    holes, boards = valid_batch(20)
    np.testing.assert_array_equal(
        evaluate_hi(holes.astype(dtype), boards.astype(dtype)), evaluate_hi(holes, boards)
    )


@pytest.mark.parametrize("bad, dtype", [(52, np.int64), (300, np.int32), (1000, np.uint16), (60, np.int8)])
def test_wider_ints_out_of_range_are_rejected(bad, dtype):
    holes, boards = valid_batch(5)
    holes = holes.astype(dtype)
    holes[3, 2] = bad  # 300 or 1000 must not wrap around to a valid uint8 id
    with pytest.raises(CardError, match=rf"card id {bad} .*deal 3 \(hole position 2\)"):
        evaluate_hi(holes, boards)


@pytest.mark.parametrize("dtype", [np.int64, np.int8])
def test_negative_ids_are_rejected(dtype):
    holes, boards = valid_batch(5)
    boards = boards.astype(dtype)
    boards[1, 0] = -1
    with pytest.raises(CardError, match=r"card id -1 .*deal 1 \(board position 0\)"):
        evaluate_lo(holes, boards)


def test_plain_int_lists_are_accepted():
    assert evaluate_hi([51, 45, 22, 0], [34, 37, 31, 5, 9]) == evaluate_hi(
        "AsKd7h2c", format_cards([34, 37, 31, 5, 9])
    )


def test_int_list_out_of_range():
    with pytest.raises(CardError, match=r"card id 52"):
        evaluate_hi([51, 45, 22, 52], [34, 37, 31, 5, 9])


@pytest.mark.parametrize("array", [np.zeros((3, 4), dtype=np.float64), np.zeros((3, 4), dtype=bool)])
def test_non_integer_arrays_are_rejected(array):
    boards = valid_batch(3)[1]
    with pytest.raises(CardError, match=r"integer"):
        evaluate_hi(array, boards)


def test_parse_cards_id_out_of_range():
    with pytest.raises(CardError, match=r"card id 52 at position 1"):
        parse_cards([3, 52])
    with pytest.raises(CardError, match=r"card id -3 at position 0"):
        parse_cards(np.array([-3, 4]))


# ---------------------------------------------------------------- other arguments


@pytest.mark.parametrize("workers", [0, -2, 1.5, "2"])
def test_bad_workers(workers):
    holes, boards = valid_batch(5)
    with pytest.raises(ValueError, match=r"workers"):
        evaluate_hi(holes, boards, workers=workers)


@pytest.mark.parametrize("describe, score", [(describe_hi, 0), (describe_hi, 7463), (hi_category, -1), (hi_category, 7463), (describe_lo, 57), (describe_lo, -1)])
def test_describe_out_of_range_scores(describe, score):
    with pytest.raises(ValueError, match=rf"{score}"):
        describe(score)


def test_failed_call_leaves_inputs_unchanged():
    holes, boards = valid_batch(10)
    holes[7, 0] = boards[7, 0]
    h0, b0 = holes.copy(), boards.copy()
    with pytest.raises(CardError):
        evaluate_hilo(holes, boards, workers=2)
    np.testing.assert_array_equal(holes, h0)
    np.testing.assert_array_equal(boards, b0)
