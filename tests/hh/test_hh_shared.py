"""Every hand of the shared site files: parsed, replayed and agreeing with the site, or
excluded with a stated reason; PHH round trip of every replayed hand."""

from __future__ import annotations

import glob
import json
import os
from collections import Counter

import pytest

from omaha_eval.cli import main
from omaha_eval.game.phh import parse_phh, replay
from omaha_eval.hh import HHError, read_file, replay_hand
from omaha_eval.hh.phh_export import outcome_to_phh

ROOT = os.path.join("..", "shared", "data", "hh")
FILES = sorted(glob.glob(os.path.join(ROOT, "*", "*")))
pytestmark = pytest.mark.skipif(not FILES, reason="shared hand histories not present")

# the hands the text itself keeps from a replay, with the reason we expect
EXCLUDED = {
    "238296909420": "empty card group",
    "78916422016": "not an Omaha hand",
    "142579689317": "cancelled",
    "142624277978": "cut off",
    "6417287-1303-1406683540": "raises among the forced bets",
    "6417287-1322-1406684365": "raises among the forced bets",
    # the four sites of round two
    "3359865320": "cut off",                  # iPoker: the <game> is cut inside (no closing tags)
    "1770659766668adeb0h5qfm": "cashed out",  # PartyPoker: an all-in cash-out (insurance)
    "14978808642": "not seated",              # PartyPoker: names that act but are not seated
}
SITES = {"ggpoker": 19, "pokerstars": 89, "winamax": 65, "fulltilt": 5, "888poker": 3,
         "partypoker": 3, "ipoker": 31}


def _outcomes():
    out = []
    for path in FILES:
        try:
            hands = read_file(path)
        except HHError as exc:
            assert "no hand of a known site" in str(exc)  # the Run It Once file
            continue
        for hand in hands:
            assert not isinstance(hand, HHError), str(hand)
            out.append(replay_hand(hand))
    return out


def test_every_hand_agrees_or_is_excluded_with_its_reason():
    outcomes = _outcomes()
    assert len(outcomes) == sum(SITES.values())
    counts = Counter()
    for o in outcomes:
        reason = EXCLUDED.get(o.hand.hand_id)
        if reason:
            assert not o.ok and reason in o.error, (o.hand.hand_id, o.error)
            assert "line" in o.error
        else:
            assert o.ok, o.error
            assert o.agrees, (o.hand.hand_id, o.differences)
            total = sum(o.collected.values())
            assert total == sum(o.site_collected.values())
        counts[o.hand.site] += 1
    assert counts == SITES


def test_phh_round_trip_of_every_replayed_hand():
    for o in _outcomes():
        if not o.ok or o.engine is None:  # (a hand settled from the chips has no engine hand)
            continue
        record = parse_phh(outcome_to_phh(o))
        again = replay(record)
        assert list(again.stacks) == record.fields["finishing_stacks"], o.hand.hand_id
        assert record.fields["hand"] == o.hand.hand_id
        assert sorted(record.fields["players"]) == sorted(o.players)


def test_cli_json_fields(capsys):
    path = os.path.join(ROOT, "ggpoker", "PLO-6max-USD-2-5-202101.RIT.txt")
    assert main(["hh", "--json", path]) == 0
    [record] = json.loads(capsys.readouterr().out)
    assert record["file"] == path and record["site"] == "ggpoker" and record["hand_id"] == "OM232657303"
    assert record["ok"] and record["agrees"] and record["unit"] == "0.01" and record["rake"] == 515
    by_name = {p["name"]: p for p in record["players"]}
    assert by_name["Hero"]["collected"] == 4892 and by_name["3b7dff87"]["collected"] == 4893
    assert by_name["Hero"]["start"] == 8240 and by_name["Hero"]["seat"] == 1
    assert record["site_collected"]["Hero"] == 4892


def test_cli_phh_and_allin(tmp_path, capsys):
    path = os.path.join(ROOT, "pokerstars", "PLO-FR-USD-0.01-0.02-201006.sidepots.txt")
    assert main(["hh", path, "--phh", str(tmp_path), "--allin-ev"]) == 0
    out = capsys.readouterr().out
    assert "all-in EV per player" in out
    assert len(list(tmp_path.iterdir())) == 3


def test_the_chip_ledger_agrees_with_the_engine_on_every_replayed_hand():
    from omaha_eval.hh.chips import chip_award
    for o in _outcomes():
        if not o.ok:
            continue
        players, posts, trimming, button, holes, boards = o.setup
        winnings, returned, _, _ = chip_award(o.hand, players, posts, trimming, button, holes, boards,
                                              rake=o.rake)
        assert {players[i]: w for i, w in enumerate(winnings)} == o.collected, o.hand.hand_id


def test_all_in_reports_split_each_pot_by_equity():
    from omaha_eval.hh.allin import all_in_report
    reports = [r for r in (all_in_report(o) for o in _outcomes() if o.ok) if r is not None]
    assert len(reports) >= 30
    for report in reports:
        assert not report.skipped, report.skipped
        for pot in report.pots:
            assert sum(p["expected"] for p in pot["players"]) == pytest.approx(pot["amount"])
            assert sum(p["actual"] for p in pot["players"]) == pot["amount"]
