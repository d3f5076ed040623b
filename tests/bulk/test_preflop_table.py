"""The shipped preflop tables: shape, provenance, ranking, and a random sample of classes
recomputed by a fresh per-hand run (another method than the shared deals that built them),
within 4 standard errors. OMAHA_EVAL_TABLE_SAMPLE sets the sample size (default 3 per game)."""

from __future__ import annotations

import math
import os

import numpy as np
import pytest

import omaha_eval as oe
from omaha_eval.bulk import canonical_hands
from omaha_eval.bulk.job import BulkJob, bulk_equity

GAMES = ("hi", "hilo")


@pytest.mark.parametrize("game", GAMES)
def test_table_shape_and_provenance(game: str) -> None:
    t = oe.preflop_table(game=game)
    assert len(t) == 16432 and int(t.combos.sum()) == 270725
    assert t.hands == canonical_hands(4).texts()
    for key in ("seed", "trials", "game", "command"):
        assert key in t.info
    assert t.info["game"] == game
    assert np.all((t.equity > 0.05) & (t.equity < 0.95))
    assert np.all(t.std_error > 0) and np.all(t.std_error <= 0.5 / math.sqrt(t.info["min_trials"]) + 1e-6)
    assert np.all(t.scoop <= t.hi + 1e-4)
    if game == "hi":
        assert np.all(t.lo == 0) and np.all(t.scoop == t.hi)
    assert not t.equity.flags.writeable


def test_tables_are_zero_sum() -> None:
    # against a random hand, the combination-weighted mean equity is exactly one half
    for game in GAMES:
        t = oe.preflop_table(game=game)
        mean = float(np.sum(t.combos * t.equity) / t.combos.sum())
        assert abs(mean - 0.5) < 0.001, (game, mean)


def test_percentiles_follow_the_ranking() -> None:
    t = oe.preflop_table("hi")
    best, worst = int(t.rank()[0]), int(t.rank()[-1])
    assert t.percentile(best) == pytest.approx(100 * t.combos[best] / 270725)
    assert t.percentile(worst) == 100.0
    assert oe.hand_percentile("AsKsQhJh") < 10 < oe.hand_percentile("2c3d7h8s")
    # a hand and any suit relabelling of it rank the same
    assert oe.hand_percentile("AsKsQhJh") == oe.hand_percentile("AdKdQcJc")
    pct = np.array([t.percentile(i) for i in t.rank()[:: 400]])
    assert np.all(np.diff(pct) > 0)
    with pytest.raises(ValueError, match="four-card"):
        oe.hand_percentile("AsKsQhJh2c")
    with pytest.raises(ValueError, match="'hi' or 'hilo'"):
        oe.preflop_table("razz")


def test_to_pandas() -> None:
    pd = pytest.importorskip("pandas")
    df = oe.preflop_table("hilo").to_pandas()
    assert isinstance(df, pd.DataFrame) and len(df) == 16432
    assert list(df.columns)[:5] == ["hand", "combos", "equity", "std_error", "trials"]


@pytest.mark.parametrize("game", GAMES)
def test_random_classes_recomputed_agree(game: str) -> None:
    t = oe.preflop_table(game=game)
    n = int(os.environ.get("OMAHA_EVAL_TABLE_SAMPLE", "3"))
    rng = np.random.default_rng()  # a fresh sample each run; printed on failure
    pick = rng.choice(len(t), n, replace=False)
    job = BulkJob.table(game=game, trials=1, limit=len(t))
    fresh = bulk_equity(job.hands[pick], game=game, trials=200_000, seed=int(rng.integers(1 << 31)))
    cols = fresh.columns()
    for j, i in enumerate(pick.tolist()):
        diff = abs(cols["equity"][j] - t.equity[i])
        assert diff < 4 * math.hypot(cols["std_error"][j], t.std_error[i]), (game, t.hands[i], diff)
