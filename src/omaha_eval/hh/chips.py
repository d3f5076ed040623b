"""The award of a site hand from the chips alone, for hands whose action order the state
machine refuses (a site's rule we do not model): every player's contribution from the text's
posts and actions (uncalled bets returned per street), then the rules layer's own main and side
pots (:func:`~omaha_eval.game.pots.build_pots`), rake (:mod:`~omaha_eval.game.payout`) and
showdown (:func:`~omaha_eval.game.showdown.award`) on the cards shown. Outcomes made this way
say so in their notes and have no engine hand (nothing to export as PHH).
"""

from __future__ import annotations

from typing import List, Optional, Sequence, Tuple

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
    committed, pooled, returned, folded = chips.committed, chips.pooled, chips.returned, chips.folded
    layered = [c - p for c, p in zip(committed, pooled)]
    pots = after_rake(build_pots(layered, sum(pooled), folded),
                      hand.rake if rake is None else rake, hand.added)
    shown = {i for i, name in enumerate(players) if name in hand.showed and holes[i] is not None
             and not folded[i]}
    unmucked = {i for i, name in enumerate(players) if not folded[i] and name not in hand.mucked}
    winnings = [0] * n
    shares = [run_shares(amount, len(boards)) for amount, _ in pots]
    for r, board in enumerate(boards):
        contested = [(share[r], e) for share, (_, e) in zip(shares, pots)]
        need = any(len(e) > 1 and len([p for p in e if p in shown]) > 1 for _, e in contested)
        if need and len(board) != 5:
            raise ChipError(f"the board of run {r + 1} has {len(board)} cards")
        hi, lo = sd.score([h or [] for h in holes], board, sorted(shown),  # shown: known holes
                          hand.game == "hilo") if need else ({}, {})
        for amount, eligible in contested:
            showing = [p for p in eligible if p in shown]
            if len(eligible) == 1 or len(showing) == 1 or (not showing and len([p for p in eligible if p in unmucked]) == 1):
                who = eligible[0] if len(eligible) == 1 else (showing[0] if showing else
                                                             next(p for p in eligible if p in unmucked))
                winnings[who] += amount
                continue
            if not showing:
                raise ChipError("a contested pot nobody showed for")
            for pot in sd.award([(amount, tuple(showing))], set(showing), hi, lo, hand.game == "hilo",
                                button, n, [h or [] for h in holes], board):
                for award in pot.awards:
                    winnings[award.player] += award.amount
    return winnings, returned, max(len(pots) * len(boards), 1), sum(committed)
