"""The sample files under examples/ parse, replay, agree with their sites, and say the same
through the library, ``omaha-eval hh`` and ``omaha-eval replay`` (the guides and README use them)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from omaha_eval.game.phh import hand_from_phh
from omaha_eval.hh import SiteHand, read_file, replay_hand

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SITE_FILES = {"pokerstars-plo8.txt": ("pokerstars", "plo8", 2), "ggpoker-plo.txt": ("ggpoker", "plo", 1)}


@pytest.mark.parametrize("name", sorted(SITE_FILES))
def test_site_file_parses_replays_and_agrees(name):
    site, variant, count = SITE_FILES[name]
    hands = read_file(EXAMPLES / name)
    assert len(hands) == count and all(isinstance(h, SiteHand) for h in hands)
    for hand in hands:
        assert (hand.site, hand.variant) == (site, variant)
        outcome = replay_hand(hand)
        assert outcome.agrees, outcome
        assert outcome.collected == outcome.site_collected
        assert sum(outcome.collected.values()) > 0


@pytest.mark.parametrize("name", sorted(SITE_FILES))
def test_the_command_line_says_the_same(name):
    out = subprocess.run([sys.executable, "-m", "omaha_eval", "hh", str(EXAMPLES / name), "--json"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    reports = json.loads(out.stdout)
    library = {h.hand_id: replay_hand(h).collected for h in read_file(EXAMPLES / name)}
    assert {r["hand_id"]: r["agrees"] for r in reports} == {k: True for k in library}
    for report in reports:
        assert {p["name"]: p["collected"] for p in report["players"]} == library[report["hand_id"]]


def test_phh_file_is_the_first_pokerstars_hand():
    hand = hand_from_phh(EXAMPLES.joinpath("split-pot.phh").read_text(encoding="utf-8"))
    assert hand.is_over
    site = read_file(EXAMPLES / "pokerstars-plo8.txt")[0]
    collected = replay_hand(site).collected
    start = [10000, 8550, 12000, 6425]
    names = ["Alice", "Bruno", "Chen", "Dana"]
    assert list(hand.stacks) == [10300, 7700, 12300, 6425]
    # what each player collected after the rake, as the site said, is the stack change plus
    # what they put in; here the two winners each put in 2050 and collected 2350
    assert [hand.stacks[k] - start[k] for k in (0, 2)] == [collected[names[k]] - 2050 for k in (0, 2)]
    out = subprocess.run([sys.executable, "-m", "omaha_eval", "replay", str(EXAMPLES / "split-pot.phh")],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and "matches the file's finishing_stacks" in out.stdout, out.stderr
