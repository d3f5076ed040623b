"""The first line of a hand, per site: hand id, game, limits, cash or tournament, currency.

PokerStars: ``PokerStars Hand #97007286518:  Courchevel Hi/Lo Pot Limit ($1/$2 USD) - 2013/...``
(tournaments: ``Tournament #447493868, $1.08+$0.27+$0.15 USD Omaha Hi/Lo No Limit - Level I
(10/20) - ...``; mixed games name the game played in the parentheses). GGPoker: ``Poker Hand
#OM232657303: PLO ($2/$5) - 2021/...``, ``PLO-5``, ``Omaha (NL postflop)``. Winamax: ``Winamax
Poker - CashGame - HandId: #9273404-970-1479780841 - 5 Card Omaha Hi/Lo pot limit (2€/4€) -
2016/...`` (tournaments: ``(ante/small/big)``).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import List, Tuple

from .errors import HHError
from .model import SiteHand
from .money import to_units

_STARS = re.compile(r"^PokerStars .*?#(?P<id>\d+):\s+(?P<desc>.*?)\s+-\s+(?P<date>\d{4}/\d\d/\d\d[^\[]*)")
_GG = re.compile(r"^Poker Hand #(?P<id>\w+):\s+(?P<desc>.*?)\s+-\s+(?P<date>\d{4}/\d\d/\d\d.*)$")
_WINAMAX = re.compile(r"^Winamax Poker - (?P<kind>.*?) - HandId: #(?P<id>[\w-]+) - (?P<desc>.*?)\s+-\s+"
                      r"(?P<date>\d{4}/\d\d/\d\d.*)$")
_GROUPS = re.compile(r"\(([^()]*)\)")


def classify(text: str, hand: SiteHand) -> None:
    """Game, hole count, hi-lo and limit from the site's game words (``PLO-5``, ``5 Card Omaha
    Hi/Lo Pot Limit``, ``Courchevel``, ``Omaha (NL postflop)``, ``NLO8``, ...)."""
    t = " " + text.lower().replace("-", " ") + " "
    hand.omaha = bool(re.search(r"\bomaha|\bplo|\bnlo|\bflo|courchevel|\bbig o\b", t))
    hand.courchevel = "courchevel" in t
    if re.search(r"\b6 ?cards?\b|\bplo ?6\b|\bplo6|\bsix card|\bomaha ?6\b", t):
        hand.hole_cards = 6
    elif re.search(r"\b5 ?cards?\b|\bplo ?5\b|\bplo5|\bfive card|courchevel|\bbig o\b|\bomaha ?5\b", t):
        hand.hole_cards = 5
    else:
        hand.hole_cards = 4
    hand.game = "hilo" if re.search(r"hi/lo|hi lo|hi-lo|omahahl|omaha hl\b|\bomaha ?8\b|\bo/8\b|\bh/l\b|8 or better|\bo8\b|lo8|plo ?\d? ?8\b|nlo ?8|flo ?8|\bbig o\b|/8", t) else "hi"
    if "nl postflop" in t or "pl preflop" in t:
        hand.limit = "pot-no"
    elif re.search(r"pot limit|\bpl\b|\bplo", t):
        hand.limit = "pot"
    elif re.search(r"no limit|\bnl\b|\bnlo", t):
        hand.limit = "no"
    elif re.search(r"limit|\bfl\b|\bflo", t):
        hand.limit = "fixed"
    hand.variant = variant_name(hand)


def variant_name(hand: SiteHand) -> str:
    """``plo``, ``plo8``, ``plo5-8``, ``courchevel-8``, ... for pot limit; ``n``/``f`` in place of
    the ``p`` for no and fixed limit (``nlo8``, ``flo8``); ``nlo-pl-preflop`` for GGPoker's pot
    limit before the flop and no limit after; ``holdem`` for a non-Omaha hand."""
    if not hand.omaha:
        return "holdem"
    hilo = hand.game == "hilo"
    if hand.courchevel:
        base = "courchevel-8" if hilo else "courchevel"
        return base if hand.limit == "pot" else f"{hand.limit}-{base}"
    count = "" if hand.hole_cards == 4 else str(hand.hole_cards)
    low = ("-8" if count else "8") if hilo else ""
    if hand.limit == "pot-no":
        return f"nlo{count}{low}-pl-preflop"
    letter = {"pot": "p", "no": "n", "fixed": "f"}[hand.limit]
    return f"{letter}lo{count}{low}"


def _stakes(group: str, hand: SiteHand, line: int) -> List[int]:
    parts = [p for p in group.split("/") if p.strip()]
    try:
        return [to_units(p.split()[0] if p.split() else p, hand.scale) for p in parts]
    except HHError as exc:
        raise HHError(f"stakes {group!r}: {exc.message}", file=hand.file, line=line) from None


def currency_of(text: str) -> str:
    """USD, EUR, GBP (or CNY, CAD, SEK, INR) as the text writes it; "" for none."""
    for mark, name in (("USD", "USD"), ("EUR", "EUR"), ("GBP", "GBP"), ("CNY", "CNY"), ("CAD", "CAD"),
                       ("SEK", "SEK"), ("INR", "INR"), ("$", "USD"), ("€", "EUR"), ("£", "GBP")):
        if mark in text:
            return name
    return ""


def set_blinds(values: List[int], hand: SiteHand) -> None:
    """The stakes into ``hand``: blinds (and an ante before them), or fixed limit's two bets."""
    if hand.limit == "fixed" and len(values) >= 2:  # fixed limit stakes are the bets
        hand.small_bet, hand.big_bet = values[-2], values[-1]
        hand.small_blind, hand.big_blind = max(values[-2] // 2, 1), values[-2]
        if len(values) >= 3:
            hand.ante = values[-3]
        return
    if len(values) >= 3:
        hand.ante, hand.small_blind, hand.big_blind = values[-3], values[-2], values[-1]
    elif len(values) == 2:
        hand.small_blind, hand.big_blind = values
    elif values:
        hand.big_blind = values[0]


def _last_stakes(text: str) -> Tuple[str, str]:
    """(the last parenthesized group holding a '/', the text without it). An ante written
    inside the stakes (GGPoker ``Level5(50/100(15))``) comes out as a third value."""
    text = re.sub(r"\(([^()]*/[^()]*)\(([\d,.]+)\)\)", r"(\2/\1)", text)
    groups = [m for m in _GROUPS.finditer(text) if "/" in m.group(1)]
    if not groups:
        return "", text
    m = groups[-1]
    return m.group(1), text[:m.start()] + text[m.end():]


# What a header's game description (the text between the hand id and the date) tells: the
# same description comes back on every hand of a table, so it is read once (a cache keyed by
# the text; hand id and date are read per hand).
_DESCRIBED = ("tournament", "scale", "omaha", "courchevel", "hole_cards", "game", "limit",
              "variant", "currency", "small_blind", "big_blind", "small_bet", "big_bet", "ante")


@lru_cache(maxsize=1024)
def _described(site: str, kind: str, desc: str) -> Tuple[object, ...]:
    """The :data:`_DESCRIBED` fields of a fresh hand of ``site`` with this description."""
    scratch = SiteHand(site=site, file="", line=0)
    _DESCRIBE[site](kind, desc, scratch)
    return tuple(getattr(scratch, name) for name in _DESCRIBED)


def _describe(hand: SiteHand, kind: str, desc: str) -> None:
    try:
        values = _described(hand.site, kind, desc)
    except HHError as exc:  # the stakes: said again with the hand's file and line
        raise HHError(exc.message, file=hand.file, line=hand.line) from None
    hand.__dict__.update(zip(_DESCRIBED, values))  # plain fields of a plain dataclass


def _stars_desc(kind: str, desc: str, hand: SiteHand) -> None:
    hand.tournament = "Tournament #" in desc
    hand.scale = 1 if hand.tournament else 100
    stakes, game = _last_stakes(desc)
    if "," in stakes and not re.match(r"^[\s$€£\d.,/]+(USD|EUR|GBP)?\s*$", stakes):  # mixed: (game, stakes)
        game, stakes = stakes.rsplit(",", 1)
    if hand.tournament:
        game = game.split(",", 1)[-1]
        game = re.sub(r"[$€£][\d.]+(\+[$€£][\d.]+)*\s*(USD|EUR|GBP)?", " ", game)
        game = game.split(" - Level")[0]
    classify(game, hand)
    hand.currency = currency_of(desc)
    set_blinds(_stakes(stakes, hand, hand.line), hand)


def _gg_desc(kind: str, desc: str, hand: SiteHand) -> None:
    hand.tournament = "Tournament #" in desc
    hand.scale = 1 if hand.tournament else 100
    stakes, game = _last_stakes(desc)
    if hand.tournament:
        game = game.split(",", 1)[-1].split(" - Level")[0]
        game = re.sub(r"[$€£][\d.,]+", " ", game)
    classify(game, hand)
    hand.currency = currency_of(desc) if not hand.tournament else ""
    set_blinds(_stakes(stakes, hand, hand.line), hand)


def _winamax_desc(kind: str, desc: str, hand: SiteHand) -> None:
    hand.tournament = "Tournament" in kind or "buyIn" in kind
    hand.scale = 1 if hand.tournament else 100
    stakes, game = _last_stakes(desc)
    classify(game, hand)
    hand.currency = "" if hand.tournament else ("EUR" if "€" in desc else currency_of(desc))
    set_blinds(_stakes(stakes, hand, hand.line), hand)


_DESCRIBE = {"pokerstars": _stars_desc, "ggpoker": _gg_desc, "winamax": _winamax_desc}


def _read_header(line: str, hand: SiteHand, pattern: re.Pattern[str], label: str) -> None:
    """Id, description (read by :func:`_describe`) and date of ``line``, a header matched by
    ``pattern`` (its groups named ``id``, ``desc``, ``date`` and, for Winamax, ``kind``)."""
    m = pattern.match(line)
    if not m:
        raise HHError(f"unrecognised {label} hand header {line[:80]!r}", file=hand.file, line=hand.line)
    hand.hand_id, hand.date = m["id"], m["date"].strip()
    _describe(hand, m["kind"] if "kind" in pattern.groupindex else "", m["desc"])


def pokerstars(line: str, hand: SiteHand) -> None:
    """A PokerStars header into ``hand``; :class:`HHError` when it is none."""
    _read_header(line, hand, _STARS, "PokerStars")


def ggpoker(line: str, hand: SiteHand) -> None:
    """A GGPoker header into ``hand``; :class:`HHError` when it is none."""
    _read_header(line, hand, _GG, "GGPoker")


def winamax(line: str, hand: SiteHand) -> None:
    """A Winamax header into ``hand``; :class:`HHError` when it is none."""
    _read_header(line, hand, _WINAMAX, "Winamax")
    # Winamax: "collected" holds the returned uncalled bet; the total pot is after the rake
    hand.uncalled_in_collected = hand.total_after_rake = hand.total_has_uncalled = True


PARSERS = {"pokerstars": pokerstars, "ggpoker": ggpoker, "winamax": winamax}
