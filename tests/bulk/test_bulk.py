"""Bulk equity: canonical classes, the bulk kernel against a pure-Python reference, the job's
reproducibility (partitions, games, resume) and its errors. Dask runs are in test_bulk_dask.py."""

from __future__ import annotations

import itertools
import math
import os
from pathlib import Path

import numpy as np
import pytest

from omaha_eval.bulk import canonical_hands
from omaha_eval.bulk.job import BLOCK, NSTAT, POT, BulkError, BulkJob, bulk_equity, run_units
from omaha_eval.cards import parse_cards

from reference import hi_score, lo_score

# ---------------------------------------------------------------- canonical classes


# 6 cards: 962,988 classes, ~15 s to enumerate; in CI only with OMAHA_EVAL_SIX_CARD_CLASSES=1
SIX = pytest.mark.skipif(os.environ.get("OMAHA_EVAL_SIX_CARD_CLASSES") != "1",
                         reason="6-card classes take ~15 s: set OMAHA_EVAL_SIX_CARD_CLASSES=1")


@pytest.mark.parametrize("k, classes", [(4, 16432), (5, 134459),
                                        pytest.param(6, 962988, marks=SIX)])
def test_canonical_counts_sum_to_all_holdings(k: int, classes: int) -> None:
    c = canonical_hands(k)
    assert len(c) == classes
    assert int(c.combos.sum()) == math.comb(52, k)
    assert c.hands.shape == (classes, k)
    assert not c.hands.flags.writeable and not c.combos.flags.writeable


def test_every_four_card_holding_maps_to_one_class_with_its_combos() -> None:
    c = canonical_hands(4)
    hands = np.array(list(itertools.combinations(range(52), 4)), dtype=np.uint8)
    idx = c.index(hands)
    assert idx.min() >= 0 and idx.max() < len(c)
    np.testing.assert_array_equal(np.bincount(idx, minlength=len(c)), c.combos)
    # the representative is in its own class
    np.testing.assert_array_equal(c.index(c.hands), np.arange(len(c)))


@pytest.mark.parametrize("k", [4, 5, pytest.param(6, marks=SIX)])
def test_suit_permutations_stay_in_the_class(k: int) -> None:
    c = canonical_hands(k)
    rng = np.random.default_rng(k)
    hands = np.array([rng.choice(52, k, replace=False) for _ in range(300)], dtype=np.uint8)
    base = c.index(hands)
    for perm in itertools.permutations(range(4)):
        p = np.array(perm, dtype=np.uint8)
        moved = (hands & ~np.uint8(3)) | p[hands & 3]
        np.testing.assert_array_equal(c.index(moved), base)
        np.testing.assert_array_equal(c.index(moved[:, ::-1]), base)  # card order neither


def test_canonical_text_reads_like_players_write() -> None:
    c = canonical_hands(4)
    texts = c.texts()
    assert texts[0] == "AsAhAdAc" and texts[-1].startswith("2")
    i = int(c.index(np.array([parse_cards("JdQdKcAc")]))[0])
    assert texts[i] == "AsKsQhJh" and c.combos[i] == 12
    i = int(c.index(np.array([parse_cards("2c3d4h5s")]))[0])
    assert texts[i] == "5s4h3d2c" and c.combos[i] == 24
    assert len(set(texts)) == len(texts)


def test_canonical_errors() -> None:
    with pytest.raises(ValueError, match="4, 5 or 6"):
        canonical_hands(3)
    with pytest.raises(ValueError, match="4, 5 or 6"):
        canonical_hands(True)
    c = canonical_hands(4)
    with pytest.raises(ValueError, match="repeats"):
        c.index(np.array([[0, 0, 1, 2]]))
    with pytest.raises(ValueError, match="shape"):
        c.index(np.array([[0, 1, 2]]))
    with pytest.raises(ValueError, match="0..51"):
        c.index(np.array([[0, 1, 2, 52]]))


# ---------------------------------------------------------------- the kernel, by definition

M64 = (1 << 64) - 1


def _splitmix(state: list[int]) -> int:
    state[0] = (state[0] + 0x9E3779B97F4A7C15) & M64
    z = state[0]
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return z ^ (z >> 31)


class _Xoshiro:
    def __init__(self, key: list[int], block: int) -> None:
        x = [block ^ 0x6A09E667F3BCC909]
        self.s = []
        for k in key:
            x[0] ^= k
            self.s.append(_splitmix(x))

    def next(self) -> int:
        s = self.s
        rotl = lambda v, k: ((v << k) | (v >> (64 - k))) & M64  # noqa: E731
        result = (rotl((s[1] * 5) & M64, 7) * 9) & M64
        t = (s[1] << 17) & M64
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = rotl(s[3], 45)
        return result


def _deal(rng: _Xoshiro, deck: list[int], need: int) -> None:
    """Partial Fisher-Yates; the draws of a group whose bounds multiply below 2^64 come from one
    64-bit output (exact: reject when the low word is below 2^64 mod product)."""
    j = 0
    while j < need:
        bounds = []
        prod = 1
        while j + len(bounds) < need and prod * (len(deck) - j - len(bounds)) <= M64:
            prod *= len(deck) - j - len(bounds)
            bounds.append(len(deck) - j - len(bounds))
        threshold = (-prod % (1 << 64)) % prod
        while True:
            u = rng.next()
            picks = []
            for n in bounds:
                x = u * n
                picks.append(x >> 64)
                u = x & M64
            if u >= threshold:
                break
        for p in picks:
            r = j + p
            deck[j], deck[r] = deck[r], deck[j]
            j += 1


def _best(hole: list[int], board: list[int]) -> tuple[int, int]:
    combos = [hp + bt for hp in itertools.combinations(hole, 2)
              for bt in itertools.combinations(board, 3)]
    return max(hi_score(f) for f in combos), max(lo_score(f) for f in combos)


def _reference_sums(hero: list[int], opponents: int, key: list[int], trials: int) -> np.ndarray:
    """The kernel's sums for block 0, from the definition (two games: hi then hi-lo)."""
    k = len(hero)
    deck = [c for c in range(52) if c not in hero]
    rng = _Xoshiro(key, 0)
    out = np.zeros(2 * NSTAT, dtype=np.int64)
    hero_hi_lo = None
    for _ in range(trials):
        _deal(rng, deck, 5 + k * opponents)
        board = deck[:5]
        hero_hi_lo = _best(hero, board)
        opp = [_best(deck[5 + p * k:5 + (p + 1) * k], board) for p in range(opponents)]
        for g, hilo in ((0, False), (1, True)):
            hh, hl = hero_hi_lo
            oh = max(o[0] for o in opp)
            ol = max(o[1] for o in opp) if hilo else 0
            hl = hl if hilo else 0
            n_hi = 1 + sum(o[0] == hh for o in opp)
            n_lo = 1 + sum(o[1] == hl for o in opp)
            best_lo = max(hl, ol)
            half = POT // 2 if best_lo else POT
            share, flags = 0, [0, 0, 0, 0]
            if hh > oh:
                share += half
                flags[0] = 1
            elif hh == oh:
                share += half // n_hi
                flags[1] = 1
            if best_lo and hl == best_lo:
                if hl > ol:
                    share += POT // 2
                    flags[2] = 1
                else:
                    share += POT // 2 // n_lo
                    flags[3] = 1
            out[g * NSTAT:(g + 1) * NSTAT] += [share, share * share, *flags, share == POT]
    return out


@pytest.mark.parametrize("hero, opponents, trials", [
    ("AsAh2s3h", 1, 150), ("7c6c5d4d", 3, 60), ("AsKs2d3d4c", 2, 60), ("Ad2d3c4c5h6h", 2, 50),
])
def test_kernel_equals_the_definition(hero: str, opponents: int, trials: int) -> None:
    cards = parse_cards(hero)
    key = [0x1234, 0xDEADBEEF, 7, 2**63 + 5]
    got = run_units(np.array([cards], dtype=np.uint8), np.array([key], dtype=np.uint64),
                    np.array([0]), np.array([1]), trials, opponents, 3)[0]
    np.testing.assert_array_equal(got, _reference_sums(list(cards), opponents, key, trials))


def test_kernel_refuses_bad_rows() -> None:
    key = np.zeros((1, 4), dtype=np.uint64)
    one = (np.array([0]), np.array([1]))
    with pytest.raises(ValueError, match="refused"):
        run_units(np.array([[0, 0, 1, 2]], dtype=np.uint8), key, *one, 10, 1, 1)
    with pytest.raises(ValueError, match="refused"):
        run_units(np.array([[0, 1, 2, 60]], dtype=np.uint8), key, *one, 10, 1, 1)
    with pytest.raises(ValueError, match="refused"):  # 7 six-card opponents do not fit a deck
        run_units(np.array([[0, 1, 2, 3, 4, 5]], dtype=np.uint8), key, *one, 10, 7, 1)


# ---------------------------------------------------------------- the job

HANDS = ["AsKsQhJh", "AsAh2s3h", "7c6c5d4d", "KsKhQdJc", "2c3d4h5s", "9s8h7d6c", "AcAd2h3s"]


def test_results_do_not_depend_on_partitions() -> None:
    runs = [bulk_equity(HANDS, game=("hi", "hilo"), opponents=2, trials=2 * BLOCK + 100,
                        seed=42, partitions=p).sums for p in (1, 2, 7)]
    np.testing.assert_array_equal(runs[0], runs[1])
    np.testing.assert_array_equal(runs[0], runs[2])


def test_each_game_alone_gives_the_numbers_of_both() -> None:
    both = bulk_equity(HANDS[:3], game=("hi", "hilo"), trials=5000, seed=3)
    for g in ("hi", "hilo"):
        alone = bulk_equity(HANDS[:3], game=g, trials=5000, seed=3)
        for name, col in alone.columns().items():
            np.testing.assert_array_equal(np.asarray(col), np.asarray(both.columns(g)[name]))


def test_seed_is_per_hand_index() -> None:
    a = bulk_equity(HANDS[:3], trials=3000, seed=9).sums
    b = bulk_equity(HANDS[:3], trials=3000, seed=10).sums
    c = bulk_equity(HANDS[:2], trials=3000, seed=9).sums
    assert not np.array_equal(a, b)
    np.testing.assert_array_equal(a[:2], c)
    # a hand's numbers come from its index: the same hand at another index gets other draws
    d = bulk_equity([HANDS[1], HANDS[0]], trials=3000, seed=9).sums
    assert not np.array_equal(d[1], a[0])


def test_agrees_with_the_equity_engine_within_four_standard_errors() -> None:
    from omaha_eval import equity

    r = bulk_equity(["AsAh2s3h", "KsKhQdJc"], game=("hi", "hilo"), opponents=2, trials=60_000,
                    seed=5)
    for g in ("hi", "hilo"):
        cols = r.columns(g)
        for i, h in enumerate(["AsAh2s3h", "KsKhQdJc"]):
            e = equity([h, "random", "random"], game=g, trials=60_000, seed=11)
            diff = abs(cols["equity"][i] - e.equity[0])
            assert diff < 4 * math.hypot(cols["std_error"][i], e.std_error[0]), (g, h)


def test_statistics_are_consistent() -> None:
    cols = bulk_equity(HANDS, game="hilo", opponents=1, trials=20_000, seed=1).columns()
    assert np.all(cols["std_error"] > 0) and np.all(cols["std_error"] <= 0.5 / math.sqrt(20_000) * 1.001)
    assert np.all(cols["scoop"] <= cols["hi"] + 1e-12)
    assert np.all(cols["hi"] + cols["hi_tie"] <= 1)
    assert cols["lo"][HANDS.index("KsKhQdJc")] == 0  # no low cards: never a low
    assert cols["lo"][HANDS.index("AsAh2s3h")] > 0.3


def test_five_and_six_card_tables_run() -> None:
    job = BulkJob.table(hole_cards=5, limit=3, trials=2000, seed=1, opponents=2)
    r = bulk_equity(None, hole_cards=5, limit=3, trials=2000, seed=1, opponents=2)
    assert r.columns()["hand"] == list(job.names)
    assert np.all((r.columns()["equity"] > 0.15) & (r.columns()["equity"] < 0.6))  # 3 players
    # 6 cards through a hand list (the 6-card class table is behind OMAHA_EVAL_SIX_CARD_CLASSES)
    r = bulk_equity(["AsKsQhJhTd9d", "2c3d4h5s7c8d"], trials=2000, seed=1, opponents=2)
    assert np.all((r.columns()["equity"] > 0.15) & (r.columns()["equity"] < 0.6))


@SIX
def test_six_card_table_runs() -> None:
    job = BulkJob.table(hole_cards=6, limit=3, trials=2000, seed=1, opponents=2)
    r = bulk_equity(None, hole_cards=6, limit=3, trials=2000, seed=1, opponents=2)
    assert r.columns()["hand"] == list(job.names)
    assert np.all((r.columns()["equity"] > 0.15) & (r.columns()["equity"] < 0.6))


@pytest.mark.parametrize("kwargs, message", [
    (dict(opponents=0), "opponents"), (dict(opponents=9), "opponents"),
    (dict(trials=0), "trials"), (dict(trials=2.5), "trials"), (dict(seed=-1), "seed"),
    (dict(game="razz"), "game"), (dict(partitions=0), "partitions"),
])
def test_job_errors(kwargs: dict, message: str) -> None:
    with pytest.raises(BulkError, match=message):
        bulk_equity(HANDS[:1], **kwargs)


def test_job_hand_errors() -> None:
    with pytest.raises(BulkError, match="repeats"):
        bulk_equity([np.array([1, 1, 2, 3])])
    with pytest.raises(BulkError, match="same number"):
        bulk_equity(["AsKsQhJh", "AsKsQhJh2c"])
    with pytest.raises(BulkError, match="opponents"):
        BulkJob.table(hole_cards=6, opponents=7)


# ---------------------------------------------------------------- files and resume

pa = pytest.importorskip("pyarrow", reason="Parquet needs pyarrow (the cluster extra)")


class _Killed(Exception):
    pass


def test_resume_after_a_kill_writes_the_same_file(tmp_path: Path) -> None:
    from omaha_eval.bulk.table import read_parquet, run_table

    kwargs = dict(game="hilo", opponents=1, trials=BLOCK + 500, seed=77, limit=25,
                  trials_per_task=BLOCK)
    whole = run_table(tmp_path / "whole.parquet", **kwargs)["hilo"]
    seen = []

    def kill_after_some(done: int, total: int) -> None:
        seen.append(done)
        if len(seen) == 8:
            raise _Killed

    out = tmp_path / "cut.parquet"
    with pytest.raises(_Killed):
        run_table(out, progress=kill_after_some, **kwargs)
    parts = tmp_path / "cut.parquet.parts"
    assert len(list(parts.glob("part-*.npz"))) == 7 and not out.exists()
    with pytest.raises(BulkError, match="--resume"):
        run_table(out, **kwargs)
    with pytest.raises(BulkError, match="another job"):
        run_table(out, resume=True, **dict(kwargs, seed=78))
    done = []
    run_table(out, resume=True, progress=lambda d, t: done.append(d), **kwargs)
    assert done[0] == 7 * BLOCK  # started from what was there
    assert out.read_bytes() == whole.read_bytes()
    assert not parts.exists()
    cols, meta = read_parquet(out)
    assert meta["seed"] == 77 and meta["game"] == "hilo" and len(cols["hand"]) == 25
    assert list(cols) == ["hand", "combos", "equity", "std_error", "trials", "scoop", "hi",
                          "hi_tie", "lo", "lo_tie"]


def test_both_games_write_the_single_game_files(tmp_path: Path) -> None:
    from omaha_eval.bulk.table import run_table

    kw = dict(opponents=2, trials=3000, seed=5, limit=12)
    files = run_table(tmp_path / "t-{game}.parquet", game="both", **kw)
    for g in ("hi", "hilo"):
        alone = run_table(tmp_path / f"{g}.parquet", game=g, **kw)[g]
        assert files[g].read_bytes() == alone.read_bytes()
    with pytest.raises(BulkError, match="{game}"):
        run_table(tmp_path / "x.parquet", game="both", **kw)


# ---------------------------------------------------------------- shared deals


def test_shared_kernel_equals_the_definition() -> None:
    from omaha_eval.bulk.shared import shared_sums

    heroes = [parse_cards(h) for h in ("AsAh2s3h", "KsKhQdJc", "2c3d4h5s", "9s8h7d6c")]
    key = [5, 6, 7, 8]
    deals = 120
    got = shared_sums(np.array(heroes, dtype=np.uint8), np.array(key, dtype=np.uint64), 0, 1,
                      deals, 3)
    want = np.zeros_like(got)
    rng = _Xoshiro(key, 0)
    deck = list(range(52))
    for _ in range(deals):
        _deal(rng, deck, 9)
        board, opp = deck[:5], deck[5:9]
        oh, ol = _best(opp, board)
        for i, hero in enumerate(heroes):
            if set(hero.tolist()) & set(deck[:9]):
                continue
            hh, hl = _best(hero.tolist(), board)
            for g, hilo in ((0, False), (1, True)):
                hl_g, ol_g = (hl, ol) if hilo else (0, 0)
                best_lo = max(hl_g, ol_g)
                half = POT // 2 if best_lo else POT
                share = half if hh > oh else half // 2 if hh == oh else 0
                lo_w = bool(best_lo) and hl_g > ol_g
                lo_t = bool(best_lo) and hl_g == ol_g
                share += POT // 2 if lo_w else POT // 4 if lo_t else 0
                row = want[i, g * (NSTAT + 1):(g + 1) * (NSTAT + 1)]
                row += [share, share * share, hh > oh, hh == oh, lo_w, lo_t, share == POT, 1]
    np.testing.assert_array_equal(got, want)


def test_shared_table_splits_and_resumes_to_the_same_file(tmp_path: Path) -> None:
    from omaha_eval.bulk.shared import SHARED_BLOCK, run_shared_table

    kw = dict(game="both", deals=5 * SHARED_BLOCK + 17, seed=12, limit=20)
    a = run_shared_table(tmp_path / "a-{game}.parquet", blocks_per_task=1, **kw)
    b = run_shared_table(tmp_path / "b-{game}.parquet", blocks_per_task=4, **kw)
    calls = []

    def kill(done: int, total: int) -> None:
        calls.append(done)
        if len(calls) == 3:
            raise _Killed

    with pytest.raises(_Killed):
        run_shared_table(tmp_path / "c-{game}.parquet", blocks_per_task=1, progress=kill, **kw)
    c = run_shared_table(tmp_path / "c-{game}.parquet", blocks_per_task=1, resume=True, **kw)
    for g in ("hi", "hilo"):
        assert a[g].read_bytes() == b[g].read_bytes() == c[g].read_bytes()
    from omaha_eval.bulk.table import read_parquet

    cols, meta = read_parquet(a["hi"])
    assert meta["method"] == "shared" and meta["deals"] == kw["deals"]
    # each class sees the deals that miss it: about C(43,4)... 45.6% of them
    frac = cols["trials"] / kw["deals"]
    assert np.all(np.abs(frac - 0.4559) < 0.05)


def test_shared_and_per_hand_agree() -> None:
    from omaha_eval.bulk.shared import _job, _key, shared_result, shared_sums

    job = _job("both", 120_000, 4, 40)
    pick = np.arange(0, 40, 8)
    raw = shared_sums(job.hands[pick], _key(4), 0, 120_000 // 4096 + 1, 120_000, 3)
    sub = BulkJob.table(game=("hi", "hilo"), trials=120_000, seed=4, limit=40)
    shared = shared_result(sub, np.zeros((40, raw.shape[1]), dtype=np.int64))
    per_hand = bulk_equity(None, game=("hi", "hilo"), trials=60_000, seed=9, limit=40)
    for gi, g in enumerate(("hi", "hilo")):
        s = raw[:, gi * (NSTAT + 1):(gi + 1) * (NSTAT + 1)].astype(float)
        eq = s[:, 0] / s[:, NSTAT] / POT
        se = np.sqrt((s[:, 1] / s[:, NSTAT] / POT**2 - eq**2) / s[:, NSTAT])
        ref = per_hand.columns(g)
        z = (eq - ref["equity"][pick]) / np.hypot(se, ref["std_error"][pick])
        assert np.all(np.abs(z) < 4), (g, z)
    assert shared.extra["method"] == "shared"


def test_unfinished_shared_run_cut_at_a_block_equals_a_shorter_run(tmp_path: Path) -> None:
    from omaha_eval.bulk.shared import (SHARED_BLOCK, run_shared_table, shared_complete_blocks,
                                        shared_table_at_blocks)
    from omaha_eval.bulk.table import write_parquet

    kw = dict(game="both", seed=21, limit=15, blocks_per_task=1)
    calls = []

    def kill(done: int, total: int) -> None:
        calls.append(done)
        if len(calls) == 4:
            raise _Killed

    with pytest.raises(_Killed):
        run_shared_table(tmp_path / "long-{game}.parquet", deals=6 * SHARED_BLOCK, progress=kill,
                         **kw)
    parts = tmp_path / "long-both.parquet.parts"
    assert shared_complete_blocks(parts) == 3
    cut = shared_table_at_blocks(parts, 3)
    short = run_shared_table(tmp_path / "short-{game}.parquet", deals=3 * SHARED_BLOCK, **kw)
    for g in ("hi", "hilo"):
        write_parquet(cut, g, tmp_path / f"cut-{g}.parquet")
        assert (tmp_path / f"cut-{g}.parquet").read_bytes() == short[g].read_bytes()


# ---------------------------------------------------------------- running on workers


def test_the_kernel_releases_the_gil() -> None:
    """A Dask worker runs tasks in a thread beside its event loop (heartbeats, messages): the
    kernel must let that loop run. While a ~1 M-trial call runs in a thread, this thread keeps
    waking up; with the GIL held it could not wake once until the call returned."""
    import threading
    import time

    job = BulkJob.for_hands(["AsKsQhJh"], game="hilo", trials=16 * BLOCK, seed=1)
    from omaha_eval.bulk.job import Task, task_args

    args = task_args(job, Task(np.array([0]), np.array([0]), np.array([16])))
    started = threading.Event()

    def work() -> None:
        started.set()
        run_units(*args)

    t = threading.Thread(target=work)
    t.start()
    started.wait()
    wakeups = 0
    while t.is_alive():
        time.sleep(0.0005)
        wakeups += 1
    t.join()
    assert wakeups >= 10


def test_group_size_packs_small_tasks_and_keeps_every_thread_fed() -> None:
    from omaha_eval.bulk.execute import CALL_TRIALS, group_size

    assert group_size(64, 250_000, 1) == CALL_TRIALS // 250_000 == 16  # ~4 M trials a call
    assert group_size(64, 250_000, 4) == 8    # two calls per thread at least
    assert group_size(10, 250_000, 8) == 1    # fewer tasks than threads: one task a call
    assert group_size(100, CALL_TRIALS, 1) == 1  # large tasks go alone
    assert group_size(1, 1, 1) == 1
