"""``omaha-eval play``: a person at a terminal table against simple built-in opponents.

Reads one action per line from a text stream (a terminal or piped input) and writes everything
that happens: posts, the person's cards, the board, each action, pots, showdowns and stacks. End
of input or ``quit`` ends the session cleanly with a summary.

Commands: ``f``/``fold``, ``k``/``check``, ``c``/``call`` (also checks when nothing is owed),
``b N``/``bet N``, ``r N``/``raise N`` (to a total of N), ``a``/``allin``, ``?``/``help``,
``q``/``quit``.
"""

from __future__ import annotations

import sys
from typing import Any, Dict, List, Optional, TextIO

from ..cards import format_cards
from . import events as ev
from .bots import BOTS, CallingBot, RandomBot
from .config import GameConfig, variant_options
from .errors import IllegalActionError
from .results import ALL, HI
from .hand import Hand
from .seating import HandPlan, SeatedPlayer, TableError, TableRules
from .table import Table
from ..errors import ArgumentError

HUMAN_SEAT = 0
STRUCTURES = ("fixed", "spread", "pot", "no")

_POST_NAMES = {"small_blind": "the small blind", "big_blind": "the big blind", "ante": "an ante",
               "straddle": "a straddle", "kill": "a kill blind", "live": "a live big blind",
               "dead": "a dead small blind"}
_STREET_NAMES = {1: "FLOP", 2: "TURN", 3: "RIVER"}


def make_config(game: str, structure: str, big_blind: int, variant: Optional[str] = None) -> GameConfig:
    """The game of a play session: blinds ``big_blind // 2`` / ``big_blind``; fixed limit bets the
    big blind and twice it; spread limit from the big blind to four times it. ``variant``
    (``plo5``, ``courchevel-8``, ...) sets the hole count, Courchevel and hi or hi-lo."""
    sb = max(big_blind // 2, 1)
    options: Dict[str, Any] = {"game": game}
    if variant is not None:
        options = variant_options(variant)
    if structure == "fixed":
        return GameConfig.fixed_limit(big_blind, 2 * big_blind, small_blind=sb, **options)
    if structure == "spread":
        return GameConfig.spread_limit(big_blind, 4 * big_blind, small_blind=sb, **options)
    if structure == "pot":
        return GameConfig.pot_limit(sb, big_blind, **options)
    if structure == "no":
        return GameConfig.no_limit(sb, big_blind, **options)
    raise ArgumentError(f"structure must be one of {', '.join(STRUCTURES)}, got {structure!r}")


class _Quit(Exception):
    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


class TerminalGame:
    """One play session: ``players`` seats (the person in seat 0, bots after; seats count from 0 as everywhere in the package), ``opponents``
    "calling" or "random", ``hands``: stop after that many (None: until input ends)."""

    def __init__(self, *, seed: int, players: int = 6, opponents: str = "calling",
                 game: str = "hi", structure: str = "fixed", big_blind: int = 2,
                 stack: Optional[int] = None, hands: Optional[int] = None, name: str = "you",
                 stdin: Optional[TextIO] = None, stdout: Optional[TextIO] = None,
                 variant: Optional[str] = None) -> None:
        limit = min(10, make_config(game, "pot", 2, variant).max_players)
        if not 2 <= players <= limit:
            raise ArgumentError(f"players must be 2..{limit}, got {players}")
        if opponents not in BOTS:
            raise ArgumentError(f"opponents must be one of {', '.join(BOTS)}, got {opponents!r}")
        if big_blind < 2:
            raise ArgumentError(f"big blind must be at least 2, got {big_blind}")
        self.stdin = sys.stdin if stdin is None else stdin
        self.stdout = sys.stdout if stdout is None else stdout
        self.config = make_config(game, structure, big_blind, variant)
        self.stack = 100 * big_blind if stack is None else stack
        self.hands = hands
        self.opponents = opponents
        self.table = Table(self.config, TableRules(seats=players), seed=seed, button=players - 1,
                           name="omaha-eval play", keep_history=False)
        self.table.sit(HUMAN_SEAT, name, self.stack)
        self.bots: Dict[int, Any] = {}
        for seat in range(1, players):
            self.table.sit(seat, f"bot{seat}", self.stack)
            self.bots[seat] = CallingBot() if opponents == "calling" else RandomBot([seed, seat])
        self.rebuys = 0

    # ---- output ----

    def say(self, text: str = "") -> None:
        self.stdout.write(text + "\n")

    def _hand(self) -> Hand:
        """The hand being played (called only once one is dealt)."""
        hand = self.table.hand
        if hand is None:  # pragma: no cover - an internal invariant
            raise TableError("no hand has been dealt")
        return hand

    def _plan(self) -> HandPlan:
        """The plan of the hand being played (called only once one is dealt)."""
        plan = self.table.plan
        if plan is None:  # pragma: no cover - an internal invariant
            raise TableError("no hand has been dealt")
        return plan

    def _seated(self, seat: int) -> SeatedPlayer:
        """The player in ``seat``, which the caller knows is taken."""
        p = self.table.player(seat)
        if p is None:  # pragma: no cover - an internal invariant
            raise TableError(f"seat {seat} is empty")
        return p

    def who(self, seat: int) -> str:
        p = self.table.player(seat)
        return f"seat {seat} ({p.name})" if p is not None else f"seat {seat}"

    def _event(self, event: ev.Event, seats: List[int]) -> None:
        kind = event.kind
        seat = seats[event.player] if event.player >= 0 else -1
        if kind == ev.POST:
            self.say(f"{self.who(seat)} posts {_POST_NAMES.get(event.note, event.note)} {event.amount}"
                     + (" and is all in" if event.all_in else ""))
        elif kind == ev.DEAL_HOLE:
            if seat == HUMAN_SEAT:
                self.say(f"Your cards: {format_cards(list(event.cards), sep=' ')}")
        elif kind == ev.DEAL_BOARD and event.street == 0:  # Courchevel's first flop card
            self.say(f"*** PRE-FLOP *** [{format_cards(list(event.cards), sep=' ')}]")
        elif kind == ev.DEAL_BOARD:
            board = self._hand().board[: {1: 3, 2: 4, 3: 5}[event.street]]
            self.say(f"*** {_STREET_NAMES[event.street]} *** [{format_cards(list(board), sep=' ')}]"
                     f"  pot {self._pot_before_street(event.street)}")
        elif kind == ev.FOLD:
            self.say(f"{self.who(seat)} folds")
        elif kind == ev.CHECK:
            self.say(f"{self.who(seat)} checks")
        elif kind == ev.CALL:
            self.say(f"{self.who(seat)} calls {event.amount}" + (" and is all in" if event.all_in else ""))
        elif kind in (ev.BET, ev.RAISE):
            verb = "bets" if kind == ev.BET else "raises to"
            self.say(f"{self.who(seat)} {verb} {event.to}" + (" and is all in" if event.all_in else ""))
        elif kind == ev.RETURN:
            self.say(f"uncalled {event.amount} returned to {self.who(seat)}")
        elif kind == ev.SHOW:
            self.say(f"{self.who(seat)} shows {format_cards(list(event.cards), sep=' ')}")
        elif kind == ev.MUCK:
            self.say(f"{self.who(seat)} mucks")

    def _pot_before_street(self, street: int) -> int:
        """Chips in the pot when ``street`` is dealt."""
        total = 0
        for e in self._hand().history:
            if e.street < street:
                if e.kind in (ev.POST, ev.CALL, ev.BET, ev.RAISE):
                    total += e.amount
                elif e.kind == ev.RETURN:
                    total -= e.amount
        return total

    def _flush(self, seen: int) -> int:
        hand = self._hand()
        history = hand.history
        for event in history[seen:]:
            self._event(event, list(self._plan().seats))
        return len(history)

    def _header(self) -> None:
        plan, table = self._plan(), self.table
        self.say("")
        stakes = "" if plan.stakes == (1, 1) else f"  (stakes x{plan.stakes[0]}/{plan.stakes[1]})"
        self.say(f"=== Hand {plan.number} ===  button: seat {plan.button}{stakes}")
        for seat in range(table.n_seats):
            p = table.player(seat)
            if p is None:
                continue
            tags = []
            if seat == plan.button:
                tags.append("button")
            if seat not in plan.seats:
                tags.append("sitting out")
            label = f"  seat {seat:>2} {p.name:<6} {p.stack:>6}"
            self.say(label + (f"  [{', '.join(tags)}]" if tags else ""))

    def _results(self) -> None:
        hand, plan = self._hand(), self._plan()
        result = hand.result
        if result is None:  # pragma: no cover - called once the hand is over
            raise TableError("the hand is not over")
        if hand.board:
            self.say(f"Board: {format_cards(list(hand.board), sep=' ')}")
        for pot in result.pots:
            name = "main pot" if pot.index == 0 else f"side pot {pot.index}"
            for award in pot.awards:
                seat = plan.seats[award.player]
                if award.half == ALL:
                    how = ""
                else:
                    half = "high" if award.half == HI else "low"
                    how = f" with {half}: {award.description}"
                self.say(f"{self.who(seat)} wins {award.amount} from the {name}{how}")

    # ---- input ----

    def _read(self, prompt: str) -> str:
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        if line == "":
            self.say("")
            raise _Quit("end of input")
        if not self.stdin.isatty():  # echo piped input so the transcript reads like a session
            self.say(line.rstrip("\n"))
        return line.strip()

    def _options(self, legal: Any) -> str:
        opts = []
        if legal.can_fold:
            opts.append("(f)old")
        if legal.can_check:
            opts.append("(k) check")
        if legal.can_call:
            opts.append(f"(c)all {legal.to_call}")
        if legal.can_bet or legal.can_raise:
            word = "(b)et" if legal.can_bet else "(r)aise to"
            span = f"{legal.min_to}" if legal.min_to == legal.max_to else f"{legal.min_to}-{legal.max_to}"
            opts.append(f"{word} {span}")
        if self._hand().can_all_in():  # fixed and pot limit often cap a bet below the stack
            opts.append(f"(a)ll in {legal.all_in_to}")
        opts.append("(q)uit")
        return ", ".join(opts)

    def _status(self) -> None:
        hand, plan = self._hand(), self._plan()
        i = plan.index(HUMAN_SEAT)
        board = format_cards(list(hand.board), sep=" ") if hand.board else "(none)"
        legal = hand.legal_actions()
        self.say(f"Pot {hand.pot} | board {board} | your cards "
                 f"{format_cards(list(hand.hole_cards(i)), sep=' ')} | your stack {hand.stacks[i]}"
                 + (f" | to call {legal.to_call}" if legal.can_call else ""))

    def _human_turn(self) -> None:
        hand = self._hand()
        self._status()
        while True:
            legal = hand.legal_actions()
            line = self._read(f"Your action: {self._options(legal)}? ")
            words = line.lower().split()
            if not words:
                continue
            cmd, args = words[0], words[1:]
            try:
                if cmd in ("q", "quit", "exit"):
                    raise _Quit("quit")
                if cmd in ("?", "h", "help"):
                    self.say("commands: f fold, k check, c call (or check), b N bet to N, r N raise "
                             "to N, a all in, q quit")
                elif cmd in ("f", "fold"):
                    hand.fold()
                    return
                elif cmd in ("k", "check"):
                    hand.check()
                    return
                elif cmd in ("c", "call"):
                    hand.check_or_call()
                    return
                elif cmd in ("b", "bet", "r", "raise"):
                    if len(args) != 1 or not args[0].isdigit():
                        self.say(f"'{cmd}' needs an amount, e.g. '{cmd} {max(legal.min_to, 1)}'")
                        continue
                    hand.bet_or_raise_to(int(args[0]))
                    return
                elif cmd in ("a", "allin", "all-in", "all"):
                    hand.all_in()
                    return
                else:
                    self.say(f"unknown command {cmd!r}; type 'help'")
            except IllegalActionError as exc:
                self.say(f"not allowed: {exc}")

    # ---- the session ----

    def _between_hands(self) -> bool:
        table = self.table
        human = self._seated(HUMAN_SEAT)
        if human.stack == 0:
            self.say("You are out of chips.")
            return False
        for seat in self.bots:
            p = table.player(seat)
            if p is not None and p.stack == 0:
                table.add_chips(seat, self.stack)
                self.rebuys += 1
                self.say(f"{self.who(seat)} buys in again for {self.stack}")
        return True

    def play_hand(self) -> None:
        table = self.table
        hand = table.start_hand()
        self._header()
        seen = self._flush(0)
        while not hand.is_over:
            seat = table.actor_seat
            if seat is None:  # pragma: no cover - a hand that is not over has an actor
                raise TableError("no player is to act")
            if seat == HUMAN_SEAT:
                self._human_turn()
            else:
                action = self.bots[seat](table, seat, hand.legal_actions())
                kind = action[0]
                if kind in ("bet", "raise"):
                    hand.bet_or_raise_to(action[1])
                else:
                    getattr(hand, kind)()
            seen = self._flush(seen)
        table.finish_hand()
        self._results()
        stacks = ", ".join(f"{self.who(s)} {p.stack}" for s, p in enumerate(table.seats) if p is not None)
        self.say(f"Stacks: {stacks}")

    def run(self) -> int:
        self.say(f"omaha-eval play: {self.config.describe()}; seed {self.table.seed}")
        self.say(f"You are seat {HUMAN_SEAT}; {len(self.bots)} {self.opponents} opponents; "
                 f"stacks {self.stack}. Type 'help' for commands.")
        why = "done"
        try:
            while self.hands is None or self.table.hands_played < self.hands:
                if not self._between_hands():
                    why = "out of chips"
                    break
                self.play_hand()
        except _Quit as stop:
            why = stop.why
            if self.table.in_hand:
                self.say("(the hand in progress is abandoned; stacks are as before it)")
        self._summary(why)
        return 0

    def _summary(self, why: str) -> None:
        table = self.table
        played = table.hands_played - (1 if table.in_hand else 0)
        human = self._seated(HUMAN_SEAT)
        self.say(f"Session over ({why}) after {played} hand{'s' if played != 1 else ''}.")
        self.say(f"You: {human.stack} ({human.stack - self.stack:+d})")


def run_play(*, seed: Optional[int] = None, players: int = 6, opponents: str = "calling",
             game: str = "hi", structure: str = "fixed", big_blind: int = 2,
             stack: Optional[int] = None, hands: Optional[int] = None,
             stdin: Optional[TextIO] = None, stdout: Optional[TextIO] = None,
             variant: Optional[str] = None) -> int:
    if seed is None:
        import secrets
        seed = secrets.randbelow(1 << 31)
    return TerminalGame(seed=seed, players=players, opponents=opponents, game=game,
                        structure=structure, big_blind=big_blind, stack=stack, hands=hands,
                        stdin=stdin, stdout=stdout, variant=variant).run()
