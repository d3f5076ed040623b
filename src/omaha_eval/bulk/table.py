"""Preflop tables on disk: the engine behind ``omaha-eval table`` (partial results, resume, Parquet).

While a table runs, every finished task is written at once to ``OUT.parts/`` (one small ``.npz``
of integer sums per task, written to a temporary name and renamed, so a kill never leaves half a
file) beside ``job.json``, the parameters that fix every number. ``resume=True`` reads what is
there, checks that it belongs to the same job, and computes only the missing blocks; since a
hand's numbers are integer sums over blocks whose random streams depend only on the seed, the
hand's index and the block, the final file is byte for byte the one an uninterrupted run writes.
When every block is in, the Parquet file is written (again through a temporary name) and the
parts directory removed.

Parquet columns: ``hand`` (canonical text), ``combos``, ``equity``, ``std_error``, ``trials``,
``scoop``, ``hi``, ``hi_tie``, ``lo``, ``lo_tie`` (see :mod:`omaha_eval.bulk.job`), one row per
class in class order; the job's parameters are in the schema metadata under ``omaha_eval``.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any, Callable

import numpy as np

from .execute import connect, execute
from .job import NSTAT, BulkError, BulkJob, BulkResult, Task, plan_tasks, _task_trials

__all__ = ["run_table", "write_parquet", "read_parquet", "DEFAULT_TRIALS_PER_TASK"]

DEFAULT_TRIALS_PER_TASK = 1 << 22  # about half a second of one core per task


def _outputs(out: str | os.PathLike[str], games: tuple[str, ...]) -> tuple[dict[str, Path], Path]:
    text = os.fspath(out)
    if len(games) == 1:
        if "{game}" in text:
            text = text.replace("{game}", games[0])
        return {games[0]: Path(text)}, Path(text + ".parts")
    if "{game}" not in text:
        raise BulkError("with both games the output name must contain {game}, "
                        "e.g. table-{game}.parquet")
    return {g: Path(text.replace("{game}", g)) for g in games}, Path(text.replace("{game}", "both")
                                                                     + ".parts")


def _manifest(job: BulkJob) -> dict[str, Any]:
    return dict(job.describe(), games=list(job.games))


def _open_parts(parts: Path, manifest: dict[str, Any], resume: bool) -> None:
    """Start the partial-results folder of a job, or check that the one there is this job's."""
    if parts.exists():
        if not resume:
            raise BulkError(f"{parts} holds partial results: add --resume to continue them, "
                            f"or delete it to start again")
        try:
            old = json.loads((parts / "job.json").read_text())
        except (OSError, ValueError) as exc:
            raise BulkError(f"{parts} has no readable job.json: delete it to start again") from exc
        if old != manifest:
            diff = {k: (old.get(k), v) for k, v in manifest.items() if old.get(k) != v}
            raise BulkError(f"{parts} belongs to another job (differs in {diff})")
    else:
        parts.mkdir(parents=True)
        (parts / "job.json").write_text(json.dumps(manifest, indent=1, sort_keys=True))


def _load_parts(parts: Path, job: BulkJob) -> tuple[np.ndarray, np.ndarray]:
    """Coverage (n_hands, n_blocks) bool and the sums so far (n_hands, 2 * NSTAT)."""
    covered = np.zeros((len(job), job.n_blocks), dtype=bool)
    sums = np.zeros((len(job), 2 * NSTAT), dtype=np.int64)
    for f in sorted(parts.glob("part-*.npz")):
        with np.load(f) as z:
            idx, b0, b1, s = z["index"], z["block_begin"], z["block_end"], z["sums"]
        if idx.size and (idx.min() < 0 or idx.max() >= len(job) or b1.max() > job.n_blocks
                         or np.any(b0 >= b1) or s.shape != (idx.size, 2 * NSTAT)):
            raise BulkError(f"partial result {f} does not fit this job")
        for i, a, b in zip(idx.tolist(), b0.tolist(), b1.tolist()):
            if covered[i, a:b].any():
                raise BulkError(f"partial result {f} repeats blocks of hand {i}: "
                                f"delete {parts} and start again")
            covered[i, a:b] = True
        np.add.at(sums, idx, s)
    return covered, sums


def _write_part(parts: Path, task: Task, out: np.ndarray) -> None:
    final = parts / f"part-{task.name}.npz"
    tmp = parts / f".tmp-{task.name}-{os.getpid()}.npz"
    with open(tmp, "wb") as fh:
        np.savez(fh, index=task.index, block_begin=task.block_begin, block_end=task.block_end,
                 sums=out)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, final)


def run_table(out: str | os.PathLike[str], *, game: str = "hi", opponents: int = 1,
              trials: int = 1_000_000, seed: int = 0, hole_cards: int = 4,
              limit: int | None = None, scheduler: str | None = None,
              workers: int | None = None, resume: bool = False,
              trials_per_task: int = DEFAULT_TRIALS_PER_TASK,
              progress: Callable[[int, int], None] | None = None) -> dict[str, Path]:
    """Compute a preflop table into Parquet, with partial results and resume.

    Parameters
    ----------
    out : path
        The Parquet file; with ``game="both"`` a name containing ``{game}`` (one file per game).
    game : {'hi', 'hilo', 'both'}
        ``both`` settles the same deals for both games: each file is the one a single-game run
        with the same arguments writes.
    opponents, trials, seed, hole_cards, limit
        As :meth:`BulkJob.table`.
    scheduler : str, optional
        Address of a Dask scheduler (``tcp://HOST:PORT``).
    workers : int, optional
        Run on a local Dask cluster of this many worker processes.
    resume : bool
        Continue from ``OUT.parts`` (which must belong to the same job).
    trials_per_task : int
        Size of a task (whole blocks of 65,536 trials); never changes a number.
    progress : callable(done_trials, total_trials), optional

    Returns
    -------
    dict
        Game -> path of the file written.

    Raises
    ------
    BulkError
        Bad arguments; partial results of another job; ``OUT.parts`` present without ``resume``.
    """
    games = ("hi", "hilo") if game == "both" else (game,)
    job = BulkJob.table(game=games, opponents=opponents, trials=trials, seed=seed,
                        hole_cards=hole_cards, limit=limit)
    _need_pyarrow()
    files, parts = _outputs(out, job.games)
    manifest = _manifest(job)
    _open_parts(parts, manifest, resume)
    covered, sums = _load_parts(parts, job)
    tasks = plan_tasks(~covered, job.trials, trials_per_task=trials_per_task)
    total = len(job) * job.trials
    done = total - sum(_task_trials(t, job.trials) for t in tasks)
    if progress:
        progress(done, total)
    with connect(scheduler, workers) as client:
        for task, result in execute(job, tasks, client=client):
            _write_part(parts, task, result)
            np.add.at(sums, task.index, result)
            done += _task_trials(task, job.trials)
            if progress:
                progress(done, total)
    table = BulkResult(job, sums)
    for g, path in files.items():
        write_parquet(table, g, path)
    shutil.rmtree(parts)
    return files


def _need_pyarrow() -> None:
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        raise BulkError('writing Parquet needs pyarrow: pip install "omaha_eval[cluster]"') from None


def write_parquet(result: BulkResult, game: str, path: str | os.PathLike[str]) -> None:
    """One game's table to Parquet (written to a temporary name, then renamed)."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    cols = result.columns(game)
    meta = dict(result.job.describe(), game=game, **result.extra)
    table = pa.table({k: pa.array(v) for k, v in cols.items()})
    table = table.replace_schema_metadata({"omaha_eval": json.dumps(meta, sort_keys=True)})
    path = Path(path)
    tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    pq.write_table(table, tmp, compression="zstd", write_statistics=False)
    os.replace(tmp, path)


def read_parquet(path: str | os.PathLike[str]) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
    """Columns (NumPy arrays, ``hand`` as a list) and the job's parameters of a table file."""
    _need_pyarrow()
    import pyarrow.parquet as pq

    table = pq.read_table(path)
    meta = json.loads((table.schema.metadata or {}).get(b"omaha_eval", b"{}"))
    cols = {name: (table.column(name).to_pylist() if name == "hand"
                   else table.column(name).to_numpy()) for name in table.column_names}
    return cols, meta



def complete_blocks(parts: str | os.PathLike[str]) -> int:
    """How many leading blocks every hand of an unfinished run has (tasks go block by block)."""
    parts = Path(parts)
    job = _job_of_manifest(json.loads((parts / "job.json").read_text()))
    covered, _ = _load_parts(parts, job)
    full = np.all(covered, axis=0)
    return int(np.argmin(full)) if not full.all() else job.n_blocks


def table_at_blocks(parts: str | os.PathLike[str], blocks: int) -> BulkResult:
    """The result of an unfinished run cut at its first ``blocks`` blocks: exactly what a run of
    the same job with ``trials = blocks * BLOCK`` gives (each block's stream depends only on the
    seed, the hand and the block)."""
    from .job import BLOCK

    parts = Path(parts)
    manifest = json.loads((parts / "job.json").read_text())
    job = _job_of_manifest(manifest)
    if not 1 <= blocks <= job.n_blocks or blocks * BLOCK > job.trials:
        raise BulkError(f"blocks must be 1..{job.trials // BLOCK}, got {blocks}")
    cut = _job_of_manifest(dict(manifest, trials=blocks * BLOCK))
    sums = np.zeros((len(job), 2 * NSTAT), dtype=np.int64)
    covered = np.zeros((len(job), blocks), dtype=bool)
    for f in sorted(parts.glob("part-*.npz")):
        with np.load(f) as z:
            idx, b0, b1, s = z["index"], z["block_begin"], z["block_end"], z["sums"]
        for row, (i, a, b) in enumerate(zip(idx.tolist(), b0.tolist(), b1.tolist())):
            if b <= blocks:
                sums[i] += s[row]
                covered[i, a:b] = True
            elif a < blocks:
                raise BulkError(f"{f} has a task across block {blocks}: cannot cut there")
    if not covered.all():
        raise BulkError(f"block {blocks - 1} is not complete in {parts}")
    return BulkResult(cut, sums)


def _job_of_manifest(m: dict[str, Any]) -> BulkJob:
    if not str(m.get("hands", "")).startswith("canonical-"):
        raise BulkError("only table runs can be read back from their parts")
    limit = None if m["n_hands"] == len(BulkJob.table(hole_cards=m["hole_cards"], trials=1)) \
        else m["n_hands"]
    return BulkJob.table(game=tuple(m["games"]), opponents=m["opponents"], trials=m["trials"],
                         seed=m["seed"], hole_cards=m["hole_cards"], limit=limit)
