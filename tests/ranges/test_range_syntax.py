"""Range syntax of issue 13 (percentages, x, $ds, !), issue 10 (linear parsing, limits, weight
bounds, merged duplicates) and issue 11 (five and six cards)."""

from __future__ import annotations

import math
import time

import numpy as np
import pytest

from omaha_eval.ranges import (MAX_HOLDINGS, MAX_ITEMS, MAX_TEXT, MAX_WEIGHT, MIN_WEIGHT,
                               RangeError, parse_range, range_from_hands)


def as_set(r) -> set[tuple[int, ...]]:
    return {tuple(h) for h in r.hands.tolist()}


def rank_counts(h) -> list[int]:
    out = [0] * 13
    for c in h:
        out[c >> 2] += 1
    return out


def suits_with_two(h) -> int:
    counts = [0] * 4
    for c in h:
        counts[c & 3] += 1
    return sum(c >= 2 for c in counts)


A, K = 12, 11

# ---------------------------------------------------------------- synonyms and but-not


@pytest.mark.parametrize("a, b", [
    ("AAxx", "AA**"), ("AxXx", "A***"), ("xxxx", "random"), ("AA**$ds", "AA**ds"),
    ("AKQJ$ss", "AKQJss"), ("AA**$r", "AA**r"), ("AA** $rainbow", "AA**rainbow"),
])
def test_synonyms(a: str, b: str) -> None:
    assert as_set(parse_range(a)) == as_set(parse_range(b))


def test_but_not() -> None:
    two = parse_range("AA**!AAA*")
    assert as_set(two) == {h for h in as_set(parse_range("AA**")) if rank_counts(h)[A] == 2}
    assert len(two) == math.comb(4, 2) * math.comb(48, 2)
    chained = parse_range("AA** ! AAA* ! AAKK")
    assert as_set(chained) == {h for h in as_set(two) if rank_counts(h)[K] < 2}
    # weights apply to what is left; a union of differences
    r = parse_range("AA**!AAA*:0.5, KK**")
    w = dict(zip(map(tuple, r.hands.tolist()), r.weights.tolist()))
    assert all(w[h] == 0.5 for h in as_set(two) - as_set(parse_range("KK**")))


def test_duplicates_merge_with_the_largest_weight() -> None:
    r = parse_range("AA**:0.25, AA**, aa**:0.5")
    assert len(r) == 6961 and r.uniform and r.weights[0] == 1.0


# ---------------------------------------------------------------- five and six cards


def _brute_aakk_ds() -> set[tuple[int, ...]]:
    """Five-card hands with two aces, two kings and exactly two suits of two or more cards,
    by filtering every five-card hand (NumPy)."""
    from omaha_eval.ranges import _combinations

    h = _combinations(52, 5).astype(np.int64)
    ranks = np.stack([(h >> 2 == r).sum(axis=1) for r in range(13)], axis=1)
    suits = np.stack([(h & 3 == s).sum(axis=1) for s in range(4)], axis=1)
    ok = (ranks[:, A] >= 2) & (ranks[:, K] >= 2) & ((suits >= 2).sum(axis=1) == 2)
    return {tuple(row) for row in h[ok].tolist()}


def test_five_card_patterns_match_their_definition() -> None:
    r = parse_range("AA***")
    assert r.hole_cards == 5
    assert len(r) == sum(math.comb(4, a) * math.comb(48, 5 - a) for a in range(2, 5))
    assert all(rank_counts(h)[A] >= 2 for h in as_set(r))
    ds = parse_range("AAKK*ds")
    assert as_set(ds) == _brute_aakk_ds()
    ss = parse_range("AKQJT ss")
    assert as_set(ss) == {h for h in as_set(parse_range("AKQJT")) if suits_with_two(h) == 1}
    with pytest.raises(RangeError, match="no hand matches"):
        parse_range("AKQJT r")  # five cards in four suits: never rainbow


def test_six_card_ranges() -> None:
    r = parse_range("AAKK**ds:0.5, QQJJT9")
    assert r.hole_cards == 6 and set(r.weights.tolist()) == {0.5, 1.0}
    assert all(suits_with_two(h) == 2 for h, w in zip(r.hands.tolist(), r.weights) if w == 0.5)
    assert len(parse_range("random", hole_cards=5)) == math.comb(52, 5)
    with pytest.raises(RangeError, match="more than 3,000,000"):
        parse_range("random", hole_cards=6)
    with pytest.raises(RangeError, match="same number of cards"):
        parse_range("AA**, KK***")
    assert len(parse_range("AAxx, random")) == 270725  # random takes the range's count
    assert parse_range("AAxxx, random").hole_cards == 5


def test_range_from_hands_takes_five_and_six_cards() -> None:
    r = range_from_hands([[0, 1, 2, 3, 4], [4, 3, 2, 1, 0]], [1.0, 2.0])
    assert len(r) == 1 and r.hole_cards == 5 and r.weights[0] == 2.0
    assert not r.hands.flags.writeable and not r.weights.flags.writeable


# ---------------------------------------------------------------- percent ranges


def test_percent_ranges_follow_the_table() -> None:
    import omaha_eval as oe

    for game in ("hi", "hilo"):
        top = parse_range("15%", game=game)
        assert 0.14 * 270725 < len(top) <= 0.15 * 270725
        pct = [oe.hand_percentile(list(h), game=game) for h in top.hands[::997].tolist()]
        assert max(pct) <= 15
        band = parse_range("5%-15%", game=game)
        assert as_set(band) == as_set(top) - as_set(parse_range("5%", game=game))
        # every class is wholly in or out: suit permutations of a member are members
        h = top.hands[len(top) // 2]
        moved = tuple(sorted((c & ~3) | (3 - (c & 3)) for c in h.tolist()))
        assert moved in as_set(top)
    assert as_set(parse_range("15%", game="hi")) != as_set(parse_range("15%", game="hilo"))
    assert len(parse_range("100%")) == 270725
    assert len(parse_range("15%!AA**")) < len(parse_range("15%"))
    with pytest.raises(RangeError, match="no hand matches"):
        parse_range("0%")


@pytest.mark.parametrize("text, match", [
    ("101%", r"percentage must lie in 0..100, not '101%' at position 0"),
    ("15%-5%", r"from low to high"),
    ("5%-", r"bad percent band"),
    ("5%-15", r"bad percent band"),
    ("5%15%", r"bad percent band"),
    ("15%, AA***", r"same number of cards"),
    ("AA**!", r"missing hand after '!' at position 5"),
    ("!AA**", r"missing hand in item at position 0"),
    ("AA**$dd", r"unknown qualifier '\$dd' at position 4"),
    ("AA**:1e7", r"weight must lie in \[1e-06, 1e\+06\]"),
    ("AA**:1e-320", r"weight must (lie in|be a positive)"),
    ("AA**:1e308, KK**:5e307", r"weight must lie in"),
    ("AA**:nan", r"bad weight"),
    ("AA**:inf", r"bad weight"),
])
def test_rejected_new_syntax(text: str, match: str) -> None:
    with pytest.raises(RangeError, match=match):
        parse_range(text)


# ---------------------------------------------------------------- limits and speed


def test_limits_are_clear_errors() -> None:
    with pytest.raises(RangeError, match="above the limit of 20,000"):
        parse_range("AA**," * (MAX_TEXT // 5 + 1))
    with pytest.raises(RangeError, match="above the limit of 2,000"):
        parse_range(",".join(["AA**"] * (MAX_ITEMS + 1)))
    assert MIN_WEIGHT == 1e-6 and MAX_WEIGHT == 1e6 and MAX_HOLDINGS == 3_000_000


def test_parsing_is_fast_on_long_text() -> None:
    start = time.perf_counter()
    with pytest.raises(RangeError, match="bad weight"):
        parse_range("AA**:1" + " " * 16000 + "x")
    assert time.perf_counter() - start < 0.5
    # 2,000 explicit hands: built once each, merged
    rng = np.random.default_rng(1)
    hands = ["".join("23456789TJQKA"[c >> 2] + "cdhs"[c & 3] for c in rng.choice(52, 4, False))
             for _ in range(MAX_ITEMS)]
    start = time.perf_counter()
    r = parse_range(", ".join(hands))
    assert time.perf_counter() - start < 4.0  # ~0.3 s on a quiet machine
    assert len(r) == len({tuple(sorted(h)) for h in r.hands.tolist()})
    # repeated pattern items are built once
    start = time.perf_counter()
    assert len(parse_range(",".join(["AA**ds:0.5", "KK**"] * 900))) > 0
    assert time.perf_counter() - start < 4.0
