"""The Omaha family in the equity engine: 5- and 6-card hands, hi and hi-lo, boards of any length.

Exact results are checked against a brute-force Fraction enumeration (pure Python, scores from
tests/reference.py's tables, two hole cards and three board cards tried every way), against
settling every board one by one with the native showdown, and against poker-equity when it is
installed (test-only: 5-card, 6-card, 5-card hi-lo and Courchevel spots, one-card boards too).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import comb

import numpy as np
import pytest

import reference as ref
from omaha_eval import CardError
from omaha_eval._equity import POT, equity, equity_batch, showdown
from omaha_eval.variants import VARIANTS
from omaha_eval.ranges import RangeError
from test_equity_brute import BruteResult, settle

RATES = ("hi_win", "hi_tie", "lo_win", "lo_tie", "scoop")


def txt(cards) -> str:
    return "".join(ref.card_text(c) for c in cards)


# ---------------------------------------------------------------- k-card brute force


def _key_and_suit(cs):
    suits = {ref.suit(c) for c in cs}
    return sum(5 ** ref.rank(c) for c in cs), (suits.pop() if len(suits) == 1 else None)


def omaha_hi_k(hole, board) -> int:
    """Best high score with exactly two of any number of hole cards and three board cards."""
    plain, flush = ref._hi_by_rank_key()
    best = 0
    for pk, ps in map(_key_and_suit, combinations(hole, 2)):
        for tk, ts in map(_key_and_suit, combinations(board, 3)):
            score = (flush if ps is not None and ps == ts else plain)[pk + tk]
            best = max(best, score)
    return best


def _low_mask(cs):
    mask = 0
    for c in cs:
        v = ref.low_value(ref.rank(c))
        if v is None or mask & (1 << v):
            return None
        mask |= 1 << v
    return mask


def omaha_lo_k(hole, board) -> int:
    by_mask = ref._lo_by_mask()
    pairs = {m for m in map(_low_mask, combinations(hole, 2)) if m is not None}
    triples = {m for m in map(_low_mask, combinations(board, 3)) if m is not None}
    return max((by_mask[p | t] for p in pairs for t in triples if p & t == 0), default=0)


def brute_k(holes, board=(), dead=(), game="hi") -> BruteResult:
    used = {c for h in holes for c in h} | set(board) | set(dead)
    assert len(used) == sum(map(len, holes)) + len(board) + len(dead), "duplicate card"
    deck = [c for c in range(52) if c not in used]
    n = len(holes)
    total = [Fraction(0)] * n
    counts = {k: [0] * n for k in RATES}
    boards = 0
    for extra in combinations(deck, 5 - len(board)):
        full = tuple(board) + extra
        hi = [omaha_hi_k(h, full) for h in holes]
        lo = [omaha_lo_k(h, full) for h in holes] if game == "hilo" else None
        shares, events = settle(hi, lo)
        for p in range(n):
            total[p] += shares[p]
            for e in events[p]:
                counts[e][p] += 1
        boards += 1
    return BruteResult(boards, [t / boards for t in total], **counts)


def test_brute_k_agrees_with_the_reference_on_four_cards():
    rng = np.random.default_rng(5)
    for _ in range(200):
        cards = [int(c) for c in rng.permutation(52)[:9]]
        assert omaha_hi_k(cards[:4], cards[4:]) == ref.omaha_hi(cards[:4], cards[4:])
        assert omaha_lo_k(cards[:4], cards[4:]) == ref.omaha_lo(cards[:4], cards[4:])


def check_against_brute(holes, board=(), dead=(), game="hi"):
    expected = brute_k(holes, board, dead, game)
    got = equity([txt(h) for h in holes], txt(board), txt(dead), game=game)
    assert got.exact and got.deals == expected.boards and got.hole_cards == len(holes[0])
    assert list(got.fractions()) == expected.equity
    for name in RATES:
        assert [round(x * got.deals) for x in getattr(got, name)] == getattr(expected, name), name
    return got


def random_spot(rng, hole: int, players: int, board: int, dead: int):
    cards = [int(c) for c in rng.permutation(52)[: hole * players + board + dead]]
    holes = [cards[hole * p: hole * p + hole] for p in range(players)]
    rest = cards[hole * players:]
    return holes, rest[:board], rest[board:]


@pytest.mark.parametrize("game", ["hi", "hilo"])
@pytest.mark.parametrize("hole", [5, 6])
@pytest.mark.parametrize("street, seed", [(3, 0), (3, 1), (4, 2), (4, 3), (4, 4)])
def test_exact_against_brute_force(hole, game, street, seed):
    rng = np.random.default_rng(100 * hole + 10 * street + seed)
    players = 2 + (street == 4) * (seed % 2)
    holes, board, dead = random_spot(rng, hole, players, street, seed % 3)
    check_against_brute(holes, board, dead, game)


# flush-heavy boards where the rank-multiset grouping needs its flush correction, paired
# boards, quartered lows, and the short boards (two cards; one card with many dead cards)
HAND_PICKED = [
    (["AhKhQh2c3d", "JhTh9s9c8d"], "2h7h9h", "", "hi"),
    (["AhKhQh2c3d4d", "JhTh9s9c8d7s"], "2h7h", "5h5c6c6d6h6s7c7d8c8h8s9dAdAsKdKsQdQs", "hi"),
    (["As2sKdKh3c", "Ac2c9h9d3d"], "4h8dKs", "", "hilo"),
    (["As2s3s4s5s6s", "AdKdQdJdTd9d"], "7s8d", "2c3c4c5c6c7c8c9cTcJcQcKcAc2h3h4h5h", "hilo"),
    (["AhKhQhJhTh", "2c3c4c5c6c"], "9h", "2d3d4d5d6d7d8d9dTdJdQdKdAd2s3s4s5s6s7s8s9sTsJsQs",
     "hilo"),
    (["AhKh7c8d6d", "9s9d3c4c5c"], "9h2h2s", "", "hi"),
]


@pytest.mark.parametrize("hands, board, dead, game", HAND_PICKED)
def test_hand_picked_against_brute_force(hands, board, dead, game):
    check_against_brute([ref.cards(h) for h in hands], ref.cards(board), ref.cards(dead), game)


def _settle_all_boards(holes, board, dead, game):
    """Exact sums by settling every completion with the native showdown (no grouping)."""
    used = set(np.concatenate([np.ravel(holes), board, dead]).tolist())
    deck = np.array([c for c in range(52) if c not in used], dtype=np.uint8)
    extra = np.array(list(combinations(range(deck.size), 5 - len(board))), dtype=np.intp)
    boards = np.concatenate([np.broadcast_to(np.asarray(board, np.uint8), (extra.shape[0], len(board))),
                             deck[extra]], axis=1)
    r = showdown(np.broadcast_to(np.asarray(holes, np.uint8), (boards.shape[0],) + np.shape(holes)),
                 boards, game=game, workers=2)
    return r.share_units.sum(axis=0), boards.shape[0], r


@pytest.mark.parametrize("hole, board, game", [
    (5, 1, "hilo"), (6, 1, "hi"), (5, 2, "hi"), (6, 2, "hilo"), (5, 0, "hi"), (6, 0, "hilo"),
])
def test_exact_equals_every_board_settled(hole, board, game):
    rng = np.random.default_rng(hole * 7 + board)
    holes, b, dead = random_spot(rng, hole, 2 if board == 0 else 3, board, 0 if board == 0 else 6)
    got = equity([txt(h) for h in holes], txt(b), txt(dead), game=game, workers=2)
    units, n, r = _settle_all_boards(holes, b, dead, game)
    assert got.deals == n == comb(52 - hole * len(holes) - board - len(dead), 5 - board)
    assert [f * POT * n for f in got.fractions()] == units.tolist()
    assert [round(x * n) for x in got.scoop] == r.scoop.tolist()
    assert [round(x * n) for x in got.lo_win] == r.lo_win.tolist()


def test_results_do_not_depend_on_workers_or_card_order():
    hands = ["AsKsQhJh9d", "2c3c7h8s8d", "TdTs4h5h6c"]
    a = equity(hands, "Kd", game="hilo")
    b = equity([h[::-1][::-1][2:] + h[:2] for h in hands], "Kd", game="hilo", workers=2)
    assert a.fractions() == b.fractions()


def test_most_players_the_deck_allows():
    rng = np.random.default_rng(3)
    for hole, most in ((4, 10), (5, 8), (6, 7)):
        cards = rng.permutation(52)[: hole * most]
        hands = [txt(cards[hole * p: hole * p + hole]) for p in range(most)]
        r = equity(hands, game="hilo")
        assert r.exact and abs(float(r.equity.sum()) - 1) < 1e-12
        extra = txt(rng.permutation([c for c in range(52) if c not in cards])[:hole])
        if hole > 4:
            with pytest.raises(ValueError, match=f"{most + 1} players of {hole} cards; at most "
                                                 f"{most}"):
                equity(hands + [extra])


# ---------------------------------------------------------------- variants and errors


def test_variant_names_fix_the_hole_count_and_the_game():
    assert VARIANTS["plo5-8"].hole_cards == 5 and VARIANTS["courchevel"].game == "hi"
    a = equity(["AsKsQhJh9d", "2c3c7h8s8d"], "Kd", game="courchevel-8")
    b = equity(["AsKsQhJh9d", "2c3c7h8s8d"], "Kd", game="hilo")
    assert a.game == "hilo" and a.fractions() == b.fractions()
    r = equity(["random", "random"], "AhKd7c", game="plo6", trials=20_000, seed=1)
    assert r.hole_cards == 6 and abs(float(r.equity.sum()) - 1) < 1e-12
    with pytest.raises(CardError, match="player 0 holds 4 cards; this game deals 5"):
        equity(["AsKsQhJh", "2c3c7h8s"], game="plo5")
    with pytest.raises(ValueError, match="game must be one of"):
        equity(["AsKsQhJh", "2c3c7h8s"], game="plo7")


def test_a_mix_of_hole_counts_is_an_error():
    with pytest.raises(CardError, match="player 0 has 5, player 1 has 4"):
        equity(["AsKsQhJh9d", "2c3c7h8s"])
    with pytest.raises(CardError, match="same number of cards"):
        showdown(["AsKsQhJh9d", "2c3c7h8s"], "2h3h4h5h6h")
    with pytest.raises(CardError, match="k = 4, 5 or 6"):
        equity_batch(np.zeros((1, 2, 7), dtype=np.uint8))


def test_short_boards_enumerate_the_right_number_of_boards():
    for board, n in (("Kd", comb(41, 4)), ("KdQs", comb(40, 3))):
        r = equity(["AsKsQhJh9d", "2c3c7h8s8d"], board)
        assert r.boards == n


# ---------------------------------------------------------------- showdown and batches


def test_showdown_against_brute_force_settle():
    rng = np.random.default_rng(11)
    for hole, players in ((5, 2), (5, 8), (6, 3), (6, 7)):
        for game in ("hi", "hilo"):
            deals = np.stack([rng.permutation(52)[: hole * players + 5] for _ in range(60)])
            holes = deals[:, : hole * players].reshape(60, players, hole)
            boards = deals[:, hole * players:]
            r = showdown(holes, boards, game=game)
            for i in range(60):
                hi = [omaha_hi_k(h.tolist(), boards[i].tolist()) for h in holes[i]]
                lo = [omaha_lo_k(h.tolist(), boards[i].tolist()) for h in holes[i]] \
                    if game == "hilo" else None
                shares, _ = settle(hi, lo)
                assert (r.share_units[i] == [int(s * POT) for s in shares]).all()


def test_equity_batch_matches_single_calls():
    rng = np.random.default_rng(2)
    for hole, nb in ((5, 3), (6, 4), (5, 1)):
        deals = np.stack([rng.permutation(52)[: 2 * hole + nb] for _ in range(6)])
        holes = deals[:, : 2 * hole].reshape(6, 2, hole)
        boards = deals[:, 2 * hole:]
        eq = equity_batch(holes, boards, game="hilo", workers=2)
        for i in range(6):
            one = equity([txt(h) for h in holes[i]], txt(boards[i]), game="hilo")
            assert eq[i].tolist() == one.equity.tolist()


def test_monte_carlo_is_close_to_exact_and_reproducible():
    hands = ["AsKsQhJh9d", "2c3c7h8s8d", "TdTs4h5h6c"]
    exact = equity(hands, "Kd7c", game="hilo")
    mc = equity(hands, "Kd7c", game="hilo", trials=60_000, seed=3)
    assert np.all(np.abs(mc.equity - exact.equity) < 4 * mc.std_error + 1e-9)
    again = equity(hands, "Kd7c", game="hilo", trials=60_000, seed=3, workers=2)
    assert again.equity.tolist() == mc.equity.tolist()


def test_random_players_of_five_and_six_cards():
    # a fixed hand against random hands: exact enumeration with the random hand tabled, and
    # Monte Carlo dealing it from the deck, agree
    dead = "3d4d5d6d8dJdQdKdAd2s3s4s5s6s7s8s3c4c5c6c"
    exact = equity(["AsKsQhJh9d", "random"], "2c7d9hTs", dead)
    assert exact.exact and exact.holdings == comb(52 - 9 - 20, 5)
    mc = equity(["AsKsQhJh9d", "random"], "2c7d9hTs", dead, trials=100_000, seed=4)
    assert abs(mc.equity[0] - exact.equity[0]) < 4 * mc.std_error[0]
    six = equity(["random"] * 7, game="plo6-8", trials=20_000, seed=5)
    assert abs(float(six.equity.sum()) - 1) < 1e-12
    assert np.all(np.abs(six.equity - 1 / 7) < 5 * six.std_error)


# ---------------------------------------------------------------- poker-equity (optional)


PE_SPOTS = [
    ("omaha_five", "hi", ["AsAhKsQdJc", "2c3d4h5s6c"], "Kd8d9c", ""),
    ("omaha_five", "hi", ["AhKhQhJdTd", "9s9c8s8c2d", "7h6h5d4d3s"], "2h3hTc", "Ks"),
    ("omaha_five", "hi", ["AsAhKsQdJc", "2c3d4h5s6c"], "Kd8d9c7h", ""),
    ("omaha_six", "hi", ["AsAhKsQdJc9h", "2c3d4h5s6c7c"], "Kd8d9c", ""),
    ("omaha_six", "hi", ["AsAhKsQdJc9h", "2c3d4h5s6c7c", "TsTdJs8h8s4c"], "Kd8d9c2h", ""),
    ("omaha_five_hi_lo", "hilo", ["As2sKdKh3c", "Ac2c9h9d3d"], "4h8dKs", ""),
    ("omaha_five_hi_lo", "hilo", ["As2sKdKh3c", "Ac4c9h9d5d", "7s7h6d6c8c"], "4h8dJs5s", ""),
    ("courchevel", "hi", ["AsAhKsQdJc", "2c3d4h5s6c"], "Kd", ""),
    ("courchevel_hi_lo", "hilo", ["AsAhKsQdJc", "2c3d4h5s6c"], "Kd", ""),
    ("courchevel_hi_lo", "hilo", ["AsAhKsQdJc", "2c3d4h5s6c", "7h7d8h9sTs"], "3s", "Qh"),
    ("courchevel", "hi", ["AsAhKsQdJc", "2c3d4h5s6c"], "Kd8d9c", ""),
]


@pytest.mark.parametrize("variant, game, hands, board, dead", PE_SPOTS)
def test_against_poker_equity(variant, game, hands, board, dead):
    pe = pytest.importorskip("poker_equity", reason="poker-equity needs Python 3.10+")
    ours = equity(hands, board, dead, game=game)
    theirs = pe.exact_from_text(variant, hands, board, dead) if dead else \
        pe.exact_from_text(variant, hands, board)
    assert ours.deals == theirs["samples"]
    for p in range(len(hands)):
        t = theirs["players"][p]
        assert ours.equity[p] == pytest.approx(t["equity"], abs=1e-12)
        assert ours.hi_win[p] == pytest.approx(t["high_win"], abs=1e-12)
        assert ours.scoop[p] == pytest.approx(t["scoop"], abs=1e-12)
        if game == "hilo":
            assert ours.lo_win[p] == pytest.approx(t["low_win"], abs=1e-12)


def test_monte_carlo_five_card_three_way_against_poker_equity():
    pe = pytest.importorskip("poker_equity", reason="poker-equity needs Python 3.10+")
    hands = ["AsAhKsQdJc", "2c3d4h5s6c", "7h7d8h9sTs"]
    ours = equity(hands, trials=200_000, seed=1)
    theirs = pe.chunk_from_text("omaha_five", hands, samples=200_000, seed=1, threads=1)
    for p in range(3):
        assert abs(ours.equity[p] - theirs["players"][p]["equity"]) < 5 * ours.std_error[p]


def test_range_errors_name_the_player():
    with pytest.raises(RangeError, match="player 1"):
        equity(["AsKsQhJh9d", "AAKy*"])
