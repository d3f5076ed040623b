"""Many spots at once: :func:`equity_batch` over N matchups of fixed hands, :func:`showdown`
over complete deals; arrays in, arrays out, no Python loop per matchup.

The input is copied first and the copy is checked and used: another thread that changes the
caller's buffer meanwhile cannot slip unchecked bytes into the native call.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Literal, Optional, Sequence, Union, overload

import numpy as np
import numpy.typing as npt

from .. import _core
from .._args import MAX_WORKERS, SeedLike, game_code, seed as seed_value, workers as thread_count
from ..cards import CardError, card_to_str
from .engines import mc_slice, trial_count
from .feasibility import PAIR_COST
from .players import HOLE_COUNTS, card_array, max_players
from .results import POT, SHARE, SHARE_SQ, ShowdownResult
from ..errors import ArgumentError

__all__ = ["equity_batch", "showdown"]


def _text_batch(values: Any, what: str) -> Any:
    """Nested lists whose leaves are card texts ("AsKsQhJh") as an array of card ids; any
    other input unchanged (arrays of ids go straight to the checks)."""
    if isinstance(values, str):
        raise CardError(f"{what}: one string {values!r}; give one list of hand texts per "
                        'matchup, e.g. [["AsKsQhJh", "2c2d7h8s"]], or (N, P, k) card ids')
    if isinstance(values, np.ndarray) and values.dtype.kind not in "USO":
        return values
    probe = values
    while isinstance(probe, (list, tuple, np.ndarray)) and len(probe):
        probe = probe[0]
    if not isinstance(probe, str):
        return values

    def convert(item: Any, where: tuple[int, ...]) -> Any:
        if isinstance(item, str):
            try:
                return card_array(item, "").tolist()
            except CardError as exc:
                place = where if len(where) > 1 else where[0]
                raise CardError(f"{what} {place}: {str(exc).lstrip(': ')}") from None
        return [convert(x, where + (k,)) for k, x in enumerate(item)]

    converted = convert(values, ())
    try:
        # with a dtype, ragged rows raise on every NumPy (1.23 alone made an object array)
        return np.asarray(converted, dtype=np.int64)
    except ValueError:  # ragged: not every row has the same number of cards
        raise CardError(f"{what}: every row must have the same number of cards") from None


def _int_array(values: Any, what: str, empty_ndim: Optional[int] = None) -> np.ndarray:
    """A private integer copy of card ids or nested card texts (an empty batch of any dtype,
    of ``empty_ndim`` dimensions if given)."""
    try:
        a = np.array(_text_batch(values, what), copy=True)
    except (ValueError, TypeError, OverflowError, UnicodeError) as exc:
        if isinstance(exc, CardError):
            raise
        # NumPy's and Python's own words ("setting an array element with a sequence") would
        # name neither the argument nor what it should be
        raise CardError(f"{what} must be nested lists of card texts or card ids 0..51 with "
                        f"every row of the same length, or an integer array") from None
    if a.size == 0 and a.dtype.kind not in "iu" and empty_ndim in (None, a.ndim):
        a = a.astype(np.int64)  # an empty batch given as [] or a float array of shape (0, ...)
    if a.dtype.kind not in "iu":
        raise CardError(f"{what} must be card ids or card text, got dtype {a.dtype}")
    return a


def _hole_array(holes: Any, min_players: int) -> np.ndarray:
    h = _int_array(holes, "holes", empty_ndim=3)
    if h.ndim != 3 or h.shape[2] not in HOLE_COUNTS:
        raise CardError(f"holes must have shape (N, P, k) with k = 4, 5 or 6, got {h.shape}")
    most = max_players(h.shape[2])
    if not min_players <= h.shape[1] <= most:
        raise ArgumentError(f"expected {min_players} to {most} players of {h.shape[2]} cards, got "
                         f"{h.shape[1]}")
    return h


def _board_array(boards: Any, n: int) -> np.ndarray:
    if boards is None:
        b = np.zeros((1, 0), dtype=np.int64)
    elif isinstance(boards, str):
        b = card_array(boards, "board")[None, :].astype(np.int64)
    else:
        b = _int_array(boards, "boards")
        if b.ndim == 1:
            b = b[None, :]
        if b.ndim != 2 or b.shape[0] not in (1, n):
            raise CardError(f"boards must have shape (N, j) or (j,), got {np.shape(boards)}")
    if b.shape[1] > 5:
        raise CardError(f"a board has 0 to 5 cards, got {b.shape[1]}")
    return b


def _check_cards(allc: np.ndarray, what: str) -> None:
    """Every card of every matchup (one row each): ids in 0..51, none twice in a row."""
    if allc.size and (allc.min() < 0 or allc.max() > 51):
        row, col = np.argwhere((allc < 0) | (allc > 51))[0]
        raise CardError(f"card id {int(allc[row, col])} outside 0..51 in {what} {int(row)}")
    srt = np.sort(allc, axis=1)
    dup = srt[:, 1:] == srt[:, :-1]
    if dup.any():
        row = int(np.flatnonzero(dup.any(axis=1))[0])
        card = int(srt[row, 1:][dup[row]][0])
        raise CardError(f"card {card_to_str(card)} is used twice in {what} {row}")


def _batch_arrays(holes: Any, boards: Any, dead: Any, min_players: int = 2,
                  what: str = "matchup") -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Checked uint8 (N, P, k) holes, (N or 1, j) boards and dead cards (private copies).

    The input is copied first and the copy is checked and used: another thread that changes the
    caller's buffer meanwhile cannot slip unchecked bytes into the native call. Nested lists of
    card texts are read as card ids first."""
    h = _hole_array(holes, min_players)
    n = h.shape[0]
    b = _board_array(boards, n)
    d = card_array(dead if dead is not None else "", "dead cards").astype(np.int64)
    if h.shape[1] * h.shape[2] + 5 + d.size > 52:
        raise ArgumentError(f"{h.shape[1]} players of {h.shape[2]} cards, a board and {d.size} dead "
                         "cards need more than the 52 cards of a deck")
    _check_cards(np.concatenate([h.reshape(n, h.shape[1] * h.shape[2]).astype(np.int64),
                                 np.broadcast_to(b, (n, b.shape[1])),
                                 np.broadcast_to(d, (n, d.size))], axis=1), what)
    return (np.ascontiguousarray(h, dtype=np.uint8), np.ascontiguousarray(b, dtype=np.uint8),
            np.ascontiguousarray(d, dtype=np.uint8))


def _row_slice(n_board: int, trials: Optional[int], players: int, hole: int, workers: int) -> int:
    """Matchups per native call in equity_batch: about a tenth of a second of work."""
    if trials is not None:
        return max(1, 200_000 // max(trials, 1)) * workers
    per_row = {0: 8, 1: 16, 2: 64, 3: 512, 4: 4096, 5: 65536}[n_board]
    return max(1, int(per_row * 4 / (players * PAIR_COST[hole]))) * workers


@overload
def equity_batch(holes: Any, boards: Any = ..., dead: Any = ..., *, game: str = ...,
                 trials: Optional[int] = ..., seed: SeedLike = ..., workers: int = ...,
                 return_std_error: Literal[False] = ...) -> npt.NDArray[np.float64]: ...
@overload
def equity_batch(holes: Any, boards: Any = ..., dead: Any = ..., *, game: str = ...,
                 trials: Optional[int] = ..., seed: SeedLike = ..., workers: int = ...,
                 return_std_error: Literal[True]
                 ) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]: ...
def equity_batch(
    holes: Any,
    boards: Any = None,
    dead: Any = None,
    *,
    game: str = "hi",
    trials: Optional[int] = None,
    seed: SeedLike = None,
    workers: int = 1,
    return_std_error: bool = False,
) -> Union[npt.NDArray[np.float64], tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]]:
    """Equities of N matchups of fixed hands at once, without a Python loop.

    Parameters
    ----------
    holes : array_like
        Card ids, shape (N, P, k) with k = 4, 5 or 6 hole cards (N may be 0), or nested lists
        of hand texts (``[["AsKsQhJh", "2c2d7h8s"], ...]``).
    boards : array_like or str, optional
        None (preflop), one board shared by every matchup (text or (j,) ids), or one per
        matchup ((N, j) ids or a list of N texts), with j in 0..5.
    dead : str or sequence, optional
        Cards out of play in every matchup.
    game : str
        ``"hi"``, ``"hilo"`` or a variant name (:data:`VARIANTS`; its hole count must match k).
    trials : int, optional
        Exact by default; with ``trials``, each matchup is sampled with its own stream: row i
        uses ``seed`` mixed with i, so rows are independent and the result does not depend on
        ``workers``.
    seed, workers
        As in :func:`equity`.
    return_std_error : bool
        Also return the (N, P) standard errors (zeros when exact).

    Returns
    -------
    equity : numpy.ndarray of float64
        (N, P): row i equals ``equity(holes[i], ...).equity``.
    std_error : numpy.ndarray of float64
        (N, P), only with ``return_std_error=True``.

    Raises
    ------
    CardError
        Bad cards, wrong shapes, a card used twice in a matchup (which one is named).
    ValueError
        A bad number of players, ``game``, ``trials``, ``seed`` or ``workers``.

    Examples
    --------
    >>> eq = equity_batch([[[51, 47, 42, 38], [0, 1, 22, 27]]], boards=[32, 29, 4])
    >>> eq.shape, round(float(eq[0, 0] + eq[0, 1]), 12)
    ((1, 2), 1.0)
    >>> import numpy as np
    >>> import omaha_eval as oe
    >>> oe.equity_batch([["AsKsQhJh", "2c2d7h8s"], ["AhAd2c3c", "KsKh7d8d"]], "Ts9d4c").round(4)
    array([[0.6049, 0.3951],
           [0.5622, 0.4378]])
    >>> eq, se = oe.equity_batch([["AsKsQhJh", "2c2d7h8s"]], trials=10_000, seed=2,
    ...                          return_std_error=True)
    >>> eq.round(3), se.round(3)
    (array([[0.642, 0.358]]), array([[0.005, 0.005]]))
    >>> oe.equity_batch(np.zeros((0, 3, 4), dtype=np.uint8)).shape  # an empty batch
    (0, 3)
    """
    g, fixed_hole = game_code(game)
    h, b, d = _batch_arrays(holes, boards, dead)
    if fixed_hole is not None and h.shape[2] != fixed_hole:
        raise CardError(f"holes of {h.shape[2]} cards; {game!r} deals {fixed_hole}")
    n_trials = trial_count(trials)
    w = thread_count(workers)
    n, P = h.shape[0], h.shape[1]
    exact = n_trials is None or b.shape[1] == 5
    mc_trials = 0 if n_trials is None else n_trials  # used only when not exact
    s = 0 if exact else seed_value(seed)
    stats = np.zeros((n, P, 7), dtype=np.int64)
    counts = np.zeros(n, dtype=np.uint64)
    shared = b.shape[0] == 1
    if not exact and mc_trials > 4 * mc_slice(P, w):
        # long rows: one row at a time, in slices of streams (same sums as the batch kernel)
        offsets = np.arange(P + 1, dtype=np.uintp)
        for i in range(n):
            row = h[i]
            brow = b[0] if shared else b[i]
            rs = _core.row_seed(s, i)
            step = mc_slice(P, w)
            for begin in range(0, mc_trials, step):
                _, st, _ = _core.monte_carlo(row, offsets, None, brow, d, g, rs, begin,
                                             min(mc_trials, begin + step), w)
                stats[i] += st
    else:
        step = _row_slice(b.shape[1], n_trials, P, h.shape[2], w)
        for begin in range(0, n, step):
            end = min(n, begin + step)
            bs = b if shared else b[begin:end]
            if exact:
                stats[begin:end], counts[begin:end] = _core.exact_batch(h[begin:end], bs, d, g, w)
            else:
                stats[begin:end] = _core.monte_carlo_batch(h[begin:end], bs, d, g, mc_trials, s,
                                                           w, begin)
    if exact:
        # the same float operations as equity(), so that a row equals the single call
        eq = (stats[:, :, SHARE].astype(np.float64) / POT) / counts.astype(np.float64)[:, None]
        se = np.zeros_like(eq)
    else:
        eq = (stats[:, :, SHARE].astype(np.float64) / POT) / float(mc_trials)
        mean_sq = stats[:, :, SHARE_SQ] / (POT * POT) / float(mc_trials)
        var = np.maximum(mean_sq - eq ** 2, 0.0) * (mc_trials / max(mc_trials - 1, 1))
        se = np.sqrt(var / mc_trials)
    return (eq, se) if return_std_error else eq


@lru_cache(maxsize=2048)
def _text_deal(holes: tuple[str, ...], board: str) -> tuple[np.ndarray, np.ndarray, bytes]:
    """One deal given as text, checked and cached (read-only arrays, and the cards packed)."""
    rows = [card_array(x, f"player {p}") for p, x in enumerate(holes)]
    for p, row in enumerate(rows):
        if row.size not in HOLE_COUNTS:
            raise CardError(f"player {p}: a hand has 4, 5 or 6 cards, got {row.size}")
        if row.size != rows[0].size:
            raise CardError(f"every player holds the same number of cards: player 0 has "
                            f"{rows[0].size}, player {p} has {row.size}")
    h, b, _ = _batch_arrays(np.stack(rows)[None], card_array(board, "board")[None, :], None,
                            min_players=1, what="deal")
    if b.shape[1] != 5:
        raise CardError(f"boards must have 5 cards, got {b.shape[1]}")
    h.flags.writeable = False
    b.flags.writeable = False
    return h, b, h.tobytes() + b.tobytes()


@lru_cache(maxsize=2048)
def _text_showdown(holes: tuple[Any, ...], board: str,
                   game: str) -> Optional[tuple[bytes, int, int, int]]:
    """(packed cards, players, hole count, game code) of one deal given as hand texts, checked
    and cached; None when the hands are not all text (the general path takes them)."""
    if not holes or not all(type(x) is str for x in holes):
        return None
    g, fixed_hole = game_code(game)
    hh, _, packed = _text_deal(holes, board)
    if fixed_hole is not None and hh.shape[2] != fixed_hole:
        raise CardError(f"holes of {hh.shape[2]} cards; {game!r} deals {fixed_hole}")
    return packed, int(hh.shape[1]), int(hh.shape[2]), g


def showdown(holes: Any, boards: Any, *, game: str = "hi", workers: int = 1) -> ShowdownResult:
    """Settles complete deals: each player's share of the pot, and per-player counts.

    Parameters
    ----------
    holes : array_like or list of str
        (N, P, k) card ids (k = 4, 5 or 6; N may be 0), or (P, k), or a list of P hand texts
        (one deal).
    boards : array_like or str
        (N, 5), or (5,) / text shared by every deal.
    game : str
        ``"hi"``, ``"hilo"`` or a variant name (:data:`VARIANTS`).
    workers : int
        Threads; results never depend on it.

    Returns
    -------
    ShowdownResult
        The high half goes to the best high hand, the low half (hi-lo) to the best qualifying
        low, ties split their half, and the high hand scoops when no low qualifies.

    Examples
    --------
    >>> r = showdown(["AsKsQhJh", "2c2d7h8s"], "Ts9h3c4d5s", game="hilo")
    >>> r.share.tolist(), r.scoop.tolist()
    ([[0.0, 1.0]], [0, 1])
    >>> r = showdown(["AsKsQhJh", "2c2d7h8s"], "Ts9s8h3d4c")
    >>> r.share, r.share_units
    (array([[1., 0.]]), array([[5040,    0]]))
    """
    if type(holes) in (list, tuple) and type(boards) is str:
        # one deal as text: checked once and cached, then straight to C and back as two bytes
        try:
            deal = _text_showdown(tuple(holes), boards, game)
        except TypeError:  # unhashable rows (lists, arrays) or game: the general path
            deal = None
        if deal is not None and type(workers) is int and 1 <= workers <= MAX_WORKERS:
            return ShowdownResult(*_core.showdown_packed(*deal))  # one deal, one thread
    g, fixed_hole = game_code(game)
    w = thread_count(workers)
    hh, bb = _deals(holes, boards)
    if fixed_hole is not None and hh.shape[2] != fixed_hole:
        raise CardError(f"holes of {hh.shape[2]} cards; {game!r} deals {fixed_hole}")
    return ShowdownResult(*_settle(hh, bb, g, w))


def _text_players(holes: Sequence[str]) -> np.ndarray:
    """One deal's hands given as texts, (P, k): every player with the same number of cards."""
    rows = [card_array(x, f"player {p}") for p, x in enumerate(holes)]
    if len({r.size for r in rows}) > 1:
        raise CardError("holes: every player must hold the same number of cards, got "
                        f"{[r.size for r in rows]}")
    return np.stack(rows)


def _deals(holes: Any, boards: Any) -> tuple[np.ndarray, np.ndarray]:
    """Checked (N, P, k) holes and (N or 1, 5) boards of :func:`showdown`'s arguments."""
    if (type(holes) in (list, tuple) and holes and all(type(x) is str for x in holes)
            and isinstance(boards, str)):
        hh, bb, _ = _text_deal(tuple(holes), boards)
        return hh, bb
    if isinstance(holes, (list, tuple)) and holes and all(isinstance(x, str) for x in holes):
        holes = _text_players(holes)
    h = _int_array(holes, "holes")
    if h.ndim == 2:
        h = h[None]
    if isinstance(boards, str):
        boards = card_array(boards, "board")
    b = _int_array(boards, "boards")
    if b.ndim == 1:
        b = b[None, :]
    if h.ndim != 3 or h.shape[-1] not in HOLE_COUNTS:
        raise CardError(f"holes must have shape (N, P, k) with k = 4, 5 or 6, got "
                        f"{np.shape(holes)}")
    if b.ndim != 2 or b.shape[1] != 5 or b.shape[0] not in (1, h.shape[0]):
        raise CardError(f"boards must have shape (N, 5) or (5,), got {np.shape(boards)}")
    hh, bb, _ = _batch_arrays(h, b, None, min_players=1, what="deal")
    return hh, bb


def _settle(hh: np.ndarray, bb: np.ndarray, g: int, w: int) -> tuple[np.ndarray, np.ndarray]:
    """(N, P) shares and flags of checked deals, in slices so that Ctrl-C is seen between them."""
    n = hh.shape[0]
    step = 1 << 16
    if n <= step:
        shares, flags = _core.showdown(hh, bb, g, w)
        return shares, flags
    shares = np.empty((n, hh.shape[1]), dtype=np.uint16)
    flags = np.empty((n, hh.shape[1]), dtype=np.uint8)
    for begin in range(0, n, step):
        end = min(n, begin + step)
        bs = bb if bb.shape[0] == 1 else bb[begin:end]
        shares[begin:end], flags[begin:end] = _core.showdown(hh[begin:end], bs, g, w)
    return shares, flags
