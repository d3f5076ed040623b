"""When the thread pool stands aside: other processes' runnable tasks, not this process's own.

On a machine whose CPUs are taken by other sessions, ``workers=2`` runs alone (the pool reads the
runnable-task count of /proc/loadavg, csrc/oe_load.c); threads of the calling process itself
(a NumPy call of another thread, OpenBLAS's workers spinning after a matrix product) must not
send it away. Each scenario runs in a fresh interpreter (a pool of its own, no test settings)
and reports the pool's counters (``_core.pool_counters``). Linux only (the load evidence is
Linux's); skipped on one CPU and when the machine is busy before the test starts.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux's /proc only")

_CPUS = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)

# Runs 40 exact heads-up preflop spots with workers=2 while something else runs: "own", a thread
# of this process sorting with NumPy (which releases the GIL); "other", other processes busy on
# every CPU but one. Prints the pool's counters over those calls.
_SCENARIO = r"""
import json, subprocess, sys, threading, time
import numpy as np
from omaha_eval import equity
from omaha_eval._core import pool_counters
kind, cpus = sys.argv[1], int(sys.argv[2])
stop = threading.Event()
busy = []
if kind == "own":
    data = np.random.default_rng(1).random(1 << 20)
    def sort_until_stopped():
        while not stop.is_set():
            np.sort(data)
    busy.append(threading.Thread(target=sort_until_stopped))
    busy[0].start()
else:
    busy = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(cpus - 1)]
time.sleep(0.3)  # the busy tasks settle
for _ in range(3):  # the pool's first load samples (the first one is trusted only once the
    equity(["AsKsQhJh", "2c2d7h8s"], workers=2)  # next, 10 ms later, confirms it)
    time.sleep(0.015)
before = pool_counters()
for _ in range(40):
    equity(["AsKsQhJh", "2c2d7h8s"], workers=2)
after = pool_counters()
stop.set()
for b in busy:
    if kind == "own":
        b.join()
    else:
        b.kill()
        b.wait()
print(json.dumps({k: after[k] - before[k] for k in after}))
"""


def _machine_busy() -> bool:
    """Another task runnable in more than a few of 40 samples of /proc/loadavg."""
    seen = 0
    for _ in range(40):
        with open("/proc/loadavg") as f:
            seen += int(f.read().split()[3].split("/")[0]) > 1  # this process is one
        time.sleep(0.005)
    return seen > 4


def _counters(kind: str) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "OE_POOL_IGNORE_LOAD"}
    done = subprocess.run([sys.executable, "-c", _SCENARIO, kind, str(_CPUS)], env=env,
                          capture_output=True, text=True, timeout=120, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.fixture
def quiet_machine() -> None:
    if _CPUS < 2:
        pytest.skip("one usable CPU: workers=2 always runs alone")
    if _CPUS > 8:
        pytest.skip("more than 8 CPUs: the test would start too many busy processes")
    if _machine_busy():
        pytest.skip("the machine is busy before the test: the pool would rightly stand aside")


def test_threads_of_this_process_do_not_send_the_pool_away(quiet_machine: None) -> None:
    # a passing task elsewhere can still make one attempt run alone: the bug fails every attempt
    attempts = [_counters("own") for _ in range(3)]
    assert all(c["jobs"] == 40 for c in attempts)
    assert min(c["solo_busy"] for c in attempts) == 0, attempts


def test_other_processes_on_every_other_cpu_make_the_caller_run_alone(quiet_machine: None) -> None:
    c = _counters("other")
    assert c["jobs"] == 40
    assert c["solo_busy"] == 40, c
