"""Range syntax: what each form matches, card removal, weights, rejected input."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import numpy as np
import pytest

import reference as ref
from omaha_eval.ranges import Range, RangeError, all_hands, parse_range, range_from_hands


def ranks_of(hand) -> Counter:
    return Counter(c // 4 for c in hand)


def suit_pattern(hand) -> tuple[int, ...]:
    counts = Counter(c % 4 for c in hand)
    return tuple(sorted(counts.values(), reverse=True))


def brute(predicate) -> set[tuple[int, ...]]:
    return {h for h in combinations(range(52), 4) if predicate(h)}


def sample_hands(n: int = 20_000) -> list[tuple[int, ...]]:
    rng = np.random.default_rng(8)
    return [tuple(sorted(row)) for row in np.argsort(rng.random((n, 52)), axis=1)[:, :4].tolist()]


def as_set(r: Range) -> set[tuple[int, ...]]:
    return {tuple(row) for row in r.hands.tolist()}


A, K, Q, J = 12, 11, 10, 9


@pytest.mark.parametrize("text, predicate", [
    ("AA**", lambda h: ranks_of(h)[A] >= 2),
    ("KK**", lambda h: ranks_of(h)[K] >= 2),
    ("AKQJ", lambda h: all(ranks_of(h)[r] == 1 for r in (A, K, Q, J))),
    ("AKQJds", lambda h: all(ranks_of(h)[r] == 1 for r in (A, K, Q, J))
     and suit_pattern(h) == (2, 2)),
    ("AKQJ ss", lambda h: all(ranks_of(h)[r] == 1 for r in (A, K, Q, J))
     and suit_pattern(h) == (2, 1, 1)),
    ("AKQJr", lambda h: all(ranks_of(h)[r] == 1 for r in (A, K, Q, J))
     and suit_pattern(h) == (1, 1, 1, 1)),
    ("AA** rainbow", lambda h: ranks_of(h)[A] >= 2 and suit_pattern(h) == (1, 1, 1, 1)),
    ("AsA**", lambda h: 51 in h and ranks_of(h)[A] >= 2),
    ("AAA*", lambda h: ranks_of(h)[A] >= 3),
    ("A***", lambda h: ranks_of(h)[A] >= 1),
    ("KK**ds", lambda h: ranks_of(h)[K] >= 2 and suit_pattern(h) == (2, 2)),
    ("10h10d**", lambda h: 34 in h and 33 in h),
])
def test_patterns_match_their_definition(text, predicate):
    # every member satisfies the definition, and no sampled non-member does
    members = as_set(parse_range(text))
    assert all(predicate(h) for h in members)
    assert all(predicate(h) == (h in members) for h in sample_hands())


def test_known_counts():
    assert len(parse_range("random")) == len(parse_range("*")) == len(parse_range("****")) == 270725
    assert len(parse_range("AA**")) == 6961  # C(4,2)C(48,2) + C(4,3)48 + 1
    assert len(parse_range("AKQJ")) == 256
    assert len(parse_range("AKQJds")) == 36
    assert len(parse_range("AKQJr")) == 24
    assert len(parse_range("AKQJss")) == 144
    assert len(parse_range("AAAA")) == 1


def test_explicit_hand_forms():
    for text in ("AsKsQhJh", "as ks qh jh", "Jh Qh Ks As", "AsKs Qh Jh"):
        r = parse_range(text)
        assert r.is_single and as_set(r) == {tuple(sorted(ref.cards("AsKsQhJh")))}


def test_union_and_weights():
    r = parse_range("AA**:0.5, KK**")
    aa, kk = as_set(parse_range("AA**")), as_set(parse_range("KK**"))
    assert as_set(r) == aa | kk
    w = {tuple(h): x for h, x in zip(r.hands.tolist(), r.weights.tolist())}
    for h in aa - kk:
        assert w[h] == 0.5
    for h in kk:
        assert w[h] == 1.0  # a hand in several items keeps the largest weight
    assert not r.uniform and parse_range("AA**, KK**").uniform
    assert parse_range("AA**:50%").weights[0] == 0.5


def test_hands_are_sorted_rows_in_table_order():
    r = parse_range("QQ**, AA**")
    assert np.all(np.diff(r.hands.astype(int), axis=1) > 0)
    index = {tuple(h): i for i, h in enumerate(all_hands().tolist())}
    positions = [index[tuple(h)] for h in r.hands.tolist()]
    assert positions == sorted(positions)


def test_card_removal():
    r = parse_range("AA**").remove(ref.cards("AsAh2c"))
    assert all(not {51, 50, 0} & set(h) for h in as_set(r))
    assert as_set(r) == brute(lambda h: 51 not in h and 50 not in h and 0 not in h
                              and sum(c >= 48 for c in h) >= 2)
    assert len(parse_range("AA**").remove(ref.cards("AsAhAd"))) == 0
    assert len(parse_range("AA**").remove([])) == 6961


def test_range_from_hands():
    r = range_from_hands([ref.cards("AsKsQhJh"), ref.cards("JhQhKsAs"), ref.cards("2c2d2h2s")],
                         [1.0, 3.0, 2.0])
    assert len(r) == 2 and sorted(r.weights.tolist()) == [2.0, 3.0]
    with pytest.raises(RangeError, match="repeats a card"):
        range_from_hands([[1, 1, 2, 3]])


@pytest.mark.parametrize("text, match", [
    ("", "empty range"),
    ("   ", "empty range"),
    ("AA*", r"needs 4, 5 or 6 .* got 3 in 'AA\*' at position 0"),
    ("AAKKQQJ", r"got 7 in 'AAKKQQJ'"),
    ("AAKy", r"unknown card or rank 'y' at position 3"),
    ("KK**, AAK1", r"unknown card or rank '1' at position 9"),
    ("AA**:0", r"weight must be a positive number, not '0' at position 5"),
    ("AA**:-1", r"bad weight '-1' at position 5"),
    ("AA**:abc", r"bad weight 'abc'"),
    (",AA**", r"empty item at position 0"),
    ("AA**,", r"empty item at position 5"),
    ("AA**,,KK**", r"empty item at position 5"),
    ("AsAs**", r"repeated card 'As' at position 2"),
    ("AAAAA", r"more than four As"),
    ("AAAsAAK", r"more than four As"),
    ("AA** dd", r"unknown card or rank 'dd' at position 5"),
    ("AK ds", r"unknown card or rank 'ds' at position 3"),
    ("AhKhQhJhds", r"no hand matches 'AhKhQhJhds'"),
    (":0.5", r"missing hand"),
])
def test_rejected_syntax(text, match):
    with pytest.raises(RangeError, match=match):
        parse_range(text)


def test_rejects_non_text():
    with pytest.raises(TypeError):
        parse_range(["AA**"])  # type: ignore[arg-type]
