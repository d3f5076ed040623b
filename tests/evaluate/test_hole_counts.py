"""5- and 6-card Omaha (and Big O, Courchevel): the native evaluator against the reference.

The same rule for every hole count: exactly two hole cards and exactly three board cards, for
high and for the 8-or-better low; scores keep their meaning, so hands of different counts
compare directly. ``OMAHA_EVAL_KCARD_DEALS`` sets the random deals per hole count (CI default
100,000 each, i.e. 200,000 five- and six-card deals).
"""

from __future__ import annotations

import itertools
import os

import numpy as np
import pytest

import reference as ref
from omaha_eval.cards import CardError
from omaha_eval.evaluate import (
    best_hi_cards,
    best_lo_cards,
    describe_hand,
    evaluate_hi,
    evaluate_hilo,
    evaluate_lo,
)
from test_evaluate import POOLS, assert_matches_reference

N_DEALS = int(os.environ.get("OMAHA_EVAL_KCARD_DEALS", "100000"))
N_BATCHES = 4
KS = (5, 6)


@pytest.fixture(scope="module", params=KS, ids=lambda k: f"k{k}")
def deals(request):
    k = request.param
    return ref.random_deals(np.random.default_rng(5000 + k), N_DEALS, hole_cards=k)


@pytest.mark.parametrize("batch", range(N_BATCHES))
def test_random_deals_match_reference(deals, batch):
    holes, boards = deals
    size = len(holes) // N_BATCHES
    h, b = holes[batch * size:(batch + 1) * size], boards[batch * size:(batch + 1) * size]
    hi, lo = evaluate_hilo(h, b)
    assert hi.dtype == np.uint16 and lo.dtype == np.uint8 and hi.shape == (size,)
    assert_matches_reference(h, b, hi, lo)
    np.testing.assert_array_equal(evaluate_hi(h, b), hi)
    np.testing.assert_array_equal(evaluate_lo(h, b), lo)


def test_workers_give_identical_results(deals):
    holes, boards = deals
    hi, lo = evaluate_hilo(holes, boards)
    for workers in (2, 3, -1):
        hi_w, lo_w = evaluate_hilo(holes, boards, workers=workers)
        np.testing.assert_array_equal(hi_w, hi)
        np.testing.assert_array_equal(lo_w, lo)


def test_more_hole_cards_never_score_less(deals):
    # The first four (five) cards of a hand are a 4-card (5-card) hand on the same board: the
    # scores share one scale, and more cards only add choices.
    holes, boards = deals
    k = holes.shape[1]
    hi, lo = evaluate_hilo(holes, boards)
    for fewer in range(4, k):
        hi_f, lo_f = evaluate_hilo(holes[:, :fewer], boards)
        assert (hi >= hi_f).all() and (lo >= lo_f).all()
        assert (hi > hi_f).any() and (lo > lo_f).any()


@pytest.mark.parametrize("k", KS)
def test_reference_fast_path_equals_plain_definition(k):
    rng = np.random.default_rng(30 + k)
    for pool in (None, POOLS["only_ranks_ace_to_eight"], POOLS["two_suits_clubs_hearts"]):
        holes, boards = ref.random_deals(rng, 400, pool=pool, hole_cards=k)
        for h, b in zip(holes.tolist(), boards.tolist()):
            assert ref.omaha_hi(h, b) == ref.omaha_hi_plain(h, b), (h, b)
            assert ref.omaha_lo(h, b) == ref.omaha_lo_plain(h, b), (h, b)


# ---------------------------------------------------------------- biased sets


@pytest.mark.parametrize("k", KS)
@pytest.mark.parametrize("pool_name", sorted(POOLS))
def test_biased_pool_matches_reference(k, pool_name):
    pool = POOLS[pool_name]
    if len(pool) < k + 5:
        pytest.skip("pool too small")
    rng = np.random.default_rng(2000 + 10 * k + sorted(POOLS).index(pool_name))
    holes, boards = ref.random_deals(rng, 4_000, pool=pool, hole_cards=k)
    hi, lo = evaluate_hilo(holes, boards)
    assert_matches_reference(holes, boards, hi, lo)


@pytest.mark.parametrize("k", KS)
@pytest.mark.parametrize("shape", ["paired", "two_pair", "trips", "full_house", "quads",
                                   "four_flush", "monotone"])
def test_board_shape_matches_reference(k, shape):
    rng = np.random.default_rng(300 + k + len(shape))
    boards = ref.boards_with_shape(rng, 2_000, shape)
    holes = ref.holes_for_boards(rng, boards, hole_cards=k)
    hi, lo = evaluate_hilo(holes, boards)
    assert_matches_reference(holes, boards, hi, lo)


@pytest.mark.parametrize("k", KS)
def test_paired_low_boards_match_reference(k):
    rng = np.random.default_rng(90 + k)
    holes, boards = ref.random_deals(rng, 30_000, pool=POOLS["only_ranks_ace_to_eight"], hole_cards=k)
    keep = ref.board_shape_mask(boards, "paired") | ref.board_shape_mask(boards, "trips")
    holes, boards = holes[keep][:5000], boards[keep][:5000]
    hi, lo = evaluate_hilo(holes, boards)
    assert_matches_reference(holes, boards, hi, lo)


@pytest.mark.parametrize("k", KS)
@pytest.mark.parametrize("shared_board", [False, True], ids=["own_boards", "shared_board"])
def test_batch_sizes_around_block_edges(k, shared_board):
    # two suits only: flush candidates everywhere, through both flush paths
    rng = np.random.default_rng(40 + k + shared_board)
    pool = POOLS["two_suits_diamonds_spades"]
    for size in (1, 2, 255, 256, 257, 1023, 1024, 1025, 4097):
        if shared_board:
            board = rng.permutation(pool)[:5].astype(np.uint8)
            boards = np.broadcast_to(board, (size, 5))
            holes = ref.holes_for_boards(rng, boards, hole_cards=k)
            board_arg = board
        else:
            holes, boards = ref.random_deals(rng, size, pool=pool, hole_cards=k)
            board_arg = boards
        want_hi = np.array(ref.omaha_hi_many(holes, boards))
        want_lo = np.array(ref.omaha_lo_many(holes, boards))
        for workers in (1, 2):
            hi, lo = evaluate_hilo(holes, board_arg, workers=workers)
            np.testing.assert_array_equal(hi, want_hi, err_msg=f"size {size}")
            np.testing.assert_array_equal(lo, want_lo, err_msg=f"size {size}")
            np.testing.assert_array_equal(evaluate_hi(holes, board_arg, workers=workers), want_hi)


# ---------------------------------------------------------------- single deals, text, parts


def test_text_hands_of_ten_and_twelve_cards():
    assert evaluate_hilo("As2d9c9hKh", "3c4h5sKdQc") == (5854, 56)
    assert evaluate_hilo("As 2d 9c 9h Kh Ks", "3c4h5sKdQc")[1] == 56
    hi = evaluate_hi("AhKh2c3c4s", "QhJhTh5d9s")  # royal flush from a 5-card hand
    assert hi == 7462 and type(hi) is int
    assert evaluate_hi(["Ah", "Kh", "Qc", "2c", "3c", "4c"], "QhJhTh5d9s") == 7462


def test_only_two_hole_cards_play_with_more_cards():
    # five hearts in the hand and two on the board: no flush (three board cards must play)
    assert ref.hi_class_of_score(evaluate_hi("AhKhQhJh9h", "Th2h3c4d7s"))[0] != ref.FLUSH
    # four deuces in a six-card hand make no quads
    assert ref.hi_class_of_score(evaluate_hi("2c2d2h2sAcKd", "3h8s9dTcJs"))[0] == ref.PAIR
    # low: four low cards in the hand and two on the board make no low
    assert evaluate_lo("Ac2d3h4s5c", "6d7hKsQcJd") == 0


@pytest.mark.parametrize("k", KS)
def test_best_cards_agree_with_reference(k):
    rng = np.random.default_rng(60 + k)
    for pool in (None, POOLS["only_ranks_ace_to_eight"]):
        holes, boards = ref.random_deals(rng, 300, pool=pool, hole_cards=k)
        for hole, board in zip(holes, boards):
            h, b = hole.tolist(), board.tolist()
            hh, hb = best_hi_cards(hole, board)
            assert set(hh.tolist()) <= set(h) and set(hb.tolist()) <= set(b)
            assert (frozenset(hh.tolist()), frozenset(hb.tolist())) in ref.omaha_hi_parts(h, b)
            lo = best_lo_cards(hole, board)
            if ref.omaha_lo(h, b) == 0:
                assert lo is None
            else:
                assert (frozenset(lo[0].tolist()), frozenset(lo[1].tolist())) in ref.omaha_lo_parts(h, b)


def test_describe_hand_with_variants():
    d = describe_hand("As2d9c9hKh", "3c4h5sKdQc", game="plo5-8")
    assert d["hole"] == "As2d9c9hKh"
    assert d["hi"]["score"] == ref.omaha_hi(ref.cards("As2d9c9hKh"), ref.cards("3c4h5sKdQc"))
    assert d["lo"]["description"] == "5-4-3-2-A"
    assert "lo" not in describe_hand("As2d9c9hKhKs", "3c4h5sKdQc", game="plo6")
    assert "lo" in describe_hand("As2d9c9hKh", "3c4h5sKdQc", game="courchevel-8")
    with pytest.raises(ValueError, match=r"plo6 is played with 6 hole cards, the hand has 5"):
        describe_hand("As2d9c9hKh", "3c4h5sKdQc", game="plo6")
    with pytest.raises(ValueError, match=r"unknown variant 'plo7'"):
        describe_hand("As2d9c9hKh", "3c4h5sKdQc", game="plo7")


# ---------------------------------------------------------------- errors name k-card positions


def test_duplicate_in_a_six_card_hole_names_the_positions():
    holes, boards = ref.random_deals(np.random.default_rng(7), 10, hole_cards=6)
    holes[4, 5] = boards[4, 2]
    card = ref.card_text(int(boards[4, 2]))
    with pytest.raises(CardError, match=rf"duplicate card {card} in deal 4 \(hole position 5 and board position 2\)"):
        evaluate_hilo(holes, boards)


def test_id_above_51_in_a_five_card_deal():
    holes, boards = ref.random_deals(np.random.default_rng(8), 10, hole_cards=5)
    boards[3, 0] = 77
    with pytest.raises(CardError, match=r"card id 77 above 51 in deal 3 \(board position 0\)"):
        evaluate_lo(holes, boards)
    holes[2, 4] = 200
    with pytest.raises(CardError, match=r"card id 200 above 51 in deal 2 \(hole position 4\)"):
        evaluate_hi(holes, boards, check=False)


def test_duplicate_inside_a_five_card_text_hand():
    with pytest.raises(CardError, match=r"duplicate card As"):
        evaluate_hi("AsKdAs7h2c", "ThJc9s3d4d")


def test_mixed_hole_counts_in_one_array_are_impossible_and_lists_refused():
    with pytest.raises(CardError, match=r"the hole needs 4, 5 or 6 cards, got 7"):
        evaluate_hi(np.zeros((3, 7), dtype=np.uint8), "ThJc9s3d4d")


# ---------------------------------------------------------------- PokerKit as an oracle


def _showdowns(seed: int, n: int, k: int, pool=None):
    rng = np.random.default_rng(seed)
    pool = np.arange(52, dtype=np.uint8) if pool is None else np.asarray(pool, dtype=np.uint8)
    most = min(8 if k == 5 else 7, (len(pool) - 5) // k)
    for _ in range(n):
        players = int(rng.integers(2, most + 1))
        cards = rng.permutation(pool)[: k * players + 5]
        yield cards[: k * players].reshape(players, k), cards[k * players:]


def _text(cards) -> str:
    return "".join(ref.card_text(int(c)) for c in cards)


def _same_order(native, kit) -> bool:
    return all((a > b) == (x > y) and (a == b) == (x == y)
               for (a, x), (b, y) in itertools.product(zip(native, kit), repeat=2))


LOW_OR_BROADWAY = [c for c in range(52) if c // 4 in (0, 1, 2, 3, 4, 5, 6, 12, 9, 10, 11)]


@pytest.mark.parametrize("k", KS)
@pytest.mark.parametrize("pool", [None, LOW_OR_BROADWAY], ids=["deck", "low_or_broadway"])
def test_showdowns_order_players_like_pokerkit(k, pool):
    pokerkit = pytest.importorskip("pokerkit", reason="PokerKit needs Python 3.11+")
    lows_seen = 0
    for holes, board in _showdowns(100 + k + (pool is not None), 120, k, pool):
        hi, lo = evaluate_hilo(holes, board)
        b = _text(board)
        kit_hi = [pokerkit.OmahaHoldemHand.from_game(_text(h), b) for h in holes]
        kit_lo = [pokerkit.OmahaEightOrBetterLowHand.from_game_or_none(_text(h), b) for h in holes]
        where = f"board {b}, holes {[_text(h) for h in holes]}"
        assert _same_order(hi.tolist(), kit_hi), where
        assert [x > 0 for x in lo.tolist()] == [h is not None for h in kit_lo], where
        with_low = [(x, h) for x, h in zip(lo.tolist(), kit_lo) if h is not None]
        assert _same_order([x for x, _ in with_low], [h for _, h in with_low]), where
        lows_seen += bool(with_low)
    assert lows_seen > 20


# ---------------------------------------------------------------- CLI


@pytest.mark.parametrize("game, hole, has_low", [
    ("plo", "As2d9c9h", False), ("plo8", "As2d9c9h", True), ("plo5", "As2d9c9hKh", False),
    ("plo5-8", "As2d9c9hKh", True), ("plo6", "As2d9c9hKhKs", False),
    ("plo6-8", "As2d9c9hKhKs", True), ("courchevel", "As2d9c9hKh", False),
    ("courchevel-8", "As2d9c9hKh", True), ("hilo", "As2d9c9hKhKs", True)])
def test_cli_eval_every_variant(capsys, game, hole, has_low):
    import json

    from omaha_eval.cli import main

    assert main(["eval", hole, "3c4h5sKdQc", "--game", game, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["hole"] == hole and out["hi"]["description"] == "Straight, five high"
    assert ("lo" in out) == has_low


def test_cli_eval_variant_of_the_wrong_hole_count(capsys):
    from omaha_eval.cli import main

    assert main(["eval", "As2d9c9hKh", "3c4h5sKdQc", "--game", "plo6"]) == 2
    assert "plo6 is played with 6 hole cards, the hand has 5" in capsys.readouterr().err


# ---------------------------------------------------------------- every board index and flush row


def test_every_board_rank_multiset_finds_its_row():
    # The board index is a perfect hash of the board's rank counts into its row: one board of
    # each of the 6,175 dealable rank multisets (random suits), each with a random hand.
    rng = np.random.default_rng(11)
    boards = []
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        if max(ranks.count(r) for r in ranks) > 4:
            continue
        cards: list = []
        for r in ranks:
            suits = [s for s in range(4) if 4 * r + s not in cards]
            cards.append(4 * r + int(rng.choice(suits)))
        boards.append(rng.permutation(cards))
    boards = np.array(boards, dtype=np.uint8)
    assert len(boards) == 6175
    for k in (4, 5, 6):
        holes = ref.holes_for_boards(rng, boards, hole_cards=k)
        hi, lo = evaluate_hilo(holes, boards)
        assert_matches_reference(holes, boards, hi, lo)


def test_every_suited_board_rank_set_finds_its_flush_row():
    # Every set of 3, 4 or 5 board ranks of one suit (2,288 flush rows), with holes holding 2
    # to 6 cards of that suit, own boards and shared boards.
    rng = np.random.default_rng(12)
    holes, boards = [], []
    for size in (3, 4, 5):
        for ranks in itertools.combinations(range(13), size):
            suit = int(rng.integers(4))
            board = [4 * r + suit for r in ranks]
            others = [c for c in range(52) if c % 4 != suit and c not in board]
            board += list(rng.choice(others, 5 - size, replace=False))
            rest_suited = [c for c in range(52) if c % 4 == suit and c not in board]
            k = int(rng.integers(4, 7))
            n_suited = min(len(rest_suited), int(rng.integers(2, k + 1)))
            hole = list(rng.choice(rest_suited, n_suited, replace=False))
            rest = [c for c in range(52) if c not in board and c not in hole]
            hole += list(rng.choice(rest, 6 - n_suited, replace=False))  # 6 cards; cut to k below
            holes.append(hole)
            boards.append(rng.permutation(board))
    holes, boards = np.array(holes, dtype=np.uint8), np.array(boards, dtype=np.uint8)
    for k in (4, 5, 6):
        h = np.ascontiguousarray(holes[:, :k])
        hi = evaluate_hi(h, boards)
        assert_matches_reference(h, boards, hi, None)
    # shared boards: the branch-free column table (many hands) and the deferred pass (few)
    for index in rng.choice(len(boards), 6, replace=False):
        board = boards[index]
        for n in (5, 2100):  # below and above the column-table threshold (1,536)
            h = ref.holes_for_boards(rng, np.broadcast_to(board, (n, 5)), hole_cards=6)
            hi = evaluate_hi(h, board)
            assert_matches_reference(h, np.broadcast_to(board, (n, 5)), hi, None)
