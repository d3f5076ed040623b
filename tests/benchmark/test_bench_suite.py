"""The benchmark suite ``omaha-eval bench``: runs, JSON report, skips, agreement checks.

Sizes are tiny (the quick sizes are shrunk further here) and one repetition is timed: these
tests check what the suite reports, never how fast anything is.
"""

from __future__ import annotations

import json
import sys
from typing import Any, Dict, List

import numpy as np
import pytest

from omaha_eval.benchmark import adapters, games, runner, workloads
from omaha_eval.benchmark.adapters import Adapter, EquityOutcome, OmahaEval
from omaha_eval.cli import main

OPTIONAL_MODULES = ("phevaluator", "poker_equity", "pokerkit", "treys", "xiapl")
ROW_FIELDS = {"workload", "library", "status", "reason", "label", "items", "threads",
              "repetitions", "times_s", "median_s", "min_s", "max_s", "spread", "ns_per_item",
              "items_per_s", "ratio_vs_ours", "agreement", "pool"}
ONLY = "eval-hi,board-hi,exact-hi,mc3-hi,game-hu"


@pytest.fixture
def tiny(monkeypatch: pytest.MonkeyPatch) -> None:
    """--quick with even smaller workloads, so a whole run takes a few seconds."""
    for key, value in {"eval": 1500, "board": 1500, "mc": 3000, "game-hu": 6, "game-6max": 3}.items():
        monkeypatch.setitem(workloads.QUICK_SIZES, key, value)


def _bench(tmp_path, capsys, *extra: str) -> tuple[int, Dict[str, Any], str]:
    out = tmp_path / "bench.json"
    code = main(["bench", "--quick", "--repetitions", "1", "--json", str(out), *extra])
    text = capsys.readouterr().out
    report = json.loads(out.read_text()) if out.exists() else {}
    return code, report, text


def _rows(report: Dict[str, Any], **match: Any) -> List[Dict[str, Any]]:
    return [r for r in report["results"] if all(r[k] == v for k, v in match.items())]


def _installed(module: str) -> bool:
    try:
        __import__(module)
    except ImportError:
        return False
    return True


# ---- whole runs through the command line ----

def test_quick_run_reports_every_field(tmp_path, capsys, tiny) -> None:
    code, report, text = _bench(tmp_path, capsys, "--only", ONLY)
    assert code == 0
    assert report["schema"] == runner.SCHEMA
    assert report["command"].startswith("omaha-eval bench --quick")
    assert report["settings"]["quick"] is True and report["settings"]["workers"] == 1
    machine = report["machine"]
    assert machine["cpu"] and machine["cores"] >= 1 and machine["python"]
    assert report["versions"]["omaha_eval"] and report["versions"]["numpy"]
    # "board-hi" selects both shared-board workloads (without and with a possible flush)
    assert [w["name"] for w in report["workloads"]] == ONLY.replace(
        "board-hi", "board-hi,board-hi-flush").split(",")
    assert all(set(r) == ROW_FIELDS for r in report["results"])
    # our own rows: timed, the reference of every ratio
    for w in ("eval-hi", "board-hi", "game-hu"):
        (ours,) = _rows(report, workload=w, library="omaha_eval")
        assert ours["status"] == "ok" and ours["ratio_vs_ours"] == 1.0
        assert ours["items"] == workloads.QUICK_SIZES["eval" if w == "eval-hi" else
                                                      "board" if w == "board-hi" else w]
        assert ours["repetitions"] == 1 and ours["median_s"] > 0
        assert ours["ns_per_item"] == pytest.approx(ours["median_s"] * 1e9 / ours["items"])
        assert ours["items_per_s"] == pytest.approx(ours["items"] / ours["median_s"])
    for w in ("exact-hi", "mc3-hi"):  # our equity workloads run whatever else is installed
        (ours,) = _rows(report, workload=w, library="omaha_eval")
        assert ours["status"] == "ok" and ours["items"] > 0, ours
    # every library present here either ran and agreed, or does not offer the workload
    for r in report["results"]:
        if r["library"] == "omaha_eval":
            continue
        lib = report["libraries"][r["library"]]
        if lib["status"] != "installed":
            assert r["status"] == "not installed"
            continue
        assert r["status"] in ("ok", "not offered"), r
        if r["status"] == "ok":
            assert r["agreement"].get("mismatches", 0) == 0
            assert r["ratio_vs_ours"] > 0 and 0 < r["items"]
    assert "workload" in text and "ns/item" in text and "machine:" in text and "versions:" in text
    if _installed("pokerkit"):  # the rules engines agree on every finishing stack
        (pk,) = _rows(report, workload="game-hu", library="pokerkit")
        assert pk["status"] == "ok" and pk["agreement"]["checked"] == 6
    if _installed("phevaluator"):
        (ph,) = _rows(report, workload="eval-hi", library="phevaluator")
        # its timed prefix depends on its speed here; the check always covers 50 deals
        assert ph["status"] == "ok" and runner.MIN_TIMED_ITEMS <= ph["items"] <= 1500
        assert report["versions"]["phevaluator"]
    if _installed("poker_equity"):
        (pe,) = _rows(report, workload="exact-hi", library="poker-equity")
        assert pe["status"] == "ok" and pe["agreement"]["exact"] is True
        assert pe["agreement"]["max_abs_difference"] < 1e-9


def test_quick_run_without_optional_libraries(tmp_path, capsys, tiny, monkeypatch) -> None:
    for name in OPTIONAL_MODULES:  # None in sys.modules makes "import name" raise ImportError
        monkeypatch.setitem(sys.modules, name, None)
    code, report, text = _bench(tmp_path, capsys, "--only", "eval-hi,exact-hi")
    assert code == 0
    for name, lib in report["libraries"].items():
        if name == "omaha_eval":
            assert lib["status"] == "installed"
        else:
            assert lib["status"] == "not installed" and "not installed" in lib["reason"]
            assert lib["version"] is None
    others = [r for r in report["results"] if r["library"] != "omaha_eval"]
    assert others and all(r["status"] == "not installed" for r in others)
    assert [r["status"] for r in _rows(report, library="omaha_eval")] == ["ok", "ok"]
    for name in ("phevaluator", "pokerkit", "treys", "xiapl", "poker-equity"):
        assert f"skipped library {name}: not installed" in text


def test_against_selects_libraries_and_rejects_unknown_names(tmp_path, capsys, tiny) -> None:
    code, report, _ = _bench(tmp_path, capsys, "--only", "eval-hi", "--against", "none")
    assert code == 0 and {r["library"] for r in report["results"]} == {"omaha_eval"}
    code, report, _ = _bench(tmp_path, capsys, "--only", "eval-hi", "--against", "phevaluator")
    assert {r["library"] for r in report["results"]} == {"omaha_eval", "phevaluator", "phevaluator-c",
                                                         "phevaluator-c-low"}
    assert main(["bench", "--quick", "--against", "nosuchlib"]) == 2
    assert "unknown library 'nosuchlib'" in capsys.readouterr().err
    assert main(["bench", "--quick", "--only", "nosuchwork"]) == 2
    assert "unknown workload 'nosuchwork'" in capsys.readouterr().err


def test_workers_are_reported(tmp_path, capsys, tiny) -> None:
    code, report, _ = _bench(tmp_path, capsys, "--only", "eval-hi", "--against", "none",
                             "--workers", "2")
    assert code == 0 and report["settings"]["workers"] == 2
    assert _rows(report, library="omaha_eval")[0]["threads"] == 2


def test_missing_part_of_our_package_skips_the_workload(tmp_path, capsys, tiny, monkeypatch) -> None:
    real = OmahaEval.supports

    def no_equity(self: OmahaEval, w: workloads.Workload) -> Any:
        return "omaha_eval.equity is not available yet (simulated)" if w.kind == "equity" else real(self, w)

    monkeypatch.setattr(OmahaEval, "supports", no_equity)
    code, report, text = _bench(tmp_path, capsys, "--only", "eval-hi,exact-hi", "--against", "none")
    assert code == 0
    assert report["skipped_workloads"] == [
        {"workload": "exact-hi", "reason": "omaha_eval.equity is not available yet (simulated)"}]
    assert _rows(report, workload="exact-hi")[0]["status"] == "skipped"
    assert _rows(report, workload="eval-hi")[0]["status"] == "ok"
    assert "skipped workload exact-hi: omaha_eval.equity is not available yet" in text


# ---- a deliberately wrong library is reported, not timed ----

class WrongScores(Adapter):
    """Returns our hi scores with every seventh one off by one: a buggy evaluator."""

    name = family = "wrong"
    module = "numpy"  # installed everywhere
    label = "a deliberately wrong evaluator"
    calls = 0

    def supports(self, w: workloads.Workload) -> Any:
        return None if w.kind == "eval" and w.params["mode"] == "hi" else "not offered"

    def prepare(self, w: workloads.Workload, n: int, workers: int) -> Any:
        return workloads.deal_prefix(w.data, n)

    def run(self, prepared: Any) -> Any:
        from omaha_eval.evaluate import evaluate_hi
        type(self).calls += 1
        scores = evaluate_hi(*prepared).astype(np.int64)
        scores[::7] += 1
        return {"hi": scores}


class WrongOrder(WrongScores):
    """Ordinal keys that rank hands backwards."""

    name = family = "backwards"

    def run(self, prepared: Any) -> Any:
        from omaha_eval.evaluate import evaluate_hi
        return {"hi_key": [-int(s) for s in evaluate_hi(*prepared)]}


def test_wrong_adapter_is_reported_as_disagreeing_and_not_timed(tmp_path, capsys, tiny, monkeypatch) -> None:
    monkeypatch.setattr(adapters, "registry", lambda: [OmahaEval(), WrongScores(), WrongOrder()])
    WrongScores.calls = 0
    code, report, text = _bench(tmp_path, capsys, "--only", "eval-hi,board-hi")
    assert code == 0
    for w in ("eval-hi", "board-hi"):
        for lib in ("wrong", "backwards"):
            (row,) = _rows(report, workload=w, library=lib)
            assert row["status"] == "disagrees"
            assert row["median_s"] is None and row["times_s"] == [] and row["ratio_vs_ours"] is None
            assert row["agreement"]["mismatches"] > 0
            assert row["reason"].startswith("disagrees with omaha_eval")
    # the agreement check only, once per workload (eval-hi, board-hi, board-hi-flush): never timed
    assert WrongScores.calls == 3
    assert "DISAGREES" in text and "disagrees: wrong on eval-hi" in text


# ---- pieces ----

def test_plot_writes_a_png(tmp_path, capsys, tiny) -> None:
    pytest.importorskip("matplotlib")
    png = tmp_path / "bench.png"
    code, _, _ = _bench(tmp_path, capsys, "--only", "eval-hi", "--against", "none", "--plot", str(png))
    assert code == 0 and png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_plot_without_matplotlib_is_a_clear_error(tmp_path, capsys, tiny, monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    code = main(["bench", "--quick", "--repetitions", "1", "--only", "eval-hi", "--against", "none",
                 "--plot", str(tmp_path / "x.png")])
    assert code == 1
    captured = capsys.readouterr()
    assert "ns/item" in captured.out  # the results are still printed
    assert "--plot needs matplotlib" in captured.err


def test_workloads_are_fixed_by_the_seed() -> None:
    a = workloads.random_deals(500, 9, seed=3)
    b = workloads.random_deals(500, 9, seed=3)
    assert a.dtype == np.uint8 and a.shape == (500, 9)
    assert np.array_equal(a, b) and not np.array_equal(a, workloads.random_deals(500, 9, seed=4))
    assert all(len(set(row)) == 9 for row in a.tolist()) and a.max() <= 51
    board = np.array([0, 1, 2, 3, 4], dtype=np.uint8)
    holes = workloads.random_deals(300, 4, seed=1, exclude=board)
    assert not np.isin(holes, board).any()
    names = [w.name for w in workloads.standard(quick=True)]
    assert names == ["eval-hi", "eval-lo", "eval-hilo", "eval-plo5-hi", "eval-plo5-hilo",
                     "eval-plo6-hi", "eval-plo6-hilo", "board-hi", "board-hi-flush",
                     "call-hi-ints", "call-hi-arrays", "call-hi-text", "call-hilo-text",
                     "call-hilo-hands10", "exact-hi", "exact-hilo",
                     "mc3-hi", "spot-flop-hu", "spot-flop-hu-w2", "spot-turn-hu",
                     "spot-turn-hu-w2", "spot-preflop-hu", "spot-preflop-hu-w2", "variant-plo5-flop", "variant-plo5-turn",
                     "variant-plo58-flop", "variant-plo6-flop", "variant-plo6-turn",
                     "variant-courchevel-1", "variant-courchevel8-1", "variant-mc3-plo5",
                     "query-river-equity", "query-suck-resuck", "game-hu", "game-6max"]
    full = {w.name: w for w in workloads.standard()}
    assert full["eval-hi"].size == 1_000_000 and full["mc3-hi"].size == 1_000_000
    assert full["exact-hi"].size == 1_086_008 and not full["exact-hi"].divisible
    assert [w.name for w in workloads.select(workloads.standard(True), "exact,game-hu")] == [
        "exact-hi", "exact-hilo", "game-hu"]


def test_game_scripts_replay_identically_and_conserve_chips() -> None:
    pytest.importorskip("omaha_eval.game")
    scripts = games.make_scripts(3, 8, seed=11)
    assert scripts == games.make_scripts(3, 8, seed=11)
    stacks = games.play_ours(scripts, 3)
    assert len(stacks) == 8
    assert all(sum(s) == 3 * games.STACK and all(x % games.UNIT == 0 for x in s) for s in stacks)
    assert any(s != (games.STACK,) * 3 for s in stacks)


def test_compare_rules() -> None:
    ours = np.array([5, 9, 5, 7000])
    assert runner._compare_ordinal(ours, [(1, 5), (1, 9), (1, 5), (6, 2)])[0] == 0
    assert runner._compare_ordinal(ours, [(1, 5), (1, 9), (1, 6), (6, 2)])[0] > 0  # one score, two keys
    assert runner._compare_ordinal(ours, [(1, 9), (1, 5), (1, 9), (6, 2)])[0] > 0  # out of order
    exact = EquityOutcome([0.6, 0.4], None, 820)
    assert runner._compare_equity(exact, EquityOutcome([0.6, 0.4], None, 820))[0]
    assert not runner._compare_equity(exact, EquityOutcome([0.6 + 1e-6, 0.4 - 1e-6], None, 820))[0]
    sampled = EquityOutcome([0.60, 0.40], [0.005, 0.005], 10_000)
    assert runner._compare_equity(sampled, EquityOutcome([0.61, 0.39], [0.005, 0.005], 10_000))[0]
    assert not runner._compare_equity(sampled, EquityOutcome([0.70, 0.30], [0.005, 0.005], 10_000))[0]
    # a share never seen in a short run reports no error; it still gets a fair tolerance
    rare = EquityOutcome([0.01, 0.99], [0.001, 0.001], 100_000)
    assert runner._compare_equity(rare, EquityOutcome([0.0, 1.0], [0.0, 0.0], 50))[0]


def test_plain_c_low_anchor_agrees_with_our_low() -> None:
    """The hi-lo anchor's plain C low (hole pairs by board triples) gives our low scores."""
    import shutil
    if not shutil.which("cc") and not shutil.which("gcc"):
        pytest.skip("no C compiler for the benchmark's C loop")
    import ctypes
    from omaha_eval.evaluate import evaluate_lo
    deals = workloads.random_deals(3000, 9, 7)
    holes, boards = np.ascontiguousarray(deals[:, :4]), np.ascontiguousarray(deals[:, 4:])
    loop = adapters._compile_shim().omaha_hilo_loop
    loop.restype = None
    loop.argtypes = [ctypes.c_void_p] * 3 + [ctypes.c_long] * 2 + [ctypes.c_void_p] * 2
    masks = np.empty(len(holes), dtype=np.int32)
    loop(None, holes.ctypes.data, boards.ctypes.data, 5, len(holes), None, masks.ctypes.data)
    ours = evaluate_lo(holes, boards)
    assert 0 < np.count_nonzero(ours) < len(ours)  # both lows and no lows among the deals
    np.testing.assert_array_equal(adapters._low_scores(masks), ours)


@pytest.mark.parametrize("panels", [2, 30])
def test_plot_title_sits_above_the_first_panel(tmp_path, monkeypatch, panels) -> None:
    pytest.importorskip("matplotlib")
    from matplotlib.figure import Figure

    from omaha_eval.benchmark.plot import write_plot

    seen = []
    real_savefig = Figure.savefig

    def keep(fig, *args, **kwargs):  # type: ignore[no-untyped-def]
        out = real_savefig(fig, *args, **kwargs)
        renderer = fig.canvas.get_renderer()
        seen.append((fig._suptitle.get_window_extent(renderer),
                     fig.axes[0].get_tightbbox(renderer)))  # the panel with its titles
        return out

    monkeypatch.setattr(Figure, "savefig", keep)
    names = [f"w{i}" for i in range(panels)]
    rows = [{"status": "ok", "workload": w, "library": lib, "ns_per_item": ns,
             "ratio_vs_ours": ns / 20} for w in names
            for lib, ns in (("omaha_eval", 20.0), ("other", 600.0), ("slow", 1e6))]
    report = {"results": rows, "workloads": [{"name": w, "unit": "hand"} for w in names],
              "machine": {"cpu": "Intel(R) Xeon(R) Processor", "cores": 2}}
    write_plot(report, str(tmp_path / "bench.png"))
    title, first = seen[0]
    assert title.y0 >= first.y1, (title, first)  # display coordinates: y grows upwards
