"""The ``omaha-eval equity`` command."""

from __future__ import annotations

import io
import json

import pytest

from omaha_eval.cli import _ProgressBar, main


def test_table_by_default(capsys):
    assert main(["equity", "AsKsQhJh", "2c2d7h8s", "--board", "2h7d9h", "--game", "hilo"]) == 0
    out = capsys.readouterr().out
    assert "AsKsQhJh" in out and "lo win" in out and "exact, 820 boards" in out


def test_json_exact(capsys):
    assert main(["equity", "AsKsQhJh", "2c2d7h8s", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["exact"] is True and data["boards"] == 1_086_008
    assert data["players"][0]["equity"] == pytest.approx(697231 / 1086008)


def test_json_monte_carlo_with_seed_and_workers(capsys):
    args = ["equity", "AsKsQhJh", "2c2d7h8s", "9c9dTcTd", "--trials", "20000", "--seed", "4",
            "--json"]
    assert main(args) == 0
    one = json.loads(capsys.readouterr().out)
    assert main(args + ["--workers", "2"]) == 0
    two = json.loads(capsys.readouterr().out)
    assert one == two and one["trials"] == 20000 and one["seed"] == 4
    assert "std_error" in one["players"][0]


def test_ranges_and_dead_cards(capsys):
    assert main(["equity", "AsKsQhJh", "KK**ds", "--board", "2h7d9hTc", "--dead", "Qs"]) == 0
    out = capsys.readouterr().out
    assert "KK**ds" in out and "holding combinations" in out


@pytest.mark.parametrize("argv, message", [
    (["equity", "AsKsQhJh", "AsKd7h8s"], "As is used twice"),
    (["equity", "AsKsQhJh", "AAKy"], "player 1: bad range"),
    (["equity", "AsKsQhJh"], "2 to 10 players"),
    (["equity", "AsKsQhJh", "2c2d7h8s", "--board", "2h7d9h3c4c5c"], "0 to 5 cards"),
    (["equity", "AsKsQhJh", "2c2d7h8s", "--trials", "0"], "trials"),
])
def test_errors_are_messages(capsys, argv, message):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


class _FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_draws_on_a_terminal_only():
    term = _FakeTerminal()
    bar = _ProgressBar(term, delay=0.0)
    bar(5, 10)
    bar(10, 10)
    bar.close()
    text = term.getvalue()
    assert "50.0%" in text and "100.0%" in text and text.endswith("\r")
    plain = io.StringIO()
    bar = _ProgressBar(plain, delay=0.0)
    bar(5, 10)
    bar.close()
    assert plain.getvalue() == ""


def test_progress_bar_waits_before_drawing():
    term = _FakeTerminal()
    bar = _ProgressBar(term, delay=60.0)
    bar(5, 10)
    bar.close()
    assert term.getvalue() == ""
