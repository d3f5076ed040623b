"""Ctrl-C on ``omaha-eval table --workers`` (issue 30): one line ``omaha-eval: interrupted``,
exit status 130, no Dask traceback, no worker left behind. A real local cluster in a
subprocess of its own session; SIGINT goes to the whole process group, as a terminal sends it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest

pytest.importorskip("distributed")
pytest.importorskip("pyarrow")
psutil = pytest.importorskip("psutil")


@pytest.mark.skipif(sys.platform == "win32", reason="process groups and SIGINT are POSIX")
def test_ctrl_c_prints_one_line(tmp_path) -> None:
    argv = [sys.executable, "-m", "omaha_eval", "table", "--trials", "3000000", "--seed", "1",
            "--limit", "40", "--workers", "1", "--out", str(tmp_path / "t.parquet")]
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        assert proc.stderr is not None
        first = proc.stderr.readline()  # the first progress line: the cluster runs tasks
        assert first.startswith("table: "), first
        children = psutil.Process(proc.pid).children(recursive=True)
        assert children  # the nanny and its worker
        os.killpg(proc.pid, signal.SIGINT)
        rest = proc.stderr.read()
        assert proc.wait(timeout=60) == 130
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert rest.strip().splitlines() == ["omaha-eval: interrupted"], rest
    assert (tmp_path / "t.parquet.parts").is_dir()  # what finished is kept for --resume
    gone, alive = psutil.wait_procs(children, timeout=10)
    assert not alive, alive
