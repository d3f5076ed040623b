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


def test_equity_module_is_not_shadowed_by_lazy_exports():
    import types

    import omaha_eval
    from omaha_eval import equity

    assert isinstance(equity, types.ModuleType)  # `omaha_eval.equity` is the module
    assert omaha_eval.showdown is equity.showdown and omaha_eval.equity_batch is equity.equity_batch
