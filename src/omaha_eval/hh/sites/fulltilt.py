"""Full Tilt Poker text: ``Full Tilt Poker Game #N: Table T (6 max) - $2/$4 - Pot Limit Omaha
Hi - 18:33:09 CET - 2012/11/06`` (or ``FullTiltPoker Game #N``); tournaments name the
tournament before the table.

Its lines are the PokerStars family's without the colon, with other words: ``posts the small
blind of $2``, ``antes 25``, ``raises to $12``, ``Uncalled bet of $54.30 returned to X``, ``X
wins the pot ($4,597)`` / ``ties for pot 1 ($62.10)`` / ``wins the high pot (X)``, run-it-twice
streets ``*** FLOP 1 ***``, Courchevel's ``*** FLOPET *** [9h]`` (the flop line then gives the
two other cards), ``The button is in seat #4``; players' and observers' chat (``X: text``,
``X (Observer): text``) is skipped. A hand without a win line takes what each player won from
its summary (``collected ($X)`` / ``won ($X)``).
"""

from __future__ import annotations

import re
from typing import List, Sequence, Tuple

from ..errors import HHError
from ..model import SiteHand
from ..reader import read_body
from .common import AMOUNT, Rule, describe, rewrite, units

_HEAD = re.compile(r"^(?:Full Tilt Poker|FullTiltPoker) (?:Game|Hand) #(\d+):\s*(.*)$")
_STAKES = re.compile(r"^(?:[$€£]?[\d,.]+\s*/\s*[$€£]?[\d,.]+)(?:\s+Ante\s+[$€£]?[\d,.]+)?$")
_DATE = re.compile(r"\d\d:\d\d:\d\d.*$")
_MAX = re.compile(r"\((\d+) max")
_POST = re.compile(r"^(.+) posts (?:the|a) (small|big|dead small|dead big|dead) blind of (" + AMOUNT + r")$")
_POST_DEAD = re.compile(r"^(.+) posts a dead (?:small )?blind of (" + AMOUNT + r")$")
_STRADDLE = re.compile(r"^(.+) posts? (?:a |the )?straddle of (" + AMOUNT + r")")
_ANTE = re.compile(r"^(.+) antes (" + AMOUNT + r")")
_BARE_POST = re.compile(r"^(.+) posts (" + AMOUNT + r")$")
_WIN = re.compile(r"^(.+?) (?:wins|ties for) (?:the )?(.*?pot.*?) \((" + AMOUNT + r")\)")
_UNCALLED = re.compile(r"^Uncalled bet of (" + AMOUNT + r") returned to (.+)$")
_ANTE_BACK = re.compile(r"^Ante of (" + AMOUNT + r") returned to (.+)$")
_CANCELED = re.compile(r"^Hand #?\S* ?has been cancel+ed|^Hand cancel+ed", re.I)
_RUN_STREET = re.compile(r"^\*\*\* (FLOP|TURN|RIVER) (\d) \*\*\*(.*)$")
_BUTTON = re.compile(r"^The button is in seat #(\d+)")
_CHAT = re.compile(r"^[^\[\]]+?(?: \(Observer\))?: ")
_SUMMARY_WON = re.compile(r"^Seat (\d+): .*?(?:collected|won) \((" + AMOUNT + r")\)")
_RUNS = {"1": "FIRST", "2": "SECOND", "3": "THIRD"}


def header(line: str, hand: SiteHand) -> None:
    """The header line into ``hand``: id, table, game, stakes, date, cash or tournament."""
    m = _HEAD.match(line)
    if not m:
        raise HHError(f"unrecognised Full Tilt hand header {line[:80]!r}", file=hand.file, line=hand.line)
    hand.hand_id = m.group(1)
    parts = [p.strip() for p in m.group(2).split(" - ")]
    stakes = next((p for p in parts if _STAKES.match(p)), "")
    game = next((p for p in parts if re.search(r"omaha|hold'?em|courchevel|stud|razz|draw", p, re.I)), "")
    date = next((p for p in parts if _DATE.search(p)), "")
    hand.date = " - ".join(parts[parts.index(date):]) if date else ""
    table = parts[0] if parts else ""
    hand.tournament = bool(re.search(r"Tournament|Sit & Go|\(\d+\), Table|Satellite", table))
    t = re.search(r"Table (.+?)(?: \(|$)", table)
    hand.table = t.group(1) if t else table
    seats = _MAX.search(table)
    hand.max_seats = int(seats.group(1)) if seats else 0
    if not hand.tournament and not re.search(r"[$€£]", stakes) and re.search(r"\bplay\b", table, re.I):
        hand.currency = ""
    describe(hand, re.sub(r"^[$€£][\d,.]+ (?=(?:Pot|No|Fixed)? ?Limit)", "", game),
             stakes.split(" Ante ")[0])
    if " Ante " in stakes:
        hand.ante = units(stakes.split(" Ante ")[1], hand, hand.line)


def _line(line: str, flopet: List[str]) -> str:
    """One line in the common grammar (see the module's text); ``flopet``: Courchevel's first
    card, kept for the flop line."""
    if line.startswith("***"):
        m = _RUN_STREET.match(line)
        if m:
            return f"*** {_RUNS.get(m.group(2), 'THIRD')} {m.group(1)} ***{m.group(3)}"
        if line.startswith("*** FLOPET ***"):
            cards = re.search(r"\[([^\]]*)\]", line)
            flopet[:] = cards.group(1).split() if cards else []
            return "*** PRE-FLOP *** " + (f"[{' '.join(flopet)}]" if flopet else "")
        if line.startswith("*** FLOP ***") and flopet:
            return re.sub(r"\[([^\]]*)\]", lambda g: "[" + " ".join(flopet + g.group(1).split()) + "]",
                          line, count=1)
        return line
    done = rewrite(line, _RULES)
    return line if done is None else done


_BLIND_KIND = {"small": "small blind", "big": "big blind"}  # else a dead blind
# the forced bets, wins and returned bets, in the order they are tried
_RULES: Sequence[Rule] = (
    (_POST, lambda m: f"{m[1]} posts {_BLIND_KIND.get(m[2], 'dead blind')} {m[3]}"),
    (_POST_DEAD, lambda m: f"{m[1]} posts dead blind {m[2]}"),
    (_STRADDLE, lambda m: f"{m[1]} posts straddle {m[2]}"),
    (_ANTE, lambda m: f"{m[1]} posts ante {m[2]}"),
    (_BARE_POST, lambda m: f"{m[1]} posts big blind {m[2]}"),
    (_WIN, lambda m: f"{m[1]} collected {m[3]} from {m[2]}"),
    (_UNCALLED, lambda m: f"Uncalled bet ({m[1]}) returned to {m[2]}"))


def read(hand: SiteHand, lines: List[str], start: int) -> None:
    """One Full Tilt hand's lines into ``hand`` (see :func:`omaha_eval.hh.sites.parse`)."""
    header(lines[0], hand)
    antes_back: List[Tuple[str, str, int]] = []
    out = [lines[0]]
    flopet: List[str] = []
    summary = False
    for line in lines[1:]:
        m = _BUTTON.match(line)
        if m:
            hand.button_seat = int(m.group(1))
            out.append("")
            continue
        if line.startswith("*** SUMMARY"):
            summary = True
        back = _ANTE_BACK.match(line)
        if back:  # the ante given back: as if never posted
            antes_back.append((back.group(2), back.group(1), start + len(out)))
            out.append("")
            continue
        if _CANCELED.match(line):
            out.append("Hand cancelled")
            continue
        if not summary and not line.startswith(("Seat ", "Dealt to ", "Uncalled", "***")) \
                and _CHAT.match(line):
            out.append("")  # chat
            continue
        out.append(line if summary else _line(line, flopet))
    read_body(hand, out, start)
    for name, amount, at in antes_back:
        _ante_back(hand, name, units(amount, hand, at))
    if not hand.collected:  # no win line: the summary says what each player won
        _summary_wins(hand, lines, start)
    if len(hand.run_boards) > 1:  # run it twice: "wins pot 2 ($X)" is what run 2 paid
        for winner, won, pot, _ in hand.collect_lines:
            run = re.match(r"pot (\d)$", pot)
            if run:
                paid = hand.run_collected.setdefault(int(run.group(1)) - 1, {})
                paid[winner] = paid.get(winner, 0) + won


def _ante_back(hand: SiteHand, name: str, amount: int) -> None:
    """The ante ``name`` got back (``Ante of X returned to Y``) taken off the ante posted."""
    for k, post in enumerate(hand.posts):
        if post.name == name and post.kind == "ante":
            hand.posts[k] = post._replace(amount=max(post.amount - amount, 0))
            return


def _summary_wins(hand: SiteHand, lines: List[str], start: int) -> None:
    seats = {s.seat: s.name for s in hand.seats}  # the summary names its players by seat
    at = next((k for k, line in enumerate(lines) if line.startswith("*** SUMMARY")), len(lines))
    for k in range(at, len(lines)):
        m = _SUMMARY_WON.match(lines[k])
        name = seats.get(int(m.group(1))) if m else None
        if m and name is not None and lines[k].startswith(f"Seat {m.group(1)}: {name} "):
            amount = units(m.group(2), hand, start + k)
            hand.collected[name] = hand.collected.get(name, 0) + amount
            hand.collect_lines.append((name, amount, "pot", start + k))
