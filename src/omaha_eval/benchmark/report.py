"""The report as text: the comparison table, then machine, versions, skips and disagreements."""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple


def _scaled(x: Optional[float], units: Tuple[Tuple[str, float], ...]) -> str:
    """``x`` in the first of ``units`` (suffix, scale), largest first, that it reaches; the
    last unit for anything smaller."""
    if x is None:
        return "-"
    suffix, scale = next((u for u in units if x >= u[1]), units[-1])
    return f"{x / scale:.3g}{suffix}"


def seconds_text(seconds: Optional[float]) -> str:
    """A duration with its unit, 3 figures: ``"12.3 ms"``, ``"590 ns"``; ``"-"`` for None."""
    return _scaled(seconds, ((" s", 1.0), (" ms", 1e-3), (" us", 1e-6), (" ns", 1e-9)))


def _count(x: Optional[float]) -> str:
    return _scaled(x, ((" G", 1e9), (" M", 1e6), (" k", 1e3), ("", 1.0)))


def _ns(x: Optional[float]) -> str:
    if x is None:
        return "-"
    if x >= 1e6:
        return f"{x:,.0f}"
    return f"{x:,.3g}" if x < 1000 else f"{x:,.0f}"


def ratio_text(x: Optional[float]) -> str:
    """A ratio to ours: ``"1.5x"``, ``"1,234x"``; ``"-"`` for None."""
    if x is None:
        return "-"
    return f"{x:,.0f}x" if x >= 100 else f"{x:.3g}x"


HEADERS = ("workload", "library", "items", "threads", "median", "spread", "ns/item", "items/s",
           "vs ours")


def table_rows(report: Dict[str, Any]) -> List[List[str]]:
    """Rows of the table: timed results and disagreements (skips are listed below it)."""
    out = []
    for r in report["results"]:
        if r["status"] == "ok":
            out.append([r["workload"], r["library"], f"{r['items']:,}", str(r["threads"]),
                        seconds_text(r["median_s"]), f"{100 * r['spread']:.1f}%", _ns(r["ns_per_item"]),
                        _count(r["items_per_s"]), ratio_text(r["ratio_vs_ours"])])
        elif r["status"] in ("disagrees", "error"):
            out.append([r["workload"], r["library"], f"{r['items']:,}" if r["items"] else "-", "-",
                        r["status"].upper(), "", "", "", ""])
    return out


def format_table(report: Dict[str, Any], markdown: bool = False) -> str:
    rows = table_rows(report)
    if markdown:
        lines = ["| " + " | ".join(HEADERS) + " |",
                 "|" + "|".join(" --- " if i < 2 else " ---: " for i in range(len(HEADERS))) + "|"]
        lines += ["| " + " | ".join(r) + " |" for r in rows]
        return "\n".join(lines)
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(HEADERS)]

    def line(cells: List[str]) -> str:
        return "  ".join(c.ljust(wd) if i < 2 else c.rjust(wd) for i, (c, wd) in enumerate(zip(cells, widths)))

    out = [line(list(HEADERS)), "  ".join("-" * wd for wd in widths)]
    previous = None
    for r in rows:
        if previous is not None and r[0] != previous:
            out.append("")
        out.append(line(r))
        previous = r[0]
    return "\n".join(out)


def format_report(report: Dict[str, Any], markdown: bool = False) -> str:
    """The whole text report."""
    m = report["machine"]
    s = report["settings"]
    parts = [format_table(report, markdown), ""]
    load = m.get("load_average")
    cores = m.get("usable_cores") or m.get("cores") or 1
    machine = (f"machine: {m['cpu']}, {m['cores']} cores ({m['usable_cores']} usable), "
               f"{m['platform']}, Python {m['python']}")
    if load:
        machine += f", load average {load[0]:.2f} at start"
    parts.append(machine)
    if load and load[0] > 0.5 * cores:
        parts.append(f"note: the machine was busy (load {load[0]:.2f} on {cores} cores): "
                     "timings are noisy; compare rows within this run only")
    parts.append("versions: " + ", ".join(f"{k} {v}" for k, v in report["versions"].items() if v))
    parts.append(f"settings: {'quick' if s['quick'] else 'full'}, workers {s['workers']}, "
                 f"{s['repetitions']} timed repetitions after a warm-up, budget "
                 f"{s['budget_s']:g} s per repetition for slow libraries, seed {s['seed']}")
    parts.append("columns: median of the repetitions; spread = (max - min) / median; "
                 "vs ours = ns/item relative to omaha_eval (above 1x: slower)")
    for w in report["skipped_workloads"]:
        parts.append(f"skipped workload {w['workload']}: {w['reason']}")
    missing = [(n, l["reason"]) for n, l in report["libraries"].items() if l["status"] != "installed"]
    for name, reason in missing:
        parts.append(f"skipped library {name}: {reason}")
    for r in report["results"]:
        if r["status"] in ("disagrees", "error"):
            parts.append(f"{r['status']}: {r['library']} on {r['workload']}: {r['reason']}")
    offered: Dict[str, List[str]] = {}
    for r in report["results"]:
        if r["status"] == "not offered":
            offered.setdefault(r["library"], []).append(r["workload"])
    if offered:
        parts.append("not offered by the library (no such API):")
        parts.extend(f"  {lib}: {', '.join(ws)}" for lib, ws in offered.items())
    return "\n".join(parts)
