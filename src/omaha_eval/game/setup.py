"""Setting up one hand: every argument of :class:`~omaha_eval.game.hand.Hand` checked, the
forced bets planned, the deck dealt; what the constructor then copies into the hand's state.

:func:`prepare` does all the checking and raises :class:`HandSetupError` naming the argument
and the value; it changes nothing, so a refused hand leaves no trace. What every hand of one
config, table size and button shares (the default posts in posting order, their effect on deep
stacks, who opens, where each player's cards lie in the deck) is a :class:`Plan`, worked out
once and kept per config (see :func:`config_entry`).
"""

from __future__ import annotations

from operator import sub
from typing import Any, Dict, FrozenSet, List, NamedTuple, Optional, Sequence, Tuple

from .. import _core
from .._args import as_index, is_int
from . import events as ev
from .config import (ANTE, BIG_BLIND, DEAD, KILL, LIVE, LIVE_KINDS, OPENER_KINDS, SMALL_BLIND,
                     STRADDLE, GameConfig, Post)
from .deck import build_deck, card_list
from .errors import HandSetupError
from .structures import MAX_CHIPS, Structure

__all__ = ["Setup", "prepare", "Plan", "ForcedBets", "forced_bets", "first_round_start",
           "posting_order", "config_entry", "SEAT_NUMBERS", "ROTATIONS", "AFTER"]

_POST_ORDER = {ANTE: 0, SMALL_BLIND: 1, BIG_BLIND: 2, STRADDLE: 3, KILL: 4, LIVE: 5, DEAD: 6}


def posting_order(posts: Sequence[Post], n: int, button: int) -> Tuple[Post, ...]:
    """A fixed posting order (antes, blinds by kind, dead chips; each clockwise from the button)
    so that the same set of posts always gives the same history."""
    return tuple(sorted(posts, key=lambda p: (_POST_ORDER[p.kind], (p.player - button - 1) % n)))


class ForcedBets:
    """The forced bets of a hand, applied: stacks, bets and chips committed and pooled, the
    events, the first round's amount to match (``level``), its full raise and the bets made."""

    __slots__ = ("stacks", "bets", "committed", "pooled", "events", "level", "full_raise",
                 "bets_made")

    def __init__(self, ordered: Sequence[Post], stacks: List[int], trimming: bool,
                 min_bet: int) -> None:
        n = len(stacks)
        bets, committed, pooled = [0] * n, [0] * n, [0] * n
        events: List[Tuple[Any, ...]] = []
        level = 0
        straddles = 0
        for post in ordered:
            i = post.player
            amount = min(post.amount, stacks[i])
            stacks[i] -= amount
            committed[i] += amount
            if post.kind == STRADDLE and post.amount:
                straddles += 1
            if post.kind in LIVE_KINDS:
                bets[i] += amount
                level = max(level, post.amount, bets[i])
            elif post.kind == DEAD or not trimming:
                pooled[i] += amount
            events.append((ev.POST, i, amount, bets[i] if post.kind in LIVE_KINDS else 0, (), 0,
                           stacks[i] == 0, post.kind))
        self.stacks, self.bets, self.committed, self.pooled = stacks, bets, committed, pooled
        self.events = events
        self.level = level
        self.full_raise = max(level, min_bet)
        self.bets_made = (1 if level > 0 else 0) + straddles


def first_round_start(posts: Sequence[Post], n: int, button: int, last: int) -> int:
    """The seat left of the largest blind, straddle or kill blind (ties: the later one; the kill
    blind of a killer acting last left out), or left of the button without any."""
    opener, key = -1, (-1, -1)
    for post in posts:
        if post.kind in OPENER_KINDS and post.amount > 0 and not (
                post.kind == KILL and post.player == last):  # a killer acting last opens nothing
            k = (post.amount, (post.player - button - 1) % n)
            if k > key:
                opener, key = post.player, k
    return ((opener if opener >= 0 else button) + 1) % n


class Plan:
    """What every hand of one config, table size and button starts from, worked out once:
    the posts (the default ones, or ``posts`` given) in posting order, their effect on stacks deep enough that nobody is all
    in after posting (``posted``; ``need[i]``: the chips player ``i`` posts, a stack must be
    above it for the shortcut), who opens the first round, and where each player's hole cards
    lie in the deck (``holes``: one slice per player)."""

    __slots__ = ("posts", "ordered", "posted", "need", "start", "holes")

    def __init__(self, config: GameConfig, n: int, button: int,
                 posts: Optional[Tuple[Post, ...]] = None) -> None:
        self.posts = tuple(config.default_posts(n, button)) if posts is None else posts
        self.ordered = posting_order(self.posts, n, button)
        deep = [MAX_CHIPS * 2] * n  # deeper than any stack: no post is short
        self.posted = ForcedBets(self.ordered, deep, config.ante_trimming,
                              config.structure.street_min_bet(0))
        self.need = tuple(self.posted.committed)
        self.start = first_round_start(self.posts, n, button, -1)
        # hole card j of player p is at hole_position(n, button, p, j) = j n + (p - button - 1) % n
        deal = config.hole_cards * n
        self.holes = tuple(slice((p - button - 1) % n, deal, n) for p in range(n))


# What a config fixes for every hand, in the order the hand keeps it: the config, its betting
# structure, fixed limit or not, hi-lo or not, the opening bet per street, pot-sized bets or not,
# the hole card count, Courchevel or not (worked out once: `hilo` is a property, the rest reads).
Rules = Tuple[GameConfig, Structure, bool, bool, Tuple[int, ...], bool, int, bool]

# Per config (keyed by id, the config kept in the entry so that no id is reused while its entry
# lives; cleared when it grows: a kill pot plays with a new, scaled config): its rules, the
# plans by (n, button) for the default posts or by (n, button, posts) for given ones, and the
# most players.
ConfigEntry = Tuple[GameConfig, Rules, Dict[Tuple[Any, ...], Plan], int]
_PLANS: Dict[int, ConfigEntry] = {}
SEAT_NUMBERS = tuple(tuple(range(n)) for n in range(13))  # the default seat labels
# Clockwise orders: ROTATIONS[n][s] is every player of an n-handed hand from s on, and
# AFTER[n][a] the order after player a, for the turn search (iterating a ready tuple is the
# cheapest loop).
ROTATIONS = tuple(tuple(tuple((s + k) % n for k in range(n)) for s in range(n)) for n in range(13))
AFTER = tuple(tuple(rotations[(a + 1) % n] for a in range(n))
              for n, rotations in enumerate(ROTATIONS))
_NO_CARDS: FrozenSet[int] = frozenset()


def config_entry(config: GameConfig) -> ConfigEntry:
    entry = _PLANS.get(id(config))
    if entry is None or entry[0] is not config:
        if len(_PLANS) >= 256:
            _PLANS.clear()
        structure = config.structure
        rules = (config, structure, structure.kind == "fixed", config.hilo,
                 tuple(structure.street_min_bet(street) for street in range(4)),
                 structure.kind in ("pot", "pot-no"), config.hole_cards, config.courchevel)
        entry = _PLANS[id(config)] = (config, rules, {}, config.max_players)
    return entry


_JUST_INT = {int}  # the types of stacks that need no closer look


def _sequence(value: Any, name: str) -> List[Any]:
    if isinstance(value, (str, bytes)):
        raise HandSetupError(f"{name} must be a sequence, got {value!r}")
    try:
        return list(value)
    except TypeError:
        raise HandSetupError(f"{name} must be a sequence, got {value!r}") from None


def _stack_list(stacks: Any) -> Sequence[Any]:
    if type(stacks) is not list and type(stacks) is not tuple:  # (read, never changed)
        return _sequence(stacks, "stacks")
    return stacks


def _stack_values(stacks: Sequence[Any]) -> Sequence[int]:
    """The stacks as Python ints (NumPy ints accepted), each positive and within the limit."""
    # the common case (plain ints within the limits) in C-speed passes; else say which
    if set(map(type, stacks)) == _JUST_INT and 0 < min(stacks) and max(stacks) <= MAX_CHIPS:
        return stacks
    out = []
    for i, s in enumerate(stacks):
        value = as_index(s)
        if value is None or value <= 0:
            raise HandSetupError(f"stack of player {i} must be a positive int, got {s!r}")
        if value > MAX_CHIPS:
            raise HandSetupError(f"stack of player {i} is {value}, above the chip limit 2**62")
        out.append(value)
    return out


def _check_amounts(runs: Any, rake: Any, added: Any) -> None:
    if type(runs) is not int or runs not in (1, 2, 3):
        raise HandSetupError(f"runs must be 1, 2 or 3, got {runs!r}")
    if type(rake) is not int or type(added) is not int or rake < 0 or added < 0:
        for name, value in (("rake", rake), ("added", added)):
            if not is_int(value) or value < 0:
                raise HandSetupError(f"{name} must be a non-negative int, got {value!r}")


def _player_index(value: Any, name: str, n: int) -> int:
    """A player index argument (NumPy ints accepted), checked against 0 .. n - 1."""
    index = as_index(value)
    if index is None or not 0 <= index < n:
        raise HandSetupError(f"{name} must be a player index 0..{n - 1}, got {value!r}")
    return index


def _positions(n: int, button: Any, first_to_act: Any,
               last_to_act: Any) -> Tuple[int, Optional[int], int]:
    """(the button, who opens the first round or None, who acts last in it or -1), checked."""
    at = n - 1 if button is None else button if type(button) is int and 0 <= button < n else \
        _player_index(button, "button", n)
    first = None if first_to_act is None else _player_index(first_to_act, "first_to_act", n)
    last = -1 if last_to_act is None else _player_index(last_to_act, "last_to_act", n)
    return at, first, last


def _seat_labels(seats: Optional[Sequence[Any]], n: int) -> Tuple[Any, ...]:
    labels = SEAT_NUMBERS[n] if seats is None else tuple(_sequence(seats, "seats"))
    if len(labels) != n:
        raise HandSetupError(f"seats has {len(labels)} labels for {n} players")
    return labels


def _plan(config: GameConfig, plans: Dict[Tuple[Any, ...], Plan], n: int, button: int,
          posts: Optional[Sequence[Post]]) -> Plan:
    """The plan of the default posts, or of the posts given (checked), worked out once."""
    if posts is None:  # made for these n and button: nothing to check
        plan = plans.get((n, button))
        if plan is None:
            plan = plans[(n, button)] = Plan(config, n, button)
        return plan
    post_list = _sequence(posts, "posts")
    for post in post_list:
        if not isinstance(post, Post):
            raise HandSetupError(f"posts must be Post objects, got {post!r}")
        if not 0 <= post.player < n:
            raise HandSetupError(f"{post} names a player outside 0..{n - 1}")
    # given posts that come back (a replayed table's blinds): their plan, worked out once
    # (posts are frozen, so equal posts give the same plan)
    key = (n, button, tuple(post_list))
    plan = plans.get(key)
    if plan is None:
        if len(plans) >= 512:
            plans.clear()
        plan = plans[key] = Plan(config, n, button, key[2])
    return plan


def _extra_boards(value: Any) -> Sequence[Sequence[int]]:
    """The cards of the later runs (one card list per run), as checked card ids."""
    boards = _sequence(value, "extra_boards")
    return [card_list(b, f"extra_boards[{i}]") for i, b in enumerate(boards)]


Holes = List[Tuple[int, ...]]


def _deal(config: GameConfig, plan: Plan, n: int, button: int, seed: Any, deck: Any,
          hole_cards: Any, board: Any, runs: int, extra_boards: Any) -> Tuple[List[int], Holes]:
    """(the dealt part of the deck, each player's hole cards)."""
    hole = config.hole_cards
    extra = extra_boards if type(extra_boards) is tuple and not extra_boards else \
        _extra_boards(extra_boards)
    if (seed is None and deck is None and runs == 1 and not extra and
            hole_cards is not None and board is not None):  # a replay: every card known
        known = _core.known_deal(hole_cards, board, n, button, hole)
        if known is not None:
            return known[0], known[1]
    dealt = build_deck(n, button, seed=seed, deck=deck, hole_cards=hole_cards, board=board,
                       hole=hole, full=runs > 1, extra_boards=extra)
    return dealt, list(map(tuple, map(dealt.__getitem__, plan.holes)))  # each player's slice


# The forced bets applied, each list the hand's own: stacks behind, bets, chips committed and
# pooled, the events, the amount to match, the full raise and the bets made (see ForcedBets).
Posted = Tuple[List[int], List[int], List[int], List[int], List[Tuple[Any, ...]], int, int, int]


def forced_bets(plan: Plan, stacks: Sequence[int], trimming: bool, min_bet: int) -> Posted:
    """The plan's forced bets, worked out once, when every stack is deep enough that nobody is
    all in after posting (copied), else posted now."""
    behind = list(map(sub, stacks, plan.need))
    if min(behind) > 0:
        p = plan.posted
        return (behind, p.bets[:], p.committed[:], p.pooled[:], p.events[:], p.level,
                p.full_raise, p.bets_made)
    p = ForcedBets(plan.ordered, list(stacks), trimming, min_bet)
    return p.stacks, p.bets, p.committed, p.pooled, p.events, p.level, p.full_raise, p.bets_made


# A hand's fixed facts, in the order the hand keeps them: n, button, seat labels, seats given
# or not, the posts, first_to_act or None, last_to_act or -1, a manual showdown or not, runs,
# rake, added, free folds or not, the unknown cards, the dealt part of the deck, the hole cards,
# the clockwise orders from each player and after each player (ROTATIONS[n], AFTER[n]).
Order = Tuple[Tuple[int, ...], ...]
Options = Tuple[int, int, Tuple[Any, ...], bool, Tuple[Post, ...], Optional[int], int, bool, int,
                int, int, bool, FrozenSet[int], List[int], Holes, Order, Order]


_new_tuple = tuple.__new__


class Setup(NamedTuple):
    """A hand checked and set up (what :func:`prepare` returns and the hand's constructor
    copies; tuples throughout, made and read in a few instructions)."""

    rules: Rules  # what the config fixes
    options: Options  # what the arguments fix
    stacks: List[int]  # the starting stacks (a copy)
    posted: Posted  # the forced bets applied
    opener: int  # who opens the first round (before anyone who acts last is moved to the end)


def prepare(config: Any, stacks: Any, button: Any = None, posts: Any = None,
            first_to_act: Any = None, last_to_act: Any = None, seed: Any = None,
            hole_cards: Any = None, board: Any = None, deck: Any = None, seats: Any = None,
            showdown: Any = "auto", unknown_cards: Any = (), runs: Any = 1, rake: Any = 0,
            added: Any = 0, extra_boards: Any = (), free_folds: Any = False) -> Setup:
    """Checks every argument of :class:`~omaha_eval.game.hand.Hand` (same names and meaning)
    and returns the :class:`Setup` of the hand; raises HandSetupError, changing nothing."""
    if not isinstance(config, GameConfig):
        raise HandSetupError(f"config must be a GameConfig, got {config!r}")
    # each check's common case inline, its full form (and its message) in a function
    given = stacks if type(stacks) is list or type(stacks) is tuple else _stack_list(stacks)
    n = len(given)
    _, rules, plans, most = config_entry(config)
    if not 2 <= n <= most:
        raise HandSetupError(f"a hand needs 2 to {most} players with "
                             f"{config.hole_cards} hole cards, got {n}")
    if (runs, rake, added) != (1, 0, 0) or {type(runs), type(rake), type(added)} != _JUST_INT:
        _check_amounts(runs, rake, added)  # (True == 1 and False == 0: the types are checked too)
    chips = _stack_values(given)
    at, first, last = _positions(n, button, first_to_act, last_to_act)
    if showdown not in ("auto", "manual"):
        raise HandSetupError(f"showdown must be 'auto' or 'manual', got {showdown!r}")
    labels = SEAT_NUMBERS[n] if seats is None else _seat_labels(seats, n)
    plan = plans.get((n, at)) if posts is None else None  # (the common case inline)
    if plan is None:
        plan = _plan(config, plans, n, at, posts)
    dealt, holes = _deal(config, plan, n, at, seed, deck, hole_cards, board, runs, extra_boards)
    unknown = frozenset(card_list(unknown_cards, "unknown_cards")) if (
        type(unknown_cards) not in (tuple, list) or unknown_cards) else _NO_CARDS
    opener = first if first is not None else plan.start if last < 0 else \
        first_round_start(plan.posts, n, at, last)
    # (tuple.__new__: a NamedTuple's own constructor is a Python function, several calls' cost)
    return _new_tuple(Setup, (
        rules, (n, at, labels, seats is not None, plan.posts, first, last, showdown == "manual",
                runs, rake, added, bool(free_folds), unknown, dealt, holes, ROTATIONS[n], AFTER[n]),
        list(chips), forced_bets(plan, chips, config.ante_trimming, rules[4][0]), opener))
