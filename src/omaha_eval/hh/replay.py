"""A site hand through the rules layer: the engine, not the text, decides the pots and who
wins them from the cards shown; then the engine's award is compared with what the site says
each player collected (the ledger).

Choices (where the sites' rules leave room):
* players in the hand are those who post, act, show, muck or collect; other seated players
  (sitting out, away) are not dealt in; a button on an empty seat acts from the last player
  before it;
* forced bets: the small and big blind posted from the blinds' seats (left of the button;
  heads-up the button posts the small blind) are the blinds, else the first of each (a big
  blind short and all in still sets the full amount to match); another big blind (new player,
  out of position) is a live extra blind, another small blind (wherever the text lists it), a
  missed blind and an out-of-position small blind are dead money in the main pot; "small & big
  blinds" is a live big blind plus a dead small blind; a GGPoker straddle is the player's total,
  the blind the player posted included (a second straddle of the same player raises it);
* a player who shows only some of the hole cards cannot win (mucks); unknown hole cards are
  placeholders drawn from the unseen cards with seed 0 (they never decide a pot: a hand that
  was not shown is mucked unless it is the only one left for a pot);
* the site's rake and fees (rake, jackpot, bingo, ...) leave the pots before the award,
  proportionally to the pots; a cash drop joins the main pot; a site that prints no rake
  (888poker, PartyPoker's older format, iPoker) is taken to have raked what the players put in
  less what they collected; a hand run more than once gives each run the value the site's
  collect lines give it (a site's way of taking its fees from the runs), the engine deciding
  who wins each run;
* the site's total pot line must match the chips the replay put in: a difference is a
  disagreement, reported in ``differences``, as is a player's award off by more than one unit
  per pot share; a hand where a player cashed out (insurance) and that disagrees is excluded
  with that reason;
* where our limit rules refuse a bet the site allowed, the hand is replayed again with no limit
  and the refusal is kept in ``notes`` (the pots depend on the chips, not on the limit).
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import compress, repeat
from operator import attrgetter, is_
from typing import Any, Dict, List, Optional, Tuple

from ..cards import CardError, parse_cards
from ..game import config as gc
from ..game.config import GameConfig
from ..game.deck import BOARD_POSITIONS, build_deck
from ..game.errors import HandSetupError, IllegalActionError
from ..game.hand import Hand
from ..game.structures import FixedLimit, NoLimit, PotLimit, PotLimitPreflop, Structure
from .chips import ChipError, Contributions, chip_award
from .errors import HHError
from .model import Action, Seat, SiteHand


@dataclass
class Outcome:
    """A replayed (or excluded) hand (:func:`replay_hand` returns it).

    Attributes
    ----------
    hand : SiteHand
        The hand.
    ok : bool
        It was replayed; when False, ``error`` says what and where.
    error : str
        Why it could not be replayed.
    engine : Hand or None
        The rules layer's hand after the replay.
    players : list of str
        The players dealt in, in the engine's order.
    collected, returned, site_collected : dict of str to int
        What the engine awarded and gave back uncalled, and what the site says was collected.
    agrees : bool or None
        The engine and the site agree.
    exact : bool or None
        The equity of an all in was settled exactly.
    differences, notes : list of str
        Where they disagree; remarks.
    pot_shares : int
        Pots shared in the hand.
    method : str
        ``"engine"`` (the state machine) or ``"chips"`` (the fallback that checks the chips alone).
    setup : tuple or None
        What the replay was set up with.
    unmatched : dict of str to int
        Raises nobody could call, returned by the site.
    rake : int
        The rake the replay took: the site's rake line, or (sites that print none) the chips
        put in less what the players collected.
    returned_in_collected : bool
        The site counted a returned uncalled bet in what the player collected (as 888poker
        does in a walk).

    Examples
    --------
    >>> from omaha_eval.hh import SAMPLE_HAND, read_text, replay_hand
    >>> [hand] = read_text(SAMPLE_HAND)
    >>> outcome = replay_hand(hand)
    >>> outcome.method, outcome.players, outcome.differences
    ('engine', ['A', 'B'], [])
    """
    hand: SiteHand
    ok: bool = False
    error: str = ""
    engine: Optional[Hand] = None
    players: List[str] = field(default_factory=list)       # the players dealt in, engine order
    collected: Dict[str, int] = field(default_factory=dict)
    returned: Dict[str, int] = field(default_factory=dict)
    site_collected: Dict[str, int] = field(default_factory=dict)
    agrees: Optional[bool] = None
    exact: Optional[bool] = None
    differences: List[str] = field(default_factory=list)
    notes: List[str] = field(default_factory=list)
    pot_shares: int = 0
    method: str = "engine"   # "engine": the state machine; "chips": see hh.chips
    setup: Optional[tuple[Any, ...]] = None
    unmatched: Dict[str, int] = field(default_factory=dict)  # raises nobody could call
    rake: int = 0
    returned_in_collected: bool = False

    def __repr__(self) -> str:
        # the hand and the engine are long: Python's <...> form, one line
        head = f"<Outcome {self.hand.site} {self.hand.hand_id}"
        if not self.ok:
            return f"{head}: excluded: {self.error}>"
        verdict = "agrees" if self.agrees else "DISAGREES"
        return f"{head}: {verdict}, collected {self.collected}>"


class _Stop(Exception):
    def __init__(self, message: str, line: int = 0, action: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.action = action  # the state machine refused the text's actions (not its set-up)


def _where(hand: SiteHand, line: int) -> str:
    return f"{hand.file} hand {hand.hand_id}" + (f" line {line}" if line else "")


def replay_hand(hand: SiteHand) -> Outcome:
    """Replay ``hand`` through the rules layer and compare the engine's award with the site's.

    Parameters
    ----------
    hand : SiteHand
        From :func:`read_text` or :func:`read_file`.

    Returns
    -------
    Outcome
        ``ok`` and ``agrees`` when replayed and in agreement; ``error`` (what and where) when the
        hand could not be replayed.

    Examples
    --------
    >>> from omaha_eval.hh import SAMPLE_HAND, read_text, replay_hand
    >>> [hand] = read_text(SAMPLE_HAND)
    >>> outcome = replay_hand(hand)
    >>> outcome.ok, outcome.agrees, outcome.collected, outcome.site_collected
    (True, True, {'A': 200, 'B': 0}, {'A': 200, 'B': 0})
    """
    out = Outcome(hand)
    _check_hand(hand)
    out.rake = hand.rake
    if not hand.omaha:
        out.error = f"{_where(hand, hand.line)}: not an Omaha hand ({hand.variant})"
        return out
    if hand.problems:
        text, line = hand.problems[0]
        out.error = f"{_where(hand, line)}: {text}"
        return out
    try:
        engine, players = _run(hand, relaxed=False, out=out)
    except _Stop as stop:
        if stop.message.startswith("limit:"):
            out.notes.append(f"line {stop.line}: the site allowed what our {hand.limit}-limit rules "
                             f"refuse ({stop.message[6:].strip()}); replayed with no limit")
            try:
                engine, players = _run(hand, relaxed=True, out=out)
            except _Stop as again:
                return _by_chips(out, again)
        else:
            return _by_chips(out, stop)
    out.ok = True
    out.engine = engine
    out.players = players
    _ledger(out, engine, players)
    if not out.agrees and hand.cash_out:  # the site paid an insurance, not the showdown
        out.ok = False
        out.error = (f"{_where(hand, hand.line)}: a player cashed out the hand (all-in insurance), "
                     f"so the site's awards are not the showdown's: {hand.cash_out[0][:60]}")
    return out


def _check_hand(hand: Any) -> None:
    """Raise :class:`HHError` for what is not a :class:`SiteHand` (read_text's item for a hand
    it could not read is that hand's HHError: it is raised again)."""
    if isinstance(hand, HHError):
        raise HHError(f"this hand could not be read, so it cannot be replayed: {hand.message}",
                      file=hand.file, hand_id=hand.hand_id, line=hand.line)
    if not isinstance(hand, SiteHand):
        raise HHError(f"replay_hand takes a SiteHand from read_text or read_file, not "
                      f"{type(hand).__name__}")


def _by_chips(out: Outcome, stop: _Stop) -> Outcome:
    """The award from the chips alone when the state machine refused the text's actions."""
    hand = out.hand
    out.error = f"{_where(hand, stop.line)}: {stop.message}"
    if not stop.action or out.setup is None:
        return out
    players, posts, trimming, button, holes, boards = out.setup
    try:
        winnings, returned, shares, put_in = chip_award(hand, players, posts, trimming, button,
                                                        holes, boards, rake=out.rake)
    except ChipError as exc:
        out.error += f"; the chips alone do not settle it: {exc}"
        return out
    out.notes.append(f"line {stop.line}: the rules engine refused the text's actions "
                     f"({stop.message.removeprefix('limit:').strip()}); the pots were built and "
                     f"awarded from the chips each player put in")
    out.error = ""
    out.ok = True
    out.players = list(players)
    out.method = "chips"
    _compare(out, {players[i]: w for i, w in enumerate(winnings)},
             {players[i]: r for i, r in enumerate(returned) if r}, shares, put_in)
    return out


def _structure(limit: str, big_blind: int, small_bet: int, big_bet: int,
               relaxed: bool) -> Structure:
    bb = max(big_blind, 1)
    if relaxed:
        return NoLimit(1)
    if limit == "no":
        return NoLimit(bb)
    if limit == "pot-no":
        return PotLimitPreflop(bb)
    if limit == "fixed":
        return FixedLimit(small_bet or bb, big_bet or 2 * bb)
    return PotLimit(bb)


# The rules layer's configs and posts are immutable and checked when made: a table's hands
# share them (made once per distinct value, not once per hand).
@lru_cache(maxsize=1024)
def _config(limit: str, stakes: Tuple[int, int, int], relaxed: bool, small_blind: int,
            big_blind: int, game: str, trimming: bool, hole: int, courchevel: bool) -> GameConfig:
    return GameConfig(_structure(limit, *stakes, relaxed), small_blind, big_blind, game,
                      ante_trimming=trimming, hole_cards=hole, courchevel=courchevel)


@lru_cache(maxsize=4096)
def _post(player: int, kind: str, amount: int) -> gc.Post:
    return gc.Post(player, kind, amount)


_SEAT_NUMBER = attrgetter("seat")
_NAME = attrgetter("name")
_STACK = attrgetter("stack")


def _in_hand(hand: SiteHand) -> List[Seat]:
    """The seats of the players dealt in, in seat order."""
    active = set(hand.showed)
    active.update(hand.mucked, hand.collected, hand.uncalled, map(_NAME, hand.posts),
                  map(_NAME, hand.actions))
    seats = sorted(hand.seats, key=_SEAT_NUMBER)
    if all(map(active.__contains__, map(_NAME, seats))):  # (most hands: every seat plays)
        return seats
    known = hand.known
    return [seat for seat in seats if seat.name in active or (not seat.sitting_out and seat.name in known)]


def _blind_posters(hand: SiteHand, index: Dict[str, int], button: int) -> Tuple[int, int]:
    """The players (post indices into ``hand.posts``) whose small and big blind are the real
    blinds: the post of the player in the blind's seat (left of the button; heads-up the button
    posts the small blind) where there is one, else the first such post (-1: none). A small
    blind posted by another player (a dead blind a player returning owes) is then dead money
    whatever its place in the text."""
    n = len(index)
    want = {"small_blind": button if n == 2 else (button + 1) % n,
            "big_blind": (button + 1) % n if n == 2 else (button + 2) % n}
    found = {"small_blind": -1, "big_blind": -1}
    for k, post in enumerate(hand.posts):
        if post.kind in found:
            if found[post.kind] < 0 or (index[post.name] == want[post.kind] and
                                        index[hand.posts[found[post.kind]].name] != want[post.kind]):
                found[post.kind] = k
    return found["small_blind"], found["big_blind"]


def _posts(hand: SiteHand, index: Dict[str, int], stacks: List[int],
           big_blind: int, button: int) -> Tuple[List[gc.Post], int]:
    posts: List[gc.Post] = []
    straddles: Dict[int, int] = {}
    live: Dict[int, int] = {}  # the live blinds of each player (a straddle "to" counts them)
    sb_post, bb_post = _blind_posters(hand, index, button)
    antes = 0
    for k, post in enumerate(hand.posts):
        i = index[post.name]
        amount = post.amount
        kind = post.kind
        if k == sb_post:
            posts.append(_post(i, gc.SMALL_BLIND, amount))
            live[i] = live.get(i, 0) + amount
        elif k == bb_post:
            nominal = max(amount, big_blind) if amount >= stacks[i] else amount
            posts.append(_post(i, gc.BIG_BLIND, nominal))
            live[i] = live.get(i, 0) + amount
        elif kind in ("big_blind", "big_out"):
            posts.append(_post(i, gc.LIVE, amount))
            live[i] = live.get(i, 0) + amount
        elif kind == "small_and_big":
            part = min(amount, big_blind)
            posts.append(_post(i, gc.LIVE, part))
            live[i] = live.get(i, 0) + part
            if amount > part:
                posts.append(_post(i, gc.DEAD, amount - part))
        elif kind in ("small_blind", "small_out", "missed"):
            posts.append(_post(i, gc.DEAD, amount))
        elif kind == "ante":
            antes += 1
            posts.append(_post(i, gc.ANTE, amount))
        elif kind == "straddle_to":  # GGPoker: the player's total, blinds included
            straddles[i] = max(straddles.get(i, 0), amount - live.get(i, 0))
        elif kind == "straddle":
            straddles[i] = straddles.get(i, 0) + amount
    for i, amount in straddles.items():
        if amount > 0:
            posts.append(_post(i, gc.STRADDLE, amount))
    return posts, antes


_DECK = frozenset(range(52))
# for a board of m cards, the eight places after the deal as indices into the board's cards
# followed by the free cards that fill the other places in order
_TAIL_PICKS = tuple(tuple(BOARD_POSITIONS.index(place) if place in BOARD_POSITIONS[:m]
                          else m + sum(1 for q in range(place) if q not in BOARD_POSITIONS[:m])
                          for place in range(8)) for m in range(6))
_IDS = {r + u: 4 * i + j for i, r in enumerate("23456789TJQKA") for j, u in enumerate("cdhs")}


def _cards(cards: List[str], what: str, line: int, name: str = "") -> List[int]:
    """Card ids; ``what`` (with ``{}`` for ``name``) says whose cards in an error."""
    ids = list(map(_IDS.get, cards))  # None for a card not written the plain way
    if None not in ids and len(set(ids)) == len(ids):
        return ids  # type: ignore[return-value]
    out: List[int] = []
    for word in cards:  # each word one card: "TcTc" is a damaged word, not two cards
        try:
            parsed = parse_cards(word, unique=False).ravel().tolist()
        except CardError as exc:
            raise _Stop(f"{what.format(name)}: {exc}", line) from None
        if len(parsed) != 1:
            raise _Stop(f"{what.format(name)}: {word!r} is not one card", line)
        out.append(int(parsed[0]))
    return out


def _run(hand: SiteHand, *, relaxed: bool, out: Outcome) -> Tuple[Hand, List[str]]:
    players, stacks, button = _seating(hand)
    index = dict(zip(players, range(len(players))))
    small_blind, big_blind = _blinds(hand)
    posts, antes = _posts(hand, index, stacks, big_blind, button)
    out.rake = hand.rake if hand.rake_known else _inferred_rake(hand, players, posts, antes > 1, out)
    config = _config(hand.limit, (hand.big_blind, hand.small_bet, hand.big_bet), relaxed,
                     small_blind, big_blind, hand.game, antes > 1, hand.hole_cards, hand.courchevel)
    if len(players) > config.max_players:
        raise _Stop(f"{len(players)} players dealt in; {hand.hole_cards} hole cards deal at most "
                    f"{config.max_players}", hand.line)
    holes, partial, boards = _known_cards(hand, players)
    engine = _set_up(hand, config, stacks, button, posts, players, (holes, partial, boards), out)
    out.setup = (players, posts, antes > 1, button, holes, boards)
    try:
        for action, actor in zip(hand.actions, list(map(index.get, map(_NAME, hand.actions)))):
            _act(engine, actor, action, out)
    except _Stop as stop:
        stop.action = True
        raise
    _showdown(engine, hand, players, holes)
    if len(boards) > 1 and len(engine.boards) != len(boards):
        out.notes.append(f"the site ran the board {len(boards)} times; the engine ran it "
                         f"{len(engine.boards)} time(s)")
    return engine, players


def _seating(hand: SiteHand) -> Tuple[List[str], List[int], int]:
    """(the players dealt in, their stacks, the button's index among them)."""
    dealt_in = _in_hand(hand)
    players = list(map(_NAME, dealt_in))
    n = len(players)
    if n < 2:
        raise _Stop(f"{n} player dealt in; a hand needs two", hand.line)
    stacks = list(map(_STACK, dealt_in))
    if min(stacks) <= 0:
        seat = next(s for s in dealt_in if s.stack <= 0)
        raise _Stop(f"{seat.name} is dealt in with a stack of {seat.stack}", seat.line)
    # the button acts from the last player at or before its seat (the seats are in order)
    before = bisect_right(list(map(_SEAT_NUMBER, dealt_in)), hand.button_seat)
    return players, stacks, before - 1 if before else n - 1


def _blinds(hand: SiteHand) -> Tuple[int, int]:
    """The small and big blind: the header's, or in a fixed-limit hand what its blinds post."""
    small_blind, big_blind = hand.small_blind, hand.big_blind
    if hand.limit == "fixed":
        small_blind = next((p.amount for p in hand.posts if p.kind == "small_blind"), small_blind)
        big_blind = max(big_blind, next((p.amount for p in hand.posts if p.kind == "big_blind"), 0))
    return small_blind, big_blind


_Cards = Tuple[List[Optional[List[int]]], List[int], List[List[int]]]


def _known_cards(hand: SiteHand, players: List[str]) -> _Cards:
    """(each player's hole cards or None, the cards shown by players who showed part of a hand,
    each run's board), as card ids."""
    n = len(players)
    holes: List[Optional[List[int]]] = [None] * n
    for i in compress(range(n), map(hand.known.get, players)):  # the players whose cards are known
        name = players[i]
        known = hand.known[name]
        holes[i] = _cards(known, "hole cards of {}", hand.line, name)
        if len(known) != hand.hole_cards:
            raise _Stop(f"{name} holds {len(known)} cards; this game deals {hand.hole_cards}", hand.line)
    partial = [c for name, cards in hand.partial.items() if name not in hand.known
               for c in _cards(cards, "cards shown by {}", hand.line, name)]
    return holes, partial, [_cards(b, "board", hand.line) for b in hand.boards]


def _set_up(hand: SiteHand, config: GameConfig, stacks: List[int], button: int,
            posts: List[gc.Post], players: List[str], cards: _Cards, out: Outcome) -> Hand:
    """The engine's hand before the first action, its deck stacked with the cards known."""
    holes, partial, boards = cards
    n = len(players)
    prefix = 0  # the board cards every run shares
    if len(boards) > 1:
        while prefix < 5 and all(len(b) > prefix and b[prefix] == boards[0][prefix] for b in boards):
            prefix += 1
    extra = [b[prefix:] for b in boards[1:]]
    try:
        ordered = _deck_order(n, button, holes, boards[0], hand.hole_cards, extra, partial,
                              full=len(boards) > 1)
        if ordered is None:  # a card given twice: let the deck builder say which
            build_deck(n, button, seed=0, hole_cards=holes, board=boards[0] or None,
                       hole=hand.hole_cards, full=len(boards) > 1, extra_boards=extra, exclude=partial)
            raise HandSetupError("a card is given twice")
        deck, unknown = ordered
        return Hand(config, stacks, button=button, posts=posts, deck=deck, seats=players,
                    showdown="manual", unknown_cards=unknown, runs=len(boards), rake=out.rake,
                    added=hand.added, free_folds=True)
    except HandSetupError as exc:
        raise _Stop(f"the hand cannot be set up: {exc}", hand.line) from None


def _showdown(engine: Hand, hand: SiteHand, players: List[str],
              holes: List[Optional[List[int]]]) -> None:
    """The text's actions played: the showdown, in the engine's order (each call acts for the
    actor); a hand whose betting is not over is a text cut short."""
    if not engine.is_over and engine.phase == "betting":
        who = players[engine.actor] if engine.actor is not None else "?"
        raise _Stop(f"the text ends while the engine waits for {who} to act on the "
                    f"{engine.street_name}", hand.actions[-1].line if hand.actions else hand.line,
                    action=True)
    while not engine.is_over:
        p = engine.actor
        if p is None:  # pragma: no cover - a hand that is not over has an actor
            raise _Stop("the engine has nobody to act", hand.line)
        if players[p] in hand.showed and holes[p] is not None:
            engine.show()
        elif engine.can_muck():
            engine.muck()
        else:
            engine.show()  # the last hand left for a pot: its cards do not matter


def _inferred_rake(hand: SiteHand, players: List[str], posts: List[gc.Post], trimming: bool,
                   out: Outcome) -> int:
    """The rake of a site that prints none: the chips put in (less the uncalled bets, unless
    the site counts them in "collected") less what the players collected. Where that is
    negative by no more than the returned bets (888poker's walk), the site counted them."""
    chips = Contributions(hand, players, posts, trimming)
    pot = sum(chips.committed) + hand.added
    back = sum(chips.returned)
    taken = sum(hand.collected.values())
    if hand.uncalled_in_collected:
        return max(pot + back - taken, 0)
    if taken > pot and back and taken <= pot + back:
        out.returned_in_collected = True
        return pot + back - taken
    return max(pot - taken, 0)


def _deck_order(n: int, button: int, holes: List[Optional[List[int]]], board: List[int], hole: int,
                extra: List[List[int]], partial: List[int],
                full: bool = True) -> Optional[Tuple[List[int], List[int]]]:
    """``(deck, placeholders)``: all 52 cards (or with ``full`` False the ``hole n + 8`` dealt)
    in dealing order with every known card in its place and the unknown ones filled from the
    unused cards in ascending order of card and of deck place (placeholders: nobody saw them);
    ``placeholders`` are the hole cards so filled. None when a card is given twice. Each of
    ``holes`` is a whole hand or None. Raises :class:`HandSetupError` when too few cards are
    left for the places nobody saw. No shuffle: a replay needs none, and it is the slow part."""
    size = hole * n + 8
    if size > 52:
        return None
    deal = hole * n
    order: List[int] = [-1] * size
    given: List[int] = []
    # hole card j of player p: deck index j n + (p - button - 1) % n
    for p, cards in zip(compress(range(n), holes), filter(None, holes)):  # the hands seen
        order[(p - button - 1) % n:deal:n] = cards
        given += cards
    # the deal places of the hands nobody saw, ascending: deal place q is player button + 1 + q
    first = (button + 1) % n
    blind = list(compress(range(n), map(is_, holes[first:] + holes[:first], repeat(None))))
    shown = board[:5]
    later = [c for b in extra for c in b]
    given += shown
    given += later
    given += partial
    taken = set(given)
    if len(taken) != len(given):
        return None
    free = sorted(_DECK.difference(taken))  # the unused cards, ascending
    k = len(blind)
    missing = hole * k + 8 - len(shown)  # the places to fill
    if missing > len(free):  # cards shown apart or later runs took what the deal needs
        raise HandSetupError(f"{missing} unseen cards to deal, {len(free)} left in the deck")
    # filled in deck order, the hole places come first: free card j k + r (k hands unseen) is
    # card j of the hand at the r-th lowest deal place; burns and board places take the rest
    for r, q in enumerate(blind):
        order[q:deal:n] = free[r:hole * k:k]
    # the eight places after the deal: the board's cards where they lie, the next free cards
    # in the burns and the board places not dealt
    picks = shown + free[hole * k:hole * k + 8 - len(shown)]
    order[deal:] = map(picks.__getitem__, _TAIL_PICKS[len(shown)])
    if not full:  # run once: the engine takes only the cards it deals
        return order, free[:hole * k]
    return order + later + free[missing:], free[:hole * k]


def _after_betting(engine: Hand, action: Action) -> None:
    """Raise :class:`_Stop` when the betting is over (the hand is over or at the showdown)."""
    if engine.phase != "betting":
        raise _Stop(f"{action.name} {action.verb}s after the betting is over", action.line)


def _act(engine: Hand, i: Optional[int], action: Action, out: Outcome) -> None:
    """Play ``action`` of player ``i`` (None: not dealt in)."""
    if i is None:
        raise _Stop(f"{action.name} acts but is not dealt in", action.line)
    actor = engine.actor
    if actor != i:
        _after_betting(engine, action)
        expected = "nobody" if actor is None else engine.seats[actor]
        raise _Stop(f"{action.name} {action.verb}s but the engine expects {expected} to act", action.line)
    verb = action.verb
    if verb == "allin":  # chips added: a call when they do not go past the bet to match
        verb = "call" if engine.bets[i] + action.amount <= engine.level else "bet"
    # the actor is checked above: the engine's calls act for the player to act (no re-check).
    # At the showdown the actor is the next to show: the engine then refuses any betting, and
    # the refusal is said as above (a refused action changes nothing)
    try:
        if verb == "fold":
            engine.fold()
        elif verb == "check":
            engine.check()
        elif verb == "call":
            _call(engine, i, action)
        else:
            _bet_or_raise(engine, i, action, verb, out)
    except IllegalActionError as exc:
        _after_betting(engine, action)
        text = str(exc)
        if "maximum" in text or "minimum" in text or "capped" in text or "reopened" in text:
            raise _Stop(f"limit: {text}", action.line) from None
        raise _Stop(f"{action.name} {verb}: {text}", action.line) from None


def _call(engine: Hand, i: int, action: Action) -> None:
    """A call of ``action.amount``, which must be what player ``i`` owes."""
    try:
        owed = engine.verify_call()  # what the call puts in
    except IllegalActionError:  # nothing to call: the text's amount is then wrong
        _after_betting(engine, action)
        owed = min(engine.level - engine.bets[i], engine.stacks[i])
        if owed != action.amount:
            raise _Stop(f"{action.name} calls {action.amount} but owes {owed}", action.line) from None
        engine.call()  # refused: says why
    if owed != action.amount:
        raise _Stop(f"{action.name} calls {action.amount} but owes {owed}", action.line)
    engine.check_or_call()  # the call verified above (not verified again)


def _bet_or_raise(engine: Hand, i: int, action: Action, verb: str, out: Outcome) -> None:
    """A bet (``action.amount``: the chips added) or a raise (the street total) of player
    ``i``; one nobody left could call is played as a call, the rest kept in ``out.unmatched``."""
    to = action.amount if verb == "raise" else engine.bets[i] + action.amount
    if engine.level == 0 and verb == "raise":
        to = action.amount
    try:  # the engine says why when it refuses: no legal_actions() asked per raise
        engine.bet_or_raise_to(to)
    except IllegalActionError as exc:
        if "nobody left could call" not in str(exc):
            raise
        # the site takes a raise nobody can call and returns it as uncalled: a call here
        out.notes.append(f"line {action.line}: {action.name}'s {verb} to {to} that nobody "
                         f"could call is played as a call (the rest returned)")
        extra = to - min(engine.level, engine.bets[i] + engine.stacks[i])
        engine.check_or_call()
        if extra > 0:
            out.unmatched[action.name] = out.unmatched.get(action.name, 0) + extra


def _ledger(out: Outcome, engine: Hand, players: List[str]) -> None:
    result = engine.result
    if result is None:  # pragma: no cover - called once the hand is over
        raise ValueError("the hand is not over")
    returned: Dict[str, int] = {}
    for p, amount in result.returned:
        returned[players[p]] = returned.get(players[p], 0) + amount
    for name, amount in out.unmatched.items():  # never put in by the engine, returned by the site
        returned[name] = returned.get(name, 0) + amount
    winnings = dict(zip(players, result.winnings))
    if len(out.hand.run_collected) > 1:  # the site says what each run paid
        by_run: Dict[int, Dict[str, int]] = {}
        for pot in result.pots:
            run = by_run.setdefault(pot.run, {})
            for p, amount in pot.winners.items():
                run[players[p]] = run.get(players[p], 0) + amount
        _run_values(out, by_run, winnings)
    _compare(out, winnings, returned, max(len(result.pots), 1), sum(engine.committed))


def _run_values(out: Outcome, by_run: Dict[int, Dict[str, int]], winnings: Dict[str, int]) -> None:
    """A hand run more than once: where the site's collect lines give each run a value that
    differs from the engine's equal shares (a site that takes its rake and fees from the runs
    its own way, as GGPoker with a jackpot fee), each run's value is the site's, shared among
    that run's winners as the engine found them (in proportion to their engine shares); said
    in ``notes``. The totals must agree: nothing is created or lost."""
    site = out.hand.run_collected
    if len(site) < 2 or sorted(site) != sorted(by_run) or out.hand.uncalled_in_collected:
        return
    values = {r: sum(v.values()) for r, v in site.items()}
    engine = {r: sum(v.values()) for r, v in by_run.items()}
    if values == engine or sum(values.values()) != sum(engine.values()):
        return
    for r, run in by_run.items():
        shares = _proportional(list(run.values()), values[r])
        for (name, amount), share in zip(run.items(), shares):
            winnings[name] += share - amount
    out.notes.append("the site valued the runs at " + ", ".join(str(values[r]) for r in sorted(values))
                     + " after its fees (the engine's equal shares: "
                     + ", ".join(str(engine[r]) for r in sorted(engine))
                     + "); each run went to its winners as the engine found them")


def _proportional(weights: List[int], total: int) -> List[int]:
    """``total`` shared in proportion to ``weights`` (largest remainder, ties to the first)."""
    whole = sum(weights)
    if whole <= 0:
        return [total] + [0] * (len(weights) - 1) if weights else []
    floors = [w * total // whole for w in weights]
    order = sorted(range(len(weights)), key=lambda k: (-(weights[k] * total % whole), k))
    for k in order[:total - sum(floors)]:
        floors[k] += 1
    return floors


def _compare(out: Outcome, collected: Dict[str, int], returned: Dict[str, int], shares: int,
             committed: int) -> None:
    """The ledger: the award against what the site says each player collected, and the
    replay's pot against the site's total pot line (a difference there is a disagreement)."""
    hand = out.hand
    out.returned = returned
    out.collected = collected
    out.pot_shares = shares
    diffs: List[str] = []
    names = list(map(_NAME, hand.seats))
    site = out.site_collected = _site_collected(out, names, returned)
    if not hand.uncalled_in_collected and hand.uncalled:
        # in seat order (a set's order would change from run to run)
        for name in dict.fromkeys(s.name for s in hand.seats if s.name in returned or s.name in hand.uncalled):
            if returned.get(name, 0) != hand.uncalled.get(name, 0):
                out.notes.append(f"uncalled bet returned to {name}: site {hand.uncalled.get(name, 0)}, "
                                 f"engine {returned.get(name, 0)}")
    pot_ok = _total_pot_check(out, committed, returned, diffs)
    close = True
    awarded = list(map(collected.get, names, repeat(0)))
    if awarded != list(map(site.__getitem__, names)):  # (most hands agree to the chip)
        for name, mine in zip(names, awarded):
            theirs = site[name]
            if mine != theirs:
                diffs.append(f"{name}: engine {mine}, site {theirs}")
                if abs(mine - theirs) > shares:
                    close = False
    out.differences = diffs
    out.exact = not diffs
    out.agrees = sum(collected.values()) == sum(site.values()) and close and pot_ok
    if not out.agrees and hand.cash_out:
        out.notes.append("a player cashed out or insured the hand: " + hand.cash_out[0][:80])


def _site_collected(out: Outcome, names: List[str], returned: Dict[str, int]) -> Dict[str, int]:
    """What the site says each of ``names`` collected (in that order), less a returned
    uncalled bet where the site counts it in "collected"."""
    hand = out.hand
    site = dict(zip(names, map(hand.collected.get, names, repeat(0))))
    if hand.uncalled_in_collected or out.returned_in_collected:
        for name, back in returned.items():
            raw = site.get(name)
            if raw:
                site[name] = raw - min(raw, back)
    return site


def _total_pot_check(out: Outcome, committed: int, returned: Dict[str, int],
                     diffs: List[str]) -> bool:
    """Whether the site's total pot line agrees with the chips the replay put in the pot (a
    difference is added to ``diffs`` with both figures)."""
    hand = out.hand
    if hand.total_pot is None:
        return True
    expected = committed + hand.added
    if hand.total_has_uncalled:
        expected += sum(returned.values())
    if hand.total_after_rake:
        expected -= out.rake
    if hand.total_pot == expected:
        return True
    diffs.append(f"total pot: site {hand.total_pot}, replay {expected} (the chips put in"
                 f"{' less the rake' if hand.total_after_rake else ''})")
    return False
