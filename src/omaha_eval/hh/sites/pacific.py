"""888poker / Pacific Poker / Cassava text::

    ***** 888poker Hand History for Game 873818904 *****
    25 $/50 $ Blinds Pot Limit Omaha - *** 21 04 2016 16:34:37
    Table Kumanovo 6 Max (Real Money)
    Seat 4 is the button
    Total number of players : 2
    Seat 4: Player0 ( 5 000 $ )
    Player0 posts small blind [25 $]
    ** Dealing down cards **
    Dealt to Hero [ Tc, Knh, 9h, 9c ]
    Player0 raises [125 $]
    ** Dealing flop ** [ 3s, 9d, Ts ]
    ** Summary **
    Hero shows [ Tc, Knh, 9h, 9c ]
    Hero collected [ 6 749 $ ]

Amounts and card ranks follow the table's locale (see :mod:`.common`); ``calls``, ``bets`` and
``raises [X]`` give the chips the action adds; there is no total pot and no rake line (the
rake is the pot less what was collected); ``collected`` leaves out an uncalled bet except in a
walk. The lines are translated into the common grammar (:mod:`omaha_eval.hh.reader`).
"""

from __future__ import annotations

import re
from typing import List

from ..errors import HHError
from ..model import SiteHand
from ..reader import read_body
from .common import describe, translate

_HEAD = re.compile(r"^\*{4,5} .*?Hand History for Game (\w+)")
_GAME = re.compile(r"^(.*?) Blinds (.*?)(?: - \*\*\* (.*))?$")
_TABLE = re.compile(r"^Table (.+?)(?: (\d+) Max)?(?: \((Real Money|Play Money|[^)]*)\))?$")


def header(lines: List[str], hand: SiteHand) -> int:
    """The header lines (hand id, game and stakes, table, button) into ``hand``; returns how
    many lines they take."""
    m = _HEAD.match(lines[0])
    if not m:
        raise HHError(f"unrecognised 888poker hand header {lines[0][:80]!r}", file=hand.file, line=hand.line)
    hand.hand_id = m.group(1)
    used = 1
    game = _GAME.match(lines[1]) if len(lines) > 1 else None
    if game is None:
        raise HHError(f"unrecognised 888poker game line {lines[1][:80] if len(lines) > 1 else ''!r}",
                      file=hand.file, hand_id=hand.hand_id, line=hand.line + 1)
    used = 2
    stakes, words, hand.date = game.group(1), game.group(2), game.group(3) or ""
    if len(lines) > 2 and lines[2].startswith("Tournament #"):
        hand.tournament = True
    for k in range(2, min(len(lines), 6)):
        t = _TABLE.match(lines[k])
        if t:
            hand.table, hand.max_seats = t.group(1), int(t.group(2) or 0)
            if "Play" in (t.group(3) or ""):
                hand.currency = ""
            used = k + 1
            break
    describe(hand, words, stakes)
    return used


def read(hand: SiteHand, lines: List[str], start: int) -> None:
    """One 888poker hand's lines into ``hand`` (see :func:`omaha_eval.hh.sites.parse`)."""
    used = header(lines, hand)
    hand.rake_known = False
    read_body(hand, translate(hand, lines, used, lambda line: None), start)
