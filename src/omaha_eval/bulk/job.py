"""The bulk job: equity of many hands against N random opponents, by seeded Monte Carlo.

Work is cut into *units*: one block of ``BLOCK`` (65,536) trials of one hand. Block ``b`` of the
hand at index ``i`` draws from a random stream fixed by the job's seed, ``i`` and ``b`` alone:

* the hand's 256-bit key is ``numpy.random.SeedSequence(seed, spawn_key=(i,))`` (the ``i``-th
  child of the job's seed sequence), and
* the C kernel seeds block ``b``'s xoshiro256** stream from that key and ``b``.

So a hand's integer sums over its blocks do not depend on how the blocks are grouped into tasks,
on the number of workers or threads, on the order tasks finish, or on retries: partial results are
mergeable sums, which is what makes ``--resume`` exact. The index is the hand's position in the
job's list (for tables: its canonical class index). The high and hi-lo games settle the same deals,
so a job asking for both gives each game exactly the numbers a job for that game alone gives.

Statistics per hand and game (from the hero's point of view, trials independent): ``equity`` the
mean share of the pot, ``std_error`` ``sqrt(sample variance / trials)`` of the shares, ``hi``
hero alone holds the best high hand, ``hi_tie`` shares it, ``lo`` / ``lo_tie`` the same for the
qualifying low (0 in the high game), ``scoop`` wins the whole pot alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence

import numpy as np

from .._optional import import_optional
from ..errors import BulkError as BulkError  # re-exported: its old home
from .canonical import HOLE_CARDS, canonical_hands
from .display import rows_text
from .execute import execute
from .tasks import BLOCK, NSTAT, POT, Task, plan_tasks, run_units, task_args, task_trials

__all__ = ["BLOCK", "BulkError", "BulkJob", "BulkResult", "GAMES", "NSTAT", "POT", "Task",
           "bulk_equity", "plan_tasks", "run_units", "task_args", "task_trials"]

GAMES = ("hi", "hilo")
_GAME_BIT = {"hi": 1, "hilo": 2}
MAX_OPPONENTS = 8
MAX_TRIALS = 1 << 40   # per hand: keeps every sum of squared shares far inside int64


def _int_arg(name: str, value: object, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise BulkError(f"{name} must be an integer, got {value!r}")
    v = int(value)
    if not low <= v <= high:
        raise BulkError(f"{name} must be in {low}..{high}, got {v}")
    return v


def _games(game: str | Sequence[str]) -> tuple[str, ...]:
    names = (game,) if isinstance(game, str) else tuple(game)
    if not names or any(g not in GAMES for g in names) or len(set(names)) != len(names):
        raise BulkError(f"game must be 'hi', 'hilo' or both, got {game!r}")
    return tuple(g for g in GAMES if g in names)


def max_opponents(hole_cards: int) -> int:
    """Most random opponents the deck allows with ``hole_cards`` each (5 board cards)."""
    return min(MAX_OPPONENTS, (52 - 5) // hole_cards - 1)


@dataclass(frozen=True, eq=False)
class BulkJob:
    """What to compute: hands, opponents, trials per hand, seed, games.

    Build one with :meth:`table` (canonical classes) or :meth:`for_hands` (any list); run it with
    :func:`bulk_equity` or ``omaha-eval table``.

    Attributes
    ----------
    hands : numpy.ndarray
        ``(n, k)`` uint8 card ids, read-only.
    names : tuple of str
        The text of each hand.
    combos : numpy.ndarray
        ``(n,)`` int64 combinations each hand stands for (1 for a list).
    opponents, trials, seed : int
        As given.
    games : tuple of str
        ``('hi',)``, ``('hilo',)`` or both.
    hole_cards : int
        Cards per hand.
    label : str
        What the hands are, e.g. ``"canonical-4"`` or ``"list"``.

    Examples
    --------
    >>> from omaha_eval.bulk import BulkJob
    >>> job = BulkJob.for_hands(["AsKsQhJh", "7c6c5d4d"], trials=1000, seed=7)
    >>> len(job), job.names, job.games, job.games_mask
    (2, ('AsKsQhJh', '7c6c5d4d'), ('hi',), 1)
    """
    hands: np.ndarray          # (n, k) uint8
    names: tuple[str, ...]     # text of each hand
    combos: np.ndarray         # (n,) int64 combinations each hand stands for
    opponents: int
    trials: int
    seed: int
    games: tuple[str, ...]
    hole_cards: int
    label: str                 # what the hands are, e.g. "canonical-4" or "list"

    @classmethod
    def table(cls, *, game: str | Sequence[str] = "hi", opponents: int = 1, trials: int = 100_000,
              seed: int = 0, hole_cards: int = 4, limit: int | None = None) -> "BulkJob":
        """The preflop table: every canonical class (or the first ``limit``) of ``hole_cards``.

        Parameters
        ----------
        game : {'hi', 'hilo'} or both as a tuple, default 'hi'
            The games to settle (both settle the same deals).
        opponents : int, default 1
            Random opponents, 1..8 (fewer for 6 cards: the deck must hold everyone).
        trials : int, default 100000
            Trials per hand.
        seed : int, default 0
            The job's seed: with the hand's index it fixes every number.
        hole_cards : int, default 4
            4, 5 or 6.
        limit : int, optional
            Only the first ``limit`` classes.

        Returns
        -------
        BulkJob

        Raises
        ------
        BulkError
            An argument out of range.

        Examples
        --------
        >>> from omaha_eval.bulk import BulkJob
        >>> job = BulkJob.table(limit=3, trials=1000)
        >>> job.label, job.names, job.combos.tolist()
        ('canonical-4[:3]', ('AsAhAdAc', 'AsAhAdKs', 'AsAhAdKc'), [1, 12, 4])
        """
        k = _int_arg("hole_cards", hole_cards, min(HOLE_CARDS), max(HOLE_CARDS))
        _int_arg("opponents", opponents, 1, max_opponents(k))  # before the classes are built
        classes = canonical_hands(k)
        n = len(classes) if limit is None else _int_arg("limit", limit, 1, len(classes))
        names = tuple(_text(row) for row in classes.hands[:n].tolist())
        return cls._make(classes.hands[:n], names, classes.combos[:n], opponents, trials, seed,
                         game, k, f"canonical-{k}" if limit is None else f"canonical-{k}[:{n}]")

    @classmethod
    def for_hands(cls, hands: Iterable[str] | np.ndarray, *, game: str | Sequence[str] = "hi",
                  opponents: int = 1, trials: int = 100_000, seed: int = 0) -> "BulkJob":
        """A job over any list of hands; hand ``i`` uses stream ``i`` of the seed.

        Parameters
        ----------
        hands : list of str or numpy.ndarray
            Text hands, or ``(n, k)`` card ids.
        game, opponents, trials, seed
            As for :meth:`table`.

        Returns
        -------
        BulkJob

        Raises
        ------
        BulkError
            No hands, hands of different sizes, or an argument out of range.

        Examples
        --------
        >>> from omaha_eval.bulk import BulkJob
        >>> BulkJob.for_hands(["AsKsQhJh"], game=("hi", "hilo")).games
        ('hi', 'hilo')
        """
        from ..cards import parse_cards

        if isinstance(hands, np.ndarray):
            arr = hands
        else:
            rows = [parse_cards(h) if isinstance(h, str) else np.asarray(h) for h in hands]
            if not rows:
                raise BulkError("no hands given")
            if len({len(r) for r in rows}) != 1:
                raise BulkError("every hand must have the same number of cards")
            arr = np.stack(rows)
        if arr.ndim != 2 or arr.shape[1] not in HOLE_CARDS or arr.shape[0] == 0:
            raise BulkError(f"hands must be an (n, 4|5|6) array, got shape {arr.shape}")
        if arr.min() < 0 or arr.max() > 51:
            raise BulkError("card ids must be 0..51")
        arr = arr.astype(np.uint8)
        srt = np.sort(arr, axis=1)
        dup = np.nonzero(np.any(srt[:, 1:] == srt[:, :-1], axis=1))[0]
        if dup.size:
            raise BulkError(f"hand {int(dup[0])} repeats a card")
        names = tuple(_text(row) for row in arr.tolist())
        return cls._make(arr, names, np.ones(len(arr), dtype=np.int64), opponents, trials, seed,
                         game, arr.shape[1], "list")

    @classmethod
    def _make(cls, hands: np.ndarray, names: Sequence[str], combos: np.ndarray, opponents: int,
              trials: int, seed: int, game: str | Sequence[str], k: int, label: str) -> "BulkJob":
        opp = _int_arg("opponents", opponents, 1, max_opponents(k))
        t = _int_arg("trials", trials, 1, MAX_TRIALS)
        s = _int_arg("seed", seed, 0, 2**128 - 1)
        hands = np.ascontiguousarray(hands, dtype=np.uint8)
        hands.flags.writeable = False
        return cls(hands, tuple(names), np.asarray(combos, dtype=np.int64), opp, t, s,
                   _games(game), k, label)

    def __len__(self) -> int:
        return int(self.hands.shape[0])

    def __repr__(self) -> str:
        # the hands are up to 962,988 rows: Python's <...> form, one line
        return (f"<BulkJob {self.label}: {len(self):,} hands vs {self.opponents} random, "
                f"{'/'.join(self.games)}, {self.trials:,} trials, seed {self.seed}>")

    @property
    def n_blocks(self) -> int:
        """Blocks of ``BLOCK`` trials per hand (the last may be shorter)."""
        return -(-self.trials // BLOCK)

    @property
    def games_mask(self) -> int:
        """The kernel's bit mask of the games (1 high, 2 hi-lo)."""
        return sum(_GAME_BIT[g] for g in self.games)

    def keys(self, index: np.ndarray) -> np.ndarray:
        """The 256-bit random stream key of each hand index.

        Parameters
        ----------
        index : numpy.ndarray
            Hand indices.

        Returns
        -------
        numpy.ndarray
            ``(n, 4)`` uint64: ``SeedSequence(seed, spawn_key=(i,))`` of each index.

        Examples
        --------
        >>> from omaha_eval.bulk import BulkJob
        >>> BulkJob.for_hands(["AsKsQhJh"], seed=7).keys([0]).shape
        (1, 4)
        """
        out = np.empty((len(index), 4), dtype=np.uint64)
        for row, i in enumerate(np.asarray(index).tolist()):
            out[row] = np.random.SeedSequence(self.seed, spawn_key=(int(i),)).generate_state(
                4, np.uint64)
        return out

    def describe(self) -> dict[str, Any]:
        """The parameters that fix every number (stored beside partial results).

        Returns
        -------
        dict
            Format, hands (label, count, digest), hole cards, opponents, trials, seed, block size.

        Examples
        --------
        >>> from omaha_eval.bulk import BulkJob
        >>> d = BulkJob.for_hands(["AsKsQhJh"], trials=1000).describe()
        >>> d["n_hands"], d["trials"], d["seed"]
        (1, 1000, 0)
        """
        return {"format": 1, "hands": self.label, "n_hands": len(self),
                "hands_digest": _digest(self.hands), "hole_cards": self.hole_cards,
                "opponents": self.opponents, "trials": self.trials, "seed": self.seed,
                "block": BLOCK}


def _text(cards: Sequence[int]) -> str:
    return "".join("23456789TJQKA"[c >> 2] + "cdhs"[c & 3] for c in cards)


def _digest(hands: np.ndarray) -> str:
    import hashlib

    return hashlib.sha256(np.ascontiguousarray(hands).tobytes()).hexdigest()[:16]


# ---------------------------------------------------------------- results


class BulkResult:
    """Per-hand integer sums of a finished job, and the statistics derived from them.

    ``columns(game)`` gives the table's columns as NumPy arrays; ``to_pandas(game)`` a DataFrame.
    """

    def __init__(self, job: BulkJob, sums: np.ndarray, trials: np.ndarray | None = None,
                 extra: dict[str, Any] | None = None) -> None:
        self.job = job
        self.sums = sums  # (n, 2 * NSTAT) int64
        self.sums.flags.writeable = False
        # trials per hand: job.trials for every hand, or counted per hand (shared deals)
        self.trials = np.full(len(job), job.trials, dtype=np.int64) if trials is None else trials
        self.extra = dict(extra or {})  # more parameters for the file's metadata

    def __repr__(self) -> str:
        job = self.job
        return (f"<BulkResult {job.label}: {len(job):,} hands vs {job.opponents} random, "
                f"{'/'.join(job.games)}, {job.trials:,} trials, seed {job.seed}>")

    def __str__(self) -> str:
        parts = []
        for g in self.job.games:
            cols = self.columns(g)
            rows = range(min(10, len(self.job)))
            more = f" (the first {len(rows)}; to_pandas() gives every row)" if len(self.job) > 10 else ""
            footer = (f"{g}, {len(self.job):,} hands vs {self.job.opponents} random, "
                      f"{self.job.trials:,} trials, seed {self.job.seed}{more}")
            parts.append(rows_text(cols["hand"], np.asarray(cols["equity"]),  # type: ignore[arg-type]
                                   np.asarray(cols["std_error"]), np.asarray(cols["scoop"]),
                                   rows, footer))
        return "\n\n".join(parts)

    def columns(self, game: str | None = None) -> dict[str, np.ndarray | list[str]]:
        """Columns ``hand, combos, equity, std_error, trials, scoop, hi, hi_tie, lo, lo_tie``."""
        g = self._game(game)
        s = self.sums[:, GAMES.index(g) * NSTAT:(GAMES.index(g) + 1) * NSTAT].astype(np.float64)
        t = self.trials.astype(np.float64)
        with np.errstate(invalid="ignore", divide="ignore"):
            mean = s[:, 0] / (POT * t)
            var = np.maximum(s[:, 1] / (POT * POT * t) - mean * mean, 0.0)
            se = np.where(t > 1, np.sqrt(var / (t - 1)), np.nan)
        return {
            "hand": list(self.job.names),
            "combos": self.job.combos.copy(),
            "equity": mean,
            "std_error": se,
            "trials": self.trials.copy(),
            "scoop": s[:, 6] / t,
            "hi": s[:, 2] / t,
            "hi_tie": s[:, 3] / t,
            "lo": s[:, 4] / t,
            "lo_tie": s[:, 5] / t,
        }

    def _game(self, game: str | None) -> str:
        if game is None:
            if len(self.job.games) != 1:
                raise BulkError("this job computed both games: name one")
            return self.job.games[0]
        if game not in self.job.games:
            raise BulkError(f"this job did not compute {game!r} (it has {self.job.games})")
        return game

    def to_pandas(self, game: str | None = None) -> Any:
        """The columns as a pandas DataFrame (needs pandas)."""
        pd = import_optional("pandas", "pandas", "to_pandas()")

        return pd.DataFrame(self.columns(game))


def bulk_equity(hands: Iterable[str] | np.ndarray | None = None, *, game: str | Sequence[str] = "hi",
                opponents: int = 1, trials: int = 100_000, seed: int = 0, hole_cards: int = 4,
                limit: int | None = None, partitions: int = 1, client: Any = None,
                progress: Callable[[int, int], None] | None = None) -> BulkResult:
    """Equity of each hand (default: every canonical class) against random opponents.

    Parameters
    ----------
    hands : list of str or (n, k) array, optional
        The hands; default every canonical class of ``hole_cards`` (the first ``limit``).
    game : {'hi', 'hilo'} or both as a tuple
        Both settle the same deals (each gets the numbers a job for it alone gets).
    opponents : int
        Random opponents, 1..8 (fewer for 6 cards: the deck must hold everyone).
    trials : int
        Trials per hand; each trial deals a fresh board and fresh opponents.
    seed : int
        The job's seed: with the hand's index it fixes every number.
    partitions : int
        Tasks to cut the work into (results never depend on it).
    client : dask.distributed.Client, optional
        Run the tasks on this cluster instead of in this process.
    progress : callable(done_trials, total_trials), optional
        Called as the work advances.
    hole_cards : int, default 4
        4, 5 or 6: the canonical classes used when ``hands`` is not given.
    limit : int, optional
        Only the first ``limit`` canonical classes.

    Returns
    -------
    BulkResult
        Per-hand sums and the statistics derived from them (``columns()``, ``to_pandas()``).

    Examples
    --------
    >>> from omaha_eval.bulk.job import bulk_equity
    >>> r = bulk_equity(["AsKsQhJh", "7c6c5d4d"], trials=20_000, seed=1)
    >>> [round(float(e), 3) for e in r.columns()["equity"]]
    [0.612, 0.468]
    """
    if hands is None:
        job = BulkJob.table(game=game, opponents=opponents, trials=trials, seed=seed,
                            hole_cards=hole_cards, limit=limit)
    else:
        job = BulkJob.for_hands(hands, game=game, opponents=opponents, trials=trials, seed=seed)
    parts = _int_arg("partitions", partitions, 1, 1 << 20)
    missing = np.ones((len(job), job.n_blocks), dtype=bool)
    tasks = plan_tasks(missing, job.trials, partitions=parts)
    sums = np.zeros((len(job), 2 * NSTAT), dtype=np.int64)
    total = len(job) * job.trials
    done = 0
    for task, out in execute(job, tasks, client=client):
        np.add.at(sums, task.index, out)
        done += task_trials(task, job.trials)
        if progress:
            progress(done, total)
    return BulkResult(job, sums)

