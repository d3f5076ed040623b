"""What a new user tries first (issue 9): the top-level names, immutable shared objects, text
wherever cards are, empty batches, and inputs that must be refused rather than bent."""

from __future__ import annotations

import dataclasses
import subprocess
import sys

import numpy as np
import pytest

import omaha_eval as oe
from omaha_eval import CardError


def test_equity_is_the_function_before_any_other_access():
    # a fresh interpreter: nothing else has been touched (the lazy loader once returned a module)
    code = ("import omaha_eval as oe; r = oe.equity(['AsKsQhJh', '2c2d7h8s']); "
            "print(callable(oe.equity), round(float(r.equity[0]), 4))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["True", "0.642"]


def test_from_import_gives_the_function():
    from omaha_eval import equity

    assert callable(equity) and equity.__module__ == "omaha_eval._equity"


def test_every_public_name_is_listed_and_resolves():
    names = dir(oe)
    for name in oe.__all__:
        assert name in names
        assert getattr(oe, name) is not None
    assert {"equity", "equity_batch", "showdown", "parse_range", "Range", "game",
            "__version__"} <= set(names)


def test_version_comes_from_the_metadata():
    from importlib.metadata import version

    assert oe.__version__ == version("omaha_eval")


def test_python_dash_m_runs_the_cli():
    out = subprocess.run([sys.executable, "-m", "omaha_eval", "eval", "AsKsQhJh", "Ts9s8h2c2d"],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert "Straight, queen high" in out.stdout


# ---------------------------------------------------------------- immutability


def test_parsed_range_arrays_are_read_only():
    r = oe.parse_range("AA**ds")
    with pytest.raises(ValueError, match="read-only"):
        r.hands[:] = 0
    with pytest.raises(ValueError, match="read-only"):
        r.weights[:] = 2.0
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.hands = np.zeros((1, 4), dtype=np.uint8)  # type: ignore[misc]
    assert oe.parse_range("AA**ds") is r  # cached: the same object comes back


def test_ranges_after_card_removal_are_read_only_too():
    r = oe.parse_range("KK**").remove([51])
    assert not r.hands.flags.writeable and not r.weights.flags.writeable


def test_a_range_built_from_user_arrays_does_not_share_them():
    hands = np.array([[0, 1, 2, 3]], dtype=np.uint8)
    r = oe.Range("custom", hands, np.ones(1))
    hands[0, 0] = 9
    assert r.hands[0, 0] == 0 and not r.hands.flags.writeable


def test_equity_with_a_cached_range_is_stable():
    first = oe.equity(["AA**ds", "KsKd7h2c"], board="Ts9d3c").equity
    r = oe.parse_range("AA**ds")
    with pytest.raises(ValueError):
        r.hands[0] = [0, 1, 2, 3]
    assert np.array_equal(oe.equity(["AA**ds", "KsKd7h2c"], board="Ts9d3c").equity, first)


# ---------------------------------------------------------------- equity_batch


def test_equity_batch_takes_text_hands():
    text = oe.equity_batch([["AsKsQhJh", "2c2d7h8s"]])
    ids = oe.equity_batch(np.array([[oe.parse_cards("AsKsQhJh"), oe.parse_cards("2c2d7h8s")]]))
    assert np.array_equal(text, ids)
    assert text[0, 0] == oe.equity(["AsKsQhJh", "2c2d7h8s"]).equity[0]


def test_equity_batch_takes_text_boards():
    holes = [["AsKsQhJh", "2c2d7h8s"], ["AsKsQhJh", "2c2d7h8s"]]
    shared = oe.equity_batch(holes, "Ts9d3c")
    per_row = oe.equity_batch(holes, ["Ts9d3c", "Ts9d3c"])
    assert np.array_equal(shared, per_row)
    assert shared[0, 0] == oe.equity(["AsKsQhJh", "2c2d7h8s"], board="Ts9d3c").equity[0]


def test_equity_batch_text_errors_say_where():
    with pytest.raises(CardError, match=r"holes \(0, 1\): unknown card 'Xx'"):
        oe.equity_batch([["AsKsQhJh", "2c2d7hXx"]])
    with pytest.raises(CardError, match="same number of cards"):
        oe.equity_batch([["AsKsQhJh", "2c2d7h"]])


@pytest.mark.parametrize("players", [2, 3])
def test_equity_batch_of_nothing(players):
    empty = np.zeros((0, players, 4), dtype=np.uint8)
    assert oe.equity_batch(empty).shape == (0, players)
    assert oe.equity_batch(empty, "Ts9d3c").shape == (0, players)
    eq, se = oe.equity_batch(empty, trials=100, seed=1, return_std_error=True)
    assert eq.shape == se.shape == (0, players)


def test_showdown_of_nothing():
    result = oe.showdown(np.zeros((0, 2, 4), dtype=np.uint8), np.zeros((0, 5), dtype=np.uint8))
    assert result.share.shape == (0, 2) and result.hi_win.tolist() == [0, 0]


# ---------------------------------------------------------------- refused, not bent


def test_seed_beyond_64_bits_is_refused():
    with pytest.raises(ValueError, match=r"seed must be an int in 0..2\*\*64 - 1"):
        oe.equity(["AsKsQhJh", "2c2d7h8s"], trials=100, seed=2**70)
    # the largest seed still works, and differs from seed 0 (nothing is folded)
    top = oe.equity(["AsKsQhJh", "2c2d7h8s"], trials=5000, seed=2**64 - 1)
    assert top.seed == 2**64 - 1


@pytest.mark.parametrize("call", [
    lambda w: oe.equity(["AsKsQhJh", "2c2d7h8s"], workers=w),
    lambda w: oe.equity_batch([["AsKsQhJh", "2c2d7h8s"]], workers=w),
    lambda w: oe.evaluate_hi("AsKsQhJh", "Ts9s8h2c2d", workers=w),
    lambda w: oe.evaluate_hilo(np.zeros((0, 4), np.uint8), np.zeros((0, 5), np.uint8), workers=w),
])
@pytest.mark.parametrize("workers", [1000, 0, -2, True, 1.0])
def test_absurd_worker_counts_are_refused(call, workers):
    # True and 1.0 equal 1, but are not counts: refused by small calls as by big ones
    with pytest.raises(ValueError, match="workers must be"):
        call(workers)


def test_card_errors_speak_of_cards():
    with pytest.raises(CardError, match="the board needs 5 cards, got 3"):
        oe.evaluate_hi("AsKsQhJh", "2c3c4c")
    with pytest.raises(CardError, match="the hole needs 4, 5 or 6 cards, got 3"):
        oe.evaluate_hi("AsKsQh", "2c3c4c5c6c")
