"""The small-call path (one native call from text, int lists or small uint8 arrays) gives exactly
what the general path gives, and hands every invalid or unusual input to the general path."""

from __future__ import annotations

import numpy as np
import pytest

import reference as ref
from omaha_eval import _core
from omaha_eval.cards import CardError
from omaha_eval.evaluate import evaluate_hi, evaluate_hilo, evaluate_lo


@pytest.mark.parametrize("k", [4, 5, 6])
def test_every_small_form_equals_the_general_path(k):
    rng = np.random.default_rng(70 + k)
    holes, boards = ref.random_deals(rng, 300, pool=[c for c in range(52) if c % 4 < 2 or c // 4 < 7],
                                     hole_cards=k)
    # workers=2 always takes the general path: the reference of the fast one
    hi_all, lo_all = evaluate_hilo(holes, boards, workers=2)
    for i, (h, b) in enumerate(zip(holes, boards)):
        text_h = "".join(ref.card_text(int(c)) for c in h)
        text_b = "".join(ref.card_text(int(c)) for c in b)
        for form in ((text_h, text_b), (text_h.lower(), text_b.upper()), (h.tolist(), b.tolist()),
                     (tuple(h.tolist()), tuple(b.tolist())), (h, b)):
            got = evaluate_hilo(*form)
            assert got == (hi_all[i], lo_all[i]) and all(type(x) is int for x in got), form
            assert evaluate_hi(*form) == hi_all[i] and evaluate_lo(*form) == lo_all[i]
    for n in (1, 2, 10, 4096):
        h = ref.holes_for_boards(rng, np.broadcast_to(boards[0], (n, 5)), hole_cards=k)
        hi, lo = evaluate_hilo(h, boards[0])
        want_hi, want_lo = evaluate_hilo(h, boards[0], workers=2)
        assert hi.dtype == np.uint16 and lo.dtype == np.uint8 and hi.shape == (n,)
        np.testing.assert_array_equal(hi, want_hi)
        np.testing.assert_array_equal(lo, want_lo)
        np.testing.assert_array_equal(evaluate_hi(h, boards[0]), want_hi)


@pytest.mark.parametrize("hole, board", [
    ("AsKd7h", "ThJc9s3d4d"), ("AsKd7h2c3c4c5c", "ThJc9s3d4d"), ("AsAsKd7h", "ThJc9s3d4d"),
    ("AsKd7hTh", "ThJc9s3d4d"), ("AsKd7h1x", "ThJc9s3d4d"), ([51, 45, 22, 52], [34, 37, 31, 5, 9]),
    ([51, 45, 22, 0], [34, 37, 31, 5]),
    (np.array([51, 45, 22, 60], np.uint8), np.array([34, 37, 31, 5, 9], np.uint8)),
    (np.array([[51, 45, 22, 9]], np.uint8), np.array([34, 37, 31, 5, 9], np.uint8))])
def test_invalid_small_inputs_fall_back_to_the_documented_errors(hole, board):
    assert _core.fast_eval(hole, board, 3) is None
    with pytest.raises(CardError):
        evaluate_hilo(hole, board)


def test_unusual_forms_are_left_to_the_general_path():
    assert _core.fast_eval("As Kd 7h 2c", "ThJc9s3d4d", 1) is None  # separators
    assert _core.fast_eval("AsKd7h10c", "ThJc9s3d4d", 1) is None  # "10"
    strided = np.array([51, 1, 45, 2, 22, 3, 0, 4], np.uint8)[::2]
    h = strided.copy()
    assert _core.fast_eval(strided, np.arange(5, 10, dtype=np.uint8), 1) is None
    assert _core.fast_eval([51, 45, True, 0], [34, 37, 31, 5, 9], 1) is None  # bool: general path
    assert _core.fast_eval(h.astype(np.int64), np.arange(5, 10), 1) is None
    assert _core.fast_eval(np.zeros((4097, 4), np.uint8), np.arange(5, 10, dtype=np.uint8), 1) is None
    assert evaluate_hi("As Kd 7h 2c", "ThJc9s3d4d") == evaluate_hi("AsKd7h2c", "ThJc9s3d4d")
    assert evaluate_hi(h.astype(np.int64), np.arange(5, 10)) == evaluate_hi(h, np.arange(5, 10, dtype=np.uint8))


def test_check_false_still_refuses_ids_above_51_on_the_fast_path():
    hole = np.array([51, 45, 22, 22], np.uint8)
    board = np.array([34, 37, 31, 5, 9], np.uint8)
    assert isinstance(evaluate_hi(hole, board, check=False), int)  # duplicates unchecked
    assert _core.fast_eval(np.array([51, 45, 22, 99], np.uint8), board, 1, False) is None


@pytest.mark.parametrize("mode", [1, 2, 3])
def test_fast_path_outputs_are_fresh_arrays_like_np_empty(mode):
    rng = np.random.default_rng(5)
    board = np.array([51, 43, 22, 9, 3], np.uint8)
    holes = ref.holes_for_boards(rng, np.broadcast_to(board, (7, 5)))
    got = _core.fast_eval(holes, board, mode)
    outs = got if mode == 3 else (got,)
    want = {1: [evaluate_hi(holes, board, workers=2)], 2: [evaluate_lo(holes, board, workers=2)]}
    want[3] = want[1] + want[2]
    for out, expected in zip(outs, want[mode]):
        assert type(out) is np.ndarray and out.dtype == expected.dtype and out.shape == (7,)
        assert out.flags.c_contiguous and out.flags.writeable and out.flags.aligned
        # one array owns its memory; a pair shares one block (views, owndata False)
        assert out.flags.owndata == (mode != 3)
        np.testing.assert_array_equal(out, expected)
        out[:] = 0  # the caller's own memory: the next call gives fresh arrays
    again = _core.fast_eval(holes, board, mode)
    np.testing.assert_array_equal(again if mode != 3 else again[0], want[mode][0])


def test_a_small_hilo_pair_shares_one_block_without_overlap():
    rng = np.random.default_rng(8)
    board = np.array([51, 43, 22, 9, 3], np.uint8)
    holes = ref.holes_for_boards(rng, np.broadcast_to(board, (10, 5)))
    want_hi, want_lo = evaluate_hilo(holes, board, workers=2)
    hi, lo = evaluate_hilo(holes, board)
    assert hi.base is lo.base and hi.base is not None and not np.shares_memory(hi, lo)
    lo[:] = 255  # writing one leaves the other alone
    np.testing.assert_array_equal(hi, want_hi)
    del lo
    other_hi, other_lo = evaluate_hilo(holes, board)  # reuses freed memory if any was freed
    other_hi[:] = 0
    np.testing.assert_array_equal(hi, want_hi)  # still valid after its partner was deleted
    hi2, lo2 = evaluate_hilo(holes, board)
    del hi2
    other_lo[:] = 0
    np.testing.assert_array_equal(lo2, want_lo)
    assert not np.shares_memory(hi, other_hi) and not np.shares_memory(lo2, other_lo)


def test_array_forms_the_struct_reader_refuses():
    rng = np.random.default_rng(6)
    board = np.array([51, 43, 22, 9, 3], np.uint8)
    holes = ref.holes_for_boards(rng, np.broadcast_to(board, (6, 5)))
    want_hi, want_lo = evaluate_hilo(holes, board, workers=2)
    wide = np.zeros((6, 8), np.uint8)
    wide[:, :4] = holes
    spaced_board = np.zeros(10, np.uint8)
    spaced_board[::2] = board
    for hole, b in [(wide[:, :4], board),                    # rows not contiguous
                    (holes.astype(np.int16), board),         # another dtype
                    (holes.view(np.matrix), board),          # a subclass
                    (holes, board.reshape(1, 5)),            # a 2-D board
                    (holes, spaced_board[::2])]:             # a strided board
        assert _core.fast_eval(hole, b, 3) is None
        hi, lo = evaluate_hilo(hole, b)  # the general path serves every form
        np.testing.assert_array_equal(np.asarray(hi).reshape(-1), want_hi)
        np.testing.assert_array_equal(np.asarray(lo).reshape(-1), want_lo)
    assert _core.fast_eval(holes.reshape(2, 3, 4), board, 3) is None  # 3-D
    assert _core.fast_eval(holes[:0], board, 3) is None  # no hands
    readonly = holes.copy()
    readonly.flags.writeable = False  # input is only read: still the fast path
    np.testing.assert_array_equal(_core.fast_eval(readonly, board, 1), want_hi)


# ---- the public names are native twins (native_front) of evaluate.py's, the general path behind ----

@pytest.mark.parametrize("fn", [evaluate_hi, evaluate_lo, evaluate_hilo])
def test_public_evaluators_keep_their_python_face(fn):
    import inspect
    import pickle

    import omaha_eval
    from omaha_eval import evaluate
    assert fn.__module__ == "omaha_eval.evaluate" and fn.__qualname__ == fn.__name__
    assert getattr(evaluate, fn.__name__) is fn is getattr(omaha_eval, fn.__name__)
    assert fn.__doc__ == fn.__wrapped__.__doc__ and "Examples" in fn.__doc__
    params = inspect.signature(fn).parameters
    assert list(params) == ["hole", "board", "workers", "check", "out"]
    assert [params[p].default for p in ("workers", "check", "out")] == [1, True, None]
    assert all(params[p].kind is inspect.Parameter.KEYWORD_ONLY for p in ("workers", "check", "out"))
    assert pickle.loads(pickle.dumps(fn)) is fn
    with pytest.raises(TypeError, match=fn.__name__):
        fn("AsKsQhJh")
    with pytest.raises(TypeError, match=fn.__name__):
        fn("AsKsQhJh", "Ts9s8h2c2d", wrkers=2)


def test_keywords_reach_both_paths_with_the_same_meaning():
    rng = np.random.default_rng(8)
    board = np.array([51, 43, 22, 9, 3], np.uint8)
    holes = ref.holes_for_boards(rng, np.broadcast_to(board, (5, 5)))
    want_hi, want_lo = evaluate_hilo(holes, board, workers=2)  # the general path
    hi, lo = evaluate_hilo(hole=holes, board=board, check=False, workers=1)  # the native one
    np.testing.assert_array_equal(hi, want_hi)
    np.testing.assert_array_equal(lo, want_lo)
    out = (np.zeros(5, np.uint16), np.zeros(5, np.uint8))
    got = evaluate_hilo(holes, board, out=out)  # out= goes to the general path
    assert got[0] is out[0] and got[1] is out[1]
    np.testing.assert_array_equal(out[0], want_hi)
    # repeated cards: check=False scores them on the native path, check=True names the card
    repeated = holes.copy()
    repeated[0, 0] = board[0]
    assert evaluate_hi(repeated, board, check=False).shape == (5,)
    with pytest.raises(CardError, match="duplicate card As in deal 0"):
        evaluate_hi(repeated, board)
    # workers means the same on both paths: an int 1 is the small-call path; 1.0, True and 0
    # are refused whatever the input's size (1.0 and True used to pass on small inputs only)
    assert evaluate_hi("AsKsQhJh", "Ts9s8h2c2d", workers=1) == 5861
    assert evaluate_hi("AsKsQhJh", "Ts9s8h2c2d", workers=np.int64(1)) == 5861  # general path
    for bad in (0, 1.0, True):
        with pytest.raises(ValueError, match="workers"):
            evaluate_hi("AsKsQhJh", "Ts9s8h2c2d", workers=bad)
        with pytest.raises(ValueError, match="workers"):
            evaluate_hilo(holes, board, workers=bad)


def test_result_pairs_are_left_out_of_the_cycle_collector():
    import gc
    board = np.array([51, 43, 22, 9, 3], np.uint8)
    holes = ref.holes_for_boards(np.random.default_rng(9), np.broadcast_to(board, (10, 5)))
    for pair in (evaluate_hilo(holes, board), evaluate_hilo(holes[0], board),
                 evaluate_hilo("As2sQhJh", "3s4s8h2c9d"), _core.fast_eval(holes, board, 3)):
        assert type(pair) is tuple and len(pair) == 2 and not gc.is_tracked(pair)
    assert evaluate_hilo("As2sQhJh", "3s4s8h2c9d") == (1463, 35)


@pytest.mark.parametrize("k", [4, 5, 6])
def test_small_shared_board_batches_equal_the_reference(k):
    # the small shared-board kernel (oe_eval_shared): flush boards of each kind, hand counts
    # around its 64-hand blocks, against the pure-Python reference, hi and low
    rng = np.random.default_rng(90 + k)
    rainbow = np.array([0, 5, 10, 15, 16], np.uint8)  # four suits, none three times
    three_suited = np.array([51, 47, 43, 9, 2], np.uint8)
    for board, n in [(rainbow, 1), (three_suited, 7), (ref.boards_with_shape(rng, 1, "monotone")[0], 64),
                     (ref.boards_with_shape(rng, 1, "four_flush")[0], 65),
                     (ref.random_deals(rng, 1)[1][0], 130)]:
        holes = ref.holes_for_boards(rng, np.broadcast_to(board, (n, 5)), hole_cards=k)
        hi, lo = evaluate_hilo(holes, board)
        np.testing.assert_array_equal(hi, ref.omaha_hi_many(holes, np.broadcast_to(board, (n, 5))))
        np.testing.assert_array_equal(lo, ref.omaha_lo_many(holes, np.broadcast_to(board, (n, 5))))
        np.testing.assert_array_equal(evaluate_hi(holes, board), hi)


def test_small_shared_board_batches_refuse_every_bad_deal():
    # any byte in any hand, or a hole card on the board or twice, sends the call to the
    # general path (None here), whichever of the 70 hands holds it
    rng = np.random.default_rng(11)
    board = np.array([51, 47, 43, 9, 2], np.uint8)  # three spades: the flush pass runs
    holes = ref.holes_for_boards(rng, np.broadcast_to(board, (70, 5)))
    assert _core.fast_eval(holes, board, 3) is not None
    for row, col, value in [(0, 0, 52), (69, 3, 255), (63, 1, 64), (64, 2, 200), (5, 0, 51),
                            (30, 3, 2)]:
        bad = holes.copy()
        bad[row, col] = value
        for mode in (1, 3):
            assert _core.fast_eval(bad, board, mode) is None, (row, col, value, mode)
        with pytest.raises(CardError):
            evaluate_hilo(bad, board)
    twice = holes.copy()
    twice[40, 1] = twice[40, 0]
    assert _core.fast_eval(twice, board, 3) is None
    # ids-only checking takes repeated cards, refuses ids above 51
    assert _core.fast_eval(twice, board, 3, False) is not None
    twice[41, 0] = 77
    assert _core.fast_eval(twice, board, 3, False) is None


@pytest.mark.parametrize("k", [4, 6])
def test_shared_board_batches_through_the_general_path_equal_the_reference(k):
    # the batch kernel's own shared-board blocks (below the pair-table threshold): reached with
    # two workers, another dtype or an out= array; the same block code as the small calls
    rng = np.random.default_rng(120 + k)
    for board, n in [(ref.boards_with_shape(rng, 1, "monotone")[0], 70),
                     (ref.boards_with_shape(rng, 1, "four_flush")[0], 200),
                     (np.array([0, 5, 10, 15, 16], np.uint8), 65)]:
        holes = ref.holes_for_boards(rng, np.broadcast_to(board, (n, 5)), hole_cards=k)
        full = np.broadcast_to(board, (n, 5))
        want_hi, want_lo = ref.omaha_hi_many(holes, full), ref.omaha_lo_many(holes, full)
        for hi, lo in (evaluate_hilo(holes, board, workers=2),
                       evaluate_hilo(holes.astype(np.int64), board.astype(np.int32)),
                       evaluate_hilo(holes, board, out=(np.empty(n, np.uint16), np.empty(n, np.uint8)))):
            np.testing.assert_array_equal(hi, want_hi)
            np.testing.assert_array_equal(lo, want_lo)
        np.testing.assert_array_equal(evaluate_hi(holes, board, workers=2), want_hi)


def test_small_shared_board_calls_take_any_board_bytes():
    # every byte in every board position: the board's rows are prefetched before the deal is
    # checked, so bad boards reach that step too; the call refuses exactly the bad boards and
    # scores the others right (its reads stay in bounds: a build with -fsanitize=address
    # confirms it, not this test)
    rng = np.random.default_rng(12)
    board = np.array([51, 47, 43, 9, 2], np.uint8)
    holes = ref.holes_for_boards(rng, np.broadcast_to(board, (10, 5)))
    for position in range(5):
        for byte in range(256):
            bad = board.copy()
            bad[position] = byte
            cards = set(bad.tolist())  # each hand is its own deal with the board
            valid = byte < 52 and len(cards) == 5 and not any(cards & set(h) for h in holes.tolist())
            for mode in (1, 3):
                got = _core.fast_eval(holes, bad, mode)
                assert (got is not None) == valid, (position, byte, mode)
                if valid:
                    full = np.broadcast_to(bad, (10, 5))
                    want = ref.omaha_hi_many(holes, full)
                    np.testing.assert_array_equal(got if mode == 1 else got[0], want)
