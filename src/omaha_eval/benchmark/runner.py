"""Runs workloads on adapters: agreement check, warm-up, repetitions, statistics, the report.

For every workload our own adapter runs first: its answer is the reference and its time the
denominator of every ratio. Each other library is then, in order:

1. checked: it runs on the first ``check_items`` items (the whole thing for an exact
   enumeration) and must give our answer (scores equal, or ordered exactly like ours when the
   library's scores are ordinal keys; exact equities equal to 1e-9; Monte Carlo equities within
   five combined standard errors; finishing stacks equal). A library that disagrees is reported
   as disagreeing and is not timed;
2. sized: a library too slow for the whole workload within the time budget is timed on a prefix
   of it (the same items for everybody; per-item figures stay comparable, and the report shows
   the item count; the prefix may be shorter than the checked one). A small spot's item is one
   call of the same spot, so it is checked on one call and cut to as few as one call; an
   exact enumeration is never cut;
3. warmed up once, then timed ``repetitions`` times; its last answer is checked again in full.

The timed repetitions of all the libraries of a workload are interleaved (repetition 1 of each
library, then repetition 2, ...), so a drift of the machine's speed over the minutes of a run
moves every library's times alike and stays out of the ratios. Workloads of one ``group`` (the
same spot with ``workers=1`` and ``workers=2``) are interleaved together in the same way.

Reported per row: median wall time, spread ((max - min) / median), ns per item, items per
second, and ``ratio`` = its ns per item / ours (above 1: slower than omaha_eval).
"""

from __future__ import annotations

import datetime as _dt
import gc
import math
import os
import platform
import sys
import time
from dataclasses import asdict, dataclass, field
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Tuple

import numpy as np

from .adapters import Adapter, EquityOutcome
from .workloads import Workload

SCHEMA = "omaha_eval.bench/1"

Progress = Optional[Callable[[str], None]]

MIN_TIMED_ITEMS = 20  # a slow library is still timed on at least this many items


@dataclass
class Settings:
    quick: bool = False
    workers: int = 1
    repetitions: int = 5
    budget_s: float = 2.0        # per repetition, for libraries timed on a prefix
    check_items: int = 200
    seed: int = 0


@dataclass
class Row:
    """One (workload, library) result. ``status``: ok, disagrees, not installed, not offered,
    skipped (our part is missing) or error."""

    workload: str
    library: str
    status: str
    reason: str = ""
    label: str = ""
    items: int = 0
    threads: int = 1
    repetitions: int = 0
    times_s: List[float] = field(default_factory=list)
    median_s: Optional[float] = None
    min_s: Optional[float] = None
    max_s: Optional[float] = None
    spread: Optional[float] = None
    ns_per_item: Optional[float] = None
    items_per_s: Optional[float] = None
    ratio_vs_ours: Optional[float] = None
    agreement: Dict[str, Any] = field(default_factory=dict)
    # what the library's thread pool did over the timed repetitions (threads > 1; ours only)
    pool: Dict[str, int] = field(default_factory=dict)


# ---- agreement ----

def _compare_eval(mode: str, ref: Dict[str, np.ndarray], out: Dict[str, Any], n: int) -> Tuple[bool, Dict[str, Any]]:
    need = {"hi": ("hi",), "lo": ("lo",), "hilo": ("hi", "lo")}[mode]
    detail: Dict[str, Any] = {"checked": n, "mismatches": 0}
    for part in need:
        if part == "hi" and "hi_key" in out:
            bad, example = _compare_ordinal(np.asarray(ref["hi"][:n]), out["hi_key"])
        elif part in out:
            got = np.asarray(out[part]).reshape(-1)
            want = np.asarray(ref[part][:n]).reshape(-1)
            if got.shape != want.shape:
                return False, {"checked": n, "mismatches": n,
                               "example": f"{part}: {got.size} results for {want.size} items"}
            diff = np.flatnonzero(got.astype(np.int64) != want.astype(np.int64))
            bad = int(diff.size)
            example = (f"{part} item {int(diff[0])}: ours {int(want[diff[0]])}, theirs "
                       f"{int(got[diff[0]])}") if bad else ""
        else:
            return False, {"checked": n, "mismatches": n, "example": f"no {part} scores returned"}
        if bad:
            detail["mismatches"] += bad
            detail.setdefault("example", example)
    return detail["mismatches"] == 0, detail


def _compare_ordinal(ours: np.ndarray, keys: Sequence[Any]) -> Tuple[int, str]:
    """Keys must order the hands exactly as our scores: one key per score and increasing."""
    if len(keys) != ours.size:
        return ours.size, f"{len(keys)} results for {ours.size} items"
    by_score: Dict[int, Any] = {}
    by_key: Dict[Any, int] = {}
    bad, example = 0, ""
    for i, (s, k) in enumerate(zip(ours.tolist(), keys)):
        if by_score.setdefault(s, k) != k or by_key.setdefault(k, s) != s:
            bad += 1
            example = example or f"item {i}: our score {s} but their key {k!r}"
    ordered = sorted(by_score.items())
    for (s0, k0), (s1, k1) in zip(ordered, ordered[1:]):
        if not k0 < k1:
            bad += 1
            example = example or f"our scores {s0} < {s1} but their keys {k0!r} >= {k1!r}"
    return bad, example


def _compare_equity(ref: EquityOutcome, out: EquityOutcome) -> Tuple[bool, Dict[str, Any]]:
    if len(ref.equities) != len(out.equities):
        return False, {"example": f"{len(out.equities)} players for {len(ref.equities)}"}
    exact = ref.std_errors is None and out.std_errors is None
    worst, example = 0.0, ""
    for i, (a, b) in enumerate(zip(ref.equities, out.equities)):
        if exact:
            tol = 1e-9
        else:
            se = [_se(o, i) for o in (ref, out)]
            tol = 5 * math.hypot(*se) + 1e-12
        if abs(a - b) > tol:
            example = example or f"player {i}: ours {a:.6f}, theirs {b:.6f} (tolerance {tol:.2g})"
        worst = max(worst, abs(a - b))
    detail = {"exact": exact, "max_abs_difference": worst, "ours": ref.equities,
              "theirs": out.equities}
    if example:
        detail["example"] = example
    return not example, detail


def _se(o: EquityOutcome, i: int) -> float:
    if o.std_errors is None:
        return 0.0
    if o.std_errors[i] > 0 or not o.count:
        return o.std_errors[i]
    # no error reported (e.g. a share seen 0 or 1 times): a share in [0, 1] has variance at
    # most p (1 - p); 1 / count keeps an unseen outcome from getting a zero tolerance
    p = o.equities[i]
    return math.sqrt(max(p * (1 - p), 1.0 / o.count) / o.count)


def _compare_game(ref: Sequence[Tuple[int, ...]], out: Sequence[Tuple[int, ...]], n: int) -> Tuple[bool, Dict[str, Any]]:
    bad = [i for i in range(n) if i >= len(out) or tuple(ref[i]) != tuple(out[i])]
    detail: Dict[str, Any] = {"checked": n, "mismatches": len(bad)}
    if bad:
        i = bad[0]
        detail["example"] = (f"hand {i}: ours {list(ref[i])}, theirs "
                             f"{list(out[i]) if i < len(out) else 'missing'}")
    return not bad, detail


def compare(w: Workload, ref: Any, out: Any, n: int) -> Tuple[bool, Dict[str, Any]]:
    """Does ``out`` (a library's answer on the first ``n`` items) agree with ours?"""
    if w.kind == "eval":
        return _compare_eval(w.params["mode"], ref, out, n)
    if w.kind == "equity":
        return _compare_equity(ref, out)
    return _compare_game(ref, out, n)


# ---- timing ----

def _nice_floor(x: float) -> int:
    """Rounds down to two significant digits (1234 -> 1200) for readable item counts."""
    if x < 100:
        return max(int(x), 1)
    scale = 10 ** (int(math.log10(x)) - 1)
    return int(x // scale * scale)


def _timed(fn: Callable[[], Any]) -> Tuple[float, Any]:
    gc.collect()
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def _finish(row: Row, times: List[float]) -> None:
    row.times_s = times
    row.repetitions = len(times)
    row.median_s = float(np.median(times))
    row.min_s, row.max_s = min(times), max(times)
    row.spread = (row.max_s - row.min_s) / row.median_s if row.median_s > 0 else 0.0
    row.ns_per_item = row.median_s * 1e9 / row.items
    row.items_per_s = row.items / row.median_s if row.median_s > 0 else float("inf")


def _reps(settings: Settings, first_run_s: float) -> int:
    # very slow single runs: three repetitions still give a median and a spread
    return min(settings.repetitions, 3) if first_run_s > 10 else settings.repetitions


@dataclass
class _Timing:
    """One library's timed loop on a workload, between its preparation and its row."""

    row: Row
    adapter: Adapter
    prepared: Any
    reps: int
    times: List[float] = field(default_factory=list)
    raw: Any = None


@dataclass
class _Started:
    """A workload between its preparation and its rows: our timing, the others', the reference."""

    workload: Workload
    ours: _Timing
    ref: Any
    timings: List[_Timing] = field(default_factory=list)
    their_rows: List[Row] = field(default_factory=list)


def _prepare_ours(w: Workload, a: Adapter, s: Settings) -> Tuple[_Timing, Any]:
    row = Row(w.name, a.name, "ok", label=a.label, items=w.size, threads=a.threads(s.workers, w))
    prepared = a.prepare(w, w.size, s.workers)
    first, raw = _timed(lambda: a.run(prepared))  # warm-up; its answer is the reference
    ref = a.output(prepared, raw)
    if w.kind == "equity" and w.params["trials"] is None and ref.std_errors is not None:
        raise RuntimeError("our equity returned a sampled answer for an exact workload")
    row.agreement = {"reference": True}
    return _Timing(row, a, prepared, _reps(s, first)), ref


def _prepare_other(w: Workload, a: Adapter, s: Settings, ref: Any,
                   say: Callable[[str], None]) -> "_Timing | Row":
    """Checked, sized and warmed up: its timing, or its row when it disagrees."""
    row = Row(w.name, a.name, "ok", label=a.label, threads=a.threads(s.workers, w))
    if not w.divisible:
        n_check = w.size
    else:  # every call of a small spot gives the same answer: one is checked
        n_check = min(w.size, 1 if w.repeated_call else s.check_items)
    prepared = a.prepare(w, n_check, s.workers)
    first, raw = _timed(lambda: a.run(prepared))
    ok, detail = compare(w, ref, a.output(prepared, raw), n_check)
    if not ok:
        row.status, row.agreement = "disagrees", detail
        row.reason = f"disagrees with omaha_eval: {detail.get('example', '')}"
        row.items = n_check
        say(f"  {a.name:<14} DISAGREES ({detail.get('example', '')}); not timed")
        return row
    n = n_check
    if w.divisible:
        if first < s.budget_s / 2:  # the first call also paid for imports and cold caches
            first = _timed(lambda: a.run(prepared))[0]
        per_item = max(first / n_check, 1e-12)
        least = 1 if w.repeated_call else MIN_TIMED_ITEMS
        n = min(w.size, max(least, _nice_floor(s.budget_s / per_item)))
    if n != n_check:
        prepared = a.prepare(w, n, s.workers)
        first, raw = _timed(lambda: a.run(prepared))  # warm-up at the timed size
    row.items = n
    return _Timing(row, a, prepared, _reps(s, first))


def _time_interleaved(timings: List[_Timing], say: Callable[[str], None]) -> None:
    """Repetition i of every library, then repetition i + 1: these machines' speed drifts over
    minutes, and interleaving keeps that drift out of the ratios. A library that raises gets
    an error row and leaves the loop; the others go on."""
    for i in range(max((t.reps for t in timings), default=0)):
        for t in timings:
            if i >= t.reps or t.row.status != "ok":
                continue
            before = t.adapter.pool_counters() if t.row.threads > 1 else None
            try:
                elapsed, t.raw = _timed(lambda: t.adapter.run(t.prepared))
            except Exception as exc:
                t.row.status, t.row.reason = "error", f"{exc.__class__.__name__}: {exc}"
                say(f"  {t.adapter.name:<14} error: {t.row.reason}")
                continue
            t.times.append(elapsed)
            after = t.adapter.pool_counters() if before is not None else None
            if before is not None and after is not None:
                for key, value in after.items():
                    t.row.pool[key] = t.row.pool.get(key, 0) + value - before.get(key, 0)


def _finish_other(w: Workload, t: _Timing, ref: Any, say: Callable[[str], None]) -> Row:
    row = t.row
    if row.status != "ok":
        return row
    ok, detail = compare(w, ref, t.adapter.output(t.prepared, t.raw), row.items)  # in full
    row.agreement = detail
    if not ok:
        row.status = "disagrees"
        row.reason = f"disagrees with omaha_eval: {detail.get('example', '')}"
        say(f"  {t.adapter.name:<14} DISAGREES on the timed items ({detail.get('example', '')}); "
            f"not timed")
        return row
    _finish(row, t.times)
    say(f"  {t.adapter.name:<14} {row.median_s:9.4f} s median on {row.items:,} items")
    return row


def describe_pool(pool: Dict[str, int]) -> str:
    """One line of what the thread pool did over a row's timed runs."""
    return (f"pool: a helper joined {pool.get('joined', 0):,} of {pool.get('jobs', 0):,} jobs "
            f"({pool.get('helper_chunks', 0):,} chunks, the caller {pool.get('caller_chunks', 0):,}); "
            f"{pool.get('solo', 0):,} run alone ({pool.get('solo_busy', 0):,} for want of a free "
            f"CPU); {pool.get('idle_wakes', 0):,} idle wake-ups; waits "
            f"{pool.get('wait_last_ns', 0) / 1e6:.2f} ms for last chunks, "
            f"{pool.get('wait_inside_ns', 0) / 1e6:.2f} ms inside jobs; "
            f"{pool.get('redone', 0):,} chunks run again for late helpers "
            f"({pool.get('parked', 0):,} jobs left to them)")


def run_suite(workloads: Sequence[Workload], adapters: Sequence[Adapter], settings: Settings,
              progress: Progress = None) -> Dict[str, Any]:
    """Runs everything and returns the report (a JSON-ready dict).

    Each group of workloads goes through the phases in turn: every library checked against
    ours, sized and warmed up (:meth:`_Suite.prepare`), the repetitions interleaved across
    libraries (:func:`_time_interleaved`), then the rows (:meth:`_Suite.finish`)."""
    started = time.time()
    suite = _Suite(adapters, settings, progress or (lambda _msg: None))
    for group in _groups(workloads):
        begun = [x for x in map(suite.prepare, group) if x is not None]
        _time_interleaved([t for x in begun for t in [x.ours] + x.timings], suite.say)
        for x in begun:
            suite.finish(x)
    return {
        "schema": SCHEMA,
        "created": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
        "duration_s": round(time.time() - started, 3),
        "command": None,  # filled in by the command line
        "settings": asdict(settings),
        "machine": machine_info(),
        "versions": versions(adapters, suite.libraries),
        "libraries": suite.libraries,
        "workloads": [w.describe() for w in workloads],
        "skipped_workloads": suite.skipped,
        "results": [asdict(r) for r in suite.rows],
    }


def _groups(workloads: Sequence[Workload]) -> Iterator[List[Workload]]:
    """Consecutive workloads of one group (a spot with workers=1 and workers=2) together: they
    are timed in one interleaved loop, so the ratio between them is as free of drift as a ratio
    between libraries. Any other workload is a group of its own."""
    i = 0
    while i < len(workloads):
        group = [workloads[i]]
        while (group[0].group is not None and i + len(group) < len(workloads)
               and workloads[i + len(group)].group == group[0].group):
            group.append(workloads[i + len(group)])
        i += len(group)
        yield group


class _Suite:
    """One run's libraries and the rows so far."""

    def __init__(self, adapters: Sequence[Adapter], settings: Settings,
                 say: Callable[[str], None]) -> None:
        self.adapters, self.settings, self.say = adapters, settings, say
        self.ours = next(a for a in adapters if a.baseline)
        self.rows: List[Row] = []
        self.skipped: List[Dict[str, str]] = []
        self.installed: Dict[str, Optional[str]] = {}  # why not, per library; None: installed
        self.libraries: Dict[str, Dict[str, Any]] = {}
        for a in adapters:
            reason = a.not_installed()
            self.installed[a.name] = reason
            self.libraries[a.name] = {"family": a.family, "label": a.label,
                                      "version": None if reason else a.version(),
                                      "status": "not installed" if reason else "installed",
                                      "reason": reason or ""}

    def _skip(self, w: Workload, reason: str) -> None:
        self.say(f"  {reason}")
        self.skipped.append({"workload": w.name, "reason": reason})
        self.rows.append(Row(w.name, self.ours.name, "error", reason=reason, label=self.ours.label))

    def prepare(self, w: Workload) -> Optional[_Started]:
        """Our reference run and every other library checked and sized; None if skipped."""
        ours, say = self.ours, self.say
        missing = ours.supports(w)
        if missing:
            say(f"{w.name}: skipped ({missing})")
            self.skipped.append({"workload": w.name, "reason": missing})
            self.rows.extend(Row(w.name, a.name, "skipped", reason=missing, label=a.label)
                             for a in self.adapters)
            return None
        say(f"{w.name}: {w.title}")
        try:
            our, ref = _prepare_ours(w, ours, self.settings)
        except Exception as exc:  # our own failure is reported, and the suite goes on
            self._skip(w, f"omaha_eval failed: {exc.__class__.__name__}: {exc}")
            return None
        state = _Started(w, our, ref)
        for a in self.adapters:
            if a is not ours:
                self._prepare_other(state, a)
        return state

    def _prepare_other(self, state: _Started, a: Adapter) -> None:
        """Another library's row for the workload: checked and sized, or why not."""
        w = state.workload
        if self.installed[a.name]:
            state.their_rows.append(Row(w.name, a.name, "not installed",
                                        reason=self.installed[a.name] or "", label=a.label))
            return
        unsupported = a.supports(w)
        if unsupported:
            state.their_rows.append(Row(w.name, a.name, "not offered", reason=unsupported,
                                        label=a.label))
            return
        try:
            prepared = _prepare_other(w, a, self.settings, state.ref, self.say)
        except Exception as exc:
            reason = f"{exc.__class__.__name__}: {exc}"
            self.say(f"  {a.name:<14} error: {reason}")
            prepared = Row(w.name, a.name, "error", reason=reason, label=a.label)
        if isinstance(prepared, Row):
            state.their_rows.append(prepared)
        else:
            state.timings.append(prepared)
            state.their_rows.append(prepared.row)

    def finish(self, state: _Started) -> None:
        """The workload's rows, once every library's repetitions are done."""
        w, our = state.workload, state.ours
        if our.row.status != "ok":  # our own timed runs failed
            reason = f"omaha_eval failed: {our.row.reason}"
            self.skipped.append({"workload": w.name, "reason": reason})
            self.rows.append(Row(w.name, self.ours.name, "error", reason=reason,
                                 label=self.ours.label))
            return
        _finish(our.row, our.times)
        our_row = our.row
        self.say(f"  {w.name}: {self.ours.name:<14} {our_row.median_s:9.4f} s median")
        if our_row.pool.get("jobs"):
            self.say("    " + describe_pool(our_row.pool))
        for t in state.timings:
            _finish_other(w, t, state.ref, self.say)
        for row in state.their_rows:
            if row.ns_per_item is not None and our_row.ns_per_item:
                row.ratio_vs_ours = row.ns_per_item / our_row.ns_per_item
        self.rows.append(our_row)
        self.rows.extend(state.their_rows)
        our_row.ratio_vs_ours = 1.0
        w.release()  # free the deals before the next workload


# ---- machine and versions ----

def _cpu_model() -> str:
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.lower().startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    if sys.platform == "darwin":
        import subprocess
        try:
            return subprocess.run(["sysctl", "-n", "machdep.cpu.brand_string"], capture_output=True,
                                  text=True, timeout=5).stdout.strip() or platform.processor()
        except (OSError, subprocess.SubprocessError):
            pass
    return platform.processor() or platform.machine() or "unknown"


def machine_info() -> Dict[str, Any]:
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    try:
        load = [round(x, 2) for x in os.getloadavg()]
    except (OSError, AttributeError):
        load = None
    return {
        "cpu": _cpu_model(),
        "cores": os.cpu_count(),
        "usable_cores": usable,
        "load_average": load,
        "platform": platform.platform(),
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
    }


def versions(adapters: Sequence[Adapter], libraries: Dict[str, Dict[str, Any]]) -> Dict[str, Optional[str]]:
    out: Dict[str, Optional[str]] = {"numpy": np.__version__}
    for a in adapters:
        out.setdefault(a.family, libraries[a.name]["version"])
    return out
