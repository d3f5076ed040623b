"""Bulk job throughput in this process and on a local Dask cluster, and Dask's cost per task.

    python bench/bulk_throughput.py [--trials-per-task 250000] [--tasks 64] [--workers 1]
                                    [--rounds 3] [--trivial 300]

The work: ``--tasks`` tasks of ``--trials-per-task`` trials (one canonical class each, heads-up
hi-lo, 4 cards: the kernel's fastest case, so Dask's share is the largest). Three ways, rounds
interleaved, medians reported:

* in process: a separate plain Python process (no Dask loaded, nothing else running in it) runs
  the tasks with as many threads as the cluster has worker threads (the kernel releases the GIL);
* cluster, grouped: ``execute`` as the library runs it (small tasks share a Dask call);
* cluster, 1 task/call: every task its own Dask call (what a task costs Dask by itself);
* cluster, 0.2 submit: the executor of version 0.2 (a ``client.submit`` and a ``result()`` per
  task), for comparison in the same run.

The cluster is the library's own ``connect(workers=N)`` (N single-threaded worker processes, no
nanny profiler), warmed up (kernel imported and one untimed round) before any timing; its start
and the cold round are printed apart. Accounting:

* trials/s per thread = trials / (wall x threads): the same number of threads on both sides, so
  the ratio of these is the cluster's throughput per core it is given (the headline overhead);
* trials per CPU-second of the processes doing the work (in-process child / worker processes);
* all processes' CPU: workers + this process (the client, and the LocalCluster's scheduler and
  nannies, which run here) + any other child, against the in-process child's CPU;
* cost per task: ``--trivial`` calls of the real task function on an empty task (no trials),
  one per Dask call: wall per call, and CPU per call in each kind of process.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

import numpy as np


def _tasks(trials_per_task: int, n_tasks: int):
    from omaha_eval.bulk.job import BulkJob, plan_tasks

    job = BulkJob.table(game="hilo", trials=trials_per_task, seed=1, limit=n_tasks)
    missing = np.ones((len(job), job.n_blocks), dtype=bool)
    return job, plan_tasks(missing, job.trials, partitions=len(job))  # one class per task


def child(trials_per_task: int, n_tasks: int, threads: int) -> None:
    """The in-process side: one round per line read on stdin, its figures as JSON on stdout."""
    from concurrent.futures import ThreadPoolExecutor

    from omaha_eval.bulk.job import run_units, task_args

    job, tasks = _tasks(trials_per_task, n_tasks)
    pool = ThreadPoolExecutor(threads) if threads > 1 else None

    def one(task):
        return run_units(*task_args(job, task))

    def run() -> np.ndarray:
        out = np.zeros((len(job), 14), dtype=np.int64)
        results = pool.map(one, tasks) if pool else map(one, tasks)
        for task, sums in zip(tasks, results):
            np.add.at(out, task.index, sums)
        return out

    run()  # warm
    for _ in sys.stdin:
        c0, w0 = time.process_time(), time.perf_counter()
        out = run()
        print(json.dumps({"wall": time.perf_counter() - w0, "cpu": time.process_time() - c0,
                          "digest": int(out.sum() % (1 << 61))}), flush=True)


def _cpu(procs) -> dict[str, float]:
    out: dict[str, float] = {}
    for kind, p in procs:
        t = p.cpu_times()
        out[kind] = out.get(kind, 0.0) + t.user + t.system
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--trials-per-task", type=int, default=250_000)
    ap.add_argument("--tasks", type=int, default=64)
    ap.add_argument("--workers", type=int, default=1, help="worker processes (1 thread each)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--trivial", type=int, default=300, help="empty tasks for the cost per task")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        return child(args.trials_per_task, args.tasks, args.workers)

    import psutil

    from omaha_eval.bulk.execute import connect, execute, group_size
    from omaha_eval.bulk.tasks import Task, task_trials

    job, tasks = _tasks(args.trials_per_task, args.tasks)
    total = sum(task_trials(t, job.trials) for t in tasks)
    threads = args.workers
    kid = subprocess.Popen([sys.executable, __file__, "--child", "--workers", str(threads),
                            "--trials-per-task", str(args.trials_per_task),
                            "--tasks", str(args.tasks)],
                           stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def in_process() -> dict:
        kid.stdin.write("go\n")
        kid.stdin.flush()
        line = kid.stdout.readline()
        while not line.startswith("{"):  # an editable install's rebuild check prints on import
            if not line:
                raise RuntimeError("the in-process child ended")
            line = kid.stdout.readline()
        return json.loads(line)

    def run(client, group):
        out = np.zeros((len(job), 14), dtype=np.int64)
        if group == "submit":  # the 0.2 executor: a submit and a result() per task
            from distributed import as_completed

            from omaha_eval.bulk.job import run_units, task_args

            futures = {client.submit(run_units, *task_args(job, t), pure=False): t for t in tasks}
            results = ((futures[f], f.result()) for f in as_completed(list(futures)))
        else:
            results = execute(job, tasks, client=client, group=group)
        for task, sums in results:
            np.add.at(out, task.index, sums)
        return int(out.sum() % (1 << 61))

    me = psutil.Process()
    t0 = time.perf_counter()
    with connect(workers=args.workers) as client:
        t_start = time.perf_counter() - t0
        pids = client.run(os.getpid)
        workers = [psutil.Process(p) for p in pids.values()]
        others = [p for p in me.children() if p.pid not in pids.values() and p.pid != kid.pid]
        # a LocalCluster's scheduler and nannies live in this process, beside the client
        procs = ([("client+scheduler+nannies", me)] + [("workers", p) for p in workers]
                 + [("other children", p) for p in others])
        t0 = time.perf_counter()
        ref = run(client, None)  # cold: the kernel's import and first calls on each worker
        t_cold = time.perf_counter() - t0
        grouped = group_size(len(tasks), args.trials_per_task, threads)
        modes = {"grouped": None, "1 task/call": 1, "0.2 submit": "submit"}
        rows: dict[str, list[dict]] = {"in process": [], **{m: [] for m in modes}}
        for _ in range(args.rounds):
            r = in_process()
            assert r["digest"] == ref, "in-process and cluster results differ"
            rows["in process"].append(r)
            for name, group in modes.items():
                c0, w0 = _cpu(procs), time.perf_counter()
                assert run(client, group) == ref
                wall = time.perf_counter() - w0
                c1 = _cpu(procs)
                rows[name].append({"wall": wall, **{k: c1[k] - c0[k] for k in c0}})
        # Dask's own cost per task: the real task function on an empty task, one per call
        n = args.trivial
        tiny, _ = _tasks(1, n + 20)
        zero = np.zeros(1, np.int64)
        empty = [Task(np.array([i], np.int64), zero, zero) for i in range(n + 20)]  # no blocks
        list(execute(tiny, empty[n:], client=client, group=1))  # warm
        c0, w0 = _cpu(procs), time.perf_counter()
        list(execute(tiny, empty[:n], client=client, group=1))
        t_wall = (time.perf_counter() - w0) / n
        c1 = _cpu(procs)
        per_task = {k: (c1[k] - c0[k]) / n for k in c0}
    kid.stdin.close()
    kid.wait()

    med = statistics.median
    ip_wall = med(r["wall"] for r in rows["in process"])
    ip_cpu = med(r["cpu"] for r in rows["in process"])
    ip_rate = total / (ip_wall * threads)
    print(f"{len(tasks)} tasks of {args.trials_per_task:,} trials (hi-lo, heads-up); "
          f"{args.workers} worker process(es) x 1 thread = {threads} thread(s) on both sides; "
          f"{args.rounds} rounds interleaved, medians; load average "
          f"{os.getloadavg()[0]:.2f}")
    print(f"cluster start {t_start:.2f} s; cold first round {t_cold:.2f} s (kernel import on "
          f"the workers; not in the figures below); grouped = {grouped} tasks per Dask call")
    print(f"in process        : {ip_rate / 1e6:6.2f} M trials/s per thread "
          f"(wall {ip_wall:.3f} s, {total / ip_cpu / 1e6:.2f} M trials per CPU-s)")
    for name in modes:
        rs = rows[name]
        wall = med(r["wall"] for r in rs)
        wcpu = med(r["workers"] for r in rs)
        allcpu = med(sum(v for k, v in r.items() if k != "wall") for r in rs)
        rate = total / (wall * threads)
        print(f"cluster {name:11s}: {rate / 1e6:6.2f} M trials/s per worker thread "
              f"(wall {wall:.3f} s, ratio {wall / ip_wall:.3f}: overhead "
              f"{100 * (1 - rate / ip_rate):+.1f}% of in-process throughput); "
              f"{total / wcpu / 1e6:.2f} M trials per worker CPU-s "
              f"({100 * (wcpu / ip_cpu - 1):+.1f}% CPU); all processes' CPU {allcpu:.3f} s vs "
              f"{ip_cpu:.3f} s ({100 * (allcpu / ip_cpu - 1):+.1f}%)")
    print(f"cost per Dask task (empty task, {n} calls): wall {1e3 * t_wall:.2f} ms; CPU "
          + ", ".join(f"{k} {1e3 * v:.2f} ms" for k, v in per_task.items())
          + f"; vs {1e3 * ip_cpu / len(tasks):.1f} ms of kernel CPU per "
          f"{args.trials_per_task:,}-trial task")


if __name__ == "__main__":
    main()
