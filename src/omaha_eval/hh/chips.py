"""The award of a site hand from the chips alone, for hands whose action order the state
machine refuses (a site's rule we do not model): every player's contribution from the text's
posts and actions (uncalled bets returned per street), then the rules layer's own main and side
pots (:func:`~omaha_eval.game.pots.build_pots`), rake (:mod:`~omaha_eval.game.payout`) and
showdown (:func:`~omaha_eval.game.showdown.award`) on the cards shown. Outcomes made this way
say so in their notes and have no engine hand (nothing to export as PHH).
"""

from __future__ import annotations

from typing import Dict, List, Optional, Sequence, Tuple

from ..game import config as gc
from ..game import showdown as sd
from ..game.payout import after_rake, run_shares
from ..game.pots import build_pots, uncalled_bet
from .model import SiteHand
from ..errors import ChipError as ChipError  # re-exported: its old home


def chip_award(hand: SiteHand, players: Sequence[str], posts: Sequence[gc.Post], trimming: bool,
               button: int, holes: Sequence[Optional[List[int]]],
               boards: Sequence[List[int]]) -> Tuple[List[int], List[int], int, int]:
    """``(winnings, returned, pot shares, chips put in)``: the first two per player index."""
    n = len(players)
    index = {name: i for i, name in enumerate(players)}
    stacks = [s.stack for name in players for s in hand.seats if s.name == name]
    committed = [0] * n
    pooled = [0] * n
    returned = [0] * n
    folded = [False] * n
    bets = [0] * n

    def put(i: int, amount: int) -> int:
        amount = max(0, min(amount, stacks[i] - committed[i] - bets[i]))
        return amount

    for post in posts:
        i = post.player
        if post.kind in gc.LIVE_KINDS:
            bets[i] += put(i, post.amount - bets[i] if post.kind == gc.STRADDLE else post.amount)
        else:
            amount = put(i, post.amount)
            committed[i] += amount
            if post.kind == gc.DEAD or not trimming:
                pooled[i] += amount

    def close() -> None:
        back = uncalled_bet(bets)
        if back is not None:
            p, amount = back
            bets[p] -= amount
            returned[p] += amount
        for i in range(n):
            committed[i] += bets[i]
            bets[i] = 0

    street = 0
    for action in hand.actions:
        if action.street != street:
            close()
            street = action.street
        i = index[action.name]
        if action.verb == "fold":
            folded[i] = True
        elif action.verb in ("call", "bet"):
            bets[i] += put(i, action.amount)
        elif action.verb == "raise":
            bets[i] += put(i, action.amount - bets[i])
    close()
    layered = [c - p for c, p in zip(committed, pooled)]
    pots = after_rake(build_pots(layered, sum(pooled), folded), hand.rake, hand.added)
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
