"""iPoker XML (the format of its many skins): a ``<session>`` with a ``<general>`` part
(``gametype`` such as ``Omaha PL $0.01/$0.02``, ``tablename``, ``currency``, ``mode``, a
``client_version`` in the newer exports, ``tournamentcode`` in tournaments) and one ``<game
gamecode="N">`` per hand: per player ``chips`` (the start), ``bet`` (all put in), ``win``,
``dealer``; rounds of numbered actions (``type`` 1/2 small and big blind, 15 ante, 3 call, 5
bet, 6 and 7 all in: the chips added; 23 raise: the street total; 0 fold, 4 check; 8 and 9 sitting
out) and ``<cards>`` (``S10 HK``; ``X`` unknown). ``win`` holds the returned uncalled bet in
the older exports (no ``client_version``), not in the newer ones; there is no rake field (the
rake is what was put in less what was won).

Each ``<game>`` is parsed by :mod:`xml.etree.ElementTree` apart, so that one cut off (no
closing tag) or damaged is reported with its line while the others are read. A session's
``5 Card Omaha`` writes no game name (``PL €0.05/€0.10``): the hole count comes from the cards.
"""

from __future__ import annotations

import re
from bisect import bisect_right
import xml.etree.ElementTree as ET
from typing import Dict, List, Optional, Tuple, Union

from ..errors import HHError
from ..headers import variant_name
from ..model import Action, Post, Seat, SiteHand
from .common import describe, units

_GAME = re.compile(r"<game\b[^>]*>")
_CODE = re.compile(r"gamecode=\"([^\"]*)\"")
_ACTION_NO = re.compile(r"<action\b[^>]*?\bno=\"(\d+)\"")
_SUIT = {"S": "s", "H": "h", "D": "d", "C": "c"}
_POSTS = {"1": "small_blind", "2": "big_blind", "15": "ante"}
_STREET_CARDS = ("Flop", "Turn", "River")
# the limit words of the skins' game types, in the common words
_LIMITS = {"NL": "No Limit", "SL": "No Limit", "LZ": "No Limit", "БЛ": "No Limit", "PL": "Pot Limit",
           "LP": "Pot Limit", "L": "Fixed Limit", "LH": "Fixed Limit", "HiLow": "Hi-Lo"}


def is_ipoker(text: str) -> bool:
    """Whether ``text`` is an iPoker XML export (a ``<session>`` or ``<game gamecode=``)."""
    head = text[:4096]
    return "<session" in head or ("<game " in head and "gamecode" in head)


_FIELD = re.compile(r"<(\w+)>([^<]*)</\1>")


def _general(text: str, at: int = 0) -> Dict[str, str]:
    """The ``<general>`` fields of the session at ``at`` (before its first game), by tag."""
    first = _GAME.search(text, at)
    end = first.start() if first else len(text)
    return {m.group(1): m.group(2).strip() for m in _FIELD.finditer(text, at, end)}


def _card(word: str) -> str:
    """``S10`` -> ``Ts``, ``HK`` -> ``Kh``; ``X`` (unknown) stays."""
    if len(word) >= 2 and word[0].upper() in _SUIT:
        rank = word[1:].upper()
        return ("T" if rank == "10" else rank) + _SUIT[word[0].upper()]
    return word


def read_games(text: str, file: str) -> List[Union[SiteHand, HHError]]:
    """Every ``<game>`` of an iPoker export as a :class:`SiteHand` (a game that is cut off or
    cannot be parsed keeps its problem and line), or its :class:`HHError`.

    Raises
    ------
    HHError
        When the text holds no ``<game>``.
    """
    sessions = [m.start() for m in re.finditer(r"<session\b", text)] or [0]
    generals = [_general(text, at) for at in sessions]  # each session's own game and table
    starts = [m.start() for m in _GAME.finditer(text)]
    if not starts:
        raise HHError("an iPoker session without any <game>", file=file, line=1)
    out: List[Union[SiteHand, HHError]] = []
    line, last = 1, 0
    for k, at in enumerate(starts):
        end = starts[k + 1] if k + 1 < len(starts) else len(text)
        chunk = text[at:end]
        line += text.count("\n", last, at)  # (counted from the last game: linear in the text)
        last = at
        general = generals[max(0, bisect_right(sessions, at) - 1)]
        try:
            out.append(_game(chunk, general, file, line))
        except HHError as exc:
            out.append(exc)
    return out


def _game(chunk: str, general: Dict[str, str], file: str, line: int) -> SiteHand:
    code = _CODE.search(chunk)
    hand = SiteHand(site="ipoker", file=file, line=line, hand_id=code.group(1) if code else "")
    _describe(hand, general)
    close = chunk.find("</game>")
    if close < 0:
        hand.problems.append(("cut off: the <game> has no closing tag (a partial hand)",
                              line + chunk.count("\n")))
        return hand
    try:
        root = ET.fromstring(chunk[:close + len("</game>")])
    except ET.ParseError as exc:
        row = exc.position[0] if exc.position else 1
        hand.problems.append((f"damaged XML: {exc}", line + row - 1))
        return hand
    lines: Dict[str, int] = {}
    row, last = line, 0
    for m in _ACTION_NO.finditer(chunk):  # each action's file line, counted as the scan goes
        row += chunk.count("\n", last, m.start())
        last = m.start()
        lines[m.group(1)] = row
    _players(root, hand, line)
    _rounds(root, hand, lines)
    hand.has_summary = True
    return hand


def _describe(hand: SiteHand, general: Dict[str, str]) -> None:
    game = general.get("gametype", "")
    hand.tournament = "tournamentcode" in general or "tournamentname" in general
    hand.table = general.get("tablename", "")
    hand.currency = "" if hand.tournament or general.get("mode") == "play" else general.get("currency", "")
    hand.uncalled_in_collected = "client_version" not in general and \
        general.get("uncalled_bet_enabled", "").lower() != "true"
    if general.get("tablesize", "").isdigit():
        hand.max_seats = int(general["tablesize"])
    hand.rake_known = False
    stakes = next((w for w in game.split() if "/" in w and any(c.isdigit() for c in w)), "")
    words = " ".join(_LIMITS.get(w, w) for w in game.replace(stakes, " ").split())
    if not re.search(r"omaha|hold'?em|stud|razz|draw|courchevel", words, re.I):
        words = "Omaha " + words  # a 5 Card Omaha session names no game: the cards tell
    describe(hand, words, stakes)
    if hand.tournament:
        hand.scale = 1
    if not hand.small_blind and general.get("smallblind"):
        hand.small_blind = units(general["smallblind"], hand, hand.line)
    if not hand.big_blind and general.get("bigblind"):
        hand.big_blind = units(general["bigblind"], hand, hand.line)


def _players(root: ET.Element, hand: SiteHand, line: int) -> None:
    for player in root.iter("player"):
        name = player.get("name", "")
        seat = _number(player.get("seat", ""), "seat", hand, line)
        hand.seats.append(Seat(seat, name, units(player.get("chips", "0"), hand, line), line))
        if player.get("dealer") == "1":
            hand.button_seat = seat
        win = units(player.get("win", "0") or "0", hand, line)
        if win:
            hand.collected[name] = win
            hand.collect_lines.append((name, win, "pot", line))
    hand.seats.sort(key=lambda s: s.seat)


def _rounds(root: ET.Element, hand: SiteHand, lines: Dict[str, int]) -> None:
    bets: Dict[str, int] = {}
    names = {s.name for s in hand.seats}
    for round_ in root.iter("round"):
        number = _number(round_.get("no", ""), "round", hand, hand.line)
        if number > 1:
            bets = {}
        for cards in round_.iter("cards"):
            _cards(cards, hand)
        actions = sorted(round_.iter("action"),
                         key=lambda a: _number(a.get("no", ""), "action", hand, hand.line))
        for action in actions:
            at = lines.get(action.get("no", ""), hand.line)
            name = action.get("player", "")
            if name not in names:
                hand.problems.append((f"{name!r} acts but is not seated", at))
                continue
            _action(hand, action.get("type", ""), name, units(action.get("sum", "0") or "0", hand, at),
                    number, at, bets)
    hand.variant = variant_name(hand)


def _number(text: str, what: str, hand: SiteHand, line: int) -> int:
    """An XML attribute's number; an :class:`HHError` says which and where."""
    if not text.isdigit():
        raise HHError(f"the {what} number {text[:20]!r} is not a number", file=hand.file,
                      hand_id=hand.hand_id, line=line)
    return int(text)


def _cards(cards: ET.Element, hand: SiteHand) -> None:
    words = [_card(w) for w in (cards.text or "").split()]
    kind = cards.get("type", "")
    if kind == "Pocket":
        if words and "X" not in words:
            hand.known[cards.get("player", "")] = words
            hand.showed.setdefault(cards.get("player", ""), hand.line)
        if len(words) in (4, 5, 6):
            hand.hole_cards = max(hand.hole_cards, len(words))
    elif kind in _STREET_CARDS:
        hand.board += words


def _action(hand: SiteHand, kind: str, name: str, amount: int, number: int, at: int,
            bets: Dict[str, int]) -> None:
    """One action: a post in round 0, a betting action after (the street is the round less
    one); ``bets``: the street's bets so far, by player."""
    if kind in _POSTS:
        post = _POSTS[kind]
        if post == "big_blind" and hand.limit != "fixed" and amount > hand.big_blind > 0:
            post = "small_and_big"  # a player coming in posts both: the big blind live, the rest dead
        hand.posts.append(Post(name, post, amount, at))
        if kind != "15":
            bets[name] = bets.get(name, 0) + amount
        return
    if kind in ("8", "9") or (number == 0 and not amount):
        return  # sitting out, waiting
    verb, value = _verb(kind, name, amount, bets)
    if verb is None:
        hand.problems.append((f"unknown iPoker action type {kind!r} of {name}", at))
        return
    hand.actions.append(Action(max(number - 1, 0), name, verb, value, at))


def _verb(kind: str, name: str, amount: int, bets: Dict[str, int]) -> Tuple[Optional[str], int]:
    level = max(bets.values(), default=0)
    mine = bets.get(name, 0)
    if kind == "0":
        return "fold", 0
    if kind == "4":
        return "check", 0
    if kind == "23":  # raise to the street total
        bets[name] = amount
        return "raise", amount
    if kind in ("3", "5", "6", "7"):  # chips added (6 and 7: all in)
        bets[name] = mine + amount
        if kind == "3" or (kind in ("6", "7") and mine + amount <= level):
            return "call", amount
        return "bet", amount
    return None, 0
