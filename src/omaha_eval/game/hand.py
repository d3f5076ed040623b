"""One hand of Omaha Hi or Hi-Lo as a state machine, from the forced bets to the payout.

Drive it action by action::

    hand = Hand(GameConfig.pot_limit(1, 2), [200, 200, 200], seed=7)
    while not hand.is_over:
        legal = hand.legal_actions()   # who acts, what is legal, call amount, min/max raise
        hand.call() if legal.can_call else hand.check()
    hand.result.finishing_stacks

Every action has ``verify_<action>`` (raises :class:`IllegalActionError` saying why),
``can_<action>`` (a bool) and ``<action>`` itself; all validate fully before changing anything,
so after an exception the hand is exactly as before. Players are indices ``0 .. n-1`` clockwise;
``seats`` only labels them in messages.

Set-up from outside (what a table does each hand): ``stacks``, ``button``, and ``posts`` (a list
of :class:`~omaha_eval.game.config.Post`: antes, blinds, dead blinds, straddles, a kill blind,
extra live blinds) replace the config's default forced bets; ``first_to_act`` overrides who opens
the first round; ``last_to_act`` names a player who is skipped in the first round and acts after
everyone else (a killer, see below); a kill pot is played with ``config.scaled(2)`` (or ``(3, 2)``).

Choices where the rules leave room (more in structures.py, showdown.py and phh.py):
* the amount to match preflop is the largest *nominal* live forced bet, even if its poster was
  short and all in for less (the excess of a call is returned as uncalled);
* the first round opens left of the largest blind, straddle or kill blind (ties: the later one);
  with ``last_to_act`` the kill blind of that player is left out of this choice, so the round
  opens left of the big blind, that player's turn is moved to the end of the first round's order
  and the round goes round in that order; from the flop on the normal order applies (seed 000,
  "Kill Pot": "In den meisten Pokerräumen agiert die Person, die den Pot killt, in der ersten
  Bietrunde als Letzter und danach gilt die normale Reihenfolge.");
  the largest live forced bet is the opening bet and sets the minimum raise (a straddle of 4
  over a big blind of 2: raise to at least 8); in fixed and spread limit a straddle counts as a
  raise toward the cap;
* an all-in raise short of a full raise does not reopen the betting for players who already
  acted unless the raises since they acted add up to a full one; in fixed limit an all in of at
  least half a bet counts as a full raise (``FixedLimit(half_bet_reopens=...)``);
* a check is not an action "facing a bet": the opening bet of a round, even an all-in for less
  than the minimum, lets every player who checked raise;
* folding when you could check is refused, as is raising when nobody left could call it.
"""

from __future__ import annotations

import inspect
from operator import add, sub
from typing import Any, Callable, Dict, FrozenSet, List, Optional, Sequence, Set, Tuple, TypeVar

from ..cards import CardError, format_cards, parse_cards
from . import events as ev
from . import showdown as sd
from .._args import as_index
from .config import GameConfig, Post
from .deck import BOARD_POSITIONS, BURN_POSITIONS, deal_size
from .payout import after_rake, run_shares
from .errors import IllegalActionError
from .pots import build_pots, uncalled_bet
from .setup import Posted, prepare
from .results import HandResult, PotResult
from .structures import STREETS

BETTING = "betting"
SHOWDOWN = "showdown"
OVER = "over"

_LIMIT_NAMES = {"fixed": "fixed-limit", "spread": "spread-limit", "pot": "pot-limit", "no": "no-limit",
                "pot-no": "pot-limit"}


class LegalActions:
    """What the player to act may do now (what :meth:`Hand.legal_actions` returns).

    Parameters
    ----------
    player : int or None
        Who acts (an index from 0); None when the hand is over.
    phase : {'betting', 'showdown', 'over'}
        The hand's phase.

    Attributes
    ----------
    can_fold, can_check, can_call : bool
        Betting: which of these the player may do.
    to_call : int
        Chips a call puts in (capped by the stack).
    can_bet, can_raise : bool
        Whether a bet or a raise is open.
    min_to, max_to : int
        The allowed "bet/raise to" totals for the street, already capped by the stack; ``min_to``
        below the full minimum means only an all in is possible.
    all_in_to : int
        The player's bet on this street if they push everything.
    can_show, can_muck : bool
        Showdown: whether the player may show or muck.
    raise_reason : str
        Why no bet or raise is open ("" when one is).

    Examples
    --------
    >>> from omaha_eval.game import GameConfig, Hand
    >>> legal = Hand(GameConfig.fixed_limit(2, 4), [100, 100], seed=1).legal_actions()
    >>> legal.player, legal.actions, legal.to_call, legal.min_to, legal.max_to
    (1, ('fold', 'call', 'raise'), 1, 4, 4)
    >>> legal.describe()
    'player 1 to act: fold, call 1 or raise to 4'
    """
    __slots__ = ("player", "phase", "can_fold", "can_check", "can_call", "to_call", "can_bet",
                 "can_raise", "min_to", "max_to", "all_in_to", "can_show", "can_muck", "raise_reason")

    def __init__(self, player: Optional[int], phase: str) -> None:
        self.player = player
        self.phase = phase
        self.can_fold = self.can_check = self.can_call = False
        self.can_bet = self.can_raise = False
        self.to_call = self.min_to = self.max_to = self.all_in_to = 0
        self.can_show = self.can_muck = False
        self.raise_reason = ""

    @property
    def actions(self) -> Tuple[str, ...]:
        """The names of the allowed actions, in the order fold, check, call, bet, raise, show, muck."""
        names = ("fold", "check", "call", "bet", "raise", "show", "muck")
        flags = (self.can_fold, self.can_check, self.can_call, self.can_bet, self.can_raise,
                 self.can_show, self.can_muck)
        return tuple(name for name, flag in zip(names, flags) if flag)

    def describe(self, who: Optional[str] = None) -> str:
        """The choice in words, e.g. ``"player 2 to act: fold, call 2 or raise to 4..8"``.

        Parameters
        ----------
        who : str, optional
            How to name the player (default ``"player N"``).

        Returns
        -------
        str
            One line for a person.

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Hand
        >>> hand = Hand(GameConfig.pot_limit(1, 2), [100, 100], seed=1)
        >>> hand.legal_actions().describe("the button")
        'the button to act: fold, call 1 or raise to 4..6'
        >>> hand.fold()
        >>> hand.legal_actions().describe()
        'the hand is over'
        """
        if self.player is None:
            return "the hand is over"
        who = f"player {self.player}" if who is None else who
        if self.phase != "betting":
            return f"{who} to show or muck"
        options = [name for name, ok in (("fold", self.can_fold), ("check", self.can_check))
                   if ok]
        if self.can_call:
            options.append(f"call {self.to_call}")
        if self.can_bet or self.can_raise:
            verb = "bet" if self.can_bet else "raise to"
            span = f"{self.min_to}" if self.min_to == self.max_to else f"{self.min_to}..{self.max_to}"
            options.append(f"{verb} {span}")
        text = ", ".join(options[:-1]) + (" or " if len(options) > 1 else "") + options[-1]
        return f"{who} to act: {text}"

    def __repr__(self) -> str:
        text = f"LegalActions(player={self.player}, phase={self.phase!r}, actions={self.actions}"
        if self.can_call:
            text += f", to_call={self.to_call}"
        if self.can_bet or self.can_raise:
            text += f", min_to={self.min_to}, max_to={self.max_to}"
        return text + ")"


# The sections every verify_x and can_x docstring shares, written once and added by the
# decorators _verify_doc and _can_doc: each method's own docstring keeps its summary, what a
# verify_x returns, and its examples. Parameters are documented by name, in signature order.
_PARAMETER_DOCS = {
    "amount": ("amount : int", "The player's total bet on this street after the action (chips)."),
    "player": ("player : int, optional",
               "Who acts (an index from 0); by default the player whose turn it is."),
    "cards": ("cards : cards, optional",
              "The cards shown (text or ids); they must be the player's hole cards, in any order."),
}
_REFUSED = ("IllegalActionError",
            "The action is not allowed now (the message says why); the hand is unchanged.")
_ANSWER = ("bool", "True if the action would be accepted.")
_Method = TypeVar("_Method", bound=Callable[..., Any])


def _section(title: str, entries: Sequence[Tuple[str, str]]) -> str:
    """A numpydoc section, not indented (as in a cleaned docstring), with its blank line after."""
    lines = [title, "-" * len(title)]
    for head, text in entries:
        lines += [head, "    " + text]
    return "".join(f"{line}\n" for line in lines) + "\n"


def _with_sections(method: _Method, last: str) -> _Method:
    """``method`` with its parameters' section after its docstring's summary and ``last``
    before its Examples."""
    if method.__doc__ is None:  # (python -OO)
        return method
    # cleaned first: Python 3.13 strips a docstring's indentation when it compiles it, earlier
    # versions keep it; the result reads the same to help(), numpydoc and doctest
    doc = inspect.cleandoc(method.__doc__)
    code = method.__code__
    names = code.co_varnames[1:code.co_argcount]
    summary, _, rest = doc.partition("\n\n")
    own, header, examples = rest.partition("Examples\n--------\n")
    parameters = _section("Parameters", [_PARAMETER_DOCS[name] for name in names])
    method.__doc__ = summary + "\n\n" + parameters + own + last + header + examples
    return method


def _verify_doc(method: _Method) -> _Method:
    """Adds the parameters and the refusal (Raises) to a verify_x docstring."""
    return _with_sections(method, _section("Raises", [_REFUSED]))


def _can_doc(method: _Method) -> _Method:
    """Adds the parameters and the answer (Returns) to a can_x docstring."""
    return _with_sections(method, _section("Returns", [_ANSWER]))


class Hand:
    """One hand of Omaha as a state machine: deal, betting rounds, showdown, payouts.

    Every action has three forms, as in PokerKit: ``verify_x(...)`` returns the acting player
    (``verify_call`` the amount, ``verify_all_in`` the total bet) or raises
    :class:`IllegalActionError` saying why, ``can_x(...)`` answers True or False, and ``x(...)``
    acts. A refused action leaves the hand exactly as it was.

    Parameters
    ----------
    config : GameConfig
        The game: hi or hi-lo, the betting structure, blinds, antes, straddle.
    stacks : sequence of int
        2 to 11 positive stacks, clockwise, each at most the chip limit ``MAX_CHIPS`` = 2**62
        of :mod:`~omaha_eval.game.structures`; players are their indices, from 0.
    button : int, optional
        The button's index; default the last player, so that player 0 is the small blind (as
        in PHH).
    posts : sequence of Post, optional
        The forced bets; default ``config.default_posts(n, button)``.
    first_to_act : int, optional
        Who opens the first round (default: left of the largest live blind).
    last_to_act : int, optional
        A player who acts last in the first round, as a killer does: skipped in the order
        until everyone else has acted, then the round goes on in that order.
    seed : int or numpy.random.Generator, optional
        Shuffles the deck.
    hole_cards, board : optional
        Cards given explicitly (the rest is shuffled).
    deck : sequence, optional
        A whole deck order instead.
    seats : sequence, optional
        How messages name the players: table seats (ints, "seat 5") or labels ("p3"); by
        default "player 2".
    showdown : {"auto", "manual"}, default "auto"
        "auto" shows or mucks by the usual policy (show when the hand can still win
        something); "manual" waits for :meth:`show` / :meth:`muck` in turn.
    unknown_cards : iterable of int, optional
        Card ids that only stand in for cards nobody saw (a replayed history with hidden
        hands); exports write them as ``??``.
    runs : {1, 2, 3}, default 1
        When the betting ends all in before the river, the rest of the board is dealt
        ``runs`` times and every pot is split into equal shares, one per run (odd chips to
        the first run), each awarded on its own board (see :mod:`~omaha_eval.game.payout`);
        the later runs' cards come from the deck after the dealt part.
    extra_boards : optional
        The cards of runs 2 and 3 that differ from the first board, for a replay.
    rake : int, default 0
        Chips the house takes from the pots before the award (proportionally, main pot first
        for odd chips; at most the pot).
    added : int, default 0
        Chips the house adds to the main pot (a cash drop). Finishing stacks then sum to the
        starting ones minus the rake plus ``added``.
    free_folds : bool, default False
        A player may fold with nothing to call, as the sites' clients allow.

    Raises
    ------
    HandSetupError
        Bad stacks, posts, button, cards or options.

    Examples
    --------
    >>> from omaha_eval.game import GameConfig, Hand
    >>> hand = Hand(GameConfig.pot_limit(1, 2), [200, 200, 200], seed=7)
    >>> hand.legal_actions().describe()
    'player 2 to act: fold, call 2 or raise to 4..7'
    >>> hand.can_raise_to(8), hand.can_raise_to(7), hand.verify_call()
    (False, True, 2)
    >>> hand.raise_to(7); hand.fold(); hand.call()
    >>> hand.street_name, hand.pot, hand.folded
    ('flop', 15, (True, False, False))
    """

    __slots__ = (
        "_config", "_structure", "_fixed", "_hilo", "_n", "_button", "_seats", "_posts",
        "_first_to_act", "_manual", "_start", "_stacks", "_bets", "_committed", "_pooled",
        "_folded", "_live", "_acted", "_in_hand", "_street", "_phase", "_level", "_full_raise",
        "_bets_made", "_actor", "_aggressor", "_final_aggressor", "_deck", "_hole", "_board",
        "_history", "_returned", "_pots", "_order", "_order_index", "_shown", "_mucked", "_result",
        "_unknown", "_able", "_last", "_seq", "_seq_pos", "_hole_count", "_courchevel", "_runs",
        "_run_from", "_rake", "_added", "_boards", "_free_folds", "_named_seats", "_min_bets",
        "_rotations", "_after", "_dealt_at", "_pot_sized",
    )

    def __init__(self, config: GameConfig, stacks: Sequence[int], *, button: Optional[int] = None,
                 posts: Optional[Sequence[Post]] = None, first_to_act: Optional[int] = None,
                 last_to_act: Optional[int] = None, seed: Any = None,
                 hole_cards: Optional[Sequence[Any]] = None, board: Any = None,
                 deck: Optional[Sequence[Any]] = None, seats: Optional[Sequence[Any]] = None,
                 showdown: str = "auto", unknown_cards: Any = (), runs: int = 1, rake: int = 0,
                 added: int = 0, extra_boards: Sequence[Sequence[int]] = (),
                 free_folds: bool = False) -> None:
        # (in prepare's order, positionally: 18 keywords cost more than the rest of the call)
        rules, options, start, posted, opener = prepare(
            config, stacks, button, posts, first_to_act, last_to_act, seed, hole_cards, board, deck,
            seats, showdown, unknown_cards, runs, rake, added, extra_boards, free_folds)
        # nothing below can fail: the hand is set up (the tuples' orders: setup.Rules, setup.Options)
        (self._config, self._structure, self._fixed, self._hilo, self._min_bets, self._pot_sized,
         self._hole_count, self._courchevel) = rules
        (self._n, self._button, self._seats, self._named_seats, self._posts, self._first_to_act,
         self._last, self._manual, self._runs, self._rake, self._added, self._free_folds,
         self._unknown, self._deck, self._hole, self._rotations, self._after) = options
        self._set_state(start, posted)
        self._start_first_round(opener)

    # ---- set-up ----

    def _set_state(self, start: List[int], posted: Posted) -> None:
        """The state after the forced bets: nobody has acted, only the hole cards are dealt (and
        Courchevel's first flop card, face up)."""
        n = self._n
        self._start = start
        self._seq: Optional[List[int]] = None  # the first round's order when someone acts last
        self._seq_pos: List[int] = []
        self._run_from = -1
        self._boards: List[Tuple[int, ...]] = []
        self._folded = [False] * n
        self._acted = [-1] * n
        self._in_hand = n
        self._street = 0
        self._phase = BETTING
        self._actor = -1
        self._aggressor = -1
        self._final_aggressor = -1
        self._board: List[int] = []
        self._returned: List[Tuple[int, int]] = []
        self._pots: List[Tuple[int, Tuple[int, ...]]] = []
        self._order: List[int] = []
        self._order_index = 0
        self._shown: Set[int] = set()
        self._mucked: List[int] = []
        self._result: Optional[HandResult] = None
        # events as plain tuples (Event fields in order); Event objects are made only when
        # ``history`` is read
        history: List[Tuple[Any, ...]]
        (self._stacks, self._bets, self._committed, self._pooled, history, self._level,
         self._full_raise, self._bets_made) = posted
        self._history = history
        # the hole cards are dealt after the posts: their events are made when history is read
        self._dealt_at = len(history)
        stacks = self._stacks
        self._able = n - stacks.count(0)  # players who can still bet
        # per player: not folded and chips behind (kept with every fold, all in and return:
        # the turn search reads one flag)
        self._live = list(map(bool, stacks))
        if self._courchevel:  # the first flop card, face up before the first betting round
            first = self._deck[self._hole_count * n + BOARD_POSITIONS[0]]
            self._board.append(first)
            history.append((ev.DEAL_BOARD, -1, 0, 0, (first,), 0, False, ""))

    def _start_first_round(self, start: int) -> None:
        n, last = self._n, self._last
        if last >= 0:
            order = [(start + k) % n for k in range(n) if (start + k) % n != last] + [last]
            self._seq = order
            self._seq_pos = [0] * n
            for place, who in enumerate(order):
                self._seq_pos[who] = place
            start = order[0]
        actor = self._find_actor(start)
        if actor < 0:
            self._end_round()
        else:
            self._actor = actor

    # ---- turn order ----

    def _find_actor(self, start: int) -> int:
        """First player from ``start`` in this round's order (clockwise, or the first round's
        order with a player acting last) who still has to act, or -1."""
        if self._seq is None or self._street:
            return self._first_to_act_in(self._rotations[start])
        pos = self._seq_pos[start]
        return self._first_to_act_in(self._seq[pos:] + self._seq[:pos])

    def _first_to_act_in(self, order: Sequence[int]) -> int:
        """The first player in ``order`` who still has to act (chips behind, not folded, and a
        bet to match or no action yet with someone left to bet against), or -1."""
        live, bets, acted, level = self._live, self._bets, self._acted, self._level
        others = self._able > 1
        for i in order:
            if live[i] and (bets[i] < level or (acted[i] < 0 and others)):
                return i
        return -1

    def _advance(self) -> None:
        """The turn passes on from the player who acted, or the round ends."""
        if self._seq is None or self._street:
            actor = self._first_to_act_in(self._after[self._actor])
        else:
            actor = self._find_actor(self._seq[(self._seq_pos[self._actor] + 1) % self._n])
        if actor < 0:
            self._end_round()
        else:
            self._actor = actor

    def _end_round(self) -> None:
        bets = self._bets
        n = self._n
        # everyone matched or nobody bet (most rounds): no uncalled chips to look for
        back = None if bets.count(bets[0]) == n else uncalled_bet(bets)
        if back is not None:
            p, amount = back
            if self._stacks[p] == 0 and not self._folded[p]:
                self._able += 1
                self._live[p] = True
            self._stacks[p] += amount
            self._committed[p] -= amount
            self._returned.append((p, amount))
            self._history.append((ev.RETURN, p, amount, 0, (), self._street, False, ""))
        self._final_aggressor = self._aggressor
        self._bets = [0] * n
        self._actor = -1
        if self._in_hand == 1:
            self._finish(None)
        elif self._street == 3:
            self._start_showdown()
        elif self._able <= 1:
            self._run_from = len(self._board)
            while self._street < 3:  # nobody can bet any more: run the board out
                self._street += 1
                self._deal_street()
            self._start_showdown()
        else:
            self._street += 1
            self._deal_street()
            self._level = 0
            self._full_raise = self._min_bets[self._street]
            self._bets_made = 0
            self._acted = [-1] * n
            self._aggressor = -1
            self._actor = self._first_to_act_in(self._after[self._button])

    def _deal_street(self) -> None:
        base = self._hole_count * self._n
        street = self._street
        deck = self._deck
        burn = deck[base + BURN_POSITIONS[street - 1]]
        self._history.append((ev.BURN, -1, 0, 0, (burn,), street, False, ""))
        if street == 1:  # the flop: board positions 1..3 are adjacent (Courchevel: 2..3 left)
            cards = tuple(deck[base + (2 if self._courchevel else 1):base + 4])
        else:
            cards = (deck[base + BOARD_POSITIONS[street + 1]],)
        self._board.extend(cards)
        self._history.append((ev.DEAL_BOARD, -1, 0, 0, cards, street, False, ""))

    # ---- checks shared by the actions ----

    def _label(self, player: int) -> str:
        """How messages name a player: "player 2" (its index in the hand) by default, "seat 5"
        when the hand was given table seats, or the label itself when it is text ("p3" in PHH)."""
        if not self._named_seats:
            return f"player {player}"
        label = self._seats[player]
        return label if isinstance(label, str) else f"seat {label}"

    def _turn(self, player: Optional[int], what: str) -> int:
        if player is None and self._phase == BETTING:  # the common case: the player to act
            return self._actor
        if self._phase == OVER:
            raise IllegalActionError(f"cannot {what}: the hand is over")
        if self._phase == SHOWDOWN:
            raise IllegalActionError(f"cannot {what}: the betting is over, it is "
                                     f"{self._label(self._actor)}'s turn to show or muck")
        actor = self._actor
        if player is not None:
            p = self._player_arg(player, what)
            if p != actor:
                raise IllegalActionError(f"it is {self._label(actor)}'s turn, not {self._label(p)}'s")
        return actor

    def _player_arg(self, player: object, what: str) -> int:
        """A player argument as an index: an int (or NumPy int) 0..n-1; a bool or a float that
        equals an index is refused too."""
        p = as_index(player)
        if p is None or not 0 <= p < self._n:
            raise IllegalActionError(f"cannot {what}: no player {player!r} in this hand "
                                     f"(players are ints 0..{self._n - 1})")
        return p

    def _raise_window(self, a: int) -> Tuple[str, int, int, int]:
        """``(reason, min_to, max_to, all_in_to)``; ``reason`` is empty when a bet or raise is legal."""
        level, bets, stacks = self._level, self._bets, self._stacks
        total = bets[a] + stacks[a]
        if total <= level:
            return (f"{self._label(a)} has only {total} in total, not more than the bet of {level} "
                    f"(call all in instead)"), 0, 0, total
        live = self._live
        for j in self._after[a]:  # (ends with a)
            if live[j] and bets[j] + stacks[j] > level and j != a:
                break
        else:
            return "nobody left could call it: every other player is all in or folded", 0, 0, total
        structure = self._structure
        if level > 0:
            cap = structure.heads_up_max_raises if self._in_hand == 2 else structure.max_raises
            if cap is not None and self._bets_made > cap:
                return (f"the betting is capped: a bet and {cap} raise{'s' if cap != 1 else ''} "
                        f"already made on the {STREETS[self._street]}"), 0, 0, total
            acted = self._acted[a]
            if acted >= 0 and level - acted < structure.reopen_threshold(self._street, self._full_raise):
                return (f"the betting was not reopened: the bet went from {acted} to {level} since "
                        f"{self._label(a)} acted, less than a full raise (call or fold)"), 0, 0, total
        # only pot limit needs the pot; house money (a cash drop) is in it
        pot = sum(self._committed) + self._added if self._pot_sized else 0
        low, high = structure.bounds(self._street, level, self._full_raise, pot, level - bets[a])
        return "", min(low, total), min(high, total), total

    def _check_amount(self, a: int, amount: Any, verb: str) -> None:
        if type(amount) is not int:  # a NumPy int is taken as an int; bools and floats are not
            if as_index(amount) is None:
                raise IllegalActionError(f"{verb} amount must be an int, got {amount!r}")
            amount = int(amount)
        reason, low, high, total = self._raise_window(a)
        if reason:
            raise IllegalActionError(f"cannot {verb}: {reason}")
        if low <= amount <= high and amount > self._level:  # within the limits (so within the stack)
            return
        name = _LIMIT_NAMES[self._structure.kind]
        if amount <= self._level:
            raise IllegalActionError(f"{verb} to {amount} is not above the current bet of {self._level}")
        if amount > total:
            raise IllegalActionError(f"{verb} to {amount} is more than {self._label(a)} has "
                                     f"({total} in total)")
        if amount > high:
            raise IllegalActionError(f"{verb} to {amount} is above the {name} maximum {high}")
        if amount < low and amount != total:
            raise IllegalActionError(f"{verb} to {amount} is below the {name} minimum {low}")

    # ---- verify / can / act ----

    @_verify_doc
    def verify_fold(self, player: Optional[int] = None) -> int:
        """Check that folding is allowed now, without changing anything.

        Returns
        -------
        int
            The player who would fold.

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Hand
        >>> hand = Hand(GameConfig.pot_limit(1, 2), [100, 100], seed=1)  # player 1: button, small blind
        >>> hand.verify_fold()
        1
        """
        a = self._turn(player, "fold")
        if self._bets[a] >= self._level and not self._free_folds:
            raise IllegalActionError(f"{self._label(a)} cannot fold: there is nothing to call (check instead)")
        return a

    @_verify_doc
    def verify_check(self, player: Optional[int] = None) -> int:
        """Check that checking is allowed now, without changing anything.

        Returns
        -------
        int
            The player who would check.

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Hand
        >>> hand = Hand(GameConfig.pot_limit(1, 2), [100, 100], seed=1)  # player 1: button, small blind
        >>> hand.can_check()  # the small blind owes 1 more
        False
        >>> hand.check_or_call()
        >>> hand.verify_check()
        0
        """
        a = self._turn(player, "check")
        if self._bets[a] < self._level:
            raise IllegalActionError(f"cannot check facing a bet of {self._level}: "
                                     f"call {min(self._level - self._bets[a], self._stacks[a])}, raise or fold")
        return a

    @_verify_doc
    def verify_call(self, player: Optional[int] = None) -> int:
        """Check that calling is allowed now, without changing anything.

        Returns
        -------
        int
            The chips the call puts in (all in if the stack is short).

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Hand
        >>> hand = Hand(GameConfig.pot_limit(1, 2), [100, 100], seed=1)  # player 1: button, small blind
        >>> hand.verify_call()
        1
        """
        a = self._turn(player, "call")
        if self._bets[a] >= self._level:
            raise IllegalActionError(f"{self._label(a)} cannot call: there is no bet to call (check instead)")
        return min(self._level - self._bets[a], self._stacks[a])

    @_verify_doc
    def verify_bet(self, amount: int, player: Optional[int] = None) -> int:
        """Check that a bet of ``amount`` is allowed now, without changing anything.

        Returns
        -------
        int
            The player who would bet.

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Hand
        >>> hand = Hand(GameConfig.pot_limit(1, 2), [100, 100], seed=1)  # player 1: button, small blind
        >>> hand.check_or_call(); hand.check()  # to the flop
        >>> hand.verify_bet(4)
        0
        """
        a = self._turn(player, "bet")
        if self._level > 0:
            raise IllegalActionError(f"cannot bet facing a bet of {self._level}: raise instead")
        self._check_amount(a, amount, "bet")
        return a

    @_verify_doc
    def verify_raise_to(self, amount: int, player: Optional[int] = None) -> int:
        """Check that raising to ``amount`` is allowed now, without changing anything.

        Returns
        -------
        int
            The player who would raise.

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Hand
        >>> hand = Hand(GameConfig.pot_limit(1, 2), [100, 100], seed=1)  # player 1: button, small blind
        >>> hand.verify_raise_to(6)
        1
        """
        a = self._turn(player, "raise")
        if self._level == 0:
            raise IllegalActionError("cannot raise: there is no bet to raise (bet instead)")
        self._check_amount(a, amount, "raise")
        return a

    @_verify_doc
    def verify_check_or_call(self, player: Optional[int] = None) -> int:
        """Check that a check or a call is allowed now, without changing anything.

        Returns
        -------
        int
            The player who would act.

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Hand
        >>> hand = Hand(GameConfig.pot_limit(1, 2), [100, 100], seed=1)  # player 1: button, small blind
        >>> hand.verify_check_or_call()
        1
        """
        a = self._turn(player, "check or call")
        return a

    @_verify_doc
    def verify_bet_or_raise_to(self, amount: int, player: Optional[int] = None) -> int:
        """Check that a bet or raise to ``amount`` is allowed now, without changing anything.

        Returns
        -------
        int
            The player who would act.

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Hand
        >>> hand = Hand(GameConfig.pot_limit(1, 2), [100, 100], seed=1)  # player 1: button, small blind
        >>> hand.verify_bet_or_raise_to(6)
        1
        """
        return self.verify_bet(amount, player) if self._level == 0 else self.verify_raise_to(amount, player)

    @_verify_doc
    def verify_all_in(self, player: Optional[int] = None) -> int:
        """Check that going all in is allowed now, without changing anything.

        Returns
        -------
        int
            The player's bet on this street after going all in.

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Hand
        >>> hand = Hand(GameConfig.pot_limit(1, 2), [100, 100], seed=1)  # player 1: button, small blind
        >>> hand.can_all_in()  # pot limit: 100 chips are more than the pot allows
        False
        >>> hand.bet_or_raise_to(6); hand.bet_or_raise_to(18); hand.bet_or_raise_to(54)
        >>> hand.verify_all_in()
        100
        """
        a = self._turn(player, "go all in")
        total = self._bets[a] + self._stacks[a]
        if total > self._level:
            self._check_amount(a, total, "bet" if self._level == 0 else "raise")
        return total

    @_can_doc
    def can_fold(self, player: Optional[int] = None) -> bool:
        """Whether folding is allowed now (:meth:`verify_fold` does not raise).

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Hand
        >>> hand = Hand(GameConfig.pot_limit(1, 2), [100, 100], seed=1)  # player 1: button, small blind
        >>> hand.can_fold(), hand.can_fold(0)  # player 0 is not to act
        (True, False)
        """
        return self._can(self.verify_fold, player)

    @_can_doc
    def can_check(self, player: Optional[int] = None) -> bool:
        """Whether checking is allowed now (:meth:`verify_check` does not raise).

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Hand
        >>> hand = Hand(GameConfig.pot_limit(1, 2), [100, 100], seed=1)  # player 1: button, small blind
        >>> hand.can_check()
        False
        """
        return self._can(self.verify_check, player)

    @_can_doc
    def can_call(self, player: Optional[int] = None) -> bool:
        """Whether calling is allowed now (:meth:`verify_call` does not raise).

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Hand
        >>> hand = Hand(GameConfig.pot_limit(1, 2), [100, 100], seed=1)  # player 1: button, small blind
        >>> hand.can_call()
        True
        """
        return self._can(self.verify_call, player)

    @_can_doc
    def can_bet(self, amount: int, player: Optional[int] = None) -> bool:
        """Whether a bet of ``amount`` is allowed now (:meth:`verify_bet` does not raise).

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Hand
        >>> hand = Hand(GameConfig.pot_limit(1, 2), [100, 100], seed=1)  # player 1: button, small blind
        >>> hand.can_bet(4)  # there is a bet already: raise
        False
        """
        return self._can(self.verify_bet, amount, player)

    @_can_doc
    def can_raise_to(self, amount: int, player: Optional[int] = None) -> bool:
        """Whether raising to ``amount`` is allowed now (:meth:`verify_raise_to` does not raise).

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Hand
        >>> hand = Hand(GameConfig.pot_limit(1, 2), [100, 100], seed=1)  # player 1: button, small blind
        >>> hand.can_raise_to(6), hand.can_raise_to(7)  # pot limit: at most 6
        (True, False)
        """
        return self._can(self.verify_raise_to, amount, player)

    @_can_doc
    def can_all_in(self, player: Optional[int] = None) -> bool:
        """Whether going all in is allowed now (:meth:`verify_all_in` does not raise).

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Hand
        >>> hand = Hand(GameConfig.pot_limit(1, 2), [100, 100], seed=1)  # player 1: button, small blind
        >>> hand.can_all_in()
        False
        """
        return self._can(self.verify_all_in, player)

    @_can_doc
    def can_show(self, player: Optional[int] = None, cards: Any = None) -> bool:
        """Whether showing at showdown is allowed now (:meth:`verify_show` does not raise).

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Hand
        >>> hand = Hand(GameConfig.pot_limit(1, 2), [100, 100], seed=1)  # player 1: button, small blind
        >>> hand.can_show()  # not the showdown yet
        False
        """
        return self._can(self.verify_show, player, cards)

    @_can_doc
    def can_muck(self, player: Optional[int] = None) -> bool:
        """Whether mucking at showdown is allowed now (:meth:`verify_muck` does not raise).

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Hand
        >>> hand = Hand(GameConfig.pot_limit(1, 2), [100, 100], seed=1)  # player 1: button, small blind
        >>> hand.can_muck()
        False
        """
        return self._can(self.verify_muck, player)

    @staticmethod
    def _can(verify: Any, *args: Any) -> bool:
        try:
            verify(*args)
        except IllegalActionError:
            return False
        return True

    def fold(self, player: Optional[int] = None) -> None:
        """Fold: give up the hand and every chip already in the pot.

        Parameters
        ----------
        player : int, optional
            Who acts (an index from 0); by default the player whose turn it is. Naming another
            player is refused.

        Raises
        ------
        IllegalActionError
            Not this player's turn, or nothing to call (check instead); the hand is unchanged.

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Hand
        >>> hand = Hand(GameConfig.pot_limit(1, 2), [100, 100], seed=1)  # player 1: button, small blind
        >>> hand.fold()
        >>> hand.is_over, hand.stacks
        (True, (101, 99))
        """
        a = self.verify_fold(player)
        self._folded[a] = True
        self._live[a] = False
        self._in_hand -= 1
        self._able -= 1  # only a player with chips behind can be asked to act
        self._history.append((ev.FOLD, a, 0, 0, (), self._street, False, ""))
        if self._in_hand == 1:
            self._end_round()
        else:
            self._advance()

    def check(self, player: Optional[int] = None) -> None:
        """Check: pass the action when nothing is owed.

        Parameters
        ----------
        player : int, optional
            Who acts (an index from 0); by default the player whose turn it is. Naming another
            player is refused.

        Raises
        ------
        IllegalActionError
            Not this player's turn, or a bet to call.

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Hand
        >>> hand = Hand(GameConfig.pot_limit(1, 2), [100, 100], seed=1)  # player 1: button, small blind
        >>> hand.check()
        Traceback (most recent call last):
        ...
        omaha_eval.errors.IllegalActionError: cannot check facing a bet of 2: call 1, raise or fold
        >>> hand.call(); hand.check()
        >>> hand.street_name
        'flop'
        """
        self._check(self.verify_check(player))

    def _check(self, a: int) -> None:
        self._acted[a] = self._level
        self._history.append((ev.CHECK, a, 0, 0, (), self._street, False, ""))
        self._advance()

    def call(self, player: Optional[int] = None) -> None:
        """Call: match the current bet (all in for less when the stack is short).

        Parameters
        ----------
        player : int, optional
            Who acts (an index from 0); by default the player whose turn it is. Naming another
            player is refused.

        Raises
        ------
        IllegalActionError
            Not this player's turn, or no bet to call (check instead).

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Hand
        >>> hand = Hand(GameConfig.pot_limit(1, 2), [100, 100], seed=1)  # player 1: button, small blind
        >>> hand.call()
        >>> hand.pot, hand.stacks
        (4, (98, 98))
        """
        self._call(self._actor, self.verify_call(player))

    def _call(self, a: int, amount: int) -> None:
        self._stacks[a] -= amount
        self._bets[a] += amount
        self._committed[a] += amount
        self._acted[a] = self._level
        if self._stacks[a] == 0:
            self._able -= 1
            self._live[a] = False
        self._history.append((ev.CALL, a, amount, self._bets[a], (), self._street, self._stacks[a] == 0, ""))
        self._advance()

    def bet(self, amount: int, player: Optional[int] = None) -> None:
        """Bet ``amount`` chips when nobody has bet this round.

        Parameters
        ----------
        amount : int
            The bet, within the structure's limits (see :meth:`legal_actions`).
        player : int, optional
            Who acts (an index from 0); by default the player whose turn it is. Naming another
            player is refused.

        Raises
        ------
        IllegalActionError
            Not this player's turn, a bet already made (raise instead), or an amount outside
            the limits; the message gives the limit.

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Hand
        >>> hand = Hand(GameConfig.pot_limit(1, 2), [100, 100], seed=1)  # player 1: button, small blind
        >>> hand.call(); hand.check()
        >>> hand.bet(4)
        >>> hand.legal_actions().describe()
        'player 1 to act: fold, call 4 or raise to 8..16'
        """
        self.verify_bet(amount, player)
        self._wager(int(amount), ev.BET)

    def raise_to(self, amount: int, player: Optional[int] = None) -> None:
        """Raise the bet to a total of ``amount`` chips this round.

        Parameters
        ----------
        amount : int
            The player's total bet after the raise (not the increment).
        player : int, optional
            Who acts (an index from 0); by default the player whose turn it is. Naming another
            player is refused.

        Raises
        ------
        IllegalActionError
            Not this player's turn, no bet to raise (bet instead), or an amount outside the
            limits: ``"raise to 8 is above the pot-limit maximum 6"``.

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Hand
        >>> hand = Hand(GameConfig.pot_limit(1, 2), [100, 100], seed=1)  # player 1: button, small blind
        >>> hand.raise_to(6)
        >>> hand.bets
        (2, 6)
        """
        self.verify_raise_to(amount, player)
        self._wager(int(amount), ev.RAISE)

    def check_or_call(self, player: Optional[int] = None) -> None:
        """Check if nothing is owed, else call (PHH's ``cc``).

        Parameters
        ----------
        player : int, optional
            Who acts (an index from 0); by default the player whose turn it is.

        Raises
        ------
        IllegalActionError
            Not this player's turn, or the betting is over; the hand is unchanged.

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Hand
        >>> hand = Hand(GameConfig.pot_limit(1, 2), [100, 100], seed=1)  # player 1: button, small blind
        >>> hand.check_or_call()  # the small blind completes
        >>> hand.check_or_call()  # the big blind checks: the flop
        >>> hand.street_name, hand.pot
        ('flop', 4)
        """
        a = self._turn(player, "check or call")
        owed = self._level - self._bets[a]
        if owed > 0:  # what call() and check() would verify again is settled here
            stack = self._stacks[a]
            self._call(a, owed if owed < stack else stack)
        else:
            self._check(a)

    def bet_or_raise_to(self, amount: int, player: Optional[int] = None) -> None:
        """Bet ``amount`` if there is no bet yet, else raise to ``amount`` (PHH's ``cbr``).

        Parameters
        ----------
        amount : int
            The player's total bet on this street after the action (chips).
        player : int, optional
            Who acts (an index from 0); by default the player whose turn it is.

        Raises
        ------
        IllegalActionError
            Not this player's turn, or an amount outside ``legal_actions()``'s ``min_to`` ..
            ``max_to``; the hand is unchanged.

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Hand
        >>> hand = Hand(GameConfig.pot_limit(1, 2), [100, 100], seed=1)  # player 1: button, small blind
        >>> hand.bet_or_raise_to(6)  # pot limit: the largest raise
        >>> hand.legal_actions().to_call
        4
        """
        a = self._turn(player, "bet or raise")
        # what verify_bet / verify_raise_to check beyond the turn: the amount
        kind = ev.BET if self._level == 0 else ev.RAISE
        self._check_amount(a, amount, kind)
        self._wager(int(amount), kind)

    def all_in(self, player: Optional[int] = None) -> None:
        """Put every chip in: a call if that does not exceed the bet, else a bet or raise.

        A bet or raise must respect the maximum: in pot limit a stack above the pot cannot go all in
        at once.

        Parameters
        ----------
        player : int, optional
            Who acts (an index from 0); by default the player whose turn it is.

        Raises
        ------
        IllegalActionError
            Not this player's turn, or the stack is above the largest bet allowed.

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Hand
        >>> hand = Hand(GameConfig.no_limit(1, 2), [100, 100], seed=1)
        >>> hand.all_in(); hand.all_in()  # a raise, then a call: the board runs out
        >>> hand.is_over, sum(hand.stacks)
        (True, 200)
        """
        total = self.verify_all_in(player)
        if total <= self._level:
            self.call(player)
        else:
            self._wager(total, ev.BET if self._level == 0 else ev.RAISE)

    def _wager(self, to: int, kind: str) -> None:
        a = self._actor
        level = self._level
        add = to - self._bets[a]
        self._stacks[a] -= add
        self._bets[a] = to
        self._committed[a] += add
        increment = to - level
        if level == 0:
            self._bets_made = 1
            if increment >= self._full_raise and not self._fixed:
                self._full_raise = increment
            self._acted = [-1] * self._n  # an opening bet: everyone, checked or not, may raise it
        elif increment >= self._structure.reopen_threshold(self._street, self._full_raise):
            self._bets_made += 1
            if not self._fixed:
                self._full_raise = increment
        self._level = to
        self._acted[a] = to
        self._aggressor = a
        if self._stacks[a] == 0:
            self._able -= 1
            self._live[a] = False
        self._history.append((kind, a, add, to, (), self._street, self._stacks[a] == 0, ""))
        self._advance()

    # ---- showdown ----

    def _start_showdown(self) -> None:
        self._pots = self._built_pots()
        self._order = sd.show_order(self._n, self._button, self._folded, self._final_aggressor)
        if self._config.show_all or not self._manual:
            if self._multiple_runs():  # hands run more than once are all tabled
                for p in self._order:
                    self._record_show(p, True)
                self._finish(sd.score(self._hole, self._board, self._order, self._hilo))
                return
            hi, lo = sd.score(self._hole, self._board, self._order, self._hilo)
            shows = sd.auto_shows(self._order, self._pots, hi, lo, self._config.show_all)
            for p, show in zip(self._order, shows):
                self._record_show(p, show)
            self._finish((hi, lo))
        else:
            self._phase = SHOWDOWN
            self._order_index = 0
            self._actor = self._order[0]

    def _built_pots(self) -> List[Tuple[int, Tuple[int, ...]]]:
        """Main and side pots of the chips in the middle (antes and dead chips pooled)."""
        return build_pots(list(map(sub, self._committed, self._pooled)), sum(self._pooled),
                          self._folded)

    def _record_show(self, p: int, show: bool) -> None:
        if show:
            self._shown.add(p)
            self._history.append((ev.SHOW, p, 0, 0, self._hole[p], self._street, False, ""))
        else:
            self._mucked.append(p)
            self._history.append((ev.MUCK, p, 0, 0, (), self._street, False, ""))

    def _showdown_turn(self, player: Optional[int], what: str) -> int:
        if self._phase != SHOWDOWN:
            raise IllegalActionError(f"cannot {what}: " + ("the hand is over" if self._phase == OVER
                                                           else "the betting is not over"))
        actor = self._actor
        if player is not None:
            p = self._player_arg(player, what)
            if p != actor:
                raise IllegalActionError(f"it is {self._label(actor)}'s turn to show or muck, not {self._label(p)}'s")
        return actor

    @_verify_doc
    def verify_show(self, player: Optional[int] = None, cards: Any = None) -> int:
        """Check that showing at showdown is allowed now, without changing anything.

        Returns
        -------
        int
            The player who would show.

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Hand
        >>> hand = Hand(GameConfig.pot_limit(1, 2), [100, 100], seed=1, showdown='manual')
        >>> for _ in range(8): hand.check_or_call()
        >>> hand.verify_show()
        0
        """
        a = self._showdown_turn(player, "show")
        if cards is not None:
            try:
                ids = sorted(parse_cards(cards).tolist())
            except CardError as exc:
                raise IllegalActionError(f"cannot show {cards!r}: {exc}") from None
            if ids != sorted(self._hole[a]):
                raise IllegalActionError(f"{self._label(a)} holds {format_cards(self._hole[a])}, "
                                         f"not {format_cards(ids)}")
        return a

    @_verify_doc
    def verify_muck(self, player: Optional[int] = None) -> int:
        """Check that mucking at showdown is allowed now, without changing anything.

        Returns
        -------
        int
            The player who would muck.

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Hand
        >>> hand = Hand(GameConfig.pot_limit(1, 2), [100, 100], seed=1, showdown='manual')
        >>> for _ in range(8): hand.check_or_call()
        >>> hand.phase, hand.actor, hand.can_muck()
        ('showdown', 0, True)
        """
        a = self._showdown_turn(player, "muck")
        if not sd.may_muck(a, self._pots, set(self._mucked)):
            raise IllegalActionError(f"{self._label(a)} cannot muck: nobody else is left to win a pot "
                                     f"they contest")
        return a

    def show(self, player: Optional[int] = None, cards: Any = None) -> None:
        """Show the hand at showdown (in turn; with ``showdown="manual"``).

        Parameters
        ----------
        player : int, optional
            Who shows; by default the player whose turn it is.
        cards : cards, optional
            The cards shown, checked against the hand (for replays of hidden hands).

        Raises
        ------
        IllegalActionError
            Not the showdown, not this player's turn, or cards that are not the hand.

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Hand
        >>> hand = Hand(GameConfig.pot_limit(1, 2), [100, 100], seed=1, showdown="manual")
        >>> for _ in range(8): hand.check_or_call()
        >>> hand.show(); hand.show()
        >>> hand.is_over, sorted(hand.result.shown)
        (True, [0, 1])
        """
        a = self.verify_show(player, cards)
        self._record_show(a, True)
        self._next_shower()

    def muck(self, player: Optional[int] = None) -> None:
        """Muck the hand at showdown, giving up every pot it contests (in turn; manual showdown).

        Parameters
        ----------
        player : int, optional
            Who mucks; by default the player whose turn it is.

        Raises
        ------
        IllegalActionError
            Not the showdown, not this player's turn, or nobody else left to win a pot.

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Hand
        >>> hand = Hand(GameConfig.pot_limit(1, 2), [100, 100], seed=1, showdown="manual")
        >>> for _ in range(8): hand.check_or_call()  # checked down to the showdown
        >>> hand.show()  # player 0 shows first
        >>> hand.muck()  # player 1 gives up
        >>> hand.is_over, hand.stacks
        (True, (102, 98))
        """
        a = self.verify_muck(player)
        self._record_show(a, False)
        self._next_shower()

    def _next_shower(self) -> None:
        self._order_index += 1
        if self._order_index < len(self._order):
            self._actor = self._order[self._order_index]
            return
        shown = [p for p in self._order if p in self._shown]
        self._finish(sd.score(self._hole, self._board, shown, self._hilo) if shown else ({}, {}))

    # ---- the end ----

    def _multiple_runs(self) -> bool:
        return self._runs > 1 and self._run_from >= 0

    def _later_boards(self) -> List[Tuple[int, ...]]:
        """Runs 2 .. of the board: the cards dealt before the all in, then the next deck cards."""
        prefix = tuple(self._board[:self._run_from])
        position = deal_size(self._n, self._hole_count)
        need = 5 - len(prefix)
        boards = []
        for _ in range(self._runs - 1):
            if position + need > len(self._deck):
                break  # the deck is out of cards: the board is run as many times as it can be
            boards.append(prefix + tuple(self._deck[position:position + need]))
            position += need
        return boards

    def _award(self, hi: Dict[int, int], lo: Dict[int, int],
               several: bool) -> Tuple[List[Tuple[int, ...]], List[PotResult]]:
        """(every board the pots were played on, the pots awarded: one run, or each pot split
        into equal shares awarded run by run on its own board)."""
        pots_now = after_rake(self._pots, self._rake, self._added) if (self._rake or self._added) else self._pots
        board = tuple(self._board)
        boards: List[Tuple[int, ...]] = [board]
        runs: List[Tuple[Dict[int, int], Dict[int, int]]] = [(hi, lo)]
        if several:
            shown = [p for p in self._order if p in self._shown]
            for later in self._later_boards():
                boards.append(later)
                runs.append(sd.score(self._hole, later, shown, self._hilo) if shown else ({}, {}))
        n = self._n
        if len(boards) == 1:
            return boards, sd.award(pots_now, self._shown, hi, lo, self._hilo, self._button, n,
                                    self._hole, board)  # a tuple: each award keeps it, no copy
        pots: List[PotResult] = []
        shares = [run_shares(amount, len(boards)) for amount, _ in pots_now]
        for r, (run_board, (run_hi, run_lo)) in enumerate(zip(boards, runs)):
            run_pots = [(share[r], eligible) for share, (_, eligible) in zip(shares, pots_now)]
            for pot in sd.award(run_pots, self._shown, run_hi, run_lo, self._hilo, self._button,
                                n, self._hole, run_board):
                pot.run = r
                pots.append(pot)
        return boards, pots

    def _finish(self, scores: Optional[Tuple[Dict[int, int], Dict[int, int]]]) -> None:
        n = self._n
        if scores is None:  # everyone else folded
            self._pots = self._built_pots()
            hi: Dict[int, int] = {}
            lo: Dict[int, int] = {}
        else:
            hi, lo = scores
        boards, pots = self._award(hi, lo, scores is not None and self._multiple_runs())
        winnings = [0] * n
        history, street, single = self._history, self._street, len(boards) == 1
        for pot in pots:
            for award in pot.awards:
                winnings[award.player] += award.amount
                note = f"pot {pot.index} {award.half}" if single else \
                    f"pot {pot.index} run {pot.run + 1} {award.half}"
                history.append((ev.WIN, award.player, award.amount, 0, (), street, False, note))
        stacks = self._stacks
        stacks[:] = map(add, stacks, winnings)
        self._boards = boards
        self._phase = OVER
        self._actor = -1
        shown_cards = {p: self._hole[p] for p in self._order if p in self._shown} if self._shown else {}
        self._result = HandResult(pots, list(self._returned), winnings, list(self._start),
                                  list(stacks), shown_cards, list(self._mucked), boards[0])

    # ---- state ----

    def legal_actions(self) -> LegalActions:
        """What the player to act may do now.

        Returns
        -------
        LegalActions
            Who acts, the phase, which actions are allowed, the amount to call and the range of
            a bet or raise (``min_to`` .. ``max_to``); ``describe()`` says it in words.

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Hand
        >>> hand = Hand(GameConfig.pot_limit(1, 2), [100, 100], seed=1)  # player 1: button, small blind
        >>> legal = hand.legal_actions()
        >>> legal.player, legal.actions, legal.to_call, (legal.min_to, legal.max_to)
        (1, ('fold', 'call', 'raise'), 1, (4, 6))
        """
        phase = self._phase
        if phase == OVER:
            return LegalActions(None, OVER)
        a = self._actor
        legal = LegalActions(a, phase)
        if phase == SHOWDOWN:
            legal.can_show = True
            legal.can_muck = sd.may_muck(a, self._pots, set(self._mucked))
            return legal
        level, bet, stack = self._level, self._bets[a], self._stacks[a]
        if bet < level:
            legal.can_fold = legal.can_call = True
            legal.to_call = min(level - bet, stack)
        else:
            legal.can_check = True
        reason, low, high, total = self._raise_window(a)
        legal.all_in_to = total
        if reason:
            legal.raise_reason = reason
        else:
            if level == 0:
                legal.can_bet = True
            else:
                legal.can_raise = True
            legal.min_to, legal.max_to = low, high
        return legal

    @property
    def config(self) -> GameConfig:
        """The :class:`GameConfig` the hand is played with."""
        return self._config

    @property
    def n_players(self) -> int:
        """The number of players dealt in."""
        return self._n

    @property
    def button(self) -> int:
        """The button's player index."""
        return self._button

    @property
    def seats(self) -> Tuple[Any, ...]:
        """The seat label of each player (their table seats, or 0..n-1)."""
        return self._seats

    @property
    def posts(self) -> Tuple[Post, ...]:
        """The forced bets (blinds, antes, straddles, kills) posted at the start."""
        return tuple(self._posts)

    @property
    def first_to_act(self) -> Optional[int]:
        """The player set to open the first round, or None for the usual order."""
        return self._first_to_act

    @property
    def last_to_act(self) -> Optional[int]:
        """The player who acts last in the first round (a killer), or None."""
        return None if self._last < 0 else self._last

    @property
    def showdown_mode(self) -> str:
        """``'auto'`` (the engine shows and mucks) or ``'manual'`` (the players do)."""
        return "manual" if self._manual else "auto"

    @property
    def starting_stacks(self) -> Tuple[int, ...]:
        """The stacks before the forced bets."""
        return tuple(self._start)

    @property
    def stacks(self) -> Tuple[int, ...]:
        """Chips behind (not in the pot) for each player."""
        return tuple(self._stacks)

    @property
    def bets(self) -> Tuple[int, ...]:
        """Each player's live bet on the current street."""
        return tuple(self._bets)

    @property
    def committed(self) -> Tuple[int, ...]:
        """Chips each player has put in this hand (uncalled chips returned are taken off)."""
        return tuple(self._committed)

    @property
    def pot(self) -> int:
        """Every chip in the middle, pending bets included (0 once the hand is paid out)."""
        return 0 if self._phase == OVER else sum(self._committed)

    @property
    def level(self) -> int:
        """The bet to match on this street."""
        return self._level

    @property
    def folded(self) -> Tuple[bool, ...]:
        """Per player, whether they have folded."""
        return tuple(self._folded)

    @property
    def street(self) -> int:
        """0 = preflop, 1 = flop, 2 = turn, 3 = river."""
        return self._street

    @property
    def street_name(self) -> str:
        """The street's name: ``'preflop'``, ``'flop'``, ``'turn'`` or ``'river'``."""
        return STREETS[self._street]

    @property
    def phase(self) -> str:
        """``'betting'``, ``'showdown'`` or ``'over'``."""
        return self._phase

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended (every pot awarded)."""
        return self._phase == OVER

    @property
    def actor(self) -> Optional[int]:
        """The player whose turn it is (an index from 0), or None when nobody is to act."""
        return None if self._actor < 0 else self._actor

    @property
    def board(self) -> Tuple[int, ...]:
        """The board cards dealt so far, as card ids."""
        return tuple(self._board)

    @property
    def boards(self) -> Tuple[Tuple[int, ...], ...]:
        """Every run of the board once the hand is over (one board unless it was run more than
        once); before that, the board so far."""
        return tuple(self._boards) if self._boards else (tuple(self._board),)

    @property
    def runs(self) -> int:
        """How many times the board is run once everyone is all in."""
        return self._runs

    @property
    def rake(self) -> int:
        """The rake taken from the pot (chips)."""
        return self._rake

    @property
    def added(self) -> int:
        """Chips added to the pot from outside the players' stacks (e.g. a bad-beat drop)."""
        return self._added

    @property
    def free_folds(self) -> bool:
        """Whether a player may fold when nothing is owed."""
        return self._free_folds

    @property
    def all_in_board(self) -> Optional[Tuple[int, ...]]:
        """The board when the betting ended all in before the river (the rest was run out), or
        None when the betting went on to the river or the hand ended without a showdown."""
        return tuple(self._board[:self._run_from]) if self._run_from >= 0 else None

    def hole_cards(self, player: int) -> Tuple[int, ...]:
        """The hole cards of ``player``.

        Parameters
        ----------
        player : int
            An index from 0.

        Returns
        -------
        tuple of int
            Card ids (0..51; :func:`omaha_eval.format_cards` writes them as text).

        Raises
        ------
        IllegalActionError
            No such player.

        Examples
        --------
        >>> from omaha_eval.game import GameConfig, Hand
        >>> hand = Hand(GameConfig.pot_limit(1, 2), [100, 100], seed=1)  # player 1: button, small blind
        >>> from omaha_eval import format_cards
        >>> format_cards(hand.hole_cards(0))
        '8s9sTs7s'
        """
        return tuple(self._hole[self._player_arg(player, "look at the hole cards")])

    @property
    def deck(self) -> Tuple[int, ...]:
        """The dealt part of the deck in dealing order (hole cards, then burns and board)."""
        return tuple(self._deck)

    @property
    def unknown_cards(self) -> FrozenSet[int]:
        """Cards that stand in for unknown ones (see the constructor)."""
        return self._unknown

    @property
    def history(self) -> Tuple[ev.Event, ...]:
        """Every event so far, in order (new :class:`~omaha_eval.game.events.Event` objects on
        each read: the hand keeps them as plain tuples)."""
        event = ev.Event
        events, at, holes = self._history, self._dealt_at, self._hole
        deals = [event(ev.DEAL_HOLE, p, 0, 0, holes[p], 0, False, "") for p in self._after[self._button]]
        return tuple([event(*fields) for fields in events[:at]] + deals +
                     [event(*fields) for fields in events[at:]])

    @property
    def result(self) -> Optional[HandResult]:
        """The :class:`HandResult` once the hand is over, else None."""
        return self._result

    def __repr__(self) -> str:
        state = self._phase if self._phase != BETTING else f"{STREETS[self._street]}, {self._label(self._actor)} to act"
        return f"Hand({self._config.describe()}; {self._n} players; {state}; stacks={self._stacks})"
