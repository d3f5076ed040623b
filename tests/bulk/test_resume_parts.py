"""``--resume`` trusts only sealed parts (issue 32 item 5): a truncated part, a part with an
altered sum, a part of another job and a part without a seal are each reported by name,
recomputed, and the final table is byte for byte the uninterrupted one. Also the command's
"reused N of M tasks", "already complete" and progress lines (issue 30)."""

from __future__ import annotations

import shutil
import warnings
from pathlib import Path

import numpy as np
import pytest

from omaha_eval.bulk.parts import DamagedPartWarning
from omaha_eval.bulk.tasks import BLOCK
from omaha_eval.cli import main

pytest.importorskip("pyarrow", reason="Parquet needs pyarrow (the cluster extra)")
from omaha_eval.bulk.shared import SHARED_BLOCK, run_shared_table  # noqa: E402
from omaha_eval.bulk.table import run_table  # noqa: E402

KW = dict(game="hi", opponents=1, trials=BLOCK + 300, seed=5, limit=6, trials_per_task=BLOCK)


class Killed(Exception):
    pass


def killer(after: int):
    seen = []

    def progress(done: int, total: int) -> None:
        seen.append(done)
        if len(seen) == after + 1:
            raise Killed
    return progress


def cut_run(tmp_path: Path, name: str, after: int = 8, **kw) -> Path:
    out = tmp_path / name
    with pytest.raises(Killed):
        run_table(out, progress=killer(after), **dict(KW, **kw))
    return out


def rewrite(path: Path, **changes) -> None:
    """Rewrite an npz with some arrays changed (its seal kept as it was)."""
    with np.load(path) as z:
        data = {k: z[k] for k in z.files}
    data.update(changes)
    with open(path, "wb") as fh:
        np.savez(fh, **data)


@pytest.fixture(scope="module")
def whole(tmp_path_factory) -> bytes:
    path = tmp_path_factory.mktemp("whole") / "whole.parquet"
    return run_table(path, **KW)["hi"].read_bytes()


def resume_with_warnings(out: Path, **kw) -> tuple[list[str], list[str]]:
    lines: list[str] = []
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        run_table(out, resume=True, status=lines.append, **dict(KW, **kw))
    return [str(w.message) for w in seen if issubclass(w.category, DamagedPartWarning)], lines


def test_damaged_parts_are_named_and_recomputed(tmp_path: Path, whole: bytes) -> None:
    out = cut_run(tmp_path, "t.parquet")
    parts = sorted((tmp_path / "t.parquet.parts").glob("part-*.npz"))
    assert len(parts) == 8
    # 1: truncated (a crash or a full disk); 2: a sum altered, the rest valid
    data = parts[0].read_bytes()
    parts[0].write_bytes(data[: len(data) // 2])
    with np.load(parts[1]) as z:
        sums = z["sums"].copy()
    sums[0, 0] += 1
    rewrite(parts[1], sums=sums)
    # 3: a part of another job (seed 6) under this job's name
    other = cut_run(tmp_path, "o.parquet", seed=6)
    theirs = sorted(Path(str(other) + ".parts").glob("part-*.npz"))
    shutil.copy(theirs[2], parts[2])
    # 4: a part without a seal (as an older version wrote them)
    with np.load(parts[3]) as z:
        plain = {k: z[k] for k in z.files if k not in ("job", "checksum")}
    with open(parts[3], "wb") as fh:
        np.savez(fh, **plain)
    messages, lines = resume_with_warnings(out)
    assert len(messages) == 4
    for path, why in zip(parts[:4], ["cannot be read", "does not match its checksum",
                                     "belongs to another job", "has no checksum"]):
        assert any(str(path) in m and why in m for m in messages), (path, why, messages)
    assert lines == ["reused 4 of 12 tasks"]
    assert out.read_bytes() == whole


def test_an_intact_resume_reuses_everything_there(tmp_path: Path, whole: bytes) -> None:
    out = cut_run(tmp_path, "t.parquet", after=5)
    messages, lines = resume_with_warnings(out)
    assert messages == [] and lines == ["reused 5 of 12 tasks"]
    assert out.read_bytes() == whole
    # again, on the finished job: nothing recomputed, and it says so
    stamp = out.stat().st_mtime_ns
    messages, lines = resume_with_warnings(out)
    assert lines == [f"already complete: {out} (nothing recomputed)"]
    assert out.stat().st_mtime_ns == stamp
    # a finished file of another job is not taken for this one
    _, lines = resume_with_warnings(out, seed=9)
    assert lines == ["reused 0 of 12 tasks"]


def test_a_sealed_part_that_does_not_fit_is_set_aside(tmp_path: Path, whole: bytes) -> None:
    from omaha_eval.bulk.parts import job_identity, write_part
    from omaha_eval.bulk.table import _manifest  # noqa: PLC2701 - the test checks the seal
    from omaha_eval.bulk.job import BulkJob

    out = cut_run(tmp_path, "t.parquet", after=3)
    job = BulkJob.table(game=("hi",), opponents=1, trials=KW["trials"], seed=5, limit=6)
    identity = job_identity(_manifest(job))
    # correctly sealed, but for a hand index the job does not have
    write_part(Path(str(out) + ".parts"), "9999999-00000", identity,
               {"index": np.array([99]), "block_begin": np.array([0]),
                "block_end": np.array([1]), "sums": np.zeros((1, 14), dtype=np.int64)})
    messages, _ = resume_with_warnings(out)
    assert len(messages) == 1 and "9999999" in messages[0] and "does not fit" in messages[0]
    assert out.read_bytes() == whole


def test_shared_parts_are_sealed_too(tmp_path: Path) -> None:
    kw = dict(game="hi", seed=3, limit=10, blocks_per_task=1, deals=5 * SHARED_BLOCK)
    whole = run_shared_table(tmp_path / "w.parquet", **kw)["hi"].read_bytes()
    with pytest.raises(Killed):
        run_shared_table(tmp_path / "c.parquet", progress=killer(3), **kw)
    parts = sorted((tmp_path / "c.parquet.parts").glob("part-*.npz"))
    data = parts[1].read_bytes()
    parts[1].write_bytes(data[:100])
    lines: list[str] = []
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        out = run_shared_table(tmp_path / "c.parquet", resume=True, status=lines.append, **kw)
    assert [str(parts[1]) in str(w.message) for w in seen
            if issubclass(w.category, DamagedPartWarning)] == [True]
    assert not [w for w in seen if issubclass(w.category, ResourceWarning)]
    assert lines == ["reused 2 of 5 tasks"]
    assert out["hi"].read_bytes() == whole


def test_the_command_reports_parts_reuse_and_progress(tmp_path: Path, capsys) -> None:
    out = cut_run(tmp_path, "t.parquet", after=4)
    part = sorted(Path(str(out) + ".parts").glob("part-*.npz"))[0]
    part.write_bytes(b"not a zip")
    argv = ["table", "--trials", str(KW["trials"]), "--seed", "5", "--limit", "6",
            "--trials-per-task", str(BLOCK), "--out", str(out), "--resume"]
    assert main(argv) == 0
    err = capsys.readouterr().err.splitlines()
    assert f"omaha-eval: warning: partial result {part} cannot be read" in err[0]
    assert "omaha-eval: reused 3 of 12 tasks" in err
    assert any(line.startswith("table: 100% (") for line in err)  # not a terminal: plain lines
    assert main(argv) == 0
    err = capsys.readouterr().err
    assert f"omaha-eval: already complete: {out} (nothing recomputed)" in err
