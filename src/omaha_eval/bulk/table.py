"""Preflop tables on disk: the engine behind ``omaha-eval table`` (partial results, resume, Parquet).

While a table runs, every finished task is written at once to ``OUT.parts/`` (one small ``.npz``
of integer sums per task, written to a temporary name and renamed, so a kill never leaves half a
file) beside ``job.json``, the parameters that fix every number. ``resume=True`` reads what is
there, checks that it belongs to the same job (each part is sealed with a checksum of its
content and the job's identity, :mod:`omaha_eval.bulk.parts`: a damaged one is reported by name
and recomputed), and computes only the missing blocks; since a
hand's numbers are integer sums over blocks whose random streams depend only on the seed, the
hand's index and the block, the final file is byte for byte the one an uninterrupted run writes.
When every block is in, the Parquet file is written (again through a temporary name) and the
parts directory removed; ``resume=True`` on a finished run (its files there, no parts) says so
and recomputes nothing.

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

from ..errors import BulkError
from .execute import connect, execute
from .job import BulkJob, BulkResult
from .parts import open_parts, read_parts, set_aside, write_part
from .tasks import NSTAT, Task, plan_tasks, task_trials

__all__ = ["run_table", "write_parquet", "read_parquet", "DEFAULT_TRIALS_PER_TASK", "outputs_of",
           "already_complete", "finish_files", "need_pyarrow", "silent"]

DEFAULT_TRIALS_PER_TASK = 1 << 22  # about half a second of one core per task


def outputs_of(out: str | os.PathLike[str],
               games: tuple[str, ...]) -> tuple[dict[str, Path], Path]:
    """The file of each game and the partial-results folder of a run writing ``out``."""
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


def _fits(job: BulkJob, data: dict[str, np.ndarray], covered: np.ndarray) -> str:
    """Why a sealed part cannot be merged into ``covered`` ('' when it can)."""
    try:
        idx, b0, b1, s = data["index"], data["block_begin"], data["block_end"], data["sums"]
    except KeyError as exc:
        return f"lacks the array {exc}"
    if idx.ndim != 1 or not idx.size or b0.shape != idx.shape or b1.shape != idx.shape \
            or s.shape != (idx.size, 2 * NSTAT) or s.dtype != np.int64:
        return "does not fit this job (shapes)"
    if idx.min() < 0 or idx.max() >= len(job) or b1.max() > job.n_blocks or np.any(b0 < 0) \
            or np.any(b0 >= b1):
        return "does not fit this job (hands or blocks out of range)"
    if any(covered[i, a:b].any() for i, a, b in zip(idx.tolist(), b0.tolist(), b1.tolist())):
        return "repeats blocks another part holds"
    return ""


def _load_parts(parts: Path, job: BulkJob, identity: str) -> tuple[np.ndarray, np.ndarray, int]:
    """Coverage (n_hands, n_blocks) bool, the sums so far (n_hands, 2 * NSTAT), parts reused."""
    covered = np.zeros((len(job), job.n_blocks), dtype=bool)
    sums = np.zeros((len(job), 2 * NSTAT), dtype=np.int64)
    used = 0
    for path, data in read_parts(parts, identity):
        why = _fits(job, data, covered)
        if why:
            set_aside(path, why)
            continue
        for i, a, b in zip(data["index"].tolist(), data["block_begin"].tolist(),
                           data["block_end"].tolist()):
            covered[i, a:b] = True
        np.add.at(sums, data["index"], data["sums"])
        used += 1
    return covered, sums, used


def already_complete(files: dict[str, Path], expected: dict[str, Any]) -> bool:
    """Whether every output file exists and its metadata holds ``expected`` (the job's
    parameters): the run finished before."""
    for game, path in files.items():
        if not path.is_file():
            return False
        try:
            _, meta = read_parquet(path)
        except Exception:  # noqa: BLE001 - unreadable: not complete
            return False
        if meta.get("game") != game or any(meta.get(k) != v for k, v in expected.items()):
            return False
    return True


def run_table(out: str | os.PathLike[str], *, game: str = "hi", opponents: int = 1,
              trials: int = 1_000_000, seed: int = 0, hole_cards: int = 4,
              limit: int | None = None, scheduler: str | None = None,
              workers: int | None = None, resume: bool = False,
              trials_per_task: int = DEFAULT_TRIALS_PER_TASK,
              progress: Callable[[int, int], None] | None = None,
              status: Callable[[str], None] | None = None) -> dict[str, Path]:
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
    status : callable(str), optional
        Receives lines for the user: ``reused N of M tasks`` on resume, ``already complete``
        when ``resume`` finds the finished files of this job (nothing is recomputed).
        Damaged partial results are reported as :class:`omaha_eval.bulk.parts.DamagedPartWarning`
        warnings naming the file, and recomputed.

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
    need_pyarrow()
    files, parts = outputs_of(out, job.games)
    manifest = _manifest(job)
    say = status or silent
    if resume and not parts.exists() and already_complete(files, job.describe()):
        say(f"already complete: {', '.join(map(str, files.values()))} (nothing recomputed)")
        return files
    identity = open_parts(parts, manifest, resume)
    covered, sums, reused = _load_parts(parts, job, identity)
    tasks = plan_tasks(~covered, job.trials, trials_per_task=trials_per_task)
    if resume:
        say(f"reused {reused} of {reused + len(tasks)} tasks")
    total = len(job) * job.trials
    done = total - sum(task_trials(t, job.trials) for t in tasks)
    if progress:
        progress(done, total)
    with connect(scheduler, workers) as client:
        for task, result in execute(job, tasks, client=client):
            write_part(parts, task.name, identity, {
                "index": task.index, "block_begin": task.block_begin,
                "block_end": task.block_end, "sums": result})
            np.add.at(sums, task.index, result)
            done += task_trials(task, job.trials)
            if progress:
                progress(done, total)
    return finish_files(BulkResult(job, sums), files, parts)


def finish_files(result: BulkResult, files: dict[str, Path], parts: Path) -> dict[str, Path]:
    """Writes each game's Parquet file of a finished run and removes its parts folder (only
    then: a failed write leaves the parts for --resume); returns ``files``."""
    for g, path in files.items():
        write_parquet(result, g, path)
    shutil.rmtree(parts)
    return files


def need_pyarrow() -> None:
    """Refuse (a BulkError saying what to install) when pyarrow is missing."""
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
    need_pyarrow()
    import pyarrow.parquet as pq

    table = pq.read_table(path)
    meta = json.loads((table.schema.metadata or {}).get(b"omaha_eval", b"{}"))
    cols = {name: (table.column(name).to_pylist() if name == "hand"
                   else table.column(name).to_numpy()) for name in table.column_names}
    return cols, meta


def silent(_: str) -> None:
    """The status callback when none is given."""
