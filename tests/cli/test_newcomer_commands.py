"""The rough edges a newcomer hit in 0.1 (issue 9): the CLI's replay, play, equity output and
Ctrl-C; PHH input that is not a hand history; the rules layer's refusals; player numbering."""

from __future__ import annotations

import argparse
import io
import json
import os
import signal
import subprocess
import sys
import time

import pytest

from omaha_eval.cli import _COMMANDS, build_parser, main
from omaha_eval.game import GameConfig, Hand, HandSetupError, IllegalActionError, PHHError, Table
from omaha_eval.game.phh import hand_from_phh, parse_phh
from omaha_eval.game.session import load_session, save_session

GOOD = """variant = 'PO'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 50]
actions = [
  'd dh p1 AsKs2c3c', 'd dh p2 QdJdTh9h', 'd dh p3 7c7d8h8s',
  'p3 cbr 7', 'p1 cc', 'p2 cc',
  'd db 4c5d8d', 'p1 cc', 'p2 cc', 'p3 cbr 21', 'p1 f', 'p2 cc',
  'd db 9c', 'p2 cc', 'p3 cbr 22', 'p2 cc',
  'd db Kd', 'p3 sm 7c7d8h8s', 'p2 sm',
]
finishing_stacks = [93, 50, 107]
"""


@pytest.fixture
def files(tmp_path):
    paths = {}
    for name, content in {
        "a.phh": GOOD,
        "illegal.phh": GOOD.replace("'p3 cbr 21'", "'p3 cbr 99'"),
        "b.phh": GOOD,
        "truncated.phh": GOOD[: GOOD.index("'p1 f'") + 3],
        "early.phh": GOOD.replace("  'd db 9c', 'p2 cc', 'p3 cbr 22', 'p2 cc',\n", "")
                         .replace("  'd db Kd', 'p3 sm 7c7d8h8s', 'p2 sm',\n", ""),
    }.items():
        path = tmp_path / name
        path.write_text(content)
        paths[name] = str(path)
    binary = tmp_path / "binary.phh"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe")
    paths["binary.phh"] = str(binary)
    return paths


# ---------------------------------------------------------------- replay


def test_replay_reports_every_file_and_names_the_broken_one(files, capsys):
    code = main(["replay", files["a.phh"], files["illegal.phh"], files["b.phh"]])
    out, err = capsys.readouterr()
    assert code == 1
    assert out.count("finishing stacks p1 93  p2 50  p3 107") == 2  # both good files reported
    assert f"{files['a.phh']}: PO" in out and f"{files['b.phh']}: PO" in out
    assert (f"{files['illegal.phh']}: line 9, action 9 'p3 cbr 99': bet to 99 is more than "
            "p3 has (43 in total)") in err
    assert "1 of 3 files failed" in err


def test_replay_all_good_exits_zero(files, capsys):
    assert main(["replay", files["a.phh"], files["b.phh"]]) == 0
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("name, message", [
    ("truncated.phh", "not valid TOML"),
    ("binary.phh", "not UTF-8 text (byte 0x89 at offset 0)"),
    ("early.phh", "the history ends before the hand is over: p2 to act: check or bet 2..63"),
    ("missing.phh", "cannot read"),
])
def test_replay_of_a_broken_file_fails_with_words(files, capsys, name, message):
    path = files.get(name, os.path.join(os.path.dirname(files["a.phh"]), name))
    assert main(["replay", path]) == 1
    out, err = capsys.readouterr()
    assert message in err and path in err
    assert "LegalActions(" not in out + err and "Traceback" not in out + err


def test_replay_json_lists_errors_per_file(files, capsys):
    assert main(["replay", "--json", files["a.phh"], files["binary.phh"]]) == 1
    reports = json.loads(capsys.readouterr().out)
    assert reports[0]["finishing_stacks"] == [93, 50, 107] and "error" not in reports[0]
    assert reports[1]["file"] == files["binary.phh"] and "not UTF-8" in reports[1]["error"]


@pytest.mark.parametrize("source", [
    b"\xff\xfe\x00v\x00a\x00r",            # UTF-16 bytes
    b"variant = 'PO'\nstarting_stacks = [1",  # truncated
    "variant = 'PO'\x00",                    # a NUL in text
    GOOD.encode()[:200],
    12,
])
def test_every_malformed_source_raises_phherror(source):
    with pytest.raises(PHHError):
        hand_from_phh(source)


def test_bytes_of_a_good_history_replay():
    assert list(hand_from_phh(GOOD.encode()).stacks) == [93, 50, 107]


def test_phh_record_knows_the_line_of_each_action():
    record = parse_phh(GOOD)
    assert record.where(0) == "line 7, action 0" and record.where(18) == "line 11, action 18"


# ---------------------------------------------------------------- play


@pytest.mark.parametrize("structure", ["fixed", "pot"])
def test_play_offers_all_in_only_when_legal(monkeypatch, capsys, structure):
    monkeypatch.setattr(sys, "stdin", io.StringIO("c\n" * 60))
    assert main(["play", "--seed", "2", "--players", "3", "--structure", structure,
                 "--hands", "2"]) == 0
    prompts = [line for line in capsys.readouterr().out.splitlines() if "Your action:" in line]
    assert prompts and not any("(a)ll in" in p for p in prompts)  # 100 big blinds never fit


def test_play_offers_all_in_in_no_limit(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO("c\n" * 60))
    assert main(["play", "--seed", "2", "--players", "3", "--structure", "no", "--hands", "1"]) == 0
    assert "(a)ll in 200" in capsys.readouterr().out


# ---------------------------------------------------------------- equity output


def test_monte_carlo_text_shows_trials_and_seed(capsys):
    assert main(["equity", "AsKsQhJh", "2c2d7h8s", "--trials", "2000", "--seed", "7"]) == 0
    assert "Monte Carlo, 2,000 trials, seed 7" in capsys.readouterr().out


def test_sampling_instead_of_exact_says_why(capsys):
    # the README's range example: too many holding combinations to enumerate
    assert main(["equity", "AA**ds", "KK**:0.5, QQ**", "--board", "Ts9d3c", "--dead", "2h",
                 "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "Monte Carlo, 1,000,000 trials, seed 1" in out
    assert "(sampled: exact enumeration would visit up to" in out and "exact budget" in out


def test_exact_text_has_no_seed(capsys):
    assert main(["equity", "AsKsQhJh", "2c2d7h8s", "--board", "Ts9d3c"]) == 0
    out = capsys.readouterr().out
    assert "exact, 820 boards" in out and "seed" not in out


# ---------------------------------------------------------------- Ctrl-C


def _command_names():
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    return sorted(sub.choices)


@pytest.mark.parametrize("command", _command_names())
def test_ctrl_c_in_any_command_is_one_line_and_130(monkeypatch, capsys, command):
    # every registered command's work is interrupted; main() must turn it into one line + 130
    assert len(_command_names()) == len(_COMMANDS)
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    work = sub.choices[command].get_default("func")
    assert callable(work)

    def interrupted(args):
        raise KeyboardInterrupt

    monkeypatch.setattr("omaha_eval.cli.build_parser",
                        lambda: _Fixed(argparse.Namespace(command=command, func=interrupted)))
    assert main([command]) == 130
    assert capsys.readouterr().err == "omaha-eval: interrupted\n"


class _Fixed:
    """A parser whose parse_args returns a prepared namespace."""

    def __init__(self, args):
        self._args = args

    def parse_args(self, argv):
        return self._args


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_real_sigint_at_the_play_prompt():
    # SIGINT back to its default in the child: a shell's background job (nox or CI started with
    # `&`) inherits it ignored, and Python then installs no KeyboardInterrupt handler
    proc = subprocess.Popen([sys.executable, "-m", "omaha_eval", "play", "--seed", "1"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        deadline = time.monotonic() + 20
        seen = ""
        while "Your action" not in seen and time.monotonic() < deadline:
            seen += proc.stdout.read(1)
        assert "Your action" in seen
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=20)
    finally:
        proc.kill() if proc.poll() is None else None
    assert proc.returncode == 130
    assert err.strip().splitlines() == ["omaha-eval: interrupted"]


# ---------------------------------------------------------------- rules layer


def test_small_blind_above_big_blind_is_refused():
    with pytest.raises(HandSetupError, match="the small blind 2 is above the big blind 1"):
        GameConfig.pot_limit(2, 1)
    with pytest.raises(HandSetupError, match="small blind 5 is above the big blind 2"):
        GameConfig.no_limit(5, 2)
    GameConfig.pot_limit(1, 1)  # equal blinds are a real structure


def test_truncated_session_json_is_a_table_error(tmp_path):
    from omaha_eval.game import TableError

    table = Table(GameConfig.pot_limit(1, 2), seed=3)
    table.sit(0, "a", 100)
    table.sit(1, "b", 100)
    path = tmp_path / "session.json"
    save_session(table, path)
    text = path.read_text()
    path.write_text(text[: len(text) // 2])
    with pytest.raises(TableError, match=r"session.json: not a saved session: bad JSON at line \d+"):
        load_session(path)
    path.write_bytes(b"\xff\xfe{}")
    with pytest.raises(TableError, match="not UTF-8"):
        load_session(path)


def test_a_policy_that_raises_leaves_the_table_as_before():
    table = Table(GameConfig.pot_limit(1, 2), seed=3)
    for seat, name in enumerate("abc"):
        table.sit(seat, name, 100)
    table.play_hand(lambda t, s, legal: ("call",) if legal.can_call else ("check",))
    before = (table.hands_played, table.stacks(), table.positions, table.next_plan(),
              len(table.history), [p and p.to_dict() for p in table.seats])
    calls = []

    def broken(t, seat, legal):
        calls.append(seat)
        if len(calls) == 2:
            raise RuntimeError("policy bug")
        return ("call",)

    with pytest.raises(RuntimeError, match="policy bug"):
        table.play_hand(broken)
    assert not table.in_hand
    after = (table.hands_played, table.stacks(), table.positions, table.next_plan(),
             len(table.history), [p and p.to_dict() for p in table.seats])
    assert after == before
    # the table plays on: the same hand (same number, same cards) is dealt again
    record = table.play_hand(lambda t, s, legal: ("call",) if legal.can_call else ("check",))
    assert record.number == before[0] + 1 and sum(table.stacks().values()) == 300


def test_an_illegal_policy_action_also_undoes_the_hand():
    table = Table(GameConfig.pot_limit(1, 2), seed=3)
    table.sit(0, "a", 100)
    table.sit(1, "b", 100)
    with pytest.raises(IllegalActionError):
        table.play_hand(lambda t, s, legal: ("raise", 10_000))
    assert not table.in_hand and table.hands_played == 0 and table.stacks() == {0: 100, 1: 100}


# ---------------------------------------------------------------- numbering


def test_one_numbering_convention():
    # a Hand counts players from 0 and says so; a Table's hand names seats (from 0); PHH names
    # players as the file does (p1..pN) and counts actions from 0 like the actions list
    hand = Hand(GameConfig.pot_limit(1, 2), [100, 100, 100], seed=1)
    with pytest.raises(IllegalActionError, match="it is player 2's turn, not player 1's"):
        hand.call(1)
    assert hand.legal_actions().describe() == "player 2 to act: fold, call 2 or raise to 4..7"
    table = Table(GameConfig.pot_limit(1, 2), seed=1)
    for seat in (2, 4, 5):
        table.sit(seat, f"s{seat}", 100)
    t_hand = table.start_hand()
    actor = table.actor_seat
    other = next(s for s in (2, 4, 5) if s != actor)
    with pytest.raises(IllegalActionError, match=f"it is seat {actor}'s turn, not seat {other}'s"):
        t_hand.call(table.plan.index(other))
    with pytest.raises(PHHError, match=r"action 4 'p2 cc': it is p1's turn, not p2's"):
        hand_from_phh(GOOD.replace("'p1 cc', 'p2 cc',\n", "'p2 cc', 'p1 cc',\n", 1))
