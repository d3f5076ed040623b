"""omaha-eval board: one hand, a range, --against, --json, --plot."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from omaha_eval.cli import main


def test_one_hand_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["board", "JhTs7d4c", "9h8s2d", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["outs"][4] == 17 and out["nut_outs"] == 11 and out["draws"] == ["wrap (17 outs)"]


def test_one_hand_text_against(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["board", "JhTs7d4c", "9h8s2d", "--against", "KhKs**"]) == 0
    text = capsys.readouterr().out
    assert "wrap (17 outs)" in text and "equity" in text


def test_range_breakdown(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["board", "AcAd**,KhKc**", "Ks9d3c", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["groups"][0]["name"] == "top set" and out["equity"] is None


def test_bad_board_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["board", "JhTs7d4c", "9h8s"]) == 2
    assert "error" in capsys.readouterr().err


@pytest.mark.skipif(importlib.util.find_spec("matplotlib") is None, reason="needs matplotlib")
def test_plot(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    png = tmp_path / "d.png"
    assert main(["board", "AcAd**", "Kc9d3h", "--against", "QhQs**", "--plot", str(png)]) == 0
    assert png.read_bytes()[:4] == b"\x89PNG"
