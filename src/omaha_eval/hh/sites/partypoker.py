"""PartyPoker text, in two formats.

The older one (``***** Hand History for Game N *****``, sometimes after ``Game #N starts.``
and ``#Game No : N``) uses the bracket grammar of :mod:`.common` (``raises [$30 USD]``: the
chips added), wins as ``X wins $239 USD [from the main pot]`` (with the returned uncalled bet),
no pot or rake line; a header may give the table's buy-in (``$200 USD PL Omaha Hi-Lo``) in
place of the stakes, which then come from the blinds posted. The 2026 one (``***** Hand
History For Game 1770...``): ``posts small blind (0.10)``, ``raises 0.85 to 0.85``, ``calls
(1.80)``, a summary ``Main Pot: $38.50 Rake: $2.0`` (the pots after the rake) and one row per
player ``X balance $44.16, bet $23.17, collected $41.47, net +$18.30[ 9c, 7h, 8h, 4d ]``
(collected with the uncalled bet).
"""

from __future__ import annotations

import re
from typing import List, Optional

from ..errors import HHError
from ..model import SiteHand
from ..reader import read_body
from .common import (AMOUNT, BRACKET, blinds_from_posts, card_tokens, describe, plain_amount,
                     plain_cards, translate, units)

_HEAD = re.compile(r"^\*{5} Hand History [Ff]or Game (\w+)")
_STAKES = re.compile(r"^((?:[$€£]\s?)?[\d.,]+(?: (?:USD|EUR|GBP))?/(?:[$€£]\s?)?[\d.,]+(?: (?:USD|EUR|GBP))?) ")
_BLINDS = re.compile(r"Blinds(?:-Antes)?\s*\(([^)]*?)(?:\s*-\s*[\d.,]+)?\)")
_NOT_GAME = re.compile(r"has left the table|finished in \d+|^\s*$")
_TABLE = re.compile(r"^Table (.+?)(?: \(([^)]*)\))?(?: -- Seat (\d+) is the button)?$")
_ALL_IN = re.compile(r"^(.+?) is all-In\s*\[([^\]]*)\]")
_LOST = re.compile(r"Connection Lost|hand history for this hand number is not available|Table Closed", re.I)
_WINS = re.compile(r"^(.+?) wins (?:Lo |Hi )?\(?(" + AMOUNT + r")\)?(?: chips)?(?: from (?:the )?(.*?))?(?: with .*)?\.?$")
_PAREN = re.compile(r"^(.+?) (posts (?:small blind|big blind|ante|dead blind|big blind \+ dead)|calls|bets|"
                    r"raises(?: " + AMOUNT + r")? to|raises) \(?(" + AMOUNT + r")\)?\.?$")
_SHOWS = re.compile(r"^(.+?) shows \[([^\]]*)\]")
_POTS = re.compile(r"(?:Main Pot|Side Pot(?: \d+)?|Pot(?: \d+)?):\s*(" + AMOUNT + r")")
_RAKE = re.compile(r"Rake:\s*(" + AMOUNT + r")")
_ROW = re.compile(r"^(.+?) (?:Cashed out\s+)?balance (" + AMOUNT + r"),(.*)$")
_ROW_COLLECTED = re.compile(r"collected (" + AMOUNT + r")")


def header(lines: List[str], hand: SiteHand) -> int:
    """The header lines into ``hand``; returns how many lines they take."""
    m = _HEAD.match(lines[0])
    if not m or len(lines) < 2:
        raise HHError(f"unrecognised PartyPoker hand header {lines[0][:80]!r}", file=hand.file, line=hand.line)
    hand.hand_id = m.group(1)
    at = 1  # lines of players leaving or finishing may come before the game line
    while at < len(lines) - 1 and _NOT_GAME.search(lines[at]):
        at += 1
    game = lines[at]
    head, _, hand.date = game.partition(" - ")
    hand.tournament = bool(re.search(r"Trny|Tourn", game))
    stakes = _BLINDS.search(game) or _STAKES.match(head + " ")
    words = head
    if stakes is not None:
        words = head.replace(stakes.group(1), " ")
    describe(hand, words, stakes.group(1) if stakes else "")
    if stakes is None and re.search(r"[$€£]|USD|EUR", head):
        hand.scale = 100  # a buy-in, not stakes: money all the same
    used = at + 1
    if len(lines) > used:
        t = _TABLE.match(lines[used])
        if t:
            hand.table = t.group(1)
            if t.group(3):
                hand.button_seat = int(t.group(3))
            if "Play" in (t.group(2) or ""):
                hand.currency = ""
            used += 1
    return used


def _own(line: str, hand: SiteHand, state: List[bool]) -> Optional[str]:
    """A PartyPoker line the bracket grammar does not read, in the common grammar (``state``:
    whether the summary began), or None."""
    if line.startswith("** Summary"):
        state[0] = True
        return "*** SHOW DOWN ***"
    if state[0]:
        return _summary_line(line, hand)
    m = _WINS.match(line)
    if m:
        return f"{m.group(1)} collected {plain_amount(m.group(2))} from {m.group(3) or 'pot'}"
    m = _ALL_IN.match(line)
    if m:  # "X is all-In  [$5 USD]": the chips added
        return f"{m.group(1)} allins {plain_amount(m.group(2))}"
    if _LOST.search(line):
        hand.problems.append((f"the site lost the hand: {line[:60]!r}", hand.line))
        return ""
    if "[" in line:
        return None
    m = _PAREN.match(line)
    if m:
        verb = m.group(2)
        if verb.startswith("raises") and verb.endswith(" to"):
            verb = "raises to"
        elif verb == "raises":
            verb = "bets"  # "raises (X)": the chips added
        return f"{m.group(1)} {verb} {plain_amount(m.group(3))}"
    return None


def _summary_line(line: str, hand: SiteHand) -> Optional[str]:
    """2026 summary: the pots and rake into ``hand``; a player's row as a collect line (and
    the cards as a show line)."""
    if _POTS.search(line) and "balance" not in line:
        number = hand.line  # the line is said again below where a problem needs it
        hand.total_pot = sum(units(p, hand, number) for p in _POTS.findall(line))
        rake = _RAKE.search(line)
        hand.rake = units(rake.group(1), hand, number) if rake else 0
        hand.fees = {"rake": hand.rake}
        hand.rake_known = hand.total_after_rake = True
        return ""
    m = _ROW.match(line)
    if not m:
        return None if not line.startswith("Board") else ""
    collected = _ROW_COLLECTED.search(m.group(3))
    cards = BRACKET.search(m.group(3))
    if "Cashed out" in line:
        hand.cash_out.append(line[:80])
    if collected:
        return f"{m.group(1)} collected {plain_amount(collected.group(1))} from pot"
    if cards:
        return f"{m.group(1)} shows [{plain_cards(card_tokens(cards.group(1)), {})}]"
    return ""


def read(hand: SiteHand, lines: List[str], start: int) -> None:
    """One PartyPoker hand's lines into ``hand`` (see :func:`omaha_eval.hh.sites.parse`)."""
    used = header(lines, hand)
    hand.rake_known = False
    hand.uncalled_in_collected = True
    state = [False]
    out = translate(hand, lines, used, lambda line: _own(line, hand, state))
    for k, line in enumerate(lines):  # a 2026 row shows its cards beside what it collected
        m = _ROW.match(line) if state[0] else None
        cards = BRACKET.search(m.group(3)) if m else None
        if m and cards and _ROW_COLLECTED.search(m.group(3)):
            out.insert(len(out) - 1, f"{m.group(1)} shows [{plain_cards(card_tokens(cards.group(1)), {})}]")
    if not state[0] and any(_WINS.match(line) for line in lines):
        out.append("*** SUMMARY ***")  # the older format ends with its win lines
    read_body(hand, out, start)
    if not hand.small_blind or not hand.big_blind:
        blinds_from_posts(hand)
