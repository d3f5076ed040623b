"""A PNG chart of a report: ns per item for every timed row, one panel per workload.

matplotlib is an optional extra (``pip install "omaha_eval[plot]"``); it is imported here only.
"""

from __future__ import annotations

from typing import Any, Dict, List

from .report import ratio_text, seconds_text


class PlotError(RuntimeError):
    """The chart cannot be drawn (matplotlib missing, nothing timed)."""


def _pyplot() -> Any:
    """matplotlib's pyplot on the file-only backend, or a PlotError saying what to install."""
    try:
        import matplotlib
        matplotlib.use("Agg")  # files only: no display needed
        import matplotlib.pyplot as plt
    except ImportError as exc:
        raise PlotError("--plot needs matplotlib: pip install 'omaha_eval[plot]' "
                        f"({exc})") from None
    return plt


def write_plot(report: Dict[str, Any], path: str) -> None:
    """Draws the timed rows of ``report`` into ``path`` (PNG), log-scaled ns per item."""
    plt = _pyplot()
    rows = [r for r in report["results"] if r["status"] == "ok"]
    if not rows:
        raise PlotError("nothing was timed: no chart to draw")
    workloads = list(dict.fromkeys(r["workload"] for r in rows))  # in report order, once each
    libraries = sorted({r["library"] for r in rows}, key=lambda n: (n != "omaha_eval", n))
    colours = {lib: plt.get_cmap("tab10")(i % 10) for i, lib in enumerate(libraries)}
    heights = [sum(1 for r in rows if r["workload"] == w) for w in workloads]
    height = 0.9 + 0.42 * sum(heights) + 0.5 * len(workloads)
    fig, axes = plt.subplots(len(workloads), 1, figsize=(9, height),
                             gridspec_kw={"height_ratios": heights}, squeeze=False)
    units = {w["name"]: w["unit"] for w in report["workloads"]}
    for ax, w in zip(axes[:, 0], workloads):
        _panel(ax, f"{w} (ns per {units.get(w, 'item')})",
               [r for r in rows if r["workload"] == w], colours)
    m = report["machine"]
    # the title in a band of its own, 0.45 in at the top whatever the figure's height
    # (tight_layout's own room for it is a fraction of the height: too little on tall charts)
    fig.suptitle(f"omaha-eval bench: {m['cpu']}, {m['cores']} cores; lower is better", fontsize=10,
                 y=1 - 0.12 / height, va="top")
    fig.tight_layout(rect=(0, 0, 1, 1 - 0.45 / height))
    fig.savefig(path, dpi=110)
    plt.close(fig)


def _panel(ax: Any, title: str, rows: List[Dict[str, Any]], colours: Dict[str, Any]) -> None:
    """One workload's bars, one per library, each labelled with its time and ratio to ours."""
    y = list(range(len(rows)))[::-1]
    ax.barh(y, [r["ns_per_item"] for r in rows], color=[colours[r["library"]] for r in rows])
    ax.set_yticks(y)
    ax.set_yticklabels([r["library"] for r in rows], fontsize=8)
    ax.set_xscale("log")
    low = min(r["ns_per_item"] for r in rows)
    high = max(r["ns_per_item"] for r in rows)
    ax.set_xlim(low / 3, max(high * 30, low * 100))  # room for the labels
    ax.set_title(title, fontsize=9, loc="left")
    for yi, r in zip(y, rows):
        text = seconds_text(r["ns_per_item"] * 1e-9) + (
            "" if r["library"] == "omaha_eval" else f"  ({ratio_text(r['ratio_vs_ours'])} ours)")
        ax.text(r["ns_per_item"] * 1.08, yi, text, va="center", fontsize=7)
    ax.tick_params(axis="x", labelsize=7)
