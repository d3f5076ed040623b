"""The body of a hand, shared by the three sites (their lines differ in small ways, noted
where handled): seats, forced bets, actions by street, boards and runs, cards shown, what each
player collected, the summary's pot, rake and fees.

A line that names a player and then something unknown after a colon is a corrupt action and
makes the hand unreplayable; other unknown lines (chat, table messages) are skipped.
"""

from __future__ import annotations

import re
from functools import lru_cache
from operator import attrgetter
from typing import Callable, Dict, FrozenSet, List, Optional, Tuple

from .errors import HHError
from .headers import PARSERS, variant_name
from .model import Action, Post, Seat, SiteHand
from .money import to_units

_AMT = r"([$€£]?\s?-?[\d,]*\.?\d+\s?(?:€|\$|£)?)"
_SEAT = re.compile(r"^Seat (\d+): (.+) \(([^()]*)\)(.*)$")
_TABLE = re.compile(r"^Table:? '(.*)'(?:\s+(\d+)-max)?.*?Seat #(\d+) is the button", re.I)
_STREET = re.compile(r"^\*\*\* ?(.*?) ?\*\*\*:?\s*(.*)$")
_CARDS = re.compile(r"\[([^\]]*)\]")
_POST = re.compile(r"^posts (?:the )?(small & big blinds|small blind|big blind|ante|missed blind|"
                   r"dead blind|straddle|missed big blind|missed small blind) " + _AMT +
                   r"( out of position)?")
_GG_STRADDLE = re.compile(r"^straddle " + _AMT)
_ANY_POST = re.compile(r"^posts ([A-Za-z &'-]+?):? " + _AMT)
_CALL = re.compile(r"^calls " + _AMT)
_BET = re.compile(r"^bets " + _AMT)
_RAISE = re.compile(r"^raises " + _AMT + r" to " + _AMT)
_RAISE_TO = re.compile(r"^raises to " + _AMT)
_COLLECT = re.compile(r"^collected " + _AMT + r"\s*(?:from\s*(.*))?$")
_UNCALLED = re.compile(r"^Uncalled bet \(" + _AMT + r"\) returned to (.+)$")
_CASH_DROP = re.compile(r"^Cash Drop to Pot\s*:\s*total " + _AMT)
_TOTAL = re.compile(r"^Total pot " + _AMT + r"(.*)$")
_FEE = re.compile(r"(Rake|Jackpot|Bingo|Fortune|Tax|Fee|JP Fee|Cashdrop Fee|EV Cashout Fee)\s+" + _AMT, re.I)
_SUMMARY_SEAT = re.compile(r"^Seat (\d+): (.*)$")
_SHOWED = re.compile(r"\bshowed \[([^\]]*)\]")
_MUCKED = re.compile(r"\bmucked(?: \[([^\]]*)\])?")
# "allins X": the common grammar's all in for X more chips (a call or a raise, as the bets
# stand), which the readers of sites that write it so translate into
_BETTING = frozenset(("folds", "checks", "calls", "bets", "raises", "allins"))
_RUN = {"FIRST": 0, "SECOND": 1, "THIRD": 2}
_STREETS = {"FLOP": 1, "TURN": 2, "RIVER": 3}
# informational lines after a name (no colon on PokerStars/GGPoker, or any on Winamax)
_SKIP = re.compile(r"^(doesn't show|does not show|said, |is sitting out|sits out|has timed out|"
                   r"has returned|is disconnected|is connected|has reconnected|leaves the table|"
                   r"joins the table|finished the tournament|wins |re-buys|will be allowed|"
                   r"is being treated|was removed|adds |has been |timed out|is back|"
                   r"receives |has \d|ran out of time|was disconnected|"
                   r"sitting out|shows the |is at the table)")
_CASH_OUT = re.compile(r"cash(?:ed)?[ -]?out|insurance|insured", re.I)
_POST_KIND = {"small blind": "small_blind", "big blind": "big_blind", "ante": "ante",
              "small & big blinds": "small_and_big", "missed blind": "missed",
              "missed small blind": "missed", "dead blind": "missed",
              "missed big blind": "big_out", "straddle": "straddle"}
_WAGER = {"calls": _CALL, "bets": _BET, "allins": re.compile(r"^allins " + _AMT)}
# a record (a named tuple) from the tuple of its fields, without its Python-level __new__
_record = tuple.__new__
_NAME = attrgetter("name")
_SEAT_NUMBER = attrgetter("seat")
_CARD_WORD = re.compile(r"^(?:10|[2-9TJQKAtjqka])[cdhsCDHS]$")


_PLAIN_CARDS = frozenset(r + s for r in "23456789TJQKA" for s in "cdhs")


def _bad_card(cards: List[str]) -> Optional[str]:
    """The first word of ``cards`` that is not one card (``TcTc``, ``Xx``), or None."""
    if _PLAIN_CARDS.issuperset(cards):  # (the common case: one C pass)
        return None
    return next((c for c in cards if not _CARD_WORD.match(c)), None)


@lru_cache(maxsize=4096)  # "calls $1", "raises 200 to 400": the same few texts come back
def _wager_amount(verb: str, rest: str, scale: int) -> Optional[int]:
    """The amount of a call or bet, or the total of a raise, in units; None when unreadable.
    An amount finer than the unit raises :class:`HHError` (without the line: see the caller)."""
    pattern = _WAGER.get(verb)
    if pattern is not None:
        m = pattern.match(rest)
        return None if m is None else to_units(m.group(1), scale)
    m = _RAISE.match(rest)
    if m:
        return to_units(m.group(2), scale)
    m = _RAISE_TO.match(rest)
    return None if m is None else to_units(m.group(1), scale)


@lru_cache(maxsize=1024)  # a table's players come back hand after hand
def _name_index(names: Tuple[str, ...]) -> Tuple[Tuple[str, ...], FrozenSet[str], FrozenSet[str]]:
    """(the names longest first, as a set, the names that begin another name)."""
    # longest first, so that "Player1" never matches a line of "Player10"
    longest = tuple(sorted(names, key=len, reverse=True))
    # a name that begins another name ("A" and "A B") needs the longest match; in sorted order
    # every name between a prefix and a name it begins starts with the prefix too, so the next
    # different name tells
    ordered = sorted(set(names))
    clash = frozenset(a for a, b in zip(ordered, ordered[1:]) if b.startswith(a))
    return longest, frozenset(names), clash


def _cash_out(text: str) -> bool:
    """Whether ``text`` speaks of a cash-out or insurance (:data:`_CASH_OUT`). A case-blind
    search of alternatives is slow: ASCII text without "cash" or "insur" in lower case cannot
    match, and is answered without it (other text may hold letters that re folds to ASCII)."""
    if text.isascii():
        low = text.lower()
        if "cash" not in low and "insur" not in low:
            return False
    return _CASH_OUT.search(text) is not None


@lru_cache(maxsize=4096)  # a player who sat a hand out comes back with the same seat line
def _seat_fields(line: str, scale: int) -> Tuple[Tuple[int, str, int], bool]:
    """((seat, name, stack in units), sitting out) of a seat line. Raises :class:`HHError`
    (without the line: see the caller) when unreadable."""
    m = _SEAT.match(line)
    if not m:
        raise HHError(f"unreadable seat line {line[:80]!r}")
    stack = to_units(m.group(3).split(", ")[0].replace(" in chips", "").strip(), scale)
    tail = m.group(4)
    if tail:
        tail = tail.lower()
        out = "sitting out" in tail or "out of hand" in tail
    else:
        out = False
    return (int(m.group(1)), m.group(2), stack), out


@lru_cache(maxsize=4096)  # "folds", "checks", "calls $1": the same few texts after the names
def _betting(rest: str, scale: int) -> Optional[Tuple[str, int]]:
    """(verb, amount) of a readable betting action (the text after the player's name), else
    None: the general path then reads the line (and says what is wrong with it)."""
    cut = rest.find(" ")
    verb = rest if cut < 0 else rest[:cut]
    if verb == "folds":
        return "fold", 0
    if verb == "checks":
        return "check", 0
    if verb not in _BETTING:
        return None
    try:
        amount = _wager_amount(verb, rest, scale)
    except HHError:
        return None
    if amount is None:
        return None
    return ("raise" if verb == "raises" else verb[:-1]), amount


@lru_cache(maxsize=256)  # "*** FLOP ***", "*** SECOND TURN ***": a handful of titles
def _street_title(title: str) -> Tuple[int, str]:
    """(the run from 0, or -1 when the title names none; the street's name without the run),
    from the text between the stars."""
    words = title.upper().split()
    run = _RUN.get(words[0], -1) if words else -1
    if run >= 0:
        words = words[1:]
    return run, " ".join(words)


@lru_cache(maxsize=4096)  # "posts small blind $0.01": the same few texts after the names
def _post_fields(rest: str, scale: int) -> Optional[Tuple[str, int]]:
    """(kind, amount) of a forced bet (the text after the player's name), or None when the
    general reader must look at it (another wording, an unreadable amount)."""
    m = _POST.match(rest)
    if m is None:
        return None
    kind = _POST_KIND[m.group(1)]
    if m.group(3):  # Winamax "out of position"
        kind = "small_out" if kind == "small_blind" else "big_out"
    try:
        return kind, to_units(m.group(2), scale)
    except HHError:
        return None


@lru_cache(maxsize=4096)  # " | Rake $0.01": the fee parts of a total pot line repeat
def _fees(text: str) -> Tuple[Tuple[str, str], ...]:
    """(fee name in lower case, amount text) of each fee after a total pot, in order."""
    return tuple((fee.group(1).lower(), fee.group(2)) for fee in _FEE.finditer(text))


def read_hand(hand: SiteHand, lines: List[str], start: int) -> None:
    """One PokerStars, GGPoker or Winamax hand's lines (``start``: the file line of the first)
    into ``hand``, a new hand of its site.

    Raises
    ------
    HHError
        When the header or a seat line cannot be read (nothing useful can be said then).
        Problems that still leave a readable hand (cancelled, cut off, garbled action lines)
        go to ``SiteHand.problems`` with their line.
    """
    PARSERS[hand.site](lines[0], hand)
    _Body(hand, lines, start).run()


def read_body(hand: SiteHand, lines: List[str], start: int) -> None:
    """Read a hand's lines after its header into ``hand`` (whose header fields are set): the
    common line grammar of the PokerStars family, which the other sites' readers translate
    their lines into (one line for one, so that the line numbers stay the file's).

    Raises
    ------
    HHError
        When a seat line cannot be read.
    """
    _Body(hand, lines, start).run()


class _Body:
    def __init__(self, hand: SiteHand, lines: List[str], start: int) -> None:
        self.hand = hand
        self.lines = lines
        self.start = start
        self.colon = hand.site in ("pokerstars", "ggpoker")  # "name: action" lines
        self.names: Tuple[str, ...] = ()
        self.name_set: FrozenSet[str] = frozenset()
        self.clash: FrozenSet[str] = frozenset()
        self.street = -1          # -1 = forced bets, 0 preflop .. 3 river
        self.summary = False
        self.current_run = -1
        self._seat_names: Optional[Dict[int, str]] = None

    def problem(self, text: str, number: int) -> None:
        self.hand.problems.append((text, number))

    def amount(self, text: str, number: int) -> int:
        try:
            return to_units(text, self.hand.scale)
        except HHError as exc:
            raise HHError(exc.message, file=self.hand.file, hand_id=self.hand.hand_id, line=number) from None

    def who(self, line: str) -> Tuple[Optional[str], str, bool]:
        """(player, rest of the line, whether a colon followed the name)."""
        if self.colon:  # the common case first: "name: action"
            cut = line.find(": ")
            if cut > 0 and line[:cut] in self.name_set and line[:cut] not in self.clash:
                return line[:cut], line[cut + 2:], True
        return self.who_spaced(line)

    def who_spaced(self, line: str) -> Tuple[Optional[str], str, bool]:
        """:meth:`who` past the "name: " test."""
        if not line.startswith(self.names):  # no player's line (one C pass over the names)
            return None, line, False
        cut = line.find(" ")
        if cut > 0 and line[:cut] in self.name_set and line[:cut] not in self.clash:
            return line[:cut], line[cut + 1:], False
        for name in self.names:
            if line.startswith(name):
                tail = line[len(name):]
                if tail.startswith(": "):
                    return name, tail[2:], True
                if tail.startswith(" "):
                    return name, tail[1:], False
                if tail == ":":
                    return name, "", True
        return None, line, False

    def run(self) -> None:
        """The body, then the summary; a hand cut off before them is a problem."""
        summary = self.read_lines()
        self.read_summary(summary)
        if not self.hand.has_summary:
            self.problem("cut off before its summary", self.start + len(self.lines) - 1)
        elif self.hand.total_pot is None and self.hand.rake_known:
            self.problem("cut off: the summary has no total pot line", self.start + len(self.lines) - 1)

    def read_lines(self) -> int:
        """Read the lines up to the summary; returns the index of its first line (the count of
        lines when there is none). A line's kind is told by its first character (streets,
        table, seats: :data:`_HEAD_LINES`; the dealer's lines: :data:`_DEALER_LINES`) or by the
        player's name it begins with."""
        lines = self.lines
        start = self.start
        colon = self.colon
        scale = self.hand.scale
        actions = self.hand.actions
        name_set, clash = self.name_set, self.clash  # (locals: read on every line)
        heads, dealer = _HEAD_LINES, _DEALER_LINES
        # the street as a betting line records it (0 before the flop), None for the forced bets
        street: Optional[int] = None
        for number, line in enumerate(lines[1:], start + 1):  # number: the file line
            if not line:
                continue
            first = line[0]
            if first in heads and heads[first](self, line, number):  # False: not that kind after all
                if self.summary:
                    return number - start + 1
                street = self.street if self.street >= 0 else None
                name_set, clash = self.name_set, self.clash  # (set once the seat lines end)
                continue
            if colon:  # most lines are "name: action": try that first
                # (partition: one call for the find and both slices)
                name, sep, rest = line.partition(": ")
                if sep and name in name_set and name not in clash:
                    act = None if street is None else _betting(rest, scale)
                    if act is None:
                        self.player_line(name, rest, True, number)
                    else:  # the common line, read once per distinct text
                        actions.append(_record(Action, (street, name, act[0], act[1], number)))
                    continue
            if first not in dealer or not dealer[first](self, line, number):
                self.spaced_line(line, number, street)
        return len(lines)

    def spaced_line(self, line: str, number: int, street: Optional[int]) -> None:
        """A line that is no dealer's and not "name: action": "name verb ..." or another
        line (a cash-out is kept, the rest skipped)."""
        who: Optional[str]
        who, sep, rest = line.partition(" ")  # "name verb": a name without spaces, as most are
        if sep and who in self.name_set and who not in self.clash:
            named = False
        else:
            who, rest, named = self.who_spaced(line)  # "name: " was tried before
        if who is None:
            if _cash_out(line):
                self.hand.cash_out.append(line)
            return
        act = None if street is None else _betting(rest, self.hand.scale)
        if act is None:
            self.player_line(who, rest, named, number)
        else:
            self.hand.actions.append(_record(Action, (street, who, act[0], act[1], number)))

    def street_mark(self, line: str, number: int) -> bool:
        """A "*** TITLE ***" line (what _STREET matches, by plain finds: the title, an optional
        colon, the rest)."""
        cut = line.find("***", 3) if line.startswith("***") else -1
        if cut < 0:
            return False
        after = cut + 4 if line[cut + 3:cut + 4] == ":" else cut + 3
        self.street_line(line[3:cut], line[after:].lstrip(), number)
        return True

    def table_line(self, line: str, number: int) -> bool:
        m = _TABLE.match(line) if line.startswith("Table") else None
        if m is None:
            return False
        hand = self.hand
        hand.table = m.group(1)
        hand.max_seats = int(m.group(2) or 0)
        hand.button_seat = int(m.group(3))
        return True

    def seat_mark(self, line: str, number: int) -> bool:
        """A seat line before the first post or action (the summary's seat lines come later)."""
        hand = self.hand
        if not line.startswith("Seat ") or self.street >= 0 or hand.posts or hand.actions:
            return False
        self.seat_line(line, number)
        # the names are indexed once the seat lines end
        following = number - self.start + 1
        if following == len(self.lines) or not self.lines[following].startswith("Seat "):
            self.index_names()
        return True

    def dealt_mark(self, line: str, number: int) -> bool:
        if not line.startswith("Dealt to "):
            return False
        self.dealt(line[9:], number)
        return True

    def uncalled_line(self, line: str, number: int) -> bool:
        if not line.startswith("Uncalled bet"):
            return False
        m = _UNCALLED.match(line)
        if m and m.group(2).strip() in self.name_set:
            name = m.group(2).strip()
            self.hand.uncalled[name] = self.hand.uncalled.get(name, 0) + self.amount(m.group(1), number)
        return True

    def cash_drop_line(self, line: str, number: int) -> bool:
        if not line.startswith("Cash Drop"):
            return False
        m = _CASH_DROP.match(line)
        if m:
            self.hand.added += self.amount(m.group(1), number)
        return True

    def cancelled_line(self, line: str, number: int) -> bool:
        if not line.startswith("Hand cancelled") and not line.startswith("Hand canceled"):
            return False
        self.problem("the hand was cancelled", number)
        return True

    def read_summary(self, summary: int) -> None:
        """The summary from line ``summary`` on: only the pot line and the seat lines that
        show, muck or cash out say anything there."""
        lines = self.lines
        start = self.start
        tail = "\n" + "\n".join(lines[summary:])
        if "showed" in tail or "mucked" in tail or "cashed" in tail:
            for k in range(summary, len(lines)):
                line = lines[k]
                if line.startswith("Seat "):
                    self.summary_seat(line, start + k)
                elif line.startswith("Total pot"):
                    self.total_line(line, start + k)
            return
        # (most hands) the pot lines alone, found in the summary's text
        at = tail.find("\nTotal pot")
        while at >= 0:
            k = summary + tail.count("\n", 0, at)  # the line after the newline at ``at``
            self.total_line(lines[k], start + k)
            at = tail.find("\nTotal pot", at + 1)

    def seat_names(self) -> Dict[int, str]:
        if self._seat_names is None:
            seats = self.hand.seats
            self._seat_names = dict(zip(map(_SEAT_NUMBER, seats), map(_NAME, seats)))
        return self._seat_names

    def seat_line(self, line: str, number: int) -> None:
        try:
            head, out = _seat_fields(line, self.hand.scale)
        except HHError as exc:
            raise HHError(exc.message, file=self.hand.file, hand_id=self.hand.hand_id, line=number) from None
        self.hand.seats.append(_record(Seat, head + (number, out)))

    def index_names(self) -> None:
        self.names, self.name_set, self.clash = _name_index(tuple(map(_NAME, self.hand.seats)))

    def dealt(self, rest: str, number: int) -> None:
        m = _CARDS.search(rest)
        name = (rest[:m.start()] if m else rest).strip()
        if name in self.name_set and m:
            cards = m.group(1).split()
            bad = _bad_card(cards)
            if bad is not None:
                self.problem(f"{bad!r} in the cards dealt to {name} is not one card", number)
                return
            if cards:
                self.hand.known[name] = cards
                if len(cards) in (4, 5, 6) and len(cards) != self.hand.hole_cards and \
                        not self.hand.showed and not self.hand.partial:
                    # the deal tells the hole count where the game name did not ("Omaha5")
                    self.hand.hole_cards = len(cards)
                    self.hand.variant = variant_name(self.hand)

    def street_line(self, title: str, rest: str, number: int) -> None:
        hand = self.hand
        run, key = _street_title(title)
        if key == "SUMMARY":
            self.summary = True
            hand.has_summary = True
            return
        if key in ("HOLE CARDS", "PRE-FLOP", "PREFLOP", "DEALING DOWN CARDS"):
            self.street = 0
            cards = self.cards(rest, number, key)
            if cards:  # Courchevel: the first flop card before the first betting round
                hand.board = cards
            return
        if key in ("ANTE/BLINDS", "BLINDS"):
            self.street = -1
            return
        if key in ("SHOW DOWN", "SHOWDOWN"):
            self.current_run = run  # "FIRST SHOWDOWN": the collect lines of that run follow
            return
        if key in _STREETS:
            self.street = _STREETS[key]
            cards = self.cards(rest, number, key)
            if run >= 0:
                hand.run_boards[run] = cards
            else:
                hand.board = cards
            return

    def cards(self, rest: str, number: int, key: str) -> List[str]:
        groups = _CARDS.findall(rest)
        if not all(map(str.strip, groups)):  # a group with no card in it: "[]"
            self.problem(f"empty card group on the {key.lower()} line", number)
        cards = groups[0].split() if len(groups) == 1 else " ".join(groups).split()
        bad = _bad_card(cards)
        if bad is not None:
            self.problem(f"{bad!r} on the {key.lower()} line is not one card", number)
        return cards

    def player_line(self, name: str, rest: str, colon: bool, number: int) -> None:
        verb = rest.partition(" ")[0]
        if verb in _BETTING:
            if self.street < 0:
                self.problem(f"{name} {verb} among the forced bets", number)
                return
            self.action(name, verb, rest, number)
            return
        read = _PLAYER_LINES.get(verb)
        if read is not None:
            read(self, name, rest, number)
        elif _cash_out(rest):
            self.hand.cash_out.append(f"{name} {rest}")
        elif colon and not _SKIP.match(rest):
            self.problem(f"unrecognised action of {name}: {rest[:60]!r}", number)

    def shows(self, name: str, rest: str, number: int) -> None:
        hand = self.hand
        m = _CARDS.search(rest)
        cards = m.group(1).split() if m else []
        bad = _bad_card(cards)
        if bad is not None:
            self.problem(f"{bad!r} in the cards {name} shows is not one card", number)
            return
        if len(cards) == hand.hole_cards:
            hand.known[name] = cards
            hand.showed.setdefault(name, number)
        elif cards:
            hand.partial[name] = cards

    def mucks(self, name: str, rest: str, number: int) -> None:
        hand = self.hand
        m = _CARDS.search(rest)
        if m and len(m.group(1).split()) == hand.hole_cards:
            hand.known.setdefault(name, m.group(1).split())
        hand.mucked.setdefault(name, number)

    def collected(self, name: str, rest: str, number: int) -> None:
        hand = self.hand
        m = _COLLECT.match(rest)
        if not m:
            self.problem(f"unreadable collected line of {name}", number)
            return
        amount = self.amount(m.group(1), number)
        hand.collected[name] = hand.collected.get(name, 0) + amount
        hand.collect_lines.append((name, amount, (m.group(2) or "pot").strip(), number))
        if self.current_run >= 0:
            by_run = hand.run_collected.setdefault(self.current_run, {})
            by_run[name] = by_run.get(name, 0) + amount

    def post(self, name: str, rest: str, number: int) -> None:
        known = _post_fields(rest, self.hand.scale)
        if known is not None:
            self.hand.posts.append(_record(Post, (name, known[0], known[1], number)))
            return
        m = _POST.match(rest)
        if m:
            kind = _POST_KIND[m.group(1)]
            if m.group(3):  # Winamax "out of position"
                kind = "small_out" if kind == "small_blind" else "big_out"
            self.hand.posts.append(Post(name, kind, self.amount(m.group(2), number), number))
            return
        m = _GG_STRADDLE.match(rest)
        if m:  # GGPoker: a straddle "to" amount; a second straddle by the same player replaces it
            self.hand.posts.append(Post(name, "straddle_to", self.amount(m.group(1), number), number))
            return
        m = _ANY_POST.match(rest)
        if m:  # other wordings: the kind from its words
            words = m.group(1).lower()
            both = "big" in words and ("small" in words or " and " in words or "&" in words)
            kind = ("ante" if "ante" in words else "small_and_big" if both
                    else "missed" if "dead" in words or "missed" in words else
                    "straddle" if "straddle" in words else "big_blind" if "big" in words else
                    "small_blind" if "small" in words else "")
            if kind:
                self.hand.posts.append(Post(name, kind, self.amount(m.group(2), number), number))
                return
        self.problem(f"unreadable forced bet of {name}: {rest[:60]!r}", number)

    def action(self, name: str, verb: str, rest: str, number: int) -> None:
        street = self.street if self.street > 0 else 0
        if verb == "folds":
            self.hand.actions.append(Action(street, name, "fold", 0, number))
            return
        if verb == "checks":
            self.hand.actions.append(Action(street, name, "check", 0, number))
            return
        try:
            amount = _wager_amount(verb, rest, self.hand.scale)
        except HHError as exc:
            raise HHError(exc.message, file=self.hand.file, hand_id=self.hand.hand_id, line=number) from None
        if amount is None:
            self.problem(f"unreadable {'raise' if verb == 'raises' else verb} of {name}", number)
            return
        self.hand.actions.append(Action(street, name, "raise" if verb == "raises" else verb[:-1],
                                        amount, number))

    def total_line(self, line: str, number: int) -> None:
        """The summary's total pot line: the pot, and the rake and fees after it."""
        m = _TOTAL.match(line)
        if m:
            hand = self.hand
            hand.total_pot = self.amount(m.group(1), number)
            for fee, text in _fees(m.group(2)):
                value = self.amount(text, number)
                hand.fees[fee] = hand.fees.get(fee, 0) + value
            hand.rake = sum(hand.fees.values())

    def summary_seat(self, line: str, number: int) -> None:
        """A summary's seat line: the cards it shows or mucks, a cash-out (what other seat
        lines say, folded or collected, is read elsewhere)."""
        if "showed" not in line and "mucked" not in line and "cashed" not in line:
            return
        m = _SUMMARY_SEAT.match(line)
        name = self.seat_names().get(int(m.group(1))) if m else None
        if m is None or name is None:
            return
        rest = m.group(2)[len(name):] if m.group(2).startswith(name) else m.group(2)
        if "showed" not in rest and "mucked" not in rest and "cashed" not in rest:
            return
        self.summary_cards(name, rest, number)
        # any case of "cashed out" holds "d o" in one of four cases (cheaper than lower())
        if ("d o" in rest or "D O" in rest or "d O" in rest or "D o" in rest) and \
                "cashed out" in rest.lower():
            self.hand.cash_out.append(line)

    def summary_cards(self, name: str, rest: str, number: int) -> None:
        """The cards a summary's seat line (``rest``: after the name) shows or mucks."""
        hand = self.hand
        # the patterns begin with a word boundary, which re cannot scan for quickly: the
        # plain word is looked for first
        shown = _SHOWED.search(rest) if "showed" in rest else None
        if shown:
            cards = shown.group(1).split()
            if len(cards) == hand.hole_cards:
                hand.known.setdefault(name, cards)
                hand.showed.setdefault(name, number)
            elif cards:
                hand.partial.setdefault(name, cards)
            return
        mucked = _MUCKED.search(rest) if "mucked" in rest else None
        if mucked:
            if mucked.group(1) and len(mucked.group(1).split()) == hand.hole_cards:
                hand.known.setdefault(name, mucked.group(1).split())
            hand.mucked.setdefault(name, number)


_LineReader = Callable[[_Body, str, int], bool]
# the lines told by their first character, tried before a player's line: streets, the table,
# the seats (False: not that kind after all, then read as the other lines)
_HEAD_LINES: Dict[str, _LineReader] = {"*": _Body.street_mark, "T": _Body.table_line,
                                       "S": _Body.seat_mark}
# the dealer's lines, tried after "name: action" (a player's name may begin like them)
_DEALER_LINES: Dict[str, _LineReader] = {"D": _Body.dealt_mark, "U": _Body.uncalled_line,
                                         "C": _Body.cash_drop_line, "H": _Body.cancelled_line}
# what a player's line says after the name, by its first word (betting verbs apart)
_PLAYER_LINES: Dict[str, Callable[[_Body, str, str, int], None]] = {
    "posts": _Body.post, "straddle": _Body.post, "shows": _Body.shows, "mucks": _Body.mucks,
    "collected": _Body.collected}
