"""A bulk job's work as tasks: units of one block of trials of one hand, planned into tasks,
and the task body that runs on a worker.

This module sits below :mod:`omaha_eval.bulk.job` (what to compute) and
:mod:`omaha_eval.bulk.execute` (where tasks run), so that neither imports the other's caller.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np

__all__ = ["BLOCK", "NSTAT", "POT", "JobLike", "Task", "plan_tasks", "run_units", "task_args",
           "task_trials"]

NSTAT = 7  # sums per game: share, share^2, hi win, hi tie, lo win, lo tie, scoop
BLOCK = 65536  # trials per random stream (oe_bulk.h OE_BULK_BLOCK)
POT = 5040     # share units per pot


class JobLike(Protocol):
    """What a task needs of its job (:class:`omaha_eval.bulk.BulkJob` is one)."""

    @property
    def hands(self) -> np.ndarray: ...
    @property
    def trials(self) -> int: ...
    @property
    def opponents(self) -> int: ...
    @property
    def games_mask(self) -> int: ...
    def keys(self, index: np.ndarray) -> np.ndarray: ...


@dataclass(frozen=True)
class Task:
    """Rows of (hand index, first block, end block): one call of :func:`run_units`."""

    index: np.ndarray
    block_begin: np.ndarray
    block_end: np.ndarray

    @property
    def name(self) -> str:
        return f"{int(self.index[0]):07d}-{int(self.block_begin[0]):05d}"


def plan_tasks(missing: np.ndarray, trials: int, *, trials_per_task: int | None = None,
               partitions: int | None = None) -> list[Task]:
    """Cut the missing units ((n_hands, n_blocks) bool) into tasks.

    Either ``partitions`` tasks of about equal size, or tasks of about ``trials_per_task``
    trials (whole blocks; at least one block). Units go block by block (every hand's block 0,
    then every hand's block 1, ...), so a run stopped early holds a complete table at a multiple
    of ``BLOCK`` trials. Runs of one hand's consecutive blocks become one row.
    """
    block_u, hand_u = np.nonzero(missing.T)
    n_units = hand_u.size
    if n_units == 0:
        return []
    if partitions is not None:
        cuts = np.linspace(0, n_units, min(partitions, n_units) + 1).round().astype(np.int64)
    else:
        per = max(1, (trials_per_task or BLOCK) // BLOCK)
        cuts = np.append(np.arange(0, n_units, per), n_units)
    tasks = []
    for a, b in zip(cuts[:-1].tolist(), cuts[1:].tolist()):
        h, blk = hand_u[a:b], block_u[a:b]
        # a new row where the hand changes or blocks stop being consecutive
        start = np.ones(b - a, dtype=bool)
        start[1:] = (h[1:] != h[:-1]) | (blk[1:] != blk[:-1] + 1)
        first = np.nonzero(start)[0]
        last = np.append(first[1:], b - a) - 1
        tasks.append(Task(h[first].astype(np.int64), blk[first].astype(np.int64),
                          (blk[last] + 1).astype(np.int64)))
    return tasks


def run_units(hands: np.ndarray, keys: np.ndarray, block_begin: np.ndarray,
              block_end: np.ndarray, trials: int, opponents: int, games_mask: int) -> np.ndarray:
    """The task body (runs on workers): sums (n, 2 * NSTAT) int64, high game then hi-lo."""
    from . import _kernel as k  # the extension loads on first use

    return k.hand_sums(np.ascontiguousarray(hands, dtype=np.uint8),
                       np.ascontiguousarray(keys, dtype=np.uint64),
                       np.ascontiguousarray(block_begin, dtype=np.int64),
                       np.ascontiguousarray(block_end, dtype=np.int64),
                       int(trials), int(opponents), int(games_mask))


def task_args(job: JobLike, task: Task) -> tuple[Any, ...]:
    """Arguments of :func:`run_units` for one task (small arrays: cheap to ship to a worker)."""
    return (job.hands[task.index], job.keys(task.index), task.block_begin, task.block_end,
            job.trials, job.opponents, job.games_mask)


def task_trials(task: Task, trials: int) -> int:
    """Trials the task runs, the last block of each hand cut at ``trials``."""
    ends = np.minimum(task.block_end * BLOCK, trials)
    return int(np.sum(ends - task.block_begin * BLOCK))
