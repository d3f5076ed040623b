"""Job processes (service/jobs.py): a job past its deadline is killed and the pool goes on;
errors come back whole; a process grown past its memory bound is replaced."""

from __future__ import annotations

import os
import time

import pytest

from omaha_eval.service.errors import ApiError
from omaha_eval.service.jobs import JobProcesses, JobTimeout

pytestmark = pytest.mark.skipif(os.name != "posix", reason="job processes are tested on POSIX")


def nap(seconds: float) -> int:
    time.sleep(seconds)
    return os.getpid()


def refuse() -> None:
    raise ApiError(422, ["body", "hands", 1], "unknown card 'Zz'", "CardError")


KEPT = []


def grow(megabytes: int) -> int:
    """Leaves ``megabytes`` more resident in the job process (as a leak or fragmentation would)."""
    block = bytearray(megabytes << 20)
    block[::4096] = b"x" * len(block[::4096])  # touch every page: resident
    KEPT.append(block)
    return os.getpid()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie is not alive
        return open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return True


def test_a_job_past_its_deadline_is_killed_and_the_next_runs() -> None:
    jobs = JobProcesses(1)
    try:
        pid = jobs.run(nap, (0.0,), time.monotonic() + 60)
        with pytest.raises(JobTimeout):
            jobs.run(nap, (120.0,), time.monotonic() + 0.5)
        assert jobs.killed == 1
        assert not _alive(pid)  # the process that slept was that one: killed, not left running
        other = jobs.run(nap, (0.0,), time.monotonic() + 60)  # the pool is usable at once
        assert other != pid
    finally:
        jobs.shutdown()


def test_errors_come_back_whole() -> None:
    jobs = JobProcesses(1)
    try:
        with pytest.raises(ApiError) as info:
            jobs.run(refuse, (), time.monotonic() + 60)
        assert (info.value.status, info.value.loc, info.value.kind) == (422, ["body", "hands", 1],
                                                                      "CardError")
        assert jobs.killed == 0
    finally:
        jobs.shutdown()


@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="needs /proc")
def test_a_process_past_its_memory_bound_is_replaced() -> None:
    jobs = JobProcesses(1, max_mb=150)
    try:
        big = jobs.run(grow, (200,), time.monotonic() + 60)
        assert jobs.replaced == 1
        small = jobs.run(grow, (1,), time.monotonic() + 60)
        assert small != big
        assert jobs.run(grow, (1,), time.monotonic() + 60) == small  # kept: under the bound
    finally:
        jobs.shutdown()
