"""A PNG chart of a report: ns per item for every timed row, one panel per workload.

matplotlib is an optional extra (``pip install "omaha_eval[plot]"``); it is imported here only.
"""

from __future__ import annotations

from typing import Any, Dict, List


class PlotError(RuntimeError):
    """The chart cannot be drawn (matplotlib missing, nothing timed)."""


def _duration(ns: float) -> str:
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("us", 1e3)):
        if ns >= scale:
            return f"{ns / scale:.3g} {unit}"
    return f"{ns:.3g} ns"


def _ratio(x: float) -> str:
    return f"{x:,.0f}x" if x >= 100 else f"{x:.3g}x"


def write_plot(report: Dict[str, Any], path: str) -> None:
    """Draws the timed rows of ``report`` into ``path`` (PNG), log-scaled ns per item."""
    try:
        import matplotlib
        matplotlib.use("Agg")  # files only: no display needed
        import matplotlib.pyplot as plt
    except ImportError as exc:
        raise PlotError("--plot needs matplotlib: pip install 'omaha_eval[plot]' "
                        f"({exc})") from None
    rows = [r for r in report["results"] if r["status"] == "ok"]
    if not rows:
        raise PlotError("nothing was timed: no chart to draw")
    workloads: List[str] = []
    for r in rows:
        if r["workload"] not in workloads:
            workloads.append(r["workload"])
    libraries = sorted({r["library"] for r in rows}, key=lambda n: (n != "omaha_eval", n))
    colours = {lib: plt.get_cmap("tab10")(i % 10) for i, lib in enumerate(libraries)}
    heights = [sum(1 for r in rows if r["workload"] == w) for w in workloads]
    height = 0.9 + 0.42 * sum(heights) + 0.5 * len(workloads)
    fig, axes = plt.subplots(len(workloads), 1, figsize=(9, height),
                             gridspec_kw={"height_ratios": heights}, squeeze=False)
    units = {w["name"]: w["unit"] for w in report["workloads"]}
    for ax, w in zip(axes[:, 0], workloads):
        mine = [r for r in rows if r["workload"] == w]
        y = list(range(len(mine)))[::-1]
        ax.barh(y, [r["ns_per_item"] for r in mine], color=[colours[r["library"]] for r in mine])
        ax.set_yticks(y)
        ax.set_yticklabels([r["library"] for r in mine], fontsize=8)
        ax.set_xscale("log")
        low = min(r["ns_per_item"] for r in mine)
        high = max(r["ns_per_item"] for r in mine)
        ax.set_xlim(low / 3, max(high * 30, low * 100))  # room for the labels
        ax.set_title(f"{w} (ns per {units.get(w, 'item')})", fontsize=9, loc="left")
        for yi, r in zip(y, mine):
            text = _duration(r["ns_per_item"]) + ("" if r["library"] == "omaha_eval"
                                                  else f"  ({_ratio(r['ratio_vs_ours'])} ours)")
            ax.text(r["ns_per_item"] * 1.08, yi, text, va="center", fontsize=7)
        ax.tick_params(axis="x", labelsize=7)
    m = report["machine"]
    # the title in a band of its own, 0.45 in at the top whatever the figure's height
    # (tight_layout's own room for it is a fraction of the height: too little on tall charts)
    fig.suptitle(f"omaha-eval bench: {m['cpu']}, {m['cores']} cores; lower is better", fontsize=10,
                 y=1 - 0.12 / height, va="top")
    fig.tight_layout(rect=(0, 0, 1, 1 - 0.45 / height))
    fig.savefig(path, dpi=110)
    plt.close(fig)
