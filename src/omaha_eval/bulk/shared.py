"""Shared deals: the heads-up 4-card preflop table at a fraction of the per-hand cost.

The per-hand job (:mod:`omaha_eval.bulk.job`) deals every hand its own boards and opponents.
Against one random opponent, one deal (a board and the opponent's four cards, from the whole
deck) can settle *every* class whose representative it misses: for a fixed hand, the deals that
miss it are an i.i.d. sample, uniform over the cards the hand leaves, so each class's estimate is
exactly as valid as a per-hand run with that many trials (about 45.6% of the deals; its count is
the ``trials`` column). One deal is scored once for the board and the opponent and then costs a
handful of lookups per class: about 4.5 times less work per trial than dealing each hand apart.
Classes share their deals, so differences between classes are estimated more precisely still.

Reproducibility: deal block ``b`` (``SHARED_BLOCK`` = 4,096 deals) draws from a stream seeded by
``numpy.random.SeedSequence(seed).generate_state(4)`` and ``b`` alone, so sums over any split of
the blocks into tasks, workers or resumed runs are the same integers. ``--limit`` only drops
classes: the others keep their numbers. Partial results and ``--resume`` work as in
:mod:`omaha_eval.bulk.table`.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Callable

import numpy as np

from ..errors import BulkError
from .execute import connect, execute_calls
from .job import BulkJob, BulkResult
from .parts import open_parts, read_parts, set_aside, write_part
from .table import already_complete, finish_files, need_pyarrow, outputs_of, silent
from .tasks import NSTAT

__all__ = ["SHARED_BLOCK", "run_shared_table", "shared_sums", "shared_result"]

SHARED_BLOCK = 4096
DEFAULT_BLOCKS_PER_TASK = 8


def shared_sums(heroes: np.ndarray, key: np.ndarray, block_begin: int, block_end: int,
                deals: int, games_mask: int) -> np.ndarray:
    """The task body: (n, 2 * (NSTAT + 1)) int64 sums (and trial counts) over deal blocks."""
    from . import _kernel

    return _kernel.shared_sums(np.ascontiguousarray(heroes, dtype=np.uint8),
                               np.ascontiguousarray(key, dtype=np.uint64), int(block_begin),
                               int(block_end), int(deals), int(games_mask))


def _key(seed: int) -> np.ndarray:
    return np.random.SeedSequence(seed).generate_state(4, np.uint64)


def shared_result(job: BulkJob, raw: np.ndarray) -> BulkResult:
    """A BulkResult from the kernel's sums: per-class trial counts from the deals that missed it."""
    w = NSTAT + 1
    sums = np.concatenate([raw[:, :NSTAT], raw[:, w:w + NSTAT]], axis=1)
    trials = np.maximum(raw[:, NSTAT], raw[:, w + NSTAT])
    return BulkResult(job, sums, trials=trials, extra={"method": "shared", "deals": job.trials})


def _job(game: str, deals: int, seed: int, limit: int | None) -> BulkJob:
    games = ("hi", "hilo") if game == "both" else (game,)
    return BulkJob.table(game=games, opponents=1, trials=deals, seed=seed, hole_cards=4,
                         limit=limit)


def run_shared_table(out: str | os.PathLike[str], *, game: str = "hi", deals: int, seed: int,
                     limit: int | None = None, scheduler: str | None = None,
                     workers: int | None = None, resume: bool = False,
                     blocks_per_task: int = DEFAULT_BLOCKS_PER_TASK,
                     progress: Callable[[int, int], None] | None = None,
                     status: Callable[[str], None] | None = None) -> dict[str, Path]:
    """The heads-up 4-card table by shared deals (``omaha-eval table --method shared``).

    ``deals`` deals in all; each class gets the ones that miss its cards. Other parameters as
    :func:`omaha_eval.bulk.table.run_table`.
    """
    job = _job(game, deals, seed, limit)
    need_pyarrow()
    files, parts = outputs_of(out, job.games)
    manifest = dict(job.describe(), games=list(job.games), method="shared",
                    shared_block=SHARED_BLOCK)
    say = status or silent
    if resume and not parts.exists() and already_complete(
            files, dict(job.describe(), method="shared")):
        say(f"already complete: {', '.join(map(str, files.values()))} (nothing recomputed)")
        return files
    identity = open_parts(parts, manifest, resume)
    n_blocks = -(-job.trials // SHARED_BLOCK)
    covered, raw, reused = _load_shared(parts, identity, n_blocks, len(job))
    per = max(1, int(blocks_per_task))
    todo = [(a, min(a + per, n_blocks)) for a in range(0, n_blocks, per)
            if not covered[a:min(a + per, n_blocks)].any()]
    if any(covered[a:b].any() and not covered[a:b].all() for a, b in
           [(a, min(a + per, n_blocks)) for a in range(0, n_blocks, per)]):
        raise BulkError(f"{parts} was cut into tasks of another size: resume with the same "
                        f"--trials-per-task")
    if resume:
        say(f"reused {reused} of {reused + len(todo)} tasks")
    total = job.trials
    done = int(min(covered.sum() * SHARED_BLOCK, total))
    if progress:
        progress(done, total)
    key = _key(job.seed)
    heroes = job.hands
    # the hands and the key are the same for every call: on Dask they are scattered once
    calls = (((a, b), f"shared-{a:06d}", shared_sums,
              lambda a=a, b=b: (a, b, job.trials, job.games_mask)) for a, b in todo)
    with connect(scheduler, workers) as client:
        for (a, b), sums in execute_calls(calls, client=client, constants=(heroes, key)):
            write_part(parts, f"{a:06d}", identity,
                       {"block_begin": a, "block_end": b, "sums": sums})
            raw += sums
            done = min(done + (b - a) * SHARED_BLOCK, total)
            if progress:
                progress(done, total)
    return finish_files(shared_result(job, raw), files, parts)


def _load_shared(parts: Path, identity: str, n_blocks: int,
                 n_hands: int) -> tuple[np.ndarray, np.ndarray, int]:
    """Deal blocks covered, the kernel's sums so far and the parts reused, from sealed parts."""
    covered = np.zeros(n_blocks, dtype=bool)
    raw = np.zeros((n_hands, 2 * (NSTAT + 1)), dtype=np.int64)
    used = 0
    for path, data in read_parts(parts, identity):
        try:
            b0, b1, s = int(data["block_begin"]), int(data["block_end"]), data["sums"]
        except (KeyError, TypeError, ValueError):
            set_aside(path, "does not fit this job (arrays)")
            continue
        if not 0 <= b0 < b1 <= n_blocks or covered[b0:b1].any() or s.shape != raw.shape:
            set_aside(path, "does not fit this job (blocks or shape)")
            continue
        covered[b0:b1] = True
        raw += s
        used += 1
    return covered, raw, used


def shared_complete_blocks(parts: str | os.PathLike[str]) -> int:
    """Length of the prefix of deal blocks an unfinished shared run has complete."""
    parts = Path(parts)
    covered: set[int] = set()
    for f in parts.glob("part-*.npz"):
        with np.load(f) as z:
            covered.update(range(int(z["block_begin"]), int(z["block_end"])))
    k = 0
    while k in covered:
        k += 1
    return k


def shared_table_at_blocks(parts: str | os.PathLike[str], blocks: int) -> BulkResult:
    """An unfinished shared run cut at its first ``blocks`` deal blocks: exactly the result of
    the same job with ``deals = blocks * SHARED_BLOCK`` (a block's deals depend only on the seed
    and the block)."""
    parts = Path(parts)
    m = json.loads((parts / "job.json").read_text())
    limit = None if m["n_hands"] == 16432 else m["n_hands"]
    job = _job("both" if len(m["games"]) == 2 else m["games"][0], blocks * SHARED_BLOCK,
               m["seed"], limit)
    if blocks * SHARED_BLOCK > m["trials"]:
        raise BulkError(f"the run has {m['trials']} deals, fewer than {blocks} blocks")
    raw = np.zeros((len(job), 2 * (NSTAT + 1)), dtype=np.int64)
    covered = np.zeros(blocks, dtype=bool)
    for f in sorted(parts.glob("part-*.npz")):
        with np.load(f) as z:
            b0, b1, s = int(z["block_begin"]), int(z["block_end"]), z["sums"]
        if b1 <= blocks:
            raw += s
            covered[b0:b1] = True
        elif b0 < blocks:
            raise BulkError(f"{f} has a task across block {blocks}: cannot cut there")
    if not covered.all():
        raise BulkError(f"deal blocks before {blocks} are missing in {parts}")
    return shared_result(job, raw)
