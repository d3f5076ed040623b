"""What real tables do to the pots between the last bet and the award: money the house adds (a
cash drop), the rake taken before the award, and the board run more than once.

All amounts are ints; rake and runs conserve chips exactly (what the rake takes is gone).
"""

from __future__ import annotations

from typing import List, Sequence, Tuple

Pots = List[Tuple[int, Tuple[int, ...]]]


def rake_shares(amounts: Sequence[int], rake: int) -> List[int]:
    """The rake each pot pays: proportional to the pot sizes, rounded by largest remainder
    (ties to the earlier pot, the main pot first), summing exactly to ``rake``.

    ``rake`` above the pots' total is capped at the total.

    Examples
    --------
    >>> rake_shares([247, 93, 30], 18)
    [12, 5, 1]
    """
    total = sum(amounts)
    rake = min(max(rake, 0), total)
    if not rake:
        return [0] * len(amounts)
    floors = [a * rake // total for a in amounts]
    left = rake - sum(floors)
    order = sorted(range(len(amounts)), key=lambda k: (-(amounts[k] * rake % total), k))
    for k in order[:left]:
        floors[k] += 1
    return floors


def after_rake(pots: Pots, rake: int, added: int = 0) -> Pots:
    """``pots`` with ``added`` house money in the main pot and the rake taken out.

    Examples
    --------
    >>> after_rake([(100, (0, 1)), (20, (0,))], 6, 10)
    [(105, (0, 1)), (19, (0,))]
    """
    if not pots:
        return []
    pots = list(pots)
    if added:
        amount, eligible = pots[0]
        pots[0] = (amount + added, eligible)
    shares = rake_shares([a for a, _ in pots], rake)
    return [(a - r, e) for (a, e), r in zip(pots, shares)]


def run_shares(amount: int, runs: int) -> List[int]:
    """A pot's share for each run of the board: equal, the odd chips to the first runs.

    Examples
    --------
    >>> run_shares(9785, 2)
    [4893, 4892]
    """
    share, odd = divmod(amount, runs)
    return [share + (1 if r < odd else 0) for r in range(runs)]
