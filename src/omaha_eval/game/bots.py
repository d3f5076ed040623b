"""Simple built-in opponents: a bot is ``bot(table, seat, legal) -> action tuple`` (see
:meth:`~omaha_eval.game.table.Table.play_hand`)."""

from __future__ import annotations

from typing import Any, Tuple

import numpy as np

Action = Tuple[Any, ...]


class CallingBot:
    """Checks when it can, otherwise calls: never folds, never raises."""

    name = "calling"

    def __call__(self, table: Any, seat: int, legal: Any) -> Action:
        return ("check",) if legal.can_check else ("call",)

    def wants_chop(self) -> bool:
        return True


class RandomBot:
    """A random legal action: fold (only facing a bet) / check or call / bet or raise, with
    weights ``weights``; a bet or raise picks a uniform amount between the minimum and maximum.
    ``seed``: int or numpy Generator."""

    name = "random"

    def __init__(self, seed: Any = None, weights: Tuple[float, float, float] = (0.15, 0.6, 0.25)) -> None:
        self.rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
        self.weights = weights

    def __call__(self, table: Any, seat: int, legal: Any) -> Action:
        rng = self.rng
        fold_w, call_w, raise_w = self.weights
        if not legal.can_fold:
            fold_w = 0.0
        if not (legal.can_bet or legal.can_raise):
            raise_w = 0.0
        r = rng.random() * (fold_w + call_w + raise_w)
        if r < fold_w:
            return ("fold",)
        if r < fold_w + call_w:
            return ("check",) if legal.can_check else ("call",)
        kind = "bet" if legal.can_bet else "raise"
        low, high = legal.min_to, legal.max_to
        if high <= low:
            return (kind, low)
        return (kind, int(rng.integers(low, high + 1)))

    def wants_chop(self) -> bool:
        return bool(self.rng.random() < 0.5)


BOTS = {"calling": CallingBot, "random": RandomBot}
