"""The command line's shared conventions: the same game names as Python, "did you mean" for a
mistyped option, command or game, one exit status convention documented in the help."""

from __future__ import annotations

import pytest

from omaha_eval.cli import EXIT_STATUS, build_parser, main


@pytest.mark.parametrize("name, canonical", [("omaha8", "plo8"), ("PLO8", "plo8"),
                                             ("omaha", "plo"), ("Big O", "plo5-8"),
                                             ("hilo", "hilo")])
def test_game_names_are_the_python_ones(name: str, canonical: str) -> None:
    args = build_parser().parse_args(["equity", "AsKsQhJh", "2c2d7h8s", "--game", name])
    assert args.game == canonical


def test_an_alias_gives_the_same_answer_as_the_canonical_name(capsys) -> None:
    assert main(["equity", "AsKsQhJh", "2c2d7h8s", "--board", "Ts9d3c", "--game", "omaha8"]) == 0
    alias = capsys.readouterr().out
    assert main(["equity", "AsKsQhJh", "2c2d7h8s", "--board", "Ts9d3c", "--game", "plo8"]) == 0
    assert capsys.readouterr().out == alias and "hi-lo" in alias


@pytest.mark.parametrize("argv, hint", [
    (["equity", "AsKsQhJh", "2c2d7h8s", "--trails", "10"], "did you mean '--trials'?"),
    (["equity", "AsKsQhJh", "2c2d7h8s", "--trails=10"], "did you mean '--trials'?"),
    (["equty", "AsKsQhJh"], "did you mean 'equity'?"),
    (["eval", "AsKsQhJh", "Ts9h8c2d3d", "--game", "plo9"], "did you mean 'plo'?"),
])
def test_mistypes_are_usage_errors_with_a_suggestion(capsys, argv, hint) -> None:
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert hint in err and "Traceback" not in err
    if argv[0] == "equity":
        assert err.startswith("usage: omaha-eval equity")  # the command's usage, not the top's


def test_the_exit_status_convention_is_in_every_help(capsys) -> None:
    parser = build_parser()
    assert EXIT_STATUS in parser.format_help().replace("\n", " ").replace("  ", " ") or \
        "exit status: 0 done" in parser.format_help()
    for name, sub in parser.commands.items():
        assert "exit status" in (sub.epilog or ""), name
