"""Bulk job throughput: trials per second per core in this process and on a local Dask cluster.

    python bench/bulk_throughput.py [--trials-per-task 250000] [--tasks 16] [--rounds 3]

Both runs compute the same tasks (one class of 250,000 trials each, heads-up hi-lo, 4 cards);
per-core throughput is trials / CPU seconds of the process doing the work (the worker on the
cluster), and the cluster's overhead is the extra CPU of the client, scheduler and worker
beyond the in-process run, plus its wall-clock ratio. Rounds alternate, medians reported.
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--trials-per-task", type=int, default=250_000)
    ap.add_argument("--tasks", type=int, default=16)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()

    from distributed import Client, LocalCluster

    from omaha_eval.bulk.execute import execute
    from omaha_eval.bulk.job import BulkJob, plan_tasks

    job = BulkJob.table(game="hilo", trials=args.trials_per_task, seed=1, limit=args.tasks)
    missing = np.ones((len(job), job.n_blocks), dtype=bool)
    tasks = plan_tasks(missing, job.trials, partitions=len(job))  # one class per task
    total = len(job) * job.trials

    def run(client) -> np.ndarray:
        out = np.zeros((len(job), 14), dtype=np.int64)
        for task, sums in execute(job, tasks, client=client):
            np.add.at(out, task.index, sums)
        return out

    local_cpu, local_wall, cl_cpu, cl_wall, cl_total = [], [], [], [], []
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address=None) as cluster, Client(cluster) as client:
        client.run(lambda: __import__("omaha_eval.bulk.job"))
        ref = run(client)
        for _ in range(args.rounds):
            c0, w0 = time.process_time(), time.perf_counter()
            assert np.array_equal(run(None), ref)
            local_cpu.append(time.process_time() - c0)
            local_wall.append(time.perf_counter() - w0)
            wk0 = sum(client.run(time.process_time).values())
            # a LocalCluster's scheduler runs in this process: its CPU is in process_time()
            same = client.run_on_scheduler(__import__("os").getpid) == __import__("os").getpid()
            sc0 = 0.0 if same else client.run_on_scheduler(time.process_time)
            c0, w0 = time.process_time(), time.perf_counter()
            assert np.array_equal(run(client), ref)
            cl_wall.append(time.perf_counter() - w0)
            worker = sum(client.run(time.process_time).values()) - wk0
            cl_cpu.append(worker)
            cl_total.append(worker + (time.process_time() - c0)
                            + (0.0 if same else client.run_on_scheduler(time.process_time) - sc0))
    med = statistics.median
    print(f"{len(tasks)} tasks of {args.trials_per_task:,} trials (hi-lo, heads-up), "
          f"{args.rounds} rounds, medians")
    print(f"in process    : {total / med(local_cpu) / 1e6:6.2f} M trials/s per core "
          f"(wall {med(local_wall):.2f} s)")
    print(f"local cluster : {total / med(cl_cpu) / 1e6:6.2f} M trials/s per worker core "
          f"(wall {med(cl_wall):.2f} s); all processes' CPU {med(cl_total):.2f} s "
          f"vs {med(local_cpu):.2f} s in process: overhead "
          f"{100 * (med(cl_total) / med(local_cpu) - 1):.1f}%; wall ratio "
          f"{med(cl_wall) / med(local_wall):.3f}")


if __name__ == "__main__":
    main()
