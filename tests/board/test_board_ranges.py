"""Board filters in the range syntax (@set, @nfd, ...) against oe.classify row by row, and
through oe.equity, breakdown and the service's parsers."""

from __future__ import annotations

import numpy as np
import pytest

import omaha_eval as oe
from omaha_eval.board.names import MADE


def _hands(text: str, board: str, game: str = "hi") -> set:
    return set(map(tuple, oe.parse_range(text, board=board, game=game).hands.tolist()))


def _by_rule(base: str, board: str, rule, game: str = "hi") -> set:
    r = oe.parse_range(base).remove(oe.parse_cards(board))
    c = oe.classify(r.hands, board, game)
    return set(map(tuple, r.hands[rule(c)].tolist()))


@pytest.mark.parametrize("text,rule", [
    ("AA**@set", lambda c: np.isin(c.made_code, [13, 14, 15])),
    ("KK**@nuts", lambda c: c.nut_rank == 1),
    ("T***@n2", lambda c: c.nut_rank <= 2),
    ("JT**@toptwo+", lambda c: c.made_code >= MADE["top two"]),
    ("QQ**@overpair", lambda c: c.made_code == MADE["overpair"]),
    ("AK**@nfd", lambda c: c.flush_draw == 1),
    ("8***@wrap13+", lambda c: (c.category < 4) & (c.straight_outs >= 13)),
    ("8***@outs>=13", lambda c: c.outs[:, 4] >= 13),
    ("A2**@nutlowdraw", lambda c: (c.lo == 0) & (c.nut_lo_outs > 0)),
    ("A***@lowdraw", lambda c: (c.lo == 0) & (c.lo_outs > 0)),
])
def test_filter_keeps_exactly_the_classified_hands(text: str, rule) -> None:
    board = "Ts9h3h"
    base = text.split("@")[0]
    assert _hands(text, board, "hilo") == _by_rule(base, board, rule, "hilo")


def test_combinations_with_comma_bang_and_weight() -> None:
    board = "Ts9h3h"
    got = oe.parse_range("AA**@set:0.5,@nfd!@nuts", board=board)
    sets = _by_rule("AA**", board, lambda c: np.isin(c.made_code, [13, 14, 15]))
    nfd = _by_rule("****", board, lambda c: (c.flush_draw == 1) & (c.nut_rank != 1))
    assert set(map(tuple, got.hands.tolist())) == sets | nfd
    w = dict(zip(map(tuple, got.hands.tolist()), got.weights.tolist()))
    assert all(w[h] == 1.0 for h in nfd) and all(w[h] == 0.5 for h in sets - nfd)


def test_nutlow_on_a_river() -> None:
    board = "2s5d8cKhQd"
    assert _hands("A***@nutlow", board, "hilo") == _by_rule(
        "A***", board, lambda c: c.nut_lo_rank == 1, "hilo")


def test_equity_resolves_filters_on_its_board() -> None:
    r = oe.equity(["AA**@set", "KhKs**"], board="As9d3c", trials=20_000, seed=7)
    fixed = oe.parse_range("AA**@set", board="As9d3c")
    want = oe.equity([fixed, "KhKs**"], board="As9d3c", trials=20_000, seed=7)
    assert np.array_equal(r.equity, want.equity)
    assert oe.breakdown("AA**@set", "As9d3c")["top set"].share == 1.0


def test_filters_need_a_board_and_known_words() -> None:
    with pytest.raises(oe.RangeError, match="board"):
        oe.parse_range("@set")
    with pytest.raises(oe.RangeError, match="player 0"):
        oe.equity(["@set", "KK**"])
    with pytest.raises(oe.RangeError, match="unknown board filter"):
        oe.parse_range("AA**@setz", board="Ts9d3c")


def test_an_empty_filter_is_not_an_error() -> None:
    assert len(oe.parse_range("@nfd", board="Ts9d3c")) == 0
    assert len(oe.parse_range("AA**@set,@nfd", board="Ts9d3c")) == 54
