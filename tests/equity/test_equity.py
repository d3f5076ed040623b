"""Equity engine against the brute-force reference (exact fractions), and its API."""

from __future__ import annotations

import json
from fractions import Fraction

import numpy as np
import pytest

import reference as ref
from omaha_eval import CardError
from omaha_eval._equity import POT, equity, equity_batch, showdown
from omaha_eval.ranges import RangeError
from test_equity_brute import brute_equity, settle

RATES = ("hi_win", "hi_tie", "lo_win", "lo_tie", "scoop")


def txt(cards) -> str:
    return "".join(ref.card_text(c) for c in cards)


def check_against_brute(holes, board=(), dead=(), game="hi", workers=1):
    expected = brute_equity(holes, board, dead, game)
    got = equity([txt(h) for h in holes], txt(board), txt(dead), game=game, workers=workers)
    assert got.exact and got.deals == expected.boards
    assert list(got.fractions()) == expected.equity
    for name in RATES:
        counts = [round(x * got.deals) for x in getattr(got, name)]
        assert counts == getattr(expected, name), name
    return got


def random_spot(rng: np.random.Generator, players: int, board: int, dead: int):
    cards = [int(c) for c in rng.permutation(52)[: 4 * players + board + dead]]
    holes = [cards[4 * p : 4 * p + 4] for p in range(players)]
    return holes, cards[4 * players : 4 * players + board], cards[4 * players + board :]


# ---------------------------------------------------------------- exact vs brute force


@pytest.mark.parametrize("game", ["hi", "hilo"])
@pytest.mark.parametrize("seed", range(12))
def test_random_turn_spots(game, seed):
    rng = np.random.default_rng(1000 + seed)
    players = 2 + seed % 3
    holes, board, dead = random_spot(rng, players, 4, seed % 4)
    check_against_brute(holes, board, dead, game)


@pytest.mark.parametrize("game", ["hi", "hilo"])
@pytest.mark.parametrize("seed", range(5))
def test_random_flop_spots(game, seed):
    rng = np.random.default_rng(2000 + seed)
    players = 2 + seed % 3
    holes, board, dead = random_spot(rng, players, 3, seed % 3)
    check_against_brute(holes, board, dead, game)


# Hand-picked spots: flush-heavy boards (where the rank-multiset grouping needs its flush
# correction), quartered lows, three-way ties, counterfeited lows, full board.
HAND_PICKED = [
    # monotone flop, both players hold two of the suit
    (["AhKh2c3d", "QhJh9s9c"], "2h7h9h", "", "hi"),
    (["AhKh2c3d", "QhJh9s9c"], "2h7h9h", "", "hilo"),
    # two-tone flop: flushes possible in two suits
    (["AhKh2s3s", "QsJs9h9c", "TcTd8c8d"], "4h5s6h", "", "hi"),
    # quartered low: both hold A2, one of them has the high
    (["As2s9dTd", "Ac2cJhQh"], "3h4d8c", "", "hilo"),
    (["As2sKdKh", "Ac2c9h9d", "3s4s5c6c"], "7c8dKs", "", "hilo"),
    # identical ranks in four suits: every high is a three-way tie, lows decide the rest
    (["AcKdQhJs", "AdKhQsJc", "AhKsQcJd"], "2c7d9h", "", "hi"),
    (["AcKdQhJs", "AdKhQsJc", "AhKsQcJd", "2d3h4s5c"], "6c7d9h", "", "hilo"),
    # four-flush turn board, straight flush draws, dead cards
    (["AhQh2c2d", "KhJh3c3d"], "4h5h6h9s", "Th", "hi"),
    (["Ah2h3c4d", "Kh5h6c7d"], "8h9hTh2s", "Jh", "hilo"),
    # board paired: full houses against flushes
    (["AhKh7c8d", "9s9d3c4c"], "9h2h2s", "", "hi"),
    (["AhKh7c8d", "9s9d3c4c"], "9h2h2sQh", "", "hi"),
    # river: a single showdown
    (["As2s9dTd", "Ac2cJhQh"], "3h4d8c5s6c", "", "hilo"),
    (["AcKdQhJs", "AdKhQsJc"], "2c7d9hTsTd", "", "hi"),
]


@pytest.mark.parametrize("hands, board, dead, game", HAND_PICKED)
def test_hand_picked_spots(hands, board, dead, game):
    got = check_against_brute([ref.cards(h) for h in hands], ref.cards(board), ref.cards(dead),
                              game)
    assert sum(got.fractions()) == 1


def test_quartered_low_counts_as_low_tie():
    r = equity(["As2s9dTd", "Ac2cJhQh"], "3h4d8c5s6c", game="hilo")
    # As2s makes 6-5-4-2-A as does Ac2c; Ac2c has nothing for high but 9d-Td... check by rules
    shares, events = settle(
        [ref.omaha_hi(ref.cards(h), ref.cards("3h4d8c5s6c")) for h in ("As2s9dTd", "Ac2cJhQh")],
        [ref.omaha_lo(ref.cards(h), ref.cards("3h4d8c5s6c")) for h in ("As2s9dTd", "Ac2cJhQh")])
    assert list(r.fractions()) == shares
    assert r.lo_tie.tolist() == [1.0, 1.0]


def test_three_way_tie_everywhere():
    r = equity(["AcKdQhJs", "AdKhQsJc", "AhKsQcJd"], "2c7d9h")
    assert r.fractions() == (Fraction(1, 3),) * 3
    assert r.hi_tie.tolist() == [1.0, 1.0, 1.0] and r.hi_win.tolist() == [0.0] * 3


def test_workers_do_not_change_exact_results():
    hands = ["AsKsQhJh", "2c2d7h8s", "9c9dTcTd"]
    base = equity(hands, game="hilo")
    for w in (2, 3, -1):
        other = equity(hands, game="hilo", workers=w)
        assert other.fractions() == base.fractions()
        for name in RATES:
            assert np.array_equal(getattr(other, name), getattr(base, name))


def all_boards(used, known=()):
    """Every completion of `known` from the cards not in `used`, uint8 (n, 5)."""
    from itertools import chain, combinations
    from math import comb

    deck = [c for c in range(52) if c not in set(used)]
    m = 5 - len(known)
    n = comb(len(deck), m)
    extra = np.fromiter(chain.from_iterable(combinations(deck, m)), np.uint8, count=m * n)
    extra = extra.reshape(n, m)
    return np.concatenate([np.tile(np.array(known, np.uint8), (n, 1)), extra], axis=1)


@pytest.mark.parametrize("seed, players, board, dead, game", [
    (1, 2, 0, 0, "hi"), (2, 2, 0, 3, "hilo"), (3, 3, 0, 0, "hilo"), (4, 4, 0, 1, "hi"),
    (5, 2, 3, 0, "hi"), (6, 5, 3, 2, "hilo"), (7, 3, 4, 1, "hilo"),
])
def test_exact_equals_a_showdown_of_every_board(seed, players, board, dead, game):
    """The grouped enumeration (rank multisets plus flush corrections) against settling every
    board one by one with the showdown kernel (itself checked against the reference above)."""
    rng = np.random.default_rng(seed)
    # suited holdings make flush corrections likely: deal from two suits first
    order = np.concatenate([rng.permutation(np.arange(52)[np.arange(52) % 4 < 2]),
                            rng.permutation(np.arange(52)[np.arange(52) % 4 >= 2])])
    holes = order[: 4 * players].reshape(players, 4)
    rest = rng.permutation(order[4 * players:])
    known, dead_cards = rest[:board].tolist(), rest[board:board + dead].tolist()
    boards = all_boards(holes.ravel().tolist() + known + dead_cards, known)
    deals = showdown(np.broadcast_to(holes, (len(boards), players, 4)).copy(), boards, game=game)
    got = equity([txt(h) for h in holes.tolist()], txt(known), txt(dead_cards), game=game)
    assert got.deals == len(boards)
    assert list(got.fractions()) == [Fraction(int(s), POT * len(boards))
                                     for s in deals.share_units.sum(axis=0)]
    for name in RATES:
        assert [round(x * got.deals) for x in getattr(got, name)] == getattr(deals, name).tolist()


@pytest.mark.parametrize("seed", range(4))
def test_suit_permutation_and_card_order_do_not_change_equity(seed):
    rng = np.random.default_rng(300 + seed)
    holes, board, dead = random_spot(rng, 3, 3, 1)
    base = equity([txt(h) for h in holes], txt(board), txt(dead), game="hilo")
    perm = rng.permutation(4)
    relabel = [lambda cs: [4 * (c // 4) + int(perm[c % 4]) for c in cs]][0]
    moved = equity([txt(rng.permutation(relabel(h)).tolist()) for h in holes],
                   txt(rng.permutation(relabel(board)).tolist()), txt(relabel(dead)), game="hilo")
    assert moved.fractions() == base.fractions()


# ---------------------------------------------------------------- oracle (optional)


@pytest.mark.parametrize("game, variant", [("hi", "omaha"), ("hilo", "omaha_hi_lo")])
def test_preflop_against_poker_equity(game, variant):
    pe = pytest.importorskip("poker_equity", reason="poker-equity needs Python 3.10+")
    hands = ["AsKsQhJh", "2c2d7h8s"]
    ours = equity(hands, game=game)
    theirs = pe.exact_from_text(variant, hands)
    assert ours.deals == theirs["samples"] == 1_086_008
    for p in range(2):
        assert ours.equity[p] == pytest.approx(theirs["players"][p]["equity"], abs=1e-12)
        assert ours.hi_win[p] == pytest.approx(theirs["players"][p]["high_win"], abs=1e-12)
        assert ours.scoop[p] == pytest.approx(theirs["players"][p]["scoop"], abs=1e-12)


def test_flop_multiway_against_poker_equity():
    pe = pytest.importorskip("poker_equity", reason="poker-equity needs Python 3.10+")
    hands = ["AhKh2c3d", "QhJh9s9c", "Ac2d5s6s", "TdTs8h7c"]
    for game, variant in (("hi", "omaha"), ("hilo", "omaha_hi_lo")):
        ours = equity(hands, "2h7h4d", "Ks", game=game)
        theirs = pe.exact_from_text(variant, hands, "2h7h4d", "Ks")
        for p in range(4):
            assert ours.equity[p] == pytest.approx(theirs["players"][p]["equity"], abs=1e-12)


# ---------------------------------------------------------------- Monte Carlo


MC_SPOTS = [
    (["AsKsQhJh", "2c2d7h8s"], "", "", "hi"),
    (["AsKsQhJh", "2c2d7h8s", "9c9dTcTd"], "", "", "hilo"),
    (["AhKh2c3d", "QhJh9s9c", "Ac2d5s6s"], "2h7h4d", "Ks", "hilo"),
    (["As2s9dTd", "Ac2cJhQh"], "3h4d8c", "", "hilo"),
]


@pytest.mark.parametrize("hands, board, dead, game", MC_SPOTS)
def test_monte_carlo_within_four_standard_errors(hands, board, dead, game):
    exact = equity(hands, board, dead, game=game)
    mc = equity(hands, board, dead, game=game, trials=100_000, seed=7)
    assert not mc.exact and mc.deals == 100_000 and mc.seed == 7
    assert np.all(mc.std_error > 0)
    assert np.all(np.abs(mc.equity - exact.equity) <= 4 * mc.std_error)
    assert mc.equity.sum() == pytest.approx(1.0)


def test_monte_carlo_same_seed_same_numbers_for_any_workers():
    hands = ["AsKsQhJh", "2c2d7h8s", "9c9dTcTd"]
    runs = [equity(hands, game="hilo", trials=50_000, seed=123, workers=w) for w in (1, 2, 3)]
    for r in runs[1:]:
        for name in ("equity", "std_error") + RATES:
            assert np.array_equal(getattr(r, name), getattr(runs[0], name)), name
    other = equity(hands, game="hilo", trials=50_000, seed=124)
    assert not np.array_equal(other.equity, runs[0].equity)


def test_monte_carlo_progress_does_not_change_numbers():
    hands = ["AsKsQhJh", "2c2d7h8s"]
    calls = []
    a = equity(hands, trials=300_000, seed=5, progress=lambda d, t: calls.append((d, t)))
    b = equity(hands, trials=300_000, seed=5)
    assert np.array_equal(a.equity, b.equity)
    assert len(calls) > 1 and calls[-1] == (300_000, 300_000)


def test_seed_generator_and_none():
    hands = ["AsKsQhJh", "2c2d7h8s"]
    a = equity(hands, trials=5000, seed=np.random.default_rng(3))
    b = equity(hands, trials=5000, seed=np.random.default_rng(3))
    assert np.array_equal(a.equity, b.equity) and a.seed == b.seed
    c = equity(hands, trials=5000)
    assert isinstance(c.seed, int)
    assert np.array_equal(equity(hands, trials=5000, seed=c.seed).equity, c.equity)


def test_river_with_trials_is_settled_exactly():
    r = equity(["AsKsQsJs", "2c2d3h3c"], "Ts9s2h7d8c", trials=1000)
    assert r.exact and r.deals == 1 and r.fractions() == (1, 0)


# ---------------------------------------------------------------- result object


def test_result_table_and_dict():
    r = equity(["AsKsQhJh", "2c2d7h8s"], "2h7d9h", game="hilo")
    text = str(r)
    assert "AsKsQhJh" in text and "2c2d7h8s" in text and "lo win" in text and "exact" in text
    d = r.to_dict()
    json.dumps(d)
    assert d["exact"] is True and d["boards"] == 820 and d["game"] == "hilo"
    assert [p["hand"] for p in d["players"]] == ["AsKsQhJh", "2c2d7h8s"]
    assert d["players"][0]["equity"] == pytest.approx(float(r.fractions()[0]))
    mc = equity(["AsKsQhJh", "2c2d7h8s"], trials=5000, seed=1)
    d = mc.to_dict()
    assert d["trials"] == 5000 and "std_error" in d["players"][0] and "lo_win" not in d["players"][0]
    assert "+/-" in str(mc)
    with pytest.raises(ValueError, match="exact"):
        mc.fractions()


# ---------------------------------------------------------------- input errors


@pytest.mark.parametrize("hands, board, dead, match", [
    (["AsKsQhJh", "AsKd7h8s"], "", "", "As is used twice"),
    (["AsKsQhJh", "2c2d7h8s"], "Ah2c3d", "", "2c is used twice"),
    (["AsKsQhJh", "2c2d7h8s"], "", "Ks", "Ks is used twice"),
    (["AsKsQhJh", "2c2d7h"], "", "", "3 cards"),
    (["AsKsQhJh", "2c2d7h8s9s"], "", "", "player 0 has 4, player 1 has 5"),
    (["AsKsQhJh", "2c2d7h"], "", "", "4, 5 or 6"),
    (["AsKsQhJh", "2c2d7h1x"], "", "", "player 1"),
    (["AsKsQhJh"], "", "", "2 to 10 players"),
    (["AsKsQhJh", "2c2d7h8s"], "Ah2h3h4h5h6h", "", "0 to 5 cards"),
])
def test_bad_input(hands, board, dead, match):
    with pytest.raises(ValueError, match=match):
        equity(hands, board, dead)


def test_too_many_players_or_cards():
    hands = ["2c2d2h2s", "3c3d3h3s", "4c4d4h4s", "5c5d5h5s", "6c6d6h6s", "7c7d7h7s",
             "8c8d8h8s", "9c9d9h9s", "TcTdThTs", "JcJdJhJs", "QcQdQhQs"]
    with pytest.raises(ValueError, match="2 to 10 players"):
        equity(hands)
    with pytest.raises(ValueError, match="a deck has 52"):
        equity(hands[:10], dead="KcKdKhKsAc Ad Ah As".replace(" ", ""))


@pytest.mark.parametrize("kwargs, match", [
    ({"game": "lo"}, "game"),
    ({"trials": 0}, "trials"),
    ({"trials": 1.5}, "trials"),
    ({"workers": 0}, "workers"),
    ({"trials": 10, "seed": -1}, "seed"),
    ({"trials": 10, "seed": "x"}, "seed"),
])
def test_bad_options(kwargs, match):
    with pytest.raises(ValueError, match=match):
        equity(["AsKsQhJh", "2c2d7h8s"], **kwargs)


# ---------------------------------------------------------------- showdown


@pytest.mark.parametrize("game", ["hi", "hilo"])
def test_showdown_matches_reference(game):
    rng = np.random.default_rng(11)
    for players in (1, 2, 3, 6):
        n = 150
        deals = np.array([rng.permutation(52)[: 4 * players + 5] for _ in range(n)], np.uint8)
        holes = deals[:, : 4 * players].reshape(n, players, 4)
        boards = deals[:, 4 * players :]
        got = showdown(holes, boards, game=game, workers=2)
        counts = {k: np.zeros(players, int) for k in RATES}
        for i in range(n):
            hi = [ref.omaha_hi(h.tolist(), boards[i].tolist()) for h in holes[i]]
            lo = ([ref.omaha_lo(h.tolist(), boards[i].tolist()) for h in holes[i]]
                  if game == "hilo" else None)
            shares, events = settle(hi, lo)
            assert [Fraction(int(u), POT) for u in got.share_units[i]] == shares
            for p in range(players):
                for e in events[p]:
                    counts[e][p] += 1
        for k in RATES:
            assert getattr(got, k).tolist() == counts[k].tolist(), k
        assert np.allclose(got.share.sum(axis=1), 1.0)


def test_showdown_text_and_shared_board():
    r = showdown(["As2s9dTd", "Ac2cJhQh"], "3h4d8c5s6c", game="hilo")
    assert r.share.shape == (1, 2) and r.lo_tie.tolist() == [1, 1]
    holes = np.array([[ref.cards("AsKsQsJs"), ref.cards("2c2d3h3c")]] * 3, np.uint8)
    r = showdown(holes, ref.cards("Ts9s2h7d8c"))
    assert r.share.tolist() == [[1.0, 0.0]] * 3 and r.scoop.tolist() == [3, 0]
    with pytest.raises(CardError, match="twice"):
        showdown(holes, ref.cards("As9s2h7d8c"))


def test_one_text_deal_equals_the_array_path():
    """The cached one-deal path (text in, two bytes objects back) gives the arrays of the
    general path, and its checks raise as the general path does."""
    from omaha_eval.cards import format_cards
    rng = np.random.default_rng(12)
    for k, game in ((4, "hi"), (4, "hilo"), (5, "plo5-8"), (6, "plo6")):
        for players in (1, 2, 5):
            for _ in range(20):
                d = rng.permutation(52)[: k * players + 5].astype(np.uint8)
                holes, board = d[: k * players].reshape(players, k), d[k * players:]
                a = showdown([format_cards(h) for h in holes], format_cards(board), game=game)
                b = showdown(holes[None], board[None], game=game)
                for name in ("share", "share_units", *RATES):
                    x, y = getattr(a, name), getattr(b, name)
                    assert x.dtype == y.dtype and x.tolist() == y.tolist(), name
    r = showdown(["AsKsQhJh", "2c2d7h8s"], "Ts9h3c4d5s")
    r.share[0, 0] = 0.5  # a fresh array the caller may write
    assert showdown(["AsKsQhJh", "2c2d7h8s"], "Ts9h3c4d5s").share.tolist() == [[0.0, 1.0]]
    with pytest.raises(ValueError, match="workers"):
        showdown(["AsKsQhJh", "2c2d7h8s"], "Ts9h3c4d5s", workers=0)
    with pytest.raises(CardError, match="deals 5"):
        showdown(["AsKsQhJh", "2c2d7h8s"], "Ts9h3c4d5s", game="plo5")
    with pytest.raises(CardError, match="twice"):
        showdown(["AsKsQhJh", "2c2d7h8s"], "As9h3c4d5s")
    with pytest.raises(ValueError, match="game"):
        showdown(["AsKsQhJh", "2c2d7h8s"], "Ts9h3c4d5s", game="stud")
    assert showdown([[51, 47, 42, 38], [0, 1, 22, 27]], "Ts9h3c4d5s").share.tolist() == [[0, 1]]


# ---------------------------------------------------------------- bulk


def test_equity_batch_matches_single_calls():
    rng = np.random.default_rng(5)
    n, players = 40, 3
    deals = np.array([rng.permutation(52)[: 4 * players + 3] for _ in range(n)], np.uint8)
    holes = deals[:, : 4 * players].reshape(n, players, 4)
    boards = deals[:, 4 * players :]
    for game in ("hi", "hilo"):
        got = equity_batch(holes, boards, game=game, workers=2)
        assert got.shape == (n, players)
        for i in range(0, n, 7):
            single = equity([txt(h) for h in holes[i].tolist()], txt(boards[i].tolist()),
                            game=game)
            assert np.array_equal(got[i], single.equity)


def test_equity_batch_preflop_shared_board_and_dead():
    holes = np.array([[ref.cards("AsKsQhJh"), ref.cards("2c2d7h8s")],
                      [ref.cards("AcAd2h3h"), ref.cards("KcKdQsJs")]], np.uint8)
    got = equity_batch(holes)
    assert got[0] == pytest.approx([697231 / 1086008, 388777 / 1086008], abs=1e-15)
    turn = equity_batch(holes, ref.cards("9c8c4d5d"), dead=ref.cards("Tc"), game="hilo")
    single = equity(["AcAd2h3h", "KcKdQsJs"], "9c8c4d5d", "Tc", game="hilo")
    assert np.array_equal(turn[1], single.equity)


def test_equity_batch_monte_carlo_rows_reproducible():
    from omaha_eval import _core

    holes = np.array([[ref.cards("AsKsQhJh"), ref.cards("2c2d7h8s")]] * 3, np.uint8)
    eq, se = equity_batch(holes, trials=20_000, seed=9, return_std_error=True)
    assert not np.array_equal(eq[0], eq[1])  # rows use different streams
    assert np.all(se > 0)
    row1 = equity(["AsKsQhJh", "2c2d7h8s"], trials=20_000, seed=_core.row_seed(9, 1))
    assert np.array_equal(eq[1], row1.equity)
    again = equity_batch(holes, trials=20_000, seed=9, workers=2)
    assert np.array_equal(eq, again)


def test_equity_batch_errors():
    holes = np.array([[ref.cards("AsKsQhJh"), ref.cards("AsKd7h8s")]], np.uint8)
    with pytest.raises(CardError, match="As is used twice in matchup 0"):
        equity_batch(holes)
    with pytest.raises(CardError, match=r"\(N, P, k\)"):
        equity_batch(np.zeros((2, 4), np.uint8))
    with pytest.raises(CardError, match="0 to 5 cards"):
        equity_batch(np.arange(8).reshape(1, 2, 4), np.arange(20, 26))
    with pytest.raises(CardError, match="outside 0..51"):
        equity_batch(np.arange(8).reshape(1, 2, 4) + 50)
