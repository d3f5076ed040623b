"""The query's NumPy kernels against the tests' reference evaluator (tests/reference.py)."""

from __future__ import annotations

import itertools

import numpy as np

import omaha_eval as oe
from omaha_eval.query import kernels
from oracle import best_hi, best_lo, category, nut_hi, nut_lo, ref


def _deals(n: int, cards: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :cards].astype(np.uint8)


def test_key5_orders_hands_as_the_reference() -> None:
    hands = _deals(3000, 5, 1)
    # plus every straight flush, quads and a full house, and hands of each category
    extra = np.array([[48, 44, 40, 36, 32], [48, 0, 4, 8, 12], [0, 1, 2, 3, 4], [0, 1, 2, 4, 5],
                      [0, 4, 8, 12, 20]], dtype=np.uint8)
    hands = np.concatenate([hands, extra])
    keys = kernels.key5(hands)
    scores = np.array([ref.hi_score(tuple(h)) for h in hands.tolist()])
    order = np.argsort(scores, kind="stable")
    assert np.all(np.diff(keys[order]) >= 0)
    assert np.array_equal(keys[order][1:] == keys[order][:-1],
                          scores[order][1:] == scores[order][:-1])
    assert np.array_equal(keys // 16 ** 5, [category(s) for s in scores])


def test_best_keys_and_categories_on_partial_boards() -> None:
    deals = _deals(150, 8, 2)
    holes = deals[:, :4]
    for m in (3, 4, 5):
        board = deals[:, 4:4 + m] if m < 5 else _deals(150, 9, 2)[:, 4:9]
        hole = holes if m < 5 else _deals(150, 9, 2)[:, :4]
        cats = kernels.best_category(hole, board)
        want = [category(best_hi(h, b)) for h, b in zip(hole.tolist(), board.tolist())]
        assert cats.tolist() == want


def test_nuts_against_the_reference() -> None:
    boards = _deals(6, 5, 3)
    for m in (3, 4, 5):
        b = boards[:, :m]
        nuts = kernels.nut_hi_key(b)
        for row, key in zip(b.tolist(), nuts.tolist()):
            best = nut_hi(tuple(row))
            # the key holds the nut score: a hand reaching it is the nuts
            rest = [c for c in range(52) if c not in row]
            winner = next(p for p in itertools.combinations(rest, 2) if best_hi(p, row) == best)
            hand = np.array([list(winner) + [c for c in rest if c not in winner][:2]], np.uint8)
            mine = (oe.evaluate_hi(hand, np.array([row], np.uint8), check=False)[0] if m == 5
                    else kernels.best_hi_key(hand, np.array([row], np.uint8))[0])
            assert mine == key


def test_lows_against_the_reference() -> None:
    deals = _deals(400, 9, 4)
    for m in (3, 4, 5):
        hole, board = deals[:, :4], deals[:, 4:4 + m]
        mine = kernels.best_low_key(hole, board)
        want = [best_lo(h, b) for h, b in zip(hole.tolist(), board.tolist())]
        assert np.array_equal(mine > 0, np.array(want) > 0)
        nuts = kernels.nut_low_key(board)
        for r in range(40):
            assert (nuts[r] > 0) == (nut_lo(tuple(board[r].tolist())) > 0)
            if mine[r] > 0:
                assert (mine[r] == nuts[r]) == (want[r] == nut_lo(tuple(board[r].tolist())))


def test_suit_count() -> None:
    boards = _deals(200, 5, 5)
    for m in (3, 4, 5):
        got = kernels.suit_count(boards[:, :m]).tolist()
        assert got == [len({ref.suit(c) for c in row}) for row in boards[:, :m].tolist()]


def test_top_level_names() -> None:
    import types

    assert isinstance(oe.pql, types.FunctionType) and isinstance(oe.query, types.ModuleType)
    assert issubclass(oe.QueryError, oe.OmahaEvalError) and issubclass(oe.QueryError, ValueError)
    assert "pql" in oe.__all__ and "QueryError" in oe.__all__


def test_nut_hi_and_outs_agree_with_classify() -> None:
    """nutHi and outsToHandType (the query's NumPy kernels) against the board analysis: nutHi
    is classify's nut rank 1, outsToHandType(t) its outs to category t, for 4-, 5- and 6-card
    hands on flops, turns and rivers (both define the nuts as absolute)."""
    from omaha_eval.query.deals import Batch
    from omaha_eval.query.functions import Frame

    held = []
    for k, seed in ((4, 11), (5, 12), (6, 13)):
        deals = _deals(40, k + 5, seed)
        batch = Batch(deals[:, None, :k].copy(), deals[:, k:].copy(), None)
        frame = Frame(batch, "hi", np.zeros(0, np.uint8))
        for street in (3, 4, 5):
            classes = [oe.classify(deals[i, :k][None, :], deals[i, k:k + street])
                       for i in range(len(deals))]
            nuts = np.array([c.nut_rank[0] == 1 for c in classes])
            assert np.array_equal(frame.nut_hi(0, street), nuts), (k, street)
            held.append(int(nuts.sum()))
            if street == 5:
                continue
            for handtype in range(9):
                outs = np.array([c.outs[0, handtype] for c in classes])
                assert np.array_equal(frame.outs(0, street, handtype), outs), (k, street)
    assert 0 < sum(held) < 40 * len(held)  # both answers occur: the comparison is not vacuous
