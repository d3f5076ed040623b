"""Equity: each player's share of the pot, exactly or by sampling, hi or hi-lo, hands or ranges.

* :func:`equity` -- one spot: 2 to 10 players (hands or ranges, see :mod:`omaha_eval.ranges`),
  a known board of 0 to 5 cards, dead cards. Exact enumeration of every remaining board by
  default; Monte Carlo when ``trials`` is given (or when exact is unaffordable, see below).
* :func:`equity_batch` -- many matchups of fixed hands at once: ``(N, P, k)`` holes, optional
  boards, returns the ``(N, P)`` equities without a Python loop.
* :func:`showdown` -- complete deals: each player's share of the pot and the win/tie/scoop counts.

The Omaha family: every player holds the same number of hole cards, 4 (Omaha), 5 (5-card Omaha,
Big O, Courchevel) or 6 (6-card Omaha), and plays exactly two of them with exactly three board
cards, for high and for the 8-or-better low. ``game`` is ``"hi"`` or ``"hilo"`` (the hole count
then comes from the hands), or a variant name as the sites write them (:data:`VARIANTS`:
``plo``, ``plo8``, ``plo5``, ``plo5-8`` = Big O, ``plo6``, ``plo6-8``, ``courchevel``,
``courchevel-8``, from :mod:`omaha_eval.variants`), which also fixes the hole count. Courchevel's preflop spot is a one-card
board. The deck limits the table: 10 players with four cards, 8 with five, 7 with six.

Pot shares are computed as integers in units of :data:`POT` (5040 = 2 * lcm(1..10)), so exact
results are exact fractions (:meth:`EquityResult.fractions`) and never depend on ``workers``.
Monte Carlo results depend only on ``seed`` (not on ``workers``): trials come in fixed streams of
``MC_CHUNK``, each with its own generator derived from the seed.

Budgets. Exact enumeration of fixed hands is always affordable: boards are grouped by rank
multiset (about 6,000 groups preflop) with only flush-capable boards handled one suit pattern at
a time, so even a 6-card, 7-player preflop spot takes milliseconds. With ranges, every
collision-free combination of holdings is enumerated when that costs at most
:data:`EXACT_BUDGET` units (a unit is one rank-multiset group of one combination, about 0.3 us
here, so about a second); above it ``equity`` samples :data:`DEFAULT_TRIALS` trials instead and
says so (``exact=False``). Monte Carlo takes at most :data:`MAX_TRIALS` trials per call (a clear
error above; about a day of work). ``random`` players are dealt straight from the remaining deck
(no rejected draws); other range players are drawn together, a draw that collides being drawn
again (at most ``100,000`` times in a row per trial, after the card-count check below has ruled
out impossible spots: only spots where almost every draw collides fail that way).
A spot that cannot be dealt at all (two players who both need the ace of spades, three players
who need six aces between them) is refused at once, with the reason, before any work.

Long calls run in slices (about a tenth of a second each) and check for Ctrl-C between them.

The package, one job a module: :mod:`.players` reads each player (hand, range, random),
:mod:`.spot` checks a spot as a whole, :mod:`.feasibility` decides from card counts whether it
can be dealt and what exact enumeration would cost, :mod:`.engines` runs the native core in
slices, :mod:`.results` holds what comes back, :mod:`.batch` is the array API; :func:`equity`
(here) picks the engine. :func:`parse_spot` and :func:`exact_cost` are for the service, which
weighs a request before running it.
"""

from __future__ import annotations

import math
from typing import Any, Optional, Sequence

from .. import _core
from .._args import MAX_WORKERS, SeedLike, seed as seed_value, workers as thread_count
from ..variants import VARIANTS
from .batch import equity_batch, showdown
from .engines import (DEFAULT_TRIALS, MAX_TRIALS, ProgressFn, exact_fixed, exact_ranges,
                      monte_carlo, trial_count)
from .feasibility import EXACT_BUDGET
from .players import HandLike
from .results import POT, EquityResult, ShowdownResult
from .spot import Spot, enumerable, exact_cost, holding_counts, parse_spot, text_spot

__all__ = [
    "EquityResult",
    "ShowdownResult",
    "equity",
    "equity_batch",
    "showdown",
    "parse_spot",
    "exact_cost",
    "POT",
    "DEFAULT_TRIALS",
    "EXACT_BUDGET",
    "MAX_TRIALS",
    "MAX_WORKERS",
    "VARIANTS",
]


def _result(spot: Spot, stats: Any, deals: int, exact: bool, seed: Optional[int],
            integer: bool, holdings: int = 1,
            sampled_because: Optional[str] = None) -> EquityResult:
    return EquityResult(spot.names, spot.board_text, spot.dead_text,
                        "hilo" if spot.game == 1 else "hi", exact, int(deals), seed, holdings,
                        spot.hole, stats, integer, sampled_because)


def equity(
    hands: Sequence[HandLike],
    board: Any = "",
    dead: Any = "",
    *,
    game: str = "hi",
    trials: Optional[int] = None,
    seed: SeedLike = None,
    workers: int = 1,
    progress: Optional[ProgressFn] = None,
) -> EquityResult:
    """Each player's share of the pot.

    Parameters
    ----------
    hands : sequence
        2 to 10 players (8 with five cards, 7 with six), each a hand (``"AsKsQhJh"``, a list of
        card ids), a range (``"AA**ds, KK**:0.5"``, a :class:`~omaha_eval.ranges.Range`) or
        ``"random"``. Every player holds the same number of cards (4, 5 or 6).
    board : str or sequence, optional
        0 to 5 known board cards (one card: Courchevel before the flop).
    dead : str or sequence, optional
        Cards out of play.
    game : str
        ``"hi"``, ``"hilo"`` (8 or better) or a variant name from :data:`VARIANTS`
        (``"plo5"``, ``"plo5-8"``, ``"courchevel"``, ...), which also fixes the hole count.
    trials : int, optional
        None enumerates every remaining board exactly (and, for ranges, every collision-free
        combination of holdings, weighted), unless that exceeds :data:`EXACT_BUDGET`, in which
        case :data:`DEFAULT_TRIALS` trials are sampled. An int samples that many deals (at most
        :data:`MAX_TRIALS`). With a complete board and fixed hands the showdown is settled
        exactly.
    seed : int or numpy.random.Generator, optional
        Seed of the sampling, 0 .. 2**64 - 1; None draws a fresh one (reported in the result's
        ``seed``, and in its text). The same seed gives the same numbers on any machine and
        for any ``workers``.
    workers : int
        Threads (-1 = all cores; at most :data:`MAX_WORKERS`). Results never depend on it.
    progress : callable, optional
        ``progress(done, total)`` is called as the work advances (used by the CLI).

    Returns
    -------
    EquityResult
        Per player: equity, its standard error, win, tie and scoop rates; how it was computed
        (exact boards, or trials and seed, and why it sampled when it was not asked to).

    Raises
    ------
    CardError
        A bad or repeated card, a hand of the wrong size, players of different hole counts.
    RangeError
        Bad range text, or ranges that cannot all be dealt (with the reason).
    ArgumentError
        A bad ``game``, ``trials``, ``seed`` or ``workers`` value.
    ValueError
        A bad player count, or one string given for ``hands``.

    Examples
    --------
    >>> r = equity(["AsKsQhJh", "2c2d7h8s"], "Ts9h3c")
    >>> r.exact, r.boards, [round(float(x), 4) for x in r.equity]
    (True, 820, [0.6232, 0.3768])
    >>> r = equity(["AsAhKsQdJc", "2c3d4h5s6c"], "Kd", game="courchevel-8")
    >>> r.hole_cards, r.boards
    (5, 101270)

    Exact preflop (every board; pot shares are integers, so the result is an exact fraction):

    >>> import omaha_eval as oe
    >>> r = oe.equity(["AsKsQhJh", "2c2d7h8s"])
    >>> r.equity.round(4), r.boards
    (array([0.642, 0.358]), 1086008)

    Monte Carlo, seeded, three-way:

    >>> r = oe.equity(["AsKsQhJh", "2c2d7h8s", "Td9d8c7c"], trials=100_000, seed=1)
    >>> print(r)
    hand       equity      +/-   hi win   hi tie
    --------------------------------------------
    AsKsQhJh   47.20%    0.16%   47.20%    0.00%
    2c2d7h8s   16.97%    0.11%   14.79%    4.37%
    Td9d8c7c   35.83%    0.15%   33.64%    4.37%
    hi, preflop: Monte Carlo, 100,000 trials, seed 1

    A range against a hand (exact: every holding of the range on every board):

    >>> r = oe.equity(["AsKsQhJh", "KK**"], board="Ts9d3c")
    >>> r.holdings, r.boards, r.equity.round(4)
    (2625, 820, array([0.5056, 0.4944]))

    A card cannot be in two places (players count from 0, as in the result's arrays):

    >>> oe.equity(["AsKsQhJh", "AsKd7h2c"])
    Traceback (most recent call last):
    ...
    omaha_eval.errors.CardError: card As is used twice: in player 0's hand and in player 1's hand
    """
    if (type(hands) in (list, tuple) and type(board) is str and type(dead) is str
            and type(game) is str and all(type(h) is str for h in hands)):
        spot = text_spot(tuple(hands), board, dead, game)
        if spot.fixed and trials is None:
            # the small-call path: a cached spot straight to C and back (a few microseconds;
            # the engine itself keeps small spots on one thread whatever `workers` says)
            stats, n_boards = _core.exact_packed(spot.packed(), len(spot.players), spot.hole,
                                                 spot.board.size, spot.dead.size, spot.game,
                                                 thread_count(workers))
            return _result(spot, stats, n_boards, True, None, True)
    else:
        spot = parse_spot(hands, board, dead, game)
    n_trials = trial_count(trials)
    w = thread_count(workers)
    if spot.fixed and (n_trials is None or spot.board.size == 5):
        sums, n_boards = exact_fixed(spot, w)
        return _result(spot, sums, n_boards, True, None, True)
    if n_trials is None and enumerable(spot, EXACT_BUDGET):
        sums_r, deals, integer, combos = exact_ranges(spot, w, progress)
        return _result(spot, sums_r, deals, True, None, integer, combos)
    s = seed_value(seed)
    n = n_trials if n_trials is not None else DEFAULT_TRIALS
    sums_mc = monte_carlo(spot, n, s, w, progress)
    why = None
    if n_trials is None:
        why = (f"exact enumeration would visit up to {math.prod(holding_counts(spot)):,} "
               "holding combinations, above the exact budget")
    return _result(spot, sums_mc, n, False, s, False, sampled_because=why)
