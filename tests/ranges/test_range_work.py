"""Range parsing is bounded by counting first (issue 32 item 2): an oversize set is refused
before a holding is built, and items that remove a few hands from a big set cost what they
remove. The checks are on work and memory (builds counted, tracemalloc peaks), with one
wall-clock guard a hundred times above the measured figure."""

from __future__ import annotations

import math
import time
import tracemalloc
from itertools import combinations

import numpy as np
import pytest

import omaha_eval.holdings as holdings
import omaha_eval.ranges as ranges
from omaha_eval.ranges import MAX_WORK, RangeError, parse_range

RANKS, SUITS = "23456789TJQKA", "cdhs"


def text_of(cards) -> str:
    return "".join(RANKS[c >> 2] + SUITS[c & 3] for c in cards)


@pytest.fixture
def no_building(monkeypatch):
    """Any holding built from a pattern fails the test."""
    def refuse(*args, **kwargs):
        raise AssertionError("a pattern was built")
    monkeypatch.setattr(ranges, "build_pattern", refuse)
    monkeypatch.setattr(holdings, "build_pattern", refuse)
    ranges._parse_range_cached.cache_clear()


@pytest.fixture
def fresh_cache():
    ranges._parse_range_cached.cache_clear()
    yield
    ranges._parse_range_cached.cache_clear()


def peak_bytes(function, *args) -> tuple[object, int]:
    tracemalloc.start()
    try:
        try:
            out = function(*args)
        except RangeError as exc:
            out = exc
        return out, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("text", ["A*****", "K*****, A*****", "******ds", "A*****ds",
                                  "AK****, A*****", "random, A*****", "AA****, ******"])
def test_oversize_sets_are_refused_before_anything_is_built(text, no_building) -> None:
    out, peak = peak_bytes(parse_range, text)
    assert isinstance(out, RangeError) and "more than 3,000,000 holdings" in str(out)
    assert peak < 2_000_000  # today's main: about 1 GB for 'A*****' before refusing


def test_counts_match_the_definition_for_random_patterns() -> None:
    # count_pattern (binomial sums, and a walk over suits for qualifiers) against a filter of
    # every four-card hand, on random patterns
    rng = np.random.default_rng(32)
    every = np.array(list(combinations(range(52), 4)), dtype=np.int64)
    checked = 0
    for _ in range(60):
        cards = tuple(sorted(rng.choice(52, int(rng.integers(0, 3)), replace=False).tolist()))
        ranks = tuple(sorted(rng.integers(0, 13, int(rng.integers(0, 5 - len(cards)))).tolist()))
        wild = 4 - len(cards) - len(ranks)
        qualifier = [None, "ds", "ss", "r"][int(rng.integers(0, 4))]
        if any(ranks.count(r) + sum(c >> 2 == r for c in cards) > 4 for r in ranks):
            continue
        p = holdings.Pattern(4, cards, ranks, wild, qualifier)
        expected = int(matches_all(every, p).sum())
        assert holdings.count_pattern(p) == expected, p
        assert holdings.build_pattern(p).size == expected
        checked += 1
    assert checked > 30


def test_five_and_six_card_counts() -> None:
    a = holdings.Pattern(6, (), (12,), 5, None)
    assert holdings.count_pattern(a) == math.comb(52, 6) - math.comb(48, 6)
    five = holdings.combinations_array(52, 5).astype(np.int64)
    suits = np.stack([(five & 3 == s).sum(axis=1) for s in range(4)], axis=1)
    aces = (five >> 2 == 12).sum(axis=1)
    for qualifier, suited in (("ds", 2), ("ss", 1), ("r", 0)):
        p = holdings.Pattern(5, (), (12,), 4, qualifier)
        expected = int(((aces >= 1) & ((suits >= 2).sum(axis=1) == suited)).sum())
        assert holdings.count_pattern(p) == expected


def matches_all(hands: np.ndarray, p: holdings.Pattern) -> np.ndarray:
    """The definition, row by row in NumPy: fixed cards in, enough more of each named rank,
    the suit shape."""
    ok = np.ones(len(hands), dtype=bool)
    fixed = np.zeros(hands.shape, dtype=bool)
    for c in p.cards:
        ok &= (hands == c).any(axis=1)
        fixed |= hands == c
    for r in set(p.ranks):
        ok &= ((hands >> 2 == r) & ~fixed).sum(axis=1) >= p.ranks.count(r)
    if p.qualifier is not None:
        counts = -np.sort(-np.stack([(hands & 3 == s).sum(axis=1) for s in range(4)], axis=1))
        shape = {"ds": (2, 2, 0, 0), "ss": (2, 1, 1, 0), "r": (1, 1, 1, 1)}[p.qualifier]
        ok &= (counts == np.array(shape)).all(axis=1)
    return ok


def thousand_removals(seed: int = 5) -> tuple[str, list[tuple[int, ...]]]:
    rng = np.random.default_rng(seed)
    hands = [tuple(sorted(rng.choice(52, 4, replace=False).tolist())) for _ in range(1000)]
    return ",".join("****!" + text_of(h) for h in hands), hands


def test_a_thousand_removals_cost_what_they_remove(fresh_cache, monkeypatch) -> None:
    text, hands = thousand_removals()
    assert 13_000 < len(text) < 15_000
    built = []
    real = ranges._set_keys

    def counted(s, k, game):
        keys = real(s, k, game)
        built.append(keys.size)
        return keys
    monkeypatch.setattr(ranges, "_set_keys", counted)
    start = time.perf_counter()
    r, peak = peak_bytes(parse_range, text)
    elapsed = time.perf_counter() - start
    # every hand is left: each item keeps all but one, and no hand is removed by all
    assert len(r) == math.comb(52, 4) and r.uniform
    # one big set ('****', shared) and a thousand one-hand sets: nothing built twice
    assert sorted(built)[-1] == math.comb(52, 4) and sorted(built)[-2] <= 1
    assert len(built) == 1 + len(set(hands))
    # today's main concatenates 1,000 copies of the 270,725 keys (2 GB) and takes 66 s
    assert peak < 64 * 2**20
    assert elapsed < 5.0  # measured 0.03-0.07 s


def test_removals_with_weights_give_the_largest_weight_left() -> None:
    # a reference by plain set arithmetic on a smaller instance
    rng = np.random.default_rng(9)
    items = []
    for _ in range(40):
        hand = tuple(sorted(rng.choice(52, 4, replace=False).tolist()))
        items.append(("AA**!" + text_of(hand) + (":0.5" if rng.random() < 0.5 else ""), hand))
    items.append(("AA**!AAA*:0.25", None))
    r = parse_range(",".join(t for t, _ in items))
    aces = {h for h in combinations(range(52), 4) if sum(c >> 2 == 12 for c in h) >= 2}
    expected: dict[tuple[int, ...], float] = {}
    for t, hand in items:
        w = float(t.split(":")[1]) if ":" in t else 1.0
        keep = aces - ({hand} if hand else
                       {h for h in aces if sum(c >> 2 == 12 for c in h) >= 3})
        for h in keep:
            expected[h] = max(expected.get(h, 0.0), w)
    got = dict(zip(map(tuple, r.hands.tolist()), r.weights.tolist()))
    assert got == expected


def test_an_oversize_range_of_removals_is_refused_by_counting(no_building) -> None:
    # twenty items each removing A**** (886,656 five-card hands) from every five-card hand:
    # counted at about 20 million holdings compared, refused before building
    text = ",".join(f"*****!A****!{text_of(range(i, i + 5))}" for i in range(20))
    out, peak = peak_bytes(parse_range, text)
    assert isinstance(out, RangeError) and f"{MAX_WORK:,}" in str(out)
    assert peak < 2_000_000


def test_no_hand_matches_is_reported_for_the_first_such_item() -> None:
    with pytest.raises(RangeError, match=r"no hand matches 'AsKsQhJh!AsKsQhJh' at position 6"):
        parse_range("AA**, AsKsQhJh!AsKsQhJh, KK**!KK**")


def test_the_parse_cache_is_bounded_in_bytes() -> None:
    cache = ranges._ParseCache(entries=8, nbytes=200_000)
    a = cache("AA**", "hi", None)  # 6,961 holdings: 97 KB
    assert cache("AA**", "hi", None) is a
    cache("KK**", "hi", None)
    cache("QQ**", "hi", None)  # over 200 KB: the oldest goes
    assert cache("AA**", "hi", None) is not a
    assert cache.used <= cache.nbytes
    big = cache("A***", "hi", None)  # 69,184 holdings, 967 KB: never kept
    assert cache("A***", "hi", None) is not big


def test_weights_are_relative_and_may_exceed_one() -> None:
    r = parse_range("AA**ds:1.5, KK**ds")
    assert sorted(set(r.weights.tolist())) == [1.0, 1.5]
    assert ranges.__doc__ is not None and "AA**ds:1.5" in ranges.__doc__
    import omaha_eval as oe

    a = oe.equity(["AA**:2, KK**:2", "QsJsTh9h"], board="2c7d8h", trials=2000, seed=3)
    b = oe.equity(["AA**, KK**", "QsJsTh9h"], board="2c7d8h", trials=2000, seed=3)
    assert np.allclose(a.equity, b.equity)


def test_the_popcount_fallback_of_old_numpy_counts_as_bitwise_count() -> None:
    import numpy as np

    from omaha_eval import holdings

    x = np.random.default_rng(1).integers(0, 2**52, 10_000, dtype=np.int64)
    want = np.array([bin(int(v)).count("1") for v in x])
    assert np.array_equal(holdings._popcount_swar(x), want)
