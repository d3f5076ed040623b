"""``omaha-eval replay``."""

from __future__ import annotations

import json

import pytest
from game_helpers import WSOP_DIR

from omaha_eval.cli import main

HAND = """
variant = 'PO'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 50]
actions = ['d dh p1 AsKs2c3c', 'd dh p2 QdJdTh9h', 'd dh p3 7c7d8h8s', 'p3 cbr 7', 'p1 cc', 'p2 cc',
           'd db 4c5d8d', 'p1 cc', 'p2 cc', 'p3 cbr 21', 'p1 f', 'p2 cc', 'd db 9c', 'p2 cc', 'p3 cbr 22',
           'p2 cc', 'd db Kd', 'p3 sm 7c7d8h8s', 'p2 sm']
finishing_stacks = [93, 50, 107]
"""


@pytest.fixture
def hand_file(tmp_path):
    path = tmp_path / "hand.phh"
    path.write_text(HAND)
    return path


def test_replay_text(hand_file, capsys):
    assert main(["replay", str(hand_file)]) == 0
    out = capsys.readouterr().out
    assert "PO, Omaha Hi, pot limit" in out
    assert "board 4c5d8d9cKd" in out
    assert "p3 wins 107 hi: Three of a kind, eights" in out
    assert "finishing stacks p1 93  p2 50  p3 107" in out
    assert "matches the file's finishing_stacks" in out


def test_replay_json(hand_file, capsys):
    assert main(["replay", "--json", str(hand_file)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["finishing_stacks"] == [93, 50, 107]
    assert report["pots"][0]["awards"][0]["player"] == "p3"
    assert report["pots"][0]["awards"][0]["description"].startswith("Three of a kind")
    assert report["mucked"] == ["p2"] and report["shown"] == {"p3": "7c7d8h8s"}


def test_replay_reports_disagreement(tmp_path, capsys):
    path = tmp_path / "wrong.phh"
    path.write_text(HAND.replace("[93, 50, 107]", "[93, 51, 106]"))
    assert main(["replay", str(path)]) == 1
    assert "DIFFERS" in capsys.readouterr().out


def test_replay_errors_are_messages(tmp_path, capsys):
    path = tmp_path / "bad.phh"
    path.write_text(HAND.replace("'p3 cbr 7'", "'p3 cbr 8'"))
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"{path}: line 7, action 3 'p3 cbr 8': raise to 8 is above the pot-limit maximum 7" in err


def test_replay_partial_hand(tmp_path, capsys):
    path = tmp_path / "partial.phh"
    path.write_text(HAND.replace(", 'd db Kd', 'p3 sm 7c7d8h8s', 'p2 sm'", ""))
    assert main(["replay", str(path)]) == 1  # a history that stops early is a failure
    err = capsys.readouterr().err
    assert f"{path}: the history ends before the hand is over: p3 to show or muck" in err


@pytest.mark.skipif(not (WSOP_DIR / "expected.json").exists(), reason="../shared/data/phh not available")
def test_replay_several_wsop_files_json(capsys):
    files = [str(WSOP_DIR / name) for name in ("12.phh", "79.phh")]
    assert main(["replay", "--json", *files]) == 0
    reports = json.loads(capsys.readouterr().out)
    expected = json.loads((WSOP_DIR / "expected.json").read_text())
    assert [r["finishing_stacks"] for r in reports] == [expected["12.phh"]["finishing_stacks"],
                                                       expected["79.phh"]["finishing_stacks"]]
