"""The native Omaha evaluator against the pure-Python reference (tests/reference.py).

Random deals, deals biased to hard cases, broadcasting and shapes, hand-picked edge cases and the
descriptions for people.
"""

from __future__ import annotations

import numpy as np
import pytest

import reference as ref
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


def deal_text(hole, board) -> str:
    return (
        "".join(ref.card_text(int(c)) for c in hole)
        + " / "
        + "".join(ref.card_text(int(c)) for c in board)
    )


def assert_matches_reference(holes: np.ndarray, boards: np.ndarray, hi, lo) -> None:
    """Native (hi, lo) arrays equal the reference on every row; failures list the deals."""
    hi_ref = np.array(ref.omaha_hi_many(holes, boards), dtype=np.int64)
    lo_ref = np.array(ref.omaha_lo_many(holes, boards), dtype=np.int64)
    problems = []
    for name, got, want in (("hi", hi, hi_ref), ("lo", lo, lo_ref)):
        if got is None:
            continue
        got = np.asarray(got).astype(np.int64)
        assert got.shape == want.shape, (name, got.shape, want.shape)
        bad = np.flatnonzero(got != want)
        for i in bad[:10]:
            problems.append(f"{name} {deal_text(holes[i], boards[i])}: native {got[i]}, reference {want[i]}")
        if bad.size:
            problems.append(f"{name}: {bad.size} of {len(want)} rows differ")
    assert not problems, "\n".join(problems)


# ---------------------------------------------------------------- random deals


N_RANDOM = 200_000
N_BATCHES = 4


@pytest.fixture(scope="module")
def random_deals():
    rng = np.random.default_rng(20240601)
    return ref.random_deals(rng, N_RANDOM)


@pytest.mark.parametrize("batch", range(N_BATCHES))
def test_random_deals_match_reference(random_deals, batch):
    holes, boards = random_deals
    size = N_RANDOM // N_BATCHES
    h = holes[batch * size : (batch + 1) * size]
    b = boards[batch * size : (batch + 1) * size]
    hi = evaluate_hi(h, b)
    lo = evaluate_lo(h, b)
    assert hi.dtype == np.uint16 and hi.shape == (size,)
    assert lo.dtype == np.uint8 and lo.shape == (size,)
    assert_matches_reference(h, b, hi, lo)
    hi2, lo2 = evaluate_hilo(h, b)
    np.testing.assert_array_equal(hi2, hi)
    np.testing.assert_array_equal(lo2, lo)


def test_random_deals_score_ranges(random_deals):
    holes, boards = random_deals
    hi, lo = evaluate_hilo(holes, boards)
    assert 1 <= hi.min() and hi.max() <= 7462
    assert lo.max() <= 56
    # About a third of random Omaha deals make a low; both kinds must be well represented.
    assert 0.2 < (lo > 0).mean() < 0.5


def test_random_deals_workers_give_identical_results(random_deals):
    holes, boards = random_deals
    hi1, lo1 = evaluate_hilo(holes, boards, workers=1)
    for workers in (2, 3, -1):
        hi_w, lo_w = evaluate_hilo(holes, boards, workers=workers)
        np.testing.assert_array_equal(hi_w, hi1)
        np.testing.assert_array_equal(lo_w, lo1)
        np.testing.assert_array_equal(evaluate_hi(holes, boards, workers=workers), hi1)
        np.testing.assert_array_equal(evaluate_lo(holes, boards, workers=workers), lo1)


def test_reference_fast_path_equals_plain_definition():
    # The reference's quick Omaha functions against its plain 60-combination definitions.
    rng = np.random.default_rng(3)
    holes, boards = ref.random_deals(rng, 1500)
    h2, b2 = ref.random_deals(rng, 1500, pool=[c for c in range(52) if c // 4 <= 6 or c // 4 == 12])
    h3, b3 = ref.random_deals(rng, 1500, pool=[c for c in range(52) if c % 4 < 2])
    for hs, bs in ((holes, boards), (h2, b2), (h3, b3)):
        for h, b in zip(hs.tolist(), bs.tolist()):
            assert ref.omaha_hi(h, b) == ref.omaha_hi_plain(h, b), (h, b)
            assert ref.omaha_lo(h, b) == ref.omaha_lo_plain(h, b), (h, b)


@pytest.mark.parametrize("shared_board", [False, True], ids=["own_boards", "shared_board"])
def test_batch_sizes_around_block_edges(shared_board):
    # Blocked kernels and worker chunks have tails: every size near a power of two must be right,
    # including flush-heavy deals (two suits) where a deferred flush pass does the work.
    rng = np.random.default_rng(18 + shared_board)
    sizes = sorted({1, 2, 3, 5} | {k + d for k in (8, 16, 32, 64, 128, 256, 1024) for d in (-1, 0, 1)})
    pool = [c for c in range(52) if c % 4 in (1, 2)]
    for size in sizes:
        if shared_board:
            board = rng.permutation(pool)[:5].astype(np.uint8)
            boards = np.broadcast_to(board, (size, 5))
            holes = ref.holes_for_boards(rng, boards)
            board_arg = board
        else:
            holes, boards = ref.random_deals(rng, size, pool=pool)
            board_arg = boards
        expected_hi = np.array(ref.omaha_hi_many(holes, boards))
        expected_lo = np.array(ref.omaha_lo_many(holes, boards))
        for workers in (1, 2, -1):
            hi, lo = evaluate_hilo(holes, board_arg, workers=workers)
            np.testing.assert_array_equal(hi, expected_hi, err_msg=f"size {size} workers {workers}")
            np.testing.assert_array_equal(lo, expected_lo, err_msg=f"size {size} workers {workers}")
            np.testing.assert_array_equal(evaluate_hi(holes, board_arg, workers=workers), expected_hi)
            np.testing.assert_array_equal(evaluate_lo(holes, board_arg, workers=workers), expected_lo)


# ---------------------------------------------------------------- deals biased to hard cases

LOW_RANKS = [0, 1, 2, 3, 4, 5, 6, 12]  # deuce .. eight, ace

POOLS = {
    "two_suits_clubs_hearts": [c for c in range(52) if c % 4 in (0, 2)],
    "two_suits_diamonds_spades": [c for c in range(52) if c % 4 in (1, 3)],
    "only_ranks_ace_to_eight": [c for c in range(52) if c // 4 in LOW_RANKS],
    "only_ranks_ten_to_ace": [c for c in range(52) if c // 4 >= 8],
    "only_ranks_ace_to_six": [c for c in range(52) if c // 4 in (0, 1, 2, 3, 4, 12)],
    "wheel_and_broadway_ranks": [c for c in range(52) if c // 4 in (0, 1, 2, 3, 8, 9, 10, 11, 12)],
    "one_suit_plus_one_card": list(range(0, 52, 4)) + [1],
}


@pytest.mark.parametrize("pool_name", sorted(POOLS))
def test_biased_pool_matches_reference(pool_name):
    rng = np.random.default_rng(1000 + sorted(POOLS).index(pool_name))
    holes, boards = ref.random_deals(rng, 15_000, pool=POOLS[pool_name])
    hi, lo = evaluate_hilo(holes, boards)
    assert_matches_reference(holes, boards, hi, lo)


BOARD_SHAPES = ["paired", "two_pair", "trips", "full_house", "quads", "four_flush", "monotone"]


@pytest.mark.parametrize("shape", BOARD_SHAPES)
def test_board_shape_matches_reference(shape):
    rng = np.random.default_rng(BOARD_SHAPES.index(shape) + 100)
    boards = ref.boards_with_shape(rng, 6_000, shape)
    holes = ref.holes_for_boards(rng, boards)
    assert ref.board_shape_mask(boards, shape).all()
    hi, lo = evaluate_hilo(holes, boards)
    assert_matches_reference(holes, boards, hi, lo)


@pytest.mark.parametrize("shape", ["paired", "trips", "four_flush"])
def test_board_shape_with_low_ranks_matches_reference(shape):
    # Paired/trips/four-flush boards made of low cards: where counterfeits and flushes meet lows.
    rng = np.random.default_rng(77 + len(shape))
    holes, boards = ref.random_deals(rng, 60_000, pool=POOLS["only_ranks_ace_to_eight"])
    keep = ref.board_shape_mask(boards, shape)
    holes, boards = holes[keep][:6000], boards[keep][:6000]
    assert len(boards) >= 1000
    hi, lo = evaluate_hilo(holes, boards)
    assert_matches_reference(holes, boards, hi, lo)


# ---------------------------------------------------------------- batch shapes and broadcasting


def test_many_hands_on_one_board():
    rng = np.random.default_rng(8)
    board = rng.permutation(52)[:5].astype(np.uint8)
    rest = np.setdiff1d(np.arange(52, dtype=np.uint8), board)
    holes = np.array([rng.permutation(rest)[:4] for _ in range(20_000)], dtype=np.uint8)
    hi = evaluate_hi(holes, board)
    lo = evaluate_lo(holes, board)
    assert hi.shape == (20_000,) and lo.shape == (20_000,)
    boards = np.broadcast_to(board, (20_000, 5))
    assert_matches_reference(holes, boards, hi, lo)
    hi2, lo2 = evaluate_hilo(holes, board)
    np.testing.assert_array_equal(hi2, hi)
    np.testing.assert_array_equal(lo2, lo)
    for workers in (2, -1):
        np.testing.assert_array_equal(evaluate_hi(holes, board, workers=workers), hi)
        np.testing.assert_array_equal(evaluate_lo(holes, board, workers=workers), lo)


def test_one_board_equals_repeated_board_rows():
    rng = np.random.default_rng(9)
    holes, boards = ref.random_deals(rng, 1)
    board = boards[0]
    rest = np.setdiff1d(np.arange(52, dtype=np.uint8), board)
    holes = np.array([rng.permutation(rest)[:4] for _ in range(500)], dtype=np.uint8)
    repeated = np.ascontiguousarray(np.broadcast_to(board, (500, 5)))
    np.testing.assert_array_equal(evaluate_hi(holes, board), evaluate_hi(holes, repeated))
    np.testing.assert_array_equal(evaluate_lo(holes, board), evaluate_lo(holes, repeated))


def test_broadcast_hands_by_boards_grid():
    # holes (A, B, 4) with boards (B, 5): A hands on each of B boards.
    rng = np.random.default_rng(10)
    a, b = 7, 30
    boards = np.empty((b, 5), dtype=np.uint8)
    holes = np.empty((a, b, 4), dtype=np.uint8)
    for j in range(b):
        perm = rng.permutation(52).astype(np.uint8)
        boards[j] = perm[:5]
        # Hole cards of different players may repeat across players, never with their board.
        for i in range(a):
            holes[i, j] = rng.permutation(perm[5:])[:4]
    hi, lo = evaluate_hilo(holes, boards)
    assert hi.shape == (a, b) and lo.shape == (a, b)
    assert hi.dtype == np.uint16 and lo.dtype == np.uint8
    np.testing.assert_array_equal(evaluate_hi(holes, boards), hi)
    np.testing.assert_array_equal(evaluate_lo(holes, boards), lo)
    for i in range(a):
        for j in range(b):
            assert hi[i, j] == ref.omaha_hi(holes[i, j].tolist(), boards[j].tolist())
            assert lo[i, j] == ref.omaha_lo(holes[i, j].tolist(), boards[j].tolist())


def test_broadcast_one_hand_on_many_boards():
    rng = np.random.default_rng(12)
    hole = np.array(ref.cards("AsKs2d3d"), dtype=np.uint8)
    rest = np.setdiff1d(np.arange(52, dtype=np.uint8), hole)
    boards = np.array([rng.permutation(rest)[:5] for _ in range(300)], dtype=np.uint8)
    hi, lo = evaluate_hilo(hole, boards)
    assert hi.shape == (300,) and lo.shape == (300,)
    assert_matches_reference(np.broadcast_to(hole, (300, 4)), boards, hi, lo)


def test_batch_of_one_keeps_its_shape():
    hole = np.array([ref.cards("AsKs2d3d")], dtype=np.uint8)
    board = np.array([ref.cards("4c5hTsJdQc")], dtype=np.uint8)
    hi, lo = evaluate_hilo(hole, board)
    assert hi.shape == (1,) and lo.shape == (1,)
    assert isinstance(hi, np.ndarray)


def test_empty_batch():
    hi = evaluate_hi(np.zeros((0, 4), dtype=np.uint8), np.array(ref.cards("4c5hTsJdQc"), dtype=np.uint8))
    lo = evaluate_lo(np.zeros((0, 4), dtype=np.uint8), np.zeros((0, 5), dtype=np.uint8))
    assert hi.shape == (0,) and hi.dtype == np.uint16
    assert lo.shape == (0,) and lo.dtype == np.uint8


def test_text_input_returns_python_int():
    hi = evaluate_hi("As2d9c9h", "3c4h5sKdQc")
    lo = evaluate_lo("As2d9c9h", "3c4h5sKdQc")
    assert type(hi) is int and type(lo) is int
    assert (hi, lo) == (5854, 56)
    both = evaluate_hilo("As2d9c9h", "3c4h5sKdQc")
    assert both == (5854, 56)
    assert type(both) is tuple and all(type(x) is int for x in both)


def test_one_dimensional_arrays_return_python_int():
    hole = np.array(ref.cards("As2d9c9h"), dtype=np.uint8)
    board = np.array(ref.cards("3c4h5sKdQc"), dtype=np.uint8)
    assert type(evaluate_hi(hole, board)) is int
    assert type(evaluate_lo(hole, board)) is int
    assert evaluate_hilo(hole, board) == (5854, 56)


def test_text_forms_are_tolerated():
    want = evaluate_hi("AsKd7h2c", "ThJc9s3d4d")
    assert evaluate_hi("As Kd 7h 2c", "Th Jc 9s 3d 4d") == want
    assert evaluate_hi("as kd 7h 2c", "10h jc 9s 3d 4d") == want
    listed = evaluate_hi(["As", "Kd", "7h", "2c"], ["Th", "Jc", "9s", "3d", "4d"])
    assert type(listed) is int and listed == want


def test_text_hand_on_many_boards():
    rng = np.random.default_rng(17)
    hole = ref.cards("AsKs2d3d")
    rest = np.setdiff1d(np.arange(52, dtype=np.uint8), hole)
    boards = np.array([rng.permutation(rest)[:5] for _ in range(200)], dtype=np.uint8)
    hi, lo = evaluate_hilo("AsKs2d3d", boards)
    assert hi.shape == (200,) and lo.shape == (200,)
    assert_matches_reference(np.broadcast_to(np.array(hole, np.uint8), (200, 4)), boards, hi, lo)


def test_non_contiguous_and_read_only_inputs():
    rng = np.random.default_rng(13)
    holes, boards = ref.random_deals(rng, 2000)
    deals = np.concatenate([holes, boards], axis=1)  # (n, 9): the slices below are strided views
    hi, lo = evaluate_hilo(deals[:, :4], deals[:, 4:])
    assert_matches_reference(holes, boards, hi, lo)
    # Every other row, Fortran order, read-only.
    fh = np.asfortranarray(holes[::2])
    fb = np.asfortranarray(boards[::2])
    fh.flags.writeable = False
    fb.flags.writeable = False
    np.testing.assert_array_equal(evaluate_hi(fh, fb), hi[::2])
    np.testing.assert_array_equal(evaluate_lo(fh, fb), lo[::2])
    np.testing.assert_array_equal(evaluate_hi(holes[::-1], boards[::-1]), hi[::-1])
    # Cards in reverse order inside each row: a negative stride on the card axis.
    reversed_deals = deals[:, ::-1]
    np.testing.assert_array_equal(evaluate_hi(reversed_deals[:, 5:], reversed_deals[:, :5]), hi)
    np.testing.assert_array_equal(evaluate_lo(reversed_deals[:, 5:], reversed_deals[:, :5]), lo)


def test_inputs_are_not_modified():
    rng = np.random.default_rng(14)
    holes, boards = ref.random_deals(rng, 1000)
    h0, b0 = holes.copy(), boards.copy()
    evaluate_hilo(holes, boards, workers=2)
    evaluate_lo(holes[::-1], boards[::-1])
    evaluate_hi(np.asfortranarray(holes), boards, workers=-1)
    np.testing.assert_array_equal(holes, h0)
    np.testing.assert_array_equal(boards, b0)


def test_wider_integer_dtypes_give_the_same_scores():
    rng = np.random.default_rng(15)
    holes, boards = ref.random_deals(rng, 1000)
    hi, lo = evaluate_hilo(holes, boards)
    for dtype in (np.int64, np.int32, np.uint16, np.int8):
        hi_d, lo_d = evaluate_hilo(holes.astype(dtype), boards.astype(dtype))
        np.testing.assert_array_equal(hi_d, hi)
        np.testing.assert_array_equal(lo_d, lo)


# ---------------------------------------------------------------- hand-picked edge cases


def scores(hole: str, board: str) -> tuple[int, int]:
    """Native (hi, lo) of one text deal, checked against the reference on the way."""
    hi, lo = evaluate_hilo(hole, board)
    assert hi == ref.omaha_hi(ref.cards(hole), ref.cards(board)), (hole, board)
    assert lo == ref.omaha_lo(ref.cards(hole), ref.cards(board)), (hole, board)
    return hi, lo


def test_wheel_is_both_a_straight_and_the_best_low():
    hi, lo = scores("As2d9c9h", "3c4h5sKdQc")
    assert hi_category(hi) == "Straight"
    assert ref.hi_class_of_score(hi) == (ref.STRAIGHT, (3,))  # five-high
    assert lo == 56
    assert describe_lo(lo) == "5-4-3-2-A"
    assert best_hi_cards("As2d9c9h", "3c4h5sKdQc")[0].tolist() in ([51, 1], [1, 51])
    assert sorted(best_lo_cards("As2d9c9h", "3c4h5sKdQc")[0].tolist()) == [1, 51]


def test_wheel_steel_is_straight_flush_and_best_low():
    hi, lo = scores("Ah2h9c9d", "3h4h5hKdQc")
    assert hi_category(hi) == "Straight flush"
    assert lo == 56


def test_counterfeited_low_ace_deuce_with_deuce_on_board_has_no_low():
    # Board 2-5-7 has three low cards, but the hole's A-2 shares the deuce: no five distinct lows.
    hi, lo = scores("As2dKsKh", "2h5c7dJcQs")
    assert lo == 0
    assert describe_lo(lo) == "no low"
    assert best_lo_cards("As2dKsKh", "2h5c7dJcQs") is None
    # The same board with ace-trey in the hole makes a low.
    assert scores("As3dKsKh", "2h5c7dJcQs")[1] > 0
    assert describe_lo(evaluate_lo("As3dKsKh", "2h5c7dJcQs")) == "7-5-3-2-A"


def test_counterfeited_low_ace_on_board_kills_ace_deuce():
    # Board A-3-6: the hole's ace is counterfeited, so A-2 alone makes no low ...
    hi, lo = scores("As2dKcKh", "Ac3h6dKsQh")
    assert lo == 0
    # ... while a third low hole card rescues it with 2-4 (6-4-3-2-A), not with the ace.
    hi, lo = scores("As2d4cKh", "Ac3h6dKsQh")
    assert describe_lo(lo) == "6-4-3-2-A"
    lo_hole, lo_board = best_lo_cards("As2d4cKh", "Ac3h6dKsQh")
    assert set(lo_hole.tolist()) == set(ref.cards("2d4c"))


def test_board_with_two_low_cards_no_low_possible():
    hi, lo = scores("As3d4h5c", "2c7dKsQhJd")
    assert lo == 0
    assert describe_lo(lo) == "no low"
    assert best_lo_cards("As3d4h5c", "2c7dKsQhJd") is None


def test_four_flush_board_with_one_suited_hole_card_makes_no_flush():
    hi, _ = scores("Ah3c7d8s", "2h5h9hJhKc")
    assert hi_category(hi) == "High card"
    hi2, _ = scores("AhQh7d8s", "2h5h9hJhKc")  # two suited hole cards: ace-high flush
    assert hi_category(hi2) == "Flush"
    assert describe_hi(hi2) == "Flush, ace-queen high"


def test_board_quads_play_as_full_house_at_best():
    # Only three board cards may play: nines full of aces, never four nines.
    hi, _ = scores("AsAdKhKc", "9c9d9h9s2c")
    assert hi_category(hi) == "Full house"
    assert describe_hi(hi) == "Full house, nines full of aces"
    hi2, _ = scores("AsKdQhJc", "9c9d9h9s2c")
    assert hi_category(hi2) in ("Three of a kind", "Trips")


def test_board_trips_with_one_matching_hole_card_makes_quads():
    hi, _ = scores("7sAdQcJh", "7c7d7hKs2c")
    assert hi_category(hi) in ("Four of a kind", "Quads")
    assert ref.hi_class_of_score(hi) == (ref.QUADS, (5, 12))


def test_board_trips_with_pocket_kings_makes_kings_full_not_sevens_full():
    hi, _ = scores("KhKdQcJh", "7c7d7hKs2c")
    assert describe_hi(hi) == "Full house, kings full of sevens"
    hi2, _ = scores("AsAdQcJh", "7c7d7hKs2c")
    assert describe_hi(hi2) == "Full house, sevens full of aces"


def test_straight_on_board_that_no_hand_can_use():
    hi, _ = scores("AsAdKhKc", "5c6d7h8s9c")
    assert hi_category(hi) == "Pair"
    hi2, _ = scores("TcJd2s2h", "5c6d7h8s9c")  # two hole cards complete a straight
    assert hi_category(hi2) == "Straight"


def test_flush_on_board_that_no_hand_can_use():
    hi, _ = scores("AsKd2c3h", "4h7h9hJhQh")
    assert hi_category(hi) == "High card"


def test_best_hi_and_best_low_use_different_hole_cards():
    hole, board = "As2dKhKd", "Kc3h5s8dQh"
    hi, lo = scores(hole, board)
    assert hi_category(hi) in ("Three of a kind", "Trips")
    assert describe_lo(lo) == "8-5-3-2-A"
    hi_hole, hi_board = best_hi_cards(hole, board)
    lo_hole, lo_board = best_lo_cards(hole, board)
    assert set(hi_hole.tolist()) == set(ref.cards("KhKd"))
    assert set(hi_board.tolist()) == set(ref.cards("KcQh8d"))
    assert set(lo_hole.tolist()) == set(ref.cards("As2d"))
    assert set(lo_board.tolist()) == set(ref.cards("3h5s8d"))


def _check_best_cards(hole, board) -> None:
    h, b = list(map(int, hole)), list(map(int, board))
    best_hi = best_hi_cards(np.array(h, dtype=np.uint8), np.array(b, dtype=np.uint8))
    hh, hb = best_hi
    assert hh.dtype == np.uint8 and hh.shape == (2,)
    assert hb.dtype == np.uint8 and hb.shape == (3,)
    assert (frozenset(hh.tolist()), frozenset(hb.tolist())) in ref.omaha_hi_parts(h, b), deal_text(h, b)
    assert ref.hi_score(hh.tolist() + hb.tolist()) == ref.omaha_hi(h, b)
    best_lo = best_lo_cards(np.array(h, dtype=np.uint8), np.array(b, dtype=np.uint8))
    if ref.omaha_lo(h, b) == 0:
        assert best_lo is None, deal_text(h, b)
    else:
        lh, lb = best_lo
        assert lh.dtype == np.uint8 and lh.shape == (2,) and lb.shape == (3,)
        assert (frozenset(lh.tolist()), frozenset(lb.tolist())) in ref.omaha_lo_parts(h, b), deal_text(h, b)


def test_best_cards_agree_with_reference_on_random_deals():
    rng = np.random.default_rng(16)
    holes, boards = ref.random_deals(rng, 1500)
    h2, b2 = ref.random_deals(rng, 1500, pool=POOLS["only_ranks_ace_to_eight"])
    for hs, bs in ((holes, boards), (h2, b2)):
        for hole, board in zip(hs, bs):
            _check_best_cards(hole, board)


def test_best_cards_accept_text():
    hh, hb = best_hi_cards("AhQh7d8s", "2h5h9hJhKc")
    assert set(hh.tolist()) == set(ref.cards("AhQh"))
    assert set(hb.tolist()) == set(ref.cards("Jh9h5h"))


# ---------------------------------------------------------------- descriptions


CATEGORY_NAMES = {  # reference category -> accepted names
    ref.HIGH_CARD: ("High card",),
    ref.PAIR: ("Pair", "One pair"),
    ref.TWO_PAIR: ("Two pair",),
    ref.TRIPS: ("Three of a kind", "Trips"),
    ref.STRAIGHT: ("Straight",),
    ref.FLUSH: ("Flush",),
    ref.FULL_HOUSE: ("Full house",),
    ref.QUADS: ("Four of a kind", "Quads"),
    ref.STRAIGHT_FLUSH: ("Straight flush",),
}


def test_hi_category_of_every_score():
    seen: dict[int, set[str]] = {}
    for score in range(1, 7463):
        cat, _ = ref.hi_class_of_score(score)
        name = hi_category(score)
        assert name in CATEGORY_NAMES[cat], (score, name)
        seen.setdefault(cat, set()).add(name)
    assert all(len(names) == 1 for names in seen.values())  # one name per category


def test_describe_hi_of_every_score_starts_with_its_category():
    for score in range(1, 7463):
        text = describe_hi(score)
        assert isinstance(text, str)
        if score == 7462:
            assert text in ("Royal flush", "Straight flush, ace high"), text
        else:
            assert text.startswith(hi_category(score)), (score, text)


@pytest.mark.parametrize(
    "five, text",
    [
        ("KhKdKs7c7h", "Full house, kings full of sevens"),
        ("AhQh9h5h2h", "Flush, ace-queen high"),
        ("7h7dKsKc7s", "Full house, sevens full of kings"),
    ],
)
def test_describe_hi_examples(five, text):
    assert describe_hi(ref.hi_score(ref.cards(five))) == text


def test_describe_hi_distinguishes_categories_and_top_ranks():
    assert describe_hi(7462) in ("Royal flush", "Straight flush, ace high")
    assert describe_hi(7461) == "Straight flush, king high"
    assert describe_hi(7453) == "Straight flush, five high"  # the steel wheel
    assert describe_hi(5854) == "Straight, five high"  # the wheel
    assert describe_hi(5863) == "Straight, ace high"
    # Different five-card classes of a category whose name lists every rank read differently.
    for lo_score, hi_score in ((1, 1277), (4138, 4995), (7141, 7296), (7297, 7452)):
        texts = [describe_hi(s) for s in range(lo_score, hi_score + 1)]
        assert len(set(texts)) == len(texts), (lo_score, hi_score)


def test_describe_lo_of_every_score():
    assert describe_lo(0) == "no low"
    for score in range(1, 57):
        assert describe_lo(score) == ref.lo_text(score), score
    assert describe_lo(56) == "5-4-3-2-A"
    assert describe_lo(1) == "8-7-6-5-4"
    assert describe_lo(ref.lo_score(ref.cards("7c5d4h2sAs"))) == "7-5-4-2-A"
