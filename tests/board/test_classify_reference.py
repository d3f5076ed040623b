"""oe.classify against the slow reference (tests/board/board_reference.py), every field, on
random and hand-made spots: 4/5/6 hole cards, flop/turn/river, monotone, paired, two-tone,
trips boards, boards with and without a possible low.  OE_FUZZ_FULL=1 runs more spots."""

from __future__ import annotations

import os

import numpy as np
import pytest

import omaha_eval as oe
from board_reference import classify_one
from reference import cards

FULL = os.environ.get("OE_FUZZ_FULL") == "1"
FIELDS = ("hi", "category", "nut_rank", "nut_outs", "straight_outs", "flush_draw",
          "backdoor_flush", "lo", "nut_lo_rank", "lo_outs", "nut_lo_outs")

BOARDS = [
    "9h8s2d", "AhKhQh", "7c7d2s", "5c4d3h", "KdKhKs", "Ts9d3c", "Ac2c8d", "Jh7h2c",
    "9h8s2d4c", "AhKh5h2h", "7c7d2s2h", "5c4d3h6s",
    "9h8s2d4cKs", "AhKh5h2h9h", "7c7d7s2h2d", "5c4d3h6s7s", "QsJsTs9d2c", "Ad3d8c8h8s",
] + (["QsJs9d9c", "Ad3d8c8h", "Kh9h4c4s", "2c3c4d5h"] if FULL else [])


def _hands(rng: np.random.Generator, board: np.ndarray, k: int, n: int) -> np.ndarray:
    """Random hands, half of them built around the board's ranks and suits (sets, pairs,
    draws) so that every made-hand group shows up."""
    deck = np.setdiff1d(np.arange(52), board)
    rows = [rng.choice(deck, k, replace=False) for _ in range(n // 2)]
    near = np.array([c for c in deck if (c // 4) in set(board // 4) or abs(int(c // 4) - int(board[0] // 4)) <= 2
                     or c % 4 == board[0] % 4])
    for _ in range(n - n // 2):
        first = rng.choice(near, min(2, k), replace=False)
        rest = rng.choice(np.setdiff1d(deck, first), k - len(first), replace=False)
        rows.append(np.concatenate([first, rest]))
    return np.array(rows, dtype=np.uint8)


def _check(holes: np.ndarray, board_text: str) -> None:
    board = cards(board_text)
    c = oe.classify(holes, board_text, game="hilo")
    for i, h in enumerate(holes.tolist()):
        want = classify_one(h, board)
        for name in FIELDS:
            assert int(getattr(c, name)[i]) == want[name], (name, h, board_text)
        assert c.outs[i].tolist() == want["outs"], (h, board_text)
        assert c.made[i] == want["made"], (h, board_text)
        assert c.draws[i] == want["draws"], (h, board_text)


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("k", [4, 5, 6])
def test_every_field_matches_the_reference(board: str, k: int) -> None:
    rng = np.random.default_rng([k, len(board), sum(map(ord, board))])
    b = np.array(cards(board), dtype=np.uint8)
    n = (6 if len(board) == 6 else 4) * (4 if FULL else 1)
    _check(_hands(rng, b, k, n), board)


def test_random_boards_every_field() -> None:
    rng = np.random.default_rng(27)
    for trial in range(12 if FULL else 3):
        n_board = 3 + trial % 3
        deal = rng.choice(52, n_board + 6, replace=False).astype(np.uint8)
        k = 4 + trial % 3
        board = oe.format_cards(deal[:n_board])
        _check(deal[n_board:n_board + k].reshape(1, k), board)


def test_the_issue_example() -> None:
    c = oe.classify("JhTs7d4c", "9h8s2d")
    assert c.outs[0, 4] == 17 and c.nut_outs[0] == 11
    assert c.outs[0, 0] == 52 - 3 - 4
    assert c.draws[0] == "wrap (17 outs)"


@pytest.mark.parametrize("hand,board,made", [
    ("AhAsKd7c", "Ac7d2s", "top set"), ("7h7sKd4c", "Ac7d2s", "middle set"),
    ("2h2cKd4c", "Ac7d2s", "bottom set"), ("AhKd7c4c", "AcKs2s", "top two"),
    ("Ah2d9c4c", "AcKs2s", "top and bottom"), ("Kh2d9c4c", "AcKs2s", "bottom two"),
    ("QhQd9c4c", "Jc8s2s", "overpair"), ("JhTd9c4c", "Jc8s2s", "top pair"),
    ("8hTd6c4c", "Jc8s2s", "middle pair"), ("2hTd6c4c", "Jc8s2s", "bottom pair"),
    ("5h5d6c4c", "Jc8s2s", "underpair"), ("JhTd6c4c", "Jc8s8h", "top pair"),
    ("8dTd6c4c", "Jc8s8h", "trips"), ("AhAd6c4c", "Jc8s8h", "overpair"),
    ("JhTd9c4c", "8c7s6d", "nut straight"), ("9h5d3c2c", "8c7s6d", "straight"),
    ("AsKs9c4c", "8s7s2s", "nut flush"), ("QsJs9c4c", "8s7s2s", "flush"),
    ("AhKd6c4c", "Jc8s3h", "no made hand"), ("AhKd6c4c", "7c7s7h", "board trips"),
])
def test_made_names(hand: str, board: str, made: str) -> None:
    assert oe.classify(hand, board).made[0] == made


@pytest.mark.parametrize("hand,board,game,draws", [
    ("AhKh7d4c", "9h8h2d", "hi", "nut flush draw"),
    ("KhQh3d4c", "9h8h2d", "hi", "second nut flush draw"),
    ("AhKh3d4c", "9h8s2d", "hi", "backdoor nut flush draw"),
    ("QcJs6d2c", "Td9h3s", "hi", "open-ended"),
    ("QcJs8d2c", "Td9h3s", "hi", "wrap (17 outs)"),
    ("Jc7s4d2c", "Td9h3s", "hi", "gutshot"),
    ("Ah2s9dKc", "3d8hKs", "hilo", "nut low draw"),
    ("5h6s9dKc", "3d8hKs", "hilo", "low draw"),
    ("5h6s9dKc", "3d8hKs", "hi", ""),
])
def test_draw_names(hand: str, board: str, game: str, draws: str) -> None:
    assert oe.classify(hand, board, game=game).draws[0] == draws


def test_outs_columns_are_consistent() -> None:
    rng = np.random.default_rng(3)
    for n_board in (3, 4):
        deal = rng.choice(52, n_board, replace=False).astype(np.uint8)
        deck = np.setdiff1d(np.arange(52), deal)
        holes = np.array([rng.choice(deck, 5, replace=False) for _ in range(300)], np.uint8)
        c = oe.classify(holes, deal, game="plo5")
        assert (c.outs[:, 0] == 52 - n_board - 5).all()
        assert (np.diff(c.outs.astype(int), axis=1) <= 0).all()
        assert (c.outs[np.arange(300), c.category] == c.outs[:, 0]).all()
        assert (c.nut_outs <= c.outs[:, 0]).all() and (c.nut_lo_outs <= c.lo_outs).all()


def test_river_has_no_outs_and_wide_nut_ranks() -> None:
    rng = np.random.default_rng(9)
    board = np.array(cards("Ks9d6c3h2s"), np.uint8)
    deck = np.setdiff1d(np.arange(52), board)
    holes = np.array([rng.choice(deck, 4, replace=False) for _ in range(2000)], np.uint8)
    c = oe.classify(holes, board)
    assert not c.outs.any() and not c.nut_outs.any() and not c.flush_draw.any()
    assert c.nut_rank.dtype == np.uint16 and c.nut_rank.max() > 255


def test_workers_and_card_order_do_not_change_results() -> None:
    rng = np.random.default_rng(5)
    board = np.array(cards("Ts9d3c"), np.uint8)
    deck = np.setdiff1d(np.arange(52), board)
    holes = np.array([rng.choice(deck, 4, replace=False) for _ in range(5000)], np.uint8)
    a = oe.classify(holes, board, game="hilo")
    b = oe.classify(holes[:, ::-1].copy(), board[::-1].copy(), game="hilo", workers=2)
    for name in FIELDS + ("made_code", "draw_mask"):
        assert np.array_equal(getattr(a, name), getattr(b, name)), name
    assert np.array_equal(a.outs, b.outs)


@pytest.mark.parametrize("hand,board", [
    ("AhKh7d4c", "AhQs2d"), ("AhAhKd7c", "9h8s2d"), ("AhKh7d", "9h8s2d"), ("AhKh7d4c", "9h8s"),
    ("AhKh7d4c", "9h8s2d4d5d6d"), ("AhKh7d4cXx", "9h8s2d"),
])
def test_bad_input_is_refused(hand: str, board: str) -> None:
    with pytest.raises(oe.CardError):
        oe.classify(hand, board)


def test_variant_must_match_hole_count() -> None:
    with pytest.raises(ValueError):
        oe.classify("AhKh7d4c", "9h8s2d", game="plo5")


@pytest.mark.parametrize("n_board", [3, 4, 5])
def test_suit_permutations_change_nothing(n_board: int) -> None:
    rng = np.random.default_rng(n_board)
    deal = rng.choice(52, n_board, replace=False).astype(np.uint8)
    deck = np.setdiff1d(np.arange(52), deal)
    holes = np.array([rng.choice(deck, 4, replace=False) for _ in range(2000)], np.uint8)
    perm = rng.permutation(4)
    move = lambda a: (a // 4 * 4 + perm[a % 4]).astype(np.uint8)  # noqa: E731
    a = oe.classify(holes, deal, game="hilo")
    b = oe.classify(move(holes), move(deal), game="hilo")
    for name in FIELDS + ("made_code", "draw_mask"):
        assert np.array_equal(getattr(a, name), getattr(b, name)), name
    assert np.array_equal(a.outs, b.outs)
