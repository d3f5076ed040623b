"""Public result objects print short and, where they can be rebuilt, as valid Python (issue 30)."""

from __future__ import annotations

import sys

import pytest

import omaha_eval as oe
from omaha_eval.bulk import BulkJob, bulk_equity, canonical_hands
from omaha_eval.game import GameConfig, Hand
from omaha_eval.game.results import Award, PotResult


def _finished_hand() -> Hand:
    hand = Hand(GameConfig.pot_limit(1, 2, game="hilo"), [100, 100, 100], seed=5)
    while not hand.is_over:
        hand.check_or_call()
    return hand


def test_award_and_pot_reprs_rebuild_the_same_fields():
    result = _finished_hand().result
    for pot in result.pots:
        again = eval(repr(pot), {"PotResult": PotResult, "Award": Award})
        assert (again.index, again.amount, again.eligible, again.hi_amount, again.lo_amount) == \
            (pot.index, pot.amount, pot.eligible, pot.hi_amount, pot.lo_amount)
        for a, b in zip(pot.awards, again.awards):
            assert (a.player, a.amount, a.half, a.score, a.description) == \
                (b.player, b.amount, b.half, b.score, b.description)
            assert str(a).startswith(f"player {a.player} wins {a.amount}")
    uncontested = Award(1, 3, "all")
    assert eval(repr(uncontested), {"Award": Award}).to_dict() == uncontested.to_dict()
    assert repr(result).startswith("<HandResult finishing_stacks=")


def test_big_objects_print_one_short_line():
    table = oe.preflop_table(game="hi")
    classes = canonical_hands(4)
    result = bulk_equity(["AsKsQhJh", "7c6c5d4d"], opponents=2, trials=500, seed=1)
    job = BulkJob.for_hands(["AsKsQhJh"], trials=10, seed=1)
    eq = oe.equity(["AsKsQhJh", "2c2d7h8s"], board="Ts9d3c")
    sd = oe.showdown(["AsKsQhJh", "2c2d7h8s"], "Ts9d3c2h4d")
    for obj in (table, classes, result, job, eq, sd):
        text = repr(obj)
        assert "\n" not in text and len(text) < 200, text
        assert " at 0x" not in text and "_keys" not in text and "_order" not in text, text
    assert repr(classes) == "<CanonicalHands hole_cards=4: 16,432 classes, 270,725 combinations>"
    assert "AsKsQhJh 60.49%" in repr(eq)


def test_str_of_tables_shows_the_top_rows():
    table = oe.preflop_table(game="hi")
    lines = str(table).splitlines()
    assert len(lines) == 13 and lines[0].split() == ["hand", "equity", "+/-", "scoop"]
    best = table.rank()[0]
    assert lines[2].split()[0] == table.hands[best]
    assert f"{100 * table.equity[best]:.2f}%" in lines[2]
    result = bulk_equity(["AsKsQhJh", "7c6c5d4d"], opponents=1, trials=500, seed=1)
    rows = str(result).splitlines()
    assert rows[2].split()[0] == "AsKsQhJh" and rows[3].split()[0] == "7c6c5d4d"
    assert f"{100 * result.columns()['equity'][1]:.2f}%" in rows[3]


def test_to_pandas_without_pandas_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "pandas", None)  # import pandas now raises ImportError
    table = oe.preflop_table(game="hi")
    with pytest.raises(oe.MissingDependencyError, match=r'pip install "omaha_eval\[pandas\]"'):
        table.to_pandas()
    result = bulk_equity(["AsKsQhJh"], trials=100, seed=1)
    with pytest.raises(ImportError, match="to_pandas"):
        result.to_pandas()


def test_names_the_guides_use_import_as_written():
    from omaha_eval.game import variant_options

    assert oe.describe_hand("AsKsQhJh", "Ts9s8h2c2d")["hi"]["score"] == 5861
    assert variant_options("plo5-8") == {"game": "hilo", "hole_cards": 5, "courchevel": False}
    assert "describe_hand" in oe.__all__ and "MissingDependencyError" in oe.__all__


def test_table_records_and_site_outcomes_print_one_line():
    from pathlib import Path

    from omaha_eval.game import Table
    from omaha_eval.hh import read_file, replay_hand

    table = Table(GameConfig.pot_limit(1, 2), seed=3, name="demo")
    table.sit(0, "ann", 100)
    table.sit(1, "bob", 100)
    table.start_hand().fold()
    assert repr(table.finish_hand()) == "<HandRecord 'demo' hand 1: ann, bob; finishing={0: 99, 1: 101}>"
    examples = Path(__file__).resolve().parents[2] / "examples"
    outcome = replay_hand(read_file(examples / "pokerstars-plo8.txt")[1])
    assert repr(outcome) == ("<Outcome pokerstars 100000000002: agrees, collected "
                             "{'Alice': 0, 'Bruno': 0, 'Chen': 0, 'Dana': 715}>")
