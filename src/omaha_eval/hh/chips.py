"""The award of a site hand from the chips alone, for hands whose action order the state
machine refuses (a site's rule we do not model): every player's contribution from the text's
posts and actions (uncalled bets returned per street), then the rules layer's own main and side
pots (:func:`~omaha_eval.game.pots.build_pots`), rake (:mod:`~omaha_eval.game.payout`) and
showdown (:func:`~omaha_eval.game.showdown.award`) on the cards shown. Outcomes made this way
say so in their notes and have no engine hand (nothing to export as PHH).
"""

from __future__ import annotations

from typing import List, NamedTuple, Optional, Sequence, Set, Tuple

from ..game import config as gc
from ..game import showdown as sd
from ..game.payout import after_rake, run_shares
from ..game.pots import build_pots, uncalled_bet
from .model import SiteHand
from ..errors import ChipError as ChipError  # re-exported: its old home


class Contributions:
    """What each player (by index) put in from the text's posts and actions: ``committed``
    (uncalled bets returned per street), ``pooled`` (dead money, out of the layers),
    ``returned`` and ``folded``."""

    def __init__(self, hand: SiteHand, players: Sequence[str], posts: Sequence[gc.Post],
                 trimming: bool) -> None:
        n = len(players)
        index = {name: i for i, name in enumerate(players)}
        stack_of = {s.name: s.stack for s in hand.seats}
        self.stacks = [stack_of[name] for name in players]
        self.committed = [0] * n
        self.pooled = [0] * n
        self.returned = [0] * n
        self.folded = [False] * n
        self.bets = [0] * n
        for post in posts:
            i = post.player
            if post.kind in gc.LIVE_KINDS:
                self.bets[i] += self.put(i, post.amount)
            else:
                amount = self.put(i, post.amount)
                self.committed[i] += amount
                if post.kind == gc.DEAD or not trimming:
                    self.pooled[i] += amount
        street = 0
        for action in hand.actions:
            if action.street != street:
                self.close()
                street = action.street
            i = index[action.name]
            if action.verb == "fold":
                self.folded[i] = True
            elif action.verb in ("call", "bet", "allin"):
                self.bets[i] += self.put(i, action.amount)
            elif action.verb == "raise":
                self.bets[i] += self.put(i, action.amount - self.bets[i])
        self.close()

    def put(self, i: int, amount: int) -> int:
        """``amount`` capped by what player ``i`` has left."""
        return max(0, min(amount, self.stacks[i] - self.committed[i] - self.bets[i]))

    def close(self) -> None:
        """The end of a street: the uncalled bet back, the bets into the pot."""
        back = uncalled_bet(self.bets)
        if back is not None:
            p, amount = back
            self.bets[p] -= amount
            self.returned[p] += amount
        for i, bet in enumerate(self.bets):
            self.committed[i] += bet
            self.bets[i] = 0


def chip_award(hand: SiteHand, players: Sequence[str], posts: Sequence[gc.Post], trimming: bool,
               button: int, holes: Sequence[Optional[List[int]]],
               boards: Sequence[List[int]],
               rake: Optional[int] = None) -> Tuple[List[int], List[int], int, int]:
    """``(winnings, returned, pot shares, chips put in)``: the first two per player index;
    ``rake`` (default: the hand's) leaves the pots before the award."""
    n = len(players)
    chips = Contributions(hand, players, posts, trimming)
    committed, pooled, folded = chips.committed, chips.pooled, chips.folded
    layered = [c - p for c, p in zip(committed, pooled)]
    pots = after_rake(build_pots(layered, sum(pooled), folded),
                      hand.rake if rake is None else rake, hand.added)
    table = _Table(
        hands=[h or [] for h in holes], button=button, hilo=hand.game == "hilo",
        shown={i for i, name in enumerate(players) if name in hand.showed and holes[i] is not None
               and not folded[i]},
        unmucked={i for i, name in enumerate(players) if not folded[i] and name not in hand.mucked})
    winnings = [0] * n
    shares = [run_shares(amount, len(boards)) for amount, _ in pots]
    for r, board in enumerate(boards):
        contested = [(share[r], e) for share, (_, e) in zip(shares, pots)]
        _award_run(table, r, board, contested, winnings)
    return winnings, chips.returned, max(len(pots) * len(boards), 1), sum(committed)


class _Table(NamedTuple):
    """The players' cards as the showdown sees them: every hole (``[]``: unknown), the button,
    the game, who showed a whole hand and who did not fold or muck (by index)."""

    hands: List[List[int]]
    button: int
    hilo: bool
    shown: Set[int]
    unmucked: Set[int]


def _award_run(table: _Table, r: int, board: List[int],
               contested: List[Tuple[int, Tuple[int, ...]]], winnings: List[int]) -> None:
    """Run ``r``'s share of each pot (``contested``: amount and eligible players) added to
    ``winnings``: to the only claimant where there is one, else by the showdown of the hands
    shown."""
    shown = table.shown
    need = any(len(e) > 1 and len([p for p in e if p in shown]) > 1 for _, e in contested)
    if need and len(board) != 5:
        raise ChipError(f"the board of run {r + 1} has {len(board)} cards")
    hi, lo = sd.score(table.hands, board, sorted(shown),  # shown: known holes
                      table.hilo) if need else ({}, {})
    for amount, eligible in contested:
        showing = [p for p in eligible if p in shown]
        who = _sole_claimant(eligible, showing, table.unmucked)
        if who is not None:
            winnings[who] += amount
            continue
        if not showing:
            raise ChipError("a contested pot nobody showed for")
        for pot in sd.award([(amount, tuple(showing))], set(showing), hi, lo, table.hilo,
                            table.button, len(winnings), table.hands, board):
            for award in pot.awards:
                winnings[award.player] += award.amount


def _sole_claimant(eligible: Sequence[int], showing: List[int], unmucked: Set[int]) -> Optional[int]:
    """The one player a pot goes to without a showdown (the only one eligible, the only one
    showing, or, nobody showing, the only one who did not muck), or None."""
    if len(eligible) == 1:
        return eligible[0]
    if len(showing) == 1:
        return showing[0]
    if not showing:
        live = [p for p in eligible if p in unmucked]
        if len(live) == 1:
            return live[0]
    return None
