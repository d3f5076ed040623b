"""Smoke tests of the eval command."""

import json

from omaha_eval.cli import main


def test_eval_command_json(capsys):
    assert main(["eval", "As2sQhJh", "3s4s8h2c9d", "--game", "hilo", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["hi"]["description"] == "Pair of deuces, ace-nine-eight kickers"
    assert out["lo"]["description"] == "8-4-3-2-A"
    assert out["lo"]["hole_cards"] == "As2s"


def test_eval_command_rejects_bad_card(capsys):
    assert main(["eval", "As2sQh1x", "3s4s8h2c9d"]) == 2
    assert "unknown card '1x' at position 3" in capsys.readouterr().err


def test_equity_is_the_function_at_top_level():
    import omaha_eval
    from omaha_eval import _equity, equity

    assert callable(equity) and equity is _equity.equity and omaha_eval.equity is equity
    assert omaha_eval.showdown is _equity.showdown and omaha_eval.equity_batch is _equity.equity_batch
