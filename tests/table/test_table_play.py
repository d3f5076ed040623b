"""``omaha-eval play`` driven by scripted input: its output shows cards, pots and actions, bad
input is refused with a reason, and the end of input ends the session cleanly."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys

import pytest

from omaha_eval.cli import main
from omaha_eval.game.play import run_play


def _run(script: str, *args: str, monkeypatch, capsys) -> str:
    monkeypatch.setattr(sys, "stdin", io.StringIO(script))
    code = main(["play", *args])
    out = capsys.readouterr().out
    assert code == 0
    return out


def test_calling_session_shows_cards_pots_actions_and_ends_at_eof(monkeypatch, capsys) -> None:
    out = _run("c\n" * 200, "--seed", "3", "--players", "4", "--game", "hilo", "--hands", "3",
               monkeypatch=monkeypatch, capsys=capsys)
    assert "Omaha Hi-Lo 8 or better, fixed limit 2/4" in out
    assert out.count("=== Hand ") == 3
    assert re.search(r"Your cards: (\S\S ){3}\S\S", out)
    assert "posts the small blind 1" in out and "posts the big blind 2" in out
    assert re.search(r"\*\*\* FLOP \*\*\* \[\S\S \S\S \S\S\]  pot \d+", out)
    assert re.search(r"Pot \d+ \| board", out)
    assert re.search(r"wins \d+ from the main pot", out)
    assert "Session over (done) after 3 hands." in out
    # stacks are conserved: the last "Stacks:" line adds up to 4 x 200
    last = [line for line in out.splitlines() if line.startswith("Stacks:")][-1]
    assert sum(int(x) for x in re.findall(r"\) (\d+)", last)) == 800


def test_same_seed_same_script_same_transcript(monkeypatch, capsys) -> None:
    args = ("--seed", "11", "--players", "3", "--opponents", "random", "--structure", "pot",
            "--hands", "4")
    first = _run("c\nc\nk\nc\n" * 40, *args, monkeypatch=monkeypatch, capsys=capsys)
    second = _run("c\nc\nk\nc\n" * 40, *args, monkeypatch=monkeypatch, capsys=capsys)
    assert first == second


def test_bad_input_is_refused_with_a_reason_then_eof_ends_cleanly(monkeypatch, capsys) -> None:
    # heads-up: the person is the big blind; the button calls, then it is the person's turn
    out = _run("hello\nr\nr 7\nf\nk\n", "--seed", "5", "--players", "2",
               monkeypatch=monkeypatch, capsys=capsys)
    assert "unknown command 'hello'" in out
    assert "'r' needs an amount" in out
    assert "not allowed: raise to 7 is above the fixed-limit maximum 4" in out
    assert "not allowed: seat 0 cannot fold: there is nothing to call (check instead)" in out
    assert "seat 0 (you) checks" in out and "*** FLOP ***" in out
    assert "Session over (end of input) after 0 hands." in out
    assert "Traceback" not in out


def test_quit_in_the_middle_of_a_hand(monkeypatch, capsys) -> None:
    out = _run("q\n", "--seed", "2", "--players", "3", monkeypatch=monkeypatch, capsys=capsys)
    assert "Session over (quit) after 0 hands." in out
    assert "abandoned" in out
    assert "You: 200 (+0)" in out


def test_bet_raise_and_all_in_commands(capsys) -> None:
    stdout = io.StringIO()
    script = "r 4\nc\nb 2\nc\nb 4\nc\na\nc\n" + "c\n" * 60
    run_play(seed=8, players=3, opponents="calling", hands=2, stdin=io.StringIO(script),
             stdout=stdout)
    out = stdout.getvalue()
    assert "seat 0 (you) raises to 4" in out or "seat 0 (you) bets" in out
    assert "Session over (done) after 2 hands." in out


def test_no_limit_all_in_with_random_opponents_runs_to_the_end() -> None:
    stdout = io.StringIO()
    run_play(seed=4, players=6, opponents="random", structure="no", hands=15,
             stdin=io.StringIO("a\n" * 300), stdout=stdout)
    out = stdout.getvalue()
    assert "all in" in out
    assert re.search(r"Session over \((done|out of chips)\)", out)


def test_play_as_a_subprocess_with_piped_input() -> None:
    env = dict(os.environ)
    proc = subprocess.run([sys.executable, "-m", "omaha_eval.cli", "play", "--seed", "1",
                           "--players", "3", "--hands", "1"],
                          input="c\n" * 20, capture_output=True, text=True, env=env, timeout=120)
    if proc.returncode != 0 and "No module named omaha_eval.cli.__main__" in proc.stderr:
        pytest.skip("cli has no __main__ guard")
    assert proc.returncode == 0, proc.stderr
    assert "=== Hand 1 ===" in proc.stdout and "Session over" in proc.stdout
