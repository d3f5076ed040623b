"""The table command on a real Dask cluster: a `dask scheduler` and two `dask worker` processes
started here on 127.0.0.1 (free ports), one worker killed mid-run, the command itself killed and
resumed: the file must equal the one computed in this process. Skipped where dask is absent."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import warnings
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("distributed", reason="the cluster extra (dask, distributed) is not installed")
pytest.importorskip("pyarrow", reason="the cluster extra (pyarrow) is not installed")

from omaha_eval.bulk.job import BLOCK, bulk_equity  # noqa: E402
from omaha_eval.bulk.table import run_table  # noqa: E402

# 48 classes x 3 blocks heads-up: ~9.4 M trials (about a second of one core), 144 one-block tasks
# that the executor packs into 4 Dask calls (2 per worker thread)
JOB = dict(game="hilo", opponents=1, trials=3 * BLOCK, seed=2024, limit=48)
CLI_JOB = ["--game", "hilo", "--opponents", "1", "--trials", str(3 * BLOCK), "--seed", "2024",
           "--limit", "48", "--trials-per-task", str(BLOCK)]
N_TASKS = 48 * 3


def _wait_for(predicate, timeout: float, what: str) -> None:
    end = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.02)


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory):
    """A scheduler and two single-threaded workers without nannies (a killed worker stays dead).
    Shared by this module's tests: the one that kills a worker runs last."""
    sched_file = tmp_path_factory.mktemp("dask") / "scheduler.json"
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    procs = []

    def start(*args: str) -> subprocess.Popen:
        p = subprocess.Popen([sys.executable, "-m", "dask", *args], env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        procs.append(p)
        return p

    try:
        start("scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
              "--scheduler-file", str(sched_file))
        _wait_for(sched_file.exists, 60, "the scheduler file")
        _wait_for(lambda: "address" in sched_file.read_text(), 10, "the scheduler address")
        address = json.loads(sched_file.read_text())["address"]
        assert address.startswith("tcp://127.0.0.1:")
        workers = [start("worker", address, "--host", "127.0.0.1", "--nthreads", "1",
                         "--no-nanny", "--no-dashboard") for _ in range(2)]
        from distributed import Client

        with Client(address, timeout=60) as c:
            c.wait_for_workers(2, timeout=120)
        yield address, workers
    finally:
        for p in reversed(procs):
            if p.poll() is None:
                p.terminate()
        for p in procs:
            try:
                p.wait(timeout=5)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()


def test_bulk_equity_on_a_client_equals_in_process(cluster) -> None:
    from distributed import Client

    from omaha_eval.bulk.execute import execute
    from omaha_eval.bulk.job import BulkJob, plan_tasks

    address, _ = cluster
    hands = ["AsKsQhJh", "AsAh2s3h", "7c6c5d4d"]
    local = bulk_equity(hands, game=("hi", "hilo"), opponents=3, trials=BLOCK + 7, seed=8)
    job = BulkJob.for_hands(hands, game=("hi", "hilo"), opponents=3, trials=BLOCK + 7, seed=8)
    tasks = plan_tasks(np.ones((3, 2), dtype=bool), job.trials, partitions=5)
    with Client(address) as client:
        remote = bulk_equity(hands, game=("hi", "hilo"), opponents=3, trials=BLOCK + 7, seed=8,
                             partitions=7, client=client)
        grouped = np.zeros_like(local.sums)
        for task, sums in execute(job, tasks, client=client, group=2):  # 3 calls of 2, 2, 1
            np.add.at(grouped, task.index, sums)
    np.testing.assert_array_equal(local.sums, remote.sums)
    np.testing.assert_array_equal(local.sums, grouped)


def test_calls_are_built_and_sent_in_a_bounded_window(cluster) -> None:
    """A job of many calls never has all its arguments built at once: at most the window is in
    flight, and every call still runs exactly once."""
    import operator

    from distributed import Client

    from omaha_eval.bulk.execute import SUBMIT_WINDOW_PER_THREAD, execute_calls

    address, _ = cluster
    built: list[int] = []
    in_flight: list[int] = []
    done = 0

    def make(i: int):
        def args() -> tuple[int]:
            built.append(i)
            return (i,)
        return args

    # a function the workers can import (this test module is not on their path)
    calls = ((i, f"neg-{i:04d}", operator.neg, make(i)) for i in range(300))
    with Client(address) as client:
        window = max(SUBMIT_WINDOW_PER_THREAD * sum(client.nthreads().values()), 8)
        results = {}
        for tag, value in execute_calls(calls, client=client):
            done += 1
            in_flight.append(len(built) - done)
            results[tag] = value
    assert results == {i: -i for i in range(300)}
    assert sorted(built) == list(range(300))
    # in flight: the window, plus the finished batch being handed out (its refill is sent first)
    assert max(in_flight) < 2 * window
    assert 2 * window < 300  # the job is bigger than the window: the bound was exercised


def test_local_cluster_of_the_command_is_quiet_and_gives_the_same_numbers() -> None:
    """``--workers N``: our own LocalCluster, its housekeeping slowed only inside it."""
    import dask

    from omaha_eval.bulk.execute import connect

    hands = ["AsKsQhJh", "7c6c5d4d"]
    local = bulk_equity(hands, game="hilo", trials=BLOCK, seed=4)
    # another cluster's HTTP port (Dask's default, 8787) taken: ours must not warn about it
    with socket.socket() as taken, warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with contextlib.suppress(OSError):  # already held by someone else: as good
            taken.bind(("127.0.0.1", 8787))
            taken.listen()
        with connect(workers=1) as client:
            remote = bulk_equity(hands, game="hilo", trials=BLOCK, seed=4, partitions=2,
                                 client=client)
            callbacks = client.run(lambda dask_worker: sorted(dask_worker.periodic_callbacks))
    assert not [w for w in caught if "already in use" in str(w.message)]
    np.testing.assert_array_equal(local.sums, remote.sums)
    assert all("profile" not in names for names in callbacks.values())
    assert dask.config.get("distributed.worker.profile.enabled") is True  # restored here


def test_cluster_run_with_a_killed_worker_and_a_killed_command_resumes_to_the_same_file(
        tmp_path: Path, cluster, capsys: pytest.CaptureFixture) -> None:
    address, workers = cluster
    reference = run_table(tmp_path / "local.parquet", **JOB)["hilo"]  # task size: no matter
    out = tmp_path / "cluster.parquet"
    parts = Path(str(out) + ".parts")
    cmd = [sys.executable, "-m", "omaha_eval.cli", "table", *CLI_JOB, "--scheduler", address,
           "--out", str(out)]
    run = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        n_parts = lambda: len(list(parts.glob("part-*.npz"))) if parts.exists() else 0  # noqa
        _wait_for(lambda: n_parts() > 0 or run.poll() is not None, 120, "the first tasks")
        workers[0].send_signal(signal.SIGKILL)  # a worker lost mid-run, with its tasks
        workers[0].wait()
        at_kill = n_parts()
        # a call finished after the loss: the run goes on with one worker; then kill the command
        _wait_for(lambda: n_parts() > at_kill or run.poll() is not None, 120, "more tasks")
        assert run.poll() is None, "the run ended before it could be killed: make the job larger"
        run.send_signal(signal.SIGKILL)
        run.wait()
    finally:
        if run.poll() is None:
            run.kill()
            run.wait()
    assert not out.exists() and 0 < n_parts() < N_TASKS
    # the command again with --resume, in this process (no second interpreter start-up), on
    # the surviving worker
    from omaha_eval.cli import main

    assert main(["table", *CLI_JOB, "--scheduler", address, "--out", str(out), "--resume"]) == 0
    assert "wall time" in capsys.readouterr().err
    assert out.read_bytes() == reference.read_bytes()
    assert not parts.exists()
