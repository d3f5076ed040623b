"""PokerKit as an independent oracle: random multi-player Omaha showdowns, hi and 8-or-better low.

PokerKit's OmahaHoldemHand / OmahaEightOrBetterLowHand pick the best two-plus-three hand by brute
force; for each showdown we check that the native scores order the players exactly as PokerKit's
hands do, so the set of winners is the same for the high and for the low half.
"""

from __future__ import annotations

import numpy as np
import pytest

import reference as ref
from omaha_eval.evaluate import evaluate_hi, evaluate_hilo, evaluate_lo

pokerkit = pytest.importorskip("pokerkit", reason="PokerKit needs Python 3.11+")

LOW_OR_BROADWAY = [c for c in range(52) if c // 4 in (0, 1, 2, 3, 4, 5, 6, 12, 9, 10, 11)]


def showdowns(seed: int, n: int, pool=None):
    """n showdowns: (holes uint8 (players, 4), board uint8 (5,)), 2..6 players each."""
    rng = np.random.default_rng(seed)
    pool = np.arange(52, dtype=np.uint8) if pool is None else np.asarray(pool, dtype=np.uint8)
    for _ in range(n):
        players = int(rng.integers(2, 7))
        cards = rng.permutation(pool)[: 4 * players + 5]
        yield cards[: 4 * players].reshape(players, 4), cards[4 * players :]


def text(cards) -> str:
    return "".join(ref.card_text(int(c)) for c in cards)


def winners(values) -> set[int]:
    """Indices of the best non-None values (empty when all are None)."""
    present = [v for v in values if v is not None]
    if not present:
        return set()
    best = max(present)
    return {i for i, v in enumerate(values) if v is not None and v == best}


def assert_same_order(native, kit, what: str, holes, board) -> None:
    """native[i] vs native[j] compares like kit[i] vs kit[j] (None / 0 = no hand, lowest)."""
    where = f"{what}: board {text(board)}, holes {[text(h) for h in holes]}"
    n = len(native)
    for i in range(n):
        for j in range(n):
            if kit[i] is None or kit[j] is None:
                continue
            assert (native[i] > native[j]) == (kit[i] > kit[j]), (where, i, j, native, kit)
            assert (native[i] == native[j]) == (kit[i] == kit[j]), (where, i, j, native, kit)


@pytest.mark.parametrize("seed, n, pool", [(1, 400, None), (2, 250, LOW_OR_BROADWAY)])
def test_hi_winners_match_pokerkit(seed, n, pool):
    for holes, board in showdowns(seed, n, pool):
        native = evaluate_hi(holes, board).tolist()
        kit = [pokerkit.OmahaHoldemHand.from_game(text(h), text(board)) for h in holes]
        where = f"board {text(board)}, holes {[text(h) for h in holes]}"
        assert winners(native) == winners(kit), where
        assert_same_order(native, kit, "hi", holes, board)


@pytest.mark.parametrize("seed, n, pool", [(3, 300, None), (4, 300, LOW_OR_BROADWAY)])
def test_hilo_winners_match_pokerkit(seed, n, pool):
    lows_seen = 0
    for holes, board in showdowns(seed, n, pool):
        hi, lo = evaluate_hilo(holes, board)
        hi, lo = hi.tolist(), lo.tolist()
        np.testing.assert_array_equal(evaluate_lo(holes, board), lo)
        kit_hi = [pokerkit.OmahaHoldemHand.from_game(text(h), text(board)) for h in holes]
        kit_lo = [pokerkit.OmahaEightOrBetterLowHand.from_game_or_none(text(h), text(board)) for h in holes]
        where = f"board {text(board)}, holes {[text(h) for h in holes]}"
        assert winners(hi) == winners(kit_hi), where
        # No qualifying low is 0 natively and None in PokerKit.
        assert [x > 0 for x in lo] == [k is not None for k in kit_lo], where
        assert winners([x if x > 0 else None for x in lo]) == winners(kit_lo), where
        assert_same_order(lo, kit_lo, "lo", holes, board)
        lows_seen += any(x > 0 for x in lo)
    assert lows_seen > n // 5  # the low half was really exercised
