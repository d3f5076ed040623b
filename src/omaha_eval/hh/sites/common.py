"""What the readers of Full Tilt, 888poker, PartyPoker and iPoker share: amounts in a table's
locale (``$ 3.243``, ``$ 552,72``, ``6 749 $``, ``€0,50``, ``$30 USD``), card ranks in the
client's language (Dutch ``H V B``, Swedish ``Kn D E``, German ``B D``, French ``R D V``),
the stakes and money unit of a header, blinds taken from the posts where a header has none,
and the check that every acting name is seated.

Each text reader translates its lines, one for one, into the common line grammar that
:func:`omaha_eval.hh.reader.read_body` reads (so a line number stays the file's line).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Callable, Dict, Iterable, List, Optional, Sequence, Tuple

from ..errors import HHError
from ..headers import classify, currency_of, set_blinds
from ..model import SiteHand
from ..money import to_units

#: an amount as the clients write it: currency marks and words around digits with any of
#: the separators "." "," and (no-break) spaces
AMOUNT = r"(?:[$€£¥]\s?)?-?\d(?:[\d.,\u00a0\u202f ]*\d)?(?:\s?(?:[$€£¥]|USD|EUR|GBP|CNY|CAD|SEK|INR))?"
_MARKS = re.compile(r"[$€£¥]|USD|EUR|GBP|CNY|CAD|SEK|INR|RSD|kr|\s")
_RANK = "23456789TJQKA"
# the languages' face cards (10 as "10" everywhere)
_DUTCH = {"H": "K", "V": "Q", "B": "J", "A": "A", "HEER": "K"}
_SWEDISH = {"KN": "J", "D": "Q", "K": "K", "E": "A"}
_FRENCH = {"V": "J", "D": "Q", "R": "K", "A": "A"}
_GERMAN = {"B": "J", "D": "Q", "K": "K", "A": "A"}
_CARD = re.compile(r"^(10|[2-9TJQKA]|Kn|KN|kn|[HVBDREhvbdre])([cdhsCDHS])$")


@lru_cache(maxsize=8192)
def plain_amount(text: str) -> str:
    """``text`` as a plain decimal (``"3243"``, ``"552.72"``): currency marks and spaces go;
    of "." and ",", the last one is the decimal point when 1 or 2 digits follow it and every
    other one groups thousands.

    Raises
    ------
    HHError
        For text with no digit.

    Examples
    --------
    >>> [plain_amount(t) for t in ("$ 3.243", "$ 552,72", "6\\u00a0749\\u00a0$", "€0,50", "$1,234.5")]
    ['3243', '552.72', '6749', '0.50', '1234.5']
    """
    body = _MARKS.sub("", text)
    if not any(c.isdigit() for c in body):
        raise HHError(f"{text!r} is not an amount")
    cut = max(body.rfind("."), body.rfind(","))
    if cut >= 0 and 1 <= len(body) - cut - 1 <= 2:
        whole = body[:cut].replace(".", "").replace(",", "")
        return f"{whole or '0'}.{body[cut + 1:]}"
    return body.replace(".", "").replace(",", "")


def units(text: str, hand: SiteHand, line: int) -> int:
    """An amount of ``hand``'s site in its units; an :class:`HHError` says what and where."""
    try:
        return to_units(plain_amount(text), hand.scale)
    except HHError as exc:
        raise HHError(exc.message, file=hand.file, hand_id=hand.hand_id, line=line) from None


def face_cards(tokens: Iterable[str]) -> Dict[str, str]:
    """The rank letters of the client's language, told from the letters its cards use (a
    letter only some languages use decides; ``V`` is the Dutch queen unless a French king or
    queen shows)."""
    seen = {m.group(1).upper() for m in map(_CARD.match, tokens) if m}
    if "H" in seen:
        return _DUTCH
    if "KN" in seen or "E" in seen:
        return _SWEDISH
    if "R" in seen or ("V" in seen and "D" in seen):
        return _FRENCH
    if "V" in seen:
        return _DUTCH
    if "B" in seen or "D" in seen:
        return _GERMAN
    return {}


_SUIT_WORDS = (("Kreuz", "c"), ("Karo", "d"), ("Pik", "s"), ("Herz", "h"))


def card_tokens(text: str) -> List[str]:
    """The card words of a group such as ``[ Hc, 8h, Td ]`` or ``[  7d Ah 6s ]`` (German suit
    words ``Kreuz Karo Pik Herz`` as their letters)."""
    for word, letter in _SUIT_WORDS:
        if word in text:
            text = text.replace(word, letter)
    return [t for t in re.split(r"[\s,\[\]]+", text) if t]


def plain_cards(tokens: List[str], faces: Dict[str, str]) -> str:
    """Cards as the common grammar writes them (``Kc 8h Td``); a word that is no card is kept
    as it is (the replay then says which card it cannot read)."""
    out = []
    for token in tokens:
        m = _CARD.match(token)
        if not m:
            out.append(token)
            continue
        rank = m.group(1)
        upper = rank.upper()
        if upper == "10":
            rank = "T"
        elif upper in faces:
            rank = faces[upper]
        elif upper not in _RANK:
            out.append(token)
            continue
        out.append(rank.upper() + m.group(2).lower())
    return " ".join(out)


def scale_of(stakes: str, tournament: bool) -> int:
    """Units per currency unit: 1 for tournament chips and for play chips written without
    decimals, 100 for money."""
    if tournament:
        return 1
    if currency_of(stakes) or re.search(r"[.,]\d{1,2}\b", stakes):
        return 100
    return 1


def describe(hand: SiteHand, game: str, stakes: str) -> None:
    """Game words and stakes (``$ 10/$ 20``, ``0.10/0.25``) into ``hand``: the scale, the
    currency, the blinds (or fixed limit's bets)."""
    classify(game, hand)
    hand.scale = scale_of(stakes, hand.tournament)
    if not hand.currency and not hand.tournament:
        hand.currency = currency_of(stakes)
    values: List[int] = []
    for part in stakes.split("/"):
        if any(c.isdigit() for c in part):
            values.append(units(part, hand, hand.line))
    set_blinds(values, hand)


def blinds_from_posts(hand: SiteHand) -> None:
    """A header without stakes (PartyPoker's buy-in ``$200 USD PL``): the blinds are the first
    small and big blind posted."""
    small = next((p.amount for p in hand.posts if p.kind == "small_blind"), 0)
    big = next((p.amount for p in hand.posts if p.kind == "big_blind"), 0)
    if hand.limit == "fixed":
        return
    hand.small_blind = small or hand.small_blind or max(big // 2, 1)
    hand.big_blind = big or hand.big_blind or 2 * small


_ACTING = re.compile(r"^(.+?) (?:folds|checks|calls|bets|raises|posts)\b")


def unseated_actor(line: str, names: Iterable[str]) -> Optional[str]:
    """The name of a line that acts (folds, calls, ...) for a player who is not seated, or
    None (a line of a seated player, or no action)."""
    m = _ACTING.match(line)
    if m is None:
        return None
    for name in names:
        if line.startswith(name + " "):
            return None
    return m.group(1)


# The bracket grammar of 888poker and of PartyPoker's older format: ``posts small blind
# [$ 10]``, ``raises [$ 40]`` (chips added), ``** Dealing flop ** [ 7c, Hh, Ts ]``,
# ``collected [ $ 176 ]``, ``shows [ 4h, 9d ]``, ``Seat 7 is the button``.
BUTTON = re.compile(r"^Seat (\d+) is the button")
SEAT = re.compile(r"^Seat (\d+): (.+?) \( ?(" + AMOUNT + r") ?\)(.*)$")
BRACKET = re.compile(r"\[([^\]]*)\]")
_POST_B = re.compile(r"^(.+) posts (small blind|big blind|ante|dead blind|dead big blind|"
                   r"dead small blind|straddle|big blind \+ dead) \[([^\]]*)\]")
_WAGER_B = re.compile(r"^(.+) (calls|bets|raises) \[([^\]]*)\]")
_COLLECT_B = re.compile(r"^(.+) collected \[([^\]]*)\]")
_SHOWS_B = re.compile(r"^(.+) (shows|mucks) \[([^\]]*)\]")
_STREET_B = re.compile(r"^\*\* Dealing (down cards|flop|turn|river) \*\*\s*:?\s*(.*)$", re.I)
_POST_KIND_B = {"small blind": "small blind", "big blind": "big blind", "ante": "ante",
              "dead blind": "small & big blinds", "big blind + dead": "small & big blinds",
              "dead big blind": "big blind", "dead small blind": "dead blind", "straddle": "straddle"}


#: a line rule: a pattern and what a line it matches says in the common grammar
Rule = Tuple["re.Pattern[str]", Callable[["re.Match[str]"], str]]


def rewrite(line: str, rules: Sequence[Rule]) -> Optional[str]:
    """``line`` in the common grammar by the first of ``rules`` whose pattern matches it from
    its start, or None when none does."""
    for pattern, write in rules:
        m = pattern.match(line)
        if m:
            return write(m)
    return None


def bracket_total(text: str) -> str:
    """``$ 5 + $ 10`` (a dead blind and the big blind) as one plain amount."""
    parts = [plain_amount(p) for p in text.split("+") if any(c.isdigit() for c in p)]
    if len(parts) == 1:
        return parts[0]
    cents = sum(round(float(p) * 100) for p in parts)
    return f"{cents // 100}.{cents % 100:02d}"


def bracket_line(line: str, faces: dict[str, str], board: List[str]) -> str:
    """One line in the common grammar; ``board``: the cards dealt so far."""
    if line.startswith("**"):
        m = _STREET_B.match(line)
        if m:
            street = m.group(1).lower()
            if street == "down cards":
                return "*** HOLE CARDS ***"
            old = list(board)
            board += plain_cards(card_tokens(m.group(2)), faces).split()
            shown = f"[{' '.join(old)}] " if old else ""
            new = board[len(old):]
            return f"*** {street.upper()} *** {shown}[{' '.join(new)}]"
        if line.lower().startswith("** summary"):
            return "*** SHOW DOWN ***"
        return line
    if line.startswith("Dealt to "):
        m = BRACKET.search(line)
        if m:
            return f"{line[:m.start()].rstrip()} [{plain_cards(card_tokens(m.group(1)), faces)}]"
        return line
    done = rewrite(line, _BRACKET_RULES)
    if done is not None:
        return done
    m = _SHOWS_B.match(line)
    if m:
        return f"{m.group(1)} {m.group(2)} [{plain_cards(card_tokens(m.group(3)), faces)}]"
    return line


# posts, wagers ("bets" in the common grammar for a raise too: the chips the action adds) and
# collects; the cards of a show line need the hand's face letters (see bracket_line)
_BRACKET_RULES: Sequence[Rule] = (
    (_POST_B, lambda m: f"{m[1]} posts {_POST_KIND_B[m[2]]} {bracket_total(m[3])}"),
    (_WAGER_B, lambda m: f"{m[1]} {'calls' if m[2] == 'calls' else 'bets'} {plain_amount(m[3])}"),
    (_COLLECT_B, lambda m: f"{m[1]} collected {plain_amount(m[2])} from pot"))


def translate(hand: SiteHand, lines: List[str], used: int,
              own: Callable[[str], Optional[str]]) -> List[str]:
    """The lines of a bracket-grammar hand (its header takes ``used`` lines) in the common
    grammar, one for one: the button line read into ``hand``, seat amounts made plain, a line
    acting for a name that is not seated kept as a problem (corrupted lines); ``own`` reads a
    site's own lines first (None: not one of them). A ``*** SUMMARY ***`` line closes a hand
    whose summary began."""
    faces = face_cards(t for line in lines for group in BRACKET.findall(line) for t in card_tokens(group))
    out = [lines[0]] + [""] * (used - 1)
    board: List[str] = []
    names: List[str] = []
    summary = False
    for k, line in enumerate(lines[used:], used):
        m = BUTTON.match(line)
        if m:
            hand.button_seat = int(m.group(1))
            out.append("")
            continue
        m = SEAT.match(line)
        if m:
            names.append(m.group(2))
            out.append(f"Seat {m.group(1)}: {m.group(2)} ({plain_amount(m.group(3))}){m.group(4)}")
            continue
        if any(line.startswith(name + ": ") for name in names):
            out.append("")  # a player's chat
            continue
        stranger = unseated_actor(line, names) if names else None
        if stranger is not None:
            hand.problems.append((f"{stranger} acts but is not seated (corrupted lines)", hand.line + k))
        translated = own(line)
        if translated is None:
            translated = bracket_line(line, faces, board)
        summary = summary or translated == "*** SHOW DOWN ***"
        out.append(translated)
    if summary:
        out.append("*** SUMMARY ***")
    return out
